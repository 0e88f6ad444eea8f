/**
 * 质量管理 › 近效期报表: batches on hand expiring within 30, 90 or 180 days (expired ones included), the first
 * expiring first, with units and their value at the selling price; 导出Excel of the whole window.
 */
import { DownloadOutlined } from '@ant-design/icons';
import { App, Alert, Button, Segmented, Statistic, Table, type TableColumnsType } from 'antd';
import { useState } from 'react';
import { NEAR_EXPIRY_WINDOWS, type NearExpiryRow } from '@core/schemas/quality';
import { errorText } from '@/lib/admin/http';
import { chinaNow } from '@/lib/china-time';
import { AdminPanel } from '@/ui/admin/AdminPanel';
import { LoadFailed } from '@/ui/admin/LoadFailed';
import { downloadExcel, useNearExpiry } from '../api/batches';
import { BatchStatusTag, ExpiryCell } from '../components/BatchParts';
import '../admin-quality.css';
import { answerPagination } from '@/ui/admin/answer-pagination';

const columns: TableColumnsType<NearExpiryRow> = [
  {
    title: '商品',
    key: 'goods',
    width: 300,
    render: (_, b) => (
      <div className="yct-aq-stack">
        <b>{b.name}</b>
        <span className="yct-muted">
          {b.ypgg} · {b.sccj}
        </span>
      </div>
    ),
  },
  { title: '批号', dataIndex: 'batch_no', width: 120, render: (n: string) => <b className="yct-aq-mono">{n}</b> },
  { title: '效期至', key: 'xq', width: 110, render: (_, b) => <ExpiryCell batch={b} /> },
  { title: '状态', key: 'status', width: 80, render: (_, b) => <BatchStatusTag batch={b} /> },
  { title: '在库', key: 'quantity', width: 90, align: 'right', render: (_, b) => `${b.quantity}${b.bzdw}` },
  { title: '订单占用', key: 'held', width: 90, align: 'right', render: (_, b) => (b.held ? `${b.held}${b.bzdw}` : <span className="yct-muted">0</span>) },
  { title: '售价', dataIndex: 'price', width: 90, align: 'right', render: (p: string) => `¥${p}` },
  { title: '货值（按售价）', dataIndex: 'value', width: 120, align: 'right', render: (v: string) => <b className="yct-aq-money">¥{v}</b> },
  { title: '供货单位', dataIndex: 'supplier', ellipsis: true },
];

export default function NearExpiryPage() {
  const [days, setDays] = useState<number>(90);
  const [page, setPage] = useState(1);
  const report = useNearExpiry(days, page);
  const { message } = App.useApp();
  const [exporting, setExporting] = useState(false);
  const r = report.data;
  const exportAll = async () => {
    setExporting(true);
    try {
      await downloadExcel('/api/admin/quality/near_expiry/export', { days }, `近效期报表-${days}天-${chinaNow('YYYYMMDD')}.xlsx`);
    } catch (e) {
      void message.error(`导出失败：${errorText(e)}`);
    } finally {
      setExporting(false);
    }
  };
  return (
    <AdminPanel
      title="近效期报表"
      extra={
        <Button icon={<DownloadOutlined />} onClick={() => void exportAll()} loading={exporting} disabled={!r?.total} data-testid="near-export">
          导出Excel
        </Button>
      }
      data-testid="near-expiry"
    >
      <div className="yct-aq-toolbar">
        <Segmented<number>
          value={days}
          onChange={(v) => {
            setDays(v);
            setPage(1);
          }}
          options={NEAR_EXPIRY_WINDOWS.map((d) => ({ value: d, label: `${d}天内到期` }))}
          data-testid="near-days"
        />
        <div className="yct-aq-stats">
          <Statistic title="批次数" value={r?.total ?? 0} loading={report.isPending} />
          <Statistic title="在库数量" value={r?.units ?? 0} loading={report.isPending} />
          <Statistic title="货值（按当前售价）" prefix="¥" value={r?.value ?? '0.00'} loading={report.isPending} data-testid="near-value" />
        </div>
      </div>
      <Alert
        type="info"
        showIcon
        className="yct-aq-alert"
        title="含已过期批次（不含已判定不合格的批次）；货值 = 在库数量 × 商品当前售价，系统不记录进货成本。"
      />
      {report.isError ? (
        <LoadFailed error={report.error} onRetry={() => void report.refetch()} retrying={report.isFetching} />
      ) : (
        <Table<NearExpiryRow>
          size="small"
          rowKey="id"
          columns={columns}
          dataSource={r?.data ?? []}
          loading={report.isFetching}
          rowClassName={(b) => (b.days_left < 0 ? 'yct-aq-row-expired' : b.days_left <= 30 ? 'yct-aq-row-near' : '')}
          locale={{ emptyText: report.isPending ? ' ' : `${days}天内没有到期的批次` }}
          pagination={answerPagination(r, setPage, { onlyWhenPaged: true, totalText: (t) => `共 ${t} 个批次` })}
          data-testid="near-table"
        />
      )}
    </AdminPanel>
  );
}
