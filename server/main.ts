/** Starts the server: configuration, database (migrated, seeded when empty), HTTP, graceful shutdown. */
import { loadConfig, sandboxNotice } from './config.js';
import { databaseUnavailable, openDatabase } from './db/client.js';
import { backupIntoDataDir, holdDataDir } from './db/backup.js';
import { upkeep } from './db/upkeep.js';
import { seedReports } from './seed/reports.js';
import { buildApp } from './app.js';
import { cancelExpiredOrders, completeShippedOrders } from './modules/orders/index.js';
import { sweepOperatorSessions } from './modules/operators/index.js';
import { sendLicenceReminders } from './modules/accounts/index.js';
import { foldSales, sweepNearExpiry, warmCatalogue, warmPaths } from './modules/catalogue/index.js';
import { clearKeptAnswers } from './http/cache.js';
import type { Db } from './db/client.js';
import { runJobs, setJobPeriods, trimJobRuns, type Job } from './modules/jobs/index.js';
import { reportNearExpiry, untilNextReport } from './modules/quality/index.js';
import { sweepGoodsNotices } from './modules/goods-notices/index.js';
import { expireCoupons, markOverdueBills } from './modules/wallet/index.js';
import { uploadStore } from './modules/uploads/index.js';
import type { JobName } from '../core/schemas/jobs.js';
import { Metrics } from './http/metrics.js';
import { databaseLabel, seedSite, siteUrl, startupNotice, warmUp } from './startup.js';

const config = loadConfig();
// A statement that runs away is ended after 10 s rather than holding one of the pool's connections.
const database = await openDatabase({
  url: config.DATABASE_URL,
  dataDir: config.DATA_DIR,
  statementTimeoutMs: 10_000,
  poolSize: config.DB_POOL,
});
// The embedded database opens in this process alone: `npm run backup` and `npm run restore` see it is held.
const releaseDataDir = database.kind === 'pglite' ? holdDataDir(config.DATA_DIR) : () => {};
const seeded = await seedSite(database, config);
const metrics = new Metrics();
const app = await buildApp({ config, database, metrics });

/**
 * The background jobs (modules/jobs): each process offers to run them, and each runs in one process at a time.
 * Unpaid orders are cancelled when their 24 hours are up (stock returned), and shipped orders complete 15 days
 * after shipping (DESIGN.md section 7); units sold since the last fold are added to the goods' sales; once a day,
 * goods whose batches have come near expiry have their stock worked out again.
 */
const MINUTE = 60_000;
// On the database's background connection: on PGlite each statement of a job waits for the requests' (client.ts).
const jobsDb = database.background;
/** A job whose count of what it did is logged when it did anything. */
const saying = (run: (db: Db) => Promise<number>, field: string, message: string) => async (db: Db) => {
  const n = await run(db);
  if (n) app.log.info({ [field]: n }, message);
  return n;
};
const jobList: (Job & { name: JobName })[] = [
  { name: 'orders.cancel_unpaid', everyMs: MINUTE, run: saying(cancelExpiredOrders, 'cancelled', 'unpaid orders cancelled') },
  { name: 'orders.complete_shipped', everyMs: MINUTE, run: saying(completeShippedOrders, 'completed', 'shipped orders completed') },
  { name: 'operators.sweep_sessions', everyMs: MINUTE, run: sweepOperatorSessions },
  { name: 'catalogue.fold_sales', everyMs: MINUTE, run: foldSales },
  { name: 'catalogue.near_expiry', everyMs: MINUTE, run: saying(sweepNearExpiry, 'goods', 'batches come near expiry taken out of stock') },
  { name: 'jobs.trim_runs', everyMs: 60 * MINUTE, run: trimJobRuns },
  // Coupons past their end stored as expired, and credit bills past their due date marked overdue (once each, no money
  // moves); the near-expiry daily report for qa, first at the next 08:30 China time. docs/decisions/042-wallet-and-quality-jobs.md.
  { name: 'wallet.expire_coupons', everyMs: 10 * MINUTE, run: saying(expireCoupons, 'coupons', 'coupons past their end stored as expired') },
  { name: 'wallet.credit_overdue', everyMs: 60 * MINUTE, run: saying(markOverdueBills, 'bills', 'credit bills past their due date marked overdue') },
  // 到货通知 and 降价提醒 are told in the write that brings the goods back or makes it cheaper; this net tells any it missed (decision 047).
  { name: 'goods_notices.sweep', everyMs: 10 * MINUTE, run: saying(sweepGoodsNotices, 'told', 'goods notices told by the sweep') },
  {
    name: 'quality.near_expiry_report',
    everyMs: 24 * 60 * MINUTE,
    firstAfterMs: untilNextReport(),
    run: saying(reportNearExpiry, 'batches', 'batches come near expiry reported to quality'),
  },
  // Licence expiry reminders (站内信 at 30 and 7 days, and once expired), first at the next 08:00 China time
  // (00:00 UTC), as buyers start their day; then a day after each.
  {
    name: 'accounts.licence_expiry',
    everyMs: 24 * 60 * MINUTE,
    firstAfterMs: 24 * 60 * MINUTE - (Date.now() % (24 * 60 * MINUTE)),
    run: saying(sendLicenceReminders, 'messages', 'licence expiry reminders sent'),
  },
  // The embedded database, once a day, into DATA_DIR/backups (db/backup.ts); PostgreSQL is backed up with its own tools.
  // And its autovacuum (db/upkeep.ts): tables that grew analysed, dead rows cleared; PostgreSQL has its own.
  ...(database.dump
    ? [
        { name: 'database.upkeep' as const, everyMs: MINUTE, run: saying(upkeep, 'tables', 'embedded database tables analysed or vacuumed') },
        {
          name: 'backup.embedded' as const,
          everyMs: 24 * 60 * MINUTE,
          // First at the next 03:00 China time, when nobody is buying; then a day after each.
          firstAfterMs: (((19 * 60 * MINUTE - (Date.now() % (24 * 60 * MINUTE))) % (24 * 60 * MINUTE)) + 24 * 60 * MINUTE) % (24 * 60 * MINUTE),
          run: () => backupIntoDataDir(database, config.DATA_DIR, config.uploadDir),
        },
      ]
    : []),
];
setJobPeriods(jobList);
/** Started once the site answers. */
const jobRunner = runJobs(jobsDb, jobList, {
  onRun: (outcome) => metrics.jobRan(outcome),
  onError: (job, err) => {
    // The database away is said once, not by every job and every look (http/freshness.ts); each is tried again.
    const level = databaseUnavailable(err) ? 'info' : 'error';
    app.log[level]({ err, job }, job ? 'background job failed' : 'background jobs: could not look for a job due');
  },
});

let closing = false;
async function shutdown(signal: string) {
  if (closing) return;
  closing = true;
  app.log.info({ signal }, 'shutting down');
  const force = setTimeout(() => process.exit(1), 10_000);
  force.unref();
  await jobRunner.stop();
  try {
    await app.close();
    await database.close();
    releaseDataDir();
    process.exit(0);
  } catch (err) {
    app.log.error({ err }, 'shutdown failed');
    process.exit(1);
  }
}
process.on('SIGINT', () => void shutdown('SIGINT'));
process.on('SIGTERM', () => void shutdown('SIGTERM'));

await warmCatalogue(database.db);
// The catalogue's requests answered once, then the answers dropped: compiled code and prepared statements,
// but an empty cache, for the first buyers (the index and search terms are read again for them).
await warmUp(app, await warmPaths(database.db));
clearKeptAnswers(database.db);
await warmCatalogue(database.db);
metrics.reset();
await app.listen({ port: config.PORT, host: config.HOST });
jobRunner.start();
// Sample inspection reports (样本) of the batches the seeded orders took and of the first goods, drawn once the
// site answers: a few seconds of PDFs that nothing waits for.
if (seeded)
  void seedReports(database.db, uploadStore({ config, database }))
    .then((n) => n && app.log.info({ reports: n }, 'sample inspection reports drawn'))
    .catch((err: unknown) => app.log.error({ err }, 'drawing sample inspection reports failed'));
const address = app.server.address();
const url = siteUrl(config.HOST, typeof address === 'object' && address ? address.port : config.PORT);
console.log(
  startupNotice({
    url,
    database: databaseLabel(config, database.kind),
    seededGoods: seeded ? config.SEED_GOODS : null,
    production: config.NODE_ENV === 'production',
  }),
);
if (config.SMS_SANDBOX) console.warn(sandboxNotice(config));
