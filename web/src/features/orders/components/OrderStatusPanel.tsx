/** The head of an order's detail: its number, status and what the buyer is told, the actions, the step bar and the summary. */
import type { OrderDetail } from '@core/schemas/trade';
import { Countdown } from '@/ui/Countdown';
import { formatTime, money, orderSteps, PAY_METHOD_NAMES, pointsFor, statusTone } from '../lib/orders';
import { OrderActions } from './OrderActions';
import { Progress } from './OrderProgress';

/** What the buyer is told under the status, by status. */
function StatusHint({ order, onExpire }: { order: OrderDetail; onExpire: () => void }) {
  switch (order.status) {
    case 0:
      return order.pay_status === 2 ? (
        <p>已选择对公转账，请在 {order.expires_at ? <Countdown end={order.expires_at} onEnd={onExpire} /> : null} 内完成转账，平台财务确认到账后安排发货。</p>
      ) : (
        <p data-testid="order-pay-left">
          请在 {order.expires_at ? <Countdown end={order.expires_at} onEnd={onExpire} /> : null} 内完成支付，超时订单将自动取消。
          {order.is_ephedrine ? '含麻黄碱类商品须对公转账支付。' : null}
        </p>
      );
    case 1:
      return <p>付款成功，仓库正在备货，请耐心等待发货。</p>;
    case 2:
      return (
        <p>
          商品已由 {order.carrier} 发出，运单号 {order.tracking_no}。收到货后请核对并确认收货，发货 15 天后系统将自动确认收货。
        </p>
      );
    case 3:
      return <p>订单已完成，已获得 {pointsFor(order.pay_amount)} 积分。如商品有问题，可申请退货或售后。</p>;
    default:
      return (
        <p data-testid="order-cancel-reason">
          取消原因：{order.cancel_reason || '—'}
          {order.cancelled_at ? <span className="yct-muted">（{formatTime(order.cancelled_at)}）</span> : null}
        </p>
      );
  }
}

export function OrderStatusPanel({ order, onExpire }: { order: OrderDetail; onExpire: () => void }) {
  return (
    <div className={`yct-ord-state is-${statusTone(order)}`} data-testid="order-state">
      <div className="yct-ord-state__main">
        <p className="yct-ord-state__no">
          订单号：<b data-testid="order-no">{order.order_no}</b>
          {order.is_ephedrine ? <span className="yct-ord-tag yct-ord-tag--hm">含麻</span> : null}
        </p>
        <h2 className="yct-ord-state__text" data-testid="order-status">
          {order.status_text}
        </h2>
        <div className="yct-ord-state__hint">
          <StatusHint order={order} onExpire={onExpire} />
        </div>
        <OrderActions order={order} layout="detail" />
      </div>
      <div className="yct-ord-state__steps">
        <Progress steps={orderSteps(order)} testId="order-steps" />
        <dl className="yct-ord-state__summary">
          <div>
            <dt>实付金额</dt>
            <dd className="yct-ord-red">{money(order.pay_amount)}</dd>
          </div>
          <div>
            <dt>商品</dt>
            <dd>
              {order.item_count} 种 {order.number_total} 件{order.gift_number ? `，另赠 ${order.gift_number} 件` : ''}
            </dd>
          </div>
          <div>
            <dt>支付方式</dt>
            <dd>{order.pay_method ? (PAY_METHOD_NAMES[order.pay_method] ?? order.pay_method) : order.is_ephedrine ? '对公转账' : '—'}</dd>
          </div>
          <div>
            <dt>下单时间</dt>
            <dd>{formatTime(order.created_at, false)}</dd>
          </div>
        </dl>
      </div>
    </div>
  );
}
