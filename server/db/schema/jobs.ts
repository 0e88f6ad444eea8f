/** The background jobs: each job's schedule and claim, and its runs (modules/jobs). */
import { bigserial, index, integer, pgTable, text, timestamp, varchar } from 'drizzle-orm/pg-core';

/**
 * One row a job: when it runs next, and which process holds it while it runs (until `lockedUntil`, after which
 * another may take it: the holder died). A process claims a job due with `for update skip locked`, so however
 * many processes run, one runs it; the last run's figures are kept for the console.
 */
export const jobs = pgTable('jobs', {
  name: varchar('name', { length: 40 }).primaryKey(),
  nextRunAt: timestamp('next_run_at', { withTimezone: true }).notNull().defaultNow(),
  lockedBy: varchar('locked_by', { length: 80 }),
  lockedUntil: timestamp('locked_until', { withTimezone: true }),
  runs: integer('runs').notNull().default(0),
  failures: integer('failures').notNull().default(0),
  lastStartedAt: timestamp('last_started_at', { withTimezone: true }),
  lastFinishedAt: timestamp('last_finished_at', { withTimezone: true }),
  lastDurationMs: integer('last_duration_ms'),
  /** `ok` or `failed`. */
  lastOutcome: varchar('last_outcome', { length: 10 }),
  /** What the last run did (orders cancelled, sessions swept...). */
  lastCount: integer('last_count'),
  lastError: text('last_error'),
});

/** Every run of every job, for two weeks: who ran it, how long, what it did or why it failed. */
export const jobRuns = pgTable(
  'job_runs',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    name: varchar('name', { length: 40 }).notNull(),
    owner: varchar('owner', { length: 80 }).notNull(),
    startedAt: timestamp('started_at', { withTimezone: true }).notNull(),
    durationMs: integer('duration_ms').notNull(),
    outcome: varchar('outcome', { length: 10 }).notNull(),
    count: integer('count').notNull().default(0),
    error: text('error'),
  },
  (t) => [index('job_runs_name_idx').on(t.name, t.id)],
);
