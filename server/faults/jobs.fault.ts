/**
 * Two processes each running every job, over and over at the same moments, for 60 s, on one PostgreSQL database:
 * the claims in the database would keep them apart, and here they are bypassed on purpose, so that each job's own
 * work shows it is done once. No order cancelled twice (its stock given back once), none completed twice, and no
 * points, 满返 or invoice granted twice. `npm run test:faults`.
 */
import crypto from 'node:crypto';
import path from 'node:path';
import { spawnSync } from 'node:child_process';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { buildApp } from '../app.js';
import { openDatabase, type Database, type Db } from '../db/client.js';
import { cancelExpiredOrders, completeShippedOrders } from '../modules/orders/index.js';
import { foldSales, sweepNearExpiry } from '../modules/catalogue/index.js';
import { expireCoupons, markOverdueBills } from '../modules/wallet/index.js';
import { sendLicenceReminders } from '../modules/accounts/index.js';
import { reportNearExpiry } from '../modules/quality/index.js';
import { DEMO_PAY_PASSWORD } from '../seed/demo-password.js';
import { loginAs, operatorLogin, testConfig } from '../testing.js';

const root = path.resolve(import.meta.dirname, '../..');
const postgresUrl = process.env.TEST_DATABASE_URL || process.env.DATABASE_URL || undefined;
const SECONDS = Number(process.env.JOBS_FAULT_SECONDS ?? 60);
const BUYERS = 8;
const ORDERS_EACH = 6;

type Rows = Record<string, unknown>[];
const rowsOf = async (database: Database, query: ReturnType<typeof sql>) => ((await database.db.execute(query)) as unknown as { rows: Rows }).rows;

/** Every job the server runs, as one process would run them all, one after another. */
const everyJob = async (db: Db) => {
  await cancelExpiredOrders(db);
  await completeShippedOrders(db);
  await foldSales(db);
  await sweepNearExpiry(db);
  await expireCoupons(db);
  await markOverdueBills(db);
  await sendLicenceReminders(db);
  await reportNearExpiry(db);
};

describe.runIf(postgresUrl)('two processes running every job at once, over and over (PostgreSQL)', () => {
  it(`cancels, completes and grants each order once in ${SECONDS} s of both running every job`, { timeout: 600_000 }, async () => {
    const name = `yct_jobs_${crypto.randomBytes(5).toString('hex')}`;
    const admin = async (statement: string) => {
      const c = new pg.Client({ connectionString: postgresUrl });
      await c.connect();
      await c.query(statement).finally(() => c.end());
    };
    await admin(`create database ${name}`);
    const url = new URL(postgresUrl!);
    url.pathname = `/${name}`;
    const seeded = spawnSync(process.execPath, ['--import', 'tsx', 'server/seed/cli.ts', '--goods', '200', '--buyers', String(BUYERS)], {
      cwd: root,
      env: { ...process.env, DATABASE_URL: url.toString() },
      encoding: 'utf8',
    });
    expect(seeded.status, seeded.stderr).toBe(0);
    const one = await openDatabase({ url: url.toString(), poolSize: 4 });
    const two = await openDatabase({ url: url.toString(), poolSize: 4 });
    const app = await buildApp({ config: testConfig(), database: one, logger: false });
    try {
      const [{ before }] = await rowsOf(one, sql`select coalesce(max(id), 0)::int as before from orders`);
      // Orders of every kind the jobs act on: unpaid ones whose time is up, and paid ones shipped 16 days ago.
      const goods = (await rowsOf(
        one,
        sql`select id, zbz from goods where is_on_sale and is_buy and not is_kx and not is_ephedrine and number > zbz * 100 order by id limit 40`,
      )) as {
        id: number;
        zbz: number;
      }[];
      const warehouse = await operatorLogin(app, 'warehouse');
      for (let b = 1; b <= BUYERS; b++) {
        const buyer = await loginAs(app, `buyer${b}`);
        const address = (await buyer.get('/api/address')).body.data[0].id as number;
        for (let i = 0; i < ORDERS_EACH; i++) {
          const g = goods[(b * ORDERS_EACH + i) % goods.length];
          await buyer.post('/api/cart', { params: [{ goods_id: g.id, number: g.zbz }] });
          await buyer.post('/api/cart/checkout', { ids: ((await buyer.get('/api/cart/list')).body.data.list as { id: number }[]).map((l) => l.id) });
          const placed = await buyer.post('/api/order', { address_id: address, coupon_id: 0 });
          expect(placed.body.code, placed.body.message).toBe(10000);
          const id = placed.body.data.orders[0].id as number;
          if (i % 2) continue;
          expect((await buyer.post('/api/pay/order', { order_id: id, method: 'balance', pay_password: DEMO_PAY_PASSWORD })).body.code).toBe(10000);
          expect((await warehouse.post(`/api/admin/orders/${id}/ship`, { carrier: '顺丰速运', tracking_no: `SF${id}000000` })).body.code).toBe(10000);
        }
      }
      await one.db.execute(sql`update orders set expires_at = now() - interval '1 hour' where id > ${before} and status = 0`);
      await one.db.execute(sql`update orders set shipped_at = now() - interval '16 days' where id > ${before} and status = 2`);
      const [{ held }] = await rowsOf(one, sql`select sum(held)::int as held from goods_batches`);

      // Both "processes" run every job, again and again, for the whole time; errors (one run losing a race) are
      // counted, never half-done work.
      const until = Date.now() + SECONDS * 1000;
      const failures: string[] = [];
      const loop = async (db: Db) => {
        while (Date.now() < until) await everyJob(db).catch((err: unknown) => failures.push(String(err)));
      };
      await Promise.all([loop(one.db), loop(two.db), loop(one.db), loop(two.db)]);

      const orders = await rowsOf(one, sql`select status, count(*)::int as n from orders where id > ${before} group by status order by status`);
      expect(orders).toEqual([
        { status: 3, n: (BUYERS * ORDERS_EACH) / 2 },
        { status: 4, n: (BUYERS * ORDERS_EACH) / 2 },
      ]);
      const twice = await rowsOf(
        one,
        sql`select kind, instrument, ref_id, count(*)::int as n from ledger
            where ref_type = 'order' and ref_id > ${before} and kind in ('grant', 'cashback', 'refund', 'cancel')
            group by kind, instrument, ref_id having count(*) > 1`,
      );
      expect(twice).toEqual([]);
      const points = await rowsOf(
        one,
        sql`select o.id from orders o where o.id > ${before} and o.status = 3 and o.pay_amount >= 100
            and (select count(*) from ledger l where l.instrument = 'points' and l.kind = 'grant' and l.ref_type = 'order' and l.ref_id = o.id) <> 1`,
      );
      expect(points).toEqual([]);
      const invoices = await rowsOf(
        one,
        sql`select order_id, count(*)::int as n from invoices where order_id > ${before} group by order_id having count(*) > 1`,
      );
      expect(invoices).toEqual([]);
      // The cancelled orders gave their units back once: what batches hold is what open orders took.
      const [{ heldAfter, open }] = await rowsOf(
        one,
        sql`select (select sum(held)::int from goods_batches) as "heldAfter",
            (select coalesce(sum(p.units - p.returned), 0)::int from order_item_batches p join order_items i on i.id = p.order_item_id
              join orders o on o.id = i.order_id where o.status in (0, 1)) as open`,
      );
      expect(heldAfter).toBe(open);
      expect(Number(heldAfter)).toBeLessThan(Number(held));
      const balances = await rowsOf(
        one,
        sql`select w.user_id from wallets w join lateral (select l.balance_after from ledger l where l.user_id = w.user_id and l.instrument = 'balance' order by l.id desc limit 1) last on true
            where w.balance <> last.balance_after`,
      );
      expect(balances).toEqual([]);
      console.log(
        `jobs fault: ${SECONDS} s, runs that lost a race: ${failures.length}${failures.length ? ` (${[...new Set(failures)].slice(0, 3).join('; ')})` : ''}`,
      );
    } finally {
      await app.close();
      await one.close();
      await two.close();
      await admin(`drop database if exists ${name} with (force)`);
    }
  });
});
