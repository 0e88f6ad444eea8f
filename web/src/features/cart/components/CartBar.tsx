/** The bar under the cart, kept in view: select all, delete selected, copy to stores, the totals and 去结算. */
import { Checkbox } from 'antd';
import { useIsMutating } from '@tanstack/react-query';
import type { CartList } from '@core/schemas/cart';
import { CART_KEY } from '@/lib/cart/cart-cache';
import { useSelectCartLines } from '../api/select-cart-lines';
import { allChosen, chosenIds, isZero, money, selectable, someChosen } from '../lib/cart-view';
import { useDeleteLines } from './use-delete-lines';

type Props = {
  cart: CartList;
  /** Chain headquarters copy lines to their stores. */
  chain: boolean;
  onCopy: (ids: number[]) => void;
  onCheckout: (ids: number[]) => void;
  checkingOut: boolean;
};

export function CartBar({ cart, chain, onCopy, onCheckout, checkingOut }: Props) {
  const select = useSelectCartLines();
  const remove = useDeleteLines();
  const busy = useIsMutating({ mutationKey: CART_KEY }) > 0;
  const { list, total } = cart;
  // Gifts are not in the count of goods bought: they are named apart, as orders do (decision 017).
  const gifts = cart.activity_data.gifts.reduce((n, g) => n + g.total, 0);
  const open = selectable(list);
  const ids = chosenIds(list);
  const all = allChosen(list);
  const parts = [
    { label: '94折', amount: total.welfare_amount },
    { label: '满减', amount: total.manjian_amount },
    { label: '优惠券', amount: total.coupon_amount },
    { label: '红包', amount: total.red_packet_amount },
  ].filter((p) => !isZero(p.amount));
  return (
    <div className="yct-cbar" data-testid="cart-bar">
      <div className="yct-cbar__left">
        <Checkbox
          checked={all}
          indeterminate={!all && someChosen(list)}
          disabled={!open.length}
          onChange={(e) => select.mutate({ ids: open.map((l) => l.id!), selected: e.target.checked })}
          data-testid="bar-check"
        >
          全选
        </Checkbox>
        <button
          type="button"
          className="yct-linkbtn"
          disabled={!ids.length}
          onClick={() => remove.ask(ids, `确定删除选中的${ids.length}种商品吗?`)}
          data-testid="delete-selected"
        >
          删除选中
        </button>
        {chain ? (
          <button type="button" className="yct-linkbtn" disabled={!ids.length} onClick={() => onCopy(ids)} data-testid="copy-to-stores">
            复制到门店
          </button>
        ) : null}
      </div>
      <div className={`yct-cbar__sum${busy ? ' is-busy' : ''}`} aria-busy={busy}>
        <span className="yct-cbar__count" data-testid="bar-count">
          已选 <b>{total.selected_count}</b> 种 共 <b>{total.selected_number}</b> 件
          {gifts ? (
            <>
              ，另赠 <b>{gifts}</b> 件
            </>
          ) : null}
        </span>
        <div className="yct-cbar__money">
          <div className="yct-cbar__total">
            合计：
            <strong data-testid="bar-pay">{money(total.pay_amount)}</strong>
          </div>
          <div className="yct-cbar__detail" data-testid="bar-detail">
            <span>商品金额 {money(total.goods_amount)}</span>
            {parts.map((p) => (
              <span key={p.label} data-testid="bar-discount">
                {p.label} -{money(p.amount)}
              </span>
            ))}
            <span>运费 {money(total.shipping_amount)}</span>
            {Number(total.cashback_amount) > 0 ? (
              <span className="yct-cbar__cashback" data-testid="bar-cashback">
                预计返红包 {money(total.cashback_amount)}
              </span>
            ) : null}
          </div>
        </div>
        <button
          type="button"
          className="yct-cbar__go"
          disabled={!ids.length || checkingOut || total.selected_count === 0}
          onClick={() => onCheckout(ids)}
          data-testid="checkout"
        >
          {checkingOut ? '提交中…' : '去结算'}
        </button>
      </div>
    </div>
  );
}
