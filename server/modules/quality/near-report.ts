/**
 * 近效期批次日报 (docs/decisions/042-wallet-and-quality-jobs.md): once a day the batches that have come within their
 * goods' minimum shelf life since the last report are reported to quality, each once; the latest report stands on
 * the 工作台 of those who hold `batch:quality`, linked to the batch list of that report.
 */
import type { Dashboard } from '../../../core/schemas/admin-dashboard.js';
import { chinaToday } from '../../../core/schemas/admin-goods.js';
import type { Conn, Db } from '../../db/client.js';
import { latestNearReport, reportNearBatches } from '../catalogue/index.js';

const DAY_MS = 86_400_000;
/** The report runs at 08:30 China time (00:30 UTC), before the quality department starts its day. */
const REPORT_AT_UTC_MS = 30 * 60_000;

/** How long from `now` until the next 08:30 China time (0 at that very moment): when the daily report first runs. */
export function untilNextReport(now = Date.now()) {
  return (REPORT_AT_UTC_MS - (now % DAY_MS) + DAY_MS) % DAY_MS;
}

/** The job: reports the batches come near expiry since the last report, under today's China day; answers how many. */
export function reportNearExpiry(db: Db, now = Date.now()) {
  return reportNearBatches(db, chinaToday(now));
}

type Alert = Dashboard['alerts'][number];

/**
 * The latest report as the 工作台's notice, while it is today's or yesterday's (a report stands until the next day's
 * has something to say); null when it named no batch or is older.
 */
export async function nearReportAlert(conn: Conn, now = Date.now()): Promise<Alert | null> {
  const report = await latestNearReport(conn);
  if (!report || report.day < chinaToday(now - DAY_MS)) return null;
  const named = report.first.map((b) => `${b.name} 批号${b.batchNo}（效期至 ${b.xq}）`).join('、');
  const more = report.batches > report.first.length ? ` 等${report.batches}个批次` : '';
  return {
    key: `near-expiry-report-${report.day}`,
    level: 'warning',
    text: `近效期批次日报（${report.day}）：${report.batches}个批次新进入近效期（剩余效期短于商品的最短销售效期）：${named}${more}。请核对库存，安排近效期专场销售、退货或报损。`,
    link: `/admin/batches?near_report=${report.day}`,
  };
}
