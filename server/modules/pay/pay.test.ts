/** Paying orders: balance, credit, the sandbox gateway and transfer; charged once however often it is asked. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, asc, eq, gt, sql } from 'drizzle-orm';
import { brands, cartItems, creditBills, goods, ledger, orders, payments, users, wallets } from '../../db/schema/index.js';
import { agent, buildTestApp, dbLabel, DEMO_PAY_PASSWORD, loginAs, type TestApp } from '../../testing.js';
import { notifySecret, signNotify } from './service.js';

let t: TestApp;
let demo: ReturnType<typeof agent>;
let demoId: number;
let secret: string;
beforeAll(async () => {
  t = await buildTestApp({ goods: 400 });
  demo = await loginAs(t.app, 'demo');
  [{ id: demoId }] = await t.db.select({ id: users.id }).from(users).where(eq(users.username, 'demo'));
  secret = notifySecret({ SESSION_SECRET: 'local-development-secret-not-for-production' });
});
afterAll(async () => t?.close());

const XHR = { 'x-requested-with': 'XMLHttpRequest', 'content-type': 'application/json' };

/** A fresh unpaid order of demo for about `yuan`. */
async function newOrder(yuan = 300) {
  await t.db.delete(cartItems).where(eq(cartItems.userId, demoId));
  const [g] = await t.db
    .select({ g: goods })
    .from(goods)
    .innerJoin(brands, eq(brands.id, goods.brandId))
    .where(and(eq(goods.isKx, false), eq(goods.isBuy, true), eq(goods.isEphedrine, false), gt(goods.number, 2000), eq(brands.name, '扬子江')))
    .orderBy(asc(goods.id))
    .limit(1)
    .then((r) => r.map((x) => x.g));
  const number = Math.ceil((yuan * 100) / g.basePrice / g.zbz) * g.zbz;
  await demo.post('/api/cart', { params: [{ goods_id: g.id, number }] });
  await demo.post('/api/cart/checkout', { ids: ((await demo.get('/api/cart/list')).body.data.list as { id: number }[]).map((l) => l.id) });
  const address = ((await demo.get('/api/address')).body.data as { id: number }[])[0].id;
  const res = await demo.post('/api/order', { address_id: address });
  expect(res.body.code).toBe(10000);
  const [o] = await t.db.select().from(orders).where(eq(orders.id, res.body.data.orders[0].id));
  return o;
}

const wallet = async () => (await t.db.select().from(wallets).where(eq(wallets.userId, demoId)))[0];

describe(`paying from the balance on ${dbLabel}`, () => {
  it('charges the order once even when it is paid 20 times at once', async () => {
    const o = await newOrder();
    const before = await wallet();
    const results = await Promise.all(
      Array.from({ length: 20 }, () => demo.post('/api/pay/order', { order_id: o.id, method: 'balance', pay_password: DEMO_PAY_PASSWORD })),
    );
    expect(results.every((r) => r.body.code === 10000 && r.body.data.paid === 1)).toBe(true);
    expect(results.filter((r) => r.body.data.already === 0)).toHaveLength(1);
    const after = await wallet();
    expect(before.balance - after.balance).toBe(o.payAmount);
    const rows = await t.db
      .select()
      .from(ledger)
      .where(and(eq(ledger.refType, 'order'), eq(ledger.refId, o.id), eq(ledger.kind, 'pay')));
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ instrument: 'balance', amount: -o.payAmount, balanceAfter: after.balance });
    const status = (await demo.get(`/api/pay/status/${o.id}`)).body.data;
    expect(status).toMatchObject({ status: 1, paid: 1, pay_method: 'balance' });
    expect((await demo.get(`/api/order/${o.id}`)).body.data.status_text).toBe('待发货');
  });

  it('refuses a payment larger than the balance and changes nothing; the balance never goes negative', async () => {
    const o = await newOrder();
    await t.db
      .update(wallets)
      .set({ balance: o.payAmount - 1 })
      .where(eq(wallets.userId, demoId));
    const res = await demo.post('/api/pay/order', { order_id: o.id, method: 'balance', pay_password: DEMO_PAY_PASSWORD });
    expect(res.body).toMatchObject({ code: 400, message: '账户余额不足' });
    expect((await wallet()).balance).toBe(o.payAmount - 1);
    const [still] = await t.db.select().from(orders).where(eq(orders.id, o.id));
    expect(still.status).toBe(0);
    // Put the ledger's own balance back for the tests that follow.
    const [{ total }] = await t.db
      .select({ total: sql<number>`coalesce(sum(${ledger.amount}), 0)::int` })
      .from(ledger)
      .where(and(eq(ledger.userId, demoId), eq(ledger.instrument, 'balance')));
    await t.db
      .update(wallets)
      .set({ balance: Number(total) })
      .where(eq(wallets.userId, demoId));
  });
});

describe(`paying on credit on ${dbLabel}`, () => {
  it('uses the credit line once, with a bill due in 30 days', async () => {
    const o = await newOrder();
    const before = await wallet();
    await Promise.all(Array.from({ length: 5 }, () => demo.post('/api/pay/order', { order_id: o.id, method: 'credit', pay_password: DEMO_PAY_PASSWORD })));
    const after = await wallet();
    expect(after.creditUsed - before.creditUsed).toBe(o.payAmount);
    const bills = await t.db.select().from(creditBills).where(eq(creditBills.orderId, o.id));
    expect(bills).toHaveLength(1);
    const due = new Date(`${bills[0].dueDate}T00:00:00+08:00`).getTime();
    expect(Math.round((due - Date.now()) / 86_400_000)).toBeGreaterThanOrEqual(29);
    expect((await demo.get(`/api/order/${o.id}`)).body.data.credit_bill).toMatchObject({ amount: (o.payAmount / 100).toFixed(2), status: 0 });
  });
});

describe(`the sandbox gateway on ${dbLabel}`, () => {
  it('pays through the scan page: a signed notify marks the order paid once', async () => {
    const o = await newOrder();
    const start = (await demo.post('/api/pay/order', { order_id: o.id, method: 'online' })).body.data;
    expect(start).toMatchObject({ method: 'online', paid: 0, amount: (o.payAmount / 100).toFixed(2), qr_url: `/pay/sandbox/${start.trade_no}` });
    expect((await demo.post('/api/pay/order', { order_id: o.id, method: 'online' })).body.data.trade_no).toBe(start.trade_no);
    const page = await t.app.inject({ url: start.qr_url, headers: { cookie: demo.cookie } });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('模拟扫码支付');
    expect(page.body).toContain(`¥${start.amount}`);
    expect((await demo.get(`/api/pay/status/${o.id}`)).body.data.paid).toBe(0);
    const scan = await demo.post('/api/pay/sandbox/confirm', { trade_no: start.trade_no });
    expect(scan.body.data).toMatchObject({ paid: 1, already: 0 });
    expect((await demo.get(`/api/pay/status/${o.id}`)).body.data).toMatchObject({ paid: 1, pay_method: 'online' });
    expect((await demo.post('/api/pay/order', { order_id: o.id, method: 'balance', pay_password: DEMO_PAY_PASSWORD })).body.data.already).toBe(1);
  });

  it('refuses a forged notify, a replayed one and one for another amount', async () => {
    const o = await newOrder();
    const start = (await demo.post('/api/pay/order', { order_id: o.id, method: 'online' })).body.data;
    const fields = { notify_id: 'n-forged-1', trade_no: start.trade_no, amount: start.amount, paid_at: '1795400000' };
    const forged = await t.app.inject({ method: 'POST', url: '/api/pay/notify/sandbox', headers: XHR, payload: { ...fields, sign: 'a'.repeat(64) } });
    expect(forged.statusCode).toBe(403);
    expect(forged.json().message).toBe('签名校验失败');
    const wrongKey = signNotify('another-key-0123456789', fields);
    expect((await t.app.inject({ method: 'POST', url: '/api/pay/notify/sandbox', headers: XHR, payload: wrongKey })).statusCode).toBe(403);
    const cheap = signNotify(secret, { ...fields, notify_id: 'n-cheap-1', amount: '0.01' });
    expect((await t.app.inject({ method: 'POST', url: '/api/pay/notify/sandbox', headers: XHR, payload: cheap })).json().message).toBe('支付金额与支付单不符');
    expect((await demo.get(`/api/pay/status/${o.id}`)).body.data.paid).toBe(0);
    const good = signNotify(secret, { ...fields, notify_id: 'n-good-1' });
    // The gateway calls without a browser: no X-Requested-With, no session.
    const first = await t.app.inject({ method: 'POST', url: '/api/pay/notify/sandbox', headers: { 'content-type': 'application/json' }, payload: good });
    expect(first.json().data).toMatchObject({ paid: 1, already: 0 });
    const replay = await t.app.inject({ method: 'POST', url: '/api/pay/notify/sandbox', headers: { 'content-type': 'application/json' }, payload: good });
    expect(replay.json()).toMatchObject({ code: 400, message: '该通知已处理，不能重复提交' });
    const [p] = await t.db.select().from(payments).where(eq(payments.tradeNo, start.trade_no));
    expect(p.status).toBe(1);
  });

  it('returns to the balance a payment that arrives after its order was cancelled', async () => {
    const o = await newOrder();
    const start = (await demo.post('/api/pay/order', { order_id: o.id, method: 'online' })).body.data;
    await demo.post(`/api/order/${o.id}/cancel`);
    const before = await wallet();
    await demo.post('/api/pay/sandbox/confirm', { trade_no: start.trade_no });
    const after = await wallet();
    expect(after.balance - before.balance).toBe(o.payAmount);
    expect((await demo.get(`/api/order/${o.id}`)).body.data.status).toBe(4);
  });
});

describe(`bad payment requests on ${dbLabel}`, () => {
  it('answers 422 in Chinese for a missing method and refuses a cancelled order', async () => {
    const o = await newOrder();
    const bad = await demo.post('/api/pay/order', { order_id: o.id, method: 'cash' });
    expect(bad.status).toBe(422);
    expect(bad.body.message).toBe('请选择支付方式');
    await demo.post(`/api/order/${o.id}/cancel`);
    expect((await demo.post('/api/pay/order', { order_id: o.id, method: 'balance' })).body.message).toBe('订单已取消，请重新下单');
  });
});
