/**
 * A server process killed with SIGKILL in the middle of 200 orders and payments from 20 buyers at once, on the
 * embedded database and on PostgreSQL: started again on the same data, it serves, and every order is whole or
 * absent (its lines, and the batches' units they took), every batch holds exactly what open orders took of it, each
 * goods' stock is what its selling batches hold free, every paid order was charged once and every charge paid an
 * order, and every balance is what its ledger says. `npm run test:faults`.
 */
import type { ChildProcess } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { spawnSync } from 'node:child_process';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { openDatabase, type Database } from '../db/client.js';
import { DEMO_PAY_PASSWORD } from '../seed/demo-password.js';
import { cookieOf, spawnServer } from '../test-processes.js';

const root = path.resolve(import.meta.dirname, '../..');
const postgresUrl = process.env.TEST_DATABASE_URL || process.env.DATABASE_URL || undefined;
const BUYERS = 20;
const ORDERS = 200;
/** Killed once this many orders have been answered: in the thick of it. */
const KILL_AFTER = 80;

type Rows = Record<string, unknown>[];
const rowsOf = async (database: Database, query: ReturnType<typeof sql>) => ((await database.db.execute(query)) as unknown as { rows: Rows }).rows;

/** What the checks compare: the orders, ledger rows and batches as they were before the load. */
async function before(database: Database) {
  const [{ orders, ledger }] = await rowsOf(
    database,
    sql`select coalesce(max(id), 0)::int as orders, (select coalesce(max(id), 0)::int from ledger) as ledger from orders`,
  );
  const batches = await rowsOf(database, sql`select id, quantity from goods_batches`);
  return { orders: Number(orders), ledger: Number(ledger), quantity: new Map(batches.map((b) => [Number(b.id), Number(b.quantity)])) };
}

/** Every way the data could be left half-written, each as the rows that show it (none when whole). */
async function broken(database: Database, was: Awaited<ReturnType<typeof before>>) {
  const today = new Date(Date.now() + 8 * 3_600_000).toISOString().slice(0, 10);
  return {
    ordersWithoutLines: await rowsOf(
      database,
      sql`select o.id from orders o where o.id > ${was.orders} and not exists (select 1 from order_items i where i.order_id = o.id)`,
    ),
    linesNotTaken: await rowsOf(
      database,
      sql`select i.id, i.number, (select coalesce(sum(p.units), 0)::int from order_item_batches p where p.order_item_id = i.id) as taken
          from order_items i join orders o on o.id = i.order_id
          where o.id > ${was.orders} and o.status <> 4
            and i.number <> (select coalesce(sum(p.units), 0) from order_item_batches p where p.order_item_id = i.id)`,
    ),
    partsOfNoLine: await rowsOf(
      database,
      sql`select p.id from order_item_batches p where not exists (select 1 from order_items i where i.id = p.order_item_id)`,
    ),
    // Nothing ships during the test: a batch holds what open orders' lines took of it, and keeps its quantity.
    batchesHeldWrong: await rowsOf(
      database,
      sql`select b.id, b.held, (select coalesce(sum(p.units - p.returned), 0)::int from order_item_batches p
            join order_items i on i.id = p.order_item_id join orders o on o.id = i.order_id
            where p.batch_id = b.id and o.status in (0, 1)) as open
          from goods_batches b
          where b.held <> (select coalesce(sum(p.units - p.returned), 0) from order_item_batches p
            join order_items i on i.id = p.order_item_id join orders o on o.id = i.order_id
            where p.batch_id = b.id and o.status in (0, 1))`,
    ),
    quantityMoved: (await rowsOf(database, sql`select id, quantity from goods_batches`)).filter((b) => was.quantity.get(Number(b.id)) !== Number(b.quantity)),
    // Stock that sells: what the released batches beyond the goods' shelf-life line hold free.
    stockWrong: await rowsOf(
      database,
      sql`select g.id, g.number, s.n from goods g
          join lateral (select coalesce(sum(b.quantity - b.held), 0)::int as n from goods_batches b
            where b.goods_id = g.id and b.status = 1 and b.xq > ${today}::date + g.min_shelf_days) s on true
          where g.id in (select i.goods_id from order_items i where i.order_id > ${was.orders}) and g.number <> s.n`,
    ),
    paidNotCharged: await rowsOf(
      database,
      sql`select o.id from orders o where o.id > ${was.orders} and o.pay_status = 1
            and (select count(*) from ledger l where l.instrument = 'balance' and l.kind = 'pay' and l.ref_type = 'order' and l.ref_id = o.id and l.amount = -o.pay_amount) <> 1`,
    ),
    chargedNotPaid: await rowsOf(
      database,
      sql`select l.id from ledger l join orders o on o.id = l.ref_id
          where l.id > ${was.ledger} and l.kind = 'pay' and l.ref_type = 'order' and o.pay_status <> 1`,
    ),
    balancesNotLedger: await rowsOf(
      database,
      sql`select w.user_id, w.balance, last.balance_after from wallets w
          join lateral (select l.balance_after from ledger l where l.user_id = w.user_id and l.instrument = 'balance' order by l.id desc limit 1) last on true
          where w.balance <> last.balance_after`,
    ),
    ledgerRunsWrong: await rowsOf(
      database,
      sql`select l.id from ledger l
          join lateral (select p.balance_after from ledger p where p.user_id = l.user_id and p.instrument = l.instrument and p.id < l.id order by p.id desc limit 1) prev on true
          where l.id > ${was.ledger} and l.instrument = 'balance' and l.balance_after <> prev.balance_after + l.amount`,
    ),
  };
}

const form = { 'x-requested-with': 'XMLHttpRequest', 'content-type': 'application/json' };

/** 20 buyers placing and paying 200 orders at once until the server dies; answers how many orders it answered. */
async function load(base: string, kill: () => void): Promise<number> {
  const post = (cookie: string, p: string, body: unknown) =>
    fetch(`${base}${p}`, { method: 'POST', headers: { ...form, cookie }, body: JSON.stringify(body), signal: AbortSignal.timeout(10_000) }).then(
      (r) => r.json() as Promise<{ code: number; data: any }>,
    );
  const get = (cookie: string, p: string) =>
    fetch(`${base}${p}`, { headers: { ...form, cookie }, signal: AbortSignal.timeout(10_000) }).then((r) => r.json() as Promise<{ code: number; data: any }>);
  const cookies = await Promise.all(
    Array.from({ length: BUYERS }, async (_, i) =>
      cookieOf(
        await fetch(`${base}/api/user/login`, { method: 'POST', headers: form, body: JSON.stringify({ username: `buyer${i + 1}`, password: 'Demo@2026' }) }),
        'yct_session',
      ),
    ),
  );
  const stocked = (
    (await get(cookies[0], '/api/goods/list?in_stock=1&per_page=100&page=1&sort=sales')).data.data as {
      id: number;
      zbz: number;
      is_buy: number;
      is_ephedrine: number;
      number: number;
    }[]
  ).filter((g) => g.is_buy && !g.is_ephedrine && g.number >= g.zbz * 50);
  let placed = 0;
  let started = 0;
  await Promise.all(
    cookies.map(async (cookie) => {
      try {
        const address = (await get(cookie, '/api/address')).data[0].id as number;
        while (started < ORDERS) {
          started++;
          const lines = Array.from({ length: 1 + crypto.randomInt(3) }, () => stocked[crypto.randomInt(stocked.length)]);
          await post(cookie, '/api/cart', { params: lines.map((g) => ({ goods_id: g.id, number: g.zbz })) });
          const ids = ((await get(cookie, '/api/cart/list')).data.list as { id: number }[]).map((l) => l.id);
          await post(cookie, '/api/cart/checkout', { ids });
          const order = await post(cookie, '/api/order', { address_id: address, coupon_id: 0 });
          if (order.code !== 10000) continue;
          if (++placed === KILL_AFTER) kill();
          for (const o of order.data.orders as { id: number }[])
            await post(cookie, '/api/pay/order', { order_id: o.id, method: 'balance', pay_password: DEMO_PAY_PASSWORD });
        }
      } catch {
        // The server is gone: this buyer stops.
      }
    }),
  );
  return placed;
}

type Site = { env: Record<string, string>; open: () => Promise<Database>; done: () => Promise<void> };
const kinds: [string, () => Promise<Site>][] = [
  [
    'PGlite',
    async () => {
      const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'yct-kill-'));
      return {
        env: { DATA_DIR: dir, DATABASE_URL: '', WEB_DIST: dir },
        open: () => openDatabase({ dataDir: dir }),
        done: async () => fs.rmSync(dir, { recursive: true, force: true }),
      };
    },
  ],
  ...(postgresUrl
    ? [
        [
          'PostgreSQL',
          async (): Promise<Site> => {
            const name = `yct_kill_${crypto.randomBytes(5).toString('hex')}`;
            const admin = async (statement: string) => {
              const c = new pg.Client({ connectionString: postgresUrl });
              await c.connect();
              await c.query(statement).finally(() => c.end());
            };
            await admin(`create database ${name}`);
            const url = new URL(postgresUrl);
            url.pathname = `/${name}`;
            const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'yct-kill-'));
            return {
              env: { DATABASE_URL: url.toString(), DATA_DIR: dir, WEB_DIST: dir },
              open: () => openDatabase({ url: url.toString(), poolSize: 2 }),
              done: async () => {
                await admin(`drop database if exists ${name} with (force)`);
                fs.rmSync(dir, { recursive: true, force: true });
              },
            };
          },
        ] as [string, () => Promise<Site>],
      ]
    : []),
];

describe.each(kinds)('a server killed in the middle of orders and payments, on %s', (_label, make) => {
  it('is whole after it starts again: orders, batches, stock, charges and balances', { timeout: 600_000 }, async () => {
    const site = await make();
    let child: ChildProcess | undefined;
    try {
      const seeded = spawnSync(process.execPath, ['--import', 'tsx', 'server/seed/cli.ts', '--goods', '300', '--buyers', String(BUYERS)], {
        cwd: root,
        env: { ...process.env, ...site.env },
        encoding: 'utf8',
      });
      expect(seeded.status, seeded.stderr).toBe(0);
      const first = await site.open();
      const was = await before(first);
      await first.close();

      const started = await spawnServer(site.env);
      child = started.child;
      const killed = started.child;
      const exited = new Promise((r) => killed.once('exit', r));
      const placed = await load(started.base, () => killed.kill('SIGKILL'));
      await exited;
      expect(placed).toBeGreaterThanOrEqual(KILL_AFTER);

      // Started again on the same data, it serves.
      const again = await spawnServer(site.env);
      child = again.child;
      expect((await fetch(`${again.base}/readyz`)).status).toBe(200);
      const stopped = new Promise((r) => again.child.once('exit', r));
      again.child.kill('SIGTERM');
      await stopped;
      child = undefined;

      const database = await site.open();
      try {
        const [{ n }] = await rowsOf(database, sql`select count(*)::int as n from orders where id > ${was.orders}`);
        expect(Number(n)).toBeGreaterThanOrEqual(KILL_AFTER);
        const found = await broken(database, was);
        expect(found).toEqual(Object.fromEntries(Object.keys(found).map((k) => [k, []])));
      } finally {
        await database.close();
      }
    } finally {
      child?.kill('SIGKILL');
      await site.done();
    }
  });
});
