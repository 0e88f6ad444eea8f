/** What the console's order tests share: the app, the buyer and the operators signed in, and the helpers; `openOrderConsole()` opens them for a file. */
import { beforeAll, afterAll, expect } from 'vitest';
import { and, asc, desc, eq, gt, like } from 'drizzle-orm';
import { auditLog, brands, cartItems, goods, ledger, messages, orders, userCoupons, users, wallets } from '../../db/schema/index.js';
import { agent, buildTestApp, DEMO_PAY_PASSWORD, loginAs, operatorLogin as signInOperator, type TestApp } from '../../testing.js';

export let t: TestApp;
export type Agent = ReturnType<typeof agent>;
export type Answer = { status: number; body: { code: number; message: string; data: any }; headers: Record<string, unknown> };
export let demo: Agent;
export let demoId: number;
export let finance: Operator;
export let warehouse: Operator;
export let qa: Operator;
export let ops: Operator;
export let admin: Operator;

export const fen = (yuan: string) => Math.round(Number(yuan) * 100);
export const yuan = (f: number) => (f / 100).toFixed(2);

/** An operator signed in to the console of this file's app. */
export const operatorLogin = (username: string) => signInOperator(t.app, username);
export type Operator = Awaited<ReturnType<typeof operatorLogin>>;

// ------------------------------------------------------------------------------------------------ helpers

export async function plainGoods(brand: string) {
  const [row] = await t.db
    .select({ g: goods })
    .from(goods)
    .innerJoin(brands, eq(brands.id, goods.brandId))
    .where(and(eq(brands.name, brand), eq(goods.isKx, false), eq(goods.isBuy, true), eq(goods.isEphedrine, false), gt(goods.number, 2000)))
    .orderBy(asc(goods.id))
    .limit(1);
  if (!row) throw new Error(`the seed has buyable goods of ${brand}`);
  return row.g;
}

export async function ephedrineGoods() {
  const [g] = await t.db
    .select()
    .from(goods)
    .where(and(eq(goods.isEphedrine, true), eq(goods.isBuy, true), eq(goods.isKx, false), gt(goods.number, 100)))
    .orderBy(asc(goods.id))
    .limit(1);
  if (!g) throw new Error('the seed has buyable goods containing ephedrine');
  return g;
}

export const stockOf = async (goodsId: number) => (await t.db.select({ n: goods.number }).from(goods).where(eq(goods.id, goodsId)))[0].n;
export const wallet = async () => (await t.db.select().from(wallets).where(eq(wallets.userId, demoId)))[0];
export const orderRow = async (id: number) => (await t.db.select().from(orders).where(eq(orders.id, id)))[0];
export const couponRow = async (id: number) => (await t.db.select().from(userCoupons).where(eq(userCoupons.id, id)))[0];

export type Placed = { id: number; orderNo: string; payAmount: number; goodsId: number; number: number; couponId: number | null; redPacket: number };

/**
 * Demo places an order of one goods for about `yuan` (at least `units` middle packages); with `discounts` it
 * takes the best coupon and the red packet, and the test checks that both were taken.
 */
export async function placeOrder(opts: { brand?: string; yuan?: number; units?: number; discounts?: boolean; ephedrine?: boolean } = {}): Promise<Placed> {
  const { brand = '扬子江', yuan: amount = 300, units = 1, discounts = false, ephedrine = false } = opts;
  await t.db.delete(cartItems).where(eq(cartItems.userId, demoId));
  const g = ephedrine ? await ephedrineGoods() : await plainGoods(brand);
  const number = ephedrine ? g.zbz : Math.max(units, Math.ceil((amount * 100) / g.basePrice / g.zbz)) * g.zbz;
  expect((await demo.post('/api/cart', { params: [{ goods_id: g.id, number }] })).body.code).toBe(10000);
  const ids = ((await demo.get('/api/cart/list')).body.data.list as { id: number }[]).map((l) => l.id);
  await demo.post('/api/cart/checkout', { ids });
  const c = (await demo.get(`/api/cart/confirm?${discounts ? 'use_red_packet=1' : 'coupon_id=0'}`)).body.data;
  if (discounts) {
    expect(c.coupon, 'a checkout of this size has a usable coupon').not.toBeNull();
    expect(fen(c.red_packet.amount)).toBeGreaterThan(0);
  } else {
    expect(c.coupon).toBeNull();
    expect(fen(c.red_packet.amount)).toBe(0);
  }
  const stock = await stockOf(g.id);
  const redBefore = (await wallet()).redPacket;
  const res = await demo.post('/api/order', { address_id: c.address_id, ...(discounts ? { coupon_id: c.coupon.id, use_red_packet: 1 } : { coupon_id: 0 }) });
  expect(res.body.code, res.body.message).toBe(10000);
  const made = res.body.data.orders[0] as { id: number; order_no: string; pay_amount: string };
  // Placing the order took the stock, and the coupon and red packet when asked (and no red packet otherwise).
  expect(await stockOf(g.id)).toBe(stock - number);
  const redPacket = redBefore - (await wallet()).redPacket;
  expect(redPacket).toBe(fen(c.red_packet.amount));
  if (discounts) expect(await couponRow(c.coupon.id)).toMatchObject({ status: 1, orderId: made.id });
  else expect(await orderRow(made.id)).toMatchObject({ userCouponId: null, couponAmount: 0, redPacketAmount: 0 });
  return { id: made.id, orderNo: made.order_no, payAmount: fen(made.pay_amount), goodsId: g.id, number, couponId: discounts ? c.coupon.id : null, redPacket };
}

export async function pay(o: Placed, method: 'balance' | 'credit' | 'transfer' | 'online') {
  const res = await demo.post('/api/pay/order', { order_id: o.id, method, pay_password: DEMO_PAY_PASSWORD });
  expect(res.body.code, res.body.message).toBe(10000);
  // Online, the gateway's confirmation pays; a transfer waits for finance; the balance and credit pay at once.
  const paid = method === 'online' ? (await demo.post('/api/pay/sandbox/confirm', { trade_no: res.body.data.trade_no })).body.data.paid : res.body.data.paid;
  expect(paid, method).toBe(method === 'transfer' ? 0 : 1);
  return res.body.data;
}

/** An order paid and shipped by the warehouse through the console. */
export async function shippedOrder(opts: Parameters<typeof placeOrder>[0] = {}) {
  const o = await placeOrder(opts);
  await pay(o, 'balance');
  const shipped = await warehouse.post(`/api/admin/orders/${o.id}/ship`, { carrier: '顺丰速运', tracking_no: `SF${o.orderNo.slice(-10)}` });
  expect(shipped.body.code, shipped.body.message).toBe(10000);
  return o;
}

export const buyerOrder = async (id: number) => (await demo.get(`/api/order/${id}`)).body.data;

/** The audit rows of one action on one target, oldest first. */
export const auditOf = (action: string, targetType: string, targetId: number) =>
  t.db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.action, action), eq(auditLog.targetType, targetType), eq(auditLog.targetId, String(targetId))))
    .orderBy(asc(auditLog.id));

export const auditCount = async (targetType: string, targetId: number) =>
  (
    await t.db
      .select({ id: auditLog.id })
      .from(auditLog)
      .where(and(eq(auditLog.targetType, targetType), eq(auditLog.targetId, String(targetId))))
  ).length;

/** The messages the buyer received about an order. */
export const messagesAbout = (orderNo: string, title?: string) =>
  t.db
    .select()
    .from(messages)
    .where(and(eq(messages.userId, demoId), like(messages.content, `%${orderNo}%`), ...(title ? [eq(messages.title, title)] : [])))
    .orderBy(desc(messages.id));

/** Every instrument's ledger adds up to the balance the account holds, row by row. */
export async function expectLedgerConsistent(userId: number) {
  const [w] = await t.db.select().from(wallets).where(eq(wallets.userId, userId));
  const [u] = await t.db.select().from(users).where(eq(users.id, userId));
  const rows = await t.db.select().from(ledger).where(eq(ledger.userId, userId)).orderBy(asc(ledger.id));
  const held: Record<string, number> = { balance: w.balance, red_packet: w.redPacket, credit: w.creditUsed, points: u.points };
  for (const instrument of Object.keys(held)) {
    let running = 0;
    for (const r of rows.filter((x) => x.instrument === instrument)) {
      running += r.amount;
      expect(r.balanceAfter).toBe(running);
      expect(r.balanceAfter).toBeGreaterThanOrEqual(0);
    }
    expect(running, instrument).toBe(held[instrument]);
  }
}

export const PNG = Buffer.from(
  '89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c4890000000d49444154789c6300010000050001' + '0d0a2db40000000049454e44ae426082',
  'hex',
);

export async function upload(a: Agent, name = '签收单.png') {
  const boundary = `----yct${Date.now()}`;
  const payload = Buffer.concat([
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${name}"\r\nContent-Type: image/png\r\n\r\n`),
    PNG,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/upload',
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}`, 'x-requested-with': 'XMLHttpRequest', cookie: a.cookie },
    payload,
  });
  expect(res.json().code).toBe(10000);
  return res.json().data.url as string;
}

export const refused = (res: Answer, message: string | RegExp) => {
  expect(res.status).toBe(200);
  expect(res.body.code).toBe(400);
  expect(res.body.message).toMatch(message);
};

export const invalidOn = (res: Answer, field: string, message?: string | RegExp) => {
  expect(res.status).toBe(422);
  expect(res.body.code).toBe(422);
  expect(Object.keys(res.body.data.errors)).toContain(field);
  // The message asked for, or at least one in Chinese.
  expect(res.body.data.errors[field][0]).toMatch(message ?? /[\u4e00-\u9fff]/);
  expect(res.body.message).toMatch(/[\u4e00-\u9fff]/);
};

/** Opens the app and signs the accounts in before the file's tests, and closes it after them. */
export function openOrderConsole() {
  beforeAll(async () => {
    // Fifty confirmations and a few logins come from one address.
    t = await buildTestApp({ goods: 600, config: { RATE_LIMIT_FACTOR: 100 } });
    demo = await loginAs(t.app, 'demo');
    [{ id: demoId }] = await t.db.select({ id: users.id }).from(users).where(eq(users.username, 'demo'));
    [finance, warehouse, qa, ops, admin] = await Promise.all(['finance', 'warehouse', 'qa', 'ops', 'admin'].map((u) => operatorLogin(u)));
  });
  afterAll(async () => t?.close());
}
