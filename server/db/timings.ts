/**
 * How long statements take, for the app's metrics (http/metrics.ts): each statement's time in the database and, on
 * PostgreSQL, each wait for a connection of the pool. Nothing is timed while nobody observes, and a statement
 * observed costs two clock readings and a call per observer.
 */
import type pg from 'pg';

export type QueryObserver = {
  /** A statement's time, in seconds: from sent to answered (a transaction's statements one by one). */
  query(seconds: number): void;
  /** PostgreSQL: how long a statement or a transaction waited for a connection of the pool, in seconds. */
  wait(seconds: number): void;
};

/** The observers of one database; several apps may share a database (the tests of several processes do). */
export class QueryObservers {
  private readonly all = new Set<QueryObserver>();

  get any() {
    return this.all.size > 0;
  }

  /** Tells `observer` of every statement from now on; answers what stops it. */
  add(observer: QueryObserver): () => void {
    this.all.add(observer);
    return () => void this.all.delete(observer);
  }

  /** A statement sent at `started` (`performance.now()`) has been answered. */
  query(started: number) {
    const seconds = (performance.now() - started) / 1000;
    for (const o of this.all) o.query(seconds);
  }

  /** A connection asked for at `started` has been given. */
  wait(started: number) {
    const seconds = (performance.now() - started) / 1000;
    for (const o of this.all) o.wait(seconds);
  }
}

type Callback = (...args: unknown[]) => void;

/**
 * Times every statement of a pooled connection: the pool's own queries call the connection with a callback, a
 * transaction's statements without one (a promise).
 */
export function timeStatements(client: pg.PoolClient, observers: QueryObservers) {
  const query = client.query.bind(client) as (...args: unknown[]) => unknown;
  client.query = ((...args: unknown[]) => {
    if (!observers.any) return query(...args);
    const started = performance.now();
    const last = args.length - 1;
    const callback = args[last];
    if (typeof callback === 'function') {
      args[last] = (...answer: unknown[]) => {
        observers.query(started);
        (callback as Callback)(...answer);
      };
      return query(...args);
    }
    const result = query(...args) as Promise<unknown>;
    const done = () => observers.query(started);
    result.then(done, done);
    return result;
  }) as typeof client.query;
}

/** Times how long each query of the pool and each transaction waits for a connection (`pool.query` asks through `connect`). */
export function timeWaits(pool: pg.Pool, observers: QueryObservers) {
  const connect = pool.connect.bind(pool) as (callback?: Callback) => Promise<pg.PoolClient> | undefined;
  pool.connect = ((callback?: Callback) => {
    if (!observers.any) return connect(callback);
    const started = performance.now();
    if (callback) {
      return connect((...answer) => {
        observers.wait(started);
        callback(...answer);
      });
    }
    const result = connect()!;
    const done = () => observers.wait(started);
    result.then(done, done);
    return result;
  }) as typeof pool.connect;
}
