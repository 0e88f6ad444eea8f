/**
 * What the app may use of quality: its routes (receiving, verdicts, recalls, the near-expiry report and inspection
 * reports), the 工作台's figures and the near-expiry daily report's job.
 */
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/client.js';
import type { Deps } from '../../deps.js';
import { batchPage } from '../catalogue/index.js';
import { qualityReadRoutes } from './admin-read-routes.js';
import { qualityWriteRoutes } from './admin-routes.js';
import { nearReportAlert } from './near-report.js';
import { qualityBuyerRoutes } from './routes.js';

export { refuseStoppedBatches } from './service.js';
export { reportNearExpiry, untilNextReport } from './near-report.js';

export async function qualityRoutes(root: FastifyInstance, deps: Deps) {
  await qualityBuyerRoutes(root, deps);
  await qualityWriteRoutes(root, deps);
  await qualityReadRoutes(root, deps);
}

/**
 * The 工作台's queue of batches waiting for qa's release (exactly what 批次管理 lists as 待验), and the notice of the
 * latest near-expiry daily report, when there is one to show.
 */
export async function qualityQueues(db: Db, now = Date.now()) {
  const [pending, nearReport] = await Promise.all([batchPage(db, { page: 1, status: '0', keyword: '' }), nearReportAlert(db, now)]);
  return { pending: pending.total, nearReport };
}
