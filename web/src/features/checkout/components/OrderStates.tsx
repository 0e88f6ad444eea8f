/** What the pay pages show for an order that needs no payment any more: paid, or cancelled. */
import { Link } from 'react-router';
import type { OrderDetail } from '@core/schemas/trade';
import { money, PAY_METHOD_NAMES } from '../lib/checkout';

export function OrderPaid({ order }: { order: OrderDetail }) {
  const method = PAY_METHOD_NAMES[order.pay_method as keyof typeof PAY_METHOD_NAMES] ?? '';
  return (
    <div className="yct-co-result" data-testid="order-paid">
      <span className="yct-co-result__icon is-ok" aria-hidden="true">
        ✓
      </span>
      <h2>该订单已支付</h2>
      <p>
        订单号 <b>{order.order_no}</b>，{method ? `${method} ` : ''}
        <span className="yct-co-money">{money(order.pay_amount)}</span>，当前状态：{order.status_text}
      </p>
      <div className="yct-co-result__actions">
        <Link to={`/order/info/${order.id}`} className="yct-btn yct-btn--primary" data-testid="view-order">
          查看订单
        </Link>
        <Link to="/list" className="yct-btn">
          继续采购
        </Link>
      </div>
    </div>
  );
}

export function OrderCancelled({ order }: { order: OrderDetail }) {
  return (
    <div className="yct-co-result" data-testid="order-cancelled">
      <span className="yct-co-result__icon is-off" aria-hidden="true">
        !
      </span>
      <h2>订单已取消</h2>
      <p>
        订单号 <b>{order.order_no}</b>
        {order.cancel_reason ? `，${order.cancel_reason}` : ''}。库存、优惠券和红包已退回，如需采购请重新下单。
      </p>
      <div className="yct-co-result__actions">
        <Link to={`/order/info/${order.id}`} className="yct-btn">
          查看订单
        </Link>
        <Link to="/cart" className="yct-btn yct-btn--primary">
          返回购物车
        </Link>
      </div>
    </div>
  );
}
