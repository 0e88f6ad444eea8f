/** The sticky bar at the foot of step 2: every amount of the order, where it goes, and 提交订单. */
import { Button } from 'antd';
import type { Address, OrderTotals } from '@core/schemas/trade';
import { isZero, minus, money } from '../lib/checkout';

type Props = {
  total: OrderTotals;
  address: Address | null;
  orders: number;
  submitting: boolean;
  disabled: boolean;
  onSubmit: () => void;
};

export function AmountBar({ total, address, orders, submitting, disabled, onSubmit }: Props) {
  const items: [string, string, string][] = [
    ['goods', '商品金额', money(total.goods_amount)],
    ['welfare', '94折优惠', minus(total.welfare_amount)],
    ['manjian', '满减', minus(total.manjian_amount)],
    ['coupon', '优惠券', minus(total.coupon_amount)],
    ['red-packet', '红包抵扣', minus(total.red_packet_amount)],
    ['shipping', '运费', isZero(total.shipping_amount) ? money('0') : `+${money(total.shipping_amount)}`],
  ];
  return (
    <div className="yct-co-bar" data-testid="amount-bar">
      <div className="yct-co-bar__inner">
        <div className="yct-co-bar__left">
          <dl className="yct-co-bar__amounts">
            {items.map(([key, label, text]) => (
              <div key={key}>
                <dt>{label}</dt>
                <dd data-testid={`amount-${key}`}>{text}</dd>
              </div>
            ))}
          </dl>
          <p className="yct-co-bar__address" data-testid="bar-address">
            {address ? (
              <>
                <span>寄送至：{address.full}</span>
                <span>
                  收货人：{address.name} {address.phone}
                </span>
              </>
            ) : (
              <span className="yct-text-red">请选择收货地址</span>
            )}
            {orders > 1 ? <em>本次将生成 {orders} 笔订单</em> : null}
          </p>
        </div>
        <div className="yct-co-bar__total">
          应付总额：
          <strong data-testid="amount-total">{money(total.pay_amount)}</strong>
          {isZero(total.cashback_amount) ? null : (
            <span className="yct-co-bar__cashback" data-testid="amount-cashback" title="订单完成后存入账户红包">
              预计返 {money(total.cashback_amount)} 红包
            </span>
          )}
        </div>
        <Button type="primary" className="yct-co-bar__submit" loading={submitting} disabled={disabled} onClick={onSubmit} data-testid="submit-order">
          提交订单
        </Button>
      </div>
    </div>
  );
}
