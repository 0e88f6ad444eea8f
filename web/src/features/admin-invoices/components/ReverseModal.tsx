/** 红冲 of an issued blue invoice: the reason (the buyer reads it) and what the red invoice will say. */
import { Descriptions, Form, Input } from 'antd';
import { adminReverseBody, type AdminInvoice } from '@core/schemas/invoices';
import { zodRule } from '@/lib/form';
import { ActionFormModal, ReasonPicks } from '@/ui/admin/ActionFormModal';
import { useReverseInvoice } from '../api/invoices';

const REASONS = ['抬头有误，需重开', '客户退货退款', '金额有误'];

export function ReverseModal({ invoice, onClose }: { invoice: AdminInvoice | null; onClose: () => void }) {
  const reverse = useReverseInvoice();
  return (
    <ActionFormModal<{ reason: string }, AdminInvoice | null>
      open={invoice !== null}
      title="发票红冲"
      okText="确认红冲"
      danger
      onClose={onClose}
      submit={async (v) => invoice && reverse.mutateAsync({ id: invoice.id, body: v })}
      done={(_, red) => `已红冲：红字发票 ${red?.invoice_no ?? ''}`}
      width={560}
      testId="invoice-reverse"
    >
      {invoice ? (
        <Descriptions
          size="small"
          column={1}
          bordered
          className="yct-admin-action__facts"
          items={[
            { key: 'no', label: '蓝字发票号码', children: invoice.invoice_no },
            { key: 'order', label: '订单号', children: invoice.order_no },
            { key: 'title', label: '发票抬头', children: `${invoice.title?.company ?? ''}（${invoice.title?.tax_no ?? ''}）` },
            { key: 'amount', label: '红字金额', children: <b className="yct-admin-red">-¥{invoice.amount}</b> },
          ]}
        />
      ) : null}
      <Form.Item name="reason" label="红冲原因（客户可见）" rules={[zodRule(adminReverseBody.shape.reason)]}>
        <Input.TextArea rows={2} maxLength={100} showCount placeholder="如：抬头有误，需重开" data-testid="invoice-reverse-reason" />
      </Form.Item>
      <ReasonPicks reasons={REASONS} />
    </ActionFormModal>
  );
}
