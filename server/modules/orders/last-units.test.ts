/** The last units of a goods under buyers ordering at once, and the coupons a checkout offers. */
import { describe, it, expect } from 'vitest';
import { and, eq, inArray, like, sql } from 'drizzle-orm';
import { goods, orderItems, orders, salesTally } from '../../db/schema/index.js';
import { rushBuyers } from './rush.fixture.js';
import { dbLabel, loginAs } from '../../testing.js';
import { foldSales, takeStocks } from '../catalogue/stock.js';
import { t, demo, fen, plainGoods, openCheckout } from './orders.fixture.js';

openCheckout();

describe(`the last units on ${dbLabel}`, () => {
  it('sells the last 5 units to exactly 5 of 50 buyers ordering at once, and stock ends at 0', async () => {
    const [g] = await t.db
      .select()
      .from(goods)
      .where(and(eq(goods.isKx, false), eq(goods.isBuy, true), eq(goods.isEphedrine, false), eq(goods.zbz, 1), like(goods.name, '%片%')))
      .limit(1);
    await t.db.update(goods).set({ number: 5 }).where(eq(goods.id, g.id));
    const { buyers, agents, addresses } = await rushBuyers(t, {
      prefix: 'rush',
      phone: '1390000',
      company: '抢购药房',
      count: 50,
      line: { goods_id: g.id, number: 1 },
    });
    const results = await Promise.all(agents.map((a, i) => a.post('/api/order', { address_id: addresses[i] })));
    const codes = results.map((r) => r.body.code);
    expect(codes.filter((c) => c === 10000)).toHaveLength(5);
    expect(codes.filter((c) => c !== 10000).every((c) => c === 400)).toBe(true);
    expect(results.find((r) => r.body.code === 400)?.body.message).toMatch(/库存不足|已售罄/);
    const [after] = await t.db.select().from(goods).where(eq(goods.id, g.id));
    expect(after.number).toBe(0);
    const sold = await t.db
      .select({ n: sql<number>`coalesce(sum(${orderItems.number}), 0)::int` })
      .from(orderItems)
      .where(
        and(
          eq(orderItems.goodsId, g.id),
          inArray(
            orderItems.orderId,
            t.db
              .select({ id: orders.id })
              .from(orders)
              .where(
                inArray(
                  orders.userId,
                  buyers.map((b) => b.id),
                ),
              ),
          ),
        ),
      );
    expect(Number(sold[0].n)).toBe(5);
  });

  it('takes overlapping sets of goods for 60 orders at once, each whole or not at all, never below zero and never in a deadlock with them or the sales sweep', async () => {
    const picked = await plainGoods('石药', 4);
    const ids = picked.map((g) => g.id);
    await t.db.update(goods).set({ number: 20 }).where(inArray(goods.id, ids));
    await foldSales(t.db);
    const salesBefore = new Map(
      (await t.db.select({ id: goods.id, sales: goods.sales }).from(goods).where(inArray(goods.id, ids))).map((g) => [g.id, g.sales]),
    );
    // Each order takes 1-3 units of three of the four goods, named in a random order.
    let seed = 7;
    const rnd = () => (seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31;
    const wants = Array.from({ length: 60 }, () =>
      ids
        .filter((_, i) => i !== Math.floor(rnd() * 4))
        .slice(0, 3)
        .map((id) => [id, 1 + Math.floor(rnd() * 3)] as [number, number])
        .sort(() => rnd() - 0.5),
    );
    // Units sold earlier wait to be folded into the goods' sales, by sweeps that run among the orders.
    await t.db.insert(salesTally).values(
      [...ids].reverse().flatMap((goodsId) => [
        { goodsId, number: 2 },
        { goodsId, number: 1 },
      ]),
    );
    const sweeps = [0, 1, 2].map(async (k) => {
      await new Promise((resolve) => setTimeout(resolve, k * 5));
      return foldSales(t.db);
    });
    const outcomes = await Promise.all(
      wants.map((need, i) =>
        t.db
          .transaction(async (tx) => {
            const short = await takeStocks(
              tx,
              need.map(([goodsId, number], k) => ({ item: 1_000_000 + i * 10 + k, goodsId, number })),
            );
            if (short !== null) throw new Error(`short ${short}`);
            return true;
          })
          .catch((err: Error) => {
            expect(err.message).toMatch(/^short \d+$/);
            return false;
          }),
      ),
    );
    await Promise.all(sweeps);
    const taken = new Map<number, number>(ids.map((id) => [id, 0]));
    wants.forEach((need, i) => outcomes[i] && need.forEach(([id, n]) => taken.set(id, taken.get(id)! + n)));
    expect(outcomes.filter(Boolean).length).toBeGreaterThan(0);
    expect(outcomes.filter((ok) => !ok).length, 'the stock runs out').toBeGreaterThan(0);
    const after = await t.db.select({ id: goods.id, number: goods.number }).from(goods).where(inArray(goods.id, ids));
    for (const g of after) {
      expect(g.number, `goods ${g.id}`).toBeGreaterThanOrEqual(0);
      expect(g.number, `goods ${g.id}`).toBe(20 - taken.get(g.id)!);
    }
    // Every unit taken, and every unit tallied before, is in the sales once the last sweep has run.
    await foldSales(t.db);
    const sales = await t.db.select({ id: goods.id, sales: goods.sales }).from(goods).where(inArray(goods.id, ids));
    for (const g of sales) expect(g.sales, `sales of ${g.id}`).toBe(salesBefore.get(g.id)! + 3 + taken.get(g.id)!);
  });
});

describe(`coupons for the checkout on ${dbLabel}`, () => {
  it('lists the coupons usable on the chosen lines and those that are not, with the reason', async () => {
    const [g] = await plainGoods('扬子江');
    await demo.post('/api/cart', { params: [{ goods_id: g.id, number: Math.ceil(60_000 / g.basePrice / g.zbz) * g.zbz }] });
    await demo.post('/api/cart/checkout', { ids: ((await demo.get('/api/cart/list')).body.data.list as { id: number }[]).map((l) => l.id) });
    const usable = (await demo.get('/api/user/availableCoupon?type=1')).body.data;
    const unusable = (await demo.get('/api/user/availableCoupon?type=2')).body.data;
    expect(usable.data.length).toBeGreaterThan(0);
    for (const c of usable.data as { usable: boolean; discount: string }[]) {
      expect(c.usable).toBe(true);
      expect(fen(c.discount)).toBeGreaterThan(0);
    }
    for (const c of unusable.data as { usable: boolean; message: string }[]) {
      expect(c.usable).toBe(false);
      expect(c.message).toBeTruthy();
    }
    expect((await demo.get('/api/user/availableCoupon?type=3')).status).toBe(422);
  });

  it('lists a chain headquarters its stores and nobody else', async () => {
    const chain = await loginAs(t.app, 'chain');
    const stores = (await chain.get('/api/user/stores')).body.data as { username: string; company: string }[];
    expect(stores.map((s) => s.username)).toEqual(['chain-a', 'chain-b']);
    expect((await demo.get('/api/user/stores')).body.data).toEqual([]);
  });
});
