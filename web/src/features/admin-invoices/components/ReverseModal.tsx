/** 红冲 of an issued blue invoice: the reason (the buyer reads it) and what the red invoice will say. */
import { App, Descriptions, Form, Input, Modal } from 'antd';
import { useEffect } from 'react';
import { adminReverseBody, type AdminInvoice } from '@core/schemas/invoices';
import { applyServerErrors, zodRule } from '@/lib/form';
import { useReverseInvoice } from '../api/invoices';

const REASONS = ['抬头有误，需重开', '客户退货退款', '金额有误'];

export function ReverseModal({ invoice, onClose }: { invoice: AdminInvoice | null; onClose: () => void }) {
  const [form] = Form.useForm<{ reason: string }>();
  const reverse = useReverseInvoice();
  const { message } = App.useApp();
  useEffect(() => {
    if (invoice) form.resetFields();
  }, [form, invoice]);

  const submit = async (v: { reason: string }) => {
    if (!invoice) return;
    try {
      const red = await reverse.mutateAsync({ id: invoice.id, body: v });
      void message.success(`已红冲：红字发票 ${red.invoice_no}`);
      onClose();
    } catch (e) {
      const left = applyServerErrors(form, e);
      if (left.length) void message.error(left[0]);
    }
  };

  return (
    <Modal
      open={invoice !== null}
      title="发票红冲"
      okText="确认红冲"
      okButtonProps={{ danger: true, 'data-testid': 'invoice-reverse-save' }}
      cancelText="取消"
      onOk={() => form.submit()}
      onCancel={onClose}
      confirmLoading={reverse.isPending}
      destroyOnHidden
      width={560}
    >
      {invoice ? (
        <Descriptions
          size="small"
          column={1}
          bordered
          className="yct-admin-fp__desc"
          items={[
            { key: 'no', label: '蓝字发票号码', children: invoice.invoice_no },
            { key: 'order', label: '订单号', children: invoice.order_no },
            { key: 'title', label: '发票抬头', children: `${invoice.title?.company ?? ''}（${invoice.title?.tax_no ?? ''}）` },
            { key: 'amount', label: '红字金额', children: <b className="yct-admin-red">-¥{invoice.amount}</b> },
          ]}
        />
      ) : null}
      <Form form={form} layout="vertical" onFinish={(v) => void submit(v)} data-testid="invoice-reverse-form">
        <Form.Item name="reason" label="红冲原因（客户可见）" rules={[zodRule(adminReverseBody.shape.reason)]}>
          <Input.TextArea rows={2} maxLength={100} showCount placeholder="如：抬头有误，需重开" data-testid="invoice-reverse-reason" />
        </Form.Item>
        <div className="yct-admin-fp__reasons">
          {REASONS.map((r) => (
            <button key={r} type="button" className="yct-admin-fp__reason" onClick={() => form.setFieldsValue({ reason: r })}>
              {r}
            </button>
          ))}
        </div>
      </Form>
    </Modal>
  );
}
