/**
 * Quantity in middle-package steps and the add-to-cart button. A plain button rather than antd's: a list
 * page renders dozens of these, and each antd Button brings its styles and click wave.
 */
import { useState } from 'react';
import type { Goods } from '@core/schemas/goods';
import { useAddToCart } from '@/lib/cart/add-to-cart';
import { useScopeBlock } from '@/lib/session/scope-block';
import { QuantityStepper } from './QuantityStepper';
import { unavailable } from './sale-state';

type Props = {
  goods: Goods & { scope_id?: number | null };
  compact?: boolean;
  /** A promotion's line: its cart type, the price shown, its per-account limit. */
  promo?: { type?: number; price: string | null; limit: number };
  /** Why the goods cannot be added now (a flash sale not started yet); shown on the button. */
  blocked?: string;
  /** Told each quantity the buyer picks (the goods detail shows the tier it reaches). */
  onNumberChange?: (number: number) => void;
};

export function AddToCart({ goods, compact = false, promo, blocked, onNumberChange }: Props) {
  const [number, setNumberState] = useState(goods.zbz);
  const setNumber = (n: number) => {
    setNumberState(n);
    onNumberChange?.(n);
  };
  const add = useAddToCart();
  const outOfScope = useScopeBlock(goods);
  const soldOut = unavailable(goods);
  const max = promo?.limit ? Math.min(goods.number, promo.limit) : goods.number;
  if (outOfScope) {
    return (
      <div
        className={`yct-addcart yct-addcart--blocked${compact ? ' yct-addcart--compact' : ''}`}
        data-testid="out-of-scope"
        title="如需采购，请联系专属客服变更经营范围"
      >
        {outOfScope}
      </div>
    );
  }
  return (
    <div className={`yct-addcart${compact ? ' yct-addcart--compact' : ''}`}>
      <QuantityStepper
        value={number}
        zbz={goods.zbz}
        stock={Math.max(max, goods.zbz)}
        unit={goods.bzdw}
        cap={promo?.limit && promo.limit < goods.number ? 'limit' : 'stock'}
        onChange={setNumber}
        disabled={Boolean(soldOut || blocked)}
        size={compact ? 'small' : 'normal'}
      />
      <button
        type="button"
        className={`yct-cartbtn yct-cartbtn--${compact ? 'small' : 'large'}${add.isPending ? ' is-loading' : ''}`}
        disabled={Boolean(soldOut || blocked) || add.isPending}
        aria-busy={add.isPending}
        onClick={() => add.mutate({ goods, number, type: promo?.type, price: promo?.price })}
        data-testid="add-to-cart"
      >
        {add.isPending ? <span className="yct-spinner yct-spinner--small" aria-hidden="true" /> : null}
        {soldOut ?? blocked ?? '加入购物车'}
      </button>
    </div>
  );
}
