/**
 * /order/info/{id} 订单详情 (and /order/wl/{id}): the status with its step bar and actions, the trace, address,
 * payment, invoice and remark, the goods with every discount, the amounts as the server gives them, the credit
 * bill of an order paid on credit, and the return and after-sales requests. Another account's order is 订单不存在.
 */
import '../orders.css';
import { Image, Table, type TableColumnsType } from 'antd';
import type { ReactNode } from 'react';
import { Link, useParams } from 'react-router';
import { Code } from '@core/codes';
import type { AfterSale, OrderDetail } from '@core/schemas/trade';
import { isApiError } from '@/api/client';
import { ErrorState } from '@/ui/ErrorState';
import { AccountLayout } from '@/ui/account/AccountLayout';
import { Loading, RequireMember } from '@/ui/account/RequireMember';
import { useOrderDetail } from '../api/get-order';
import { BatchReports } from '../components/BatchReports';
import { DeliveryPapers } from '../components/DeliveryPapers';
import { OrderAmounts, OrderGoodsTable } from '../components/OrderGoodsTable';
import { OrderInfoGrid } from '../components/OrderInfoGrid';
import { OrderNotFound } from '../components/OrderNotFound';
import { OrderStatusPanel } from '../components/OrderStatusPanel';
import { OrderTimeline } from '../components/OrderTimeline';
import { ReceiptUpload } from '../components/ReceiptUpload';
import { AFTER_SALE_NAMES, AFTER_SALE_TONES, afterSalePath, chinaToday, creditBillState, EPHEDRINE_NOTICE, formatTime, money } from '../lib/orders';

const parseId = (raw: string | undefined) => (raw && /^\d{1,10}$/.test(raw) ? Number(raw) : 0);

function Section({ title, extra, children, testId }: { title: ReactNode; extra?: ReactNode; children: ReactNode; testId?: string }) {
  return (
    <section className="yct-ord-section" data-testid={testId}>
      <header className="yct-ord-section__head">
        <h2>{title}</h2>
        {extra ? <div className="yct-ord-section__extra">{extra}</div> : null}
      </header>
      {children}
    </section>
  );
}

function CreditBill({ order }: { order: OrderDetail }) {
  const bill = order.credit_bill;
  if (!bill) return null;
  const state = creditBillState(bill, chinaToday());
  return (
    <Section title="账期账单" testId="order-credit-bill" extra={<Link to="/wdqb/zqgl">去账期管理 ›</Link>}>
      <div className="yct-ord-bill">
        <div>
          <span>账单金额</span>
          <b>{money(bill.amount)}</b>
        </div>
        <div>
          <span>已还金额</span>
          <b>{money(bill.repaid)}</b>
        </div>
        <div>
          <span>到期日</span>
          <b data-testid="credit-due">{bill.due_date}</b>
        </div>
        <div>
          <span>状态</span>
          <b className={`yct-ord-bill__state is-${state.tone}`} data-testid="credit-state">
            {state.text}
          </b>
        </div>
      </div>
    </Section>
  );
}

function AfterSales({ order }: { order: OrderDetail }) {
  if (!order.after_sales.length) return null;
  const columns: TableColumnsType<AfterSale> = [
    { title: '申请编号', dataIndex: 'id', width: 90, render: (id: number) => `#${id}` },
    { title: '类型', key: 'kind', width: 70, render: (_, r) => AFTER_SALE_NAMES[r.kind] },
    { title: '申请时间', key: 'time', width: 160, render: (_, r) => formatTime(r.created_at) },
    {
      title: '商品',
      key: 'lines',
      render: (_, r) =>
        r.lines
          .map((l) => {
            const item = order.items.find((i) => i.id === l.item_id);
            return `${item?.name ?? '商品'} ×${l.number}`;
          })
          .join('、'),
    },
    { title: '退款金额', key: 'refund', width: 100, align: 'right', render: (_, r) => (r.kind === 'return' ? money(r.refund_amount) : '—') },
    {
      title: '状态',
      key: 'status',
      width: 80,
      render: (_, r) => <b className={`yct-ord-status is-${AFTER_SALE_TONES[r.status]}`}>{r.status_text}</b>,
    },
    {
      title: '操作',
      key: 'op',
      width: 80,
      render: (_, r) => (
        <Link to={afterSalePath(r)} className="yct-ord-link" data-testid="after-sale-link">
          查看详情
        </Link>
      ),
    },
  ];
  return (
    <Section title="退货/售后记录" testId="order-after-sales">
      <Table<AfterSale> rowKey="id" size="small" columns={columns} dataSource={order.after_sales} pagination={false} />
    </Section>
  );
}

function Receipt({ order }: { order: OrderDetail }) {
  if (!order.is_ephedrine) return null;
  return (
    <Section title="含麻签收单" testId="order-receipt" extra={<Link to="/hmdd">含麻订单 ›</Link>}>
      <div className="yct-ord-receipt">
        {order.receipt_image ? (
          <Image src={order.receipt_image} width={96} height={96} alt="签收单" />
        ) : (
          <span className="yct-ord-tag yct-ord-tag--wait">待上传</span>
        )}
        <p>{EPHEDRINE_NOTICE}。</p>
        {order.status >= 1 && order.status <= 3 ? <ReceiptUpload orderId={order.id} again={Boolean(order.receipt_image)} /> : null}
      </div>
    </Section>
  );
}

function Detail({ id }: { id: number }) {
  const query = useOrderDetail(id);
  if (!id) return <OrderNotFound />;
  if (query.isPending) return <Loading />;
  if (query.isError) {
    if (isApiError(query.error) && query.error.code === Code.notFound) return <OrderNotFound />;
    return <ErrorState onRetry={() => void query.refetch()} retrying={query.isFetching} />;
  }
  const order = query.data;
  const refetch = () => void query.refetch();
  return (
    <div className="yct-ord-detail" data-testid="order-detail" data-status={order.status}>
      <OrderStatusPanel order={order} onExpire={refetch} />
      <Section title="订单跟踪" testId="order-trace">
        <OrderTimeline order={order} />
      </Section>
      <Section title="订单信息">
        <OrderInfoGrid order={order} />
      </Section>
      <Section
        title="商品清单"
        extra={
          <span className="yct-muted">
            共 {order.item_count} 种 {order.number_total} 件{order.gift_number ? `，另赠 ${order.gift_number} 件` : ''}
          </span>
        }
        testId="order-goods"
      >
        <OrderGoodsTable order={order} />
        <OrderAmounts order={order} />
      </Section>
      <BatchReports orderId={order.id} />
      <DeliveryPapers orderId={order.id} status={order.status} />
      <CreditBill order={order} />
      <Receipt order={order} />
      <AfterSales order={order} />
    </div>
  );
}

export default function OrderDetailPage() {
  const { id } = useParams();
  return (
    <AccountLayout
      title="订单详情"
      extra={
        <Link to="/order" className="yct-ord-titlelink">
          ‹ 返回我的订单
        </Link>
      }
    >
      <RequireMember>
        <Detail id={parseId(id)} />
      </RequireMember>
    </AccountLayout>
  );
}
