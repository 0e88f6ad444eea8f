/** 发货 of a physical points order: the carrier (the ones order shipping offers, or another typed) and the waybill. */
import { App, AutoComplete, Descriptions, Form, Input, Modal } from 'antd';
import { useEffect } from 'react';
import { CARRIERS } from '@core/schemas/admin-orders';
import { pointsShipBody, type AdminPointsOrder } from '@core/schemas/points';
import { applyServerErrors, zodRule } from '@/lib/form';
import { useShipPointsOrder } from '../api/points-orders';

const CARRIER_OPTIONS = CARRIERS.map((c) => ({ value: c }));

export function ShipModal({ order, onClose }: { order: AdminPointsOrder | null; onClose: () => void }) {
  const [form] = Form.useForm<{ carrier: string; tracking_no: string }>();
  const ship = useShipPointsOrder();
  const { message } = App.useApp();
  useEffect(() => {
    if (order) form.resetFields();
  }, [form, order]);

  const submit = async (v: { carrier: string; tracking_no: string }) => {
    if (!order) return;
    try {
      await ship.mutateAsync({ id: order.id, body: v });
      void message.success(`已发货：${order.order_no}，买家将收到发货通知`);
      onClose();
    } catch (e) {
      const left = applyServerErrors(form, e);
      if (left.length) void message.error(left[0]);
    }
  };

  return (
    <Modal
      open={order !== null}
      title="积分订单发货"
      okText="确认发货"
      cancelText="取消"
      onOk={() => form.submit()}
      onCancel={onClose}
      confirmLoading={ship.isPending}
      destroyOnHidden
      width={560}
      okButtonProps={{ 'data-testid': 'points-ship-save' }}
    >
      {order ? (
        <Descriptions
          size="small"
          column={1}
          bordered
          className="yct-admin-points__ship"
          items={[
            { key: 'no', label: '订单号', children: order.order_no },
            { key: 'goods', label: '兑换商品', children: `${order.goods_name} × ${order.number}` },
            { key: 'buyer', label: '客户', children: order.company },
            { key: 'to', label: '收货信息', children: `${order.consignee} ${order.phone}，${order.address}` },
          ]}
        />
      ) : null}
      <Form form={form} labelCol={{ flex: '80px' }} onFinish={(v) => void submit(v)} data-testid="points-ship-form">
        <Form.Item name="carrier" label="物流公司" rules={[zodRule(pointsShipBody.shape.carrier)]}>
          <AutoComplete options={CARRIER_OPTIONS} placeholder="选择或输入物流公司" style={{ width: 240 }} data-testid="points-ship-carrier" />
        </Form.Item>
        <Form.Item name="tracking_no" label="运单号" rules={[zodRule(pointsShipBody.shape.tracking_no)]}>
          <Input maxLength={40} placeholder="6-40 位字母、数字或横线" style={{ width: 300 }} data-testid="points-ship-tracking" />
        </Form.Item>
      </Form>
    </Modal>
  );
}
