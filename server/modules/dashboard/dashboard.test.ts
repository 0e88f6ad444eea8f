/** 工作台: each operator sees the queues they may work, each count is what its linked list holds, and today's figures follow the orders. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, gt } from 'drizzle-orm';
import { goods } from '../../db/schema/catalogue.js';
import { agent, buildTestApp, dbLabel, DEMO_PAY_PASSWORD, loginAs, operatorLogin, type TestApp } from '../../testing.js';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp({ goods: 60, config: { RATE_LIMIT_FACTOR: 20 } });
});
afterAll(async () => t?.close());

/** The console page a queue links to, as the API call that lists it. */
const apiOf = (link: string) => `/api${link.replace('/admin/after-sales', '/admin/after_sales').replace('/admin/batches', '/admin/quality/batches')}`;

describe(`the dashboard on ${dbLabel}`, () => {
  it('shows each operator only the queues of their role', async () => {
    expect((await agent(t.app).get('/api/admin/dashboard')).status).toBe(401);
    const keys = async (username: string) =>
      ((await (await operatorLogin(t.app, username)).get('/api/admin/dashboard')).body.data.queues as { key: string }[]).map((q) => q.key);
    expect(await keys('warehouse')).toEqual(['to_ship']);
    expect(await keys('qa')).toEqual(['reviews', 'expiring', 'receipts', 'batches']);
    expect(await keys('finance')).toEqual(expect.arrayContaining(['transfers', 'after_sales', 'returns']));
    expect(await keys('finance')).not.toContain('to_ship');
    expect(await keys('admin')).toEqual(['reviews', 'expiring', 'transfers', 'to_ship', 'after_sales', 'returns', 'receipts', 'batches']);
  });

  it('counts in each queue what its linked list holds', async () => {
    const admin = await operatorLogin(t.app, 'admin');
    const { queues } = (await admin.get('/api/admin/dashboard')).body.data as { queues: { key: string; count: number; link: string }[] };
    // The seed waits on a review (pending) and has demo's licence expiring, a paid order to ship and a transfer.
    expect(queues.find((q) => q.key === 'reviews')!.count).toBe(1);
    expect(queues.find((q) => q.key === 'expiring')!.count).toBeGreaterThanOrEqual(1);
    expect(queues.find((q) => q.key === 'to_ship')!.count).toBeGreaterThanOrEqual(1);
    for (const q of queues) {
      const list = await admin.get(apiOf(q.link));
      expect(list.body.code, q.link).toBe(10000);
      expect(list.body.data.total, q.link).toBe(q.count);
    }
  });

  it("counts today's orders and new buyers over 30 days ending today", async () => {
    const admin = await operatorLogin(t.app, 'admin');
    const before = (await admin.get('/api/admin/dashboard')).body.data;
    expect(before.days).toHaveLength(30);
    expect(before.days.at(-1)).toEqual({ day: expect.any(String), ...before.today });
    const demo = await loginAs(t.app, 'demo');
    const [g] = await t.db
      .select()
      .from(goods)
      .where(and(eq(goods.isKx, false), eq(goods.isBuy, true), eq(goods.isEphedrine, false), gt(goods.number, 100)))
      .limit(1);
    await demo.post('/api/cart', { params: [{ goods_id: g.id, price: '0.01', number: g.zbz, ck_id: g.ckId }] });
    const address = ((await demo.get('/api/address')).body.data as { id: number }[])[0].id;
    const made = await demo.post('/api/order', { address_id: address });
    expect(made.body.code).toBe(10000);
    const paid = await demo.post('/api/pay/order', { order_id: made.body.data.orders[0].id, method: 'balance', pay_password: DEMO_PAY_PASSWORD });
    expect(paid.body.code).toBe(10000);
    const after = (await admin.get('/api/admin/dashboard')).body.data;
    expect(after.today.orders).toBe(before.today.orders + 1);
    expect(Number(after.today.paid_amount)).toBeCloseTo(Number(before.today.paid_amount) + Number(made.body.data.orders[0].pay_amount), 2);
    expect(after.queues.find((q: { key: string }) => q.key === 'to_ship').count).toBe(
      before.queues.find((q: { key: string }) => q.key === 'to_ship').count + 1,
    );
  });
});
