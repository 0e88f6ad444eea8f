/** Near-expiry lines (近效期专场): priced at their batches' own prices, allocated only to near batches, and never below zero. */
import { describe, it, expect, beforeAll } from 'vitest';
import { and, asc, eq, inArray } from 'drizzle-orm';
import { BatchStatus, LineType } from '../../../core/status.js';
import { cartItems, goods, goodsBatches, orderItemBatches, orderItems, orders } from '../../db/schema/index.js';
import { rushBuyers } from './rush.fixture.js';
import { dbLabel } from '../../testing.js';
import { dayFrom, giveBatches, takeOne, untakenGoods, type BatchSpec } from '../catalogue/batches.fixture.js';
import { t, demo, demoId, openOrderConsole } from './admin.fixture.js';

openOrderConsole();

type Goods = typeof goods.$inferSelect;
type Spec = BatchSpec;

let pool: Goods[] = [];
const freshGoods = () => takeOne(pool);

beforeAll(async () => {
  pool = await untakenGoods(t.db, { limit: 6, maxPrice: 15_000 });
});

/** Gives the goods exactly these batches (expiring `days` from today), at the default minimum shelf life. */
async function withBatches(g: Goods, specs: Spec[]) {
  await t.db.update(goods).set({ minShelfDays: 183 }).where(eq(goods.id, g.id));
  await giveBatches(t.db, g.id, specs);
}

const held = async (goodsId: number) =>
  new Map((await t.db.select().from(goodsBatches).where(eq(goodsBatches.goodsId, goodsId)).orderBy(asc(goodsBatches.id))).map((b) => [b.batchNo, b.held]));
const stockOf = async (id: number) => (await t.db.select({ n: goods.number }).from(goods).where(eq(goods.id, id)))[0].n;

/** The batches an order's lines took: line type, batch number and units. */
async function allocationsOf(orderId: number) {
  const rows = await t.db
    .select({ type: orderItems.type, no: goodsBatches.batchNo, units: orderItemBatches.units })
    .from(orderItemBatches)
    .innerJoin(orderItems, eq(orderItems.id, orderItemBatches.orderItemId))
    .innerJoin(goodsBatches, eq(goodsBatches.id, orderItemBatches.batchId))
    .where(eq(orderItems.orderId, orderId))
    .orderBy(asc(orderItems.type), asc(goodsBatches.xq));
  return rows.map((r) => [r.type, r.no, r.units]);
}

/** Two near batches at their own prices, one at the site's default rate, and batches that sell as usual. */
const SPECS: Spec[] = [
  { no: 'N1', days: 40, quantity: 5, price: 100 },
  { no: 'N2', days: 70, quantity: 10, price: 150 },
  { no: 'N3', days: 120, quantity: 10 },
  { no: 'NL', days: 30, quantity: 50, price: 50, status: BatchStatus.locked },
  { no: 'NE', days: -2, quantity: 50, price: 50 },
  { no: 'S1', days: 300, quantity: 20 },
  { no: 'S2', days: 500, quantity: 20 },
];

async function place(address?: number) {
  const ids = ((await demo.get('/api/cart/list')).body.data.list as { id: number }[]).map((l) => l.id);
  await demo.post('/api/cart/checkout', { ids });
  const c = (await demo.get('/api/cart/confirm?coupon_id=0')).body.data;
  const res = await demo.post('/api/order', { address_id: address ?? c.address_id, coupon_id: 0 });
  expect(res.body.code, res.body.message).toBe(10000);
  return { confirm: c, order: res.body.data.orders[0] as { id: number; pay_amount: string } };
}

describe(`near-expiry lines on ${dbLabel}`, () => {
  it('prices a near line at its batches’ own prices, in segments, takes only near batches, and a plain line of the goods never takes them', async () => {
    const g = freshGoods();
    await withBatches(g, SPECS);
    expect(await stockOf(g.id)).toBe(40);
    await t.db.delete(cartItems).where(eq(cartItems.userId, demoId));
    expect((await demo.post('/api/cart', { params: [{ goods_id: g.id, number: 8, type: '4' }] })).body.code).toBe(10000);
    expect((await demo.post('/api/cart', { params: [{ goods_id: g.id, number: 3 }] })).body.code).toBe(10000);
    const list = (await demo.get('/api/cart/list')).body.data.list as {
      type: number;
      price: string;
      amount: string;
      segments: { source: string; price: string; number: number }[];
      expiry: { from: string; to: string } | null;
      goods: { tags: string[]; number: number };
    }[];
    const near = list.find((l) => l.type === LineType.near)!;
    const plain = list.find((l) => l.type === 0)!;
    // 5 units of N1 at ¥1.00, 3 of N2 at ¥1.50; the goods' tiers and specials play no part.
    expect(near.segments.map((s) => [s.source, s.price, s.number])).toEqual([
      ['near', '1.00', 5],
      ['near', '1.50', 3],
    ]);
    expect(near).toMatchObject({ price: '1.00', amount: '9.50', expiry: { from: dayFrom(40), to: dayFrom(70) } });
    expect(near.goods.tags).not.toContain('近效期');
    expect(near.goods.number).toBe(25);
    expect(plain.expiry).toEqual({ from: dayFrom(300), to: dayFrom(300) });

    const { confirm, order } = await place();
    const lines = confirm.groups[0].list as { type: number; expiry: unknown; with_coupon: number }[];
    expect(lines.find((l) => l.type === LineType.near)).toMatchObject({ expiry: { from: dayFrom(40), to: dayFrom(70) }, with_coupon: 0 });
    expect(await allocationsOf(order.id)).toEqual([
      [0, 'S1', 3],
      [LineType.near, 'N1', 5],
      [LineType.near, 'N2', 3],
    ]);
    const [item] = await t.db
      .select()
      .from(orderItems)
      .where(and(eq(orderItems.orderId, order.id), eq(orderItems.type, LineType.near)));
    expect(item).toMatchObject({ number: 8, amount: 950 });
    // The stock that sells lost only the plain line's units.
    expect(await stockOf(g.id)).toBe(37);
    const after = await held(g.id);
    expect(Object.fromEntries(after)).toMatchObject({ N1: 5, N2: 3, N3: 0, NL: 0, NE: 0, S1: 3, S2: 0 });

    // Cancelled, the units go back to the very batches.
    expect((await demo.post(`/api/order/${order.id}/cancel`, { reason: '不需要了' })).body.code).toBe(10000);
    expect(Object.fromEntries(await held(g.id))).toMatchObject({ N1: 0, N2: 0, S1: 0 });
    expect(await stockOf(g.id)).toBe(40);
  });

  it('prices a batch without its own price at the default rate, limits the line to the near units and refuses goods with none', async () => {
    const g = freshGoods();
    await withBatches(g, [
      { no: 'N3', days: 120, quantity: 4 },
      { no: 'S1', days: 300, quantity: 20 },
    ]);
    await t.db.delete(cartItems).where(eq(cartItems.userId, demoId));
    const add = (number: number, goodsId = g.id) => demo.post('/api/cart', { params: [{ goods_id: goodsId, number, type: '4' }] });
    const refused = (await add(5)).body;
    expect(refused.code).not.toBe(10000);
    expect(refused.message).toContain('近效期库存不足');
    expect((await add(4)).body.code).toBe(10000);
    const [line] = (await demo.get('/api/cart/list')).body.data.list as { price: string; amount: string; id: number }[];
    const price = Math.round((g.basePrice * 70) / 100);
    expect(line).toMatchObject({ price: (price / 100).toFixed(2), amount: ((price * 4) / 100).toFixed(2) });
    expect((await demo.post(`/api/cart/${line.id}/edit`, { params: { number: 6 } })).body.message).toContain('近效期库存不足');
    const other = freshGoods();
    await withBatches(other, [{ no: 'S1', days: 300, quantity: 20 }]);
    expect((await add(1, other.id)).body.message).toContain('暂无近效期商品');
    const { order } = await place();
    expect(await allocationsOf(order.id)).toEqual([[LineType.near, 'N3', 4]]);
    expect(await stockOf(g.id)).toBe(20);
  });

  it('lets 30 buyers at once take no near batch below zero, and never more near units than there are', { timeout: 180_000 }, async () => {
    const g = freshGoods();
    await withBatches(g, [
      { no: 'N1', days: 40, quantity: 20, price: 100 },
      { no: 'N2', days: 70, quantity: 25, price: 120 },
      { no: 'S1', days: 300, quantity: 100 },
    ]);
    const { buyers, agents, addresses } = await rushBuyers(t, {
      prefix: 'nearrush',
      phone: '1360000',
      company: '近效期药房',
      count: 30,
      line: { goods_id: g.id, number: 2, type: '4' },
    });
    const results = await Promise.all(agents.map((a, i) => a.post('/api/order', { address_id: addresses[i] })));
    const codes = results.map((r) => r.body.code);
    // 45 near units, 2 a buyer: 22 orders, and 1 unit left that no one can take whole.
    expect(codes.filter((c) => c === 10000)).toHaveLength(22);
    const batches = await t.db.select().from(goodsBatches).where(eq(goodsBatches.goodsId, g.id)).orderBy(asc(goodsBatches.xq));
    for (const b of batches) expect(b.held, b.batchNo).toBeLessThanOrEqual(b.quantity);
    expect(Object.fromEntries(batches.map((b) => [b.batchNo, b.held]))).toEqual({ N1: 20, N2: 24, S1: 0 });
    const ordered = await t.db
      .select({ item: orderItems.id })
      .from(orderItems)
      .innerJoin(orders, eq(orders.id, orderItems.orderId))
      .where(
        inArray(
          orders.userId,
          buyers.map((b) => b.id),
        ),
      );
    expect(ordered).toHaveLength(22);
    expect(await stockOf(g.id)).toBe(100);
  });
});
