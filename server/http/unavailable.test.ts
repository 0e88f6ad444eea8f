/**
 * While the database is away (stopped, restarting, its connections ended) a request answers 503 with a Chinese
 * message and when to try again, never 500; on PostgreSQL, connections the database ends in the middle of requests
 * and transactions neither end the process nor leave the pool short of one, and the next request is served.
 * The whole server with its database stopped for 10 s: server/faults/postgres.fault.ts.
 */
import net from 'node:net';
import { DrizzleQueryError, sql } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/node-postgres';
import Fastify from 'fastify';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { databaseUnavailable } from '../db/client.js';
import { buildTestApp, dbLabel, loginAs, type TestApp } from '../testing.js';
import { registerErrorHandling } from './errors.js';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp({ goods: 20 });
});
afterAll(async () => t?.close());

/** A port nothing listens on. */
const closedPort = () =>
  new Promise<number>((resolve) => {
    const s = net.createServer().listen(0, '127.0.0.1', () => {
      const { port } = s.address() as net.AddressInfo;
      s.close(() => resolve(port));
    });
  });

/** What PostgreSQL sends as it refuses or ends a connection, as pg hands it on and drizzle wraps it. */
const fromServer = (code: string, message: string) =>
  new DrizzleQueryError('select 1', [], Object.assign(new pg.DatabaseError(message, message.length, 'error'), { code, severity: 'FATAL' }));

describe(`the answer while the database is away, on ${dbLabel}`, () => {
  it('is 503 in Chinese with Retry-After for every way pg says the database is away, and a masked 500 or a 422 for the rest', async () => {
    const nobody = new pg.Pool({ host: '127.0.0.1', port: await closedPort(), user: 'nobody', database: 'nothing' });
    const refused = await drizzle(nobody)
      .execute(sql`select 1`)
      .catch((e: unknown) => e);
    await nobody.end();
    const away: [string, unknown][] = [
      ['a connection refused', refused],
      ['a shutting-down server ending the connection (57P01)', fromServer('57P01', 'terminating connection due to administrator command')],
      ['a server that crashed (57P02)', fromServer('57P02', 'terminating connection because of crash of another server process')],
      ['a server starting up (57P03)', fromServer('57P03', 'the database system is starting up')],
      ['a connection failure (08006)', fromServer('08006', 'connection failure')],
      ['a connection lost', new DrizzleQueryError('select 1', [], new Error('Connection terminated unexpectedly'))],
      ['a connection lost before', new Error('Client has encountered a connection error and is not queryable')],
      ['no connection in time', new Error('timeout exceeded when trying to connect')],
    ];
    const other: [string, unknown, number][] = [
      ['a statement past its time (57014)', fromServer('57014', 'canceling statement due to statement timeout'), 500],
      ['a bug', new TypeError("Cannot read properties of undefined (reading 'id')"), 500],
      ['a double submission (23505)', fromServer('23505', 'duplicate key value violates unique constraint'), 422],
    ];
    let thrown: unknown;
    const app = Fastify();
    registerErrorHandling(app);
    app.get('/fails', async () => {
      throw thrown;
    });
    try {
      for (const [what, error] of away) {
        expect(databaseUnavailable(error), what).toBe(true);
        thrown = error;
        const res = await app.inject({ url: '/fails' });
        expect([what, res.statusCode, res.headers['retry-after'], res.json()]).toEqual([
          what,
          503,
          '5',
          { code: 503, message: '服务暂时不可用，请稍后再试', data: null },
        ]);
      }
      for (const [what, error, status] of other) {
        expect(databaseUnavailable(error), what).toBe(false);
        thrown = error;
        expect([what, (await app.inject({ url: '/fails' })).statusCode]).toEqual([what, status]);
      }
    } finally {
      await app.close();
    }
  });
});

describe.runIf(dbLabel === 'PostgreSQL')('connections PostgreSQL ends under a running app', () => {
  /**
   * Ends every connection to the app's database, as a stopping server does: answers once each has been told, with
   * what waits until they are all gone.
   */
  const endConnections = async () => {
    const admin = new pg.Client({ connectionString: t.database.url });
    await admin.connect();
    const { rows } = await admin.query<{ pid: number }>(
      `select pid, pg_terminate_backend(pid) from (
         select pid from pg_stat_activity where datname = current_database() and pid <> pg_backend_pid() and backend_type = 'client backend'
       ) others`,
    );
    const gone = async () => {
      try {
        const pids = rows.map((r) => r.pid);
        while ((await admin.query<{ n: number }>('select count(*)::int as n from pg_stat_activity where pid = any($1)', [pids])).rows[0].n);
      } finally {
        await admin.end();
      }
    };
    return { gone };
  };

  it('fails a transaction whose connection ended as the database being away, and the process lives on', async () => {
    const cut = await t.db
      .transaction(async (tx) => {
        await tx.execute(sql`select 1`);
        // Ended while the transaction waits between two statements: the connection hears of it with nothing running.
        await (await endConnections()).gone();
        await new Promise((r) => setTimeout(r, 100));
        await tx.execute(sql`select 1`);
      })
      .catch((e: unknown) => e);
    expect(databaseUnavailable(cut)).toBe(true);
    expect(((await t.db.execute(sql`select 1 as one`)) as unknown as { rows: { one: number }[] }).rows).toEqual([{ one: 1 }]);
  });

  // A connection kept out of the pool each time leaves it none to give within a round or two: the test would wait.
  it('gives a connection whose transaction could not begin back to the pool, so that the pool never runs short', { timeout: 20_000 }, async () => {
    const failures: unknown[] = [];
    for (let round = 0; round < 10; round++) {
      // Connections idle in the pool, ended, and transactions begun on them at once, before the pool hears of it.
      await Promise.all(Array.from({ length: 5 }, () => t.db.transaction((tx) => tx.execute(sql`select pg_sleep(0.01)`))));
      const ended = await endConnections();
      const begun = await Promise.allSettled(Array.from({ length: 5 }, () => t.db.transaction((tx) => tx.execute(sql`select 1`))));
      failures.push(...begun.flatMap((b) => (b.status === 'rejected' ? [b.reason] : [])));
      await ended.gone();
    }
    expect(failures.length).toBeGreaterThan(0);
    expect(failures.filter((f) => !databaseUnavailable(f))).toEqual([]);
    await expect.poll(() => t.database.pool!().total - t.database.pool!().idle).toBe(0);
  });

  it('answers 503 in Chinese, never 500, to requests whose connections end, then serves with every connection of its pool', async () => {
    const demo = await loginAs(t.app, 'demo');
    const goods = (await demo.get('/api/goods/list?in_stock=1&page=1')).body.data.data as { id: number; zbz: number; is_buy: number; is_ephedrine: number }[];
    const g = goods.find((x) => x.is_buy && !x.is_ephedrine)!;
    const answers: { status: number; body: { code: number; message: string } }[] = [];
    for (let round = 0; round < 10; round++) {
      // The pool's connections busy, then idle in it, then ended, and requests sent at once, as the pool hears of it.
      await Promise.all(Array.from({ length: 6 }, () => demo.get('/api/cart/list')));
      const ended = await endConnections();
      answers.push(
        ...(await Promise.all(
          Array.from({ length: 6 }, (_, i) => (i % 2 ? demo.get('/api/cart/list') : demo.post('/api/cart', { params: [{ goods_id: g.id, number: g.zbz }] }))),
        )),
      );
      await ended.gone();
    }
    expect(answers.filter((a) => a.status !== 200 && a.status !== 503)).toEqual([]);
    expect(answers.filter((a) => a.status === 503 && a.body.message !== '服务暂时不可用，请稍后再试')).toEqual([]);
    expect(answers.some((a) => a.status === 503)).toBe(true);
    // Every connection back in the pool, and the next request served.
    await expect.poll(() => t.database.pool!().total - t.database.pool!().idle).toBe(0);
    expect((await demo.get('/api/cart/list')).body.code).toBe(10000);
    expect((await t.app.inject({ url: '/readyz' })).statusCode).toBe(200);
  });
});
