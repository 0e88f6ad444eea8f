/**
 * An activity's draws in a drawer: filtered by state, prize kind and buyer, exported as CSV, and 发货 for a
 * physical prize whose address the buyer gave (carrier and tracking number).
 */
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { App, Button, Drawer, Form, Space, Table, Tag, type TableColumnsType } from 'antd';
import { useEffect, useState } from 'react';
import type { AdminDraw, AdminLottery } from '@core/schemas/lottery';
import { fetchAllRows, saveCsv, toCsv, type CsvColumn } from '@/lib/admin/csv';
import { chinaMinute } from '@/lib/china-time';
import { errorText } from '@/lib/admin/http';
import { ActionFormModal } from '@/ui/admin/ActionFormModal';
import { LoadFailed } from '@/ui/admin/LoadFailed';
import { ShipFields, shipValues } from '@/ui/admin/ShipFields';
import { getDraws, LOTTERIES_KEY, useShipDraw, type DrawFilters } from '../api/lotteries';
import { DrawsFilters } from './DrawsFilters';
import { answerPagination } from '@/ui/admin/answer-pagination';

const STATUS_COLOURS: Record<string, string> = { 已发放: 'green', 待填写地址: 'orange', 待发货: 'blue', 已发货: 'cyan', 未中奖: 'default' };

const time = chinaMinute;

const csv: CsvColumn<AdminDraw>[] = [
  { title: 'ID', value: (d) => d.id },
  { title: '抽奖时间', value: (d) => time(d.created_at) },
  { title: '客户', value: (d) => d.company },
  { title: '用户名', value: (d) => d.username },
  { title: '手机号', value: (d) => d.user_phone },
  { title: '奖品', value: (d) => d.prize_name },
  { title: '消耗', value: (d) => d.cost_text },
  { title: '状态', value: (d) => d.status_text },
  { title: '收货人', value: (d) => d.consignee },
  { title: '收货电话', value: (d) => d.phone },
  { title: '收货地址', value: (d) => d.address },
  { title: '快递公司', value: (d) => d.carrier },
  { title: '快递单号', value: (d) => d.tracking_no },
  { title: '发货时间', value: (d) => time(d.shipped_at) },
];

function ShipModal({ draw, onClose }: { draw: AdminDraw | null; onClose: () => void }) {
  const ship = useShipDraw();
  return (
    <ActionFormModal<{ carrier: string; tracking_no: string }>
      open={draw !== null}
      title={`发货：${draw?.prize_name ?? ''}`}
      okText="确认发货"
      onClose={onClose}
      note={draw ? `收货人：${draw.consignee} ${draw.phone}，${draw.address}` : null}
      submit={async (v) => draw && ship.mutateAsync({ id: draw.id, body: shipValues(v) })}
      done={() => `已发货：${draw?.prize_name ?? ''}`}
      testId="prize-ship"
    >
      <ShipFields testId="prize-ship" />
    </ActionFormModal>
  );
}

function drawColumns(onShip: (draw: AdminDraw) => void): TableColumnsType<AdminDraw> {
  return [
    { title: 'ID', dataIndex: 'id', width: 64 },
    { title: '抽奖时间', dataIndex: 'created_at', width: 136, render: (v: number) => time(v) },
    {
      title: '客户',
      key: 'buyer',
      width: 220,
      render: (_, d) => (
        <div>
          <div>{d.company}</div>
          <div className="yct-admin-muted">
            {d.username} {d.user_phone}
          </div>
        </div>
      ),
    },
    { title: '奖品', dataIndex: 'prize_name', width: 150 },
    { title: '消耗', dataIndex: 'cost_text', width: 70 },
    {
      title: '状态',
      dataIndex: 'status_text',
      width: 96,
      render: (v: string) => (
        <Tag color={STATUS_COLOURS[v]} data-testid="draw-status">
          {v}
        </Tag>
      ),
    },
    {
      title: '收货 / 物流',
      key: 'ship',
      render: (_, d) =>
        d.status >= 2 ? (
          <div className="yct-admin-draws__ship">
            <div>
              {d.consignee} {d.phone}
            </div>
            <div className="yct-admin-muted">{d.address}</div>
            {d.status === 3 ? (
              <div>
                {d.carrier} {d.tracking_no}
              </div>
            ) : null}
          </div>
        ) : (
          <span className="yct-admin-muted">{d.status === 1 ? '等待买家填写地址' : '—'}</span>
        ),
    },
    {
      title: '操作',
      key: 'op',
      width: 80,
      render: (_, d) =>
        d.status === 2 ? (
          <Button type="link" size="small" onClick={() => onShip(d)} data-testid="draw-ship">
            发货
          </Button>
        ) : null,
    },
  ];
}

export function DrawsDrawer({ lottery, onClose }: { lottery: AdminLottery | null; onClose: () => void }) {
  const [page, setPage] = useState(1);
  const [filters, setFilters] = useState<DrawFilters>({});
  const [shipping, setShipping] = useState<AdminDraw | null>(null);
  const [exporting, setExporting] = useState(false);
  const [form] = Form.useForm<DrawFilters>();
  const { message } = App.useApp();
  useEffect(() => {
    setPage(1);
    setFilters({});
    form.resetFields();
  }, [lottery, form]);
  const id = lottery?.id ?? 0;
  const draws = useQuery({
    queryKey: [...LOTTERIES_KEY, 'draws', id, page, filters],
    queryFn: ({ signal }) => getDraws(id, page, filters, signal),
    enabled: Boolean(lottery),
    placeholderData: keepPreviousData,
  });

  const exportCsv = async () => {
    setExporting(true);
    try {
      const { rows } = await fetchAllRows((p) => getDraws(id, p, filters));
      if (!rows.length) return void message.info('没有可导出的数据');
      saveCsv(`抽奖记录-${lottery?.name ?? ''}`, await toCsv(csv, rows));
      void message.success(`已导出 ${rows.length} 条`);
    } catch (e) {
      void message.error(`导出失败：${errorText(e)}`);
    } finally {
      setExporting(false);
    }
  };

  const columns = drawColumns(setShipping);

  const answer = draws.data;
  return (
    <Drawer open={Boolean(lottery)} onClose={onClose} size={1100} title={`抽奖记录：${lottery?.name ?? ''}`} destroyOnHidden>
      <div data-testid="draws-drawer">
        <div className="yct-admin-toolbar">
          <DrawsFilters
            form={form}
            onSearch={(next) => {
              setPage(1);
              setFilters(next);
            }}
          />
          <Space>
            <Button onClick={() => void exportCsv()} loading={exporting} disabled={!answer?.total} data-testid="draws-export">
              导出CSV
            </Button>
          </Space>
        </div>
        {draws.isError && !answer ? (
          <LoadFailed error={draws.error} onRetry={() => void draws.refetch()} retrying={draws.isFetching} />
        ) : (
          <Table<AdminDraw>
            size="small"
            rowKey="id"
            columns={columns}
            dataSource={answer?.data ?? []}
            loading={draws.isFetching}
            locale={{ emptyText: draws.isPending ? ' ' : '暂无抽奖记录' }}
            data-testid="draws-table"
            pagination={answerPagination(answer, setPage)}
          />
        )}
      </div>
      <ShipModal draw={shipping} onClose={() => setShipping(null)} />
    </Drawer>
  );
}
