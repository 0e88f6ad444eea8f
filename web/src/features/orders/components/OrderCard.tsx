/** One order of 我的订单: a header row (time, number, 含麻, time left to pay) and the goods, amount, status and actions. */
import { Link } from 'react-router';
import type { OrderSummary } from '@core/schemas/trade';
import { Countdown } from '@/ui/Countdown';
import { formatTime, isZero, money, PAY_METHOD_NAMES, statusTone } from '../lib/orders';
import { OrderActions } from './OrderActions';

/** Thumbnails shown on a card; the rest are summed up as 等N种商品. */
const SHOWN = 4;

export function OrderCard({ order, onExpire }: { order: OrderSummary; onExpire: () => void }) {
  const shown = order.items.slice(0, SHOWN);
  return (
    <article className="yct-ord-card" data-testid="order-card" data-id={order.id} data-status={order.status}>
      <header className="yct-ord-card__head">
        <span className="yct-ord-card__time">{formatTime(order.created_at)}</span>
        <span>
          订单号：
          <Link to={`/order/info/${order.id}`} className="yct-ord-card__no" data-testid="order-no">
            {order.order_no}
          </Link>
        </span>
        {order.is_ephedrine ? (
          <span className="yct-ord-tag yct-ord-tag--hm" data-testid="order-ephedrine" title="含麻黄碱类复方制剂，须对公转账，收货后上传签收单">
            含麻
          </span>
        ) : null}
        {order.expires_at ? (
          <span className="yct-ord-card__left" data-testid="order-left">
            剩余 <Countdown end={order.expires_at} onEnd={onExpire} /> {order.pay_status === 2 ? '等待确认转账' : '自动取消'}
          </span>
        ) : null}
      </header>
      <div className="yct-ord-card__body">
        <div className="yct-ord-card__goods">
          <ul>
            {shown.map((item) => (
              <li key={item.id} title={item.name}>
                <Link to={`/list/info/${item.goods_id}`} className="yct-ord-card__thumb">
                  <img src={item.image} alt={item.name} width={64} height={64} loading="lazy" />
                </Link>
                <p className="yct-ord-card__name" data-testid="order-item-name">
                  {item.name}
                </p>
                <span className="yct-ord-card__qty">
                  ×{item.number}
                  {item.bzdw}
                </span>
              </li>
            ))}
          </ul>
          <p className="yct-ord-card__sum">
            {order.item_count > SHOWN ? <b>等{order.item_count}种商品，</b> : <>共{order.item_count}种，</>}
            合计 {order.number_total} 件{order.gift_number ? `，另赠 ${order.gift_number} 件` : ''}
          </p>
        </div>
        <div className="yct-ord-card__amount">
          <strong data-testid="order-pay-amount">{money(order.pay_amount)}</strong>
          <small>
            {isZero(order.discount_amount) ? null : (
              <>
                优惠 -{money(order.discount_amount)}
                <br />
              </>
            )}
            {isZero(order.shipping_amount) ? '免运费' : `含运费 ${money(order.shipping_amount)}`}
          </small>
          {order.pay_method ? <em>{PAY_METHOD_NAMES[order.pay_method] ?? order.pay_method}</em> : null}
        </div>
        <div className="yct-ord-card__status">
          <b className={`yct-ord-status is-${statusTone(order)}`} data-testid="order-status">
            {order.status_text}
          </b>
          {order.status === 2 ? (
            <Link to={`/order/info/${order.id}`} className="yct-ord-card__track">
              查看物流
            </Link>
          ) : null}
        </div>
        <div className="yct-ord-card__actions">
          <OrderActions order={order} />
        </div>
      </div>
    </article>
  );
}
