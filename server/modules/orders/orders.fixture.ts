/** What the checkout and order tests share: the app, demo signed in with an empty cart, and the helpers; `openCheckout()` opens them for a file. */
import { beforeAll, afterAll, beforeEach, expect } from 'vitest';
import { and, asc, eq, gt, sql } from 'drizzle-orm';
import { brands, cartItems, goods, ledger, users, wallets } from '../../db/schema/index.js';
import { agent, buildTestApp, loginAs, type TestApp } from '../../testing.js';

export let t: TestApp;
export let demo: ReturnType<typeof agent>;
export let demoId: number;

export const fen = (yuan: string) => Math.round(Number(yuan) * 100);

export async function plainGoods(brand: string, n = 1) {
  const rows = await t.db
    .select({ g: goods })
    .from(goods)
    .innerJoin(brands, eq(brands.id, goods.brandId))
    .where(and(eq(brands.name, brand), eq(goods.isKx, false), eq(goods.isBuy, true), eq(goods.isEphedrine, false), gt(goods.number, 1000)))
    .orderBy(asc(goods.id))
    .limit(n);
  return rows.map((r) => r.g);
}

export async function defaultAddress(a: ReturnType<typeof agent>) {
  return ((await a.get('/api/address')).body.data as { id: number }[])[0].id;
}

/** Every instrument's ledger adds up to the balance the account holds. */
export async function expectLedgerConsistent(userId: number) {
  const [w] = await t.db.select().from(wallets).where(eq(wallets.userId, userId));
  const [u] = await t.db.select().from(users).where(eq(users.id, userId));
  const sums = await t.db
    .select({ instrument: ledger.instrument, total: sql<number>`coalesce(sum(${ledger.amount}), 0)::int` })
    .from(ledger)
    .where(eq(ledger.userId, userId))
    .groupBy(ledger.instrument);
  const of = (i: string) => Number(sums.find((s) => s.instrument === i)?.total ?? 0);
  expect(of('balance')).toBe(w?.balance ?? 0);
  expect(of('red_packet')).toBe(w?.redPacket ?? 0);
  expect(of('credit')).toBe(w?.creditUsed ?? 0);
  expect(of('points')).toBe(u.points);
  const last = await t.db.select().from(ledger).where(eq(ledger.userId, userId)).orderBy(asc(ledger.id));
  for (const instrument of ['balance', 'red_packet', 'credit', 'points']) {
    const rows = last.filter((r) => r.instrument === instrument);
    let running = 0;
    for (const r of rows) {
      running += r.amount;
      expect(r.balanceAfter).toBe(running);
      expect(r.balanceAfter).toBeGreaterThanOrEqual(0);
    }
  }
}

/** Opens the app and signs the accounts in before the file's tests, and closes it after them. */
export function openCheckout() {
  beforeAll(async () => {
    // Fifty buyers log in from one address in the rush test.
    t = await buildTestApp({ goods: 600, config: { RATE_LIMIT_FACTOR: 100 } });
    demo = await loginAs(t.app, 'demo');
    [{ id: demoId }] = await t.db.select({ id: users.id }).from(users).where(eq(users.username, 'demo'));
  });
  afterAll(async () => t?.close());
  beforeEach(async () => {
    await t.db.delete(cartItems).where(eq(cartItems.userId, demoId));
  });
}
