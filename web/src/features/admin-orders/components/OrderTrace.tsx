/** 订单跟踪: placed, paid (or the transfer confirmed), shipped, received; or where it was cancelled and refunded. */
import { Steps } from 'antd';
import type { AdminOrderDetail } from '@core/schemas/admin-orders';
import { formatTime } from '@/lib/admin/format';

type Step = { title: string; content?: string; status: 'wait' | 'process' | 'finish' | 'error' };

function traceOf(o: AdminOrderDetail): Step[] {
  const placed: Step = { title: '提交订单', content: formatTime(o.created_at), status: 'finish' };
  const paid: Step = o.paid_at
    ? { title: o.pay_method === 'transfer' ? '确认到账' : '完成支付', content: formatTime(o.paid_at), status: 'finish' }
    : { title: o.pay_status === 2 ? '待确认转账' : '待付款', status: o.status === 0 ? 'process' : 'wait' };
  if (o.status === 4) {
    const end: Step[] = [{ title: o.refunded_at ? '已退款并取消' : '已取消', content: formatTime(o.cancelled_at ?? o.refunded_at), status: 'error' }];
    return o.paid_at ? [placed, paid, ...end] : [placed, ...end];
  }
  const shipped: Step = o.shipped_at
    ? { title: '已发货', content: formatTime(o.shipped_at), status: 'finish' }
    : { title: '待发货', status: o.status === 1 ? 'process' : 'wait' };
  const done: Step = o.received_at
    ? { title: '已完成', content: formatTime(o.received_at), status: 'finish' }
    : { title: '确认收货', status: o.status === 2 ? 'process' : 'wait' };
  return [placed, paid, shipped, done];
}

export function OrderTrace({ order }: { order: AdminOrderDetail }) {
  const steps = traceOf(order);
  return (
    <Steps
      size="small"
      className="yct-admin-order__trace"
      items={steps.map((s) => ({ title: s.title, content: s.content, status: s.status }))}
      data-testid="order-trace"
    />
  );
}
