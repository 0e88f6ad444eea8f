/**
 * What an operator's Prometheus reads at `/metrics` (health.ts): the app's requests by route and status with their
 * latency, the database's statement times and (PostgreSQL) its pool, the shared answers' hits and misses, the age
 * of the goods-list index, the chat's connections and the background jobs, and the process's own figures
 * (memory, event-loop lag, garbage collection). Every name starts with `yct_`; docs/deploy.md lists them.
 */
import type { FastifyInstance } from 'fastify';
import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';
import type { Database, Db } from '../db/client.js';

/** What the app reads of its modules when it is scraped, passed in by the app (http imports no module). */
export type MetricSources = {
  database: Database;
  /** When the goods-list index was last built (milliseconds since the epoch), or null before the first. */
  goodsIndexBuiltAt: () => number | null;
  /** The chat's WebSocket connections open now. */
  chatConnections: () => number;
};

/** Requests from 1 ms (a kept answer) to 5 s (the budget's far end), in seconds. */
const REQUEST_BUCKETS = [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5];
/** Statements from half a millisecond to the 10 s a statement may run. */
const QUERY_BUCKETS = [0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];
/** A free connection is handed over in microseconds; a pool that is too small makes statements wait milliseconds or more. */
const WAIT_BUCKETS = [0.0001, 0.0005, 0.001, 0.005, 0.01, 0.05, 0.1, 0.5, 1, 5];
const JOB_BUCKETS = [0.01, 0.05, 0.1, 0.5, 1, 5, 10, 30, 60];

const lookups = new WeakMap<Db, { hit: number; miss: number }>();

/**
 * Counts a lookup of the shared answers of `db` (cache.ts), found or worked out: two numbers in memory, read when
 * the metrics are scraped, so that the many lookups of a list page cost next to nothing.
 */
export function countLookup(db: Db, hit: boolean) {
  let counts = lookups.get(db);
  if (!counts) lookups.set(db, (counts = { hit: 0, miss: 0 }));
  if (hit) counts.hit++;
  else counts.miss++;
}

let processRegistry: Registry | null = null;

/**
 * The process's own figures, collected once per process: prom-client watches garbage collection and the event loop
 * for as long as the process lives, and the tests build many apps in one process.
 */
function processMetrics(): Registry {
  if (!processRegistry) {
    processRegistry = new Registry();
    collectDefaultMetrics({ register: processRegistry, prefix: 'yct_' });
  }
  return processRegistry;
}

/** The metrics of one app, in a registry of its own. */
export class Metrics {
  private readonly registry = new Registry();
  private readonly requests = new Counter({
    name: 'yct_http_requests_total',
    help: "Requests answered, by route (Fastify's pattern, or unmatched), method and status code.",
    labelNames: ['route', 'method', 'status_code'] as const,
    registers: [this.registry],
  });
  private readonly requestSeconds = new Histogram({
    name: 'yct_http_request_duration_seconds',
    help: 'Time from a request read to its answer sent, by route, method and status code.',
    labelNames: ['route', 'method', 'status_code'] as const,
    buckets: REQUEST_BUCKETS,
    registers: [this.registry],
  });
  private readonly jobRuns = new Counter({
    name: 'yct_job_runs_total',
    help: 'Runs of the background jobs in this process, by name and outcome (ok, failed).',
    // Not `job`: Prometheus gives that label to every series it scrapes, as the scrape job's name.
    labelNames: ['name', 'outcome'] as const,
    registers: [this.registry],
  });
  private readonly jobSeconds = new Histogram({
    name: 'yct_job_duration_seconds',
    help: 'Time a run of a background job took in this process, by name.',
    labelNames: ['name'] as const,
    buckets: JOB_BUCKETS,
    registers: [this.registry],
  });

  /** The database whose shared answers' lookups are counted (`watch`). */
  private db: Db | null = null;

  constructor() {
    processMetrics();
  }

  /**
   * Measures `app`: each answer counted and timed as it goes, each statement of the database timed, and what the
   * modules hold read when Prometheus scrapes.
   */
  watch(app: FastifyInstance, sources: MetricSources) {
    // A hook that calls `done`: no promise for each of the thousands of requests a second.
    app.addHook('onResponse', (request, reply, done) => {
      const labels = { route: request.is404 ? 'unmatched' : (request.routeOptions.url ?? 'unmatched'), method: request.method, status_code: reply.statusCode };
      this.requests.inc(labels);
      this.requestSeconds.observe(labels, reply.elapsedTime / 1000);
      done();
    });
    this.watchDatabase(app, sources.database);
    const { db } = sources.database;
    this.db = db;
    new Counter({
      name: 'yct_cache_lookups_total',
      help: 'Lookups of the shared answers (lists, details, search terms, the goods-list index), by result: hit (kept or being worked out) or miss.',
      labelNames: ['result'] as const,
      registers: [this.registry],
      collect() {
        const counts = lookups.get(db) ?? { hit: 0, miss: 0 };
        this.reset();
        this.inc({ result: 'hit' }, counts.hit);
        this.inc({ result: 'miss' }, counts.miss);
      },
    });
    new Gauge({
      name: 'yct_goods_index_age_seconds',
      help: 'Seconds since the goods-list index was last built (renewed in the background while lists are asked for); NaN before the first.',
      registers: [this.registry],
      collect() {
        const at = sources.goodsIndexBuiltAt();
        this.set(at === null ? Number.NaN : (Date.now() - at) / 1000);
      },
    });
    new Gauge({
      name: 'yct_chat_connections',
      help: "The chat's WebSocket connections open in this process.",
      registers: [this.registry],
      collect() {
        this.set(sources.chatConnections());
      },
    });
  }

  private watchDatabase(app: FastifyInstance, database: Database) {
    const querySeconds = new Histogram({
      name: 'yct_db_query_duration_seconds',
      help: "A statement's time in the database, from sent to answered (a transaction's statements one by one).",
      buckets: QUERY_BUCKETS,
      registers: [this.registry],
    });
    const pool = database.pool;
    const waitSeconds = pool
      ? new Histogram({
          name: 'yct_db_pool_wait_seconds',
          help: 'PostgreSQL: how long a query or transaction waited for a connection of the pool.',
          buckets: WAIT_BUCKETS,
          registers: [this.registry],
        })
      : null;
    const stop = database.observe({ query: (seconds) => querySeconds.observe(seconds), wait: (seconds) => waitSeconds?.observe(seconds) });
    app.addHook('onClose', async () => stop());
    if (!pool) return;
    const counts: [string, string, 'total' | 'idle' | 'waiting'][] = [
      ['yct_db_pool_connections', 'PostgreSQL: connections the pool holds open.', 'total'],
      ['yct_db_pool_idle_connections', 'PostgreSQL: open connections of the pool that no statement uses.', 'idle'],
      ['yct_db_pool_waiting', 'PostgreSQL: queries and transactions waiting for a connection of the pool.', 'waiting'],
    ];
    for (const [name, help, key] of counts) {
      new Gauge({
        name,
        help,
        registers: [this.registry],
        collect() {
          this.set(pool()[key]);
        },
      });
    }
  }

  /**
   * Starts the app's figures afresh: the warm-up's requests before the server listens (startup.ts) were nobody's,
   * and are left out of the metrics as they are out of the log.
   */
  reset() {
    this.registry.resetMetrics();
    if (this.db) lookups.delete(this.db);
  }

  /** Counts and times one run of a background job, as whatever runs the jobs reports it (`ms`: how long it took). */
  jobRan({ name, ok, ms }: { name: string; ok: boolean; ms: number }) {
    this.jobRuns.inc({ name, outcome: ok ? 'ok' : 'failed' });
    this.jobSeconds.observe({ name }, ms / 1000);
  }

  /** The exposition's content type (Prometheus text format). */
  get contentType(): string {
    return this.registry.contentType;
  }

  /** Every metric of the app and of the process, as Prometheus reads them. */
  text(): Promise<string> {
    return Registry.merge([processMetrics(), this.registry]).metrics();
  }
}
