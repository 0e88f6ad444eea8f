/**
 * /order/info/{id} 订单详情 (and /order/wl/{id}): the status with its step bar and actions, the trace, address,
 * payment, invoice and remark, the goods with every discount, the amounts as the server gives them, the credit
 * bill of an order paid on credit, and the return and after-sales requests. Another account's order is 订单不存在.
 */
import '../orders.css';
import { Image, Table, type TableColumnsType } from 'antd';
import type { HTMLAttributes, ReactNode } from 'react';
import { Link, useParams } from 'react-router';
import { Code } from '@core/codes';
import { isPaidStatus } from '@core/status';
import type { AfterSale, OrderDetail, OrderItem } from '@core/schemas/trade';
import { isApiError } from '@/api/client';
import { Countdown } from '@/ui/Countdown';
import { ErrorState } from '@/ui/ErrorState';
import { AccountLayout } from '@/ui/account/AccountLayout';
import { Loading, RequireMember } from '@/ui/account/RequireMember';
import { useOrderDetail } from '../api/get-order';
import { Progress } from '../components/OrderProgress';
import { OrderActions } from '../components/OrderActions';
import { OrderNotFound } from '../components/OrderNotFound';
import { OrderTimeline } from '../components/OrderTimeline';
import { ReceiptUpload } from '../components/ReceiptUpload';
import {
  AFTER_SALE_NAMES,
  AFTER_SALE_TONES,
  afterSalePath,
  amountRows,
  chinaToday,
  creditBillState,
  EPHEDRINE_NOTICE,
  formatTime,
  INVOICE_NAMES,
  isZero,
  lineDiscounts,
  lineKind,
  money,
  orderSteps,
  PAY_METHOD_NAMES,
  pointsFor,
  statusTone,
} from '../lib/orders';

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

/** What the buyer is told under the status, by status. */
function StatusHint({ order, onExpire }: { order: OrderDetail; onExpire: () => void }) {
  switch (order.status) {
    case 0:
      return order.pay_status === 2 ? (
        <p>已选择对公转账，请在 {order.expires_at ? <Countdown end={order.expires_at} onEnd={onExpire} /> : null} 内完成转账，平台财务确认到账后安排发货。</p>
      ) : (
        <p data-testid="order-pay-left">
          请在 {order.expires_at ? <Countdown end={order.expires_at} onEnd={onExpire} /> : null} 内完成支付，超时订单将自动取消。
          {order.is_ephedrine ? '含麻黄碱类商品须对公转账支付。' : null}
        </p>
      );
    case 1:
      return <p>付款成功，仓库正在备货，请耐心等待发货。</p>;
    case 2:
      return (
        <p>
          商品已由 {order.carrier} 发出，运单号 {order.tracking_no}。收到货后请核对并确认收货，发货 15 天后系统将自动确认收货。
        </p>
      );
    case 3:
      return <p>订单已完成，已获得 {pointsFor(order.pay_amount)} 积分。如商品有问题，可申请退货或售后。</p>;
    default:
      return (
        <p data-testid="order-cancel-reason">
          取消原因：{order.cancel_reason || '—'}
          {order.cancelled_at ? <span className="yct-muted">（{formatTime(order.cancelled_at)}）</span> : null}
        </p>
      );
  }
}

function StatusPanel({ order, onExpire }: { order: OrderDetail; onExpire: () => void }) {
  return (
    <div className={`yct-ord-state is-${statusTone(order)}`} data-testid="order-state">
      <div className="yct-ord-state__main">
        <p className="yct-ord-state__no">
          订单号：<b data-testid="order-no">{order.order_no}</b>
          {order.is_ephedrine ? <span className="yct-ord-tag yct-ord-tag--hm">含麻</span> : null}
        </p>
        <h2 className="yct-ord-state__text" data-testid="order-status">
          {order.status_text}
        </h2>
        <div className="yct-ord-state__hint">
          <StatusHint order={order} onExpire={onExpire} />
        </div>
        <OrderActions order={order} layout="detail" />
      </div>
      <div className="yct-ord-state__steps">
        <Progress steps={orderSteps(order)} testId="order-steps" />
        <dl className="yct-ord-state__summary">
          <div>
            <dt>实付金额</dt>
            <dd className="yct-ord-red">{money(order.pay_amount)}</dd>
          </div>
          <div>
            <dt>商品</dt>
            <dd>
              {order.item_count} 种 {order.number_total} 件
            </dd>
          </div>
          <div>
            <dt>支付方式</dt>
            <dd>{order.pay_method ? (PAY_METHOD_NAMES[order.pay_method] ?? order.pay_method) : order.is_ephedrine ? '对公转账' : '—'}</dd>
          </div>
          <div>
            <dt>下单时间</dt>
            <dd>{formatTime(order.created_at, false)}</dd>
          </div>
        </dl>
      </div>
    </div>
  );
}

function Field({ label, children, testId }: { label: string; children: ReactNode; testId?: string }) {
  return (
    <div className="yct-ord-field">
      <dt>{label}</dt>
      <dd data-testid={testId}>{children}</dd>
    </div>
  );
}

function InfoGrid({ order }: { order: OrderDetail }) {
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
      </dl>
    </div>
  );
}

function GoodsTable({ order }: { order: OrderDetail }) {
  const columns: TableColumnsType<OrderItem> = [
    {
      title: '商品信息',
      key: 'goods',
      render: (_, item) => {
        const mark = lineKind(item.type);
        return (
          <div className="yct-ord-goods">
            <Link to={`/list/info/${item.goods_id}`} className="yct-ord-goods__img">
              <img src={item.image} alt={item.name} width={60} height={60} loading="lazy" />
            </Link>
            <div className="yct-ord-goods__text">
              <Link to={`/list/info/${item.goods_id}`} className="yct-ord-goods__name" data-testid="line-name">
                {mark ? (
                  <i className={`yct-ord-chip yct-ord-chip--${mark.tone}`} data-testid="line-kind">
                    {mark.label}
                  </i>
                ) : null}
                {item.name}
              </Link>
              <span>
                {item.ypgg} | {item.sccj}
              </span>
            </div>
          </div>
        );
      },
    },
    {
      title: '单价',
      key: 'price',
      width: 96,
      align: 'right',
      // The price the line was charged at; an offer's price with the usual one struck out, as the cart showed it.
      render: (_, item) => (
        <span className="yct-ord-price" data-testid="line-price">
          <b>{money(item.price)}</b>
          {item.original_price ? <del data-testid="line-original">{money(item.original_price)}</del> : null}
          {item.promo_number > 0 && item.promo_number < item.number ? <small>其中{item.promo_number}件为活动价</small> : null}
        </span>
      ),
    },
    {
      title: '数量',
      key: 'number',
      width: 90,
      align: 'center',
      render: (_, item) => (
        <>
          {item.number}
          {item.bzdw}
          {item.returned_number > 0 ? <div className="yct-ord-goods__returned">已退 {item.returned_number}</div> : null}
        </>
      ),
    },
    { title: '金额', key: 'amount', width: 100, align: 'right', render: (_, item) => money(item.amount) },
    {
      title: '优惠',
      key: 'discounts',
      width: 150,
      render: (_, item) => {
        const discounts = lineDiscounts(item);
        if (!discounts.length) return <span className="yct-muted">—</span>;
        return (
          <ul className="yct-ord-discounts" data-testid="line-discounts">
            {discounts.map((d) => (
              <li key={d.key}>
                <i>{d.label}</i>-{money(d.amount)}
              </li>
            ))}
          </ul>
        );
      },
    },
    {
      title: '实付',
      key: 'pay',
      width: 108,
      align: 'right',
      render: (_, item) => (
        <b className="yct-ord-red" data-testid="line-pay">
          {money(item.pay_amount)}
        </b>
      ),
    },
  ];
  return (
    <Table<OrderItem>
      className="yct-ord-table"
      rowKey="id"
      size="small"
      columns={columns}
      dataSource={order.items}
      pagination={false}
      onRow={(item) => ({ 'data-testid': 'order-line', 'data-type': item.type }) as HTMLAttributes<HTMLElement>}
    />
  );
}

function Amounts({ order }: { order: OrderDetail }) {
  return (
    <dl className="yct-ord-amounts" data-testid="order-amounts">
      {amountRows(order.amounts).map((row) => (
        <div key={row.key}>
          <dt>{row.label}：</dt>
          <dd data-testid={`amount-${row.key}`}>{row.value}</dd>
        </div>
      ))}
      <div className="yct-ord-amounts__total">
        <dt>实付金额：</dt>
        <dd data-testid="amount-pay">{money(order.amounts.pay_amount)}</dd>
      </div>
      {isZero(order.amounts.cashback_amount) ? null : (
        <div className="yct-ord-amounts__cashback">
          <dt>满返红包：</dt>
          <dd data-testid="amount-cashback">
            {money(order.amounts.cashback_amount)}
            <span>{order.status === 3 ? '（已存入账户红包）' : '（订单完成后存入账户红包）'}</span>
          </dd>
        </div>
      )}
    </dl>
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
      <StatusPanel order={order} onExpire={refetch} />
      <Section title="订单跟踪" testId="order-trace">
        <OrderTimeline order={order} />
      </Section>
      <Section title="订单信息">
        <InfoGrid order={order} />
      </Section>
      <Section
        title="商品清单"
        extra={
          <span className="yct-muted">
            共 {order.item_count} 种 {order.number_total} 件
          </span>
        }
        testId="order-goods"
      >
        <GoodsTable order={order} />
        <Amounts order={order} />
      </Section>
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
