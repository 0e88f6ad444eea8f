/**
 * /admin/jobs (job:read): the background jobs the server processes share (docs/decisions/040): each one's period,
 * next run or the process running it, last run (查看错误 beside a failure) and totals, fetched again every 10 s
 * while the page is open; a job's name opens its runs, and 立即运行 (job:run) makes it due now.
 */
import { ReloadOutlined } from '@ant-design/icons';
import { useQueryClient } from '@tanstack/react-query';
import { App, Button, Divider, Space, type TableColumnsType } from 'antd';
import { useState } from 'react';
import type { JobView } from '@core/schemas/jobs';
import { onePage } from '@/lib/admin/list';
import { useCan } from '@/lib/admin/me';
import { AdminPanel } from '@/ui/admin/AdminPanel';
import { AdminTable } from '@/ui/admin/AdminTable';
import { ConfirmButton } from '@/ui/admin/ConfirmButton';
import { getJobs, JOBS_KEY, JOBS_REFRESH_MS } from '../api/get-jobs';
import { useRunJob } from '../api/run-job';
import { JobRunsDrawer } from '../components/JobRunsDrawer';
import { LastRun, NextRun, Totals } from '../components/JobCells';
import { periodText } from '../lib/format';
import '../jobs.css';

const LIST_KEY = [...JOBS_KEY, 'list'] as const;

const fetchJobs = async (_query: unknown, signal?: AbortSignal) => onePage((await getJobs(signal)).list);

export default function JobsPage() {
  const mayRun = useCan('job:run');
  const run = useRunJob();
  const [opened, setOpened] = useState<JobView | null>(null);
  const queryClient = useQueryClient();
  const [refreshing, setRefreshing] = useState(false);
  const { message } = App.useApp();

  // Only a refresh asked for turns the button: the one every 10 s passes unseen.
  const refresh = async () => {
    setRefreshing(true);
    try {
      await queryClient.invalidateQueries({ queryKey: JOBS_KEY });
    } finally {
      setRefreshing(false);
    }
  };

  const runNow = async (job: JobView) => {
    await run.mutateAsync(job.name);
    void message.success(`「${job.title}」已安排，几秒内由一个服务进程运行`);
  };

  const columns: TableColumnsType<JobView> = [
    {
      title: '任务',
      key: 'job',
      render: (_, job) => (
        <div className="yct-admin-jobs__stack">
          <Button type="link" className="yct-admin-jobs__title" onClick={() => setOpened(job)} data-testid="job-title">
            {job.title}
          </Button>
          <span className="yct-admin-jobs__code">{job.name}</span>
        </div>
      ),
    },
    { title: '周期', dataIndex: 'every_s', width: 90, render: (s: number) => periodText(s) },
    { title: '下次运行', key: 'next', width: 190, render: (_, job) => <NextRun job={job} /> },
    { title: '上次运行', key: 'last', width: 300, render: (_, job) => <LastRun job={job} /> },
    { title: '累计（运行/失败）', key: 'totals', width: 150, render: (_, job) => <Totals job={job} /> },
    {
      title: '操作',
      key: 'actions',
      width: mayRun ? 170 : 90,
      render: (_, job) => (
        <Space size={0} separator={<Divider orientation="vertical" />} data-testid={`job-actions-${job.name}`}>
          <Button type="link" size="small" onClick={() => setOpened(job)}>
            运行记录
          </Button>
          {mayRun ? (
            <ConfirmButton
              type="link"
              size="small"
              title={`立即运行「${job.title}」？`}
              description="任务将在几秒内由一个服务进程运行，之后按周期继续。"
              okText="运行"
              disabled={job.running === 1}
              onConfirm={() => runNow(job)}
              data-testid="job-run"
            >
              立即运行
            </ConfirmButton>
          ) : null}
        </Space>
      ),
    },
  ];

  return (
    <AdminPanel>
      <AdminTable<JobView>
        data-testid="jobs-table"
        title="后台任务"
        queryKey={LIST_KEY}
        fetchPage={fetchJobs}
        refetchInterval={JOBS_REFRESH_MS}
        columns={columns}
        rowKey="name"
        emptyText="暂无任务记录"
        actions={
          <>
            <span className="yct-admin-jobs__refresh">每{JOBS_REFRESH_MS / 1000}秒自动刷新</span>
            <Button icon={<ReloadOutlined />} loading={refreshing} onClick={() => void refresh()} data-testid="jobs-refresh">
              刷新
            </Button>
          </>
        }
      />
      <JobRunsDrawer job={opened} onClose={() => setOpened(null)} />
    </AdminPanel>
  );
}
