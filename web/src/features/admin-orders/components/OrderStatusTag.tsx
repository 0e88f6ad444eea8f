import { Tag } from 'antd';
import type { AdminOrderRow } from '@core/schemas/admin-orders';
import { orderTone } from '../lib/labels';

/** 待付款, 待确认转账, 待发货, 已发货, 已完成 or 已取消, in the colour operators scan for. */
export function OrderStatusTag({ order }: { order: Pick<AdminOrderRow, 'status' | 'pay_status' | 'status_text'> }) {
  return (
    <Tag color={orderTone(order)} data-testid="order-status-tag">
      {order.status_text}
    </Tag>
  );
}
