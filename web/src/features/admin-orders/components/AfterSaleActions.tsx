/**
 * The next step of a return or after-sales request, shown only to whom may take it: 同意 and 驳回 (with the
 * reason the buyer reads) while it waits, 确认收货 once a return's goods are back (after_sale:decide), and
 * 退款 in full or in part, never above what it may still give (order:refund).
 */
import { App, Button, Form, Input, Space } from 'antd';
import { useState } from 'react';
import { yuanToFen } from '@core/money';
import { afterSaleDecisionBody, afterSaleRefundBody, type AdminAfterSale } from '@core/schemas/admin-orders';
import { zodRule } from '@/lib/form';
import { useCan } from '@/lib/admin/me';
import { ConfirmButton } from '@/ui/admin/ConfirmButton';
import { useDecideAfterSale, useReceiveReturn, useRefundAfterSale } from '../api/after-sales';
import { AFTER_SALE_KIND_TEXT, money } from '../lib/labels';
import { ActionFormModal } from '@/ui/admin/ActionFormModal';

/** Which steps the request's state allows (orders/admin.ts decides the same). */
function afterSaleSteps(a: AdminAfterSale) {
  return {
    decide: a.status === 0,
    receive: a.kind === 'return' && a.status === 1 && !a.received_at,
    refund: a.status === 1 && !a.refunded_at && (a.kind === 'after_sale' || Boolean(a.received_at)),
  };
}

export function AfterSaleActions({ request: a }: { request: AdminAfterSale }) {
  const mayDecide = useCan('after_sale:decide');
  const mayRefund = useCan('order:refund');
  const decide = useDecideAfterSale();
  const receive = useReceiveReturn();
  const refund = useRefundAfterSale();
  const { message } = App.useApp();
  const [open, setOpen] = useState<'reject' | 'refund' | null>(null);
  const steps = afterSaleSteps(a);
  const kind = AFTER_SALE_KIND_TEXT[a.kind];
  const ceiling = yuanToFen(a.refundable);
  const close = () => setOpen(null);
  const shown = (mayDecide && (steps.decide || steps.receive)) || (mayRefund && steps.refund);
  if (!shown) return <span className="yct-muted">—</span>;
  return (
    <Space size={4} wrap data-testid="after-sale-actions">
      {mayDecide && steps.decide ? (
        <>
          <ConfirmButton
            size="small"
            type="link"
            title={`同意该${kind}申请？`}
            description={a.kind === 'return' ? '客户将收到通知并寄回商品' : '同意后可为其退款'}
            onConfirm={async () => {
              await decide.mutateAsync({ id: a.id, body: { decision: 'approve' } });
              void message.success(`已同意 ${a.order_no} 的${kind}申请`);
            }}
            data-testid="after-sale-approve"
          >
            同意
          </ConfirmButton>
          <Button size="small" type="link" danger onClick={() => setOpen('reject')} data-testid="after-sale-reject">
            驳回
          </Button>
        </>
      ) : null}
      {mayDecide && steps.receive ? (
        <ConfirmButton
          size="small"
          type="link"
          title="确认已收到退回的商品？"
          description={`${a.lines.map((l) => `${l.name} ×${l.number}${l.bzdw}`).join('、')}，确认后将退回库存`}
          onConfirm={async () => {
            await receive.mutateAsync({ id: a.id });
            void message.success('已确认收货，商品已退回库存');
          }}
          data-testid="after-sale-receive"
        >
          确认收货
        </ConfirmButton>
      ) : null}
      {mayRefund && steps.refund ? (
        <Button size="small" type="link" onClick={() => setOpen('refund')} data-testid="after-sale-refund">
          退款
        </Button>
      ) : null}
      {mayDecide && steps.decide ? (
        <ActionFormModal<{ reply: string }>
          open={open === 'reject'}
          title={`驳回${kind}申请`}
          okText="驳回"
          danger
          onClose={close}
          note={`订单 ${a.order_no}，申请原因：${a.reason}`}
          submit={(v) => decide.mutateAsync({ id: a.id, body: { decision: 'reject', reply: v.reply } })}
          done={() => `已驳回 ${a.order_no} 的${kind}申请`}
          testId="after-sale-reject"
        >
          <Form.Item
            name="reply"
            label="驳回原因"
            rules={[{ required: true, whitespace: true, message: '拒绝时请填写原因' }, zodRule(afterSaleDecisionBody.shape.reply)]}
          >
            <Input.TextArea rows={3} maxLength={200} showCount placeholder="客户将看到此原因" data-testid="after-sale-reply" />
          </Form.Item>
        </ActionFormModal>
      ) : null}
      {mayRefund && steps.refund ? (
        <ActionFormModal<{ amount: string; reply: string }>
          open={open === 'refund'}
          title={a.kind === 'return' ? '退货退款' : '售后退款'}
          okText="确认退款"
          danger
          onClose={close}
          initialValues={{ amount: a.refundable }}
          note={
            <>
              订单 {a.order_no}，本次最多可退 <b className="yct-admin-orders__money">{money(a.refundable)}</b>
              ；款项原路退回（账期订单先冲减账期账单，其余退回客户账户余额）。
            </>
          }
          submit={(v) => refund.mutateAsync({ id: a.id, body: { amount: v.amount.trim(), reply: v.reply ?? '' } })}
          confirm={(v) => ({
            title: `确认退款 ${money(v.amount.trim())}？`,
            content: `${a.buyer.company} · 订单 ${a.order_no}。每个申请只能退款一次，不可撤销。`,
          })}
          done={(v) => `已退款 ${money(v.amount.trim())}`}
          testId="after-sale-refund"
        >
          <Form.Item
            name="amount"
            label="退款金额（元）"
            extra={`全额退款为 ¥${a.refundable}，也可部分退款`}
            rules={[
              zodRule(afterSaleRefundBody.shape.amount),
              {
                validator: async (_r, v: string | undefined) => {
                  if (!v || !/^\d+(\.\d{1,2})?$/.test(v.trim())) return;
                  const fen = yuanToFen(v.trim());
                  if (fen <= 0) throw new Error('退款金额须大于0');
                  if (fen > ceiling) throw new Error(`退款金额不能超过¥${a.refundable}`);
                },
              },
            ]}
          >
            <Input prefix="¥" style={{ width: 200 }} data-testid="after-sale-amount" />
          </Form.Item>
          <Form.Item name="reply" label="处理说明" rules={[zodRule(afterSaleRefundBody.shape.reply)]}>
            <Input.TextArea rows={2} maxLength={200} placeholder="选填，客户可见" />
          </Form.Item>
        </ActionFormModal>
      ) : null}
    </Space>
  );
}
