/** Goods whole with their batches: the seed, the migration of goods without batches, the console's stock changes and the day's sweep. */
import { readFileSync } from 'node:fs';
import { describe, it, expect } from 'vitest';
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import { chinaToday } from '../../../core/schemas/admin-goods.js';
import { BatchStatus, OrderStatus } from '../../../core/status.js';
import { goods, goodsBatches, orderItemBatches, stockLog } from '../../db/schema/catalogue.js';
import { auditLog } from '../../db/schema/operators.js';
import { orderItems, orders } from '../../db/schema/orders.js';
import { dbLabel } from '../../testing.js';
import { create, ops, t, openGoodsConsole } from './admin.fixture.js';
import { sweepNearExpiry } from './batches.js';
import { takeStocks } from './stock.js';
import { dayFrom, giveBatches, type BatchSpec } from './batches.fixture.js';

openGoodsConsole();

type Batch = typeof goodsBatches.$inferSelect;
type Goods = typeof goods.$inferSelect;

const today = chinaToday();
const sells = (g: Goods, b: Batch) => b.status === BatchStatus.released && b.xq > dayFrom(g.minShelfDays);

async function everything() {
  const all = await t.db.select().from(goods).orderBy(asc(goods.id));
  const batches = await t.db.select().from(goodsBatches).orderBy(asc(goodsBatches.xq), asc(goodsBatches.id));
  return all.map((g) => ({ g, batches: batches.filter((b) => b.goodsId === g.id) }));
}
const batchesOf = (goodsId: number) =>
  t.db.select().from(goodsBatches).where(eq(goodsBatches.goodsId, goodsId)).orderBy(asc(goodsBatches.xq), asc(goodsBatches.id));
const goodsNow = async (id: number) => (await t.db.select().from(goods).where(eq(goods.id, id)))[0];

/** Gives the goods exactly these batches (expiring `days` from today) and works its stock out from them. */
const withBatches = (goodsId: number, specs: BatchSpec[]) => giveBatches(t.db, goodsId, specs);

describe(`batches of the seed on ${dbLabel}`, () => {
  it('gives every goods 1 to 4 batches whose units that sell are its stock, the first of them its dates', async () => {
    const seen = await everything();
    expect(seen.length).toBeGreaterThan(50);
    for (const { g, batches } of seen) {
      expect(batches.length, g.name).toBeGreaterThanOrEqual(1);
      expect(batches.length, g.name).toBeLessThanOrEqual(4);
      const selling = batches.filter((b) => sells(g, b));
      expect(g.number, g.name).toBe(selling.reduce((n, b) => n + b.quantity - b.held, 0));
      // The next batch a buyer receives; a goods sold out keeps the dates of its first batch.
      const next = selling.find((b) => b.quantity > b.held) ?? batches.find((b) => b.xq === g.xq);
      expect([g.xq, g.scrq], g.name).toEqual([next!.xq, next!.scrq]);
      for (const b of batches) expect(b.batchNo).toMatch(/^(\d{8}|B\d{7}|C\d{6}-[1-3])Q?$/);
    }
    // What each batch holds is what the open orders of the seed took from it; shipped orders took theirs away.
    const open = await t.db
      .select({ batchId: orderItemBatches.batchId, units: sql<number>`sum(${orderItemBatches.units})::int` })
      .from(orderItemBatches)
      .innerJoin(orderItems, eq(orderItems.id, orderItemBatches.orderItemId))
      .innerJoin(orders, eq(orders.id, orderItems.orderId))
      .where(inArray(orders.status, [OrderStatus.unpaid, OrderStatus.toShip]))
      .groupBy(orderItemBatches.batchId);
    const held = new Map(open.map((o) => [o.batchId, Number(o.units)]));
    expect(held.size, 'the demo has open orders').toBeGreaterThan(0);
    for (const { batches } of seen) for (const b of batches) expect(b.held, b.batchNo).toBe(held.get(b.id) ?? 0);
    const counts = seen.map((s) => s.batches.length);
    expect(new Set(counts).size, 'some goods have one batch, some several').toBeGreaterThan(1);
  });

  it('holds exactly one locked batch, and batches near expiry, out of the goods’ stock', async () => {
    const seen = await everything();
    const locked = seen.flatMap(({ g, batches }) => batches.filter((b) => b.status === BatchStatus.locked).map((b) => ({ g, b })));
    expect(locked).toHaveLength(1);
    expect(locked[0].b.quantity).toBeGreaterThan(0);
    const near = seen.flatMap(({ g, batches }) => batches.filter((b) => b.status === BatchStatus.released && !sells(g, b) && b.quantity > 0));
    expect(near.length).toBeGreaterThan(0);
    for (const b of near) expect(b.xq <= dayFrom(183)).toBe(true);
    // A near-expiry listing (近效期, 特) sells its own near batches.
    const listings = seen.filter(({ g }) => g.minShelfDays === 0 && g.number > 0);
    expect(listings.length).toBeGreaterThan(0);
    for (const { g } of listings) expect(g.xq <= dayFrom(183)).toBe(true);
  });

  it('takes an order’s stock from ten goods of the seed without writing any of the goods’ fifteen indexes', async () => {
    // Ten goods on ten pages of the table (a page's room is for a change of one of its rows at a time).
    const ten = (
      (await t.db.execute(
        sql`select id from (select distinct on ((ctid::text::point)[0]) id from ${goods} where ${goods.number} > 100 order by (ctid::text::point)[0], id) g order by id limit 10`,
      )) as unknown as { rows: { id: number }[] }
    ).rows.map((g) => Number(g.id));
    const updates = await t.db
      .transaction(async (tx) => {
        const short = await takeStocks(
          tx,
          ten.map((goodsId, i) => ({ item: 2_000_000 + i, goodsId, number: 1 })),
        );
        expect(short).toBeNull();
        const [counts] = (
          (await tx.execute(
            sql`select n_tup_upd::int as updated, n_tup_hot_upd::int as heap_only from pg_stat_xact_user_tables where relname = 'goods'`,
          )) as unknown as { rows: { updated: number; heap_only: number }[] }
        ).rows;
        throw Object.assign(new Error('rolled back'), { counts });
      })
      .catch((err: { counts?: { updated: number; heap_only: number } }) => err.counts);
    // Heap-only updates (no indexed column changed, and room on the page: migration 0033, fillfactor 70).
    expect(updates).toEqual({ updated: 10, heap_only: 10 });
  });

  it('makes one batch of each goods without batches, with its stock and dates, when the migration runs', async () => {
    const before = await t.db.select().from(goods).orderBy(asc(goods.id));
    const migration = readFileSync(new URL('../../db/migrations/0028_batches.sql', import.meta.url), 'utf8');
    const moves = migration
      .split('--> statement-breakpoint')
      .map((s) => s.trim())
      .filter((s) => /^--/.test(s));
    expect(moves).toHaveLength(3);
    const sentinel = new Error('rolled back');
    const made = await t.db
      .transaction(async (tx) => {
        await tx.delete(orderItemBatches);
        await tx.delete(goodsBatches);
        for (const statement of moves) await tx.execute(sql.raw(statement));
        const rows = await tx.select().from(goodsBatches).orderBy(asc(goodsBatches.goodsId));
        const after = await tx.select().from(goods).orderBy(asc(goods.id));
        throw Object.assign(sentinel, { rows, after });
      })
      .catch((err: Error & { rows?: Batch[]; after?: Goods[] }) => {
        if (err !== sentinel) throw err;
        return { rows: err.rows!, after: err.after! };
      });
    expect(made.rows).toHaveLength(before.length);
    made.rows.forEach((b, i) => {
      const g = before[i];
      expect(b).toMatchObject({
        goodsId: g.id,
        batchNo: g.scrq.replaceAll('-', ''),
        scrq: g.scrq,
        xq: g.xq,
        quantity: g.number,
        held: 0,
        status: BatchStatus.released,
      });
    });
    // Stock is as it was: nothing of the seed has expired.
    expect(made.after.map((g) => g.number)).toEqual(before.map((g) => g.number));
    expect(await t.db.select().from(goodsBatches)).not.toHaveLength(before.length);
  });
});

describe(`the console's stock changes and batches on ${dbLabel}`, () => {
  it('makes the first stock of a new goods its first batch, numbered by its production date', async () => {
    const g = await create({ number: 500 });
    expect((await batchesOf(g.id)).map((b) => [b.batchNo, b.scrq, b.xq, b.quantity, b.status])).toEqual([['20250301', '2025-03-01', '2028-02-28', 500, 1]]);
    expect((await goodsNow(g.id)).number).toBe(500);
    const [log] = await t.db.select().from(stockLog).where(eq(stockLog.goodsId, g.id));
    expect(log.batchId).toBe((await batchesOf(g.id))[0].id);
  });

  it('adds units named by no batch to the batch the goods’ dates name, and takes units off the batches that sell first-expiring first', async () => {
    const g = await create({ number: 0 });
    await withBatches(g.id, [
      { no: 'B2409017', days: 300, quantity: 30, held: 10 },
      { no: 'A250301', days: 400, quantity: 100 },
      { no: 'N240101', days: 90, quantity: 50 },
    ]);
    expect((await goodsNow(g.id)).number).toBe(120);
    const added = await ops.post(`/api/admin/goods/${g.id}/stock`, { delta: 5, reason: '盘盈' });
    expect(added.body.data.number).toBe(125);
    const dated = (await batchesOf(g.id)).find((b) => b.batchNo === dayFrom(300 - 730).replaceAll('-', ''))!;
    expect(dated).toMatchObject({ quantity: 5, xq: dayFrom(300), status: BatchStatus.released });
    expect(added.body.data.log.batch_id).toBe(dated.id);

    const taken = await ops.post(`/api/admin/goods/${g.id}/stock`, { delta: -30, reason: '报损' });
    expect(taken.body.data).toMatchObject({ number: 95, log: { batch_id: null, delta: -30, stock_after: 95 } });
    const after = new Map((await batchesOf(g.id)).map((b) => [b.batchNo, [b.quantity, b.held]]));
    // B2409017 gives its 20 free units (10 belong to an order), the dated batch its 5, A250301 the last 5.
    expect(after.get('B2409017')).toEqual([10, 10]);
    expect(after.get(dated.batchNo)).toEqual([0, 0]);
    expect(after.get('A250301')).toEqual([95, 0]);
    expect(after.get('N240101')).toEqual([50, 0]);

    const tooMany = await ops.post(`/api/admin/goods/${g.id}/stock`, { delta: -96, reason: '报损' });
    expect(tooMany.body).toMatchObject({ code: 400, message: '库存不足：当前库存95，调整后不能小于0' });
    expect((await goodsNow(g.id)).number).toBe(95);
  });

  it('changes the batch named, never below what open orders hold, and only a batch of that goods', async () => {
    const g = await create({ number: 0 });
    await withBatches(g.id, [
      { no: 'B2409017', days: 300, quantity: 30, held: 10 },
      { no: 'N240101', days: 90, quantity: 50 },
    ]);
    const [b, n] = await batchesOf(g.id).then((rows) => [rows.find((r) => r.batchNo === 'B2409017')!, rows.find((r) => r.batchNo === 'N240101')!]);
    // Into a batch that sells with the goods: the batch and the goods' stock move, and the log names the batch.
    const into = await ops.post(`/api/admin/goods/${g.id}/stock`, { delta: 15, reason: '采购入库', batch_id: b.id });
    expect(into.body.data).toMatchObject({ number: 35, log: { batch_id: b.id, batch_no: 'B2409017', delta: 15, stock_after: 35 } });
    expect((await batchesOf(g.id)).find((r) => r.id === b.id)).toMatchObject({ quantity: 45, held: 10 });
    expect((await goodsNow(g.id)).number).toBe(35);
    const [last] = (await ops.get(`/api/admin/goods/${g.id}/stock_log`)).body.data.data;
    expect(last).toMatchObject({ batch_id: b.id, batch_no: 'B2409017', delta: 15, reason: '采购入库' });
    const back = await ops.post(`/api/admin/goods/${g.id}/stock`, { delta: -15, reason: '退供应商', batch_id: b.id });
    expect(back.body.data).toMatchObject({ number: 20, log: { batch_no: 'B2409017' } });

    const near = await ops.post(`/api/admin/goods/${g.id}/stock`, { delta: -20, reason: '近效期报损', batch_id: n.id });
    expect(near.body.data).toMatchObject({ number: 20, log: { batch_id: n.id, batch_no: 'N240101', delta: -20, stock_after: 20 } });
    const below = await ops.post(`/api/admin/goods/${g.id}/stock`, { delta: -21, reason: '报损', batch_id: b.id });
    expect(below.body).toMatchObject({ code: 400, message: '批号B2409017库存不足：现有30，其中10已被订单占用' });
    expect((await ops.post(`/api/admin/goods/${g.id}/stock`, { delta: -20, reason: '报损', batch_id: b.id })).body.data.number).toBe(0);
    const other = await create({ number: 10 });
    const [theirs] = await batchesOf(other.id);
    const logRows = async () =>
      (
        await t.db
          .select()
          .from(stockLog)
          .where(inArray(stockLog.goodsId, [g.id, other.id]))
      ).length;
    const logged = await logRows();
    const foreign = await ops.post(`/api/admin/goods/${g.id}/stock`, { delta: 1, reason: '盘盈', batch_id: theirs.id });
    expect(foreign.status).toBe(422);
    expect(foreign.body).toMatchObject({ code: 422, message: '该批号不属于此商品', data: { errors: { batch_id: ['该批号不属于此商品'] } } });
    expect((await batchesOf(other.id))[0].quantity).toBe(10);
    expect((await goodsNow(g.id)).number).toBe(0);
    expect((await goodsNow(other.id)).number).toBe(10);
    expect(await logRows()).toBe(logged);
    expect((await ops.post(`/api/admin/goods/${g.id}/stock`, { delta: 1, reason: '盘盈', batch_id: 99999999 })).status).toBe(422);
  });

  it('lists a goods’ batches for its stock form first expiring first, each saying truthfully where it sells', async () => {
    const g = await create({ number: 0, base_price: '20.00', ladder_price: [] });
    const ids = await withBatches(g.id, [
      { no: 'FRESH1', days: 400, quantity: 40, held: 5 },
      { no: 'NEAROWN', days: 60, quantity: 12, price: 990 },
      { no: 'NEARRATE', days: 90, quantity: 8 },
      { no: 'NEARHELD', days: 100, quantity: 6, held: 6 },
      { no: 'GONE', days: -3, quantity: 9 },
      { no: 'WAITING', days: 300, quantity: 20, status: BatchStatus.pending },
      { no: 'HOLD', days: 350, quantity: 7, status: BatchStatus.locked },
    ]);
    const res = await ops.get(`/api/admin/goods/${g.id}/batches`);
    expect(res.body.code, res.body.message).toBe(10000);
    const rows = res.body.data as {
      id: number;
      batch_no: string;
      sale: string;
      sale_text: string;
      sale_note: string;
      near_price: string | null;
      near_rate: number | null;
    }[];
    const seen = rows.map((b) => [b.batch_no, b.sale_text, b.sale_note, b.near_price, b.near_rate]);
    expect(seen).toEqual([
      ['GONE', '不可售', '已过期', null, null],
      ['NEAROWN', '近效期专场', '', '9.90', null],
      ['NEARRATE', '近效期专场', '', '14.00', 70],
      ['NEARHELD', '不可售', '已全部被订单占用', null, null],
      ['WAITING', '不可售', '待验', null, null],
      ['HOLD', '不可售', '锁定', null, null],
      ['FRESH1', '可售', '', null, null],
    ]);
    expect(rows.find((b) => b.batch_no === 'FRESH1')).toMatchObject({ sale: 'goods', sells: true, free: 35 });
    expect(rows.find((b) => b.batch_no === 'NEAROWN')).toMatchObject({ sale: 'near', sells: false, free: 12 });
    // The batch page says the same of each.
    const page = (await ops.get(`/api/admin/quality/batches?goods_id=${g.id}`)).body.data.data as typeof rows;
    const onPage = new Map(page.map((b) => [b.batch_no, [b.batch_no, b.sale_text, b.sale_note, b.near_price, b.near_rate]]));
    expect(seen.map(([no]) => onPage.get(no as string))).toEqual(seen);
    expect(page.find((b) => b.id === ids.get('NEARRATE'))).toMatchObject({ sale: 'near', near_price: '14.00', near_rate: 70 });

    expect((await ops.get('/api/admin/goods/99999999/batches')).status).toBe(404);
  });

  it('corrects the dates of the batch a buyer receives next when the goods form changes them', async () => {
    const g = await create({ number: 40 });
    const res = await ops.post(`/api/admin/goods/${g.id}`, { xq: '2028-06-30', scrq: '2025-07-01' });
    expect(res.body.code, res.body.message).toBe(10000);
    expect((await batchesOf(g.id)).map((b) => [b.batchNo, b.scrq, b.xq, b.quantity])).toEqual([['20250301', '2025-07-01', '2028-06-30', 40]]);
    expect(await goodsNow(g.id)).toMatchObject({ number: 40, xq: '2028-06-30', scrq: '2025-07-01' });
  });

  it('sells a batch with its goods again when the console shortens the minimum shelf life, and audits the change', async () => {
    const g = await create({ number: 0 });
    await withBatches(g.id, [
      { no: 'C241105-2', days: 100, quantity: 30 },
      { no: 'A250301', days: 400, quantity: 100 },
    ]);
    expect(await goodsNow(g.id)).toMatchObject({ number: 100, xq: dayFrom(400), minShelfDays: 183 });
    expect((await ops.get(`/api/admin/goods/${g.id}`)).body.data.min_shelf_days).toBe(183);
    const shorter = await ops.post(`/api/admin/goods/${g.id}`, { min_shelf_days: 90 });
    expect(shorter.body.code, shorter.body.message).toBe(10000);
    expect(shorter.body.data.min_shelf_days).toBe(90);
    expect(await goodsNow(g.id)).toMatchObject({ number: 130, xq: dayFrom(100), minShelfDays: 90 });
    const [audit] = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.targetType, 'goods'), eq(auditLog.targetId, String(g.id)), eq(auditLog.action, 'goods.update')));
    expect(audit.after).toMatchObject({ min_shelf_days: 90 });
    // Out of range: 422 on the field, nothing changed.
    const bad = await ops.post(`/api/admin/goods/${g.id}`, { min_shelf_days: -1 });
    expect(bad.status).toBe(422);
    expect(bad.body.data.errors.min_shelf_days[0]).toContain('近效期天数');
    expect(await goodsNow(g.id)).toMatchObject({ number: 130, minShelfDays: 90 });
  });

  it('takes a batch out of stock on the day it comes within the minimum shelf life', async () => {
    const g = await create({ number: 0 });
    await withBatches(g.id, [
      { no: 'B2409017', days: 184, quantity: 30 },
      { no: 'A250301', days: 400, quantity: 100 },
    ]);
    expect(await goodsNow(g.id)).toMatchObject({ number: 130, xq: dayFrom(184) });
    // A day later the first batch is 183 days from expiry.
    await t.db
      .update(goodsBatches)
      .set({ xq: dayFrom(183) })
      .where(and(eq(goodsBatches.goodsId, g.id), eq(goodsBatches.batchNo, 'B2409017')));
    expect(await sweepNearExpiry(t.db, today)).toBeGreaterThanOrEqual(1);
    expect(await goodsNow(g.id)).toMatchObject({ number: 100, xq: dayFrom(400) });
  });
});
