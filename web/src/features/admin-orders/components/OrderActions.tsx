/**
 * What an operator may do with an order now, each shown only if their role allows it and the order's state
 * does (the detail's `actions`): 确认到账 (finance:confirm), 发货 (order:ship), 取消订单 (order:cancel),
 * 退款 (order:refund); and 出库复核, 随货同行单 and 打印发货单 for anyone who reads orders of a paid one.
 */
import { FileTextOutlined, PrinterOutlined, ScanOutlined } from '@ant-design/icons';
import { Alert, Button, Form, Input, Space } from 'antd';
import { useState } from 'react';
import { confirmTransferBody, reasonBody, type AdminOrderDetail } from '@core/schemas/admin-orders';
import { zodRule } from '@/lib/form';
import { useCan } from '@/lib/admin/me';
import { useCancelOrder, useConfirmTransfer, useRefundOrder, useShip } from '../api/orders';
import { money, refundDestination } from '../lib/labels';
import { ActionFormModal } from '@/ui/admin/ActionFormModal';
import { ShipFields, shipValues } from '@/ui/admin/ShipFields';

type Open = 'confirm' | 'ship' | 'cancel' | 'refund' | null;

const transferAmount = confirmTransferBody.shape.amount.unwrap();

function ConfirmTransferModal({ order, open, onClose }: { order: AdminOrderDetail; open: boolean; onClose: () => void }) {
  const confirm = useConfirmTransfer(order.id);
  return (
    <ActionFormModal<{ bank_ref: string; amount: string }>
      open={open}
      title="确认对公转账到账"
      okText="确认到账"
      onClose={onClose}
      initialValues={{ amount: order.pay_amount }}
      note={
        <>
          <div>
            付款单位：<b>{order.buyer.company}</b>
          </div>
          <div>
            订单应付：<b className="yct-admin-orders__money">{money(order.pay_amount)}</b>
          </div>
        </>
      }
      submit={(v) => confirm.mutateAsync(v)}
      confirm={(v) => ({
        title: '确认已收到该笔转账？',
        content: `${order.buyer.company} 转账 ${money(v.amount)}，银行流水号 ${v.bank_ref}。确认后订单转为待发货，客户将收到到账通知。`,
      })}
      done={() => `已确认到账：${order.order_no}，订单转为待发货`}
      testId="confirm-transfer"
    >
      <Form.Item name="bank_ref" label="银行流水号" rules={[zodRule(confirmTransferBody.shape.bank_ref)]}>
        <Input maxLength={64} placeholder="网银回单上的流水号/交易参考号" data-testid="transfer-bank-ref" />
      </Form.Item>
      <Form.Item name="amount" label="到账金额（元）" rules={[zodRule(transferAmount)]} extra="须与订单应付金额一致">
        <Input prefix="¥" style={{ width: 200 }} data-testid="transfer-amount" />
      </Form.Item>
    </ActionFormModal>
  );
}

function ShipModal({ order, open, onClose }: { order: AdminOrderDetail; open: boolean; onClose: () => void }) {
  const ship = useShip(order.id);
  return (
    <ActionFormModal<{ carrier: string; tracking_no: string }>
      open={open}
      title="订单发货"
      okText="确认发货"
      onClose={onClose}
      note={
        <>
          收货人：{order.address.name} {order.address.phone}
          <br />
          {order.address.province}
          {order.address.city}
          {order.address.district} {order.address.address}
        </>
      }
      submit={(v) => ship.mutateAsync(shipValues(v))}
      done={(v) => `已发货：${v.carrier} ${v.tracking_no}`}
      testId="ship"
    >
      <ShipFields testId="ship" />
    </ActionFormModal>
  );
}

function CancelModal({ order, open, onClose }: { order: AdminOrderDetail; open: boolean; onClose: () => void }) {
  const cancel = useCancelOrder(order.id);
  return (
    <ActionFormModal<{ reason: string }>
      open={open}
      title="取消订单"
      okText="取消订单"
      cancelText="返回"
      danger
      onClose={onClose}
      note="取消后库存、优惠券和红包将退回，客户将收到取消通知及原因。"
      submit={(v) => cancel.mutateAsync(v)}
      done={() => `订单 ${order.order_no} 已取消`}
      testId="cancel"
    >
      <Form.Item name="reason" label="取消原因" rules={[zodRule(reasonBody.shape.reason)]}>
        <Input.TextArea rows={3} maxLength={90} showCount placeholder="客户将看到此原因" data-testid="cancel-reason" />
      </Form.Item>
    </ActionFormModal>
  );
}

function RefundModal({ order, open, onClose }: { order: AdminOrderDetail; open: boolean; onClose: () => void }) {
  const refund = useRefundOrder(order.id);
  const where = refundDestination(order);
  return (
    <ActionFormModal<{ reason: string }>
      open={open}
      title="订单退款"
      okText="确认退款"
      danger
      onClose={onClose}
      note={<Alert type="warning" showIcon title={`将退款 ${money(order.pay_amount)}，${where}；订单随之取消，库存、优惠券和红包退回。`} />}
      submit={(v) => refund.mutateAsync(v)}
      confirm={(v) => ({
        title: `确认退款 ${money(order.pay_amount)}？`,
        content: `订单 ${order.order_no}（${order.buyer.company}）全额退款 ${money(order.pay_amount)}，${where}。原因：${v.reason}。此操作不可撤销。`,
      })}
      done={() => `已退款 ${money(order.pay_amount)}，${where}`}
      testId="refund"
    >
      <Form.Item name="reason" label="退款原因" rules={[zodRule(reasonBody.shape.reason)]}>
        <Input.TextArea rows={3} maxLength={90} showCount placeholder="将记入客户的资金流水并通知客户" data-testid="refund-reason" />
      </Form.Item>
    </ActionFormModal>
  );
}

export function OrderActions({ order }: { order: AdminOrderDetail }) {
  const [open, setOpen] = useState<Open>(null);
  const may = {
    confirm: useCan('finance:confirm') && order.actions.confirm_transfer === 1,
    ship: useCan('order:ship') && order.actions.ship === 1,
    cancel: useCan('order:cancel') && order.actions.cancel === 1,
    refund: useCan('order:refund') && order.actions.refund === 1,
  };
  const close = () => setOpen(null);
  return (
    <Space size={8} wrap data-testid="order-actions">
      {may.confirm ? (
        <Button type="primary" onClick={() => setOpen('confirm')} data-testid="action-confirm-transfer">
          确认到账
        </Button>
      ) : null}
      {may.ship ? (
        <Button type="primary" onClick={() => setOpen('ship')} data-testid="action-ship">
          发货
        </Button>
      ) : null}
      {may.refund ? (
        <Button danger onClick={() => setOpen('refund')} data-testid="action-refund">
          退款
        </Button>
      ) : null}
      {may.cancel ? (
        <Button danger onClick={() => setOpen('cancel')} data-testid="action-cancel">
          取消订单
        </Button>
      ) : null}
      {order.status >= 1 && order.status <= 3 ? (
        <>
          <Button icon={<ScanOutlined />} href={`/admin/check/${order.id}`} data-testid="action-check">
            出库复核
          </Button>
          <Button icon={<FileTextOutlined />} href={`/admin/check/${order.id}/note`} target="_blank" data-testid="action-gsp-note">
            随货同行单
          </Button>
        </>
      ) : null}
      <Button icon={<PrinterOutlined />} href={`/admin/orders/${order.id}/print`} target="_blank" data-testid="action-print">
        打印发货单
      </Button>
      {may.confirm ? <ConfirmTransferModal order={order} open={open === 'confirm'} onClose={close} /> : null}
      {may.ship ? <ShipModal order={order} open={open === 'ship'} onClose={close} /> : null}
      {may.cancel ? <CancelModal order={order} open={open === 'cancel'} onClose={close} /> : null}
      {may.refund ? <RefundModal order={order} open={open === 'refund'} onClose={close} /> : null}
    </Space>
  );
}
