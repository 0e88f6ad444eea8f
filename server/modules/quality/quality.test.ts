/**
 * A batch's way through the warehouse and quality: the warehouse receives it as 待验 and it does not sell until qa
 * releases it; a lock stops it at once and tells every buyer who received it; returns come back to 待验; reports
 * reach the buyers of the batch and approved buyers who look it up, stamped, and nobody else; the near-expiry
 * report and the recall list export to Excel.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { and, asc, count, desc, eq, like, ne } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { PDFDocument } from 'pdf-lib';
import { auditLog, cartItems, goods, goodsBatches, messages, stockLog, users } from '../../db/schema/index.js';
import { agent, dbLabel, loginAs } from '../../testing.js';
import { lockGoods, syncGoodsStock } from '../catalogue/batches.js';
import { dayFrom, takeOne, untakenGoods } from '../catalogue/batches.fixture.js';
import { t, demo, demoId, finance, warehouse, qa, ops, pay, refused, invalidOn, openOrderConsole, PNG, type Placed } from '../orders/admin.fixture.js';

openOrderConsole();

type Goods = typeof goods.$inferSelect;
let pool: Goods[] = [];
const freshGoods = () => takeOne(pool);

beforeAll(async () => {
  pool = await untakenGoods(t.db, { limit: 12, cheapest: true });
});

const goodsNow = async (id: number) => (await t.db.select().from(goods).where(eq(goods.id, id)))[0];
const batchNow = async (id: number) => (await t.db.select().from(goodsBatches).where(eq(goodsBatches.id, id)))[0];
const audits = async (action: string, id: number) =>
  (
    await t.db
      .select({ n: count() })
      .from(auditLog)
      .where(and(eq(auditLog.action, action), eq(auditLog.targetId, String(id))))
  )[0].n;

async function pdfReport() {
  const doc = await PDFDocument.create();
  doc.addPage([595, 842]);
  return Buffer.from(await doc.save());
}

/** The warehouse uploads a report file; answers its address. */
async function uploadReport(file: Buffer, name: string) {
  const res = await warehouse.upload('/api/admin/quality/upload', file, name);
  expect(res.body.code, res.body.message).toBe(10000);
  return res.body.data.url as string;
}

/** The warehouse receives `quantity` units of a new batch of the goods, expiring in two years. */
async function receive(g: Goods, batchNo: string, quantity: number, report = '') {
  const res = await warehouse.postJson('/api/admin/quality/batches', {
    goods_id: g.id,
    batch_no: batchNo,
    scrq: dayFrom(-30),
    xq: dayFrom(700),
    quantity,
    supplier: '华北制药股份有限公司',
    report,
  });
  expect(res.body.code, res.body.message).toBe(10000);
  return res.body.data as { id: number; status: number; status_text: string; sells: boolean };
}

/** Demo orders `number` units of the goods, pays and the warehouse ships it. */
async function boughtAndShipped(g: Goods, number: number): Promise<Placed> {
  await t.db.delete(cartItems).where(eq(cartItems.userId, demoId));
  expect((await demo.post('/api/cart', { params: [{ goods_id: g.id, number }] })).body.code).toBe(10000);
  const ids = ((await demo.get('/api/cart/list')).body.data.list as { id: number }[]).map((l) => l.id);
  await demo.post('/api/cart/checkout', { ids });
  const c = (await demo.get('/api/cart/confirm?coupon_id=0')).body.data;
  const res = await demo.post('/api/order', { address_id: c.address_id, coupon_id: 0 });
  expect(res.body.code, res.body.message).toBe(10000);
  const made = res.body.data.orders[0] as { id: number; order_no: string };
  const o: Placed = { id: made.id, orderNo: made.order_no, payAmount: 0, goodsId: g.id, number, couponId: null, redPacket: 0 };
  await pay(o, 'balance');
  const shipped = await warehouse.post(`/api/admin/orders/${o.id}/ship`, { carrier: '顺丰速运', tracking_no: `SF${o.orderNo.slice(-10)}` });
  expect(shipped.body.code, shipped.body.message).toBe(10000);
  return o;
}

/** Leaves the goods with one batch that sells: the one named (the others 不合格), its stock worked out again. */
async function onlyBatch(g: Goods, batchId: number) {
  await t.db
    .update(goodsBatches)
    .set({ status: 3 })
    .where(and(eq(goodsBatches.goodsId, g.id), ne(goodsBatches.id, batchId)));
  await t.db.transaction(async (tx) => {
    await lockGoods(tx, [g.id]);
    await syncGoodsStock(tx, [g.id]);
  });
}

describe(`receiving and releasing batches on ${dbLabel}`, () => {
  it('lands a received batch as 待验, out of the stock, until qa releases it; each step in the stock log and the audit log', async () => {
    const g = freshGoods();
    const before = (await goodsNow(g.id)).number;
    const b = await receive(g, 'rk250101', 120);
    expect(b).toMatchObject({ status: 0, status_text: '待验', sells: false });
    expect((await batchNow(b.id)).batchNo).toBe('RK250101');
    expect((await goodsNow(g.id)).number).toBe(before);
    expect(await audits('batch.receive', b.id)).toBe(1);

    refused(
      await warehouse.postJson(`/api/admin/quality/batches`, {
        goods_id: g.id,
        batch_no: 'RK250101',
        scrq: dayFrom(-30),
        xq: dayFrom(700),
        quantity: 5,
        supplier: '华北制药',
      }),
      /已在库/,
    );
    expect((await warehouse.postJson(`/api/admin/quality/batches/${b.id}/release`, { decision: 'release' })).status).toBe(403);

    const released = await qa.postJson(`/api/admin/quality/batches/${b.id}/release`, { decision: 'release' });
    expect(released.body.data).toMatchObject({ status: 1, status_text: '合格', sells: true, free: 120 });
    expect((await goodsNow(g.id)).number).toBe(before + 120);
    // The same verdict again changes nothing and writes nothing.
    expect((await qa.postJson(`/api/admin/quality/batches/${b.id}/release`, { decision: 'release' })).body.code).toBe(10000);
    expect(await audits('batch.release', b.id)).toBe(1);
    const log = await t.db.select().from(stockLog).where(eq(stockLog.batchId, b.id)).orderBy(asc(stockLog.id));
    expect(log.map((l) => [l.delta, l.reason.slice(0, 2)])).toEqual([
      [0, '入库'],
      [120, '放行'],
    ]);
  });

  it('refuses bad receipts in Chinese and writes nothing', async () => {
    const g = freshGoods();
    const post = (body: Record<string, unknown>) =>
      warehouse.postJson('/api/admin/quality/batches', {
        goods_id: g.id,
        batch_no: 'OK1',
        scrq: dayFrom(-30),
        xq: dayFrom(700),
        quantity: 10,
        supplier: '华北制药',
        ...body,
      });
    invalidOn(await post({ batch_no: '批号一' }), 'batch_no', '批号只能包含字母、数字和短横线，且以字母或数字开头');
    invalidOn(await post({ batch_no: '-B1' }), 'batch_no');
    invalidOn(await post({ batch_no: 'A'.repeat(33) }), 'batch_no', '批号不能超过32个字符');
    invalidOn(await post({ batch_no: '' }), 'batch_no', '请输入批号');
    invalidOn(await post({ xq: dayFrom(-31) }), 'xq', '效期至须晚于生产日期');
    invalidOn(await post({ xq: dayFrom(-1), scrq: dayFrom(-400) }), 'xq', '该批号已过效期，不能入库');
    invalidOn(await post({ scrq: dayFrom(3) }), 'scrq', '生产日期不能晚于今天');
    invalidOn(await post({ quantity: 0 }), 'quantity');
    invalidOn(await post({ report: '/uploads/documents/none.pdf' }), 'report', /本站上传/);
    const n = (await t.db.select({ n: count() }).from(goodsBatches).where(eq(goodsBatches.goodsId, g.id)))[0].n;
    const finance403 = await finance.postJson('/api/admin/quality/batches', { goods_id: g.id });
    expect(finance403.status).toBe(403);
    expect(n).toBe((await t.db.select({ n: count() }).from(goodsBatches).where(eq(goodsBatches.goodsId, g.id)))[0].n);
    expect((await t.db.select({ n: count() }).from(goodsBatches).where(eq(goodsBatches.batchNo, 'OK1')))[0].n).toBe(0);
  });

  it('sells a released batch first-expiring-first-out and rejects another with its reason', async () => {
    const g = freshGoods();
    const a = await receive(g, 'REL-A', 30);
    const r = await receive(g, 'REL-R', 30);
    invalidOn(await qa.postJson(`/api/admin/quality/batches/${r.id}/release`, { decision: 'reject' }), 'reason', '请填写不合格原因');
    const rejected = await qa.postJson(`/api/admin/quality/batches/${r.id}/release`, { decision: 'reject', reason: '外观性状不符' });
    expect(rejected.body.data).toMatchObject({ status: 3, status_text: '不合格', reason: '外观性状不符', sells: false });
    refused(await qa.postJson(`/api/admin/quality/batches/${r.id}/release`, { decision: 'release' }), '只有待验的批号可以放行');
    await qa.postJson(`/api/admin/quality/batches/${a.id}/release`, { decision: 'release' });
    await onlyBatch(g, a.id);
    const o = await boughtAndShipped(g, 3);
    const detail = (await demo.get(`/api/order/${o.id}`)).body.data;
    expect(detail.items[0].batches.map((b: { batch_no: string }) => b.batch_no)).toEqual(['REL-A']);
  });
});

describe(`recalls on ${dbLabel}`, () => {
  it('stops a locked batch at once, lists every buyer who received it and tells each of them once', async () => {
    const g = freshGoods();
    const b = await receive(g, 'RC2409', 50);
    await qa.postJson(`/api/admin/quality/batches/${b.id}/release`, { decision: 'release' });
    await onlyBatch(g, b.id);
    const o = await boughtAndShipped(g, 4);
    expect((await goodsNow(g.id)).number).toBe(46);

    // An open cart holds the goods as the lock lands.
    await t.db.delete(cartItems).where(eq(cartItems.userId, demoId));
    expect((await demo.post('/api/cart', { params: [{ goods_id: g.id, number: 2 }] })).body.code).toBe(10000);
    expect((await warehouse.postJson(`/api/admin/quality/batches/${b.id}/lock`, { reason: '召回' })).status).toBe(403);
    invalidOn(await qa.postJson(`/api/admin/quality/batches/${b.id}/lock`, { reason: '' }), 'reason', '请输入锁定原因');
    const locked = await qa.postJson(`/api/admin/quality/batches/${b.id}/lock`, { reason: '药监部门通报该批号含量不合格' });
    expect(locked.body.code, locked.body.message).toBe(10000);
    expect(locked.body.data).toMatchObject({ notified: 1, buyers: 1, units: 4, batch: { status: 2, reason: '药监部门通报该批号含量不合格', sells: false } });
    expect(locked.body.data.recipients).toEqual([
      expect.objectContaining({ order_no: o.orderNo, units: 4, returned: 0, company: '杭州仁和大药房有限公司', phone: expect.stringMatching(/\d{11}/) }),
    ]);
    expect((await goodsNow(g.id)).number).toBe(0);
    // The open cart says why, and the cart refuses it at once.
    const [line] = (await demo.get('/api/cart/list')).body.data.list as { goods_id: number; excluded: { reason: string; message: string } | null }[];
    expect(line.goods_id).toBe(g.id);
    expect(line.excluded).toEqual({ reason: 'sold_out', message: '商品已售罄：批号RC2409因质量原因已暂停销售（药监部门通报该批号含量不合格）' });
    await t.db.delete(cartItems).where(eq(cartItems.userId, demoId));
    expect((await demo.post('/api/cart', { params: [{ goods_id: g.id, number: 1 }] })).body.code).not.toBe(10000);

    const notes = await t.db
      .select()
      .from(messages)
      .where(and(eq(messages.userId, demoId), like(messages.title, `%批号RC2409%`)));
    expect(notes).toHaveLength(1);
    expect(notes[0].title).toBe(`药品召回通知：${g.name} 批号RC2409`);
    expect(notes[0].content).toContain(o.orderNo);
    expect(notes[0].content).toContain('药监部门通报该批号含量不合格');

    // Locking again sends nothing more.
    expect((await qa.postJson(`/api/admin/quality/batches/${b.id}/lock`, { reason: '再次锁定' })).body.data.notified).toBe(0);
    expect(await audits('batch.lock', b.id)).toBe(1);

    const file = await qa.get(`/api/admin/quality/batches/${b.id}/recall/export`);
    expect(String(file.headers['content-type'])).toContain('spreadsheet');
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(file.raw as unknown as ArrayBuffer);
    const rows = book.worksheets[0].getSheetValues().filter(Boolean) as unknown[][];
    expect(rows[0]).toContain('客户');
    expect(rows[1]).toContain(o.orderNo);

    const lifted = await qa.post(`/api/admin/quality/batches/${b.id}/unlock`);
    expect(lifted.body.data).toMatchObject({ status: 1, sells: true });
    expect((await goodsNow(g.id)).number).toBe(46);
  });

  it('keeps units of a locked batch in the warehouse: the order holding them ships once the hold is lifted', async () => {
    const g = freshGoods();
    const b = await receive(g, 'SH2503', 10);
    await qa.postJson(`/api/admin/quality/batches/${b.id}/release`, { decision: 'release' });
    await onlyBatch(g, b.id);
    await t.db.delete(cartItems).where(eq(cartItems.userId, demoId));
    expect((await demo.post('/api/cart', { params: [{ goods_id: g.id, number: 2 }] })).body.code).toBe(10000);
    const ids = ((await demo.get('/api/cart/list')).body.data.list as { id: number }[]).map((l) => l.id);
    await demo.post('/api/cart/checkout', { ids });
    const c = (await demo.get('/api/cart/confirm?coupon_id=0')).body.data;
    const made = (await demo.post('/api/order', { address_id: c.address_id, coupon_id: 0 })).body.data.orders[0] as { id: number; order_no: string };
    await pay({ id: made.id, orderNo: made.order_no, payAmount: 0, goodsId: g.id, number: 2, couponId: null, redPacket: 0 }, 'balance');
    expect((await qa.postJson(`/api/admin/quality/batches/${b.id}/lock`, { reason: '待查' })).body.data.recipients).toHaveLength(1);
    const ship = () => warehouse.post(`/api/admin/orders/${made.id}/ship`, { carrier: '顺丰速运', tracking_no: `SF${made.order_no.slice(-10)}` });
    refused(await ship(), `${g.name}批号SH2503已锁定，不能发货：请待质管解除锁定，或取消该订单`);
    expect(await batchNow(b.id)).toMatchObject({ quantity: 10, held: 2 });
    await qa.post(`/api/admin/quality/batches/${b.id}/unlock`);
    expect((await ship()).body.code).toBe(10000);
    expect(await batchNow(b.id)).toMatchObject({ quantity: 8, held: 0 });
  });

  it('takes a return of the batch the buyer names back to 待验, not to sale, until qa passes it', async () => {
    const g = freshGoods();
    const b = await receive(g, 'RT2501', 20);
    await qa.postJson(`/api/admin/quality/batches/${b.id}/release`, { decision: 'release' });
    await onlyBatch(g, b.id);
    const o = await boughtAndShipped(g, 5);
    const [item] = (await demo.get(`/api/order/${o.id}`)).body.data.items as { id: number }[];
    invalidOn(
      await demo.post(`/api/order/${o.id}/return`, { lines: [{ item_id: item.id, number: 2, batch_no: 'XX999' }], reason: '包装破损' }),
      'lines.0.batch_no',
      /未从批号XX999发货/,
    );
    invalidOn(
      await demo.post(`/api/order/${o.id}/return`, { lines: [{ item_id: item.id, number: 2, batch_no: '批号' }], reason: '包装破损' }),
      'lines.0.batch_no',
    );
    const r = (await demo.post(`/api/order/${o.id}/return`, { lines: [{ item_id: item.id, number: 2, batch_no: 'rt2501' }], reason: '包装破损' })).body
      .data as { id: number; lines: { batch_no: string }[] };
    expect(r.lines[0].batch_no).toBe('RT2501');
    expect((await finance.post(`/api/admin/after_sales/${r.id}/decide`, { decision: 'approve' })).body.code).toBe(10000);
    expect((await finance.post(`/api/admin/after_sales/${r.id}/receive`)).body.code).toBe(10000);
    expect(await batchNow(b.id)).toMatchObject({ quantity: 15, returnsPending: 2 });
    expect((await goodsNow(g.id)).number).toBe(15);
    const passed = await qa.postJson(`/api/admin/quality/batches/${b.id}/returns`, { decision: 'release' });
    expect(passed.body.data).toMatchObject({ quantity: 17, returns_pending: 0 });
    expect((await goodsNow(g.id)).number).toBe(17);
    refused(await qa.postJson(`/api/admin/quality/batches/${b.id}/returns`, { decision: 'release' }), '该批号没有退货待验的数量');
  });
});

describe(`inspection reports on ${dbLabel}`, () => {
  it('serves a report stamped to the buyer of the batch and to approved buyers looking it up, and to nobody else', async () => {
    const g = freshGoods();
    // The site's 质量管理专用章 as qa keeps it in 首营资料: the picture stamped on every report.
    const seal = await qa.upload('/api/admin/documents/upload', PNG, '质量管理专用章.png');
    expect((await qa.postJson('/api/admin/documents/site', { kind: 'quality_seal', files: [seal.body.data.url] })).body.code).toBe(10000);
    const url = await uploadReport(await pdfReport(), '检验报告书.pdf');
    const b = await receive(g, 'RP2502', 10, url);
    expect(b).toMatchObject({ status: 0 });
    const path = `/api/reports/${g.id}/RP2502`;
    // 待验: nobody finds it yet.
    expect((await demo.get(`/api/reports?keyword=${encodeURIComponent(g.name.slice(0, 2))}&batch_no=RP2502`)).body.data).toEqual([]);
    expect((await t.app.inject({ method: 'GET', url: path, headers: { cookie: demo.cookie } })).statusCode).toBe(404);

    await qa.postJson(`/api/admin/quality/batches/${b.id}/release`, { decision: 'release' });
    const found = (await demo.get(`/api/reports?keyword=${encodeURIComponent(g.name.slice(0, 2))}&batch_no=rp2502`)).body.data;
    expect(found).toEqual([expect.objectContaining({ goods_id: g.id, batch_no: 'RP2502', has_report: true })]);
    const [py] = await t.db.select({ szm: goods.nameSzm }).from(goods).where(eq(goods.id, g.id));
    expect((await demo.get(`/api/reports?keyword=${py.szm}&batch_no=RP2502`)).body.data).toHaveLength(1);
    invalidOn(await demo.get(`/api/reports?keyword=x&batch_no=${encodeURIComponent('<b>')}`), 'batch_no');

    const res = await t.app.inject({ method: 'GET', url: path, headers: { cookie: demo.cookie } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(String(res.headers['cache-control'])).toBe('private, no-store');
    const stamped = await PDFDocument.load(res.rawPayload);
    expect(stamped.getPageCount()).toBe(1);
    expect(res.rawPayload.toString('latin1')).toMatch(/\/Subtype\s*\/Image/);

    // A guest 401; an account under review 404, as for a batch without a report.
    expect((await t.app.inject({ method: 'GET', url: path })).statusCode).toBe(401);
    const pending = await loginAs(t.app, 'pending');
    expect((await t.app.inject({ method: 'GET', url: path, headers: { cookie: pending.cookie } })).statusCode).toBe(404);
    refused(await pending.get(`/api/reports?keyword=a&batch_no=RP2502`), '资质审核通过后可查询药检报告');

    // Locked: approved buyers no longer find it, the buyer who received it still reads it.
    const png = await uploadReport(PNG, '报告.png');
    expect((await warehouse.postJson(`/api/admin/quality/batches/${b.id}/report`, { report: png })).body.code).toBe(10000);
    await onlyBatch(g, b.id);
    const o = await boughtAndShipped(g, 1);
    await qa.postJson(`/api/admin/quality/batches/${b.id}/lock`, { reason: '暂停销售待查' });
    const chain = await loginAs(t.app, 'chain');
    expect((await t.app.inject({ method: 'GET', url: path, headers: { cookie: chain.cookie } })).statusCode).toBe(404);
    const mine = await t.app.inject({ method: 'GET', url: path, headers: { cookie: demo.cookie } });
    expect(mine.statusCode).toBe(200);
    expect((await PDFDocument.load(mine.rawPayload)).getPageCount()).toBe(1);
    expect((await demo.get(`/api/reports/order/${o.id}`)).body.data).toEqual([expect.objectContaining({ batch_no: 'RP2502', has_report: true })]);
    expect((await chain.get(`/api/reports/order/${o.id}`)).status).toBe(404);
    expect((await ops.get(`/api/admin/quality/batches/${b.id}/report`)).status).toBe(200);
  });

  it('refuses a report that is not a PDF or a JPG or PNG picture', async () => {
    const res = await warehouse.upload('/api/admin/quality/upload', Buffer.from('GIF89a' + 'x'.repeat(40)), 'a.gif');
    invalidOn(res, 'file', '药检报告仅支持 PDF 或 JPG、PNG 图片');
    expect((await qa.upload('/api/admin/quality/upload', await pdfReport(), 'a.pdf')).status).toBe(403);
  });
});

describe(`the near-expiry report on ${dbLabel}`, () => {
  it('lists batches on hand expiring within the window, valued at the selling price, and exports them', async () => {
    const g = freshGoods();
    await t.db.insert(goodsBatches).values([
      { goodsId: g.id, batchNo: 'NX30', scrq: dayFrom(-700), xq: dayFrom(20), quantity: 7, status: 1 },
      { goodsId: g.id, batchNo: 'NX150', scrq: dayFrom(-600), xq: dayFrom(150), quantity: 9, status: 1 },
    ]);
    const d30 = (await ops.get('/api/admin/quality/near_expiry?days=30&page=1')).body.data;
    const d180 = (await ops.get('/api/admin/quality/near_expiry?days=180')).body.data;
    const mine = (r: { data: { batch_no: string; goods_id: number }[] }) => r.data.filter((x) => x.goods_id === g.id).map((x) => x.batch_no);
    expect(d30.days).toBe(30);
    expect(d180.total).toBeGreaterThan(d30.total);
    const all = [];
    for (let p = 1; p <= d30.last_page; p += 1) all.push(...(await ops.get(`/api/admin/quality/near_expiry?days=30&page=${p}`)).body.data.data);
    expect(mine({ data: all })).toEqual(['NX30']);
    const row = all.find((x: { batch_no: string }) => x.batch_no === 'NX30');
    expect(row.value).toBe(((g.basePrice * 7) / 100).toFixed(2));
    invalidOn(await ops.get('/api/admin/quality/near_expiry?days=45'), 'days', '请选择30、90或180天');
    const file = await ops.get('/api/admin/quality/near_expiry/export?days=30');
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(file.raw as unknown as ArrayBuffer);
    const values = (book.worksheets[0].getSheetValues().filter(Boolean) as unknown[][]).map((r) => r.slice(1));
    expect(values[0][12]).toBe('货值（元，按售价）');
    expect(values.some((r) => r[3] === 'NX30')).toBe(true);
    expect(values.at(-1)?.[0]).toBe('合计');
  });

  it('lists the batches of a goods with what each holds, to operators who read goods', async () => {
    const g = freshGoods();
    await receive(g, 'LS01', 3);
    const list = (await ops.get(`/api/admin/quality/batches?goods_id=${g.id}`)).body.data;
    expect(list.data[0]).toMatchObject({ batch_no: 'LS01', status_text: '待验', quantity: 3, held: 0, returns_pending: 0 });
    expect((await agent(t.app).get('/api/admin/quality/batches')).status).toBe(401);
    const byNo = (await warehouse.get('/api/admin/quality/batches?keyword=ls01')).body.data.data as { batch_no: string }[];
    expect(byNo.map((b) => b.batch_no)).toContain('LS01');
    const [{ id: userId }] = await t.db.select({ id: users.id }).from(users).where(eq(users.username, 'demo')).orderBy(desc(users.id));
    expect(userId).toBe(demoId);
  });
});
