/** What the abuse tests share: the app with an SMS sender that records, and the helpers; `openAbuseApp()` opens them for a file. */
import { beforeAll, afterAll, expect } from 'vitest';
import { and, asc, eq, gt } from 'drizzle-orm';
import { brands, cartItems, goods, users } from '../db/schema/index.js';
import type { SmsSender } from '../modules/accounts/sms.js';
import { agent, buildTestApp, type TestApp } from '../testing.js';

export const sent: { phone: string; text: string }[] = [];
const recordingSms: SmsSender = { send: async (phone, text) => void sent.push({ phone, text }) };

export let t: TestApp;

export const CHINESE = /[\u4e00-\u9fa5]/;
export type Agent = ReturnType<typeof agent>;

export async function userId(username: string) {
  const [u] = await t.db.select({ id: users.id }).from(users).where(eq(users.username, username));
  return u.id;
}

export async function plainGoods(n: number) {
  const rows = await t.db
    .select({ g: goods })
    .from(goods)
    .innerJoin(brands, eq(brands.id, goods.brandId))
    .where(and(eq(goods.isKx, false), eq(goods.isBuy, true), eq(goods.isEphedrine, false), gt(goods.number, 1000)))
    .orderBy(asc(goods.id))
    .limit(n);
  return rows.map((r) => r.g);
}

/** One selected cart line of 10 middle packages, ready to order; answers the goods and the address. */
export async function readyCheckout(a: Agent, buyerId: number, g: typeof goods.$inferSelect) {
  await t.db.delete(cartItems).where(eq(cartItems.userId, buyerId));
  const added = await a.post('/api/cart', { params: [{ goods_id: g.id, number: g.zbz * 10 }] });
  expect(added.body.code, added.body.message).toBe(10000);
  const ids = ((await a.get('/api/cart/list')).body.data.list as { id: number }[]).map((l) => l.id);
  expect((await a.post('/api/cart/checkout', { ids })).body.code).toBe(10000);
  const address = ((await a.get('/api/address')).body.data as { id: number }[])[0].id;
  return { address, units: g.zbz * 10 };
}

export const stockOf = async (id: number) => (await t.db.select({ n: goods.number }).from(goods).where(eq(goods.id, id)))[0].n;

/** Opens the app and signs the accounts in before the file's tests, and closes it after them. */
export function openAbuseApp() {
  beforeAll(async () => {
    sent.length = 0;
    // Fifty posts and dozens of logins from one address: the per-route limits are raised; the login lock is not
    // raised by them here, since the limits it counts are tested in their own app below.
    t = await buildTestApp({ goods: 300, sms: recordingSms, config: { RATE_LIMIT_FACTOR: 100 } });
  });
  afterAll(async () => t?.close());
}
