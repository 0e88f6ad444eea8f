/**
 * Background jobs that run once however many server processes run (DESIGN.md section 16): each job is a row of
 * `jobs`; every process looks every few seconds for a job that is due and claims it with `for update skip
 * locked`, so that one process runs it, holding it until it is done or its lease ends (the process died: another
 * takes it then). A run does its work in transactions of its own, each whole or not at all, and answers how much
 * it did; its figures are written with the job's next time, and a failed run is tried again sooner. On PGlite the
 * one process runs them, between the requests (the database's background connection).
 * docs/decisions/040-jobs-claimed-in-the-database.md.
 */
import crypto from 'node:crypto';
import os from 'node:os';
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { jobRuns, jobs } from '../../db/schema/jobs.js';

export type Job = {
  /** The job's name in the console and the metrics (`orders.cancel_unpaid`). */
  name: string;
  /** How long after a run (its end) the next is due. */
  everyMs: number;
  /** When a job new to the database is first due, from now (by default at once). */
  firstAfterMs?: number;
  /** Does the work; answers how much (orders cancelled, goods folded...). */
  run: (db: Db) => Promise<number>;
};

/** What a run of a job came to, for whoever watches (the metrics). */
type JobOutcome = { name: string; ok: boolean; ms: number; count: number };

/** How often a process looks for a job that is due. */
const TICK_MS = 5_000;
/** How long a claim holds: a run that takes longer may be taken by another process. */
const LEASE_MS = 10 * 60_000;
/** A failed run is tried again after this (or its period, if shorter). */
const RETRY_MS = 30_000;
/** The error text kept of a failed run. */
const ERROR_CHARS = 500;

/** This process, as the claims and the runs name it. */
const processName = () => `${os.hostname()}:${process.pid}:${crypto.randomBytes(3).toString('hex')}`;

/**
 * Runs `list` on `db` in this process, alongside whatever other process runs them: once started, looks for a due
 * job at once and every `tickMs`, runs each due one, and tells `onRun` of each run; `tick` looks once. `stop` waits
 * for a run under way to end.
 */
export function runJobs(
  db: Db,
  list: readonly Job[],
  { owner = processName(), onRun = () => {}, onError = () => {}, tickMs = TICK_MS }: JobRunnerOptions = {},
): { start: () => void; stop: () => Promise<void>; tick: () => Promise<string[]> } {
  const byName = new Map(list.map((j) => [j.name, j]));
  const names = [...byName.keys()];
  let registered: Promise<void> | null = null;
  let running: Promise<string[]> | null = null;
  let stopped = false;
  /**
   * A job claimed and its run's end not yet written: still so when the next tick starts, the end could not be
   * written (the database went away) and the claim is this process's until the lease ends, unless given up.
   */
  let holding = false;

  const register = () =>
    (registered ??= db
      .execute(
        sql`insert into ${jobs} (name, next_run_at)
          select name, now() + make_interval(secs => after) from unnest(${sql.param(names)}::varchar[], ${sql.param(list.map((j) => (j.firstAfterMs ?? 0) / 1000))}::float8[]) as t(name, after)
          on conflict (name) do nothing`,
      )
      .then(() => undefined)
      .catch((err: unknown) => {
        registered = null;
        throw err;
      }));

  /** Claims one due job for this process, or none. */
  const claim = async (): Promise<string | null> => {
    const result = (await db.execute(sql`
      update ${jobs} set locked_by = ${owner}, locked_until = now() + make_interval(secs => ${LEASE_MS / 1000}), last_started_at = now()
      where name = (
        select name from ${jobs}
        where name = any(${sql.param(names)}::varchar[]) and next_run_at <= now() and (locked_until is null or locked_until < now())
        order by next_run_at limit 1 for update skip locked
      )
      returning name`)) as unknown as { rows: { name: string }[] };
    const name = result.rows[0]?.name ?? null;
    if (name !== null) holding = true;
    return name;
  };

  const runOne = async (job: Job) => {
    const started = new Date();
    const t0 = performance.now();
    let count = 0;
    let error: string | null = null;
    try {
      count = await job.run(db);
    } catch (err) {
      error = (err instanceof Error ? err.stack || err.message : String(err)).slice(0, ERROR_CHARS);
      onError(job.name, err);
    }
    const ms = Math.round(performance.now() - t0);
    const ok = error === null;
    const nextMs = ok ? job.everyMs : Math.min(job.everyMs, RETRY_MS);
    // The job's figures and its run in one statement, only while the claim is still this process's.
    await db.execute(sql`
      with done as (
        update ${jobs} set locked_by = null, locked_until = null, next_run_at = now() + make_interval(secs => ${nextMs / 1000}),
          runs = runs + 1, failures = failures + ${ok ? 0 : 1}, last_finished_at = now(), last_duration_ms = ${ms},
          last_outcome = ${ok ? 'ok' : 'failed'}, last_count = ${count}, last_error = ${error}
        where name = ${job.name} and locked_by = ${owner}
        returning name
      )
      insert into ${jobRuns} (name, owner, started_at, duration_ms, outcome, count, error)
      select name, ${owner}, ${started.toISOString()}::timestamptz, ${ms}, ${ok ? 'ok' : 'failed'}, ${count}, ${error} from done`);
    holding = false;
    onRun({ name: job.name, ok, ms, count });
  };

  /** Runs every job due now, one after another; answers their names. */
  const tick = (): Promise<string[]> =>
    (running ??= (async () => {
      const ran: string[] = [];
      try {
        await register();
        // Given up rather than held until the lease ends: the job is due again at once (each of its transactions
        // was whole or not at all). Ticks never overlap: no run of this process is under way now.
        if (holding) {
          await db.execute(sql`update ${jobs} set locked_by = null, locked_until = null where locked_by = ${owner}`);
          holding = false;
        }
        for (let name = await claim(); name !== null && !stopped; name = await claim()) {
          await runOne(byName.get(name)!);
          ran.push(name);
        }
      } finally {
        running = null;
      }
      return ran;
    })());

  let timer: NodeJS.Timeout | undefined;
  const look = () => void tick().catch((err: unknown) => onError('', err));
  return {
    tick,
    start: () => {
      if (timer || stopped) return;
      timer = setInterval(look, tickMs);
      timer.unref();
      look();
    },
    stop: async () => {
      stopped = true;
      clearInterval(timer);
      await running?.catch(() => {});
    },
  };
}

export type JobRunnerOptions = {
  owner?: string;
  onRun?: (outcome: JobOutcome) => void;
  /** A job that failed (named), or the runner itself (empty name: the database did not answer). */
  onError?: (name: string, err: unknown) => void;
  tickMs?: number;
};
