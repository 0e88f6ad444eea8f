/**
 * The tax on an invoice as a buyer's bookkeeper reads it: the seller's 纳税人识别号, each line's 税收分类, 税率 and
 * 税额 (drugs 13%, 中药饮片 9%), 金额 and 税额 adding up to the fen to what was paid; and 开票设置 as finance keeps
 * it: only `finance:invoice` may, bad input answers 422 in Chinese, each change is audited, and a new rate
 * applies to invoices issued afterwards while an issued invoice keeps its own.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, asc, desc, eq, gt, inArray } from 'drizzle-orm';
import { PDFParse } from 'pdf-parse';
import { formatMoney } from '../../../core/money.js';
import { InvoiceDetail, InvoiceSettings } from '../../../core/schemas/invoices.js';
import { okOf } from '../../../core/schemas/envelope.js';
import { auditLog, cartItems, goods, invoices, users, wallets } from '../../db/schema/index.js';
import { agent, buildTestApp, dbLabel, DEMO_PAY_PASSWORD, loginAs, operatorLogin, type TestApp } from '../../testing.js';

let t: TestApp;
let finance: Awaited<ReturnType<typeof operatorLogin>>;
let warehouse: Awaited<ReturnType<typeof operatorLogin>>;
let ops: Awaited<ReturnType<typeof operatorLogin>>;
let buyer: ReturnType<typeof agent>;
let buyerId: number;

const SELLER_TAX_NO = '91330106MA2H4R7K3X';

beforeAll(async () => {
  t = await buildTestApp({ goods: 300, config: { RATE_LIMIT_FACTOR: 100 } });
  [finance, warehouse, ops] = await Promise.all(['finance', 'warehouse', 'ops'].map((u) => operatorLogin(t.app, u)));
  buyer = await loginAs(t.app, 'demo');
  [{ id: buyerId }] = await t.db.select({ id: users.id }).from(users).where(eq(users.username, 'demo'));
  await t.db.update(wallets).set({ balance: 10_000_000 }).where(eq(wallets.userId, buyerId));
});
afterAll(async () => t?.close());

async function pdfText(file: Buffer) {
  const parser = new PDFParse({ data: new Uint8Array(file) });
  try {
    return (await parser.getText()).text.replace(/\s+/g, '');
  } finally {
    await parser.destroy();
  }
}

/** A buyable goods of this 处方分类, with stock, in no promotion's way. */
async function goodsOf(cfl: string) {
  const [g] = await t.db
    .select({ id: goods.id, zbz: goods.zbz, name: goods.name })
    .from(goods)
    .where(
      and(
        eq(goods.cfl, cfl),
        eq(goods.isBuy, true),
        eq(goods.isOnSale, true),
        eq(goods.isKx, false),
        eq(goods.isEphedrine, false),
        eq(goods.type, 0),
        gt(goods.number, 1000),
      ),
    )
    .orderBy(asc(goods.id))
    .limit(1);
  expect(g, `a ${cfl} goods to buy`).toBeTruthy();
  return g;
}

/** demo buys these goods (`units` middle packages of each), pays from the balance, gets them and confirms: 已完成. */
async function completedOrder(picks: { id: number; zbz: number }[], units = 1) {
  await t.db.delete(cartItems).where(eq(cartItems.userId, buyerId));
  const added = await buyer.post('/api/cart', { params: picks.map((g) => ({ goods_id: g.id, number: g.zbz * units })) });
  expect(added.body.code, added.body.message).toBe(10000);
  const ids = ((await buyer.get('/api/cart/list')).body.data.list as { id: number }[]).map((l) => l.id);
  await buyer.post('/api/cart/checkout', { ids });
  const confirm = (await buyer.get('/api/cart/confirm?coupon_id=0')).body.data;
  const placed = await buyer.post('/api/order', { address_id: confirm.address_id, coupon_id: 0 });
  expect(placed.body.code, placed.body.message).toBe(10000);
  const id = placed.body.data.orders[0].id as number;
  expect((await buyer.post('/api/pay/order', { order_id: id, method: 'balance', pay_password: DEMO_PAY_PASSWORD })).body.code).toBe(10000);
  expect((await warehouse.post(`/api/admin/orders/${id}/ship`, { carrier: '顺丰速运', tracking_no: `SF${String(id).padStart(10, '0')}` })).body.code).toBe(
    10000,
  );
  expect((await buyer.post(`/api/order/${id}/receive`)).body.code).toBe(10000);
  const [invoice] = await t.db
    .select()
    .from(invoices)
    .where(and(eq(invoices.orderId, id), eq(invoices.kind, 'blue')));
  expect(invoice.status).toBe(1);
  const order = (await buyer.get(`/api/order/${id}`)).body.data;
  return { invoice, paid: Math.round(Number(order.pay_amount) * 100) };
}

async function pdfOf(id: number) {
  const res = await t.app.inject({ method: 'GET', url: `/api/invoice/${id}/pdf`, headers: { cookie: buyer.cookie } });
  expect(res.statusCode).toBe(200);
  return pdfText(res.rawPayload);
}

const yuan = (fen: number) => formatMoney(fen).replace('¥-', '-¥');
const settingsOf = async (who = finance) => okOf(InvoiceSettings).parse((await who.get('/api/admin/invoices/settings')).body).data;

describe(`the tax on an invoice on ${dbLabel}`, () => {
  it("prints the seller's 纳税人识别号, each line's 税收分类, 税率 and 税额, and 金额 and 税额 that add up to what was paid", async () => {
    const drug = await goodsOf('处方药');
    const herb = await goodsOf('中药饮片');
    const { invoice, paid } = await completedOrder([drug, herb], 3);
    const lines = invoice.lines;
    const net = lines.reduce((s, l) => s + l.net!, 0);
    const tax = lines.reduce((s, l) => s + l.tax!, 0);
    expect(net + tax).toBe(paid);
    expect(invoice.amount).toBe(paid);
    const herbLine = lines.find((l) => l.name === herb.name)!;
    const drugLine = lines.find((l) => l.name === drug.name)!;
    expect(herbLine).toMatchObject({ category: '中药饮片', rate: 9 });
    expect(drugLine.rate).toBe(13);
    expect(['化学药品制剂', '中成药']).toContain(drugLine.category);
    for (const l of lines) {
      expect(l.net! + l.tax!).toBe(l.amount);
      // Within a fen of the exact tax in the price.
      expect(Math.abs(l.tax! - (l.amount * l.rate!) / (100 + l.rate!))).toBeLessThan(1);
    }
    // Each rate's tax is its lines' total's tax, to the fen.
    for (const rate of [9, 13]) {
      const of = lines.filter((l) => l.rate === rate);
      const total = of.reduce((s, l) => s + l.amount, 0);
      expect(of.reduce((s, l) => s + l.tax!, 0)).toBe(Math.round((total * rate) / (100 + rate)));
    }

    // The detail the buyer opens says the same.
    const detail = okOf(InvoiceDetail).parse((await buyer.get(`/api/invoice/${invoice.id}`)).body).data;
    expect(detail).toMatchObject({ net_amount: (net / 100).toFixed(2), tax_amount: (tax / 100).toFixed(2) });
    expect(detail.lines.find((l) => l.name === herb.name)).toMatchObject({
      item_name: `*中药饮片*${herb.name}`,
      rate: 9,
      net_amount: (herbLine.net! / 100).toFixed(2),
      tax_amount: (herbLine.tax! / 100).toFixed(2),
    });

    const text = await pdfOf(invoice.id);
    expect(text).toContain(`统一社会信用代码/纳税人识别号：${SELLER_TAX_NO}`);
    expect(text).toContain('金额税率/征收率税额');
    expect(text).toContain(`*中药饮片*${herb.name}`);
    expect(text).toContain(`*${drugLine.category}*${drug.name}`);
    // A line: ... 金额, rate, 税额.
    expect(text).toContain(`${(herbLine.net! / 100).toFixed(2)}9%${(herbLine.tax! / 100).toFixed(2)}`);
    expect(text).toContain(`${(drugLine.net! / 100).toFixed(2)}13%${(drugLine.tax! / 100).toFixed(2)}`);
    expect(text).toContain(`合计${yuan(net)}${yuan(tax)}`);
    expect(text).toContain(`（小写）${yuan(paid)}`);
  });
});

describe(`开票设置 on ${dbLabel}`, () => {
  it('lets only finance:invoice read and change the rates, and answers bad input with 422 in Chinese', async () => {
    expect(await settingsOf()).toEqual({
      seller: '浙江药采通医药科技有限公司',
      seller_tax_no: SELLER_TAX_NO,
      rate_drug: 13,
      rate_tcm_pieces: 9,
      rate_device: 13,
      rate_health_food: 13,
    });
    expect((await ops.get('/api/admin/invoices/settings')).status).toBe(403);
    const body = { ...(await settingsOf()), rate_tcm_pieces: 13 };
    expect((await ops.post('/api/admin/invoices/settings', body)).status).toBe(403);

    const bad = await finance.post('/api/admin/invoices/settings', { ...body, seller_tax_no: '123', rate_device: 8, rate_drug: '' });
    expect(bad.status).toBe(422);
    expect(bad.body.data.errors).toMatchObject({
      seller_tax_no: ['纳税人识别号须为15-20位数字或大写字母'],
      rate_device: ['医疗器械的税率须为13%、9%、6%、5%、3%、1%、0%之一'],
      rate_drug: [expect.stringContaining('药品的税率')],
    });
    expect((await settingsOf()).rate_tcm_pieces).toBe(9);
  });

  it('applies a new rate to invoices issued afterwards, keeps issued ones as they were, and audits the change once', async () => {
    const herb = await goodsOf('中药饮片');
    const before = await completedOrder([herb]);
    const current = await settingsOf();

    const saved = await finance.post('/api/admin/invoices/settings', { ...current, rate_tcm_pieces: '13', seller_tax_no: '91330106ma2h4r7k3y' });
    expect(saved.body.code, saved.body.message).toBe(10000);
    expect(saved.body.data).toMatchObject({ rate_tcm_pieces: 13, seller_tax_no: '91330106MA2H4R7K3Y' });
    // The same post again changes nothing and writes no row.
    await finance.post('/api/admin/invoices/settings', { ...current, rate_tcm_pieces: 13, seller_tax_no: '91330106MA2H4R7K3Y' });
    const audits = await t.db.select().from(auditLog).where(eq(auditLog.action, 'invoice.settings')).orderBy(desc(auditLog.id));
    expect(audits).toHaveLength(1);
    expect(audits[0]).toMatchObject({
      permission: 'finance:invoice',
      targetType: 'invoice_settings',
      before: { rate_tcm_pieces: 9, seller_tax_no: SELLER_TAX_NO },
      after: { rate_tcm_pieces: 13, seller_tax_no: '91330106MA2H4R7K3Y' },
    });

    const after = await completedOrder([herb]);
    expect(after.invoice.lines.find((l) => l.name === herb.name)).toMatchObject({ rate: 13 });
    expect(await pdfOf(after.invoice.id)).toContain('91330106MA2H4R7K3Y');
    const [kept] = await t.db
      .select()
      .from(invoices)
      .where(inArray(invoices.id, [before.invoice.id]));
    expect(kept.lines.find((l) => l.name === herb.name)).toMatchObject({ rate: 9 });
    const old = await pdfOf(before.invoice.id);
    expect(old).toContain(SELLER_TAX_NO);
    expect(old).toContain('9%');
    expect(old).not.toContain('91330106MA2H4R7K3Y');
    await finance.post('/api/admin/invoices/settings', current);
  });
});
