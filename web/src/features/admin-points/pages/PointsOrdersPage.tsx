/**
 * /admin/points-orders 积分订单 (promotion:write): the redemption records, newest first, by status, kind, days and
 * keyword (order number, goods, buyer), exported as CSV; 发货 or 取消 (points and cash back) for a physical order
 * waiting to ship.
 */
import { Button, Form, Input, Select, Space, Tag, type TableColumnsType } from 'antd';
import { useState } from 'react';
import type { AdminPointsOrder } from '@core/schemas/points';
import type { CsvColumn } from '@/lib/admin/csv';
import { AdminPanel } from '@/ui/admin/AdminPanel';
import { AdminTable } from '@/ui/admin/AdminTable';
import { DayRange, FilterForm } from '@/ui/admin/FilterForm';
import { getPointsOrders, POINTS_ORDER_FILTERS, POINTS_ORDERS_KEY } from '../api/points-orders';
import { CancelModal } from '../components/CancelModal';
import { ShipModal } from '../components/ShipModal';
import { KIND_COLOURS, KIND_OPTIONS, priceText, STATUS_COLOURS, timeText } from '../lib/labels';
import '../admin-points.css';

const where = (o: AdminPointsOrder) => (o.kind === 'physical' ? `${o.consignee} ${o.phone} ${o.address}` : o.credited);

const csv: CsvColumn<AdminPointsOrder>[] = [
  { title: '订单号', value: (o) => o.order_no },
  { title: '兑换时间', value: (o) => timeText(o.created_at) },
  { title: '客户', value: (o) => o.company },
  { title: '用户名', value: (o) => o.username },
  { title: '商品', value: (o) => o.goods_name },
  { title: '类型', value: (o) => o.kind_text },
  { title: '数量', value: (o) => o.number },
  { title: '消耗积分', value: (o) => o.points },
  { title: '加价(元)', value: (o) => o.cash },
  { title: '状态', value: (o) => o.status_text },
  { title: '收货/到账', value: where },
  { title: '物流公司', value: (o) => o.carrier },
  { title: '运单号', value: (o) => o.tracking_no },
  { title: '发货时间', value: (o) => timeText(o.shipped_at) },
  { title: '取消原因', value: (o) => o.cancel_reason },
];

export default function PointsOrdersPage() {
  const [shipping, setShipping] = useState<AdminPointsOrder | null>(null);
  const [cancelling, setCancelling] = useState<AdminPointsOrder | null>(null);
  const columns: TableColumnsType<AdminPointsOrder> = [
    {
      title: '订单号 / 时间',
      key: 'no',
      width: 190,
      render: (_, o) => (
        <div className="yct-admin-points__no">
          <span data-testid="points-order-row-no" data-id={o.id}>
            {o.order_no}
          </span>
          <small>{timeText(o.created_at)}</small>
        </div>
      ),
    },
    {
      title: '客户',
      key: 'buyer',
      width: 170,
      ellipsis: true,
      render: (_, o) => (
        <div className="yct-admin-points__no">
          <span>{o.company}</span>
          <small>{o.username}</small>
        </div>
      ),
    },
    {
      title: '兑换商品',
      key: 'goods',
      render: (_, o) => (
        <div className="yct-admin-points__goods">
          <img src={o.goods_picture} alt="" />
          <span>
            {o.goods_name} × {o.number} <Tag color={KIND_COLOURS[o.kind]}>{o.kind_text}</Tag>
          </span>
        </div>
      ),
    },
    { title: '消耗', key: 'spent', width: 130, render: (_, o) => <b className="yct-admin-points__price">{priceText(o.points, o.cash)}</b> },
    {
      title: '状态',
      dataIndex: 'status_text',
      width: 84,
      render: (t: string, o) => (
        <Tag color={STATUS_COLOURS[o.status]} data-testid="points-order-row-status">
          {t}
        </Tag>
      ),
    },
    {
      title: '收货 / 物流',
      key: 'where',
      width: 220,
      render: (_, o) =>
        o.kind === 'physical' ? (
          <div className="yct-admin-points__no">
            <span>{`${o.consignee} ${o.phone}`}</span>
            <small title={o.address}>{o.address}</small>
            {o.tracking_no ? <small data-testid="points-order-row-tracking">{`${o.carrier} ${o.tracking_no}`}</small> : null}
            {o.cancel_reason ? <small className="yct-admin-red" data-testid="points-order-row-cancel">{`取消原因：${o.cancel_reason}`}</small> : null}
          </div>
        ) : (
          <span className="yct-admin-points__credited">{o.credited}</span>
        ),
    },
    {
      title: '操作',
      key: 'op',
      width: 110,
      fixed: 'right',
      render: (_, o) =>
        o.kind === 'physical' && o.status === 0 ? (
          <Space size={0}>
            <Button type="link" size="small" onClick={() => setShipping(o)} data-testid="points-order-ship">
              发货
            </Button>
            <Button type="link" size="small" danger onClick={() => setCancelling(o)} data-testid="points-order-cancel">
              取消
            </Button>
          </Space>
        ) : null,
    },
  ];
  return (
    <AdminPanel title="积分订单" data-testid="points-orders-page">
      <AdminTable<AdminPointsOrder>
        data-testid="points-orders-table"
        queryKey={POINTS_ORDERS_KEY}
        fetchPage={getPointsOrders}
        filterKeys={POINTS_ORDER_FILTERS}
        rowKey="id"
        columns={columns}
        scrollX={1100}
        csv={{ name: '积分兑换记录', columns: csv }}
        emptyText="暂无积分订单"
        filters={
          <FilterForm keys={POINTS_ORDER_FILTERS} data-testid="points-orders-filters">
            <Form.Item name="keyword" label="关键词">
              <Input placeholder="订单号、商品或客户" allowClear style={{ width: 200 }} data-testid="points-orders-keyword" />
            </Form.Item>
            <Form.Item name="status" label="状态">
              <Select
                allowClear
                placeholder="全部"
                style={{ width: 110 }}
                options={[
                  { value: '0', label: '待发货' },
                  { value: '1', label: '已发货' },
                  { value: '2', label: '已完成' },
                  { value: '3', label: '已取消' },
                ]}
                data-testid="points-orders-status"
              />
            </Form.Item>
            <Form.Item name="kind" label="类型">
              <Select allowClear placeholder="全部" style={{ width: 110 }} options={KIND_OPTIONS} />
            </Form.Item>
            <DayRange label="兑换日期" />
          </FilterForm>
        }
      />
      <ShipModal order={shipping} onClose={() => setShipping(null)} />
      <CancelModal order={cancelling} onClose={() => setCancelling(null)} />
    </AdminPanel>
  );
}
