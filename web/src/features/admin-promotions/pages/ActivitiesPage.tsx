/**
 * /admin/activities 促销活动 (promotion:write): every activity the pricing engine applies (秒杀, 每日特价, 满减,
 * 月月惠, 全场折扣, 满返, 买赠 and 换购, and the 组合购 activities whose bundles 营销活动 › 组合购 composes), latest first, with its window, rules, goods and state;
 * 新增 and 编辑 in a modal, 启用 / 停用, and the goods in a drawer. A change shows in the storefront at once.
 */
import { Button, Form, Input, Popconfirm, Select, Space, Tag, type TableColumnsType } from 'antd';
import { useState } from 'react';
import { ACTIVITY_TYPE_TEXT, type AdminActivity } from '@core/schemas/admin-promotions';
import type { CsvColumn } from '@/lib/admin/csv';
import { AdminPanel } from '@/ui/admin/AdminPanel';
import { AdminTable } from '@/ui/admin/AdminTable';
import { FilterForm } from '@/ui/admin/FilterForm';
import { ACTIVITIES_KEY, ACTIVITY_FILTERS, getActivities, useShowActivity } from '../api/activities';
import { ActivityGoodsDrawer } from '../components/ActivityGoodsDrawer';
import { ActivityModal, type ActivityTarget } from '../components/ActivityModal';
import '../promotions.css';

const STATE_COLOURS: Record<string, string> = { 进行中: 'green', 未开始: 'blue', 已结束: 'default', 已停用: 'default' };
const TYPE_COLOURS: Record<string, string> = {
  spike: 'red',
  everyday: 'gold',
  monthly: 'purple',
  manjian: 'orange',
  welfare: 'volcano',
  cashback: 'magenta',
  gift: 'cyan',
  huangou: 'geekblue',
};

/** The rules in a few words: 满1000减50 / 满500返10 / 9.4折 / 每日 10:00-12:00 / 每月1、15日. */
function rulesText(a: AdminActivity): string {
  if (a.type === 'manjian') return a.tiers.map((t) => `满${t.amount}减${t.value}`).join('，');
  if (a.type === 'cashback') return a.tiers.map((t) => `满${t.amount}返${t.value}`).join('，');
  if (a.type === 'welfare' && a.rate !== null) return `${a.rate / 10}折`;
  if (a.type === 'spike') return `每日 ${a.daily_start}-${a.daily_end}`;
  if (a.type === 'monthly' && a.days.length) return `每月${a.days.join('、')}日`;
  if (a.type === 'huangou' && a.threshold) return `满${a.threshold}可换购`;
  if (a.type === 'gift' && a.gift) {
    const g = a.gift;
    const threshold = g.by === 'amount' ? `${g.threshold}元` : `${g.threshold}件`;
    return `${g.per === 'activity' ? '合并' : '单品'}${g.repeat ? '每满' : '满'}${threshold}赠${g.name}×${g.number}`;
  }
  return a.description;
}

const csv: CsvColumn<AdminActivity>[] = [
  { title: 'ID', value: (a) => a.id },
  { title: '类型', value: (a) => a.type_text },
  { title: '名称', value: (a) => a.name },
  { title: '规则', value: rulesText },
  { title: '开始时间', value: (a) => a.starts_at },
  { title: '结束时间', value: (a) => a.ends_at },
  { title: '商品数', value: (a) => a.goods_count },
  { title: '状态', value: (a) => a.state_text },
];

function ShowSwitch({ activity }: { activity: AdminActivity }) {
  const show = useShowActivity();
  const on = activity.is_show === 1;
  return (
    <Popconfirm
      title={on ? `停用后买家将看不到“${activity.name}”，购物车也不再按它计价，确定停用吗？` : `确定启用“${activity.name}”吗？`}
      onConfirm={() => show.mutate({ id: activity.id, show: !on })}
      okText={on ? '停用' : '启用'}
      cancelText="取消"
    >
      <Button type="link" size="small" danger={on} loading={show.isPending} data-testid="activity-toggle">
        {on ? '停用' : '启用'}
      </Button>
    </Popconfirm>
  );
}

export default function ActivitiesPage() {
  const [editing, setEditing] = useState<ActivityTarget>(null);
  const [goodsOf, setGoodsOf] = useState<AdminActivity | null>(null);
  const columns: TableColumnsType<AdminActivity> = [
    { title: 'ID', dataIndex: 'id', width: 64 },
    { title: '类型', dataIndex: 'type_text', width: 96, render: (t: string, a) => <Tag color={TYPE_COLOURS[a.type] ?? 'default'}>{t}</Tag> },
    {
      title: '名称',
      dataIndex: 'name',
      ellipsis: true,
      render: (name: string, a) => (
        <span data-testid="activity-row-name" data-id={a.id}>
          {name}
        </span>
      ),
    },
    { title: '规则', key: 'rules', ellipsis: true, render: (_, a) => <span title={a.description}>{rulesText(a)}</span> },
    { title: '活动时间', key: 'period', width: 290, render: (_, a) => `${a.starts_at} 至 ${a.ends_at}` },
    { title: '商品数', dataIndex: 'goods_count', width: 80 },
    { title: '排序', dataIndex: 'sort', width: 64 },
    { title: '状态', dataIndex: 'state_text', width: 86, render: (s: string) => <Tag color={STATE_COLOURS[s]}>{s}</Tag> },
    {
      title: '操作',
      key: 'op',
      width: 170,
      fixed: 'right',
      render: (_, a) => (
        <Space size={0}>
          <Button type="link" size="small" onClick={() => setEditing(a)} disabled={!a.editable} data-testid="activity-edit">
            编辑
          </Button>
          <Button type="link" size="small" onClick={() => setGoodsOf(a)} data-testid="activity-goods">
            商品
          </Button>
          <ShowSwitch activity={a} />
        </Space>
      ),
    },
  ];
  return (
    <AdminPanel title="促销活动" data-testid="activities-page">
      <AdminTable<AdminActivity>
        data-testid="activities-table"
        queryKey={ACTIVITIES_KEY}
        fetchPage={getActivities}
        filterKeys={ACTIVITY_FILTERS}
        rowKey="id"
        columns={columns}
        scrollX={1300}
        csv={{ name: '促销活动', columns: csv }}
        emptyText="没有符合条件的活动"
        filters={
          <FilterForm keys={['type', 'keyword']} data-testid="activities-filters">
            <Form.Item name="type" label="类型">
              <Select
                allowClear
                placeholder="全部类型"
                style={{ width: 130 }}
                options={Object.entries(ACTIVITY_TYPE_TEXT).map(([value, label]) => ({ value, label }))}
              />
            </Form.Item>
            <Form.Item name="keyword" label="名称">
              <Input placeholder="活动名称" allowClear style={{ width: 200 }} />
            </Form.Item>
          </FilterForm>
        }
        actions={
          <Button type="primary" onClick={() => setEditing('new')} data-testid="activity-new">
            新增活动
          </Button>
        }
      />
      <ActivityModal target={editing} onClose={() => setEditing(null)} />
      <ActivityGoodsDrawer activity={goodsOf} onClose={() => setGoodsOf(null)} />
    </AdminPanel>
  );
}
