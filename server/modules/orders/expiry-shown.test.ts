/** The expiry dates a buyer is shown before buying are those the order then takes: product page, cart, confirm page. */
import { describe, it, expect, beforeAll } from 'vitest';
import { and, asc, eq, inArray } from 'drizzle-orm';
import { BatchStatus } from '../../../core/status.js';
import { cartItems, goods, goodsBatches, orderItemBatches, orderItems } from '../../db/schema/index.js';
import { dbLabel } from '../../testing.js';
import { dayFrom, giveBatches, untakenGoods } from '../catalogue/batches.fixture.js';
import { t, demo, demoId, openOrderConsole } from './admin.fixture.js';

openOrderConsole();

let g: typeof goods.$inferSelect;

beforeAll(async () => {
  // A goods sold in single units, cheap enough for the demo's balance, with batches of its own: 30 units expiring
  // in 300 days, 100 in 400, one near expiry and one locked that no order takes.
  [g] = await untakenGoods(t.db, { limit: 1, maxPrice: 15_000 });
  await giveBatches(t.db, g.id, [
    { no: 'A250301', days: 400, quantity: 100 },
    { no: 'B2409017', days: 300, quantity: 30 },
    { no: 'C241105-2', days: 100, quantity: 500 },
    { no: 'L240801', days: 250, quantity: 500, status: BatchStatus.locked },
  ]);
});

type Line = { goods_id: number; number: number; expiry: { from: string; to: string } | null };

describe(`expiry dates shown on ${dbLabel}`, () => {
  it('shows on the product page the dates that sell, earliest first, and in the cart and the confirm page those a quantity takes', async () => {
    const detail = (await demo.get(`/api/goods/detail/${g.id}`)).body.data;
    expect(detail.expiries).toEqual([
      { xq: dayFrom(300), number: 30 },
      { xq: dayFrom(400), number: 100 },
    ]);
    expect(detail.xq).toBe(dayFrom(300));

    await t.db.delete(cartItems).where(eq(cartItems.userId, demoId));
    expect((await demo.post('/api/cart', { params: [{ goods_id: g.id, number: 20 }] })).body.code).toBe(10000);
    const line = async () => ((await demo.get('/api/cart/list')).body.data.list as Line[]).find((l) => l.goods_id === g.id)!;
    expect((await line()).expiry).toEqual({ from: dayFrom(300), to: dayFrom(300) });
    // Twenty more: the line spans the two batches.
    expect((await demo.post('/api/cart', { params: [{ goods_id: g.id, number: 20 }] })).body.code).toBe(10000);
    const both = await line();
    expect(both.number).toBe(40);
    expect(both.expiry).toEqual({ from: dayFrom(300), to: dayFrom(400) });

    const ids = ((await demo.get('/api/cart/list')).body.data.list as { id: number }[]).map((l) => l.id);
    await demo.post('/api/cart/checkout', { ids });
    const confirm = (await demo.get('/api/cart/confirm?coupon_id=0')).body.data;
    const confirmed = (confirm.groups as { list: Line[] }[]).flatMap((group) => group.list).find((l) => l.goods_id === g.id)!;
    expect(confirmed.expiry).toEqual({ from: dayFrom(300), to: dayFrom(400) });

    // The order takes exactly those: 30 of the first batch and 10 of the next.
    const placed = await demo.post('/api/order', { address_id: confirm.address_id, coupon_id: 0 });
    expect(placed.body.code, placed.body.message).toBe(10000);
    const orderId = placed.body.data.orders[0].id as number;
    const taken = await t.db
      .select({ xq: goodsBatches.xq, units: orderItemBatches.units })
      .from(orderItemBatches)
      .innerJoin(orderItems, eq(orderItems.id, orderItemBatches.orderItemId))
      .innerJoin(goodsBatches, eq(goodsBatches.id, orderItemBatches.batchId))
      .where(and(eq(orderItems.orderId, orderId), inArray(orderItemBatches.goodsId, [g.id])))
      .orderBy(asc(goodsBatches.xq));
    expect(taken).toEqual([
      { xq: dayFrom(300), units: 30 },
      { xq: dayFrom(400), units: 10 },
    ]);
    // What is left sells from the later batch: the product page says so within its few seconds.
    const after = await demo.get(`/api/goods/detail/${g.id}`);
    expect(after.status).toBe(200);
  });
});
