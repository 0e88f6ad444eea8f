/**
 * PGlite in a thread of its own (pglite-worker.mjs), seen from the server as the client drizzle expects:
 * `query`, `exec` and `transaction`. PGlite has one connection, so a transaction owns it until it ends:
 * statements sent meanwhile from outside it wait, as they do in PGlite's own mutex, and go in order.
 */
import { Worker } from 'node:worker_threads';
import type { QueryObservers } from './timings.js';

type QueryResult = { rows: unknown[]; fields: { name: string; dataTypeID: number }[]; affectedRows?: number };
type Answer = { id: number; result?: unknown; error?: { message: string; name: string; fields: Record<string, unknown> } };
type QueryOptions = { rowMode?: 'array' | 'object' };

/** What drizzle's PGlite driver calls on a client and on a transaction's client. */
type Client = {
  query(sql: string, params?: unknown[], options?: QueryOptions): Promise<QueryResult>;
  exec(sql: string): Promise<QueryResult[]>;
};

/**
 * A transaction's client: besides the statements, `endWith(column)` asks that the next statement end the
 * transaction in the database's thread, committed when its first row's `column` is true and rolled back
 * otherwise (or when it fails): one message to the thread and back fewer while the transaction holds the
 * connection. Nothing may be sent in the transaction after that statement.
 */
export type TxClient = Client & { endWith(column: string): void };

type Transacting = Client & { transaction<T>(fn: (tx: TxClient) => Promise<T>): Promise<T> };

export type ThreadedPglite = Transacting & {
  /**
   * The same database for work no request waits on (the sweeps): each of its statements and transactions starts
   * only once no other is queued or running, or after BACKGROUND_WAIT_MS of waiting, so that a sweep's parts go
   * between the requests' rather than ahead of them.
   */
  background: Transacting;
  /** The whole data directory as an uncompressed tar, which `load` starts another database from. */
  dump(): Promise<Uint8Array>;
  close(): Promise<void>;
};

const workerFile = new URL('./pglite-worker.mjs', import.meta.url);

/** Longest a background statement or transaction waits for the requests' to clear before it goes anyway. */
const BACKGROUND_WAIT_MS = 1_000;

const JSON_TYPES = new Set([114, 3802]); // json, jsonb

/** The JSON values of a result, which cross from the thread as their text, parsed (as PGlite itself would). */
function parseJson(result: QueryResult): QueryResult {
  if (!result.fields?.length || !result.rows.length) return result;
  const columns = result.fields.flatMap((f, i) => (JSON_TYPES.has(f.dataTypeID) ? [i] : []));
  if (!columns.length) return result;
  const names = columns.map((i) => result.fields[i].name);
  for (const row of result.rows) {
    if (Array.isArray(row)) {
      for (const i of columns) if (typeof row[i] === 'string') row[i] = JSON.parse(row[i] as string);
    } else {
      const r = row as Record<string, unknown>;
      for (const k of names) if (typeof r[k] === 'string') r[k] = JSON.parse(r[k] as string);
    }
  }
  return result;
}

/**
 * Starts the database's thread. `observers` are told each statement's time in the thread (from sent to answered,
 * without the wait for its turn while a transaction holds the connection).
 */
export async function startPgliteThread(dataDir: string | undefined, load?: Uint8Array, observers?: QueryObservers): Promise<ThreadedPglite> {
  const worker = new Worker(workerFile, { workerData: { dataDir, load } });
  // `started`: when a statement observed was sent, else -1.
  const waiting = new Map<number, { resolve: (v: unknown) => void; reject: (e: Error) => void; started: number }>();
  let next = 1;
  let failed: Error | null = null;

  await new Promise<void>((resolve, reject) => {
    worker.once('message', () => resolve());
    worker.once('error', reject);
  });
  worker.on('message', (a: Answer) => {
    const w = waiting.get(a.id);
    if (!w) return;
    waiting.delete(a.id);
    if (w.started >= 0) observers?.query(w.started);
    if (a.error) w.reject(Object.assign(new Error(a.error.message), { name: a.error.name }, a.error.fields));
    else w.resolve(Array.isArray(a.result) ? a.result.map(parseJson) : a.result && parseJson(a.result as QueryResult));
  });
  const fail = (error: Error) => {
    failed = error;
    for (const w of waiting.values()) w.reject(error);
    waiting.clear();
  };
  worker.on('error', fail);
  worker.on('exit', (code) => fail(new Error(`数据库线程已退出（${code}）`)));

  const send = <T>(
    op: 'query' | 'exec' | 'dump' | 'close',
    sql = '',
    params: unknown[] = [],
    rowMode: QueryOptions['rowMode'] = 'object',
    begin = false,
    commitIf?: string,
  ) =>
    new Promise<T>((resolve, reject) => {
      if (failed) return reject(failed);
      const id = next++;
      const started = observers?.any && (op === 'query' || op === 'exec') ? performance.now() : -1;
      waiting.set(id, { resolve: resolve as (v: unknown) => void, reject, started });
      worker.postMessage({ id, op, sql, params, rowMode, begin, commitIf });
    });

  // Statements outside a transaction go out at once (the thread runs them in order); a transaction holds
  // back everything sent after it began until it commits or rolls back.
  let turn: Promise<void> = Promise.resolve();
  // Statements and transactions queued or running: background work starts when there are none.
  let pending = 0;
  const inTurn = async <T>(run: () => Promise<T>) => {
    pending++;
    try {
      while (true) {
        const current = turn;
        await current;
        if (current === turn) return await run();
      }
    } finally {
      pending--;
    }
  };
  /** Until nothing is queued or running, or BACKGROUND_WAIT_MS have passed. */
  const idle = async () => {
    const until = performance.now() + BACKGROUND_WAIT_MS;
    while (pending > 0 && performance.now() < until) await new Promise((resolve) => setTimeout(resolve, 1));
  };

  const direct: Client = {
    query: (sql, params, options) => send<QueryResult>('query', sql, params ?? [], options?.rowMode ?? 'object'),
    exec: (sql) => send<QueryResult[]>('exec', sql),
  };

  const transaction: Transacting['transaction'] = (fn) =>
    inTurn(async () => {
      let end!: () => void;
      turn = new Promise<void>((resolve) => (end = resolve));
      // The transaction begins with its first statement, in the same message (one turn of the server's loop
      // fewer while it holds the connection); one that sent nothing has nothing to end.
      let begun = false;
      const first = () => !begun && (begun = true);
      // Set by `endWith`: the column the next statement ends the transaction by; then whether it has.
      let endsBy: string | undefined;
      let ended = false;
      const over = () => Promise.reject(new Error('事务已结束，不能再执行语句'));
      const tx: TxClient = {
        query: (sql, params, options) => {
          if (ended) return over();
          const commitIf = endsBy;
          ended = commitIf !== undefined;
          return send<QueryResult>('query', sql, params ?? [], options?.rowMode ?? 'object', first(), commitIf);
        },
        exec: (sql) => (ended ? over() : send<QueryResult[]>('exec', sql, [], 'object', first())),
        endWith: (column) => void (endsBy = column),
      };
      try {
        const result = await fn(tx);
        if (begun && !ended) await direct.exec('commit');
        return result;
      } catch (error) {
        if (begun && !ended) await direct.exec('rollback').catch(() => {});
        throw error;
      } finally {
        end();
      }
    });

  return {
    query: (sql, params, options) => inTurn(() => direct.query(sql, params, options)),
    exec: (sql) => inTurn(() => direct.exec(sql)),
    transaction,
    background: {
      query: async (sql, params, options) => {
        await idle();
        return inTurn(() => direct.query(sql, params, options));
      },
      exec: async (sql) => {
        await idle();
        return inTurn(() => direct.exec(sql));
      },
      transaction: async (fn) => {
        await idle();
        return transaction(fn);
      },
    },
    dump: () => inTurn(() => send<Uint8Array>('dump')),
    close: async () => {
      await inTurn(() => send('close')).catch(() => {});
      worker.removeAllListeners('exit');
      await worker.terminate();
    },
  };
}
