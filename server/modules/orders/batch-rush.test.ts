/** Two hundred buyers ordering one goods at once, held in several batches. */
import { describe, it, expect } from 'vitest';
import { and, asc, eq, inArray, like, notExists, sql } from 'drizzle-orm';
import { chinaToday } from '../../../core/schemas/admin-goods.js';
import { BatchStatus } from '../../../core/status.js';
import { goods, goodsBatches, orderItemBatches, orderItems, orders } from '../../db/schema/index.js';
import { rushBuyers } from './rush.fixture.js';
import { dbLabel } from '../../testing.js';
import { lockGoods, syncGoodsStock } from '../catalogue/batches.js';
import { t, openCheckout } from './orders.fixture.js';

openCheckout();

const BUYERS = 200;
const dayFrom = (days: number) => new Date(Date.parse(`${chinaToday()}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);

describe(`batches under a rush on ${dbLabel}`, () => {
  it('lets 200 buyers at once take no batch below zero, and what the orders took is what the batches hold', { timeout: 180_000 }, async () => {
    const [g] = await t.db
      .select()
      .from(goods)
      .where(
        and(
          eq(goods.isKx, false),
          eq(goods.isBuy, true),
          eq(goods.isEphedrine, false),
          eq(goods.zbz, 1),
          like(goods.name, '%胶囊%'),
          notExists(t.db.select({ id: orderItemBatches.id }).from(orderItemBatches).where(eq(orderItemBatches.goodsId, goods.id))),
        ),
      )
      .orderBy(asc(goods.id))
      .limit(1);
    await t.db.delete(goodsBatches).where(eq(goodsBatches.goodsId, g.id));
    // 200 units that sell in three batches; a locked and a near-expiry batch beside them that must stay whole.
    const specs = [
      { batchNo: '20250312', days: 500, quantity: 80, status: BatchStatus.released },
      { batchNo: 'B2409017', days: 300, quantity: 70, status: BatchStatus.released },
      { batchNo: 'C241105-2', days: 420, quantity: 50, status: BatchStatus.released },
      { batchNo: 'L240801', days: 250, quantity: 300, status: BatchStatus.locked },
      { batchNo: 'N240101', days: 90, quantity: 300, status: BatchStatus.released },
    ];
    await t.db
      .insert(goodsBatches)
      .values(
        specs.map((s) => ({ goodsId: g.id, batchNo: s.batchNo, scrq: dayFrom(s.days - 730), xq: dayFrom(s.days), quantity: s.quantity, status: s.status })),
      );
    await t.db.transaction(async (tx) => {
      await lockGoods(tx, [g.id]);
      await syncGoodsStock(tx, [g.id]);
    });
    expect((await t.db.select({ n: goods.number }).from(goods).where(eq(goods.id, g.id)))[0].n).toBe(200);

    const { buyers, agents, addresses } = await rushBuyers(t, {
      prefix: 'batchrush',
      phone: '1370000',
      company: '批号药房',
      count: BUYERS,
      line: { goods_id: g.id, number: 3 },
    });
    const results = await Promise.all(agents.map((a, i) => a.post('/api/order', { address_id: addresses[i] })));
    const codes = results.map((r) => r.body.code);
    // 200 units, 3 a buyer: 66 orders, and 2 units left that no one can take whole.
    expect(codes.filter((c) => c === 10000)).toHaveLength(66);
    expect(codes.filter((c) => c !== 10000).every((c) => c === 400)).toBe(true);

    const batches = await t.db.select().from(goodsBatches).where(eq(goodsBatches.goodsId, g.id)).orderBy(asc(goodsBatches.xq));
    for (const b of batches) {
      expect(b.held, b.batchNo).toBeGreaterThanOrEqual(0);
      expect(b.held, b.batchNo).toBeLessThanOrEqual(b.quantity);
    }
    const held = new Map(batches.map((b) => [b.batchNo, b.held]));
    expect(held.get('L240801')).toBe(0);
    expect(held.get('N240101')).toBe(0);
    // First expiring first out: the earlier batches are empty before a later one is touched.
    expect([held.get('B2409017'), held.get('C241105-2'), held.get('20250312')]).toEqual([70, 50, 78]);

    const ordered = await t.db
      .select({ item: orderItems.id, number: orderItems.number })
      .from(orderItems)
      .innerJoin(orders, eq(orders.id, orderItems.orderId))
      .where(
        inArray(
          orders.userId,
          buyers.map((b) => b.id),
        ),
      );
    expect(ordered.reduce((n, i) => n + i.number, 0)).toBe(198);
    const allocated = await t.db
      .select({ item: orderItemBatches.orderItemId, units: sql<number>`sum(${orderItemBatches.units})::int` })
      .from(orderItemBatches)
      .where(
        inArray(
          orderItemBatches.orderItemId,
          ordered.map((i) => i.item),
        ),
      )
      .groupBy(orderItemBatches.orderItemId);
    expect(allocated).toHaveLength(66);
    for (const a of allocated) expect(Number(a.units)).toBe(3);
    const totalHeld = batches.reduce((n, b) => n + b.held, 0);
    expect(totalHeld).toBe(198);
    expect((await t.db.select({ n: goods.number }).from(goods).where(eq(goods.id, g.id)))[0].n).toBe(2);
  });
});
