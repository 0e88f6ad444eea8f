/**
 * /admin/bundles 组合购 (promotion:write): the bundles of the 组合购 activities, latest first: their goods and
 * numbers, the goods at their own prices, the bundle price and saving, the bundles the stock allows, the
 * activity's state and whether the bundle is on sale; 新增 and 编辑 in a modal, 上架 and 下架, CSV export.
 */
import { Button, Form, Input, Popconfirm, Space, Tag, type TableColumnsType } from 'antd';
import { useState } from 'react';
import type { AdminBundle } from '@core/schemas/admin-promotions';
import type { CsvColumn } from '@/lib/admin/csv';
import { AdminPanel } from '@/ui/admin/AdminPanel';
import { AdminTable } from '@/ui/admin/AdminTable';
import { FilterForm } from '@/ui/admin/FilterForm';
import { BUNDLE_FILTERS, BUNDLES_KEY, getBundles, useShowBundle } from '../api/bundles';
import { BundleModal, type BundleTarget } from '../components/BundleModal';
import '../promotions.css';

const members = (b: AdminBundle) => b.items.map((i) => `${i.name} ${i.ypgg} ×${i.number}`).join(' + ');

const csv: CsvColumn<AdminBundle>[] = [
  { title: 'ID', value: (b) => b.id },
  { title: '组合名称', value: (b) => b.name },
  { title: '组合商品', value: members },
  { title: '单买合计', value: (b) => b.separate_price },
  { title: '组合价', value: (b) => b.price },
  { title: '节省', value: (b) => b.saving },
  { title: '可售套数', value: (b) => b.stock },
  { title: '所属活动', value: (b) => `${b.activity_name}（${b.activity_state}）` },
  { title: '排序', value: (b) => b.sort },
  { title: '状态', value: (b) => (b.is_show ? '已上架' : '已下架') },
];

function ShowButton({ bundle }: { bundle: AdminBundle }) {
  const show = useShowBundle();
  const on = bundle.is_show === 1;
  return (
    <Popconfirm
      title={on ? `下架后买家将看不到“${bundle.name}”，购物车中的该组合也不能再结算，确定下架吗？` : `确定上架“${bundle.name}”吗？`}
      onConfirm={() => show.mutate({ id: bundle.id, show: !on })}
      okText={on ? '下架' : '上架'}
      cancelText="取消"
    >
      <Button type="link" size="small" danger={on} loading={show.isPending} data-testid="bundle-toggle">
        {on ? '下架' : '上架'}
      </Button>
    </Popconfirm>
  );
}

export default function BundlesPage() {
  const [editing, setEditing] = useState<BundleTarget>(null);
  const columns: TableColumnsType<AdminBundle> = [
    { title: 'ID', dataIndex: 'id', width: 64 },
    {
      title: '组合',
      key: 'name',
      render: (_, b) => (
        <div className="yct-admin-bundle__cell" data-testid="bundle-row-name" data-id={b.id}>
          <b>{b.name}</b>
          {b.items.map((i) => (
            <div key={i.goods_id} className="yct-admin-muted">
              {i.name} {i.ypgg} ×{i.number}
              {i.is_on_sale ? null : <Tag style={{ marginLeft: 4 }}>已下架</Tag>}
            </div>
          ))}
        </div>
      ),
    },
    { title: '单买合计', dataIndex: 'separate_price', width: 100, render: (v: string) => `¥${v}` },
    { title: '组合价', dataIndex: 'price', width: 100, render: (v: string) => <b className="yct-admin-red">¥{v}</b> },
    { title: '节省', dataIndex: 'saving', width: 90, render: (v: string) => `¥${v}` },
    { title: '可售套数', dataIndex: 'stock', width: 90, render: (n: number) => (n > 0 ? n : <Tag color="orange">缺货</Tag>) },
    {
      title: '所属活动',
      key: 'activity',
      width: 160,
      render: (_, b) => (
        <span>
          {b.activity_name}
          <Tag color={b.activity_state === '进行中' ? 'green' : 'default'} style={{ marginLeft: 4 }}>
            {b.activity_state}
          </Tag>
        </span>
      ),
    },
    { title: '排序', dataIndex: 'sort', width: 64 },
    {
      title: '状态',
      dataIndex: 'is_show',
      width: 80,
      render: (on: number) => (
        <Tag color={on ? 'green' : 'default'} data-testid="bundle-state">
          {on ? '已上架' : '已下架'}
        </Tag>
      ),
    },
    {
      title: '操作',
      key: 'op',
      width: 120,
      fixed: 'right',
      render: (_, b) => (
        <Space size={0}>
          <Button type="link" size="small" onClick={() => setEditing(b)} data-testid="bundle-edit">
            编辑
          </Button>
          <ShowButton bundle={b} />
        </Space>
      ),
    },
  ];
  return (
    <AdminPanel title="组合购" data-testid="bundles-page">
      <AdminTable<AdminBundle>
        data-testid="bundles-table"
        queryKey={BUNDLES_KEY}
        fetchPage={getBundles}
        filterKeys={BUNDLE_FILTERS}
        rowKey="id"
        columns={columns}
        scrollX={1200}
        csv={{ name: '组合购', columns: csv }}
        emptyText="还没有组合，点“新增组合”创建第一个"
        filters={
          <FilterForm keys={BUNDLE_FILTERS} data-testid="bundles-filters">
            <Form.Item name="keyword" label="名称">
              <Input placeholder="组合名称" allowClear style={{ width: 200 }} />
            </Form.Item>
          </FilterForm>
        }
        actions={
          <Button type="primary" onClick={() => setEditing('new')} data-testid="bundle-new">
            新增组合
          </Button>
        }
      />
      <BundleModal target={editing} onClose={() => setEditing(null)} />
    </AdminPanel>
  );
}
