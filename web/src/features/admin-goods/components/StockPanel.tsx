/**
 * 库存: the stock now, what open orders hold, a change by hand (stock:write) into a batch or first-expiring-first-out,
 * with a required reason and a confirmation, and the log of changes with the batch each touched, paged.
 */
import { useQuery } from '@tanstack/react-query';
import { Card, Statistic, Table, type TableColumnsType } from 'antd';
import { useState } from 'react';
import { Link } from 'react-router';
import type { AdminGoodsDetail, StockLogEntry } from '@core/schemas/admin-goods';
import { formatTime } from '@/lib/admin/format';
import { useCan } from '@/lib/admin/me';
import { LoadFailed } from '@/ui/admin/LoadFailed';
import { stockLogQuery } from '../api/change-stock';
import { StockForm } from './StockForm';
import { answerPagination } from '@/ui/admin/answer-pagination';

const columns: TableColumnsType<StockLogEntry> = [
  { title: '时间', dataIndex: 'created_at', width: 160, render: (t: number) => formatTime(t) },
  {
    title: '变动',
    dataIndex: 'delta',
    width: 90,
    align: 'right',
    render: (d: number) => <span className={d > 0 ? 'yct-admin-goods__up' : 'yct-admin-goods__down'}>{d > 0 ? `+${d}` : d}</span>,
  },
  {
    title: '批号',
    dataIndex: 'batch_no',
    width: 130,
    render: (no: string | null) =>
      no ? (
        <span className="yct-admin-goods__mono">{no}</span>
      ) : (
        <span className="yct-muted" title="按效期先进先出，从多个批号扣减，或批次启用前的记录">
          多个批号
        </span>
      ),
  },
  { title: '可售库存', dataIndex: 'stock_after', width: 90, align: 'right' },
  { title: '原因', dataIndex: 'reason', ellipsis: true },
  { title: '操作员', dataIndex: 'operator_name', width: 110, render: (n: string) => n || '系统' },
];

export function StockPanel({ goods }: { goods: AdminGoodsDetail }) {
  const mayChange = useCan('stock:write');
  const [page, setPage] = useState(1);
  const log = useQuery(stockLogQuery(goods.id, page));
  return (
    <Card
      size="small"
      title="库存"
      id="stock"
      className="yct-admin-goods__card"
      extra={
        <Link to={`/admin/batches?goods_id=${goods.id}`} data-testid="stock-batches">
          批次与效期 ›
        </Link>
      }
      data-testid="stock-panel"
    >
      <div className="yct-admin-goods__stock-head">
        <Statistic title="当前库存" value={goods.number} suffix={goods.bzdw} data-testid="stock-number" />
        <Statistic title="待付款/待发货订单占用" value={goods.held_number} suffix={goods.bzdw} />
        <Statistic title="累计销量" value={goods.sales} suffix={goods.bzdw} />
        <p className="yct-muted">下单时即从库存扣减，订单取消后退回；当前库存为可售数量。</p>
      </div>
      {mayChange ? <StockForm goods={goods} /> : null}
      <h3 className="yct-admin-goods__subtitle">库存流水</h3>
      {log.isError && !log.data ? (
        <LoadFailed error={log.error} onRetry={() => void log.refetch()} retrying={log.isFetching} />
      ) : (
        <Table<StockLogEntry>
          size="small"
          rowKey="id"
          columns={columns}
          dataSource={log.data?.data ?? []}
          loading={log.isFetching}
          locale={{ emptyText: log.isPending ? ' ' : '暂无库存调整记录' }}
          pagination={answerPagination(log.data, setPage, { onlyWhenPaged: true })}
          data-testid="stock-log"
        />
      )}
    </Card>
  );
}
