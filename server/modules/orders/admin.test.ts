/**
 * The console's order calls as operators and buyers meet them: who may do what, confirming transfers, shipping,
 * cancelling and refunding back where the money came from, returns and after-sales, ephedrine receipts, the
 * audit trail of every write, and the buyer's uploads opened by the operators who review them.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, asc, desc, eq, gt, like, sql } from 'drizzle-orm';
import { auditLog, brands, cartItems, creditBills, goods, ledger, messages, operators, orders, userCoupons, users, wallets } from '../../db/schema/index.js';
import { CONTROL_CHAR_MESSAGE } from '../../http/input-guard.js';
import { agent, buildTestApp, dbLabel, DEMO_PAY_PASSWORD, loginAs, type TestApp } from '../../testing.js';
import { OPERATOR_PASSWORD } from '../operators/service.js';

let t: TestApp;
type Agent = ReturnType<typeof agent>;
type Answer = { status: number; body: { code: number; message: string; data: any }; headers: Record<string, unknown> };
let demo: Agent;
let demoId: number;
let finance: Operator;
let warehouse: Operator;
let qa: Operator;
let ops: Operator;
let admin: Operator;

const fen = (yuan: string) => Math.round(Number(yuan) * 100);
const yuan = (f: number) => (f / 100).toFixed(2);

/** An operator's browser: keeps the console cookie and posts JSON. */
type Operator = {
  get(url: string): Promise<Answer>;
  post(url: string, body?: unknown): Promise<Answer>;
  cookie: string;
};

function operatorAgent(): Operator {
  let cookie = '';
  const send = async (method: 'GET' | 'POST', url: string, body?: unknown): Promise<Answer> => {
    const res = await t.app.inject({
      method,
      url,
      headers: { 'x-requested-with': 'XMLHttpRequest', ...(cookie ? { cookie } : {}), ...(body !== undefined ? { 'content-type': 'application/json' } : {}) },
      payload: body !== undefined ? JSON.stringify(body) : undefined,
    });
    const set = res.headers['set-cookie'];
    for (const c of Array.isArray(set) ? set : set ? [String(set)] : []) {
      const [pair] = c.split(';');
      if (pair.startsWith('yct_admin=')) cookie = pair.endsWith('=') ? '' : pair;
    }
    return { status: res.statusCode, body: res.json(), headers: res.headers };
  };
  return {
    get: (url) => send('GET', url),
    post: (url, body) => send('POST', url, body ?? {}),
    get cookie() {
      return cookie;
    },
  };
}

async function operatorLogin(username: string, password = OPERATOR_PASSWORD) {
  const a = operatorAgent();
  const res = await a.post('/api/admin/login', { username, password });
  if (res.body.code !== 10000) throw new Error(`operator login ${username} failed: ${res.body.message}`);
  return a;
}

beforeAll(async () => {
  // Fifty confirmations and a few logins come from one address.
  t = await buildTestApp({ goods: 600, config: { RATE_LIMIT_FACTOR: 100 } });
  demo = await loginAs(t.app, 'demo');
  [{ id: demoId }] = await t.db.select({ id: users.id }).from(users).where(eq(users.username, 'demo'));
  [finance, warehouse, qa, ops, admin] = await Promise.all(['finance', 'warehouse', 'qa', 'ops', 'admin'].map((u) => operatorLogin(u)));
});
afterAll(async () => t?.close());

// ------------------------------------------------------------------------------------------------ helpers

async function plainGoods(brand: string) {
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

async function ephedrineGoods() {
  const [g] = await t.db
    .select()
    .from(goods)
    .where(and(eq(goods.isEphedrine, true), eq(goods.isBuy, true), eq(goods.isKx, false), gt(goods.number, 100)))
    .orderBy(asc(goods.id))
    .limit(1);
  if (!g) throw new Error('the seed has buyable goods containing ephedrine');
  return g;
}

const stockOf = async (goodsId: number) => (await t.db.select({ n: goods.number }).from(goods).where(eq(goods.id, goodsId)))[0].n;
const wallet = async () => (await t.db.select().from(wallets).where(eq(wallets.userId, demoId)))[0];
const orderRow = async (id: number) => (await t.db.select().from(orders).where(eq(orders.id, id)))[0];
const couponRow = async (id: number) => (await t.db.select().from(userCoupons).where(eq(userCoupons.id, id)))[0];

type Placed = { id: number; orderNo: string; payAmount: number; goodsId: number; number: number; couponId: number | null; redPacket: number };

/**
 * Demo places an order of one goods for about `yuan` (at least `units` middle packages); with `discounts` it
 * takes the best coupon and the red packet, and the test checks that both were taken.
 */
async function placeOrder(opts: { brand?: string; yuan?: number; units?: number; discounts?: boolean; ephedrine?: boolean } = {}): Promise<Placed> {
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
  }
  const stock = await stockOf(g.id);
  const redBefore = (await wallet()).redPacket;
  const res = await demo.post('/api/order', { address_id: c.address_id, ...(discounts ? { coupon_id: c.coupon.id, use_red_packet: 1 } : { coupon_id: 0 }) });
  expect(res.body.code, res.body.message).toBe(10000);
  const made = res.body.data.orders[0] as { id: number; order_no: string; pay_amount: string };
  // Placing the order took the stock, and the coupon and red packet when asked.
  expect(await stockOf(g.id)).toBe(stock - number);
  const redPacket = redBefore - (await wallet()).redPacket;
  if (discounts) {
    expect(redPacket).toBe(fen(c.red_packet.amount));
    expect(await couponRow(c.coupon.id)).toMatchObject({ status: 1, orderId: made.id });
  }
  return { id: made.id, orderNo: made.order_no, payAmount: fen(made.pay_amount), goodsId: g.id, number, couponId: discounts ? c.coupon.id : null, redPacket };
}

async function pay(o: Placed, method: 'balance' | 'credit' | 'transfer' | 'online') {
  const res = await demo.post('/api/pay/order', { order_id: o.id, method, pay_password: DEMO_PAY_PASSWORD });
  expect(res.body.code, res.body.message).toBe(10000);
  if (method === 'online') expect((await demo.post('/api/pay/sandbox/confirm', { trade_no: res.body.data.trade_no })).body.data.paid).toBe(1);
  return res.body.data;
}

/** An order paid and shipped by the warehouse through the console. */
async function shippedOrder(opts: Parameters<typeof placeOrder>[0] = {}) {
  const o = await placeOrder(opts);
  await pay(o, 'balance');
  const shipped = await warehouse.post(`/api/admin/orders/${o.id}/ship`, { carrier: '顺丰速运', tracking_no: `SF${o.orderNo.slice(-10)}` });
  expect(shipped.body.code, shipped.body.message).toBe(10000);
  return o;
}

const buyerOrder = async (id: number) => (await demo.get(`/api/order/${id}`)).body.data;

/** The audit rows of one action on one target, oldest first. */
const auditOf = (action: string, targetType: string, targetId: number) =>
  t.db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.action, action), eq(auditLog.targetType, targetType), eq(auditLog.targetId, String(targetId))))
    .orderBy(asc(auditLog.id));

const auditCount = async (targetType: string, targetId: number) =>
  (
    await t.db
      .select({ id: auditLog.id })
      .from(auditLog)
      .where(and(eq(auditLog.targetType, targetType), eq(auditLog.targetId, String(targetId))))
  ).length;

/** The messages the buyer received about an order. */
const messagesAbout = (orderNo: string, title?: string) =>
  t.db
    .select()
    .from(messages)
    .where(and(eq(messages.userId, demoId), like(messages.content, `%${orderNo}%`), ...(title ? [eq(messages.title, title)] : [])))
    .orderBy(desc(messages.id));

/** Every instrument's ledger adds up to the balance the account holds, row by row. */
async function expectLedgerConsistent(userId: number) {
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

const PNG = Buffer.from(
  '89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c4890000000d49444154789c6300010000050001' + '0d0a2db40000000049454e44ae426082',
  'hex',
);

async function upload(a: Agent, name = '签收单.png') {
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

const refused = (res: Answer, message: string | RegExp) => {
  expect(res.status).toBe(200);
  expect(res.body.code).toBe(400);
  expect(res.body.message).toMatch(message);
};

const invalidOn = (res: Answer, field: string, message?: string | RegExp) => {
  expect(res.status).toBe(422);
  expect(res.body.code).toBe(422);
  expect(Object.keys(res.body.data.errors)).toContain(field);
  if (message) expect(res.body.data.errors[field][0]).toMatch(message);
  expect(res.body.message).toMatch(/[\u4e00-\u9fff]/);
};

// ------------------------------------------------------------------------------------------------ the tests

describe(`who may use the console's order calls on ${dbLabel}`, () => {
  /** Every order call with a body it would accept, and with none. */
  const calls = (orderId: number, afterSaleId: number) =>
    [
      ['GET', `/api/admin/orders`],
      ['GET', `/api/admin/orders/${orderId}`],
      ['POST', `/api/admin/orders/${orderId}/confirm_transfer`, { bank_ref: 'ICBC20260001' }],
      ['POST', `/api/admin/orders/${orderId}/ship`, { carrier: '顺丰速运', tracking_no: 'SF1000000001' }],
      ['POST', `/api/admin/orders/${orderId}/cancel`, { reason: '客户要求' }],
      ['POST', `/api/admin/orders/${orderId}/refund`, { reason: '客户要求' }],
      ['POST', `/api/admin/orders/${orderId}/receipt`, { accept: 1 }],
      ['GET', `/api/admin/after_sales`],
      ['POST', `/api/admin/after_sales/${afterSaleId}/decide`, { decision: 'approve' }],
      ['POST', `/api/admin/after_sales/${afterSaleId}/receive`, {}],
      ['POST', `/api/admin/after_sales/${afterSaleId}/refund`, { amount: '1.00' }],
    ] as const;

  it('answers a buyer session and a guest 401 on every call, whatever the body', async () => {
    const o = await placeOrder();
    await pay(o, 'transfer');
    const guest = agent(t.app);
    for (const who of [demo, guest]) {
      for (const [method, url, body] of calls(o.id, 1)) {
        for (const sent of method === 'GET' ? [undefined] : [body, {}, { reason: 'a\u0000b' }]) {
          const res = method === 'GET' ? await who.get(url) : await who.postJson(url, sent);
          expect(res.status, `${method} ${url} ${JSON.stringify(sent)}`).toBe(401);
          expect(res.body).toEqual({ code: 10001, message: '未登录', data: null });
        }
      }
    }
    expect((await orderRow(o.id)).status).toBe(0);
    expect(await auditCount('order', o.id)).toBe(0);
  });

  it('refuses each role what it lacks with 403 无权限, before looking at the body, and changes nothing', async () => {
    const o = await placeOrder();
    await pay(o, 'transfer');
    const forbidden = async (who: Operator, url: string, body: unknown) => {
      for (const sent of [body, {}]) {
        const res = await who.post(url, sent);
        expect(res.status, `${url} ${JSON.stringify(sent)}`).toBe(403);
        expect(res.body).toEqual({ code: 403, message: '无权限', data: null });
      }
    };
    // The warehouse ships, and may neither confirm transfers nor refund.
    await forbidden(warehouse, `/api/admin/orders/${o.id}/confirm_transfer`, { bank_ref: 'ICBC20260002', amount: yuan(o.payAmount) });
    await forbidden(warehouse, `/api/admin/orders/${o.id}/refund`, { reason: '客户要求' });
    await forbidden(warehouse, `/api/admin/orders/${o.id}/cancel`, { reason: '客户要求' });
    await forbidden(warehouse, '/api/admin/after_sales/1/refund', { amount: '1.00' });
    // Finance confirms and refunds, and does not ship.
    await forbidden(finance, `/api/admin/orders/${o.id}/ship`, { carrier: '顺丰速运', tracking_no: 'SF1000000002' });
    // Quality checks receipts, and neither refunds, ships nor confirms.
    await forbidden(qa, `/api/admin/orders/${o.id}/refund`, { reason: '客户要求' });
    await forbidden(qa, '/api/admin/after_sales/1/refund', { amount: '1.00' });
    await forbidden(qa, `/api/admin/orders/${o.id}/ship`, { carrier: '顺丰速运', tracking_no: 'SF1000000003' });
    await forbidden(qa, `/api/admin/orders/${o.id}/confirm_transfer`, { bank_ref: 'ICBC20260003' });
    await forbidden(qa, '/api/admin/after_sales/1/decide', { decision: 'approve' });
    // Operations read orders, and check no receipt.
    await forbidden(ops, `/api/admin/orders/${o.id}/receipt`, { accept: 1 });
    await forbidden(ops, `/api/admin/orders/${o.id}/cancel`, { reason: '客户要求' });
    expect(await orderRow(o.id)).toMatchObject({ status: 0, payStatus: 2, bankRef: '' });
    expect(await auditCount('order', o.id)).toBe(0);
    // Each of them may read the orders.
    for (const who of [warehouse, finance, qa, ops]) {
      const res = await who.get(`/api/admin/orders/${o.id}`);
      expect(res.body.data).toMatchObject({ id: o.id, status: 0, status_text: '待确认转账', actions: { confirm_transfer: 1, ship: 0, cancel: 1, refund: 0 } });
    }
  });
});

describe(`confirming a bank transfer on ${dbLabel}`, () => {
  it('marks the order paid once for fifty confirmations at once; the buyer sees it paid', async () => {
    const o = await placeOrder();
    const bank = await pay(o, 'transfer');
    expect(bank).toMatchObject({ waiting: 1 });
    expect((await buyerOrder(o.id)).status_text).toBe('待确认转账');
    const waiting = (await finance.get('/api/admin/orders?status=transfer')).body.data.data as { id: number }[];
    expect(waiting.map((r) => r.id)).toContain(o.id);
    // Finance finds it by the buyer's company, as the bank statement names it, and not by another buyer's.
    const [buyer] = await t.db.select({ company: users.company }).from(users).where(eq(users.id, demoId));
    const [other] = await t.db.select({ company: users.company }).from(users).where(eq(users.username, 'chain'));
    const byCompany = (company: string) => finance.get(`/api/admin/orders?status=transfer&keyword=${encodeURIComponent(company.slice(0, 6))}`);
    expect((await byCompany(buyer.company)).body.data.data.map((r: { id: number }) => r.id)).toContain(o.id);
    expect((await byCompany(other.company)).body.data.data.map((r: { id: number }) => r.id)).not.toContain(o.id);

    const body = { bank_ref: 'ICBC202604010001', amount: yuan(o.payAmount) };
    const results = await Promise.all(Array.from({ length: 50 }, () => finance.post(`/api/admin/orders/${o.id}/confirm_transfer`, body)));
    for (const r of results) expect(r.body.code, r.body.message).toBe(10000);
    expect(results[0].body.data).toMatchObject({
      status: 1,
      pay_status: 1,
      pay_method: 'transfer',
      bank_ref: 'ICBC202604010001',
      actions: { confirm_transfer: 0, ship: 1, refund: 1 },
    });

    const seen = await buyerOrder(o.id);
    expect(seen).toMatchObject({ status: 1, status_text: '待发货', pay_method: 'transfer', actions: { pay: 0, cancel: 0 } });
    expect(seen.paid_at).toEqual(expect.any(Number));
    expect(seen.timeline.map((e: { text: string }) => e.text)).toContain('转账已确认，仓库正在备货');
    expect((await demo.get(`/api/pay/status/${o.id}`)).body.data).toMatchObject({ paid: 1, pay_method: 'transfer' });

    const rows = await auditOf('order.confirm_transfer', 'order', o.id);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      operatorName: '陈静（finance）',
      permission: 'finance:confirm',
      ip: '127.0.0.1',
      before: { status: 0, pay_status: 2, bank_ref: '' },
      after: { status: 1, pay_status: 1, bank_ref: 'ICBC202604010001' },
    });
    expect(await messagesAbout(o.orderNo, '转账已确认')).toHaveLength(1);
    // The same confirmation later changes nothing either.
    expect((await finance.post(`/api/admin/orders/${o.id}/confirm_transfer`, { bank_ref: 'ICBC202604010009' })).body.data.bank_ref).toBe('ICBC202604010001');
    expect(await auditOf('order.confirm_transfer', 'order', o.id)).toHaveLength(1);
  });

  it('answers 422 on amount when the money received is not what the order asks, and writes nothing', async () => {
    const o = await placeOrder();
    await pay(o, 'transfer');
    for (const amount of [yuan(o.payAmount - 1), yuan(o.payAmount + 100)]) {
      const res = await finance.post(`/api/admin/orders/${o.id}/confirm_transfer`, { bank_ref: 'ICBC202604010002', amount });
      invalidOn(res, 'amount', `到账金额与订单应付金额¥${yuan(o.payAmount)}不符`);
    }
    invalidOn(
      await finance.post(`/api/admin/orders/${o.id}/confirm_transfer`, { bank_ref: 'ICBC202604010002', amount: '12.345' }),
      'amount',
      '到账金额须为金额，最多两位小数',
    );
    invalidOn(await finance.post(`/api/admin/orders/${o.id}/confirm_transfer`, { amount: yuan(o.payAmount) }), 'bank_ref', '请输入银行流水号');
    invalidOn(await finance.post(`/api/admin/orders/${o.id}/confirm_transfer`, { bank_ref: 'x'.repeat(65) }), 'bank_ref', '银行流水号不能超过64个字符');
    invalidOn(await finance.post(`/api/admin/orders/${o.id}/confirm_transfer`, { bank_ref: 'ICBC\u00002026' }), 'bank_ref', CONTROL_CHAR_MESSAGE);
    expect(await orderRow(o.id)).toMatchObject({ status: 0, payStatus: 2, bankRef: '', paidAt: null });
    expect(await auditCount('order', o.id)).toBe(0);
    expect(await messagesAbout(o.orderNo, '转账已确认')).toHaveLength(0);
  });

  it('refuses (code 400) an order that is not waiting for a transfer: unpaid otherwise, paid from the balance, cancelled', async () => {
    const unchosen = await placeOrder();
    const byBalance = await placeOrder();
    await pay(byBalance, 'balance');
    const cancelled = await placeOrder();
    await pay(cancelled, 'transfer');
    await demo.post(`/api/order/${cancelled.id}/cancel`, { reason: '不要了' });
    for (const o of [unchosen, byBalance, cancelled]) {
      const before = await orderRow(o.id);
      const res = await finance.post(`/api/admin/orders/${o.id}/confirm_transfer`, { bank_ref: 'ICBC202604010003' });
      refused(res, '该订单未选择对公转账或已关闭，不能确认到账');
      expect(await orderRow(o.id)).toEqual(before);
      expect(await auditCount('order', o.id)).toBe(0);
    }
  });
});

describe(`shipping on ${dbLabel}`, () => {
  it('ships a paid order once for two clicks at once; the buyer sees 已发货 with carrier and tracking number', async () => {
    const o = await placeOrder();
    await pay(o, 'balance');
    const body = { carrier: '顺丰速运', tracking_no: 'SF1234567890' };
    const results = await Promise.all(Array.from({ length: 10 }, () => warehouse.post(`/api/admin/orders/${o.id}/ship`, body)));
    for (const r of results) expect(r.body.code, r.body.message).toBe(10000);
    expect(results[0].body.data).toMatchObject({
      status: 2,
      status_text: '已发货',
      carrier: '顺丰速运',
      tracking_no: 'SF1234567890',
      actions: { ship: 0, refund: 0 },
    });

    const seen = await buyerOrder(o.id);
    expect(seen).toMatchObject({ status: 2, status_text: '已发货', carrier: '顺丰速运', tracking_no: 'SF1234567890', actions: { receive: 1, return: 1 } });
    expect(seen.timeline.map((e: { text: string }) => e.text)).toContain('已发货：顺丰速运 运单号 SF1234567890');
    const rows = await auditOf('order.ship', 'order', o.id);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      operatorName: '赵磊（warehouse）',
      permission: 'order:ship',
      ip: '127.0.0.1',
      before: { status: 1, carrier: '', tracking_no: '' },
      after: { status: 2, carrier: '顺丰速运', tracking_no: 'SF1234567890' },
    });
    expect(await messagesAbout(o.orderNo, '订单已发货')).toHaveLength(1);
  });

  it("gives the warehouse each line's approval number (批准文号) for the delivery note", async () => {
    const o = await placeOrder({ units: 2 });
    const detail = (await warehouse.get(`/api/admin/orders/${o.id}`)).body.data;
    const [row] = await t.db.select({ pzwh: goods.pzwh }).from(goods).where(eq(goods.id, o.goodsId));
    expect(row.pzwh).not.toBe('');
    expect(detail.items[0]).toMatchObject({ goods_id: o.goodsId, pzwh: row.pzwh });
  });

  it('ships with one tracking number when two are sent at once, and refuses the other', async () => {
    const o = await placeOrder();
    await pay(o, 'balance');
    const [a, b] = await Promise.all([
      warehouse.post(`/api/admin/orders/${o.id}/ship`, { carrier: '中通快递', tracking_no: 'ZT2026000001' }),
      warehouse.post(`/api/admin/orders/${o.id}/ship`, { carrier: '圆通速递', tracking_no: 'YT2026000002' }),
    ]);
    expect([a.body.code, b.body.code].sort((x, y) => x - y)).toEqual([400, 10000]);
    const won = a.body.code === 10000 ? 'ZT2026000001' : 'YT2026000002';
    expect((await buyerOrder(o.id)).tracking_no).toBe(won);
    expect(await auditOf('order.ship', 'order', o.id)).toHaveLength(1);
  });

  it('refuses to ship an unpaid or a cancelled order', async () => {
    const unpaid = await placeOrder();
    refused(await warehouse.post(`/api/admin/orders/${unpaid.id}/ship`, { carrier: '顺丰速运', tracking_no: 'SF2026000001' }), '只有待发货的订单可以发货');
    await pay(unpaid, 'transfer');
    refused(await warehouse.post(`/api/admin/orders/${unpaid.id}/ship`, { carrier: '顺丰速运', tracking_no: 'SF2026000001' }), '只有待发货的订单可以发货');
    await demo.post(`/api/order/${unpaid.id}/cancel`);
    refused(await warehouse.post(`/api/admin/orders/${unpaid.id}/ship`, { carrier: '顺丰速运', tracking_no: 'SF2026000001' }), '只有待发货的订单可以发货');
    expect(await orderRow(unpaid.id)).toMatchObject({ status: 4, carrier: '', trackingNo: '', shippedAt: null });
    expect(await auditCount('order', unpaid.id)).toBe(0);
  });

  it('answers 422 with the field for an empty carrier, an over-long or odd tracking number and a NUL byte, and ships nothing', async () => {
    const o = await placeOrder();
    await pay(o, 'balance');
    const url = `/api/admin/orders/${o.id}/ship`;
    invalidOn(await warehouse.post(url, { carrier: '', tracking_no: 'SF2026000003' }), 'carrier', '请输入物流公司');
    invalidOn(await warehouse.post(url, { carrier: '   ', tracking_no: 'SF2026000003' }), 'carrier', '请输入物流公司');
    invalidOn(await warehouse.post(url, { tracking_no: 'SF2026000003' }), 'carrier', '请输入物流公司');
    invalidOn(await warehouse.post(url, { carrier: '顺丰速运', tracking_no: 'S'.repeat(41) }), 'tracking_no', '运单号不能超过40个字符');
    invalidOn(await warehouse.post(url, { carrier: '顺丰速运', tracking_no: 'SF 2026' }), 'tracking_no', '运单号为6-40位字母、数字或横线');
    invalidOn(await warehouse.post(url, { carrier: '顺丰\u0000速运', tracking_no: 'SF2026000003' }), 'carrier', CONTROL_CHAR_MESSAGE);
    invalidOn(await warehouse.post(url, { carrier: '<b>顺丰</b>', tracking_no: 'SF2026000003' }), 'carrier');
    invalidOn(await warehouse.post(url, { carrier: 'x'.repeat(33), tracking_no: 'SF2026000003' }), 'carrier', '物流公司不能超过32个字符');
    expect(await orderRow(o.id)).toMatchObject({ status: 1, carrier: '', trackingNo: '', shippedAt: null });
    expect(await auditCount('order', o.id)).toBe(0);
    expect(await messagesAbout(o.orderNo, '订单已发货')).toHaveLength(0);
  });
});

describe(`cancelling an unpaid order on ${dbLabel}`, () => {
  it('gives back the stock, coupon and red packet it took, tells the buyer why, and is audited', async () => {
    const o = await placeOrder({ yuan: 600, discounts: true, brand: '石药' });
    const stock = await stockOf(o.goodsId);
    const red = (await wallet()).redPacket;
    const res = await finance.post(`/api/admin/orders/${o.id}/cancel`, { reason: '客户电话要求取消' });
    expect(res.body.data).toMatchObject({ status: 4, status_text: '已取消', cancel_reason: '客服取消：客户电话要求取消', actions: { cancel: 0, refund: 0 } });
    expect(await stockOf(o.goodsId)).toBe(stock + o.number);
    expect((await wallet()).redPacket).toBe(red + o.redPacket);
    expect(await couponRow(o.couponId!)).toMatchObject({ status: 0, orderId: null, orderNo: '' });
    const seen = await buyerOrder(o.id);
    expect(seen).toMatchObject({ status: 4, status_text: '已取消', cancel_reason: '客服取消：客户电话要求取消' });
    expect(seen.timeline.at(-1).text).toBe('订单已取消：客服取消：客户电话要求取消');
    expect(await messagesAbout(o.orderNo, '订单已取消')).toHaveLength(1);
    const rows = await auditOf('order.cancel', 'order', o.id);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      permission: 'order:cancel',
      before: { status: 0, cancel_reason: '' },
      after: { status: 4, cancel_reason: '客服取消：客户电话要求取消' },
    });
    // Twice gives back nothing more.
    expect((await finance.post(`/api/admin/orders/${o.id}/cancel`, { reason: '客户电话要求取消' })).body.code).toBe(10000);
    expect(await stockOf(o.goodsId)).toBe(stock + o.number);
    expect(await auditOf('order.cancel', 'order', o.id)).toHaveLength(1);
    await expectLedgerConsistent(demoId);
  });

  it('refuses a paid order (refund it instead) and a reason that is missing or holds a NUL byte', async () => {
    const o = await placeOrder();
    invalidOn(await finance.post(`/api/admin/orders/${o.id}/cancel`, {}), 'reason', '请输入原因');
    invalidOn(await finance.post(`/api/admin/orders/${o.id}/cancel`, { reason: '客户\u0000要求' }), 'reason', CONTROL_CHAR_MESSAGE);
    invalidOn(await finance.post(`/api/admin/orders/${o.id}/cancel`, { reason: '长'.repeat(91) }), 'reason', '原因不能超过90个字符');
    expect((await orderRow(o.id)).status).toBe(0);
    await pay(o, 'balance');
    refused(await finance.post(`/api/admin/orders/${o.id}/cancel`, { reason: '客户要求' }), '只有待付款的订单可以取消；已付款的订单请退款');
    expect((await orderRow(o.id)).status).toBe(1);
    expect(await auditCount('order', o.id)).toBe(0);
  });
});

describe(`the longest reason on ${dbLabel}`, () => {
  it('keeps a cancel reason of 90 characters whole on the order the buyer sees', async () => {
    const o = await placeOrder();
    const reason = '客户要求取消'.padEnd(90, '。');
    expect((await finance.post(`/api/admin/orders/${o.id}/cancel`, { reason })).body.code).toBe(10000);
    expect((await buyerOrder(o.id)).cancel_reason).toBe(`客服取消：${reason}`);
  });
});

describe(`refunding a paid order on ${dbLabel}`, () => {
  it('gives a balance payment back to the balance once for two clicks at once, with the reason in the ledger, and the stock, coupon and red packet', async () => {
    const w0 = await wallet();
    const o = await placeOrder({ yuan: 600, discounts: true, brand: '石药' });
    await pay(o, 'balance');
    const stock = await stockOf(o.goodsId);
    expect((await wallet()).balance).toBe(w0.balance - o.payAmount);

    const results = await Promise.all(Array.from({ length: 2 }, () => finance.post(`/api/admin/orders/${o.id}/refund`, { reason: '缺货无法发货' })));
    for (const r of results) expect(r.body.code, r.body.message).toBe(10000);
    expect(results[0].body.data).toMatchObject({ status: 4, amounts: { refunded_amount: yuan(o.payAmount) }, refunded_at: expect.any(Number) });

    const w1 = await wallet();
    expect(w1.balance).toBe(w0.balance);
    expect(w1.redPacket).toBe(w0.redPacket);
    expect(await stockOf(o.goodsId)).toBe(stock + o.number);
    expect(await couponRow(o.couponId!)).toMatchObject({ status: 0, orderId: null });
    const back = await t.db
      .select()
      .from(ledger)
      .where(and(eq(ledger.userId, demoId), eq(ledger.instrument, 'balance'), eq(ledger.kind, 'refund'), eq(ledger.refType, 'order'), eq(ledger.refId, o.id)));
    expect(back).toHaveLength(1);
    expect(back[0].amount).toBe(o.payAmount);
    expect(back[0].memo).toContain(o.orderNo);
    expect(back[0].memo).toContain('缺货无法发货');
    expect(back[0].memo).toContain('陈静');
    const log = (await demo.get('/api/user/user_money_log')).body.data.data as { memo?: string; remark?: string }[];
    expect(JSON.stringify(log)).toContain('缺货无法发货');
    await expectLedgerConsistent(demoId);

    const seen = await buyerOrder(o.id);
    expect(seen).toMatchObject({ status: 4, status_text: '已取消', cancel_reason: '退款：缺货无法发货' });
    expect(await messagesAbout(o.orderNo, '订单已退款')).toHaveLength(1);
    const rows = await auditOf('order.refund', 'order', o.id);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      permission: 'order:refund',
      before: { status: 1, refunded_amount: 0 },
      after: { status: 4, refunded_amount: o.payAmount },
    });
    // A refunded order is refunded no more.
    expect((await finance.post(`/api/admin/orders/${o.id}/refund`, { reason: '再退一次' })).body.code).toBe(10000);
    expect((await wallet()).balance).toBe(w0.balance);
  });

  it('forgives the credit bill of an order paid on credit: the credit is available again', async () => {
    const credit0 = (await demo.get('/api/user/user_credit')).body.data;
    const o = await placeOrder({ yuan: 800, brand: '华北制药' });
    await pay(o, 'credit');
    const used = (await demo.get('/api/user/user_credit')).body.data;
    expect(fen(used.credit_available)).toBe(fen(credit0.credit_available) - o.payAmount);
    const balance = (await wallet()).balance;

    const res = await finance.post(`/api/admin/orders/${o.id}/refund`, { reason: '客户取消采购' });
    expect(res.body.code, res.body.message).toBe(10000);
    expect(res.body.data.credit_bill).toMatchObject({ amount: '0.00', status: 1 });
    const after = (await demo.get('/api/user/user_credit')).body.data;
    expect(after.credit_available).toBe(credit0.credit_available);
    expect(after.credit_used).toBe(credit0.credit_used);
    expect((await wallet()).balance).toBe(balance);
    const [bill] = await t.db.select().from(creditBills).where(eq(creditBills.orderId, o.id));
    expect(bill).toMatchObject({ amount: 0, status: 1 });
    expect((await buyerOrder(o.id)).credit_bill).toMatchObject({ status: 1 });
    const unpaid = (await demo.get('/api/user/user_credit_list?type=1')).body.data.data as { order_id: number }[];
    expect(unpaid.map((b) => b.order_id)).not.toContain(o.id);
    const forgiven = await t.db
      .select()
      .from(ledger)
      .where(and(eq(ledger.instrument, 'credit'), eq(ledger.kind, 'refund'), eq(ledger.refId, o.id)));
    expect(forgiven.map((r) => r.amount)).toEqual([-o.payAmount]);
    expect(forgiven[0].memo).toContain('客户取消采购');
    await expectLedgerConsistent(demoId);
  });

  it('gives an online payment and a confirmed transfer back to the balance', async () => {
    for (const method of ['online', 'transfer'] as const) {
      const o = await placeOrder({ brand: '修正' });
      await pay(o, method);
      if (method === 'transfer')
        expect((await finance.post(`/api/admin/orders/${o.id}/confirm_transfer`, { bank_ref: 'CCB2026000001' })).body.data.status).toBe(1);
      expect((await orderRow(o.id)).payMethod).toBe(method);
      const before = (await wallet()).balance;
      // The longest reason still fits the ledger's memo, with the operator's name kept.
      const reason = method === 'transfer' ? '药品批号不符'.padEnd(90, '，') : '药品批号不符';
      const res = await finance.post(`/api/admin/orders/${o.id}/refund`, { reason });
      expect(res.body.code, res.body.message).toBe(10000);
      expect((await wallet()).balance, method).toBe(before + o.payAmount);
      const [row] = await t.db
        .select()
        .from(ledger)
        .where(and(eq(ledger.kind, 'refund'), eq(ledger.instrument, 'balance'), eq(ledger.refType, 'order'), eq(ledger.refId, o.id)));
      expect(row.memo).toMatch(/^订单 \d+ 退款：药品批号不符.*（经办：陈静）$/);
      expect((await buyerOrder(o.id)).cancel_reason).toBe(`退款：${reason}`);
      const seen = (await demo.get('/api/user/user_money')).body.data;
      expect(fen(seen.balance)).toBe(before + o.payAmount);
      await expectLedgerConsistent(demoId);
    }
  });

  it('refuses an unpaid order (cancel it) and a shipped one (a return instead)', async () => {
    const unpaid = await placeOrder();
    refused(await finance.post(`/api/admin/orders/${unpaid.id}/refund`, { reason: '客户要求' }), '未付款的订单请直接取消');
    const shipped = await shippedOrder();
    const balance = (await wallet()).balance;
    refused(await finance.post(`/api/admin/orders/${shipped.id}/refund`, { reason: '客户要求' }), '已发货的订单请通过退货退款处理');
    expect((await wallet()).balance).toBe(balance);
    expect(await auditOf('order.refund', 'order', shipped.id)).toHaveLength(0);
    invalidOn(await finance.post(`/api/admin/orders/${shipped.id}/refund`, { reason: '' }), 'reason', '请输入原因');
  });
});

describe(`returns and after-sales on ${dbLabel}`, () => {
  let o: Placed;
  let item: { id: number; number: number; pay_amount: string };
  const returnOf = async (number: number, kind: 'return' | 'after_sale' = 'return', reason = '包装破损') => {
    const res = await demo.post(`/api/order/${o.id}/${kind}`, { lines: [{ item_id: item.id, number }], reason });
    expect(res.body.code, res.body.message).toBe(10000);
    return res.body.data as { id: number; refund_amount: string };
  };
  const request = async (id: number) => (await demo.get(`/api/order/after_sale/${id}`)).body.data;

  beforeAll(async () => {
    o = await shippedOrder({ units: 4, brand: '同仁堂' });
    item = (await buyerOrder(o.id)).items[0];
  });

  it('rejects with the reason the buyer reads, once', async () => {
    const r = await returnOf(1);
    expect((await finance.get('/api/admin/after_sales?status=0')).body.data.data.map((a: { id: number }) => a.id)).toContain(r.id);
    invalidOn(await finance.post(`/api/admin/after_sales/${r.id}/decide`, { decision: 'reject' }), 'reply', '拒绝时请填写原因');
    invalidOn(await finance.post(`/api/admin/after_sales/${r.id}/decide`, { decision: 'maybe' }), 'decision', '请选择同意或拒绝');
    expect((await request(r.id)).status).toBe(0);
    const res = await finance.post(`/api/admin/after_sales/${r.id}/decide`, { decision: 'reject', reply: '外包装完好，不符合退货条件' });
    expect(res.body.code).toBe(10000);
    expect(await request(r.id)).toMatchObject({ status: 2, status_text: '已拒绝', reply: '外包装完好，不符合退货条件' });
    expect((await buyerOrder(o.id)).after_sales.find((a: { id: number }) => a.id === r.id)).toMatchObject({ status: 2, reply: '外包装完好，不符合退货条件' });
    const [told] = await messagesAbout(o.orderNo, '退货申请未通过');
    expect(told.content).toContain('外包装完好，不符合退货条件');
    refused(await finance.post(`/api/admin/after_sales/${r.id}/decide`, { decision: 'approve' }), '该申请已处理');
    const rows = await auditOf('after_sale.reject', 'after_sale', r.id);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      permission: 'after_sale:decide',
      before: { status: 0, reply: '' },
      after: { status: 2, reply: '外包装完好，不符合退货条件' },
    });
  });

  it('approves, receives the goods back into stock, and refunds part of a return once for two clicks, never more than its lines paid', async () => {
    const r = await returnOf(2);
    const share = fen(r.refund_amount);
    expect(share).toBe(Math.floor((fen(item.pay_amount) * 2) / item.number));
    const approved = await Promise.all([1, 2].map(() => finance.post(`/api/admin/after_sales/${r.id}/decide`, { decision: 'approve' })));
    expect(approved.map((a) => a.body.code)).toEqual([10000, 10000]);
    expect(await request(r.id)).toMatchObject({ status: 1, status_text: '已同意' });
    const listed = async () => (await finance.get('/api/admin/after_sales?status=1')).body.data.data.find((a: { id: number }) => a.id === r.id);
    expect(await listed()).toMatchObject({ refund_amount: yuan(share), refundable: yuan(share) });
    expect((await messagesAbout(o.orderNo, '退货申请已同意'))[0].content).toContain('请将商品寄回');
    expect(await auditOf('after_sale.approve', 'after_sale', r.id)).toHaveLength(1);

    const balance = (await wallet()).balance;
    refused(await finance.post(`/api/admin/after_sales/${r.id}/refund`, { amount: yuan(share) }), '请先确认收到退回的商品');
    const stock = await stockOf(o.goodsId);
    const received = await Promise.all([1, 2].map(() => finance.post(`/api/admin/after_sales/${r.id}/receive`)));
    expect(received.map((a) => a.body.code)).toEqual([10000, 10000]);
    expect(await stockOf(o.goodsId)).toBe(stock + 2);
    expect((await buyerOrder(o.id)).items[0].returned_number).toBe(2);
    const admin1 = (await finance.get(`/api/admin/orders/${o.id}`)).body.data;
    expect(admin1.after_sales.find((a: { id: number }) => a.id === r.id).received_at).toEqual(expect.any(Number));
    expect(await auditOf('after_sale.receive', 'after_sale', r.id)).toHaveLength(1);

    invalidOn(await finance.post(`/api/admin/after_sales/${r.id}/refund`, { amount: yuan(share + 1) }), 'amount', `退款金额不能超过¥${yuan(share)}`);
    invalidOn(await finance.post(`/api/admin/after_sales/${r.id}/refund`, { amount: '0' }), 'amount', '退款金额须大于0');
    invalidOn(await finance.post(`/api/admin/after_sales/${r.id}/refund`, { amount: '-1' }), 'amount', '退款金额须为金额，最多两位小数');
    invalidOn(await finance.post(`/api/admin/after_sales/${r.id}/refund`, {}), 'amount', '请输入退款金额');
    expect((await wallet()).balance).toBe(balance);

    const part = Math.floor(share / 2);
    const refunds = await Promise.all([1, 2].map(() => finance.post(`/api/admin/after_sales/${r.id}/refund`, { amount: yuan(part), reply: '按一半退款' })));
    expect(refunds.map((a) => a.body.code)).toEqual([10000, 10000]);
    expect((await wallet()).balance).toBe(balance + part);
    const rows = await t.db
      .select()
      .from(ledger)
      .where(and(eq(ledger.userId, demoId), eq(ledger.kind, 'refund'), eq(ledger.refType, 'after_sale'), eq(ledger.refId, r.id)));
    expect(rows.map((x) => x.amount)).toEqual([part]);
    expect(rows[0].memo).toContain('按一半退款');
    expect(await request(r.id)).toMatchObject({ status: 3, status_text: '已完成', refund_amount: yuan(part), reply: '按一半退款' });
    expect((await finance.get(`/api/admin/orders/${o.id}`)).body.data.after_sales.find((a: { id: number }) => a.id === r.id)).toMatchObject({
      refund_amount: yuan(part),
      refundable: '0.00',
    });
    expect((await messagesAbout(o.orderNo, '退款已到账'))[0].content).toContain(`¥${yuan(part)}`);
    const audit = await auditOf('after_sale.refund', 'after_sale', r.id);
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({
      permission: 'order:refund',
      before: { status: 1, refunded: false },
      after: { status: 3, refunded: true, refund_amount: part },
    });
    // A request refunded is not refunded again with another amount.
    refused(await finance.post(`/api/admin/after_sales/${r.id}/refund`, { amount: yuan(share) }), `该申请已退款¥${yuan(part)}`);
    expect((await wallet()).balance).toBe(balance + part);
    expect((await finance.get(`/api/admin/orders/${o.id}`)).body.data.amounts.refunded_amount).toBe(yuan(part));
    await expectLedgerConsistent(demoId);
  });

  it('refunds the rest of the order through an after-sales request, and never more than was paid', async () => {
    const paidLeft = async () => {
      const d = (await finance.get(`/api/admin/orders/${o.id}`)).body.data;
      return fen(d.amounts.pay_amount) - fen(d.amounts.refunded_amount);
    };
    const rest = await paidLeft();
    expect(rest).toBeGreaterThan(0);
    const r = await returnOf(1, 'after_sale', '部分药品效期过短，协商补偿');
    expect((await finance.post(`/api/admin/after_sales/${r.id}/decide`, { decision: 'approve', reply: '同意补偿' })).body.code).toBe(10000);
    refused(await finance.post(`/api/admin/after_sales/${r.id}/receive`), '只有已同意的退货申请可以确认收货');
    // An after-sales request may give back what the order has left.
    expect((await finance.get(`/api/admin/orders/${o.id}`)).body.data.after_sales.find((a: { id: number }) => a.id === r.id)).toMatchObject({
      refund_amount: '0.00',
      refundable: yuan(rest),
    });
    const balance = (await wallet()).balance;
    invalidOn(await finance.post(`/api/admin/after_sales/${r.id}/refund`, { amount: yuan(rest + 1) }), 'amount', `退款金额不能超过¥${yuan(rest)}`);
    expect((await finance.post(`/api/admin/after_sales/${r.id}/refund`, { amount: yuan(rest) })).body.code).toBe(10000);
    expect((await wallet()).balance).toBe(balance + rest);
    expect(await paidLeft()).toBe(0);
    expect(await request(r.id)).toMatchObject({ status: 3, refund_amount: yuan(rest) });

    // Nothing is left to give: neither another after-sales request nor a return of the units still held.
    const more = await returnOf(1, 'after_sale', '再要一点补偿');
    await finance.post(`/api/admin/after_sales/${more.id}/decide`, { decision: 'approve' });
    invalidOn(await finance.post(`/api/admin/after_sales/${more.id}/refund`, { amount: '0.01' }), 'amount', '退款金额不能超过¥0.00');
    const ret = await returnOf(1);
    expect(fen(ret.refund_amount)).toBeGreaterThan(0);
    await finance.post(`/api/admin/after_sales/${ret.id}/decide`, { decision: 'approve' });
    await finance.post(`/api/admin/after_sales/${ret.id}/receive`);
    invalidOn(await finance.post(`/api/admin/after_sales/${ret.id}/refund`, { amount: ret.refund_amount }), 'amount', '退款金额不能超过¥0.00');
    expect((await wallet()).balance).toBe(balance + rest);
    const o2 = await orderRow(o.id);
    expect(o2.refundedAmount).toBe(o2.payAmount);
    await expectLedgerConsistent(demoId);
  });

  it('gives a return of an order paid on credit back to its bill first', async () => {
    const c = await placeOrder({ units: 2, brand: '华北制药' });
    await pay(c, 'credit');
    await warehouse.post(`/api/admin/orders/${c.id}/ship`, { carrier: '京东物流', tracking_no: 'JD2026000001' });
    const line = (await buyerOrder(c.id)).items[0];
    const r = (await demo.post(`/api/order/${c.id}/return`, { lines: [{ item_id: line.id, number: 1 }], reason: '发错规格' })).body.data;
    await finance.post(`/api/admin/after_sales/${r.id}/decide`, { decision: 'approve' });
    await finance.post(`/api/admin/after_sales/${r.id}/receive`);
    const used = (await wallet()).creditUsed;
    expect((await finance.post(`/api/admin/after_sales/${r.id}/refund`, { amount: r.refund_amount })).body.code).toBe(10000);
    expect((await wallet()).creditUsed).toBe(used - fen(r.refund_amount));
    expect((await buyerOrder(c.id)).credit_bill).toMatchObject({ amount: yuan(c.payAmount - fen(r.refund_amount)), status: 0 });
    await expectLedgerConsistent(demoId);
  });
});

describe(`ephedrine receipts on ${dbLabel}`, () => {
  it('lets quality ask for the receipt again with the reason, takes the new upload as waiting, and accepts it', async () => {
    const o = await placeOrder({ ephedrine: true });
    refused(await demo.post('/api/pay/order', { order_id: o.id, method: 'balance' }), '含麻黄碱类复方制剂订单仅支持对公转账');
    await pay(o, 'transfer');
    expect((await finance.post(`/api/admin/orders/${o.id}/confirm_transfer`, { bank_ref: 'ABC2026000001', amount: yuan(o.payAmount) })).body.data.status).toBe(
      1,
    );
    refused(await qa.post(`/api/admin/orders/${o.id}/receipt`, { accept: 1 }), '该订单没有待审核的签收单');
    await warehouse.post(`/api/admin/orders/${o.id}/ship`, { carrier: '医药冷链专送', tracking_no: 'YY2026000001' });

    const first = await upload(demo);
    expect((await demo.post(`/api/order/${o.id}/receipt`, { image: first })).body.data).toMatchObject({ receipt_image: first, actions: { receipt: 0 } });
    const waiting = (await qa.get(`/api/admin/orders/${o.id}`)).body.data;
    expect(waiting).toMatchObject({ is_ephedrine: 1, has_receipt: 1, receipt_image: first, receipt_status: 0, actions: { check_receipt: 1 } });
    expect((await qa.get('/api/admin/orders?ephedrine=1')).body.data.data.map((r: { id: number }) => r.id)).toContain(o.id);

    invalidOn(await qa.post(`/api/admin/orders/${o.id}/receipt`, { accept: 0 }), 'remark', '退回时请说明原因');
    invalidOn(await qa.post(`/api/admin/orders/${o.id}/receipt`, { accept: 'yes' }), 'accept', '请选择通过或退回');
    const back = await qa.post(`/api/admin/orders/${o.id}/receipt`, { accept: 0, remark: '签收单未加盖公章' });
    expect(back.body.data).toMatchObject({ receipt_status: 2, receipt_remark: '签收单未加盖公章', receipt_image: '', actions: { check_receipt: 0 } });
    const hm = (await demo.get('/api/order/hmdd')).body.data.data.find((r: { id: number }) => r.id === o.id);
    expect(hm).toMatchObject({ receipt_image: '', actions: { receipt: 1 } });
    expect((await messagesAbout(o.orderNo, '请重新上传签收单'))[0].content).toContain('签收单未加盖公章');

    // The new upload waits for the check again, and may be asked for again.
    const second = await upload(demo);
    await demo.post(`/api/order/${o.id}/receipt`, { image: second });
    expect((await qa.get(`/api/admin/orders/${o.id}`)).body.data).toMatchObject({ receipt_image: second, receipt_status: 0, actions: { check_receipt: 1 } });
    const again = await qa.post(`/api/admin/orders/${o.id}/receipt`, { accept: 0, remark: '签字不清晰' });
    expect(again.body.data).toMatchObject({ receipt_status: 2, receipt_remark: '签字不清晰', receipt_image: '' });
    expect(await messagesAbout(o.orderNo, '请重新上传签收单')).toHaveLength(2);

    const third = await upload(demo);
    await demo.post(`/api/order/${o.id}/receipt`, { image: third });
    const accepted = await Promise.all([1, 2].map(() => qa.post(`/api/admin/orders/${o.id}/receipt`, { accept: 1, remark: '已核对' })));
    expect(accepted.map((a) => a.body.code)).toEqual([10000, 10000]);
    expect(accepted[0].body.data).toMatchObject({ receipt_status: 1, receipt_image: third, actions: { check_receipt: 0 } });
    expect(await messagesAbout(o.orderNo, '签收单已审核')).toHaveLength(1);
    // An accepted receipt stays as it was checked.
    refused(await demo.post(`/api/order/${o.id}/receipt`, { image: await upload(demo) }), '签收单已审核通过');
    expect((await orderRow(o.id)).receiptImage).toBe(third);

    const trail = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.targetType, 'order'), eq(auditLog.targetId, String(o.id)), like(auditLog.action, 'order.receipt%')))
      .orderBy(asc(auditLog.id));
    expect(trail.map((r) => r.action)).toEqual(['order.receipt_reject', 'order.receipt_reject', 'order.receipt_accept']);
    expect(trail[0]).toMatchObject({ operatorName: '王强（qa）', permission: 'receipt:check', before: { receipt_status: 0 }, after: { receipt_status: 2 } });
    expect(trail[2]).toMatchObject({ before: { receipt_status: 0 }, after: { receipt_status: 1 } });
  });

  it('refuses a receipt check of an order without goods containing ephedrine', async () => {
    const o = await shippedOrder();
    refused(await qa.post(`/api/admin/orders/${o.id}/receipt`, { accept: 1 }), '该订单没有待审核的签收单');
    refused(await demo.post(`/api/order/${o.id}/receipt`, { image: await upload(demo) }), '该订单不含麻黄碱类商品，无需回传签收单');
  });
});

describe(`missing ids and ids of another kind on ${dbLabel}`, () => {
  it('answers 404 for an order or request that does not exist, and for an order id on the request calls', async () => {
    const [{ max }] = await t.db.select({ max: sql<number>`coalesce(max(${orders.id}), 0)::int` }).from(orders);
    const missing = Number(max) + 1000;
    const orderCalls: [string, unknown][] = [
      [`/api/admin/orders/${missing}/confirm_transfer`, { bank_ref: 'ICBC2026' }],
      [`/api/admin/orders/${missing}/ship`, { carrier: '顺丰速运', tracking_no: 'SF2026000009' }],
      [`/api/admin/orders/${missing}/cancel`, { reason: '客户要求' }],
      [`/api/admin/orders/${missing}/refund`, { reason: '客户要求' }],
      [`/api/admin/orders/${missing}/receipt`, { accept: 1 }],
    ];
    const detail = await admin.get(`/api/admin/orders/${missing}`);
    expect(detail.status).toBe(404);
    expect(detail.body).toEqual({ code: 404, message: '订单不存在', data: null });
    for (const [url, body] of orderCalls) {
      const res = await admin.post(url, body);
      expect(res.status, url).toBe(404);
      expect(res.body.message).toBe('订单不存在');
    }
    // An order is not an after-sales request: an order id past every request answers 404 there.
    const o = await placeOrder();
    const [{ top }] = await t.db.select({ top: sql<number>`coalesce(max(id), 0)::int` }).from(sql`after_sales`);
    const notRequest = Math.max(o.id, Number(top) + 1);
    for (const id of [notRequest, missing]) {
      for (const [url, body] of [
        [`/api/admin/after_sales/${id}/decide`, { decision: 'approve' }],
        [`/api/admin/after_sales/${id}/receive`, {}],
        [`/api/admin/after_sales/${id}/refund`, { amount: '1.00' }],
      ] as const) {
        const res = await admin.post(url, body);
        expect(res.status, url).toBe(404);
        expect(res.body.message).toBe('售后申请不存在');
      }
    }
    expect(await auditCount('order', missing)).toBe(0);
    expect(await auditCount('after_sale', notRequest)).toBe(0);
    // An id that is no number at all is refused as input.
    invalidOn(await admin.get('/api/admin/orders/abc'), 'id', '订单ID格式不正确');
    invalidOn(await admin.post('/api/admin/after_sales/0/receive'), 'id', '售后申请ID格式不正确');
  });
});

describe(`the audit trail on ${dbLabel}`, () => {
  it('shows an order’s every console write with operator, permission, before and after, and address', async () => {
    const o = await placeOrder();
    await pay(o, 'transfer');
    await finance.post(`/api/admin/orders/${o.id}/confirm_transfer`, { bank_ref: 'BOC2026000001' });
    await warehouse.post(`/api/admin/orders/${o.id}/ship`, { carrier: '德邦快递', tracking_no: 'DB2026000001' });
    const log = (await admin.get(`/api/admin/audit?target=order:${o.id}`)).body.data.data as {
      action: string;
      operator_name: string;
      permission: string;
      before: Record<string, unknown>;
      after: Record<string, unknown>;
      ip: string;
    }[];
    expect(log.map((e) => e.action)).toEqual(['order.ship', 'order.confirm_transfer']);
    expect(log[0]).toMatchObject({
      operator_name: '赵磊（warehouse）',
      permission: 'order:ship',
      ip: '127.0.0.1',
      before: { status: 1 },
      after: { status: 2, tracking_no: 'DB2026000001' },
    });
    expect(log[1]).toMatchObject({
      operator_name: '陈静（finance）',
      permission: 'finance:confirm',
      before: { status: 0 },
      after: { status: 1, bank_ref: 'BOC2026000001' },
    });
    // Only the fields that changed are kept.
    expect(Object.keys(log[0].after).sort()).toEqual(['carrier', 'status', 'tracking_no']);
  });
});

describe(`the buyer's uploads in the console on ${dbLabel}`, () => {
  const open = (url: string, cookie: string) => t.app.inject({ method: 'GET', url, headers: cookie ? { cookie } : {} });

  it('opens a buyer’s receipt or licence file to operators who read orders or customers, and to nobody else', async () => {
    const url = await upload(demo, '营业执照.png');
    expect((await open(url, demo.cookie)).statusCode).toBe(200);
    for (const who of [qa, warehouse, finance, ops]) {
      const res = await open(url, who.cookie);
      expect(res.statusCode).toBe(200);
      expect(res.rawPayload.equals(PNG)).toBe(true);
      expect(res.headers['cache-control']).toBe('private, max-age=3600');
    }
    // A guest, another buyer, and an operator who may read neither orders nor customers see nothing.
    const chain = await loginAs(t.app, 'chain');
    const [template] = await t.db.select().from(operators).where(eq(operators.username, 'ops'));
    await t.db.insert(operators).values({ username: 'content1', name: '钱多', passwordHash: template.passwordHash, roles: [] });
    const bare = await operatorLogin('content1');
    for (const cookie of ['', chain.cookie, bare.cookie, 'yct_admin=forged-token']) {
      const res = await open(url, cookie);
      expect(res.statusCode, cookie).toBe(404);
      expect(res.json()).toMatchObject({ code: 404 });
    }
    // An operator's session that is over opens nothing.
    const gone = await operatorLogin('warehouse');
    await t.app.inject({ method: 'DELETE', url: '/api/admin/logout', headers: { cookie: gone.cookie, 'x-requested-with': 'XMLHttpRequest' } });
    expect((await open(url, gone.cookie)).statusCode).toBe(404);
  });
});
