/**
 * 取消 of a physical points order waiting to ship: the reason the buyer will read, and what goes back to the
 * buyer (the points, and the cash to the balance) and to the goods' stock.
 */
import { Alert, Form, Input } from 'antd';
import { pointsCancelBody, type AdminPointsOrder } from '@core/schemas/points';
import { zodRule } from '@/lib/form';
import { ActionFormModal, ReasonPicks } from '@/ui/admin/ActionFormModal';
import { useCancelPointsOrder } from '../api/points-orders';
import { priceText } from '../lib/labels';

const REASONS = ['商品缺货，无法发货', '收货地址无法送达', '买家要求取消'];

export function CancelModal({ order, onClose }: { order: AdminPointsOrder | null; onClose: () => void }) {
  const cancel = useCancelPointsOrder();
  return (
    <ActionFormModal<{ reason: string }>
      open={order !== null}
      title="取消积分订单"
      okText="确认取消"
      cancelText="返回"
      danger
      onClose={onClose}
      submit={async (v) => order && cancel.mutateAsync({ id: order.id, body: v })}
      done={() => `已取消：${order?.order_no ?? ''}，积分已退回买家`}
      testId="points-cancel"
    >
      {order ? (
        <Alert
          type="warning"
          showIcon
          className="yct-admin-action__facts"
          title={`${order.goods_name} × ${order.number}（${order.company}）`}
          description={`取消后将退回 ${priceText(order.points, order.cash)}，商品库存同时恢复，买家会在“我的消息”中看到取消原因。`}
        />
      ) : null}
      <Form.Item name="reason" label="取消原因" rules={[zodRule(pointsCancelBody.shape.reason)]}>
        <Input.TextArea maxLength={100} showCount rows={3} placeholder="买家会看到此原因" data-testid="points-cancel-reason" />
      </Form.Item>
      <ReasonPicks reasons={REASONS} />
    </ActionFormModal>
  );
}
