/**
 * 取消 of a physical points order waiting to ship: the reason the buyer will read, and what goes back to the
 * buyer (the points, and the cash to the balance) and to the goods' stock.
 */
import { Alert, App, Button, Form, Input, Modal } from 'antd';
import { useEffect } from 'react';
import { pointsCancelBody, type AdminPointsOrder } from '@core/schemas/points';
import { applyServerErrors, zodRule } from '@/lib/form';
import { useCancelPointsOrder } from '../api/points-orders';
import { priceText } from '../lib/labels';

const REASONS = ['商品缺货，无法发货', '收货地址无法送达', '买家要求取消'];

export function CancelModal({ order, onClose }: { order: AdminPointsOrder | null; onClose: () => void }) {
  const [form] = Form.useForm<{ reason: string }>();
  const cancel = useCancelPointsOrder();
  const { message } = App.useApp();
  useEffect(() => {
    if (order) form.resetFields();
  }, [form, order]);

  const submit = async (v: { reason: string }) => {
    if (!order) return;
    try {
      await cancel.mutateAsync({ id: order.id, body: v });
      void message.success(`已取消：${order.order_no}，积分已退回买家`);
      onClose();
    } catch (e) {
      const left = applyServerErrors(form, e);
      if (left.length) void message.error(left[0]);
    }
  };

  return (
    <Modal
      open={order !== null}
      title="取消积分订单"
      okText="确认取消"
      okButtonProps={{ danger: true, 'data-testid': 'points-cancel-save' }}
      cancelText="返回"
      onOk={() => form.submit()}
      onCancel={onClose}
      confirmLoading={cancel.isPending}
      destroyOnHidden
      width={520}
    >
      {order ? (
        <Alert
          type="warning"
          showIcon
          style={{ marginBottom: 16 }}
          title={`${order.goods_name} × ${order.number}（${order.company}）`}
          description={`取消后将退回 ${priceText(order.points, order.cash)}，商品库存同时恢复，买家会在“我的消息”中看到取消原因。`}
        />
      ) : null}
      <Form form={form} layout="vertical" onFinish={(v) => void submit(v)} data-testid="points-cancel-form">
        <Form.Item name="reason" label="取消原因" rules={[zodRule(pointsCancelBody.shape.reason)]}>
          <Input.TextArea maxLength={100} showCount rows={3} placeholder="买家会看到此原因" data-testid="points-cancel-reason" />
        </Form.Item>
        <div className="yct-admin-points__reasons">
          {REASONS.map((r) => (
            <Button
              key={r}
              type="link"
              size="small"
              onClick={() => {
                form.setFieldsValue({ reason: r });
                form.validateFields(['reason']).catch(() => undefined);
              }}
            >
              {r}
            </Button>
          ))}
        </div>
      </Form>
    </Modal>
  );
}
