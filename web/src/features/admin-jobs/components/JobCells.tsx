/** The jobs table's cells: a run's outcome, when the job runs next, and its last run. */
import { Badge, Button, Popover, Tag } from 'antd';
import type { JobView } from '@core/schemas/jobs';
import { formatTime } from '@/lib/admin/format';
import { useServerSeconds } from '@/lib/server-clock';
import { durationText } from '../lib/format';

export function OutcomeTag({ outcome }: { outcome: 'ok' | 'failed' }) {
  return outcome === 'ok' ? (
    <Tag color="green" data-testid="job-outcome">
      成功
    </Tag>
  ) : (
    <Tag color="red" data-testid="job-outcome">
      失败
    </Tag>
  );
}

/** `3分钟后`, `25秒后`: how far off a time is, in the unit an operator reads at a glance. */
function fromNow(seconds: number): string {
  if (seconds < 60) return `${seconds}秒后`;
  if (seconds < 3_600) return `${Math.floor(seconds / 60)}分钟后`;
  return `${Math.floor(seconds / 3_600)}小时后`;
}

/** 运行中 with the process that holds it, or the next time and how far off it is (on the server's clock). */
export function NextRun({ job }: { job: JobView }) {
  const now = useServerSeconds();
  if (job.running) {
    return (
      <div className="yct-admin-jobs__stack" data-testid="job-next">
        <Badge status="processing" text="运行中" />
        <span className="yct-admin-jobs__code">{job.locked_by}</span>
      </div>
    );
  }
  const wait = job.next_run_at - now;
  return (
    <div className="yct-admin-jobs__stack" data-testid="job-next">
      <span>{formatTime(job.next_run_at)}</span>
      <span className="yct-admin-muted">{wait > 0 ? fromNow(wait) : '已到期，等待服务进程运行'}</span>
    </div>
  );
}

/** A failed run's error, opened from a link beside its 失败: a stack trace is too long for the row. */
function ErrorLink({ error, at }: { error: string; at: number | null }) {
  return (
    <Popover
      trigger="click"
      placement="bottomLeft"
      title={`上次运行失败（${formatTime(at)}）`}
      content={
        <pre className="yct-admin-jobs__error" data-testid="job-error">
          {error}
        </pre>
      }
    >
      <Button type="link" size="small" className="yct-admin-jobs__error-link" data-testid="job-error-link">
        查看错误
      </Button>
    </Popover>
  );
}

/** When the last run started, how it ended (with its error when it failed), how long it took and how much it did. */
export function LastRun({ job }: { job: JobView }) {
  if (!job.last_started_at || !job.last_outcome) return <span className="yct-admin-muted">尚未运行</span>;
  return (
    <div className="yct-admin-jobs__stack" data-testid="job-last">
      <span>{formatTime(job.last_started_at)}</span>
      <span className="yct-admin-jobs__figures">
        <OutcomeTag outcome={job.last_outcome} />
        {job.last_outcome === 'failed' && job.last_error ? <ErrorLink error={job.last_error} at={job.last_finished_at ?? job.last_started_at} /> : null}
        <span>用时 {durationText(job.last_duration_ms)}</span>
        {job.last_count !== null ? <span>处理{job.last_count}条</span> : null}
      </span>
    </div>
  );
}

/** Runs and failures since the job was first run; failures in red when there are any. */
export function Totals({ job }: { job: JobView }) {
  return (
    <span className="yct-admin-jobs__totals">
      <span data-testid="job-runs">{job.runs}</span>
      <span className="yct-admin-muted"> / </span>
      <span className={job.failures ? 'yct-admin-red' : undefined} data-testid="job-failures">
        {job.failures}
      </span>
    </span>
  );
}
