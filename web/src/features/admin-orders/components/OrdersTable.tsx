/**
 * The orders list of 订单管理 and 对公转账: server-paged, filters in the URL (the dashboard's queue links land
 * on them), a tag per state, 导出CSV. With `preset` some filters are fixed and not offered (对公转账 is the list
 * of transfers waiting for finance).
 */
import { Form, Input, Select, Tabs, Tag, type TableColumnsType } from 'antd';
import { Link } from 'react-router';
import type { AdminOrderRow } from '@core/schemas/admin-orders';
import type { CsvColumn } from '@/lib/admin/csv';
import { formatTime } from '@/lib/admin/format';
import { useListQuery, type ListQuery } from '@/lib/admin/list';
import { useCan } from '@/lib/admin/me';
import { AdminTable } from '@/ui/admin/AdminTable';
import { DayRange, FilterForm } from '@/ui/admin/FilterForm';
import { getOrders, ORDER_FILTERS, ORDERS_KEY } from '../api/orders';
import { money, PAY_METHOD_TEXT, payMethodText } from '../lib/labels';
import { OrderStatusTag } from './OrderStatusTag';

type Tab = { key: string; label: string; filters: Record<string, string | null> };

const TABS: Tab[] = [
  { key: '', label: '全部', filters: {} },
  { key: '0', label: '待付款', filters: { status: '0' } },
  { key: 'transfer', label: '待确认转账', filters: { status: 'transfer' } },
  { key: '1', label: '待发货', filters: { status: '1' } },
  { key: '2', label: '已发货', filters: { status: '2' } },
  { key: '3', label: '已完成', filters: { status: '3' } },
  { key: '4', label: '已取消', filters: { status: '4' } },
];
const RECEIPT_TAB: Tab = { key: 'receipt', label: '含麻回执待审', filters: { receipt: 'waiting' } };

const tabOf = (filters: Record<string, string>) => (filters.receipt === 'waiting' ? 'receipt' : (filters.status ?? ''));

/** What an operator who may act on the row does next: the link's words. */
function nextStep(o: AdminOrderRow, may: { confirm: boolean; ship: boolean; receipt: boolean }) {
  if (o.status === 0 && o.pay_status === 2 && may.confirm) return '确认转账';
  if (o.status === 1 && may.ship) return '发货';
  if (o.is_ephedrine && o.has_receipt && o.receipt_status === 0 && may.receipt) return '审核回执';
  return '查看';
}

function useColumns(): TableColumnsType<AdminOrderRow> {
  const may = { confirm: useCan('finance:confirm'), ship: useCan('order:ship'), receipt: useCan('receipt:check') };
  return [
    {
      title: '订单号',
      dataIndex: 'order_no',
      width: 190,
      render: (no: string, o) => (
        <span className="yct-admin-orders__no">
          <Link to={`/admin/orders/${o.id}`} data-testid="order-link">
            {no}
          </Link>
          {o.is_ephedrine ? <Tag color="magenta">含麻</Tag> : null}
        </span>
      ),
    },
    {
      title: '客户',
      key: 'buyer',
      ellipsis: true,
      render: (_, o) => (
        <div className="yct-admin-orders__buyer">
          <div className="yct-admin-orders__company">{o.buyer.company || o.buyer.username}</div>
          <div className="yct-muted">收货人 {o.consignee}</div>
        </div>
      ),
    },
    { title: '品种', dataIndex: 'item_count', width: 56, align: 'right', render: (n: number) => `${n}种` },
    {
      title: '实付金额',
      dataIndex: 'pay_amount',
      width: 110,
      align: 'right',
      render: (a: string) => <span className="yct-admin-orders__money">{money(a)}</span>,
    },
    { title: '支付方式', dataIndex: 'pay_method', width: 84, render: (m: string) => payMethodText(m) },
    {
      title: '状态',
      key: 'status',
      width: 120,
      render: (_, o) => (
        <>
          <OrderStatusTag order={o} />
          {o.is_ephedrine && o.has_receipt && o.receipt_status === 0 ? <Tag color="purple">回执待审</Tag> : null}
        </>
      ),
    },
    { title: '下单时间', dataIndex: 'created_at', width: 150, render: (t: number) => formatTime(t) },
    {
      title: '操作',
      key: 'op',
      width: 76,
      fixed: 'right',
      render: (_, o) => (
        <Link to={`/admin/orders/${o.id}`} data-testid="order-open">
          {nextStep(o, may)}
        </Link>
      ),
    },
  ];
}

const csv: CsvColumn<AdminOrderRow>[] = [
  { title: '订单号', value: (o) => o.order_no },
  { title: '客户', value: (o) => o.buyer.company },
  { title: '用户名', value: (o) => o.buyer.username },
  { title: '收货人', value: (o) => o.consignee },
  { title: '品种数', value: (o) => o.item_count },
  { title: '商品金额', value: (o) => o.goods_amount },
  { title: '实付金额', value: (o) => o.pay_amount },
  { title: '支付方式', value: (o) => payMethodText(o.pay_method) },
  { title: '状态', value: (o) => o.status_text },
  { title: '含麻', value: (o) => (o.is_ephedrine ? '是' : '否') },
  { title: '下单时间', value: (o) => formatTime(o.created_at, '') },
  { title: '支付时间', value: (o) => formatTime(o.paid_at, '') },
  { title: '发货时间', value: (o) => formatTime(o.shipped_at, '') },
];

const PAY_OPTIONS = Object.entries(PAY_METHOD_TEXT).map(([value, label]) => ({ value, label }));

type Props = {
  /** Filters fixed by the page, sent with every call and not offered in the form. */
  preset?: Record<string, string>;
  /** Filters that the preset makes pointless (every waiting transfer is paid by transfer). */
  hide?: readonly string[];
  csvName: string;
  emptyText: string;
  'data-testid'?: string;
};

export function OrdersTable({ preset, hide = [], csvName, emptyText, ...rest }: Props) {
  const { filters, setFilters } = useListQuery(ORDER_FILTERS);
  const columns = useColumns();
  const mayCheckReceipts = useCan('receipt:check');
  const sent = preset ?? {};
  const omitted = new Set([...Object.keys(sent), ...hide]);
  const filterKeys = ORDER_FILTERS.filter((k) => !omitted.has(k));
  const fetchPage = (q: ListQuery, signal?: AbortSignal) => getOrders({ ...q, filters: { ...q.filters, ...sent } }, signal);
  const tab = tabOf(filters);
  const tabs = mayCheckReceipts || tab === 'receipt' ? [...TABS, RECEIPT_TAB] : TABS;
  const chooseTab = (key: string) => setFilters({ status: null, receipt: null, ...tabs.find((t) => t.key === key)?.filters });
  const formKeys = ['keyword', 'pay_method', 'date_from', 'date_to', 'ephedrine'].filter((k) => !omitted.has(k));
  return (
    <>
      {preset ? null : (
        <Tabs
          activeKey={tab}
          onChange={chooseTab}
          items={tabs.map((t) => ({ key: t.key, label: t.label }))}
          className="yct-admin-orders__tabs"
          data-testid="orders-tabs"
        />
      )}
      {filters.user_id ? (
        <p className="yct-admin-orders__note">
          <Tag closable color="blue" onClose={() => setFilters({ user_id: null })}>
            仅看客户 ID {filters.user_id} 的订单
          </Tag>
        </p>
      ) : null}
      <AdminTable<AdminOrderRow>
        data-testid={rest['data-testid']}
        queryKey={[...ORDERS_KEY, 'list', sent]}
        fetchPage={fetchPage}
        filterKeys={filterKeys}
        rowKey="id"
        columns={columns}
        scrollX={1000}
        csv={{ name: csvName, columns: csv }}
        emptyText={emptyText}
        filters={
          <FilterForm keys={formKeys} data-testid="orders-filters">
            <Form.Item name="keyword" label="关键词">
              <Input placeholder="订单号/客户/收货人/手机号" allowClear style={{ width: 220 }} data-testid="orders-keyword" />
            </Form.Item>
            {omitted.has('pay_method') ? null : (
              <Form.Item name="pay_method" label="支付方式">
                <Select placeholder="全部" allowClear style={{ width: 120 }} options={PAY_OPTIONS} />
              </Form.Item>
            )}
            <DayRange label="下单日期" />
            <Form.Item name="ephedrine" label="订单类型">
              <Select placeholder="全部" allowClear style={{ width: 110 }} options={[{ value: '1', label: '含麻订单' }]} />
            </Form.Item>
          </FilterForm>
        }
      />
    </>
  );
}
