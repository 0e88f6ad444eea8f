/** The console's view of the background jobs: each job's schedule and last run, its runs, and running one now. */
import { count, desc, eq, inArray, lt } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import { JOB_NAMES, JOB_TITLES, type JobName, type JobView } from '../../../core/schemas/jobs.js';
import type { Db } from '../../db/client.js';
import { jobRuns, jobs } from '../../db/schema/jobs.js';
import { notFound } from '../../http/envelope.js';
import { audited } from '../operators/index.js';

const seconds = (d: Date | null) => (d ? Math.floor(d.getTime() / 1000) : null);
const RUNS_PER_PAGE = 20;
const RUNS_KEPT_MS = 14 * 24 * 3_600_000;

/** How often each job runs, as the app that runs them says (main.ts); read for the console. */
const periods = new Map<string, number>();
export function setJobPeriods(list: readonly { name: string; everyMs: number }[]) {
  for (const j of list) periods.set(j.name, j.everyMs);
}

function view(row: typeof jobs.$inferSelect): JobView {
  const running = row.lockedUntil !== null && row.lockedUntil.getTime() > Date.now();
  return {
    name: row.name,
    title: JOB_TITLES[row.name as JobName] ?? row.name,
    every_s: Math.round((periods.get(row.name) ?? 0) / 1000),
    next_run_at: seconds(row.nextRunAt)!,
    running: running ? 1 : 0,
    locked_by: running ? row.lockedBy : null,
    runs: row.runs,
    failures: row.failures,
    last_started_at: seconds(row.lastStartedAt),
    last_finished_at: seconds(row.lastFinishedAt),
    last_duration_ms: row.lastDurationMs,
    last_outcome: row.lastOutcome === 'ok' || row.lastOutcome === 'failed' ? row.lastOutcome : null,
    last_count: row.lastCount,
    last_error: row.lastError,
  };
}

/** `GET /api/admin/jobs`: every job the server knows, in the console's order. */
export async function listJobs(db: Db) {
  const rows = await db.select().from(jobs).where(inArray(jobs.name, JOB_NAMES));
  const byName = new Map(rows.map((r) => [r.name, r]));
  return { list: JOB_NAMES.flatMap((name) => (byName.has(name) ? [view(byName.get(name)!)] : [])) };
}

/** `GET /api/admin/jobs/{name}/runs`: a job's runs, newest first. */
export async function jobRunsOf(db: Db, name: JobName, page: number) {
  const [rows, [{ n }]] = await Promise.all([
    db
      .select()
      .from(jobRuns)
      .where(eq(jobRuns.name, name))
      .orderBy(desc(jobRuns.id))
      .limit(RUNS_PER_PAGE)
      .offset((page - 1) * RUNS_PER_PAGE),
    db.select({ n: count() }).from(jobRuns).where(eq(jobRuns.name, name)),
  ]);
  return {
    current_page: page,
    data: rows.map((r) => ({
      id: r.id,
      owner: r.owner,
      started_at: seconds(r.startedAt)!,
      duration_ms: r.durationMs,
      outcome: r.outcome === 'failed' ? ('failed' as const) : ('ok' as const),
      count: r.count,
      error: r.error,
    })),
    last_page: Math.max(1, Math.ceil(n / RUNS_PER_PAGE)),
    per_page: RUNS_PER_PAGE,
    total: n,
  };
}

/** `POST /api/admin/jobs/{name}/run`: due now; a process takes it within the next few seconds. */
export async function runJobNow(db: Db, request: FastifyRequest, name: JobName): Promise<JobView> {
  await audited(db, request, { permission: 'job:run', stale: 'nothing', action: 'job.run', targetType: 'job', targetId: name }, async (tx) => {
    const [before] = await tx.select().from(jobs).where(eq(jobs.name, name)).for('update');
    if (!before) throw notFound('任务不存在');
    const [after] = await tx.update(jobs).set({ nextRunAt: new Date() }).where(eq(jobs.name, name)).returning();
    return { before: { next_run_at: before.nextRunAt.toISOString() }, after: { next_run_at: after.nextRunAt.toISOString() }, result: null };
  });
  const [row] = await db.select().from(jobs).where(eq(jobs.name, name));
  return view(row);
}

/** Runs kept two weeks: the `jobs.trim_runs` job. Answers how many went. */
export async function trimJobRuns(db: Db): Promise<number> {
  const gone = await db
    .delete(jobRuns)
    .where(lt(jobRuns.startedAt, new Date(Date.now() - RUNS_KEPT_MS)))
    .returning({ id: jobRuns.id });
  return gone.length;
}
