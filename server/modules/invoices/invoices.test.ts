/**
 * 电子发票 as a buyer meets it: invoice titles kept with a default, an order's blue invoice issued in the
 * transaction that completes it (确认收货, or the sweeper 15 days after shipping) with the title the order asked
 * for or the default one, waiting as 待开票 for a buyer with none until they choose one, refunds of a completed
 * order reversing it with a red invoice and issuing one for what is left, and the PDF whose text says who bought,
 * how much, and how much in Chinese capitals. Another account's ids answer 404, guests 401, bad titles 422.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, asc, count, eq, gt } from 'drizzle-orm';
import { PDFParse } from 'pdf-parse';
import { amountInWords } from '../../../core/amount-words.js';
import { okOf } from '../../../core/schemas/envelope.js';
import { InvoiceDetail, InvoicePage, InvoiceTitle } from '../../../core/schemas/invoices.js';
import { cartItems, goods, invoices, invoiceTitles, messages, orders, users, wallets } from '../../db/schema/index.js';
import { undeclared } from '../../http/serializer.js';
import { agent, buildTestApp, dbLabel, DEMO_PAY_PASSWORD, loginAs, operatorLogin, type TestApp } from '../../testing.js';
import { completeShippedOrders } from '../orders/lifecycle.js';

let t: TestApp;
let demo: ReturnType<typeof agent>;
let chain: ReturnType<typeof agent>;
let storeA: ReturnType<typeof agent>;
let chainId: number;
let storeAId: number;
let warehouse: Awaited<ReturnType<typeof operatorLogin>>;
let finance: Awaited<ReturnType<typeof operatorLogin>>;

const fen = (yuan: string) => Math.round(Number(yuan) * 100);
const userId = async (username: string) => (await t.db.select({ id: users.id }).from(users).where(eq(users.username, username)))[0].id;

beforeAll(async () => {
  t = await buildTestApp({ goods: 300, config: { RATE_LIMIT_FACTOR: 100 } });
  [demo, chain, storeA] = await Promise.all([loginAs(t.app, 'demo'), loginAs(t.app, 'chain'), loginAs(t.app, 'chain-a')]);
  [warehouse, finance] = await Promise.all([operatorLogin(t.app, 'warehouse'), operatorLogin(t.app, 'finance')]);
  [chainId, storeAId] = await Promise.all([userId('chain'), userId('chain-a')]);
  for (const id of [chainId, storeAId]) await t.db.update(wallets).set({ balance: 10_000_000 }).where(eq(wallets.userId, id));
});
afterAll(async () => t?.close());

/** The text of a PDF, as a reader that copies it out would get it. */
async function pdfText(file: Buffer) {
  const parser = new PDFParse({ data: new Uint8Array(file) });
  try {
    return (await parser.getText()).text;
  } finally {
    await parser.destroy();
  }
}

/** GET of a file with the buyer's session: the status, headers and bytes. */
async function download(who: ReturnType<typeof agent>, url: string) {
  const res = await t.app.inject({ method: 'GET', url, headers: { cookie: who.cookie } });
  return {
    status: res.statusCode,
    type: String(res.headers['content-type']),
    disposition: String(res.headers['content-disposition'] ?? ''),
    raw: res.rawPayload,
  };
}

/** Buyable goods for a test order: plain ones with stock, none in a promotion's way. */
async function someGoods(n: number) {
  return t.db
    .select({ id: goods.id, zbz: goods.zbz })
    .from(goods)
    .where(and(eq(goods.isBuy, true), eq(goods.isOnSale, true), eq(goods.isKx, false), eq(goods.isEphedrine, false), gt(goods.number, 1000)))
    .orderBy(asc(goods.id))
    .limit(n);
}

/** Places and pays (from the balance) an order of two goods, two middle packages each; `invoice` as the confirm page posts it. */
async function placeAndPay(who: ReturnType<typeof agent>, buyerId: number, invoice?: Record<string, unknown>) {
  await t.db.delete(cartItems).where(eq(cartItems.userId, buyerId));
  const picks = await someGoods(2);
  const added = await who.post('/api/cart', { params: picks.map((g) => ({ goods_id: g.id, number: g.zbz * 2 })) });
  expect(added.body.code, JSON.stringify(added.body)).toBe(10000);
  const ids = ((await who.get('/api/cart/list')).body.data.list as { id: number }[]).map((l) => l.id);
  await who.post('/api/cart/checkout', { ids });
  const confirm = (await who.get('/api/cart/confirm?coupon_id=0')).body.data;
  const placed = await who.post('/api/order', { address_id: confirm.address_id, coupon_id: 0, ...(invoice ? { invoice } : {}) });
  expect(placed.body.code, placed.body.message).toBe(10000);
  const id = placed.body.data.orders[0].id as number;
  const paid = await who.post('/api/pay/order', { order_id: id, method: 'balance', pay_password: DEMO_PAY_PASSWORD });
  expect(paid.body.code, paid.body.message).toBe(10000);
  return id;
}

async function ship(id: number) {
  const res = await warehouse.post(`/api/admin/orders/${id}/ship`, { carrier: '顺丰速运', tracking_no: `SF${String(id).padStart(10, '0')}` });
  expect(res.body.code, res.body.message).toBe(10000);
}

/** Placed, paid, shipped and received by the buyer: 已完成. */
async function completedOrder(who: ReturnType<typeof agent>, buyerId: number, invoice?: Record<string, unknown>) {
  const id = await placeAndPay(who, buyerId, invoice);
  await ship(id);
  expect((await who.post(`/api/order/${id}/receive`)).body.code).toBe(10000);
  return id;
}

const orderRow = async (id: number) => (await t.db.select().from(orders).where(eq(orders.id, id)))[0];
const invoicesOf = (orderId: number) => t.db.select().from(invoices).where(eq(invoices.orderId, orderId)).orderBy(asc(invoices.id));
const listOf = async (who: ReturnType<typeof agent>, query = '') => {
  const res = await who.get(`/api/invoice${query}`);
  expect(res.status).toBe(200);
  return okOf(InvoicePage).parse(res.body).data;
};

const title = {
  company: '浙江康泰连锁药业有限公司',
  tax_no: '91330000MA27U0XX5K',
  address_phone: '杭州市西湖区文三路90号 0571-85550123',
  bank_account: '招商银行杭州分行 571908765410101',
};

describe(`invoice titles on ${dbLabel}`, () => {
  it('refuses guests every call', async () => {
    const guest = agent(t.app);
    for (const res of [
      await guest.get('/api/invoice'),
      await guest.get('/api/invoice/1'),
      await guest.get('/api/invoice/1/pdf'),
      await guest.get('/api/invoice/title'),
      await guest.post('/api/invoice/title', title),
      await guest.post('/api/invoice/title/1', title),
      await guest.delete('/api/invoice/title/1'),
      await guest.post('/api/invoice/title/1/default'),
      await guest.post('/api/invoice/1/title', { title_id: 1 }),
    ])
      expect(res.status).toBe(401);
  });

  it('answers 422 with a Chinese message on each bad field and writes nothing', async () => {
    const before = (await t.db.select({ n: count() }).from(invoiceTitles))[0].n;
    const cases: [Record<string, unknown>, string, string][] = [
      [{ company: '' }, 'company', '请输入发票抬头'],
      [{ company: '药房' }, 'company', '发票抬头须为4-60个字符，只能包含中文、字母、数字和括号'],
      [{ company: '<script>药业</script>' }, 'company', '发票抬头不能包含 < 或 > 字符'],
      [{ tax_no: '' }, 'tax_no', '请输入税号'],
      [{ tax_no: '9133000MA27' }, 'tax_no', '税号须为15-20位数字或大写字母'],
      [{ tax_no: '91330000MA27U0XX5K1234' }, 'tax_no', '税号须为15-20位数字或大写字母'],
      [{ tax_no: '91330000-MA27U0XX5' }, 'tax_no', '税号须为15-20位数字或大写字母'],
      [{ address_phone: 'x'.repeat(121) }, 'address_phone', '地址电话不能超过120个字符'],
      [{ bank_account: '银行<b>' }, 'bank_account', '开户行及账号不能包含 < 或 > 字符'],
    ];
    for (const [change, field, message] of cases) {
      const res = await chain.post('/api/invoice/title', { ...title, ...change });
      expect(res.status, field).toBe(422);
      expect(res.body.data.errors[field][0], field).toBe(message);
      expect(res.body.message).toBe(message);
    }
    expect((await t.db.select({ n: count() }).from(invoiceTitles))[0].n).toBe(before);
    // A change with a bad field leaves the title as it was.
    const [demoTitle] = await t.db
      .select()
      .from(invoiceTitles)
      .where(eq(invoiceTitles.userId, await userId('demo')));
    const bad = await demo.post(`/api/invoice/title/${demoTitle.id}`, { ...title, tax_no: '9133 0105' });
    expect(bad.status).toBe(422);
    expect(bad.body.data.errors.tax_no).toEqual(['税号须为15-20位数字或大写字母']);
    expect((await t.db.select().from(invoiceTitles).where(eq(invoiceTitles.id, demoTitle.id)))[0]).toEqual(demoTitle);
  });

  it('keeps titles with one default: the first, or the one chosen; the next becomes the default when it goes', async () => {
    const first = await chain.post('/api/invoice/title', { ...title, tax_no: '91330000ma27u0xx5k' });
    expect(undeclared(first.body, okOf(InvoiceTitle).parse(first.body))).toEqual([]);
    expect(first.body.data).toMatchObject({ company: title.company, tax_no: '91330000MA27U0XX5K', is_default: 1 });
    const second = (await chain.post('/api/invoice/title', { ...title, company: '浙江康泰连锁药业有限公司城西店', tax_no: '91330106MA2B3C4D5E' })).body.data;
    expect(second.is_default).toBe(0);
    const edited = await chain.post(`/api/invoice/title/${second.id}`, {
      ...title,
      company: '浙江康泰连锁药业有限公司城西分店',
      tax_no: '91330106MA2B3C4D5E',
      is_default: 1,
    });
    expect(edited.body.data).toMatchObject({ company: '浙江康泰连锁药业有限公司城西分店', is_default: 1 });
    let list = (await chain.get('/api/invoice/title')).body.data as InvoiceTitle[];
    expect(list.map((x) => [x.id, x.is_default])).toEqual([
      [second.id, 1],
      [first.body.data.id, 0],
    ]);
    list = (await chain.post(`/api/invoice/title/${first.body.data.id}/default`)).body.data;
    expect(list[0]).toMatchObject({ id: first.body.data.id, is_default: 1 });
    expect((await chain.delete(`/api/invoice/title/${first.body.data.id}`)).body.data).toEqual({ id: first.body.data.id });
    list = (await chain.get('/api/invoice/title')).body.data;
    expect(list).toEqual([expect.objectContaining({ id: second.id, is_default: 1 })]);
    // The chain keeps its company's title as the default for the orders below.
    const main = (await chain.post('/api/invoice/title', { ...title, is_default: 1 })).body.data;
    expect(main.is_default).toBe(1);
  });

  it("answers 404 for another account's title and changes nothing of it", async () => {
    const [demoTitle] = await t.db
      .select()
      .from(invoiceTitles)
      .where(eq(invoiceTitles.userId, await userId('demo')));
    expect((await chain.post(`/api/invoice/title/${demoTitle.id}`, title)).status).toBe(404);
    expect((await chain.post(`/api/invoice/title/${demoTitle.id}/default`)).status).toBe(404);
    expect((await chain.delete(`/api/invoice/title/${demoTitle.id}`)).status).toBe(404);
    const [still] = await t.db.select().from(invoiceTitles).where(eq(invoiceTitles.id, demoTitle.id));
    expect(still).toEqual(demoTitle);
  });

  it('takes two posts of a first title at once in turn: one default', async () => {
    const [a, b] = await Promise.all([
      storeA.post('/api/invoice/title', { ...title, company: '浙江康泰连锁药业有限公司文三店', tax_no: '91330106MA2C0001XA' }),
      storeA.post('/api/invoice/title', { ...title, company: '浙江康泰连锁药业有限公司文三店', tax_no: '91330106MA2C0001XA' }),
    ]);
    expect([a.body.code, b.body.code]).toEqual([10000, 10000]);
    const rows = await t.db.select().from(invoiceTitles).where(eq(invoiceTitles.userId, storeAId));
    expect(rows.filter((r) => r.isDefault)).toHaveLength(1);
    await t.db.delete(invoiceTitles).where(eq(invoiceTitles.userId, storeAId));
  });
});

describe(`invoices of completed orders on ${dbLabel}`, () => {
  it("shows the seeded demo's completed order issued with its default title, with lines that add up", async () => {
    const page = await listOf(demo);
    expect(undeclared((await demo.get('/api/invoice')).body, okOf(InvoicePage).parse((await demo.get('/api/invoice')).body))).toEqual([]);
    const [doneOrder] = await t.db
      .select()
      .from(orders)
      .where(and(eq(orders.userId, await userId('demo')), eq(orders.status, 3)));
    const inv = page.data.find((i) => i.order_id === doneOrder.id)!;
    expect(inv).toMatchObject({ kind: 'blue', status: 1, status_text: '已开票', can_download: 1, can_choose_title: 0 });
    expect(inv.title).toMatchObject({ company: '杭州仁和大药房有限公司', tax_no: '91330105MA2H7K3X8Q' });
    expect(inv.invoice_no).toMatch(/^\d{20}$/);
    expect(fen(inv.amount)).toBe(doneOrder.payAmount - doneOrder.refundedAmount);
    const detail = await demo.get(`/api/invoice/${inv.id}`);
    expect(undeclared(detail.body, okOf(InvoiceDetail).parse(detail.body))).toEqual([]);
    const d = detail.body.data as InvoiceDetail;
    expect(d.lines.reduce((s, l) => s + fen(l.amount), 0)).toBe(fen(inv.amount));
    expect(d.lines[0]).toMatchObject({ quantity: expect.any(Number), unit: expect.any(String) });
    expect(d.amount_words).toBe(amountInWords(fen(inv.amount)));
    expect(inv.issued_at).toBe(Math.floor(doneOrder.receivedAt!.getTime() / 1000));
  });

  it("issues the invoice when the buyer confirms receipt, with the default title, in the completion's transaction", async () => {
    const id = await placeAndPay(chain, chainId);
    await ship(id);
    expect(await invoicesOf(id)).toEqual([]);
    expect((await chain.post(`/api/order/${id}/receive`)).body.code).toBe(10000);
    const [inv] = await invoicesOf(id);
    const o = await orderRow(id);
    expect(inv).toMatchObject({ kind: 'blue', status: 1, userId: chainId, amount: o.payAmount, issuedBy: null, orderNo: o.orderNo });
    expect(inv.title).toEqual({ company: title.company, taxNo: title.tax_no, addressPhone: title.address_phone, bankAccount: title.bank_account });
    expect(inv.lines.filter((l) => l.name !== '运费').map((l) => l.quantity)).toEqual((await someGoods(2)).map((g) => g.zbz * 2));
    expect(inv.lines.reduce((s, l) => s + l.amount, 0)).toBe(o.payAmount);
    const [told] = await t.db
      .select()
      .from(messages)
      .where(and(eq(messages.userId, chainId), eq(messages.title, '电子发票已开具')));
    expect(told.content).toContain(inv.invoiceNo!);
    // A second 确认收货 completes nothing and issues nothing.
    expect((await chain.post(`/api/order/${id}/receive`)).body.code).not.toBe(10000);
    expect(await invoicesOf(id)).toHaveLength(1);
  });

  it('issues the invoice when the sweeper completes an order 15 days after shipping', async () => {
    const id = await placeAndPay(chain, chainId);
    await ship(id);
    await t.db
      .update(orders)
      .set({ shippedAt: new Date(Date.now() - 16 * 86_400_000) })
      .where(eq(orders.id, id));
    expect(await completeShippedOrders(t.db)).toBeGreaterThanOrEqual(1);
    expect((await orderRow(id)).status).toBe(3);
    const [inv] = await invoicesOf(id);
    expect(inv).toMatchObject({ kind: 'blue', status: 1, amount: (await orderRow(id)).payAmount });
    expect(inv.title?.taxNo).toBe(title.tax_no);
  });

  it('uses the title the order asked for at checkout when it names a tax number', async () => {
    const id = await completedOrder(chain, chainId, { type: 1, title: '浙江康泰连锁药业有限公司', tax_no: '91330000MA27U0XX5K', email: '' });
    expect((await invoicesOf(id))[0].title).toMatchObject({ taxNo: '91330000MA27U0XX5K', addressPhone: title.address_phone });
    const other = await completedOrder(chain, chainId, { type: 1, title: '康泰医药连锁（临平店）', tax_no: '92330110MA2K0000X1', email: '' });
    expect((await invoicesOf(other))[0].title).toEqual({ company: '康泰医药连锁（临平店）', taxNo: '92330110MA2K0000X1', addressPhone: '', bankAccount: '' });
  });

  it('leaves the invoice 待开票 for a buyer with no title, and issues it once with the title they choose, however often it is posted', async () => {
    const id = await completedOrder(storeA, storeAId);
    const [waiting] = await invoicesOf(id);
    expect(waiting).toMatchObject({ status: 0, invoiceNo: null, title: null });
    const listed = (await listOf(storeA, `?order_id=${id}`)).data[0];
    expect(listed).toMatchObject({ status: 0, status_text: '待开票', can_choose_title: 1, can_download: 0, invoice_no: '' });
    const early = await download(storeA, `/api/invoice/${waiting.id}/pdf`);
    expect(early.status).toBe(200);
    expect(JSON.parse(early.raw.toString())).toMatchObject({ code: 400, message: '发票尚未开具，请先选择发票抬头' });

    const chainTitle = (await chain.get('/api/invoice/title')).body.data[0];
    const foreign = await storeA.post(`/api/invoice/${waiting.id}/title`, { title_id: chainTitle.id });
    expect(foreign.status).toBe(422);
    expect(foreign.body.data.errors.title_id).toEqual(['发票抬头不存在']);
    expect((await invoicesOf(id))[0].status).toBe(0);

    const own = (await storeA.post('/api/invoice/title', { ...title, company: '浙江康泰连锁药业有限公司文三店', tax_no: '91330106MA2C0001XA' })).body.data;
    const [a, b] = await Promise.all([
      storeA.post(`/api/invoice/${waiting.id}/title`, { title_id: own.id }),
      storeA.post(`/api/invoice/${waiting.id}/title`, { title_id: own.id }),
    ]);
    expect([a.body.code, b.body.code]).toEqual([10000, 10000]);
    expect(a.body.data.invoice_no).toBe(b.body.data.invoice_no);
    const rows = await invoicesOf(id);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ status: 1, titleId: own.id, amount: (await orderRow(id)).payAmount });
    const told = await t.db
      .select()
      .from(messages)
      .where(and(eq(messages.userId, storeAId), eq(messages.title, '电子发票已开具')));
    expect(told).toHaveLength(1);
    const again = await storeA.post(`/api/invoice/${waiting.id}/title`, { title_id: 99_999 });
    expect(again.body).toMatchObject({ code: 400, message: '该发票已开具' });
  });

  it("answers 404 for another account's invoice and its PDF", async () => {
    const [mine] = (await listOf(demo)).data;
    expect((await chain.get(`/api/invoice/${mine.id}`)).status).toBe(404);
    expect((await download(chain, `/api/invoice/${mine.id}/pdf`)).status).toBe(404);
    expect((await chain.post(`/api/invoice/${mine.id}/title`, { title_id: 1 })).status).toBe(404);
    expect((await listOf(chain)).data.map((i) => i.id)).not.toContain(mine.id);
    expect((await chain.get('/api/invoice/abc')).status).toBe(422);
  });
});

describe(`refunds of completed orders on ${dbLabel}`, () => {
  beforeAll(async () => {
    await t.db.update(users).set({ isAfterSale: true }).where(eq(users.id, chainId));
  });

  /** A return of one middle package of the order's first line, approved, received and refunded in full. */
  async function returnOne(orderId: number) {
    const line = (await chain.get(`/api/order/${orderId}`)).body.data.items[0];
    const [{ zbz }] = await someGoods(1);
    const r = (await chain.post(`/api/order/${orderId}/return`, { lines: [{ item_id: line.id, number: zbz }], reason: '近效期，退回' })).body.data;
    await finance.post(`/api/admin/after_sales/${r.id}/decide`, { decision: 'approve' });
    await finance.post(`/api/admin/after_sales/${r.id}/receive`);
    const refunded = await finance.post(`/api/admin/after_sales/${r.id}/refund`, { amount: r.refund_amount, reply: '已退款' });
    expect(refunded.body.code, refunded.body.message).toBe(10000);
    return { amount: fen(r.refund_amount), units: zbz, name: line.name as string };
  }

  it('reverses the invoice of a partial refund with a red one and issues a new blue one for what is left', async () => {
    const id = await completedOrder(chain, chainId);
    const [blue] = await invoicesOf(id);
    const { amount, units, name } = await returnOne(id);
    const [old, red, next] = await invoicesOf(id);
    expect(old).toMatchObject({ id: blue.id, status: 2 });
    expect(red).toMatchObject({ kind: 'red', reverses: blue.id, status: 1, amount: -blue.amount, title: blue.title });
    expect(red.lines.map((l) => [l.quantity, l.amount])).toEqual(blue.lines.map((l) => [-l.quantity, -l.amount]));
    expect(next).toMatchObject({ kind: 'blue', status: 1, amount: blue.amount - amount, titleId: blue.titleId });
    expect(next.lines.find((l) => l.name === name)!.quantity).toBe(blue.lines.find((l) => l.name === name)!.quantity - units);
    expect(next.lines.reduce((s, l) => s + l.amount, 0)).toBe(next.amount);

    const listed = await listOf(chain, `?order_id=${id}`);
    const byId = new Map(listed.data.map((i) => [i.id, i]));
    expect(byId.get(old.id)).toMatchObject({ status_text: '已红冲', reversed_by_no: red.invoiceNo });
    expect(byId.get(red.id)).toMatchObject({ kind: 'red', kind_text: '红字发票', reverses_no: blue.invoiceNo, amount: `-${(blue.amount / 100).toFixed(2)}` });
    const redDetail = (await chain.get(`/api/invoice/${red.id}`)).body.data as InvoiceDetail;
    expect(redDetail.amount_words).toBe(`负${amountInWords(blue.amount)}`);
  });

  it('reverses the invoice of a full refund and issues none after it', async () => {
    const id = await completedOrder(chain, chainId);
    const [blue] = await invoicesOf(id);
    const items = (await chain.get(`/api/order/${id}`)).body.data.items as { id: number; number: number }[];
    const r = (await chain.post(`/api/order/${id}/return`, { lines: items.map((l) => ({ item_id: l.id, number: l.number })), reason: '整单退货' })).body.data;
    await finance.post(`/api/admin/after_sales/${r.id}/decide`, { decision: 'approve' });
    await finance.post(`/api/admin/after_sales/${r.id}/receive`);
    expect((await finance.post(`/api/admin/after_sales/${r.id}/refund`, { amount: r.refund_amount })).body.code).toBe(10000);
    // Every unit went back; what the order paid beyond its goods (shipping) is refunded as an after-sales request.
    const o = await orderRow(id);
    const rest = o.payAmount - o.refundedAmount;
    expect(o.shippingAmount).toBeGreaterThan(0);
    expect(rest).toBe(o.shippingAmount);
    const a = (await chain.post(`/api/order/${id}/after_sale`, { lines: [{ item_id: items[0].id, number: 1 }], reason: '运费退回' })).body.data;
    await finance.post(`/api/admin/after_sales/${a.id}/decide`, { decision: 'approve' });
    expect((await finance.post(`/api/admin/after_sales/${a.id}/refund`, { amount: (rest / 100).toFixed(2) })).body.code).toBe(10000);
    expect((await orderRow(id)).refundedAmount).toBe(o.payAmount);
    const rows = await invoicesOf(id);
    const blues = rows.filter((r) => r.kind === 'blue');
    const reds = rows.filter((r) => r.kind === 'red');
    expect(blues[0].id).toBe(blue.id);
    expect(blues.every((b) => b.status === 2)).toBe(true);
    expect(reds.map((x) => x.reverses).sort()).toEqual(blues.map((b) => b.id).sort());
    expect(reds.reduce((sum, x) => sum + x.amount, 0) + blues.reduce((sum, b) => sum + b.amount, 0)).toBe(0);
    expect((await listOf(chain, `?order_id=${id}&status=1`)).data.every((i) => i.kind === 'red')).toBe(true);
  });

  it('shows money given back without goods (售后) as 售后折让 on the new invoice', async () => {
    const id = await completedOrder(chain, chainId);
    const [blue] = await invoicesOf(id);
    const line = (await chain.get(`/api/order/${id}`)).body.data.items[0];
    const r = (await chain.post(`/api/order/${id}/after_sale`, { lines: [{ item_id: line.id, number: 1 }], reason: '外包装破损' })).body.data;
    await finance.post(`/api/admin/after_sales/${r.id}/decide`, { decision: 'approve' });
    expect((await finance.post(`/api/admin/after_sales/${r.id}/refund`, { amount: '3.50', reply: '破损补偿' })).body.code).toBe(10000);
    const [, red, next] = await invoicesOf(id);
    expect(red.amount).toBe(-blue.amount);
    expect(next.amount).toBe(blue.amount - 350);
    // The allowance follows the goods it lowers: a line per class and rate, together what went back.
    const allowance = next.lines.filter((l) => l.name === '售后折让');
    expect(allowance.reduce((s, l) => s + l.amount, 0)).toBe(-350);
    expect(allowance.every((l) => l.quantity === 1 && l.unitPrice === l.amount && blue.lines.some((b) => b.rate === l.rate))).toBe(true);
    const bought = (lines: typeof blue.lines) => lines.filter((l) => l.name !== '售后折让').map((l) => [l.name, l.quantity, l.amount]);
    expect(bought(next.lines)).toEqual(bought(blue.lines));
  });
});

describe(`the invoice PDF on ${dbLabel}`, () => {
  it('downloads as a real PDF whose text holds the site, its licences, the buyer, the lines, the amount and its capitals', async () => {
    const [inv] = (await listOf(demo)).data.filter((i) => i.can_download);
    const detail = (await demo.get(`/api/invoice/${inv.id}`)).body.data as InvoiceDetail;
    const file = await download(demo, `/api/invoice/${inv.id}/pdf`);
    expect(file.status).toBe(200);
    expect(file.type).toBe('application/pdf');
    expect(file.disposition).toContain(`filename*=UTF-8''${encodeURIComponent(`电子发票-${inv.invoice_no}.pdf`)}`);
    expect(file.raw.subarray(0, 5).toString()).toBe('%PDF-');
    const text = (await pdfText(file.raw)).replace(/\s+/g, '');
    expect(text).toContain('药采通');
    expect(text).toContain('电子发票（普通发票）');
    expect(text).toContain('浙AA5710001');
    expect(text).toContain('杭州仁和大药房有限公司');
    expect(text).toContain('91330105MA2H7K3X8Q');
    expect(text).toContain(inv.invoice_no);
    expect(text).toContain(detail.amount_words);
    expect(text).toContain(`¥${Number(inv.amount).toLocaleString('en-US', { minimumFractionDigits: 2 })}`);
    // Each line's 金额 and 税额 are checked in tax.test.ts.
    for (const line of detail.lines) expect(text).toContain(line.name.replace(/\s+/g, ''));
  });

  it('prints a red invoice with the number it reverses and a negative amount in capitals', async () => {
    const red = (await listOf(chain)).data.find((i) => i.kind === 'red')!;
    const file = await download(chain, `/api/invoice/${red.id}/pdf`);
    expect(file.raw.subarray(0, 4).toString()).toBe('%PDF');
    const text = (await pdfText(file.raw)).replace(/\s+/g, '');
    expect(text).toContain('电子发票（红字）');
    expect(text).toContain(`对应蓝字发票号码：${red.reverses_no}`);
    expect(text).toContain(amountInWords(fen(red.amount)));
    expect(text).toContain(`-¥`);
  });
});
