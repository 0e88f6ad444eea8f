/**
 * /jfdd (/order/jfdd) 积分订单: the account's points orders by status (全部, 待发货, 已发货, 已完成, 已取消) with their counts,
 * and with `?id=` one order: its steps, its trace (placed, credited, or shipped with carrier and tracking number,
 * received, or cancelled with the reason and what went back), where it goes, and 确认收货 once it is shipped.
 */
import '../points.css';
import { Button, Descriptions, Modal, Pagination, Steps, Table, Tabs, Timeline, type TableColumnsType } from 'antd';
import type { HTMLAttributes } from 'react';
import { Link, useSearchParams } from 'react-router';
import { PointsOrderStatus, type PointsOrder, type PointsOrderDetail } from '@core/schemas/points';
import { EmptyState } from '@/ui/EmptyState';
import { ErrorState } from '@/ui/ErrorState';
import { AccountLayout } from '@/ui/account/AccountLayout';
import { Loading, RequireMember } from '@/ui/account/RequireMember';
import { chinaTime } from '@/lib/china-time';
import { isZero } from '@/lib/money';
import { useToast } from '@/lib/use-toast';
import { usePointsOrder, usePointsOrders } from '../api/points-orders';
import { useReceivePointsOrder } from '../api/receive-points-order';
import { pointsText } from '../components/PointsGoodsCard';

/** `YYYY-MM-DD HH:mm:ss` in China time. */
const timeOf = (seconds: number | null) => chinaTime(seconds);

const TABS = [
  { key: 'all', label: '全部', count: 'all' },
  { key: '0', label: '待发货', count: 'to_ship' },
  { key: '1', label: '已发货', count: 'shipped' },
  { key: '2', label: '已完成', count: 'done' },
  { key: '3', label: '已取消', count: 'cancelled' },
] as const;

const Spent = ({ o }: { o: PointsOrder }) => (
  <span className="yct-jf-price">
    <b>{pointsText(o.points)}</b>
    <small>积分</small>
    {isZero(o.cash) ? null : <em>+ ¥{o.cash}</em>}
  </span>
);

function ReceiveButton({ order, size }: { order: PointsOrder; size?: 'small' }) {
  const receive = useReceivePointsOrder();
  const toast = useToast();
  if (!order.can_receive) return null;
  const ask = () =>
    Modal.confirm({
      title: '确认收货',
      content: `请确认已收到“${order.goods_name}”，确认后订单完成。`,
      okText: '确认收货',
      cancelText: '再等等',
      onOk: () => receive.mutateAsync(order.id).then(() => void toast.success('已确认收货，订单已完成')),
    });
  return (
    <Button type="primary" danger size={size} onClick={ask} loading={receive.isPending} data-testid="points-receive">
      确认收货
    </Button>
  );
}

function GoodsCell({ o }: { o: PointsOrder }) {
  return (
    <div className="yct-jf-order__goods">
      <img src={o.goods_picture} alt={o.goods_name} />
      <div>
        <p className="yct-jf-order__name">{o.goods_name}</p>
        <p className="yct-muted">
          {o.kind_text} × {o.number}
        </p>
      </div>
    </div>
  );
}

function OrderList() {
  const [search, setSearch] = useSearchParams();
  const tab = TABS.find((t) => t.key === search.get('status'))?.key ?? 'all';
  const page = Math.max(1, Math.floor(Number(search.get('page')) || 1));
  const list = usePointsOrders(tab === 'all' ? undefined : Number(tab), page);
  const counts = list.data?.counts;

  const columns: TableColumnsType<PointsOrder> = [
    {
      title: '订单信息',
      key: 'order',
      width: 200,
      render: (_, o) => (
        <div className="yct-jf-order__no">
          <Link to={`?id=${o.id}`} className="yct-jf-link" data-testid="points-order-no">
            {o.order_no}
          </Link>
          <span className="yct-muted">{timeOf(o.created_at)}</span>
        </div>
      ),
    },
    { title: '兑换商品', key: 'goods', render: (_, o) => <GoodsCell o={o} /> },
    { title: '消耗', key: 'spent', width: 150, align: 'right', render: (_, o) => <Spent o={o} /> },
    {
      title: '状态',
      key: 'status',
      width: 96,
      align: 'center',
      render: (_, o) => (
        <b className={`yct-jf-status is-${o.status}`} data-testid="points-order-status">
          {o.status_text}
        </b>
      ),
    },
    {
      title: '操作',
      key: 'op',
      width: 120,
      align: 'center',
      render: (_, o) => (
        <div className="yct-jf-order__ops">
          <ReceiveButton order={o} size="small" />
          <Link to={`?id=${o.id}`} className="yct-jf-link">
            查看详情
          </Link>
        </div>
      ),
    },
  ];

  return (
    <div data-testid="points-orders">
      <Tabs
        activeKey={tab}
        onChange={(k) => setSearch(k === 'all' ? {} : { status: k })}
        items={TABS.map((t) => ({ key: t.key, label: counts && counts[t.count] ? `${t.label} (${counts[t.count]})` : t.label }))}
        data-testid="points-order-tabs"
      />
      {list.isPending ? (
        <Loading />
      ) : list.isError && !list.data ? (
        <ErrorState onRetry={() => void list.refetch()} retrying={list.isFetching} />
      ) : !list.data.data.length ? (
        <EmptyState description={tab === 'all' ? '还没有积分订单，去积分商城挑选心仪的好礼吧' : '暂无该状态的积分订单'}>
          <Link to="/jfsc" className="yct-btn yct-btn--primary">
            去积分商城
          </Link>
        </EmptyState>
      ) : (
        <>
          <Table<PointsOrder>
            className={`yct-jf-table${list.isPlaceholderData ? ' is-refreshing' : ''}`}
            rowKey="id"
            size="middle"
            columns={columns}
            dataSource={list.data.data}
            pagination={false}
            onRow={(o) => ({ 'data-testid': 'points-order-row', 'data-id': o.id }) as HTMLAttributes<HTMLElement>}
          />
          {list.data.last_page > 1 ? (
            <div className="yct-jf-pager">
              <Pagination
                current={list.data.current_page}
                pageSize={list.data.per_page}
                total={list.data.total}
                showSizeChanger={false}
                onChange={(p) => setSearch({ ...(tab === 'all' ? {} : { status: tab }), ...(p > 1 ? { page: String(p) } : {}) })}
              />
            </div>
          ) : null}
        </>
      )}
    </div>
  );
}

function stepsOf(o: PointsOrderDetail): { current: number; status?: 'error'; items: { title: string; content: string }[] } {
  if (o.kind !== 'physical')
    return {
      current: 1,
      items: [
        { title: '兑换成功', content: timeOf(o.created_at) },
        { title: '已到账', content: timeOf(o.completed_at) },
      ],
    };
  if (o.status === PointsOrderStatus.cancelled)
    return {
      current: 1,
      status: 'error',
      items: [
        { title: '兑换成功', content: timeOf(o.created_at) },
        { title: '已取消', content: timeOf(o.cancelled_at) },
      ],
    };
  return {
    current: o.status === PointsOrderStatus.toShip ? 0 : o.status === PointsOrderStatus.shipped ? 1 : 2,
    items: [
      { title: '兑换成功', content: timeOf(o.created_at) },
      { title: '已发货', content: timeOf(o.shipped_at) },
      { title: '已完成', content: timeOf(o.completed_at) },
    ],
  };
}

function OrderDetail({ id }: { id: number }) {
  const order = usePointsOrder(id);
  if (order.isPending) return <Loading />;
  if (order.isError)
    return order.error && 'status' in order.error && order.error.status === 404 ? (
      <EmptyState description="积分订单不存在">
        <Link to="/jfdd" className="yct-btn">
          返回积分订单
        </Link>
      </EmptyState>
    ) : (
      <ErrorState onRetry={() => void order.refetch()} retrying={order.isFetching} />
    );
  const o = order.data;
  const steps = stepsOf(o);
  const physical = o.kind === 'physical';
  return (
    <div className="yct-jf-detail" data-testid="points-order-detail" data-status={o.status}>
      <div className="yct-jf-detail__head">
        <div>
          <span className="yct-muted">订单号</span> <b data-testid="points-detail-no">{o.order_no}</b>
          <b className={`yct-jf-status is-${o.status}`} data-testid="points-detail-status">
            {o.status_text}
          </b>
        </div>
        <ReceiveButton order={o} />
      </div>
      <Steps className="yct-jf-detail__steps" size="small" titlePlacement="vertical" current={steps.current} status={steps.status} items={steps.items} />
      <div className="yct-jf-detail__cols">
        <section>
          <h4>兑换商品</h4>
          <GoodsCell o={o} />
          <Descriptions
            size="small"
            column={1}
            className="yct-jf-detail__desc"
            items={[
              { key: 'spent', label: '消耗', children: <Spent o={o} /> },
              ...(o.credited ? [{ key: 'credited', label: '已到账', children: o.credited }] : []),
              { key: 'at', label: '兑换时间', children: timeOf(o.created_at) },
            ]}
          />
        </section>
        {physical ? (
          <section>
            <h4>收货与物流</h4>
            <Descriptions
              size="small"
              column={1}
              className="yct-jf-detail__desc"
              items={[
                { key: 'to', label: '收货人', children: `${o.consignee} ${o.phone}` },
                { key: 'addr', label: '收货地址', children: o.address },
                {
                  key: 'carrier',
                  label: '物流公司',
                  children: o.carrier || (o.status === PointsOrderStatus.cancelled ? '订单已取消，不再发货' : '等待发货'),
                },
                { key: 'no', label: '运单号', children: <span data-testid="points-detail-tracking">{o.tracking_no || '—'}</span> },
              ]}
            />
          </section>
        ) : null}
      </div>
      <section className="yct-jf-detail__trace">
        <h4>订单跟踪</h4>
        <Timeline
          data-testid="points-trace"
          reverse
          items={o.trace.map((s, i) => ({
            color: i === o.trace.length - 1 ? 'red' : 'gray',
            content: (
              <div className="yct-jf-trace" data-testid="points-trace-step">
                <b>{s.title}</b>
                <span>{s.text}</span>
                <span className="yct-muted">{timeOf(s.at)}</span>
              </div>
            ),
          }))}
        />
      </section>
    </div>
  );
}

export default function PointsOrdersPage() {
  const [search] = useSearchParams();
  const id = Number(search.get('id'));
  const detail = Number.isInteger(id) && id > 0 ? id : null;
  return (
    <AccountLayout
      title={detail ? '积分订单详情' : '积分订单'}
      extra={
        detail ? (
          <Link to="/jfdd" className="yct-jf-titlelink">
            ‹ 返回积分订单
          </Link>
        ) : (
          <Link to="/jfsc" className="yct-jf-titlelink" data-testid="points-mall-link">
            去积分商城 ›
          </Link>
        )
      }
    >
      <RequireMember>{detail ? <OrderDetail id={detail} /> : <OrderList />}</RequireMember>
    </AccountLayout>
  );
}
