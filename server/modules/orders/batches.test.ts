/** Orders take their units from batches first-expiring-first-out, and give them back to the very batches they took. */
import { describe, it, expect, beforeAll } from 'vitest';
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import { BatchStatus } from '../../../core/status.js';
import { cartItems, goods, goodsBatches, orderItemBatches, orderItems } from '../../db/schema/index.js';
import { dbLabel } from '../../testing.js';
import { dayFrom, giveBatches, takeOne, untakenGoods, type BatchSpec } from '../catalogue/batches.fixture.js';
import { t, demo, demoId, finance, warehouse, pay, refused, openOrderConsole, type Placed } from './admin.fixture.js';

openOrderConsole();

type Goods = typeof goods.$inferSelect;
type Spec = BatchSpec;

let pool: Goods[] = [];
/** A goods of its own for each test: sold in single units, cheap enough for the demo's balance, never ordered before. */
const freshGoods = () => takeOne(pool);

beforeAll(async () => {
  pool = await untakenGoods(t.db, { limit: 8, maxPrice: 15_000 });
});

/** Gives the goods exactly these batches (expiring `days` from today) and works its stock out from them. */
const withBatches = (g: Goods, specs: Spec[]) => giveBatches(t.db, g.id, specs);

const batchesOf = async (goodsId: number) =>
  new Map(
    (await t.db.select().from(goodsBatches).where(eq(goodsBatches.goodsId, goodsId)).orderBy(asc(goodsBatches.id))).map((b) => [
      b.batchNo,
      { quantity: b.quantity, held: b.held },
    ]),
  );
const goodsNow = async (id: number) => (await t.db.select().from(goods).where(eq(goods.id, id)))[0];

/** The batches an order's lines took, as batch number and units. */
async function allocationsOf(orderId: number) {
  const rows = await t.db
    .select({ no: goodsBatches.batchNo, units: orderItemBatches.units })
    .from(orderItemBatches)
    .innerJoin(orderItems, eq(orderItems.id, orderItemBatches.orderItemId))
    .innerJoin(goodsBatches, eq(goodsBatches.id, orderItemBatches.batchId))
    .where(eq(orderItems.orderId, orderId))
    .orderBy(asc(goodsBatches.xq));
  return rows.map((r) => [r.no, r.units]);
}

/** Demo orders `number` units of the goods; answers the order. */
async function order(g: Goods, number: number): Promise<Placed> {
  await t.db.delete(cartItems).where(eq(cartItems.userId, demoId));
  expect((await demo.post('/api/cart', { params: [{ goods_id: g.id, number }] })).body.code).toBe(10000);
  const ids = ((await demo.get('/api/cart/list')).body.data.list as { id: number }[]).map((l) => l.id);
  await demo.post('/api/cart/checkout', { ids });
  const c = (await demo.get('/api/cart/confirm?coupon_id=0')).body.data;
  const res = await demo.post('/api/order', { address_id: c.address_id, coupon_id: 0 });
  expect(res.body.code, res.body.message).toBe(10000);
  const made = res.body.data.orders[0] as { id: number; order_no: string; pay_amount: string };
  return { id: made.id, orderNo: made.order_no, payAmount: Math.round(Number(made.pay_amount) * 100), goodsId: g.id, number, couponId: null, redPacket: 0 };
}

/** Released batches that sell (B, then A), and beside them batches no ordinary order may take. */
const MIXED: Spec[] = [
  { no: 'A250301', days: 400, quantity: 100 },
  { no: 'B2409017', days: 300, quantity: 30 },
  { no: 'C241105-2', days: 100, quantity: 500 },
  { no: 'L240801', days: 250, quantity: 500, status: BatchStatus.locked },
  { no: 'P240901', days: 220, quantity: 500, status: BatchStatus.pending },
  { no: 'R240701', days: 230, quantity: 500, status: BatchStatus.rejected },
  { no: 'E230101', days: -3, quantity: 500 },
];
const UNSOLD = ['C241105-2', 'L240801', 'P240901', 'R240701', 'E230101'];

describe(`orders and batches on ${dbLabel}`, () => {
  it('counts as stock only released batches beyond the minimum shelf life, and shows the dates of the first of them', async () => {
    const g = freshGoods();
    await withBatches(g, MIXED);
    const now = await goodsNow(g.id);
    expect(now.number).toBe(130);
    expect(now.xq).toBe(dayFrom(300));
    expect(now.scrq).toBe(dayFrom(300 - 730));
  });

  it('takes an order from the earliest-expiring batch that sells', async () => {
    const g = freshGoods();
    await withBatches(g, MIXED);
    const o = await order(g, 20);
    expect(await allocationsOf(o.id)).toEqual([['B2409017', 20]]);
    const after = await batchesOf(g.id);
    expect(after.get('B2409017')).toEqual({ quantity: 30, held: 20 });
    expect(after.get('A250301')).toEqual({ quantity: 100, held: 0 });
    expect((await goodsNow(g.id)).number).toBe(110);
    expect((await goodsNow(g.id)).xq).toBe(dayFrom(300));
  });

  it('splits a line across two batches when the first holds too few, records both, and the goods then shows the next batch', async () => {
    const g = freshGoods();
    await withBatches(g, MIXED);
    const o = await order(g, 45);
    expect(await allocationsOf(o.id)).toEqual([
      ['B2409017', 30],
      ['A250301', 15],
    ]);
    const after = await batchesOf(g.id);
    expect(after.get('B2409017')).toEqual({ quantity: 30, held: 30 });
    expect(after.get('A250301')).toEqual({ quantity: 100, held: 15 });
    const now = await goodsNow(g.id);
    expect(now.number).toBe(85);
    expect(now.xq).toBe(dayFrom(400));
    // The buyer and the console read both batches of the line, with their dates.
    const both = [
      { goods_id: g.id, batch_no: 'B2409017', scrq: dayFrom(300 - 730), xq: dayFrom(300), number: 30 },
      { goods_id: g.id, batch_no: 'A250301', scrq: dayFrom(400 - 730), xq: dayFrom(400), number: 15 },
    ];
    expect((await demo.get(`/api/order/${o.id}`)).body.data.items[0].batches).toEqual(both);
    expect((await warehouse.get(`/api/admin/orders/${o.id}`)).body.data.items[0].batches).toEqual(both);
  });

  it('never gives a locked, 待验, 不合格, expired or near-expiry batch to an order, even one that takes every unit that sells', async () => {
    const g = freshGoods();
    await withBatches(g, MIXED);
    const o = await order(g, 130);
    expect(await allocationsOf(o.id)).toEqual([
      ['B2409017', 30],
      ['A250301', 100],
    ]);
    const after = await batchesOf(g.id);
    for (const no of UNSOLD) expect(after.get(no)!.held, no).toBe(0);
    expect((await goodsNow(g.id)).number).toBe(0);
    await t.db.delete(cartItems).where(eq(cartItems.userId, demoId));
    const more = await demo.post('/api/cart', { params: [{ goods_id: g.id, number: 1 }] });
    expect(more.body.code).not.toBe(10000);
  });

  it('gives a cancelled order’s units back to the very batches it took them from', async () => {
    const g = freshGoods();
    await withBatches(g, MIXED);
    const o = await order(g, 45);
    expect((await demo.post(`/api/order/${o.id}/cancel`, { reason: '不需要了' })).body.code).toBe(10000);
    const after = await batchesOf(g.id);
    expect(after.get('B2409017')).toEqual({ quantity: 30, held: 0 });
    expect(after.get('A250301')).toEqual({ quantity: 100, held: 0 });
    expect(await allocationsOf(o.id)).toEqual([]);
    const now = await goodsNow(g.id);
    expect(now.number).toBe(130);
    expect(now.xq).toBe(dayFrom(300));
  });

  it('ships the units out of their batches, and a refund before shipping gives them back to the same batches', async () => {
    const g = freshGoods();
    await withBatches(g, MIXED);
    const shipped = await order(g, 10);
    await pay(shipped, 'balance');
    const res = await warehouse.post(`/api/admin/orders/${shipped.id}/ship`, { carrier: '顺丰速运', tracking_no: `SF${shipped.orderNo.slice(-10)}` });
    expect(res.body.code, res.body.message).toBe(10000);
    expect((await batchesOf(g.id)).get('B2409017')).toEqual({ quantity: 20, held: 0 });
    expect(await allocationsOf(shipped.id)).toEqual([['B2409017', 10]]);

    const refunded = await order(g, 30);
    await pay(refunded, 'balance');
    expect(await allocationsOf(refunded.id)).toEqual([
      ['B2409017', 20],
      ['A250301', 10],
    ]);
    expect((await finance.post(`/api/admin/orders/${refunded.id}/refund`, { reason: '缺货无法发货' })).body.code).toBe(10000);
    const after = await batchesOf(g.id);
    expect(after.get('B2409017')).toEqual({ quantity: 20, held: 0 });
    expect(after.get('A250301')).toEqual({ quantity: 100, held: 0 });
    expect((await goodsNow(g.id)).number).toBe(120);
    refused(await finance.post(`/api/admin/orders/${shipped.id}/refund`, { reason: '客户要求' }), '已发货的订单请通过退货退款处理');
  });

  it('takes back returned units of the batch the buyer names, to be inspected before they sell again', async () => {
    const g = freshGoods();
    await withBatches(g, MIXED);
    const o = await order(g, 40);
    await pay(o, 'balance');
    expect((await warehouse.post(`/api/admin/orders/${o.id}/ship`, { carrier: '顺丰速运', tracking_no: `SF${o.orderNo.slice(-10)}` })).body.code).toBe(10000);
    const shipped = await batchesOf(g.id);
    expect(shipped.get('B2409017')).toEqual({ quantity: 0, held: 0 });
    expect(shipped.get('A250301')).toEqual({ quantity: 90, held: 0 });
    const [item] = (await demo.get(`/api/order/${o.id}`)).body.data.items as { id: number }[];
    // A line of two batches names the batch returned.
    const unnamed = await demo.post(`/api/order/${o.id}/return`, { lines: [{ item_id: item.id, number: 12 }], reason: '包装破损' });
    expect(unnamed.status).toBe(422);
    expect(unnamed.body.data.errors['lines.0.batch_no'][0]).toContain('请选择退货的批号');
    const r = (await demo.post(`/api/order/${o.id}/return`, { lines: [{ item_id: item.id, number: 12, batch_no: 'B2409017' }], reason: '包装破损' })).body
      .data as { id: number };
    expect((await finance.post(`/api/admin/after_sales/${r.id}/decide`, { decision: 'approve' })).body.code).toBe(10000);
    expect((await finance.post(`/api/admin/after_sales/${r.id}/receive`)).body.code).toBe(10000);
    const after = await batchesOf(g.id);
    expect(after.get('A250301')).toEqual({ quantity: 90, held: 0 });
    expect(after.get('B2409017')).toEqual({ quantity: 0, held: 0 });
    const [back] = await t.db
      .select({ n: goodsBatches.returnsPending })
      .from(goodsBatches)
      .where(and(eq(goodsBatches.goodsId, g.id), eq(goodsBatches.batchNo, 'B2409017')));
    expect(back.n).toBe(12);
    const returned = await t.db
      .select({ returned: sql<number>`sum(${orderItemBatches.returned})::int` })
      .from(orderItemBatches)
      .where(inArray(orderItemBatches.orderItemId, [item.id]));
    expect(Number(returned[0].returned)).toBe(12);
    expect((await goodsNow(g.id)).number).toBe(90);
  });
});
