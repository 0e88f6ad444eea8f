/**
 * /admin/orders/:id 订单详情 (order:read): the order's state and trace, the actions the operator may take on it
 * now, the buyer and address, every line, the discounts that applied, payments and credit bill, returns and
 * after-sales requests, and an ephedrine order's signed receipt.
 */
import { useQuery } from '@tanstack/react-query';
import { Descriptions, Spin, Table, Tag, type TableColumnsType } from 'antd';
import { Link, useParams } from 'react-router';
import type { AdminOrderDetail } from '@core/schemas/admin-orders';
import { formatTime } from '@/lib/admin/format';
import { useCan } from '@/lib/admin/me';
import { AdminPanel } from '@/ui/admin/AdminPanel';
import { LoadFailed } from '@/ui/admin/LoadFailed';
import { orderQuery } from '../api/orders';
import { OrderAfterSales } from '../components/AfterSalesTable';
import { OrderActions } from '../components/OrderActions';
import { OrderStatusTag } from '../components/OrderStatusTag';
import { OrderTrace } from '../components/OrderTrace';
import { ReceiptPanel } from '../components/ReceiptPanel';
import { LINE_TYPE_TEXT, money, payMethodText } from '../lib/labels';
import '../orders.css';

type Item = AdminOrderDetail['items'][number];
type Payment = AdminOrderDetail['payments'][number];

const itemColumns: TableColumnsType<Item> = [
  {
    title: '商品名称',
    dataIndex: 'name',
    width: 220,
    render: (name: string, i) => (
      <>
        {LINE_TYPE_TEXT[i.type] ? <Tag color={i.type === 8 ? 'red' : 'orange'}>{LINE_TYPE_TEXT[i.type]}</Tag> : null}
        {name}
      </>
    ),
  },
  { title: '规格', dataIndex: 'ypgg', width: 110, ellipsis: true },
  { title: '生产厂家', dataIndex: 'sccj', width: 160, ellipsis: true },
  { title: '批准文号', dataIndex: 'pzwh', width: 150, ellipsis: true, render: (p: string) => p || '—' },
  {
    title: '数量',
    dataIndex: 'number',
    width: 80,
    align: 'right',
    render: (n: number, i) => (
      <>
        {n} {i.bzdw}
        {i.returned_number ? <div className="yct-admin-orders__returned">已退 {i.returned_number}</div> : null}
      </>
    ),
  },
  { title: '单价', dataIndex: 'price', width: 86, align: 'right', render: (p: string) => money(p) },
  { title: '金额', dataIndex: 'amount', width: 96, align: 'right', render: (a: string) => money(a) },
  { title: '优惠后', dataIndex: 'pay_amount', width: 96, align: 'right', render: (a: string) => <span className="yct-admin-orders__money">{money(a)}</span> },
];

const PAYMENT_STATE: Record<number, { text: string; color: string }> = {
  0: { text: '待支付', color: 'orange' },
  1: { text: '已支付', color: 'green' },
  2: { text: '已关闭', color: 'default' },
};

const paymentColumns: TableColumnsType<Payment> = [
  { title: '支付流水号', dataIndex: 'trade_no' },
  { title: '金额', dataIndex: 'amount', width: 130, align: 'right', render: (a: string) => money(a) },
  { title: '状态', dataIndex: 'status', width: 100, render: (s: number) => <Tag color={PAYMENT_STATE[s]?.color}>{PAYMENT_STATE[s]?.text ?? s}</Tag> },
  { title: '支付时间', dataIndex: 'paid_at', width: 170, render: (t: number | null) => formatTime(t) },
];

/** The discounts that applied, then shipping, what was paid and what went back. */
function Amounts({ order: o }: { order: AdminOrderDetail }) {
  const a = o.amounts;
  const rows: { label: string; value: string; tone?: 'minus' | 'total' }[] = [
    { label: '商品金额', value: money(a.goods_amount) },
    ...(
      [
        ['福利价优惠', a.welfare_amount],
        ['满减优惠', a.manjian_amount],
        ['优惠券', a.coupon_amount],
        ['红包抵扣', a.red_packet_amount],
      ] as const
    )
      .filter(([, v]) => Number(v) > 0)
      .map(([label, v]) => ({ label, value: `-${money(v)}`, tone: 'minus' as const })),
    { label: '运费', value: Number(a.shipping_amount) > 0 ? `+${money(a.shipping_amount)}` : '包邮' },
    { label: '实付金额', value: money(a.pay_amount), tone: 'total' },
    ...(Number(a.refunded_amount) > 0 ? [{ label: '已退款', value: money(a.refunded_amount), tone: 'minus' as const }] : []),
  ];
  return (
    <dl className="yct-admin-orders__amounts" data-testid="order-amounts">
      {rows.map((r) => (
        <div key={r.label} className={r.tone ? `is-${r.tone}` : undefined}>
          <dt>{r.label}</dt>
          <dd>{r.value}</dd>
        </div>
      ))}
    </dl>
  );
}

function OrderInfo({ order: o }: { order: AdminOrderDetail }) {
  const mayReadBuyer = useCan('user:read');
  const ad = o.address;
  return (
    <Descriptions size="small" bordered column={3} className="yct-admin-orders__info" data-testid="order-info">
      <Descriptions.Item label="客户">{mayReadBuyer ? <Link to={`/admin/users/${o.buyer.id}`}>{o.buyer.company}</Link> : o.buyer.company}</Descriptions.Item>
      <Descriptions.Item label="账号">
        {o.buyer.username} · {o.buyer.phone}
      </Descriptions.Item>
      <Descriptions.Item label="下单时间">{formatTime(o.created_at)}</Descriptions.Item>
      <Descriptions.Item label="收货人">
        {ad.name} {ad.phone}
      </Descriptions.Item>
      <Descriptions.Item label="收货地址" span={2}>
        {ad.province}
        {ad.city}
        {ad.district} {ad.address}
      </Descriptions.Item>
      <Descriptions.Item label="支付方式">{payMethodText(o.pay_method)}</Descriptions.Item>
      <Descriptions.Item label="支付时间">{formatTime(o.paid_at)}</Descriptions.Item>
      <Descriptions.Item label="银行流水号">{o.bank_ref || '—'}</Descriptions.Item>
      <Descriptions.Item label="物流公司">{o.carrier || '—'}</Descriptions.Item>
      <Descriptions.Item label="运单号">
        <span data-testid="order-tracking">{o.tracking_no || '—'}</span>
      </Descriptions.Item>
      <Descriptions.Item label="发货时间">{formatTime(o.shipped_at)}</Descriptions.Item>
      <Descriptions.Item label="发票">
        {o.invoice
          ? `${o.invoice.type === 2 ? '增值税专用发票' : '普通发票'}：${o.invoice.title}${o.invoice.tax_no ? `（${o.invoice.tax_no}）` : ''}`
          : '不开发票'}
      </Descriptions.Item>
      <Descriptions.Item label="订单备注" span={2}>
        {o.remark || '—'}
      </Descriptions.Item>
      {o.cancel_reason ? (
        <Descriptions.Item label={o.refunded_at ? '退款原因' : '取消原因'} span={3}>
          <span className="yct-admin-orders__cancel">{o.cancel_reason}</span>
        </Descriptions.Item>
      ) : null}
    </Descriptions>
  );
}

function Payments({ order: o }: { order: AdminOrderDetail }) {
  const bill = o.credit_bill;
  if (!o.payments.length && !bill) return null;
  return (
    <AdminPanel title="支付记录与账期">
      {o.payments.length ? (
        <Table<Payment> size="small" rowKey="id" columns={paymentColumns} dataSource={o.payments} pagination={false} data-testid="order-payments" />
      ) : null}
      {bill ? (
        <Descriptions size="small" bordered column={4} title="账期账单" className="yct-admin-orders__bill" data-testid="order-credit-bill">
          <Descriptions.Item label="账单金额">{money(bill.amount)}</Descriptions.Item>
          <Descriptions.Item label="已还">{money(bill.repaid)}</Descriptions.Item>
          <Descriptions.Item label="到期日">{bill.due_date}</Descriptions.Item>
          <Descriptions.Item label="状态">{bill.status === 1 ? <Tag color="green">已还清</Tag> : <Tag color="orange">待还款</Tag>}</Descriptions.Item>
        </Descriptions>
      ) : null}
    </AdminPanel>
  );
}

export default function OrderDetailPage() {
  const id = Number(useParams().id);
  const order = useQuery({ ...orderQuery(id), enabled: Number.isSafeInteger(id) && id > 0 });
  const mayReadAudit = useCan('audit:read');
  if (order.isError) return <LoadFailed error={order.error} onRetry={() => void order.refetch()} retrying={order.isFetching} />;
  if (!order.data) return <Spin style={{ display: 'block', margin: '80px auto' }} />;
  const o = order.data;
  const units = o.items.reduce((n, i) => n + i.number, 0);
  return (
    <>
      <AdminPanel
        data-testid="order-detail"
        title={
          <span className="yct-admin-order__head">
            <span className="yct-admin-order__no" data-testid="order-no">
              订单 {o.order_no}
            </span>
            <OrderStatusTag order={o} />
            {o.is_ephedrine ? <Tag color="magenta">含麻订单</Tag> : null}
            {o.refunded_at ? <Tag color="red">已退款</Tag> : null}
          </span>
        }
        extra={
          <span className="yct-admin-order__links">
            {mayReadAudit ? <Link to={`/admin/audit?target=order:${o.id}`}>操作日志</Link> : null}
            <Link to="/admin/orders">返回列表</Link>
          </span>
        }
      >
        <div className="yct-admin-order__bar">
          <OrderActions order={o} />
        </div>
        <OrderTrace order={o} />
        <OrderInfo order={o} />
      </AdminPanel>
      <AdminPanel title={`商品清单（${o.items.length}种 ${units}件）`}>
        <Table<Item>
          size="small"
          rowKey="id"
          columns={itemColumns}
          dataSource={o.items}
          pagination={false}
          scroll={{ x: 998 }}
          locale={{ emptyText: '没有商品' }}
          data-testid="order-items"
        />
        <Amounts order={o} />
      </AdminPanel>
      <Payments order={o} />
      {o.after_sales.length ? (
        <AdminPanel title={`退货/售后（${o.after_sales.length}）`}>
          <OrderAfterSales requests={o.after_sales} />
        </AdminPanel>
      ) : null}
      {o.is_ephedrine ? (
        <AdminPanel title="含麻订单签收回执">
          <ReceiptPanel order={o} />
        </AdminPanel>
      ) : null}
    </>
  );
}
