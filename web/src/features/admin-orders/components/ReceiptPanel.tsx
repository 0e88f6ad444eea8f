/**
 * 含麻回执: the signed, stamped receipt an ephedrine order's buyer uploads after delivery, beside its check
 * (receipt:check): 审核通过, or 退回 with the reason the buyer reads before uploading again.
 */
import { Alert, App, Button, Descriptions, Empty, Form, Image, Input, Space, Tag } from 'antd';
import { useState } from 'react';
import { receiptCheckBody, type AdminOrderDetail } from '@core/schemas/admin-orders';
import { zodRule } from '@/lib/form';
import { useCan } from '@/lib/admin/me';
import { ConfirmButton } from '@/ui/admin/ConfirmButton';
import { useCheckReceipt } from '../api/orders';
import { ActionFormModal } from '@/ui/admin/ActionFormModal';

const RECEIPT_STATE = {
  0: { text: '待审核', color: 'orange' },
  1: { text: '已通过', color: 'green' },
  2: { text: '已退回，待重新上传', color: 'red' },
} as Record<number, { text: string; color: string }>;

export function ReceiptPanel({ order }: { order: AdminOrderDetail }) {
  const mayCheck = useCan('receipt:check') && order.actions.check_receipt === 1;
  const check = useCheckReceipt(order.id);
  const [asking, setAsking] = useState(false);
  const { message } = App.useApp();
  const state = order.receipt_image || order.receipt_status !== 0 ? RECEIPT_STATE[order.receipt_status] : { text: '客户未上传', color: 'default' };
  return (
    <div className="yct-admin-orders__receipt" data-testid="receipt-panel">
      <div className="yct-admin-orders__receipt-image">
        {order.receipt_image ? (
          <Image src={order.receipt_image} alt="签收单" data-testid="receipt-image" />
        ) : (
          <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="暂无签收单" />
        )}
      </div>
      <div className="yct-admin-orders__receipt-side">
        <Descriptions size="small" column={1} bordered>
          <Descriptions.Item label="回执状态">
            <Tag color={state.color} data-testid="receipt-state">
              {state.text}
            </Tag>
          </Descriptions.Item>
          <Descriptions.Item label="审核说明">{order.receipt_remark || '—'}</Descriptions.Item>
        </Descriptions>
        <Alert type="info" showIcon className="yct-admin-orders__receipt-tip" title="请核对：签收单须加盖客户公章，品名、数量与发货一致，并有收货人签字。" />
        {mayCheck ? (
          <Space>
            <ConfirmButton
              type="primary"
              title="签收单审核通过？"
              onConfirm={async () => {
                await check.mutateAsync({ accept: 1 });
                void message.success('签收单已审核通过');
              }}
              data-testid="receipt-accept"
            >
              审核通过
            </ConfirmButton>
            <Button danger onClick={() => setAsking(true)} data-testid="receipt-reject">
              退回重传
            </Button>
          </Space>
        ) : null}
      </div>
      {mayCheck ? (
        <ActionFormModal<{ remark: string }>
          open={asking}
          title="退回签收单"
          okText="退回"
          danger
          onClose={() => setAsking(false)}
          note="客户将收到通知，并按原因重新上传签收单。"
          submit={(v) => check.mutateAsync({ accept: 0, remark: v.remark })}
          done={() => '已退回，等待客户重新上传'}
          testId="receipt-reject"
        >
          <Form.Item
            name="remark"
            label="退回原因"
            rules={[{ required: true, whitespace: true, message: '退回时请说明原因' }, zodRule(receiptCheckBody.shape.remark)]}
          >
            <Input.TextArea rows={3} maxLength={200} showCount placeholder="如：未加盖公章、数量与发货不符" data-testid="receipt-remark" />
          </Form.Item>
        </ActionFormModal>
      ) : null}
    </div>
  );
}
