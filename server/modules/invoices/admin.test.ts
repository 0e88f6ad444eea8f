/**
 * 财务 › 电子发票 as finance uses it: only `finance:invoice` may, the list with its filters, 立即开票 of a paid order
 * (once, however often it is posted), 红冲 (once) and issuing again, a refund before shipping reversing what was
 * issued, the PDF, and an audit row for each write that changed something.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, asc, count, eq } from 'drizzle-orm';
import { PDFParse } from 'pdf-parse';
import { okOf } from '../../../core/schemas/envelope.js';
import { z } from 'zod';
import { AdminInvoicePage, UninvoicedOrder } from '../../../core/schemas/invoices.js';
import { OrderStatus } from '../../../core/status.js';
import { auditLog, invoices, messages, orders, users, wallets } from '../../db/schema/index.js';
import { undeclared } from '../../http/serializer.js';
import { agent, buildTestApp, checkedOutOne, dbLabel, DEMO_PAY_PASSWORD, loginAs, operatorLogin, type TestApp } from '../../testing.js';

let t: TestApp;
let finance: Awaited<ReturnType<typeof operatorLogin>>;
let admin: Awaited<ReturnType<typeof operatorLogin>>;
let warehouse: Awaited<ReturnType<typeof operatorLogin>>;
let ops: Awaited<ReturnType<typeof operatorLogin>>;
let buyer: ReturnType<typeof agent>;
let buyerId: number;

beforeAll(async () => {
  t = await buildTestApp({ goods: 300, config: { RATE_LIMIT_FACTOR: 100 } });
  [finance, admin, warehouse, ops] = await Promise.all(['finance', 'admin', 'warehouse', 'ops'].map((u) => operatorLogin(t.app, u)));
  buyer = await loginAs(t.app, 'chain');
  [{ id: buyerId }] = await t.db.select({ id: users.id }).from(users).where(eq(users.username, 'chain'));
  await t.db.update(wallets).set({ balance: 10_000_000 }).where(eq(wallets.userId, buyerId));
});
afterAll(async () => t?.close());

const audits = async (action: string) => (await t.db.select({ n: count() }).from(auditLog).where(eq(auditLog.action, action)))[0].n;
const invoicesOf = (orderId: number) => t.db.select().from(invoices).where(eq(invoices.orderId, orderId)).orderBy(asc(invoices.id));
const orderRow = async (id: number) => (await t.db.select().from(orders).where(eq(orders.id, id)))[0];

/** Places an order of one goods, not paid yet, for the chain buyer unless another is named. */
async function unpaidOrder(who = { agent: buyer, id: buyerId }) {
  const placed = await who.agent.post('/api/order', { address_id: await checkedOutOne(t, who.agent, who.id, 3), coupon_id: 0 });
  return orderRow(placed.body.data.orders[0].id as number);
}

/** Places an order as `unpaidOrder` does and pays it from the balance. */
async function order(who = { agent: buyer, id: buyerId }) {
  const { id } = await unpaidOrder(who);
  const paid = await who.agent.post('/api/pay/order', { order_id: id, method: 'balance', pay_password: DEMO_PAY_PASSWORD });
  expect(paid.body.code).toBe(10000);
  expect(paid.body.data.paid).toBe(1);
  return orderRow(id);
}

async function pdfText(file: Buffer) {
  const parser = new PDFParse({ data: new Uint8Array(file) });
  try {
    return (await parser.getText()).text.replace(/\s+/g, '');
  } finally {
    await parser.destroy();
  }
}

describe(`the console's invoices on ${dbLabel}`, () => {
  it('lets only finance:invoice in', async () => {
    expect((await agent(t.app).get('/api/admin/invoices')).status).toBe(401);
    expect((await buyer.get('/api/admin/invoices')).status).toBe(401);
    for (const who of [warehouse, ops]) {
      expect((await who.get('/api/admin/invoices')).status).toBe(403);
      expect((await who.post('/api/admin/invoices/issue', { order_no: '20260101000000123456' })).status).toBe(403);
      expect((await who.post('/api/admin/invoices/1/reverse', { reason: '抬头有误' })).status).toBe(403);
      expect((await who.get('/api/admin/invoices/1/pdf')).status).toBe(403);
    }
    expect((await admin.get('/api/admin/invoices')).status).toBe(200);
    expect(await audits('invoice.issue')).toBe(0);
  });

  it('lists the seeded invoice with its buyer and lines, and filters by status, kind, keyword and day', async () => {
    const res = await finance.get('/api/admin/invoices');
    expect(undeclared(res.body, okOf(AdminInvoicePage).parse(res.body))).toEqual([]);
    const seeded = res.body.data.data.find((i: { buyer: { username: string } }) => i.buyer.username === 'demo');
    expect(seeded).toMatchObject({ kind: 'blue', status: 1, issued_by: '系统', title: { company: '杭州仁和大药房有限公司' } });
    expect(seeded.lines.length).toBeGreaterThan(0);
    const count = async (q: string) => (await finance.get(`/api/admin/invoices?${q}`)).body.data.total as number;
    expect(await count(`order_no=${seeded.invoice_no}`)).toBe(1);
    expect(await count(`order_no=${seeded.order_no.slice(-8)}`)).toBe(1);
    expect(await count(`buyer=${encodeURIComponent('仁和大药房')}`)).toBeGreaterThanOrEqual(1);
    expect(await count(`buyer=demo&order_no=${seeded.order_no}`)).toBe(1);
    expect(await count(`buyer=chain&order_no=${seeded.order_no}`)).toBe(0);
    expect(await count(`buyer=${encodeURIComponent('没有这家公司')}`)).toBe(0);
    expect(await count('status=1&kind=blue')).toBeGreaterThanOrEqual(1);
    expect(await count('kind=red')).toBe(0);
    const day = new Date(seeded.issued_at * 1000 + 8 * 3_600_000).toISOString().slice(0, 10);
    expect(await count(`date_from=${day}&date_to=${day}&order_no=${seeded.invoice_no}`)).toBe(1);
    expect(await count(`date_from=2020-01-01&date_to=2020-01-02`)).toBe(0);
    const bad = await finance.get('/api/admin/invoices?date_from=2026-13-40&kind=green');
    expect(bad.status).toBe(422);
    expect(Object.keys(bad.body.data.errors).sort()).toEqual(['date_from', 'kind']);
  });

  it('offers the paid orders with no invoice in force, completed first, saying which have a title', async () => {
    const uninvoiced = async (q = '') => {
      const res = await finance.get(`/api/admin/invoices/uninvoiced${q}`);
      expect(res.status).toBe(200);
      expect(undeclared(res.body, okOf(z.array(UninvoicedOrder)).parse(res.body))).toEqual([]);
      return res.body.data as UninvoicedOrder[];
    };
    // A completed order with no invoice in force (as once its invoice is reversed), placed before a paid one not completed yet.
    const completed = await order();
    await t.db.update(orders).set({ status: OrderStatus.done }).where(eq(orders.id, completed.id));
    const fresh = await order();
    const seeded = (await finance.get('/api/admin/invoices?buyer=demo')).body.data.data[0];
    const all = await uninvoiced();
    expect(all.length).toBeGreaterThan(0);
    expect(all.map((o) => o.order_id)).not.toContain(seeded.order_id);
    expect(all.every((o) => [1, 2, 3].includes(o.status))).toBe(true);
    // Completed orders first: none comes after one that is not, the older completed one before the newer paid one.
    const done = all.map((o) => o.status === OrderStatus.done);
    expect(done).toEqual([...done].sort((x, y) => Number(y) - Number(x)));
    const listed = all.map((o) => o.order_id);
    expect(listed).toContain(fresh.id);
    expect(listed.indexOf(completed.id)).toBe(0);
    const demoOrders = await uninvoiced('?keyword=demo');
    expect(demoOrders.length).toBeGreaterThan(0);
    expect(demoOrders.every((o) => o.buyer.username === 'demo' && o.has_title === 1)).toBe(true);
    const unpaid = await unpaidOrder();
    expect((await uninvoiced(`?keyword=${unpaid.orderNo}`)).map((o) => o.order_id)).toEqual([]);
    expect(await uninvoiced(`?keyword=${fresh.orderNo}`)).toEqual([
      expect.objectContaining({ order_id: fresh.id, status: 1, status_text: '待发货', amount: (fresh.payAmount / 100).toFixed(2), has_title: 0 }),
    ]);
    await buyer.post(`/api/order/${unpaid.id}/cancel`, { reason: '不需要了' });
    expect((await ops.get('/api/admin/invoices/uninvoiced')).status).toBe(403);
  });

  it('issues a paid order now, once however often it is posted at once, with one audit row, and completion issues no other', async () => {
    await buyer.post('/api/invoice/title', { company: '浙江康泰连锁药业有限公司', tax_no: '91330000MA27U0XX5K' });
    const o = await order();
    const [a, b] = await Promise.all([
      finance.post('/api/admin/invoices/issue', { order_no: o.orderNo }),
      finance.post('/api/admin/invoices/issue', { order_no: o.orderNo }),
    ]);
    expect([a.body.code, b.body.code]).toEqual([10000, 10000]);
    expect(a.body.data.invoice_no).toBe(b.body.data.invoice_no);
    expect(a.body.data).toMatchObject({
      kind: 'blue',
      status: 1,
      order_no: o.orderNo,
      issued_by: expect.stringContaining('finance'),
      buyer: { username: 'chain' },
    });
    expect(await invoicesOf(o.id)).toHaveLength(1);
    expect(await audits('invoice.issue')).toBe(1);
    const [row] = await t.db.select().from(auditLog).where(eq(auditLog.action, 'invoice.issue'));
    expect(row).toMatchObject({ permission: 'finance:invoice', targetType: 'invoice', targetId: String(a.body.data.id) });
    expect(row.after).toMatchObject({ order_no: o.orderNo, invoice_no: a.body.data.invoice_no, amount: a.body.data.amount });

    await warehouse.post(`/api/admin/orders/${o.id}/ship`, { carrier: '顺丰速运', tracking_no: `SF${String(o.id).padStart(10, '0')}` });
    expect((await buyer.post(`/api/order/${o.id}/receive`)).body.code).toBe(10000);
    expect(await invoicesOf(o.id)).toHaveLength(1);
  });

  it('refuses what cannot be issued, on its field or with the reason, and writes nothing', async () => {
    const before = (await t.db.select({ n: count() }).from(invoices))[0].n;
    const unknown = await finance.post('/api/admin/invoices/issue', { order_no: '20990101000000000000' });
    expect(unknown.status).toBe(422);
    expect(unknown.body.data.errors.order_no).toEqual(['订单不存在，请核对订单号']);
    const malformed = await finance.post('/api/admin/invoices/issue', { order_no: '<x>' });
    expect(malformed.status).toBe(422);
    const unpaid = await unpaidOrder();
    expect((await finance.post('/api/admin/invoices/issue', { order_no: unpaid.orderNo })).body).toMatchObject({
      code: 400,
      message: '订单尚未付款，付款后才能开票',
    });
    await buyer.post(`/api/order/${unpaid.id}/cancel`, { reason: '不需要了' });
    expect((await finance.post('/api/admin/invoices/issue', { order_no: unpaid.orderNo })).body).toMatchObject({ code: 400, message: '订单已取消，不能开票' });
    const [{ id: storeId }] = await t.db.select({ id: users.id }).from(users).where(eq(users.username, 'chain-b'));
    await t.db.update(wallets).set({ balance: 1_000_000 }).where(eq(wallets.userId, storeId));
    const untitled = await order({ agent: await loginAs(t.app, 'chain-b'), id: storeId });
    expect((await finance.post('/api/admin/invoices/issue', { order_no: untitled.orderNo })).body).toMatchObject({
      code: 400,
      message: '该客户尚未添加发票抬头，请提醒客户在“电子发票”页添加抬头后再开票',
    });
    expect((await t.db.select({ n: count() }).from(invoices))[0].n).toBe(before);
    expect(await audits('invoice.issue')).toBe(1);
  });

  it('reverses an issued invoice once however often it is posted at once, tells the buyer, and lets it be issued again', async () => {
    const o = await order();
    const blue = (await finance.post('/api/admin/invoices/issue', { order_no: o.orderNo })).body.data;
    const [a, b] = await Promise.all([
      finance.post(`/api/admin/invoices/${blue.id}/reverse`, { reason: '抬头有误，重开' }),
      finance.post(`/api/admin/invoices/${blue.id}/reverse`, { reason: '抬头有误，重开' }),
    ]);
    expect([a.body.code, b.body.code]).toEqual([10000, 10000]);
    expect(a.body.data).toMatchObject({ kind: 'red', status: 1, amount: `-${blue.amount}`, reverses_no: blue.invoice_no });
    expect(b.body.data.id).toBe(a.body.data.id);
    const rows = await invoicesOf(o.id);
    expect(rows.map((r) => [r.kind, r.status])).toEqual([
      ['blue', 2],
      ['red', 1],
    ]);
    expect(await audits('invoice.reverse')).toBe(1);
    const [row] = await t.db.select().from(auditLog).where(eq(auditLog.action, 'invoice.reverse'));
    expect(row).toMatchObject({
      targetId: String(blue.id),
      before: { status: 1 },
      after: { status: 2, reason: '抬头有误，重开', red_invoice_no: a.body.data.invoice_no },
    });
    const told = await t.db
      .select()
      .from(messages)
      .where(and(eq(messages.userId, buyerId), eq(messages.title, '电子发票已红冲')));
    expect(told.map((m) => m.content).join()).toContain('抬头有误，重开');

    expect((await finance.post(`/api/admin/invoices/${a.body.data.id}/reverse`, { reason: '再冲' })).body).toMatchObject({
      code: 400,
      message: '红字发票不能再红冲',
    });
    expect((await finance.post(`/api/admin/invoices/${blue.id}/reverse`, { reason: '' })).status).toBe(422);
    expect((await finance.post('/api/admin/invoices/99999999/reverse', { reason: '抬头有误' })).status).toBe(404);

    const again = (await finance.post('/api/admin/invoices/issue', { order_no: o.orderNo })).body.data;
    expect(again).toMatchObject({ kind: 'blue', status: 1, amount: blue.amount });
    expect(again.invoice_no).not.toBe(blue.invoice_no);
    expect(await audits('invoice.issue')).toBe(3);
  });

  it('reverses what was issued when an order is refunded before shipping, with no invoice after it', async () => {
    const o = await order();
    const blue = (await finance.post('/api/admin/invoices/issue', { order_no: o.orderNo })).body.data;
    expect((await finance.post(`/api/admin/orders/${o.id}/refund`, { reason: '客户取消采购' })).body.code).toBe(10000);
    const rows = await invoicesOf(o.id);
    expect(rows.map((r) => [r.kind, r.status, r.amount])).toEqual([
      ['blue', 2, Number(blue.amount) * 100],
      ['red', 1, -Number(blue.amount) * 100],
    ]);
    expect((await finance.post('/api/admin/invoices/issue', { order_no: o.orderNo })).body).toMatchObject({ code: 400, message: '订单已取消，不能开票' });
  });

  it('downloads the PDF of an issued invoice, and refuses a waiting one', async () => {
    const list = (await finance.get('/api/admin/invoices?kind=red')).body.data.data;
    const red = list[0];
    const res = await finance.get(`/api/admin/invoices/${red.id}/pdf`);
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.raw.subarray(0, 5).toString()).toBe('%PDF-');
    const text = await pdfText(res.raw);
    expect(text).toContain('浙江康泰连锁药业有限公司');
    expect(text).toContain(red.reverses_no);
    expect(text).toContain(red.amount_words);
    expect((await finance.get('/api/admin/invoices/99999999/pdf')).status).toBe(404);
    const [waiting] = await t.db.insert(invoices).values({ userId: buyerId, orderId: red.order_id, orderNo: red.order_no, status: 0 }).returning();
    const refused = await finance.get(`/api/admin/invoices/${waiting.id}/pdf`);
    expect(refused.body).toMatchObject({ code: 400, message: '发票尚未开具，请先选择发票抬头' });
    await t.db.delete(invoices).where(eq(invoices.id, waiting.id));
  });
});
