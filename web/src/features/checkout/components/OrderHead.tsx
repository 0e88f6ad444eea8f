/** The top of the pay pages: the order placed, its number, the amount to pay and the time left to pay it. */
import type { ReactNode } from 'react';
import type { OrderDetail } from '@core/schemas/trade';
import { Countdown } from '@/ui/Countdown';
import { money } from '../lib/checkout';

type Props = {
  order: OrderDetail;
  onExpire?: () => void;
  title?: ReactNode;
  note?: ReactNode;
  /** `wait`: the buyer has done their part and the order waits for the operator (a bank transfer). */
  tone?: 'ok' | 'wait';
};

export function OrderHead({ order, onExpire, title, note, tone = 'ok' }: Props) {
  const goods = order.items.filter((i) => i.type !== 8);
  const gifts = order.items.filter((i) => i.type === 8);
  return (
    <section className="yct-co-orderhead" data-testid="order-head">
      <div className="yct-co-orderhead__main">
        <span className={`yct-co-orderhead__icon is-${tone}`} aria-hidden="true">
          <svg viewBox="0 0 24 24" width="26" height="26">
            {tone === 'wait' ? (
              <>
                <circle cx="12" cy="12" r="8" fill="none" stroke="#fff" strokeWidth="2.2" />
                <path d="M12 7.5V12l3 2" fill="none" stroke="#fff" strokeWidth="2.2" strokeLinecap="round" strokeLinejoin="round" />
              </>
            ) : (
              <path d="M5 12.5l4.5 4.5L19 7.5" fill="none" stroke="#fff" strokeWidth="2.6" strokeLinecap="round" strokeLinejoin="round" />
            )}
          </svg>
        </span>
        <div className="yct-co-orderhead__text">
          <h2>{title ?? '订单提交成功，请尽快付款！'}</h2>
          <p>
            订单号：
            <b className="yct-co-orderhead__no" data-testid="order-no">
              {order.order_no}
            </b>
            {order.expires_at ? (
              <span className="yct-co-orderhead__left">
                请在 <Countdown end={order.expires_at} onEnd={onExpire} /> 内{tone === 'wait' ? '完成转账' : '完成支付'}，超时订单将自动取消
              </span>
            ) : null}
          </p>
          {note ? <p className="yct-co-orderhead__note">{note}</p> : null}
        </div>
        <div className="yct-co-orderhead__amount">
          应付金额
          <strong data-testid="order-amount">{money(order.pay_amount)}</strong>
        </div>
      </div>
      <div className="yct-co-orderhead__detail">
        <div>
          <span className="yct-co-orderhead__label">商品清单</span>
          <ul className="yct-co-orderhead__goods">
            {goods.slice(0, 6).map((i) => (
              <li key={i.id} title={`${i.name} ${i.ypgg}`}>
                <img src={i.image} alt="" width={36} height={36} loading="lazy" />
                <span>
                  {i.name}
                  <i>
                    ×{i.number}
                    {i.bzdw}
                  </i>
                </span>
              </li>
            ))}
            {goods.length > 6 ? <li className="yct-co-orderhead__more">等 {goods.length} 种商品</li> : null}
          </ul>
          {gifts.length ? (
            <p className="yct-co-orderhead__gifts">
              赠品：
              {gifts.map((g) => `${g.name.replace(/（赠品）$/, '')} ×${g.number}${g.bzdw}`).join('、')}
            </p>
          ) : null}
        </div>
        <div>
          <span className="yct-co-orderhead__label">收货信息</span>
          <p>
            {order.address.name} {order.address.phone}
            <br />
            {order.address.full}
          </p>
        </div>
      </div>
    </section>
  );
}
