/** 出库复核: trace codes checked, counted per line and batch, undone; shipping waits for them; the buyer's downloads. */
import { describe, it, expect, beforeAll, afterAll } from 'vitest';
import { and, asc, eq, gt, inArray, lte, notExists } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { PDFParse } from 'pdf-parse';
import { chinaToday } from '../../../core/schemas/admin-goods.js';
import { BatchStatus } from '../../../core/status.js';
import { cartItems, goods, goodsBatches, orderItemBatches, traceCodes, traceGoods, users } from '../../db/schema/index.js';
import { agent, buildTestApp, dbLabel, DEMO_PAY_PASSWORD, loginAs, operatorLogin, type TestApp } from '../../testing.js';
import { lockGoods, syncGoodsStock } from '../catalogue/batches.js';

let t: TestApp;
let demo: ReturnType<typeof agent>;
let warehouse: Awaited<ReturnType<typeof operatorLogin>>;
let admin: Awaited<ReturnType<typeof operatorLogin>>;
let service: Awaited<ReturnType<typeof operatorLogin>>;
let finance: Awaited<ReturnType<typeof operatorLogin>>;
let demoId: number;

type Goods = typeof goods.$inferSelect & { prefix: string };
let pool: Goods[] = [];

const dayFrom = (days: number) => new Date(Date.parse(`${chinaToday()}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);
const codeOf = (prefix: string, n: number) => `${prefix}${String(n).padStart(13, '0')}`;
let serial = 1;
/** Fresh codes of a goods, never used in this file. */
const codes = (prefix: string, n: number) => Array.from({ length: n }, () => codeOf(prefix, serial++));

beforeAll(async () => {
  t = await buildTestApp({ goods: 300, config: { TRACE_CHECK: 'on', RATE_LIMIT_FACTOR: 100 } });
  demo = await loginAs(t.app, 'demo');
  [{ id: demoId }] = await t.db.select({ id: users.id }).from(users).where(eq(users.username, 'demo'));
  [warehouse, admin, service, finance] = await Promise.all(['warehouse', 'admin', 'service', 'finance'].map((u) => operatorLogin(t.app, u)));
  const rows = await t.db
    .select({ g: goods, prefix: traceGoods.prefix })
    .from(goods)
    .innerJoin(traceGoods, eq(traceGoods.goodsId, goods.id))
    .where(
      and(
        eq(goods.isKx, false),
        eq(goods.isBuy, true),
        eq(goods.isEphedrine, false),
        eq(goods.isOnSale, true),
        eq(traceGoods.withoutCodes, false),
        lte(goods.basePrice, 3_000),
        gt(goods.number, 0),
        // Never ordered, so that its batches can be replaced.
        notExists(t.db.select({ id: orderItemBatches.id }).from(orderItemBatches).where(eq(orderItemBatches.goodsId, goods.id))),
      ),
    )
    .orderBy(asc(goods.id))
    .limit(6);
  pool = rows.map((r) => ({ ...r.g, prefix: r.prefix }));
});
afterAll(async () => t?.close());

/** Gives the goods exactly these batches (units, expiring `days` from today). */
async function withBatches(g: Goods, specs: { no: string; days: number; quantity: number }[]) {
  await t.db.delete(goodsBatches).where(eq(goodsBatches.goodsId, g.id));
  // Sold by the box, so that any number of boxes may be ordered.
  await t.db.update(goods).set({ zbz: 1 }).where(eq(goods.id, g.id));
  await t.db.insert(goodsBatches).values(
    specs.map((s) => ({
      goodsId: g.id,
      batchNo: s.no,
      scrq: dayFrom(s.days - 730),
      xq: dayFrom(s.days),
      quantity: s.quantity,
      status: BatchStatus.released,
    })),
  );
  await t.db.transaction(async (tx) => {
    await lockGoods(tx, [g.id]);
    await syncGoodsStock(tx, [g.id]);
  });
}

/** Demo orders `number` units of the goods and pays online (the sandbox confirms); the order id and number. */
async function paidOrder(g: Goods, number: number) {
  await t.db.delete(cartItems).where(eq(cartItems.userId, demoId));
  expect((await demo.post('/api/cart', { params: [{ goods_id: g.id, number }] })).body.code).toBe(10000);
  const listed = await demo.get('/api/cart/list');
  expect(listed.body.code, listed.body.message).toBe(10000);
  const ids = (listed.body.data.list as { id: number }[]).map((l) => l.id);
  await demo.post('/api/cart/checkout', { ids });
  const c = (await demo.get('/api/cart/confirm?coupon_id=0')).body.data;
  const res = await demo.post('/api/order', { address_id: c.address_id, coupon_id: 0 });
  expect(res.body.code, res.body.message).toBe(10000);
  const o = res.body.data.orders[0] as { id: number; order_no: string };
  const paying = await demo.post('/api/pay/order', { order_id: o.id, method: 'online', pay_password: DEMO_PAY_PASSWORD });
  expect(paying.body.code, paying.body.message).toBe(10000);
  expect((await demo.post('/api/pay/sandbox/confirm', { trade_no: paying.body.data.trade_no })).body.data.paid).toBe(1);
  return { id: o.id, orderNo: o.order_no };
}

const scan = (id: number, list: string[], who = warehouse) => who.post(`/api/admin/trace/orders/${id}/codes`, { codes: list });
const ship = (id: number) => warehouse.post(`/api/admin/orders/${id}/ship`, { carrier: '顺丰速运', tracking_no: `SF${String(id).padStart(10, '0')}` });
const stored = async (orderId: number) => (await t.db.select().from(traceCodes).where(eq(traceCodes.orderId, orderId))).length;
/** A download as the buyer's browser makes it. */
const download = (url: string, cookie = demo.cookie) =>
  t.app.inject({ method: 'GET', url, headers: { 'x-requested-with': 'XMLHttpRequest', ...(cookie ? { cookie } : {}) } });

describe(`trace codes at the outbound check on ${dbLabel}`, () => {
  it('scans 1,000 codes into one order across two batches, refuses one more, and ships once complete', async () => {
    const g = pool[0];
    await withBatches(g, [
      { no: 'B2409017', days: 300, quantity: 600 },
      { no: 'A2503012', days: 400, quantity: 1000 },
    ]);
    const o = await paidOrder(g, 1000);
    const view = (await warehouse.get(`/api/admin/trace/orders/${o.id}`)).body.data;
    expect(view).toMatchObject({ needed: 1000, scanned: 0, complete: 0 });
    expect(view.lines[0]).toMatchObject({ prefix: g.prefix, needs_codes: 1, units: 1000, scanned: 0 });
    // Shipping is refused while the boxes are not all scanned.
    const early = await ship(o.id);
    expect(early.body.code).not.toBe(10000);
    expect(early.body.message).toContain('出库复核未完成');

    const all = codes(g.prefix, 1000);
    const started = performance.now();
    for (let i = 0; i < all.length; i += 200) {
      const res = await scan(o.id, all.slice(i, i + 200));
      expect(res.body.code, res.body.message).toBe(10000);
      expect(res.body.data.results.every((r: { message: string }) => r.message === '')).toBe(true);
    }
    const ms = performance.now() - started;
    console.log(`${dbLabel}: 1,000 codes in 5 posts: ${Math.round(ms)} ms`);
    const done = (await warehouse.get(`/api/admin/trace/orders/${o.id}`)).body.data;
    expect(done).toMatchObject({ needed: 1000, scanned: 1000, complete: 1 });
    expect(done.lines[0].batches).toEqual([
      { batch_no: 'B2409017', xq: dayFrom(300), units: 600, scanned: 600 },
      { batch_no: 'A2503012', xq: dayFrom(400), units: 400, scanned: 400 },
    ]);
    const more = await scan(o.id, codes(g.prefix, 1));
    expect(more.status).toBe(422);
    expect(more.body.message).toContain('已扫满（1000/1000）');
    expect(await stored(o.id)).toBe(1000);
    expect((await ship(o.id)).body.code).toBe(10000);
    // After shipping the codes stay as they are.
    const late = await scan(o.id, codes(g.prefix, 1));
    expect(late.body.message).toContain('只有待发货的订单可以扫码复核');
  });

  it('refuses a malformed code, another goods’ prefix, a code of another order and a repeat, writing nothing', async () => {
    const g = pool[1];
    await withBatches(g, [{ no: 'C2410005', days: 500, quantity: 50 }]);
    const o = await paidOrder(g, 3);
    const bad = await scan(o.id, ['12345']);
    expect(bad.status).toBe(422);
    expect(bad.body.message).toBe('追溯码应为20位数字');
    const wrong = await scan(o.id, [codeOf('8000000', 1)]);
    expect(wrong.status).toBe(422);
    expect(wrong.body.message).toContain('药品标识码8000000不属于本订单的商品');
    // The first order's codes are taken for ever.
    const used = (await t.db.select().from(traceCodes).limit(1))[0];
    const again = await scan(o.id, [used.code]);
    expect(again.status).toBe(422);
    expect(again.body.message).toContain('该追溯码已用于其他订单');
    const [one] = codes(g.prefix, 1);
    const twice = await scan(o.id, [one, one]);
    expect(twice.body.code).toBe(10000);
    expect(twice.body.data.results.map((r: { message: string }) => r.message)).toEqual(['', '同一追溯码重复扫描']);
    expect((await scan(o.id, [one])).body.message).toContain('该追溯码已在本订单扫描');
    expect(await stored(o.id)).toBe(1);
    // Undo: the code goes, the count with it, and it may be scanned again.
    const undone = await warehouse.delete(`/api/admin/trace/orders/${o.id}/codes/${one}`);
    expect(undone.body.data.scanned).toBe(0);
    expect((await scan(o.id, [one])).body.data.order.scanned).toBe(1);
  });

  it('counts a code sent by two operators at the same moment once', async () => {
    const g = pool[2];
    await withBatches(g, [{ no: 'D2411020', days: 500, quantity: 50 }]);
    const a = await paidOrder(g, 2);
    const b = await paidOrder(g, 2);
    const [code] = codes(g.prefix, 1);
    // The same order from two scanners, and two orders of the same goods at once.
    const same = await Promise.all([scan(a.id, [code], warehouse), scan(a.id, [code], admin)]);
    expect(same.map((r) => r.status).sort()).toEqual([200, 422]);
    const [other] = codes(g.prefix, 1);
    const across = await Promise.all([scan(a.id, [other], warehouse), scan(b.id, [other], admin)]);
    expect(across.map((r) => r.status).sort()).toEqual([200, 422]);
    const rows = await t.db
      .select()
      .from(traceCodes)
      .where(inArray(traceCodes.code, [code, other]));
    expect(rows).toHaveLength(2);
    expect(
      (await warehouse.get(`/api/admin/trace/orders/${a.id}`)).body.data.scanned + (await warehouse.get(`/api/admin/trace/orders/${b.id}`)).body.data.scanned,
    ).toBe(2);
  });

  it('gives the codes of an order refunded before shipping back, to be scanned for another order', async () => {
    const g = pool[5];
    await withBatches(g, [{ no: 'H2412009', days: 500, quantity: 50 }]);
    const first = await paidOrder(g, 2);
    const two = codes(g.prefix, 2);
    expect((await scan(first.id, two)).body.code).toBe(10000);
    const refunded = await finance.post(`/api/admin/orders/${first.id}/refund`, { reason: '客户要求取消' });
    expect(refunded.body.code, refunded.body.message).toBe(10000);
    expect(await stored(first.id)).toBe(0);
    const second = await paidOrder(g, 2);
    expect((await scan(second.id, two)).body.data.order).toMatchObject({ scanned: 2, complete: 1 });
  });

  it('lets goods:write set a goods’ 药品标识码 or mark it sold without codes, each prefix held by one goods', async () => {
    const ops = await operatorLogin(t.app, 'ops');
    const [a, b] = [pool[4], pool[5]];
    const set = (who: typeof ops, id: number, body: object) => who.post(`/api/admin/trace/goods/${id}`, body);
    expect((await set(warehouse, a.id, { prefix: '8100001', without_codes: 0 })).status).toBe(403);
    const bad = await set(ops, a.id, { prefix: '81000', without_codes: 0 });
    expect([bad.status, bad.body.message]).toEqual([422, '药品标识码应为7位数字']);
    expect((await set(ops, a.id, { prefix: '', without_codes: 0 })).body.message).toBe('请输入药品标识码，或选择无追溯码');
    const taken = await set(ops, a.id, { prefix: b.prefix, without_codes: 0 });
    expect(taken.status).toBe(422);
    expect(taken.body.message).toContain(`药品标识码${b.prefix}已用于商品`);
    expect((await set(ops, a.id, { prefix: '8100001', without_codes: 0 })).body.data).toEqual({ goods_id: a.id, prefix: '8100001', without_codes: 0 });
    expect((await set(ops, a.id, { prefix: '', without_codes: 1 })).body.data).toEqual({ goods_id: a.id, prefix: '', without_codes: 1 });
    expect((await warehouse.get(`/api/admin/trace/goods/${a.id}`)).body.data.without_codes).toBe(1);
    const audit = (await admin.get(`/api/admin/audit?target=goods:${a.id}`)).body.data.data as { action: string }[];
    expect(audit.filter((r) => r.action === 'trace.goods')).toHaveLength(2);
    // Put back as the seed had it, for the tests after this one.
    await set(ops, a.id, { prefix: a.prefix, without_codes: 0 });
  });

  it('lets only order:ship scan, records each scan and undo in the audit log', async () => {
    const g = pool[3];
    await withBatches(g, [{ no: 'E2412001', days: 500, quantity: 50 }]);
    const o = await paidOrder(g, 2);
    expect((await service.get(`/api/admin/trace/orders/${o.id}`)).body.code).toBe(10000);
    expect((await scan(o.id, codes(g.prefix, 1), service)).status).toBe(403);
    expect(await stored(o.id)).toBe(0);
    const [c] = codes(g.prefix, 1);
    await scan(o.id, [c]);
    await warehouse.delete(`/api/admin/trace/orders/${o.id}/codes/${c}`);
    const audit = (await admin.get(`/api/admin/audit?target=order:${o.id}`)).body.data.data as { action: string }[];
    expect(audit.map((r) => r.action).sort()).toEqual(['trace.scan', 'trace.undo']);
  });

  it('gives the buyer the codes (Excel, CSV with BOM) and the 随货同行单 of a shipped order, with batch numbers and dates', async () => {
    const g = pool[4];
    await withBatches(g, [
      { no: 'F2409030', days: 320, quantity: 2 },
      { no: 'G2502015', days: 420, quantity: 50 },
    ]);
    const o = await paidOrder(g, 5);
    const list = codes(g.prefix, 5);
    const url = `/api/trace/order/${o.id}`;
    expect((await download(`${url}/codes?format=csv`)).json().message).toBe('订单发货后可下载追溯码');
    expect((await download(`${url}/delivery-note`)).json().message).toBe('订单发货后可下载随货同行单');
    // The console prints the note before shipping, as a preview.
    const preview = (await warehouse.get(`/api/admin/trace/orders/${o.id}/delivery-note`)).body.data;
    expect(preview).toMatchObject({ shipped: 0, shipped_at: '', total_number: 5 });
    expect(preview.rows.map((r: { batch_no: string; number: number }) => [r.batch_no, r.number])).toEqual([
      ['F2409030', 2],
      ['G2502015', 3],
    ]);
    await scan(o.id, list);
    expect((await ship(o.id)).body.code).toBe(10000);

    const csv = await download(`${url}/codes?format=csv`);
    expect(csv.headers['content-type']).toContain('text/csv');
    expect(csv.headers['cache-control']).toBe('private, no-store');
    const text = csv.rawPayload.toString('utf8');
    expect(text.startsWith('\ufeff商品名称,通用名,规格,生产厂家,批准文号,批号,有效期至,追溯码')).toBe(true);
    expect(text.split('\r\n').filter(Boolean)).toHaveLength(6);
    expect(text).toContain(`F2409030,${dayFrom(320)},\t${list[0]}`);

    const xlsx = await download(`${url}/codes?format=xlsx`);
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(xlsx.rawPayload as unknown as ArrayBuffer);
    const sheet = book.getWorksheet('追溯码')!;
    expect(sheet.rowCount).toBe(6);
    expect(sheet.getRow(2).getCell(8).value).toBe(list[0]);
    expect(sheet.getRow(6).getCell(6).value).toBe('G2502015');

    const pdf = await download(`${url}/delivery-note`);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    const parser = new PDFParse({ data: new Uint8Array(pdf.rawPayload) });
    const pdfText = (await parser.getText()).text;
    await parser.destroy();
    for (const s of ['随货同行单', 'F2409030', 'G2502015', dayFrom(320), dayFrom(420), dayFrom(320 - 730), chinaToday(), g.pzwh]) expect(pdfText).toContain(s);

    // Nobody else's: a guest 401, another account 404.
    expect((await download(`${url}/codes`, '')).statusCode).toBe(401);
    const other = await loginAs(t.app, 'chain-a');
    expect((await download(`${url}/delivery-note`, other.cookie)).statusCode).toBe(404);
  });
});
