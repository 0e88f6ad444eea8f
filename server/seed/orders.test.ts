/** The demo pharmacy's order history is real: every status, amounts that add up, a ledger that matches. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { ledger, orderItems, orders, users, wallets } from '../db/schema/index.js';
import { dbLabel, openTestDatabase, type TestDatabase } from '../testing.js';
import { DEMO_POINTS } from './orders.js';

let database: TestDatabase;
beforeAll(async () => {
  database = await openTestDatabase({ goods: 400 });
});
afterAll(async () => database?.dispose());

describe(`demo orders on ${dbLabel}`, () => {
  it('has one order in each status, each adding up to the fen', async () => {
    const db = database.db;
    const [demo] = await db.select().from(users).where(eq(users.username, 'demo'));
    const list = await db.select().from(orders).where(eq(orders.userId, demo.id));
    expect(list.map((o) => o.status).sort()).toEqual([0, 1, 2, 3, 4]);
    for (const o of list) {
      expect(o.createdAt.getTime()).toBeLessThanOrEqual(Date.now());
      const items = await db.select().from(orderItems).where(eq(orderItems.orderId, o.id));
      expect(items.reduce((s, i) => s + i.payAmount, 0) + o.shippingAmount).toBe(o.payAmount);
    }
    expect(list.find((o) => o.status === 2)?.trackingNo).toMatch(/^SF\d+$/);
  });

  it('ends with the advertised points and a ledger that adds up to every balance', async () => {
    const db = database.db;
    const [demo] = await db.select().from(users).where(eq(users.username, 'demo'));
    expect(demo.points).toBe(DEMO_POINTS);
    const [w] = await db.select().from(wallets).where(eq(wallets.userId, demo.id));
    const sums = await db
      .select({ instrument: ledger.instrument, total: sql<number>`sum(${ledger.amount})::int` })
      .from(ledger)
      .where(eq(ledger.userId, demo.id))
      .groupBy(ledger.instrument);
    const of = (i: string) => Number(sums.find((s) => s.instrument === i)?.total ?? 0);
    expect(of('points')).toBe(DEMO_POINTS);
    expect(of('balance')).toBe(w.balance);
    expect(of('credit')).toBe(w.creditUsed);
    expect(of('red_packet')).toBe(w.redPacket);
    expect(w.creditUsed).toBeGreaterThan(0);
  });
});
