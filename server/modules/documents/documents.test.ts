/**
 * 首营资料 as qa keeps them and a pharmacy receives them: only `document:write` sets them, bad input is refused in
 * Chinese with nothing written, every change is in the audit log once, an expired licence is flagged on the 工作台,
 * the site's documents reach approved buyers only, a goods never bought is 首营 until an order not cancelled holds it,
 * and an order's pack is one zip of the 资料清单, the site's files and the 首营 goods' files, for its buyer alone.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, asc, count, eq, gt } from 'drizzle-orm';
import { unzipSync } from 'fflate';
import { PDFParse } from 'pdf-parse';
import { auditLog, cartItems, goods, siteDocuments, users } from '../../db/schema/index.js';
import { agent, buildTestApp, dbLabel, loginAs, operatorLogin, type TestApp } from '../../testing.js';

let t: TestApp;
let qa: Awaited<ReturnType<typeof operatorLogin>>;
let buyer: ReturnType<typeof agent>;
let buyerId: number;

/** A small PDF and a PNG, as a scanner would send them. */
const PDF = Buffer.from('%PDF-1.4\n1 0 obj<</Type/Catalog>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n');
const PNG = Buffer.concat([Buffer.from('89504e470d0a1a0a', 'hex'), Buffer.alloc(64, 1)]);

beforeAll(async () => {
  t = await buildTestApp({ goods: 120, config: { RATE_LIMIT_FACTOR: 100 } });
  qa = await operatorLogin(t.app, 'qa');
  buyer = await loginAs(t.app, 'chain-a');
  [{ id: buyerId }] = await t.db.select({ id: users.id }).from(users).where(eq(users.username, 'chain-a'));
});
afterAll(async () => t?.close());

const audits = async (action: string) => (await t.db.select({ n: count() }).from(auditLog).where(eq(auditLog.action, action)))[0].n;

async function upload(file = PDF, name = '营业执照副本.pdf') {
  const res = await qa.upload('/api/admin/documents/upload', file, name);
  expect(res.body.code, res.body.message).toBe(10000);
  return res.body.data as { url: string; name: string; mime: string; size: number };
}

/** Sets the site's `kind` with one fresh file; answers the file. */
async function setSite(kind: string, fields: Record<string, string> = {}) {
  const file = await upload();
  const res = await qa.postJson('/api/admin/documents/site', { kind, files: [file.url], ...fields });
  expect(res.body.code, res.body.message).toBe(10000);
  return file;
}

/** An order of one goods for the buyer (not paid), from a cart holding that goods alone. */
async function orderOf(goodsId: number, zbz: number) {
  await t.db.delete(cartItems).where(eq(cartItems.userId, buyerId));
  expect((await buyer.post('/api/cart', { params: [{ goods_id: goodsId, number: zbz }] })).body.code).toBe(10000);
  const ids = ((await buyer.get('/api/cart/list')).body.data.list as { id: number }[]).map((l) => l.id);
  await buyer.post('/api/cart/checkout', { ids });
  const confirm = (await buyer.get('/api/cart/confirm?coupon_id=0')).body.data;
  const placed = await buyer.post('/api/order', { address_id: confirm.address_id, coupon_id: 0 });
  expect(placed.body.code, placed.body.message).toBe(10000);
  return placed.body.data.orders[0].id as number;
}

/** A zip answer's entries by name. */
async function zipOf(res: { statusCode: number; headers: Record<string, unknown> }, raw: Buffer) {
  expect(res.statusCode).toBe(200);
  expect(res.headers['content-type']).toBe('application/zip');
  expect(String(res.headers['cache-control'])).toContain('private');
  return unzipSync(new Uint8Array(raw));
}

const download = (url: string, cookie: string) => t.app.inject({ method: 'GET', url, headers: { cookie } });

describe(`the site's first-business documents in the console on ${dbLabel}`, () => {
  it('are kept by document:write alone', async () => {
    expect((await agent(t.app).get('/api/admin/documents/site')).status).toBe(401);
    const warehouse = await operatorLogin(t.app, 'warehouse');
    const refused = await warehouse.postJson('/api/admin/documents/site', { kind: 'gsp', files: [] });
    expect(refused.status).toBe(403);
    expect(refused.body.message).toBe('无权限');
    const list = (await qa.get('/api/admin/documents/site')).body.data as { kind: string; state: string }[];
    expect(list.map((d) => d.kind)).toEqual([
      'business_licence',
      'drug_licence',
      'gsp',
      'bank_account',
      'quality_agreement',
      'power_of_attorney',
      'outbound_seal',
      'quality_seal',
      'delivery_note_sample',
    ]);
    expect(new Set(list.map((d) => d.state))).toEqual(new Set(['missing']));
  });

  it('refuses a file that is neither a PDF nor a picture', async () => {
    const res = await qa.upload('/api/admin/documents/upload', Buffer.from('营业执照'), '执照.txt');
    expect(res.status).toBe(422);
    expect(res.body.data.errors.file).toEqual(['仅支持 PDF 或 JPG、PNG、GIF、WEBP 图片']);
  });

  it('refuses bad input in Chinese and writes nothing', async () => {
    const file = await upload();
    const cases: [Record<string, unknown>, string, string][] = [
      [{ kind: 'drug_licence', files: [file.url] }, 'valid_until', '请填写药品经营许可证的有效期至'],
      [{ kind: 'outbound_seal', files: [file.url], valid_until: '2030-01-01' }, 'valid_until', '出库专用章没有有效期，请留空'],
      [{ kind: 'gsp', files: [file.url], valid_from: '2026-05-01', valid_until: '2026-04-01' }, 'valid_until', '有效期至不能早于发证日期'],
      [{ kind: 'gsp', files: [file.url], valid_until: '2026-02-30' }, 'valid_until', '有效期至不是有效日期'],
      [{ kind: 'business_licence', files: [] }, 'files', '请上传资料文件'],
      [{ kind: 'business_licence', files: ['/uploads/licence.pdf'] }, 'files.0', '资料文件须为本站上传的文件'],
      [{ kind: 'business_licence', files: ['/uploads/documents/abc-0123456789abcdef.pdf'] }, 'files', '资料文件须为本站上传的文件，请重新上传'],
      [{ kind: 'id_card', files: [file.url] }, 'kind', '请选择资料类型'],
      [{ kind: 'business_licence', files: [file.url], number: '<b>91330100</b>' }, 'number', '证号不能包含 < 或 > 字符'],
    ];
    for (const [body, field, message] of cases) {
      const res = await qa.postJson('/api/admin/documents/site', body);
      expect(res.status, JSON.stringify(body)).toBe(422);
      expect(res.body.data.errors[field], JSON.stringify(res.body.data.errors)).toEqual([message]);
    }
    expect((await t.db.select({ n: count() }).from(siteDocuments))[0].n).toBe(0);
    expect(await audits('document.site')).toBe(0);
  });

  it('keeps a document with its number and validity, in the audit log once however often it is posted', async () => {
    const file = await upload();
    const body = { kind: 'drug_licence', number: '浙AA5710001', valid_from: '2024-03-01', valid_until: '2029-02-28', files: [file.url], remark: '正副本' };
    const first = await qa.postJson('/api/admin/documents/site', body);
    expect(first.body.data).toMatchObject({ number: '浙AA5710001', valid_until: '2029-02-28', state: 'valid', state_text: '有效', updated_by: '王强' });
    expect(first.body.data.files).toEqual([{ url: file.url, name: '营业执照副本.pdf', mime: 'application/pdf', size: PDF.length }]);
    await qa.postJson('/api/admin/documents/site', body);
    expect(await audits('document.site')).toBe(1);
    const [row] = await t.db.select().from(auditLog).where(eq(auditLog.action, 'document.site'));
    expect(row).toMatchObject({ permission: 'document:write', targetType: 'site_document', targetId: 'drug_licence', before: null });
    expect(row.after).toMatchObject({ doc_number: '浙AA5710001', valid_until: '2029-02-28', files: ['营业执照副本.pdf'] });
  });

  it('flags an expired licence on the 工作台 of those who keep them, and one ending within 30 days', async () => {
    await setSite('quality_agreement', { number: 'ZLXY-2024-018', valid_from: '2024-01-01', valid_until: '2025-12-31' });
    const soon = new Date(Date.now() + 8 * 3_600_000 + 10 * 86_400_000).toISOString().slice(0, 10);
    await setSite('gsp', { number: 'ZJ-GSP-2021-0342', valid_until: soon });
    const alerts = (await qa.get('/api/admin/dashboard')).body.data.alerts as { key: string; level: string; text: string }[];
    expect(alerts.map((a) => [a.key, a.level])).toEqual([
      ['document-expired-quality_agreement', 'error'],
      ['document-expiring-gsp', 'warning'],
    ]);
    expect(alerts[0].text).toContain('质量保证协议」已于 2025-12-31 过期');
    const warehouse = await operatorLogin(t.app, 'warehouse');
    expect((await warehouse.get('/api/admin/dashboard')).body.data.alerts).toEqual([]);
  });
});

describe(`the site's documents for buyers on ${dbLabel}`, () => {
  it('lists them to an account under review without a file to download', async () => {
    expect((await agent(t.app).get('/api/documents/site')).status).toBe(401);
    const pending = await loginAs(t.app, 'pending');
    const seen = (await pending.get('/api/documents/site')).body.data;
    expect(seen.may_download).toBe(0);
    expect(seen.documents.map((d: { kind: string }) => d.kind)).toEqual(['drug_licence', 'gsp', 'quality_agreement']);
    expect(seen.documents.every((d: { files: unknown[] }) => d.files.length === 0)).toBe(true);
    const file = await pending.get('/api/documents/site/drug_licence/1');
    expect(file.body.message).toBe('资质审核通过后可下载本站首营资料');
  });

  it('serves each file and the whole set as a zip to an approved buyer, never to a cache', async () => {
    const seen = (await buyer.get('/api/documents/site')).body.data;
    expect(seen.may_download).toBe(1);
    const licence = seen.documents.find((d: { kind: string }) => d.kind === 'drug_licence');
    expect(licence).toMatchObject({ number: '浙AA5710001', valid_from: '2024-03-01', valid_until: '2029-02-28', state: 'valid' });
    const res = await download('/api/documents/site/drug_licence/1', buyer.cookie);
    expect(res.statusCode).toBe(200);
    expect(res.rawPayload.equals(PDF)).toBe(true);
    expect(res.headers['cache-control']).toBe('private, no-store');
    expect(String(res.headers['content-disposition'])).toContain(encodeURIComponent('药品经营许可证.pdf'));
    expect((await download('/api/documents/site/drug_licence/2', buyer.cookie)).statusCode).toBe(404);
    expect((await download('/api/documents/site/drug_licence/1', '')).statusCode).toBe(401);
    const zip = await download('/api/documents/site/zip', buyer.cookie);
    const entries = await zipOf(zip, zip.rawPayload);
    expect(Object.keys(entries).sort()).toEqual([
      '00 资料清单.pdf',
      '本站首营资料/01 药品经营许可证.pdf',
      '本站首营资料/02 GSP证书.pdf',
      '本站首营资料/03 质量保证协议.pdf',
    ]);
  });
});

describe(`首营 goods and the order's document pack on ${dbLabel}`, () => {
  let goodsId: number;
  let zbz: number;

  it("keeps each goods' documents, refusing unknown goods", async () => {
    const rows = await t.db
      .select({ id: goods.id, zbz: goods.zbz })
      .from(goods)
      .where(and(eq(goods.isBuy, true), eq(goods.isOnSale, true), eq(goods.isKx, false), eq(goods.isEphedrine, false), gt(goods.number, 1000)))
      .orderBy(asc(goods.id));
    const first = (await buyer.get(`/api/documents/first?ids=${rows.map((r) => r.id).join(',')}`)).body.data.ids as number[];
    ({ id: goodsId, zbz } = rows.find((r) => first.includes(r.id))!);
    const registration = await upload(PDF, '注册批件.pdf');
    const picture = await upload(PNG, '包装.png');
    const saved = await qa.postJson(`/api/admin/documents/goods/${goodsId}`, {
      kind: 'registration',
      number: '国药准字H20003263',
      valid_until: '2030-06-30',
      files: [registration.url],
    });
    expect(saved.body.code, saved.body.message).toBe(10000);
    await qa.postJson(`/api/admin/documents/goods/${goodsId}`, { kind: 'package', files: [picture.url] });
    const docs = (await qa.get(`/api/admin/documents/goods/${goodsId}`)).body.data.documents as { kind: string; state: string }[];
    expect(docs.map((d) => [d.kind, d.state])).toEqual([
      ['registration', 'valid'],
      ['insert', 'missing'],
      ['quality_standard', 'missing'],
      ['package', 'long'],
    ]);
    const page = (await qa.get('/api/admin/documents/goods')).body.data;
    expect(page.data).toEqual([expect.objectContaining({ id: goodsId, kinds: ['registration', 'package'] })]);
    expect((await qa.postJson('/api/admin/documents/goods/99999999', { kind: 'insert', files: [picture.url] })).status).toBe(404);
    expect(await audits('document.goods')).toBe(2);
  });

  it('marks a goods 首营 until an order that is not cancelled holds it', async () => {
    const isFirst = async () => ((await buyer.get(`/api/documents/first?ids=${goodsId}`)).body.data.ids as number[]).includes(goodsId);
    expect((await buyer.get('/api/documents/first?ids=1,x')).status).toBe(422);
    expect(await isFirst()).toBe(true);
    const cancelled = await orderOf(goodsId, zbz);
    expect(await isFirst()).toBe(false);
    expect((await buyer.post(`/api/order/${cancelled}/cancel`, { reason: '重复下单' })).body.code).toBe(10000);
    expect(await isFirst()).toBe(true);
  });

  it("packs the 资料清单, the site's files and the 首营 goods' files of an order, for its buyer alone", async () => {
    const orderId = await orderOf(goodsId, zbz);
    const info = (await buyer.get(`/api/documents/order/${orderId}`)).body.data;
    expect(info.first_goods).toEqual([expect.objectContaining({ id: goodsId, kinds: ['注册证/批件', '包装图'] })]);
    expect(info).toMatchObject({ site_documents: 3, files: 6 });
    const res = await download(`/api/documents/order/${orderId}/pack`, buyer.cookie);
    const entries = await zipOf(res, res.rawPayload);
    const names = Object.keys(entries);
    expect(names).toHaveLength(6);
    expect(names).toContain('本站首营资料/01 药品经营许可证.pdf');
    const goodsFiles = names.filter((n) => n.startsWith('首营品种资料/'));
    expect(goodsFiles.map((n) => n.split('/')[2]).sort()).toEqual(['包装图.png', '注册证或批件.pdf']);
    expect(Buffer.from(entries[goodsFiles.find((n) => n.endsWith('.png'))!]).equals(PNG)).toBe(true);
    const text = (await new PDFParse({ data: entries['00 资料清单.pdf'] }).getText()).text;
    expect(text).toContain('首营资料清单');
    expect(text).toContain(info.order_no);
    expect(text).toContain('浙AA5710001');
    expect(text).toContain('国药准字H20003263');

    // The next order of the same goods carries the site's documents only.
    const again = await orderOf(goodsId, zbz);
    expect((await buyer.get(`/api/documents/order/${again}`)).body.data.first_goods).toEqual([]);
    const list = (await buyer.get('/api/documents/orders')).body.data;
    expect(list.data.slice(0, 2).map((o: { order_id: number; first_goods: unknown[] }) => [o.order_id, o.first_goods.length])).toEqual([
      [again, 0],
      [orderId, 1],
    ]);

    // Another account, a guest: as if there were no such order. An operator who reads orders: the same pack.
    const other = await loginAs(t.app, 'demo');
    expect((await other.get(`/api/documents/order/${orderId}`)).status).toBe(404);
    expect((await download(`/api/documents/order/${orderId}/pack`, other.cookie)).statusCode).toBe(404);
    expect((await download(`/api/documents/order/${orderId}/pack`, '')).statusCode).toBe(401);
    const service = await operatorLogin(t.app, 'service');
    const copy = await download(`/api/admin/documents/orders/${orderId}/pack`, service.cookie);
    expect(Object.keys(await zipOf(copy, copy.rawPayload))).toHaveLength(6);
  });

  it('shows an uploaded file to the console and to nobody else', async () => {
    const file = await upload(PNG, '印模.png');
    const res = await download(`/api/admin/documents/file?url=${encodeURIComponent(file.url)}`, qa.cookie);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('image/png');
    expect((await download(`/api/admin/documents/file?url=${encodeURIComponent(file.url)}`, buyer.cookie)).statusCode).toBe(401);
    expect((await download(file.url, buyer.cookie)).statusCode).toBe(404);
  });
});
