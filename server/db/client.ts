/** The database: PGlite under DATA_DIR by default, a PostgreSQL server when DATABASE_URL is set. */
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { PGlite } from '@electric-sql/pglite';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgQueryResultHKT, PgTransaction } from 'drizzle-orm/pg-core';
import type { ExtractTablesWithRelations } from 'drizzle-orm';
import pg from 'pg';
import { startPgliteThread, type TxClient } from './pglite-thread.js';
import { preparable } from './preparable.mjs';
import { QueryObservers, timeStatements, timeWaits, type QueryObserver } from './timings.js';

/**
 * Without drizzle's relational queries (`db.query.*`, which nothing uses): given the schema, drizzle makes a
 * query builder for each of its tables with every transaction, some sixty objects a draw or an order.
 */
type NoRelations = Record<string, never>;
export type Db = PgDatabase<PgQueryResultHKT, NoRelations>;
export type Tx = PgTransaction<PgQueryResultHKT, NoRelations, ExtractTablesWithRelations<NoRelations>>;
/** What a service function accepts: the database or a transaction already open. */
export type Conn = Db | Tx;

/**
 * Marks the transaction's next statement as its last: on PGlite it is committed in the database's thread with that
 * statement, when the statement's first row has `column` true, and rolled back otherwise (pglite-thread.ts), one
 * message to the thread and back fewer while the transaction holds the one connection. Elsewhere the transaction
 * ends as usual, when its function returns or throws; so the caller must return (or throw) after that statement,
 * and throw when `column` is not true, for the same outcome on both databases.
 */
export function endsWithNext(tx: Conn, column: string) {
  const { session, nestedIndex } = tx as unknown as { session?: { client?: Partial<TxClient> }; nestedIndex?: number };
  // Only a transaction's own statement, never a savepoint's: that would end the transaction around it.
  if (nestedIndex === 0) session?.client?.endWith?.(column);
}

export type Database = {
  db: Db;
  /**
   * The database for work no request waits on (the minute's sweeps). On PGlite, whose one connection the requests
   * share, each of its statements and transactions waits until none of theirs is queued or running (for at most a
   * second): a sweep goes between the requests rather than ahead of them. On PostgreSQL, `db` itself.
   */
  background: Db;
  kind: 'pglite' | 'postgres';
  /**
   * PostgreSQL: follows `channel` (LISTEN) on a connection of its own, calling `onNotice` with each payload sent on
   * it; when that connection fails it is opened again a second later, and `onGap` is called once it listens again
   * (what was sent meanwhile is lost). Answers what stops it. PGlite, one process's own, has no one to hear.
   */
  listen?: (channel: string, onNotice: (payload: string) => void, onGap: () => void) => () => Promise<void>;
  /** PGlite: the data directory as a tar that `load` opens again. */
  dump?: () => Promise<Uint8Array>;
  /** Tells `observer` the time of every statement from now on (the app's metrics, http/metrics.ts); answers what stops it. */
  observe(observer: QueryObserver): () => void;
  /** PostgreSQL: the pool's connections now (open, idle) and the queries and transactions waiting for one. */
  pool?: () => { total: number; idle: number; waiting: number };
  close(): Promise<void>;
};

const migrationsFolder = path.resolve(path.dirname(fileURLToPath(import.meta.url)), 'migrations');

export type OpenOptions = {
  /** A PostgreSQL connection string; PGlite when absent. */
  url?: string;
  /** PGlite's data directory; in memory when absent. */
  dataDir?: string;
  /** PGlite: start from this dump of another database (`Database.dump`) instead of an empty one. */
  load?: Uint8Array;
  poolSize?: number;
  /** PostgreSQL: each statement ends after this long (the server's, so that a runaway query cannot hold a pooled connection; not seeding's). */
  statementTimeoutMs?: number;
};

/** Statements kept prepared on one connection; past this, new texts run as they come (nothing is evicted). */
const PREPARED_MAX = 300;
/** Texts remembered as run once, oldest forgotten first. */
const SEEN_MAX = 2_000;

type QueryConfig = { text?: unknown; name?: unknown };

/**
 * Statements a connection runs again are kept prepared on it, as PGlite's thread keeps them (pglite-worker.mjs):
 * named on the connection at their second run, parsed and planned there once, then only bound to new values
 * (PostgreSQL plans a prepared statement for its values its first five runs, then keeps a generic plan where
 * that is no dearer). Measured with 50 buyers drawing lotteries and claiming coupons at once, old and new in
 * turn: PostgreSQL's CPU per request 1.50 and 1.85 ms before, 1.03 and 1.34 ms after, and 20-36 % more requests
 * a second. Up to PREPARED_MAX statements a connection, the first texts to come twice: the hot ones come first
 * and often; a connection idle for 10 s is closed by the pool, and its successor starts afresh.
 */
function preparedStatements(client: pg.PoolClient) {
  const query = client.query.bind(client) as (...args: unknown[]) => Promise<unknown>;
  const named = new Map<string, string>();
  const seen = new Set<string>();
  client.query = ((...args: unknown[]) => {
    const config = args[0] as QueryConfig | null;
    // Only statements with values: one without runs by the simple protocol, which also takes several statements.
    const values = args[1];
    // Two arguments from a transaction's statements; the pool's own `query` (a statement outside a transaction)
    // passes a callback third.
    const callback = args.length === 3 && typeof args[2] === 'function' ? args[2] : undefined;
    if ((args.length !== 2 && !callback) || !Array.isArray(values) || !values.length || typeof config !== 'object' || config === null) return query(...args);
    if (config.name !== undefined || typeof config.text !== 'string') return query(...args);
    const text = config.text;
    let name = named.get(text);
    if (name === undefined && preparable.test(text)) {
      if (seen.delete(text) && named.size < PREPARED_MAX) named.set(text, (name = `yct_${named.size + 1}`));
      else if (named.size < PREPARED_MAX) {
        seen.add(text);
        if (seen.size > SEEN_MAX) seen.delete(seen.values().next().value!);
      }
    }
    if (name === undefined) return query(...args);
    return callback ? query({ ...config, name }, values, callback) : query({ ...config, name }, values);
  }) as typeof client.query;
}

/**
 * drizzle's transaction sends `begin` before the `try` whose `finally` gives its connection back to the pool
 * (drizzle-orm issue 6023, open in 0.45): a `begin` that fails, on a connection the database ended a moment
 * before (it stopped), would keep that connection out of the pool for good, and a few such would leave the pool
 * none to give. The connection is given back here, broken, so that the pool closes it.
 */
function releasedWhenBeginFails(client: pg.PoolClient) {
  const query = client.query.bind(client) as (...args: unknown[]) => unknown;
  client.query = ((...args: unknown[]) => {
    const result = query(...args);
    const text = (args[0] as QueryConfig | null)?.text;
    if (result instanceof Promise && typeof text === 'string' && /^begin\b/i.test(text)) {
      result.catch((err: unknown) => {
        const release = client.release;
        // drizzle does not give it back after a failed `begin`; should a later version do so, that is a no-op.
        client.release = () => {};
        release(err instanceof Error ? err : new Error(String(err)));
      });
    }
    return result;
  }) as typeof client.query;
}

/** Node's socket errors of a database that cannot be reached or whose connection broke. */
const SOCKET_ERRORS = new Set(['ECONNREFUSED', 'ECONNRESET', 'EPIPE', 'ETIMEDOUT', 'EHOSTUNREACH', 'ENETUNREACH', 'ENOTFOUND', 'EAI_AGAIN']);
/**
 * PostgreSQL's refusals of a connection, or its end: shutting down (57P01, fast or immediate stop), crashed (57P02),
 * starting or stopping (57P03), too many connections (53300), and the connection exceptions (class 08).
 */
const SERVER_CODES = /^(57P0[123]|53300|08...)$/;
/** What pg says, without a code, of a connection it lost or could not get. */
const LOST =
  /^(Connection terminated|Client has encountered a connection error and is not queryable|Client was closed and is not queryable|timeout exceeded when trying to connect)/;

/**
 * Whether `error` (possibly wrapped by drizzle) says the PostgreSQL server is away, rather than that a statement
 * failed: the request may well succeed a little later, once it is back.
 */
export function databaseUnavailable(error: unknown): boolean {
  for (let e = error, depth = 0; e && typeof e === 'object' && depth < 5; e = (e as { cause?: unknown }).cause, depth++) {
    const { code, message } = e as { code?: unknown; message?: unknown };
    if (typeof code === 'string' && (SOCKET_ERRORS.has(code) || SERVER_CODES.test(code))) return true;
    if (typeof message === 'string' && LOST.test(message)) return true;
    // Every address of the host refused (`localhost`: ::1 and 127.0.0.1).
    if (e instanceof AggregateError && e.errors.some(databaseUnavailable)) return true;
  }
  return false;
}

const RELISTEN_MS = 1_000;

/** `Database.listen` on PostgreSQL. */
function listenOn(url: string, channel: string, onNotice: (payload: string) => void, onGap: () => void): () => Promise<void> {
  let client: pg.Client | null = null;
  let stopped = false;
  let retry: NodeJS.Timeout | undefined;
  let listenedBefore = false;
  const open = () => {
    if (stopped) return;
    const c = new pg.Client({ connectionString: url });
    client = c;
    const again = () => {
      if (client !== c || stopped) return;
      client = null;
      c.removeAllListeners('notification');
      void c.end().catch(() => {});
      retry = setTimeout(open, RELISTEN_MS);
      retry.unref();
    };
    c.on('error', again);
    c.on('end', again);
    c.on('notification', (n) => n.channel === channel && onNotice(n.payload ?? ''));
    c.connect()
      .then(() => c.query(`listen ${pg.escapeIdentifier(channel)}`))
      .then(() => {
        if (listenedBefore) onGap();
        listenedBefore = true;
      })
      .catch(again);
  };
  open();
  return async () => {
    stopped = true;
    clearTimeout(retry);
    const c = client;
    client = null;
    await c?.end().catch(() => {});
  };
}

/**
 * Opens and migrates the database. PGlite has one connection: a running transaction makes each query sent
 * from outside it wait (pglite-thread.ts), so a request's statements never interleave with another request's
 * transaction (proved by the 200-concurrent-requests test). Code inside a transaction must use its `tx`, never `db`.
 */
export async function openDatabase(opts: OpenOptions): Promise<Database> {
  if (opts.url) {
    const pool = new pg.Pool({
      connectionString: opts.url,
      max: opts.poolSize ?? 20,
      ...(opts.statementTimeoutMs ? { statement_timeout: opts.statementTimeoutMs } : {}),
    });
    // A connection lost (the database stopped or restarted) must not end the process: an idle one's error the pool
    // reports here and drops it; one in use fails its statements, and the pool drops it when it is given back.
    pool.on('error', () => {});
    pool.on('connect', (client) => client.on('error', () => {}));
    pool.on('connect', releasedWhenBeginFails);
    pool.on('connect', preparedStatements);
    const observers = new QueryObservers();
    pool.on('connect', (client) => timeStatements(client, observers));
    timeWaits(pool, observers);
    const db = drizzlePg(pool) as unknown as Db;
    // Migrations run on a connection of their own, without the serving statements' time limit.
    const migrator = new pg.Client({ connectionString: opts.url });
    await migrator.connect();
    try {
      await migrator.query('create extension if not exists pg_trgm');
      await migratePg(drizzlePg(migrator), { migrationsFolder });
    } finally {
      await migrator.end();
    }
    return {
      db,
      background: db,
      kind: 'postgres',
      listen: (channel, onNotice, onGap) => listenOn(opts.url!, channel, onNotice, onGap),
      observe: (observer) => observers.add(observer),
      pool: () => ({ total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount }),
      close: () => pool.end(),
    };
  }
  if (opts.dataDir) fs.mkdirSync(opts.dataDir, { recursive: true });
  // PGlite runs each query synchronously in its thread: in a thread of its own, the server's event loop
  // keeps answering (kept answers, static files) while a query runs (pglite-thread.ts).
  const observers = new QueryObservers();
  const client = await startPgliteThread(opts.dataDir ? path.resolve(opts.dataDir, 'pglite') : undefined, opts.load, observers);
  await client.exec('create extension if not exists pg_trgm');
  const db = drizzlePglite(client as unknown as PGlite) as unknown as Db;
  await migratePglite(drizzlePglite(client as unknown as PGlite), { migrationsFolder });
  const background = drizzlePglite(client.background as unknown as PGlite) as unknown as Db;
  return { db, background, kind: 'pglite', dump: () => client.dump(), observe: (observer) => observers.add(observer), close: () => client.close() };
}
