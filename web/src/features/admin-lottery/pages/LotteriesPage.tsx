/**
 * /admin/lottery 抽奖活动 (promotion:write): the lottery activities, latest first, with their period, cost, limits,
 * the eight prizes with their stock and share of the weights, draws and prizes to ship; 新增 and 编辑 in a modal,
 * 启用 / 停用, and each activity's draws in a drawer. A change reaches the storefront's next draw.
 */
import { Button, Form, Input, Popconfirm, Space, Tag, Tooltip, type TableColumnsType } from 'antd';
import { useState } from 'react';
import type { AdminLottery } from '@core/schemas/lottery';
import type { CsvColumn } from '@/lib/admin/csv';
import { AdminPanel } from '@/ui/admin/AdminPanel';
import { AdminTable } from '@/ui/admin/AdminTable';
import { FilterForm } from '@/ui/admin/FilterForm';
import { getLotteries, LOTTERIES_KEY, LOTTERY_FILTERS, useShowLottery } from '../api/lotteries';
import { DrawsDrawer } from '../components/DrawsDrawer';
import { LotteryModal, type LotteryTarget } from '../components/LotteryModal';
import '../lottery.css';

const STATE_COLOURS: Record<string, string> = { 进行中: 'green', 未开始: 'blue', 已结束: 'default', 已停用: 'default' };
const KIND_COLOURS: Record<string, string> = { points: 'gold', red_packet: 'red', coupon: 'volcano', goods: 'blue', none: 'default' };

const costText = (l: AdminLottery) => (l.cost_kind === 'points' ? `${l.cost_points}积分/次` : `每单送${l.draws_per_order}次`);
const limitText = (l: AdminLottery) => `每日${l.daily_limit}次${l.total_limit ? `，共${l.total_limit}次` : ''}`;

const csv: CsvColumn<AdminLottery>[] = [
  { title: 'ID', value: (l) => l.id },
  { title: '名称', value: (l) => l.name },
  { title: '开始时间', value: (l) => l.starts_at },
  { title: '结束时间', value: (l) => l.ends_at },
  { title: '抽奖方式', value: costText },
  { title: '次数限制', value: limitText },
  { title: '奖品', value: (l) => l.prizes.map((p) => `${p.name}(权重${p.weight},库存${p.stock},已中${p.won})`).join('；') },
  { title: '抽奖次数', value: (l) => l.draws },
  { title: '待发货', value: (l) => l.waiting },
  { title: '状态', value: (l) => l.state_text },
];

function ShowSwitch({ lottery }: { lottery: AdminLottery }) {
  const show = useShowLottery();
  const on = lottery.is_show === 1;
  return (
    <Popconfirm
      title={on ? `停用后买家将不能参与“${lottery.name}”，确定停用吗？` : `确定启用“${lottery.name}”吗？`}
      onConfirm={() => show.mutate({ id: lottery.id, show: !on })}
      okText={on ? '停用' : '启用'}
      cancelText="取消"
    >
      <Button type="link" size="small" danger={on} loading={show.isPending} data-testid="lottery-toggle">
        {on ? '停用' : '启用'}
      </Button>
    </Popconfirm>
  );
}

export default function LotteriesPage() {
  const [editing, setEditing] = useState<LotteryTarget>(null);
  const [drawsOf, setDrawsOf] = useState<AdminLottery | null>(null);
  const columns: TableColumnsType<AdminLottery> = [
    { title: 'ID', dataIndex: 'id', width: 56 },
    {
      title: '活动名称',
      dataIndex: 'name',
      width: 200,
      render: (name: string, l) => (
        <div data-testid="lottery-row-name" data-id={l.id}>
          <div>{name}</div>
          <div className="yct-admin-muted">{l.remarks}</div>
        </div>
      ),
    },
    {
      title: '活动时间',
      key: 'period',
      width: 150,
      render: (_, l) => (
        <div className="yct-admin-muted">
          {l.starts_at}
          <br />至 {l.ends_at}
        </div>
      ),
    },
    { title: '抽奖方式', key: 'cost', width: 110, render: (_, l) => costText(l) },
    { title: '次数限制', key: 'limit', width: 120, render: (_, l) => limitText(l) },
    {
      title: '奖品（剩余库存 / 中奖率）',
      key: 'prizes',
      width: 420,
      render: (_, l) => (
        <div className="yct-admin-lottery__prizes">
          {l.prizes.map((p) => (
            <Tooltip key={p.slot} title={`权重 ${p.weight}，已中 ${p.won}`}>
              <Tag color={KIND_COLOURS[p.kind]} data-testid="lottery-prize">
                {p.name}
                {p.kind === 'none' ? '' : ` ×${p.stock}`} · {p.chance}
              </Tag>
            </Tooltip>
          ))}
        </div>
      ),
    },
    {
      title: '抽奖 / 待发货',
      key: 'draws',
      width: 100,
      render: (_, l) => (
        <span>
          {l.draws} / <b className={l.waiting ? 'yct-admin-red' : undefined}>{l.waiting}</b>
        </span>
      ),
    },
    { title: '状态', dataIndex: 'state_text', width: 80, render: (s: string) => <Tag color={STATE_COLOURS[s]}>{s}</Tag> },
    {
      title: '操作',
      key: 'op',
      width: 170,
      fixed: 'right',
      render: (_, l) => (
        <Space size={0}>
          <Button type="link" size="small" onClick={() => setEditing(l)} data-testid="lottery-edit">
            编辑
          </Button>
          <ShowSwitch lottery={l} />
          <Button type="link" size="small" onClick={() => setDrawsOf(l)} data-testid="lottery-draws">
            抽奖记录
          </Button>
        </Space>
      ),
    },
  ];
  return (
    <AdminPanel title="抽奖活动" data-testid="lotteries-page">
      <AdminTable<AdminLottery>
        data-testid="lotteries-table"
        queryKey={LOTTERIES_KEY}
        fetchPage={getLotteries}
        filterKeys={LOTTERY_FILTERS}
        rowKey="id"
        columns={columns}
        scrollX={1450}
        csv={{ name: '抽奖活动', columns: csv }}
        emptyText="还没有抽奖活动，点“新增抽奖活动”创建第一个"
        filters={
          <FilterForm keys={['keyword']} data-testid="lotteries-filters">
            <Form.Item name="keyword" label="名称">
              <Input placeholder="活动名称" allowClear style={{ width: 200 }} />
            </Form.Item>
          </FilterForm>
        }
        actions={
          <Button type="primary" onClick={() => setEditing('new')} data-testid="lottery-new">
            新增抽奖活动
          </Button>
        }
      />
      <LotteryModal target={editing} onClose={() => setEditing(null)} />
      <DrawsDrawer lottery={drawsOf} onClose={() => setDrawsOf(null)} />
    </AdminPanel>
  );
}
