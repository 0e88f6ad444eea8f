/** Quantity in middle-package steps and the add-to-cart button (the cart itself comes with the cart screens). */
import { Button } from 'antd';
import { useState } from 'react';
import { QuantityStepper } from '@/ui/QuantityStepper';
import { useAddToCart } from '../api/cart';
import type { Goods } from '../api/types';

export function AddToCart({ goods, compact = false }: { goods: Goods; compact?: boolean }) {
  const [number, setNumber] = useState(goods.zbz);
  const add = useAddToCart();
  const soldOut = !goods.is_buy || goods.number < goods.zbz;
  return (
    <div className={`yct-addcart${compact ? ' yct-addcart--compact' : ''}`}>
      <QuantityStepper value={number} zbz={goods.zbz} stock={Math.max(goods.number, goods.zbz)} onChange={setNumber} disabled={soldOut} size={compact ? 'small' : 'normal'} />
      <Button
        type="primary"
        size={compact ? 'small' : 'large'}
        disabled={soldOut}
        loading={add.isPending}
        onClick={() => add.mutate({ goods, number })}
        data-testid="add-to-cart"
      >
        {soldOut ? '暂时缺货' : '加入购物车'}
      </Button>
    </div>
  );
}
