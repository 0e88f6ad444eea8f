/**
 * /admin/points-goods 积分商城 (promotion:write): the points goods with their price in points and cash, stock,
 * what was redeemed and the per-account limit; 新增 and 编辑 in a modal, 上架 / 下架 at once. What buyers see on
 * /jfsc comes from here.
 */
import { App, Button, Form, Input, Popconfirm, Select, Space, Tag, type TableColumnsType } from 'antd';
import { useState } from 'react';
import type { AdminPointsGoods } from '@core/schemas/points';
import type { CsvColumn } from '@/lib/admin/csv';
import { AdminPanel } from '@/ui/admin/AdminPanel';
import { AdminTable } from '@/ui/admin/AdminTable';
import { FilterForm } from '@/ui/admin/FilterForm';
import { getPointsGoods, POINTS_GOODS_FILTERS, POINTS_GOODS_KEY, useShowPointsGoods } from '../api/points-goods';
import { PointsGoodsModal, type PointsGoodsTarget } from '../components/PointsGoodsModal';
import { KIND_COLOURS, KIND_OPTIONS, priceText } from '../lib/labels';
import '../admin-points.css';

const gives = (g: AdminPointsGoods) => (g.kind === 'coupon' ? g.coupon_name : g.kind === 'red_packet' ? `¥${g.red_packet} 红包` : '—');

const csv: CsvColumn<AdminPointsGoods>[] = [
  { title: 'ID', value: (g) => g.id },
  { title: '名称', value: (g) => g.name },
  { title: '类型', value: (g) => g.kind_text },
  { title: '兑换内容', value: gives },
  { title: '所需积分', value: (g) => g.points },
  { title: '加价(元)', value: (g) => g.cash },
  { title: '库存', value: (g) => g.stock },
  { title: '已兑换', value: (g) => g.redeemed },
  { title: '每人限兑', value: (g) => g.per_user || '不限' },
  { title: '状态', value: (g) => (g.is_show ? '上架' : '下架') },
];

function ShelfButton({ goods: g }: { goods: AdminPointsGoods }) {
  const show = useShowPointsGoods();
  const { message } = App.useApp();
  const next = g.is_show ? 0 : 1;
  return (
    <Popconfirm
      title={next ? `上架“${g.name}”？` : `下架“${g.name}”？`}
      description={next ? '上架后买家立即可在积分商城兑换' : '下架后买家立即看不到该商品，已兑换的订单不受影响'}
      onConfirm={() => show.mutateAsync({ id: g.id, show: next }).then(() => void message.success(next ? '已上架' : '已下架'))}
    >
      <Button type="link" size="small" loading={show.isPending} data-testid="points-goods-shelf">
        {next ? '上架' : '下架'}
      </Button>
    </Popconfirm>
  );
}

export default function PointsGoodsPage() {
  const [editing, setEditing] = useState<PointsGoodsTarget>(null);
  const columns: TableColumnsType<AdminPointsGoods> = [
    { title: 'ID', dataIndex: 'id', width: 64 },
    {
      title: '商品',
      key: 'goods',
      render: (_, g) => (
        <div className="yct-admin-points__goods">
          <img src={g.picture} alt="" />
          <span data-testid="points-goods-row-name" data-id={g.id}>
            {g.name}
          </span>
        </div>
      ),
    },
    { title: '类型', dataIndex: 'kind_text', width: 96, render: (t: string, g) => <Tag color={KIND_COLOURS[g.kind]}>{t}</Tag> },
    { title: '兑换内容', key: 'gives', width: 150, ellipsis: true, render: (_, g) => gives(g) },
    { title: '兑换价格', key: 'price', width: 150, render: (_, g) => <b className="yct-admin-points__price">{priceText(g.points, g.cash)}</b> },
    { title: '库存', dataIndex: 'stock', width: 76, render: (n: number) => (n > 0 ? n : <Tag color="default">已兑完</Tag>) },
    { title: '已兑换', dataIndex: 'redeemed', width: 76 },
    { title: '每人限兑', dataIndex: 'per_user', width: 84, render: (n: number) => n || '不限' },
    { title: '排序', dataIndex: 'sort', width: 60 },
    { title: '状态', dataIndex: 'is_show', width: 76, render: (s: number) => (s ? <Tag color="green">上架</Tag> : <Tag>下架</Tag>) },
    {
      title: '操作',
      key: 'op',
      width: 110,
      fixed: 'right',
      render: (_, g) => (
        <Space size={0}>
          <Button type="link" size="small" onClick={() => setEditing(g)} data-testid="points-goods-edit">
            编辑
          </Button>
          <ShelfButton goods={g} />
        </Space>
      ),
    },
  ];
  return (
    <AdminPanel title="积分商城" data-testid="points-goods-page">
      <AdminTable<AdminPointsGoods>
        data-testid="points-goods-table"
        queryKey={POINTS_GOODS_KEY}
        fetchPage={getPointsGoods}
        filterKeys={POINTS_GOODS_FILTERS}
        rowKey="id"
        columns={columns}
        scrollX={1100}
        csv={{ name: '积分商品', columns: csv }}
        emptyText="还没有积分商品，点“新增积分商品”上架第一件"
        filters={
          <FilterForm keys={POINTS_GOODS_FILTERS} data-testid="points-goods-filters">
            <Form.Item name="keyword" label="名称">
              <Input placeholder="商品名称" allowClear style={{ width: 180 }} />
            </Form.Item>
            <Form.Item name="kind" label="类型">
              <Select allowClear placeholder="全部" style={{ width: 120 }} options={KIND_OPTIONS} />
            </Form.Item>
            <Form.Item name="is_show" label="状态">
              <Select
                allowClear
                placeholder="全部"
                style={{ width: 100 }}
                options={[
                  { value: '1', label: '上架' },
                  { value: '0', label: '下架' },
                ]}
              />
            </Form.Item>
          </FilterForm>
        }
        actions={
          <Button type="primary" onClick={() => setEditing('new')} data-testid="points-goods-new">
            新增积分商品
          </Button>
        }
      />
      <PointsGoodsModal target={editing} onClose={() => setEditing(null)} />
    </AdminPanel>
  );
}
