/**
 * The payment password (支付密码): set and changed with the SMS code sent to the account's own phone, kept as an
 * argon2id hash, asked before the balance or the credit line pays an order and before the balance repays credit;
 * a wrong one is counted and the fifth in a row locks it for 15 minutes. Online and transfer payments need none.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, asc, eq, gt, sql } from 'drizzle-orm';
import { brands, cartItems, creditBills, goods, ledger, orders, payPasswords, smsCodes, users, wallets } from '../../db/schema/index.js';
import { agent, buildTestApp, dbLabel, DEMO_PAY_PASSWORD, loginAs, type TestApp } from '../../testing.js';

let t: TestApp;
let demo: ReturnType<typeof agent>;
let demoId: number;
beforeAll(async () => {
  t = await buildTestApp({ goods: 300, config: { RATE_LIMIT_FACTOR: 100 } });
  demo = await loginAs(t.app, 'demo');
  [{ id: demoId }] = await t.db.select({ id: users.id }).from(users).where(eq(users.username, 'demo'));
  // demo starts as a buyer who has never set one.
  await t.db.delete(payPasswords).where(eq(payPasswords.userId, demoId));
});
afterAll(async () => t?.close());

const DEMO_PHONE = '13800000001';
type Res = { status: number; body: { code: number; message: string; data: any } };

/** The code of type `pay_password` sent to demo's phone; earlier codes are aged past the 60 s between two. */
async function payCode(a = demo, phone = DEMO_PHONE) {
  await t.db
    .update(smsCodes)
    .set({ createdAt: sql`${smsCodes.createdAt} - interval '2 minutes'` })
    .where(eq(smsCodes.phone, phone));
  const sent = await a.post('/api/user/create_code', { phone, type: 'pay_password' });
  expect(sent.body.code, sent.body.message).toBe(10000);
  const outbox = (await a.get(`/api/dev/sms_outbox?phone=${phone}`)).body.data;
  expect(outbox.purpose).toBe('pay_password');
  return outbox.code as string;
}

const row = async (userId = demoId) => (await t.db.select().from(payPasswords).where(eq(payPasswords.userId, userId)))[0];
const wallet = async () => (await t.db.select().from(wallets).where(eq(wallets.userId, demoId)))[0];
const ledgerRows = async (refType: string, refId: number) =>
  t.db
    .select()
    .from(ledger)
    .where(and(eq(ledger.refType, refType), eq(ledger.refId, refId)));
const orderStatus = async (id: number) => (await t.db.select({ status: orders.status }).from(orders).where(eq(orders.id, id)))[0].status;

function expect422(res: Res, field: string, message: string | RegExp) {
  expect(res.status, JSON.stringify(res.body)).toBe(422);
  expect(res.body.data.errors[field]?.[0]).toMatch(message);
}

/** A fresh unpaid order of demo for about `yuan`. */
async function newOrder(yuan = 200) {
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
  expect(res.body.code, res.body.message).toBe(10000);
  const [o] = await t.db.select().from(orders).where(eq(orders.id, res.body.data.orders[0].id));
  return o;
}

const payBalance = (orderId: number, pay_password?: string) => demo.post('/api/pay/order', { order_id: orderId, method: 'balance', pay_password });

describe(`setting the payment password on ${dbLabel}`, () => {
  it('asks a buyer who has none to set one before the balance pays, and moves no money', async () => {
    expect((await demo.get('/api/user/base')).body.data.has_pay_password).toBe(0);
    const o = await newOrder();
    const before = await wallet();
    const res = await payBalance(o.id, DEMO_PAY_PASSWORD);
    expect(res.body).toMatchObject({ code: 400, message: '请先设置支付密码' });
    expect((await wallet()).balance).toBe(before.balance);
    expect(await ledgerRows('order', o.id)).toHaveLength(0);
    expect(await orderStatus(o.id)).toBe(0);
  });

  it('refuses a missing or wrong SMS code, a code for another purpose and a password anyone would guess, and changes nothing', async () => {
    expect422(await demo.post('/api/user/pay_password', { password: DEMO_PAY_PASSWORD }), 'code', '请输入短信验证码');
    expect422(await demo.post('/api/user/pay_password', { password: DEMO_PAY_PASSWORD, code: '000000' }), 'code', /短信验证码/);
    const code = await payCode();
    const wrong = code === '999999' ? '999998' : '999999';
    expect422(await demo.post('/api/user/pay_password', { password: DEMO_PAY_PASSWORD, code: wrong }), 'code', '短信验证码不正确');
    for (const simple of ['123456', '888888', '654321']) {
      expect422(await demo.post('/api/user/pay_password', { password: simple, code }), 'password', '支付密码过于简单，请勿使用相同或连续的数字');
    }
    expect422(await demo.post('/api/user/pay_password', { password: '13579', code }), 'password', '支付密码须为6位数字');
    expect422(await demo.post('/api/user/pay_password', { password: 'abc123', code }), 'password', '支付密码须为6位数字');
    // A login code to the same phone does not set it.
    await t.db
      .update(smsCodes)
      .set({ createdAt: sql`${smsCodes.createdAt} - interval '2 minutes'` })
      .where(eq(smsCodes.phone, DEMO_PHONE));
    await demo.post('/api/user/create_code', { phone: DEMO_PHONE, type: 'login' });
    const login = (await demo.get(`/api/dev/sms_outbox?phone=${DEMO_PHONE}`)).body.data.code as string;
    expect422(await demo.post('/api/user/pay_password', { password: DEMO_PAY_PASSWORD, code: login }), 'code', /短信验证码/);
    expect(await row()).toBeUndefined();
    expect((await demo.get('/api/user/base')).body.data.has_pay_password).toBe(0);
  });

  it('sends its code only to the logged-in account’s own phone', async () => {
    expect((await agent(t.app).post('/api/user/create_code', { phone: DEMO_PHONE, type: 'pay_password' })).status).toBe(401);
    expect((await agent(t.app).post('/api/user/pay_password', { password: DEMO_PAY_PASSWORD, code: '123456' })).status).toBe(401);
    const other = await demo.post('/api/user/create_code', { phone: '13800000003', type: 'pay_password' });
    expect(other.body).toMatchObject({ code: 400, message: '验证码只能发送到当前账号绑定的手机号' });
    expect((await demo.get('/api/dev/sms_outbox?phone=13800000003')).body.data?.purpose).not.toBe('pay_password');
  });

  it('sets it with the code, keeps an argon2id hash and never the digits, and the code works once', async () => {
    const code = await payCode();
    const res = await demo.post('/api/user/pay_password', { password: DEMO_PAY_PASSWORD, code });
    expect(res.body.code, res.body.message).toBe(10000);
    expect(res.body.data).toMatchObject({ username: 'demo', has_pay_password: 1 });
    expect((await demo.get('/api/user/base')).body.data.has_pay_password).toBe(1);
    const stored = await row();
    expect(stored.hash).toMatch(/^\$argon2id\$/);
    expect(stored.hash).not.toContain(DEMO_PAY_PASSWORD);
    expect(stored).toMatchObject({ failures: 0, lockedUntil: null });
    expect422(await demo.post('/api/user/pay_password', { password: '246801', code }), 'code', /短信验证码/);
    expect((await row()).hash).toBe(stored.hash);
  });
});

describe(`paying an order with the payment password on ${dbLabel}`, () => {
  it('refuses the balance and the credit line without the password, and moves no money', async () => {
    const o = await newOrder();
    const before = await wallet();
    for (const body of [{ method: 'balance' }, { method: 'balance', pay_password: '' }, { method: 'credit' }]) {
      const res = await demo.post('/api/pay/order', { order_id: o.id, ...body });
      expect(res.body).toMatchObject({ code: 400, message: '请输入支付密码' });
    }
    expect422(await payBalance(o.id, '12345'), 'pay_password', '支付密码为6位数字');
    const after = await wallet();
    expect([after.balance, after.creditUsed]).toEqual([before.balance, before.creditUsed]);
    expect(await ledgerRows('order', o.id)).toHaveLength(0);
    expect(await t.db.select().from(creditBills).where(eq(creditBills.orderId, o.id))).toHaveLength(0);
    expect(await orderStatus(o.id)).toBe(0);
    // A malformed password is not a try.
    expect((await row()).failures).toBe(0);
  });

  it('answers a wrong password with 422 and the tries left, and the right one pays once and clears the count', async () => {
    const o = await newOrder();
    const before = await wallet();
    expect422(await payBalance(o.id, '246810'), 'pay_password', '支付密码错误，还可尝试4次');
    expect422(await payBalance(o.id, '246811'), 'pay_password', '支付密码错误，还可尝试3次');
    expect((await row()).failures).toBe(2);
    expect((await wallet()).balance).toBe(before.balance);
    expect(await ledgerRows('order', o.id)).toHaveLength(0);

    const paid = await payBalance(o.id, DEMO_PAY_PASSWORD);
    expect(paid.body.code, paid.body.message).toBe(10000);
    expect(paid.body.data).toMatchObject({ method: 'balance', paid: 1, already: 0 });
    expect((await row()).failures).toBe(0);
    expect((await payBalance(o.id, DEMO_PAY_PASSWORD)).body.data.already).toBe(1);
    expect(before.balance - (await wallet()).balance).toBe(o.payAmount);
    expect(await ledgerRows('order', o.id)).toHaveLength(1);
  });

  it('locks after five wrong tries in a row for 15 minutes, refusing even the right one, and pays once they have passed', async () => {
    const o = await newOrder();
    const before = await wallet();
    for (const left of [4, 3, 2, 1]) expect422(await payBalance(o.id, '102938'), 'pay_password', `支付密码错误，还可尝试${left}次`);
    const fifth = await payBalance(o.id, '102938');
    expect(fifth.status).toBe(200);
    expect(fifth.body).toMatchObject({ code: 429, message: '支付密码连续输错5次已锁定，请15分钟后再试' });
    const lock = await row();
    expect(lock.lockedUntil!.getTime() - Date.now()).toBeGreaterThan(14 * 60_000);
    expect(lock.lockedUntil!.getTime() - Date.now()).toBeLessThanOrEqual(15 * 60_000);

    // Ten minutes on, the right password is still refused, with the minutes left.
    await t.db
      .update(payPasswords)
      .set({ lockedUntil: new Date(Date.now() + 5 * 60_000 - 1000) })
      .where(eq(payPasswords.userId, demoId));
    const right = await payBalance(o.id, DEMO_PAY_PASSWORD);
    expect(right.body).toMatchObject({ code: 429, message: '支付密码连续输错5次已锁定，请5分钟后再试' });
    expect((await demo.post('/api/pay/order', { order_id: o.id, method: 'credit', pay_password: DEMO_PAY_PASSWORD })).body.code).toBe(429);
    expect((await wallet()).balance).toBe(before.balance);
    expect(await ledgerRows('order', o.id)).toHaveLength(0);
    expect(await orderStatus(o.id)).toBe(0);

    // Fifteen minutes after the fifth try.
    await t.db
      .update(payPasswords)
      .set({ lockedUntil: new Date(Date.now() - 1000) })
      .where(eq(payPasswords.userId, demoId));
    const paid = await payBalance(o.id, DEMO_PAY_PASSWORD);
    expect(paid.body.code, paid.body.message).toBe(10000);
    expect(before.balance - (await wallet()).balance).toBe(o.payAmount);
    expect(await ledgerRows('order', o.id)).toHaveLength(1);
    expect(await row()).toMatchObject({ failures: 0, lockedUntil: null });
  });

  it('counts wrong tries sent at once, so that guessing in parallel locks it as well', async () => {
    const o = await newOrder();
    const guesses = await Promise.all(Array.from({ length: 12 }, (_, i) => payBalance(o.id, String(200000 + i * 7))));
    expect(guesses.every((g) => g.status === 422 || g.body.code === 429)).toBe(true);
    expect(guesses.filter((g) => g.status === 422).length).toBeLessThanOrEqual(4);
    expect((await payBalance(o.id, DEMO_PAY_PASSWORD)).body.code).toBe(429);
    expect(await orderStatus(o.id)).toBe(0);
  });

  it('a new password set with the SMS code lifts the lock', async () => {
    expect((await row()).lockedUntil!.getTime()).toBeGreaterThan(Date.now());
    const code = await payCode();
    expect((await demo.post('/api/user/pay_password', { password: '246813', code })).body.code).toBe(10000);
    expect(await row()).toMatchObject({ failures: 0, lockedUntil: null });
    const o = await newOrder();
    expect422(await payBalance(o.id, DEMO_PAY_PASSWORD), 'pay_password', '支付密码错误，还可尝试4次');
    expect((await payBalance(o.id, '246813')).body.data.paid).toBe(1);
    // Back to the seeded one for the tests that follow.
    const again = await payCode();
    expect((await demo.post('/api/user/pay_password', { password: DEMO_PAY_PASSWORD, code: again })).body.code).toBe(10000);
  });

  it('pays on credit with the right password only', async () => {
    const o = await newOrder();
    const before = await wallet();
    expect422(await demo.post('/api/pay/order', { order_id: o.id, method: 'credit', pay_password: '975310' }), 'pay_password', '支付密码错误，还可尝试4次');
    expect((await wallet()).creditUsed).toBe(before.creditUsed);
    const paid = await demo.post('/api/pay/order', { order_id: o.id, method: 'credit', pay_password: DEMO_PAY_PASSWORD });
    expect(paid.body.data).toMatchObject({ method: 'credit', paid: 1 });
    expect((await wallet()).creditUsed - before.creditUsed).toBe(o.payAmount);
    expect(await t.db.select().from(creditBills).where(eq(creditBills.orderId, o.id))).toHaveLength(1);
  });

  it('needs no password online or by bank transfer', async () => {
    const online = await newOrder();
    const res = await demo.post('/api/pay/order', { order_id: online.id, method: 'online' });
    expect(res.body.code, res.body.message).toBe(10000);
    expect(res.body.data.trade_no).toBeTruthy();
    const transfer = await newOrder();
    expect((await demo.post('/api/pay/order', { order_id: transfer.id, method: 'transfer' })).body.data).toMatchObject({ method: 'transfer', waiting: 1 });
  });
});

describe(`repaying credit from the balance on ${dbLabel}`, () => {
  it('repays only with the right password: none or a wrong one moves no money, five wrong lock it', async () => {
    const [bill] = (await demo.get('/api/user/user_credit_list?type=1')).body.data.data as { id: number; remaining: string }[];
    expect(bill, 'an unpaid bill to repay').toBeTruthy();
    const repay = (await demo.post('/api/pay/user_credit_create', { ids: [bill.id] })).body.data;
    const before = await wallet();
    const pay = (pay_password?: string) => demo.post('/api/pay/user_credit_pay', { id: repay.id, method: 'balance', pay_password });

    expect((await pay()).body).toMatchObject({ code: 400, message: '请输入支付密码' });
    for (const left of [4, 3, 2, 1]) expect422(await pay('113355'), 'pay_password', `支付密码错误，还可尝试${left}次`);
    expect((await pay('113355')).body).toMatchObject({ code: 429, message: '支付密码连续输错5次已锁定，请15分钟后再试' });
    expect((await pay(DEMO_PAY_PASSWORD)).body.code).toBe(429);
    const still = await wallet();
    expect([still.balance, still.creditUsed]).toEqual([before.balance, before.creditUsed]);
    expect(await ledgerRows('credit_repay', repay.id)).toHaveLength(0);
    expect((await demo.post('/api/pay/user_credit_check', { id: repay.id })).body.data.paid).toBe(0);

    await t.db
      .update(payPasswords)
      .set({ lockedUntil: new Date(Date.now() - 1000) })
      .where(eq(payPasswords.userId, demoId));
    const paid = await Promise.all(Array.from({ length: 3 }, () => pay(DEMO_PAY_PASSWORD)));
    for (const p of paid) expect(p.body.code, p.body.message).toBe(10000);
    expect(paid.filter((p) => p.body.data.already === 0)).toHaveLength(1);
    const after = await wallet();
    expect(before.balance - after.balance).toBe(Math.round(Number(bill.remaining) * 100));
    expect(before.creditUsed - after.creditUsed).toBe(Math.round(Number(bill.remaining) * 100));
    expect(await ledgerRows('credit_repay', repay.id)).toHaveLength(1);
  });

  it('repays online without the password', async () => {
    const [bill] = (await demo.get('/api/user/user_credit_list?type=1')).body.data.data as { id: number }[];
    const repay = (await demo.post('/api/pay/user_credit_create', { ids: [bill.id] })).body.data;
    const online = await demo.post('/api/pay/user_credit_pay', { id: repay.id, method: 'online' });
    expect(online.body.code, online.body.message).toBe(10000);
    expect(online.body.data.trade_no).toBeTruthy();
  });
});

describe(`a headquarters acting for a store on ${dbLabel}`, () => {
  it('pays with its own payment password, and cannot set one while acting', async () => {
    const chain = await loginAs(t.app, 'chain');
    const [store] = await t.db.select().from(users).where(eq(users.username, 'chain-a'));
    // The store's own password is not the one asked: take it away.
    await t.db.delete(payPasswords).where(eq(payPasswords.userId, store.id));
    const acting = await chain.post('/api/user/act_for', { store_id: store.id });
    expect(acting.body.data).toMatchObject({ username: 'chain-a', has_pay_password: 1 });
    expect((await chain.post('/api/user/create_code', { phone: store.phone, type: 'pay_password' })).body.code).toBe(400);
    expect((await chain.post('/api/user/pay_password', { password: '246813', code: '123456' })).body).toMatchObject({
      code: 400,
      message: '正在代门店采购，支付密码请返回总部账号后设置',
    });

    await t.db.delete(cartItems).where(eq(cartItems.userId, store.id));
    const [g] = await t.db
      .select()
      .from(goods)
      .where(and(eq(goods.isKx, false), eq(goods.isBuy, true), eq(goods.isEphedrine, false), gt(goods.number, 2000)))
      .orderBy(asc(goods.id))
      .limit(1);
    await chain.post('/api/cart', { params: [{ goods_id: g.id, number: g.zbz * 10 }] });
    await chain.post('/api/cart/checkout', { ids: ((await chain.get('/api/cart/list')).body.data.list as { id: number }[]).map((l) => l.id) });
    const address = ((await chain.get('/api/address')).body.data as { id: number }[])[0].id;
    const made = await chain.post('/api/order', { address_id: address });
    expect(made.body.code, made.body.message).toBe(10000);
    const orderId = made.body.data.orders[0].id;
    const paid = await chain.post('/api/pay/order', { order_id: orderId, method: 'balance', pay_password: DEMO_PAY_PASSWORD });
    expect(paid.body.code, paid.body.message).toBe(10000);
    expect(await orderStatus(orderId)).toBe(1);
  });
});
