/** 订单信息 of an order's detail: the address and remark, the payment, the invoice, and the first-business documents' pack. */
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { isPaidStatus } from '@core/status';
import type { OrderDetail } from '@core/schemas/trade';
import { formatTime, INVOICE_NAMES, PAY_METHOD_NAMES } from '../lib/orders';

function Field({ label, children, testId }: { label: string; children: ReactNode; testId?: string }) {
  return (
    <div className="yct-ord-field">
      <dt>{label}</dt>
      <dd data-testid={testId}>{children}</dd>
    </div>
  );
}

export function OrderInfoGrid({ order }: { order: OrderDetail }) {
  const invoice = order.invoice;
  const method = order.pay_method ? (PAY_METHOD_NAMES[order.pay_method] ?? order.pay_method) : '';
  return (
    <div className="yct-ord-info" data-testid="order-info">
      <dl>
        <h3>收货信息</h3>
        <Field label="收货人">
          {order.address.name} {order.address.phone}
        </Field>
        <Field label="收货地址" testId="order-address">
          {order.address.full}
        </Field>
        <Field label="订单备注" testId="order-remark">
          {order.remark || <span className="yct-muted">无</span>}
        </Field>
      </dl>
      <dl>
        <h3>支付信息</h3>
        <Field label="支付方式" testId="order-pay-method">
          {method || <span className="yct-muted">{order.status === 4 ? '未支付' : '待支付'}</span>}
        </Field>
        <Field label="付款时间">{order.paid_at ? formatTime(order.paid_at) : <span className="yct-muted">—</span>}</Field>
        <Field label="下单时间">{formatTime(order.created_at)}</Field>
        {order.payments
          .filter((p) => p.status === 1)
          .slice(0, 1)
          .map((p) => (
            <Field key={p.id} label="支付流水">
              {p.trade_no}
            </Field>
          ))}
      </dl>
      <dl>
        <h3>发票信息</h3>
        {invoice && invoice.type !== 0 ? (
          <>
            <Field label="发票类型" testId="order-invoice">
              {INVOICE_NAMES[invoice.type] ?? '发票'}
            </Field>
            <Field label="发票抬头">{invoice.title}</Field>
            {invoice.tax_no ? <Field label="税号">{invoice.tax_no}</Field> : null}
            {invoice.email ? <Field label="接收邮箱">{invoice.email}</Field> : null}
          </>
        ) : (
          <Field label="发票类型" testId="order-invoice">
            不开发票
          </Field>
        )}
        {isPaidStatus(order.status) ? (
          <Field label="电子发票">
            <Link to={`/dzfp?order_id=${order.id}`} className="yct-ord-link" data-testid="order-invoice-link">
              查看电子发票 ›
            </Link>
          </Field>
        ) : null}
        <Field label="首营资料">
          {/* The order's pack (docs/decisions/034-first-business-documents.md): a zip the server names. */}
          <a href={`/api/documents/order/${order.id}/pack`} download className="yct-ord-link" data-testid="order-documents-pack">
            下载首营资料包 ›
          </a>
        </Field>
      </dl>
    </div>
  );
}
