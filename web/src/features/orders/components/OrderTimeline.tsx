/** 订单跟踪: what happened to the order, newest first like a logistics trace, with the carrier and tracking number. */
import type { OrderDetail } from '@core/schemas/trade';
import { formatTime, newestFirst } from '../lib/orders';

export function OrderTimeline({ order }: { order: Pick<OrderDetail, 'timeline' | 'carrier' | 'tracking_no' | 'shipped_at'> }) {
  const events = newestFirst(order.timeline);
  return (
    <div className="yct-ord-trace" data-testid="order-timeline">
      {order.shipped_at && order.tracking_no ? (
        <div className="yct-ord-trace__carrier" data-testid="order-carrier">
          <span>
            承运商：<b>{order.carrier}</b>
          </span>
          <span>
            运单号：<b data-testid="order-tracking-no">{order.tracking_no}</b>
          </span>
          <span className="yct-muted">发货时间：{formatTime(order.shipped_at)}</span>
        </div>
      ) : null}
      <ol className="yct-ord-trace__list">
        {events.map((e, i) => (
          <li key={`${e.time}-${i}`} className={i === 0 ? 'is-latest' : undefined} data-testid="timeline-item">
            <span className="yct-ord-trace__dot" aria-hidden="true" />
            <time>{formatTime(e.time)}</time>
            <p>{e.text}</p>
          </li>
        ))}
      </ol>
    </div>
  );
}
