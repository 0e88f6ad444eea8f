/** The console's view of the background jobs (server/modules/jobs): each job's schedule and last run, and its runs. */
import { z } from 'zod';
import { page } from './common.js';
import { bit, pageOf, unixTime } from './envelope.js';

/** Every job the server runs, with what the console calls it. */
export const JOB_TITLES = {
  'orders.cancel_unpaid': '取消超时未付订单',
  'orders.complete_shipped': '已发货订单自动完成',
  'operators.sweep_sessions': '清理过期的操作员会话',
  'catalogue.fold_sales': '汇总商品销量',
  'catalogue.near_expiry': '近效期批次移出可售库存',
  'jobs.trim_runs': '清理两周前的任务记录',
  'backup.embedded': '备份内嵌数据库（保留最近7份）',
  'database.upkeep': '内嵌数据库统计与清理',
  'accounts.licence_expiry': '资质到期提醒',
  'wallet.expire_coupons': '过期优惠券',
  'wallet.credit_overdue': '账期逾期',
  'quality.near_expiry_report': '近效期批次日报',
  'goods_notices.sweep': '到货降价通知补发',
} as const;
export type JobName = keyof typeof JOB_TITLES;
export const JOB_NAMES = Object.keys(JOB_TITLES) as JobName[];

export const jobParams = z.object({ name: z.enum(JOB_NAMES, { error: '任务不存在' }) });
export const jobRunsQuery = z.object({ page: page() });

export const JobView = z.object({
  name: z.string(),
  title: z.string(),
  /** How long after a run the next is due. */
  every_s: z.number().int(),
  next_run_at: unixTime,
  /** A process holds it now: its name, and until when. */
  running: bit,
  locked_by: z.string().nullable(),
  runs: z.number().int(),
  failures: z.number().int(),
  last_started_at: unixTime.nullable(),
  last_finished_at: unixTime.nullable(),
  last_duration_ms: z.number().int().nullable(),
  last_outcome: z.enum(['ok', 'failed']).nullable(),
  last_count: z.number().int().nullable(),
  last_error: z.string().nullable(),
});
export type JobView = z.infer<typeof JobView>;
export const JobList = z.object({ list: z.array(JobView) });

export const JobRun = z.object({
  id: z.number().int(),
  owner: z.string(),
  started_at: unixTime,
  duration_ms: z.number().int(),
  outcome: z.enum(['ok', 'failed']),
  count: z.number().int(),
  error: z.string().nullable(),
});
export const JobRunPage = pageOf(JobRun);
