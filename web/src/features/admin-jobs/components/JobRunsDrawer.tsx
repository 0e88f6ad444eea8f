/** A job's runs in a drawer, newest first, 20 a page: when, which process, how long, the outcome, the count and the error. */
import { useQuery } from '@tanstack/react-query';
import { Drawer, Empty, Table, Typography, type TableColumnsType } from 'antd';
import { useState } from 'react';
import type { JobView } from '@core/schemas/jobs';
import { formatTime } from '@/lib/admin/format';
import { LoadFailed } from '@/ui/admin/LoadFailed';
import { jobRunsQuery, type JobRunRow } from '../api/get-job-runs';
import { durationText, periodText } from '../lib/format';
import { OutcomeTag } from './JobCells';
import { answerPagination } from '@/ui/admin/answer-pagination';

const COLUMNS: TableColumnsType<JobRunRow> = [
  { title: '开始时间', dataIndex: 'started_at', width: 160, render: (t: number) => formatTime(t) },
  { title: '进程', dataIndex: 'owner', width: 230, ellipsis: true, render: (owner: string) => <span className="yct-admin-jobs__code">{owner}</span> },
  { title: '用时', dataIndex: 'duration_ms', width: 90, align: 'right', render: (ms: number) => durationText(ms) },
  { title: '结果', dataIndex: 'outcome', width: 70, render: (outcome: JobRunRow['outcome']) => <OutcomeTag outcome={outcome} /> },
  { title: '处理数', dataIndex: 'count', width: 80, align: 'right' },
  {
    title: '错误',
    dataIndex: 'error',
    render: (error: string | null) =>
      error ? (
        <Typography.Text type="danger" ellipsis={{ tooltip: error }} className="yct-admin-jobs__run-error">
          {error}
        </Typography.Text>
      ) : (
        <span className="yct-admin-muted">—</span>
      ),
  },
];

/** One job's runs; a job of its own starts again at page 1 (the drawer keys it by name). */
function RunsTable({ name }: { name: string }) {
  const [page, setPage] = useState(1);
  const runs = useQuery(jobRunsQuery(name, page));
  const answer = runs.data;
  if (runs.isError && !answer) return <LoadFailed error={runs.error} onRetry={() => void runs.refetch()} retrying={runs.isFetching} />;
  return (
    <Table<JobRunRow>
      size="small"
      rowKey="id"
      columns={COLUMNS}
      dataSource={answer?.data ?? []}
      loading={runs.isPending || runs.isPlaceholderData}
      locale={{
        emptyText: runs.isPending ? <div className="yct-admin-table__waiting" /> : <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="暂无运行记录" />,
      }}
      data-testid="job-runs-table"
      pagination={answerPagination(answer, setPage, { totalText: (total) => `共 ${total} 条（保留两周）` })}
    />
  );
}

export function JobRunsDrawer({ job, onClose }: { job: JobView | null; onClose: () => void }) {
  return (
    <Drawer
      open={job !== null}
      onClose={onClose}
      size={960}
      title={`运行记录：${job?.title ?? ''}`}
      extra={
        job ? (
          <span className="yct-admin-muted">
            {job.name} · {periodText(job.every_s)}
          </span>
        ) : null
      }
      destroyOnHidden
      data-testid="job-runs-drawer"
    >
      {job ? <RunsTable key={job.name} name={job.name} /> : null}
    </Drawer>
  );
}
