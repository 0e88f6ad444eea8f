/**
 * The console's goods, stock, prices, categories and brands: who may do what, what buyers see right after an
 * operator's change, what is refused with nothing written, and what the audit log keeps.
 */
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, asc, eq, sql } from 'drizzle-orm';
import { auditLog } from '../../db/schema/operators.js';
import { brands, categories, goods, stockLog } from '../../db/schema/catalogue.js';
import { CONTROL_CHAR_MESSAGE } from '../../http/input-guard.js';
import { agent, buildTestApp, dbLabel, loginAs, operatorLogin, type TestApp } from '../../testing.js';
import { COLUMNS, XLSX_TYPE } from './admin-excel.js';

let t: TestApp;
let ops: Awaited<ReturnType<typeof operatorLogin>>;
let buyer: ReturnType<typeof agent>;
/** A category without sub-categories, one with them, a brand and a 经营范围 class. */
let leaf: number;
let parent: number;
let brandId: number;
let scopeId: number;

beforeAll(async () => {
  t = await buildTestApp({ goods: 60, config: { RATE_LIMIT_FACTOR: 10 } });
  ops = await operatorLogin(t.app, 'ops');
  buyer = await loginAs(t.app, 'demo');
  const cats = await t.db.select().from(categories).orderBy(asc(categories.id));
  const parents = new Set(cats.map((c) => c.parentId));
  leaf = cats.find((c) => c.parentId !== 0 && !parents.has(c.id))!.id;
  parent = cats.find((c) => parents.has(c.id))!.id;
  [{ id: brandId }] = await t.db.select({ id: brands.id }).from(brands).limit(1);
  scopeId = (await agent(t.app).get('/api/user/jyfw')).body.data[0].id;
});
afterAll(async () => t?.close());

let serial = 0;
/** A goods form that holds, with a name no seeded goods has. */
function newGoods(over: Record<string, unknown> = {}) {
  serial += 1;
  return {
    name: `测试灵芝孢子胶囊${serial}号`,
    sccj: '杭州测试制药有限公司',
    ypgg: '0.3g*60粒',
    bzdw: '盒',
    pzwh: `国药准字Z2099${String(1000 + serial)}`,
    jx: '胶囊剂',
    cfl: '甲类OTC',
    scrq: '2025-03-01',
    xq: '2028-02-28',
    zbz: 5,
    jzl: 200,
    ccfs: '阴凉',
    category_id: leaf,
    brand_id: brandId,
    scope_id: null,
    is_free_shipping: 1,
    free_shipping_number: 50,
    tags: ['新'],
    base_price: '36.80',
    ladder_price: [
      { number: 10, price: '35.50' },
      { number: 50, price: '34.00' },
    ],
    instructions: '【功能主治】扶正固本。\n【用法用量】口服，一次2粒，一日2次。',
    number: 500,
    ...over,
  };
}

async function create(over: Record<string, unknown> = {}) {
  const res = await ops.post('/api/admin/goods', newGoods(over));
  expect(res.body.code, res.body.message).toBe(10000);
  return res.body.data as { id: number; name: string; base_price: string; number: number };
}

const auditOf = (id: number, action: string) =>
  t.db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.targetType, 'goods'), eq(auditLog.targetId, String(id)), eq(auditLog.action, action)))
    .orderBy(asc(auditLog.id));

describe(`console goods on ${dbLabel}`, () => {
  it('lets ops write goods, warehouse change stock but not prices, and qa, service and finance write nothing; a buyer gets 401', async () => {
    const g = await create();
    const body = { base_price: '38.00' };
    const stock = { delta: 1, reason: '盘点' };
    for (const name of ['qa', 'service', 'finance']) {
      const a = await operatorLogin(t.app, name);
      expect((await a.post('/api/admin/goods', newGoods())).status, name).toBe(403);
      expect((await a.post(`/api/admin/goods/${g.id}`, body)).body, name).toMatchObject({ code: 403, message: '无权限' });
      expect((await a.post(`/api/admin/goods/${g.id}/stock`, stock)).status, name).toBe(403);
      expect((await a.post('/api/admin/goods/on_sale', { ids: [g.id], is_on_sale: 0 })).status, name).toBe(403);
      expect((await a.post('/api/admin/categories', { name: '不该有的分类' })).status, name).toBe(403);
    }
    // 质管 and 客服 read goods; 财务 does not.
    expect((await (await operatorLogin(t.app, 'qa')).get('/api/admin/goods')).body.code).toBe(10000);
    expect((await (await operatorLogin(t.app, 'finance')).get('/api/admin/goods')).status).toBe(403);

    const warehouse = await operatorLogin(t.app, 'warehouse');
    expect((await warehouse.post(`/api/admin/goods/${g.id}`, body)).status).toBe(403);
    const moved = await warehouse.post(`/api/admin/goods/${g.id}/stock`, stock);
    expect(moved.body.data).toMatchObject({
      goods_id: g.id,
      number: g.number + 1,
      log: { delta: 1, stock_after: g.number + 1, reason: '盘点', operator_name: expect.stringContaining('warehouse') },
    });
    expect((await ops.post(`/api/admin/goods/${g.id}`, body)).body.data.base_price).toBe('38.00');

    for (const url of ['/api/admin/goods', `/api/admin/goods/${g.id}`, `/api/admin/goods/${g.id}/stock_log`, '/api/admin/categories', '/api/admin/brands']) {
      expect((await buyer.get(url)).status, url).toBe(401);
    }
    expect((await buyer.post('/api/admin/goods', newGoods())).status).toBe(401);
    expect((await buyer.post(`/api/admin/goods/${g.id}/stock`, stock)).status).toBe(401);
  });

  it('creates goods that buyers find at once in search, list and detail, with the price only approved buyers see', async () => {
    const g = await create({ scope_id: scopeId });
    const detail = (await ops.get(`/api/admin/goods/${g.id}`)).body.data;
    expect(detail).toMatchObject({
      name: g.name,
      pzwh: expect.stringMatching(/^国药准字Z2099/),
      cfl: '甲类OTC',
      ccfs: '阴凉',
      category_id: leaf,
      category_name: expect.stringContaining('/'),
      brand_id: brandId,
      scope_id: scopeId,
      scope_name: expect.any(String),
      base_price: '36.80',
      ladder_price: [
        { number: 10, price: '35.50' },
        { number: 50, price: '34.00' },
      ],
      instructions: expect.stringContaining('扶正固本'),
      number: 500,
      held_number: 0,
      is_on_sale: 1,
    });
    const [row] = await t.db.select().from(goods).where(eq(goods.id, g.id));
    expect(row).toMatchObject({ basePrice: 3680, ladderPriceType: 1, nameSzm: expect.stringMatching(/^cslzbzjn/), sccjSzm: 'hzcszyyxgs' });

    const found = (await buyer.get(`/api/goods/search?keywords=${encodeURIComponent(g.name)}`)).body.data as { id: number; base_price: string }[];
    expect(found.find((x) => x.id === g.id)?.base_price).toBe('36.80');
    const listed = (await buyer.get(`/api/goods/list?keywords=${encodeURIComponent(g.name)}`)).body.data.data as { id: number }[];
    expect(listed.map((x) => x.id)).toContain(g.id);
    expect((await buyer.get(`/api/goods/detail/${g.id}`)).body.data).toMatchObject({ id: g.id, base_price: '36.80', price_tip: null });
    const guest = (await agent(t.app).get(`/api/goods/detail/${g.id}`)).body.data;
    expect(guest).toMatchObject({ base_price: null, price_tip: '登录可见' });
    expect(guest.ladder_price.every((tier: { price: string | null }) => tier.price === null)).toBe(true);

    // The console's list finds it by name, initials, manufacturer and approval number; the first stock is logged.
    for (const keyword of [g.name, 'csLZbzjn', '杭州测试制药', detail.pzwh]) {
      const rows = (await ops.get(`/api/admin/goods?keyword=${encodeURIComponent(keyword)}`)).body.data.data as { id: number }[];
      expect(
        rows.map((r) => r.id),
        keyword,
      ).toContain(g.id);
    }
    const log = (await ops.get(`/api/admin/goods/${g.id}/stock_log`)).body.data;
    expect(log.data).toEqual([expect.objectContaining({ delta: 500, stock_after: 500, reason: '新建商品' })]);
    const [audit] = await auditOf(g.id, 'goods.create');
    expect(audit).toMatchObject({
      permission: 'goods:write',
      before: null,
      after: expect.objectContaining({ name: g.name, base_price: '36.80', ladder_price: '10:35.50;50:34.00' }),
    });
  });

  it('shows a new price on the very next storefront request, in the detail and the list, and audits before and after', async () => {
    const g = await create();
    const listUrl = `/api/goods/list?keywords=${encodeURIComponent(g.name)}`;
    // Both answers are now kept (30 s for lists, 5 s for details).
    expect((await buyer.get(`/api/goods/detail/${g.id}`)).body.data.base_price).toBe('36.80');
    expect((await buyer.get(listUrl)).body.data.data[0].base_price).toBe('36.80');
    const res = await ops.post(`/api/admin/goods/${g.id}`, { base_price: '32.50', ladder_price: [{ number: 20, price: '31.00' }] });
    expect(res.body.data).toMatchObject({ base_price: '32.50', ladder_price: [{ number: 20, price: '31.00' }], name: g.name, number: 500 });
    const detail = (await buyer.get(`/api/goods/detail/${g.id}`)).body.data;
    expect(detail).toMatchObject({ base_price: '32.50', ladder_price: [{ number: 20, price: '31.00' }] });
    expect((await buyer.get(listUrl)).body.data.data[0]).toMatchObject({ id: g.id, base_price: '32.50' });
    const [audit] = await auditOf(g.id, 'goods.update');
    expect(audit.before).toEqual({ base_price: '36.80', ladder_price: '10:35.50;50:34.00' });
    expect(audit.after).toEqual({ base_price: '32.50', ladder_price: '20:31.00' });

    // Renamed: search finds the new name at once and no longer the old one.
    const renamed = `${g.name}（新包装）`;
    await ops.post(`/api/admin/goods/${g.id}`, { name: renamed });
    const found = (await buyer.get(`/api/goods/search?keywords=${encodeURIComponent(renamed)}`)).body.data as { id: number; name: string }[];
    expect(found.find((x) => x.id === g.id)?.name).toBe(renamed);
  });

  it('refuses bad prices, ladders, dates, references and control characters with a Chinese field message, and writes nothing', async () => {
    const g = await create();
    const [before] = await t.db.select().from(goods).where(eq(goods.id, g.id));
    const audits = (await auditOf(g.id, 'goods.update')).length;
    const cases: [Record<string, unknown>, string, string][] = [
      [{ base_price: '-1' }, 'base_price', '价格须为金额（元），不能为负数，最多两位小数'],
      [{ base_price: '0' }, 'base_price', '价格须大于0'],
      [{ base_price: '12.345' }, 'base_price', '价格须为金额（元），不能为负数，最多两位小数'],
      [{ ladder_price: [{ number: 10, price: '40.00' }] }, 'ladder_price.0.price', '阶梯单价须低于价格'],
      [
        {
          ladder_price: [
            { number: 10, price: '30.00' },
            { number: 5, price: '29.00' },
          ],
        },
        'ladder_price.1.number',
        '阶梯数量须逐档递增',
      ],
      [
        {
          ladder_price: [
            { number: 10, price: '30.00' },
            { number: 20, price: '31.00' },
          ],
        },
        'ladder_price.1.price',
        '阶梯单价须随数量增加而降低',
      ],
      [{ ladder_price: [{ number: 10, price: '-3' }] }, 'ladder_price.0.price', '阶梯单价须为金额（元），不能为负数，最多两位小数'],
      [{ ladder_price: [2, 3, 4, 5, 6, 7].map((n) => ({ number: n * 10, price: `${30 - n}.00` })) }, 'ladder_price', '阶梯价最多5档'],
      [{ name: '阿莫西林\u0000胶囊' }, 'name', CONTROL_CHAR_MESSAGE],
      [{ name: '' }, 'name', '请输入商品名称'],
      [{ scrq: '2027-01-01', xq: '2026-12-31' }, 'xq', '效期须晚于生产日期'],
      [{ xq: '2027-02-30' }, 'xq', '效期不是有效日期'],
      [{ cfl: '非处方' }, 'cfl', '处方分类须为处方药、甲类OTC、乙类OTC、器械、中药饮片、保健食品之一'],
      [{ ccfs: '冷冻' }, 'ccfs', '储存方式须为常温、阴凉、冷藏之一'],
      [{ category_id: parent }, 'category_id', '请选择最下级分类'],
      [{ category_id: 999_999 }, 'category_id', '分类不存在'],
      [{ brand_id: 999_999 }, 'brand_id', '品牌不存在'],
      [{ scope_id: 999_999 }, 'scope_id', '经营范围不存在'],
      [{ is_free_shipping: 1, free_shipping_number: 0 }, 'free_shipping_number', '包邮商品请填写包邮起订数量'],
      [{ goods_image: ['/uploads/public/never-uploaded.png'] }, 'goods_image.0', '图片不存在，请先上传'],
      [{ goods_image: ['javascript:alert(1)'] }, 'goods_image.0', '商品图片地址不正确'],
    ];
    for (const [body, field, message] of cases) {
      const res = await ops.post(`/api/admin/goods/${g.id}`, body);
      expect(res.status, JSON.stringify(body)).toBe(422);
      expect(res.body.data.errors[field], JSON.stringify(body)).toContain(message);
    }
    const [after] = await t.db.select().from(goods).where(eq(goods.id, g.id));
    expect(after).toEqual(before);
    expect(await auditOf(g.id, 'goods.update')).toHaveLength(audits);

    // The same rules hold when creating, and nothing is created.
    const [{ n }] = await t.db.select({ n: sql<number>`count(*)::int` }).from(goods);
    const refused = await ops.post('/api/admin/goods', newGoods({ base_price: '-5', category_id: parent }));
    expect(refused.status).toBe(422);
    expect(refused.body.data.errors.base_price).toBeDefined();
    expect((await ops.post('/api/admin/goods', newGoods({ category_id: parent }))).body.data.errors.category_id).toEqual(['请选择最下级分类']);
    expect((await ops.post('/api/admin/goods', newGoods({ sccj: '药厂\u0000' }))).body.data.errors.sccj).toEqual([CONTROL_CHAR_MESSAGE]);
    const [{ n: still }] = await t.db.select({ n: sql<number>`count(*)::int` }).from(goods);
    expect(still).toBe(n);
  });

  it('answers 404 for goods that do not exist', async () => {
    expect((await ops.get('/api/admin/goods/999999')).status).toBe(404);
    expect((await ops.post('/api/admin/goods/999999', { base_price: '1.00' })).body).toMatchObject({ code: 404, message: '商品不存在' });
    expect((await ops.post('/api/admin/goods/999999/stock', { delta: 1, reason: '盘点' })).status).toBe(404);
    expect((await ops.get('/api/admin/goods/999999/stock_log')).status).toBe(404);
  });

  it('refuses to take stock below zero and keeps it as it was', async () => {
    const g = await create({ number: 3 });
    const res = await ops.post(`/api/admin/goods/${g.id}/stock`, { delta: -4, reason: '报损' });
    expect(res.body).toMatchObject({ code: 400, message: '库存不足：当前库存3，调整后不能小于0' });
    expect((await ops.post(`/api/admin/goods/${g.id}/stock`, { delta: 0, reason: '报损' })).body.data.errors.delta).toEqual(['调整数量不能为0']);
    expect((await ops.post(`/api/admin/goods/${g.id}/stock`, { delta: -1 })).body.data.errors.reason).toEqual(['请输入调整原因']);
    const [row] = await t.db.select({ number: goods.number }).from(goods).where(eq(goods.id, g.id));
    expect(row.number).toBe(3);
    expect(await t.db.select().from(stockLog).where(eq(stockLog.goodsId, g.id))).toHaveLength(1);
    const taken = await ops.post(`/api/admin/goods/${g.id}/stock`, { delta: -3, reason: '报损' });
    expect(taken.body.data.number).toBe(0);
    const [audit] = await auditOf(g.id, 'goods.stock');
    expect(audit).toMatchObject({ permission: 'stock:write', before: { number: 3, reason: null }, after: { number: 0, reason: '报损' } });
  });

  it('takes 20 concurrent units of -1 off a stock of 10 down to exactly 0, with 10 log rows', async () => {
    const g = await create({ number: 10 });
    const results = await Promise.all(Array.from({ length: 20 }, () => ops.post(`/api/admin/goods/${g.id}/stock`, { delta: -1, reason: '并发出库' })));
    expect(results.filter((r) => r.body.code === 10000)).toHaveLength(10);
    expect(results.filter((r) => r.body.code === 400)).toHaveLength(10);
    const [row] = await t.db.select({ number: goods.number }).from(goods).where(eq(goods.id, g.id));
    expect(row.number).toBe(0);
    const logs = await t.db
      .select()
      .from(stockLog)
      .where(and(eq(stockLog.goodsId, g.id), eq(stockLog.delta, -1)));
    expect(logs).toHaveLength(10);
    expect(logs.map((l) => l.stockAfter).sort((a, b) => a - b)).toEqual([0, 1, 2, 3, 4, 5, 6, 7, 8, 9]);
  });

  it('puts goods off and on sale in bulk: off-sale goods vanish from the storefront at once; an unknown id changes nothing', async () => {
    const a = await create();
    const b = await create();
    expect((await buyer.get(`/api/goods/detail/${a.id}`)).body.data.id).toBe(a.id);
    const missing = await ops.post('/api/admin/goods/on_sale', { ids: [a.id, 999_999], is_on_sale: 0 });
    expect(missing.status).toBe(404);
    expect((await t.db.select({ on: goods.isOnSale }).from(goods).where(eq(goods.id, a.id)))[0].on).toBe(true);

    const off = await ops.post('/api/admin/goods/on_sale', { ids: [a.id, b.id], is_on_sale: 0 });
    expect(off.body.data).toEqual({ ids: [a.id, b.id], is_on_sale: 0, changed: 2 });
    expect((await buyer.get(`/api/goods/detail/${a.id}`)).status).toBe(404);
    const found = (await buyer.get(`/api/goods/search?keywords=${encodeURIComponent(a.name)}`)).body.data as { id: number }[];
    expect(found.map((x) => x.id)).not.toContain(a.id);
    expect((await ops.get('/api/admin/goods?is_on_sale=0')).body.data.data.map((x: { id: number }) => x.id)).toEqual(expect.arrayContaining([a.id, b.id]));
    for (const id of [a.id, b.id]) expect((await auditOf(id, 'goods.on_sale'))[0]).toMatchObject({ before: { is_on_sale: 1 }, after: { is_on_sale: 0 } });

    expect((await ops.post('/api/admin/goods/on_sale', { ids: [a.id], is_on_sale: 1 })).body.data.changed).toBe(1);
    expect((await buyer.get(`/api/goods/detail/${a.id}`)).body.data.id).toBe(a.id);
  });

  it('shows the units open orders hold beside the stock they were taken from', async () => {
    const g = await create({ number: 100, is_free_shipping: 0, free_shipping_number: 0, ladder_price: [] });
    await buyer.post('/api/cart', { params: [{ goods_id: g.id, number: 10 }] });
    const lines = (await buyer.get('/api/cart/list')).body.data.list as { id: number; goods_id: number }[];
    await buyer.post('/api/cart/checkout', { ids: lines.filter((l) => l.goods_id === g.id).map((l) => l.id) });
    const confirm = (await buyer.get('/api/cart/confirm')).body.data;
    const placed = await buyer.post('/api/order', { address_id: confirm.address_id });
    expect(placed.body.code, placed.body.message).toBe(10000);
    const detail = (await ops.get(`/api/admin/goods/${g.id}`)).body.data;
    expect(detail).toMatchObject({ number: 90, held_number: 10 });
  });

  it('lists newest first, 20 a page, by category and flags', async () => {
    const g = await create({ is_buy: 0 });
    const page = (await ops.get('/api/admin/goods')).body.data;
    expect(page).toMatchObject({ current_page: 1, per_page: 20 });
    expect(page.data).toHaveLength(20);
    expect(page.data[0].id).toBe(g.id);
    const unbuyable = (await ops.get('/api/admin/goods?is_buy=0')).body.data.data as { id: number; is_buy: number }[];
    expect(unbuyable[0].id).toBe(g.id);
    expect(unbuyable.every((x) => x.is_buy === 0)).toBe(true);
    const [{ parentId }] = await t.db.select({ parentId: categories.parentId }).from(categories).where(eq(categories.id, leaf));
    const [top] = await t.db.select().from(categories).where(eq(categories.id, parentId));
    const inTop = (await ops.get(`/api/admin/goods?category=${top.id}`)).body.data.data as { id: number; category_name: string }[];
    expect(inTop.map((x) => x.id)).toContain(g.id);
    expect(inTop.every((x) => x.category_name.startsWith(`${top.name}/`))).toBe(true);
  });
});

describe(`console pictures on ${dbLabel}`, () => {
  const png = (size = 200) => Buffer.concat([Buffer.from('89504e470d0a1a0a', 'hex'), Buffer.alloc(size, 7)]);

  it('uploads public pictures that goods then show, in the order sent, and removes them by leaving them out', async () => {
    const first = (await ops.upload('/api/admin/images', png(), '正面.png', 'image/png')).body.data;
    const second = (await ops.upload('/api/admin/images', png(300), '侧面.png', 'image/png')).body.data;
    expect(first).toMatchObject({ url: expect.stringMatching(/^\/uploads\/public\/[a-z0-9]+-[a-f0-9]{16}\.png$/), name: '正面.png', size: 208 });
    const served = await t.app.inject({ method: 'GET', url: first.url });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/png');
    expect(served.headers['cache-control']).toContain('public');

    const g = await create({ goods_image: [first.url, second.url] });
    const reordered = await ops.post(`/api/admin/goods/${g.id}`, { goods_image: [second.url, first.url] });
    expect(reordered.body.data.goods_image).toEqual([second.url, first.url]);
    expect((await buyer.get(`/api/goods/detail/${g.id}`)).body.data.goods_image).toEqual([second.url, first.url]);
    const removed = await ops.post(`/api/admin/goods/${g.id}`, { goods_image: [first.url] });
    expect(removed.body.data.goods_image).toEqual([first.url]);
    const audits = await auditOf(g.id, 'goods.update');
    expect(audits.at(-1)!.after).toEqual({ goods_image: [first.url.split('/').pop()] });
  });

  it('takes images only, up to 2 MB, from operators who edit goods or categories', async () => {
    expect((await ops.upload('/api/admin/images', Buffer.from('%PDF-1.4 not a picture'), 'a.pdf')).body.data.errors.file).toEqual([
      '仅支持 JPG、PNG、GIF、WEBP 图片',
    ]);
    expect((await ops.upload('/api/admin/images', png(2 * 1024 * 1024), 'big.png')).body.data.errors.file).toEqual(['图片不能超过2MB']);
    const warehouse = await operatorLogin(t.app, 'warehouse');
    expect((await warehouse.upload('/api/admin/images', png(), 'a.png')).status).toBe(403);
    expect((await t.app.inject({ method: 'GET', url: '/uploads/public/abc-0123456789abcdef.png' })).statusCode).toBe(404);
  });
});

describe(`console categories and brands on ${dbLabel}`, () => {
  type MenuEntry = { id: number; name: string; children: MenuEntry[] };
  const menu = async () => (await agent(t.app).get('/api/focus/common')).body.data as { category: MenuEntry[]; brand: { id: number; name: string }[] };

  it('adds, renames, moves and hides categories; a hidden one leaves the storefront menu at once', async () => {
    expect((await menu()).category.map((c) => c.name)).not.toContain('测试保健专区');
    const top = (await ops.post('/api/admin/categories', { name: '测试保健专区', sort: 99 })).body.data;
    expect(top).toMatchObject({ parent_id: 0, name: '测试保健专区', is_show: 1, is_leaf: 1, goods_count: 0 });
    const child = (await ops.post('/api/admin/categories', { name: '维矿物质', parent_id: top.id })).body.data;
    const listed = (await ops.get('/api/admin/categories')).body.data as { id: number; is_leaf: number }[];
    expect(listed.find((c) => c.id === top.id)?.is_leaf).toBe(0);
    expect(listed.findIndex((c) => c.id === top.id)).toBeLessThan(listed.findIndex((c) => c.id === child.id));
    const shown = (await menu()).category.find((c) => c.id === top.id);
    expect(shown?.children.map((c) => c.name)).toEqual(['维矿物质']);

    expect((await ops.post('/api/admin/categories', { name: '维矿物质', parent_id: top.id })).body.data.errors.name).toEqual(['同一上级分类下已有同名分类']);
    expect((await ops.post(`/api/admin/categories/${top.id}`, { parent_id: child.id })).body.data.errors.parent_id).toEqual(['不能移到自己或自己的下级分类下']);
    expect((await ops.post('/api/admin/categories', { name: '孤儿', parent_id: 999_999 })).body.data.errors.parent_id).toEqual(['上级分类不存在']);
    expect((await ops.post('/api/admin/categories/999999', { name: '无' })).status).toBe(404);

    // Goods hang on the deepest level: a category holding goods takes no sub-categories.
    const g = await create({ category_id: child.id });
    expect((await ops.post('/api/admin/categories', { name: '更细', parent_id: child.id })).body.data.errors.parent_id).toEqual([
      '上级分类下已有商品，不能再添加下级分类',
    ]);
    expect((await ops.get('/api/admin/categories')).body.data.find((c: { id: number }) => c.id === child.id).goods_count).toBe(1);

    const renamed = (await ops.post(`/api/admin/categories/${child.id}`, { name: '维生素与矿物质' })).body.data;
    expect(renamed).toMatchObject({ id: child.id, name: '维生素与矿物质', parent_id: top.id });
    expect((await menu()).category.find((c) => c.id === top.id)?.children.map((c) => c.name)).toEqual(['维生素与矿物质']);
    expect((await ops.get(`/api/admin/goods/${g.id}`)).body.data.category_name).toBe('测试保健专区/维生素与矿物质');

    expect((await ops.post(`/api/admin/categories/${top.id}`, { is_show: 0 })).body.data.is_show).toBe(0);
    expect((await menu()).category.map((c) => c.id)).not.toContain(top.id);
    expect((await ops.get('/api/admin/categories')).body.data.map((c: { id: number }) => c.id)).toContain(top.id);
    const audits = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.targetType, 'category'), eq(auditLog.targetId, String(top.id))))
      .orderBy(asc(auditLog.id));
    expect(audits.map((a) => a.action)).toEqual(['category.create', 'category.update']);
    expect(audits[1]).toMatchObject({ permission: 'category:write', before: { is_show: 1 }, after: { is_show: 0 } });
  });

  it('adds, renames and hides brands; a hidden brand leaves the shell and the brand zone at once', async () => {
    const zone = async () => ((await agent(t.app).get('/api/brand?page=1')).body.data.data as { id: number }[]).map((b) => b.id);
    await zone();
    const brand = (await ops.post('/api/admin/brands', { name: '测试本草堂', description: '百年老字号', sort: -1 })).body.data;
    expect(brand).toMatchObject({ name: '测试本草堂', is_show: 1, goods_count: 0 });
    expect((await menu()).brand.map((b) => b.name)).toContain('测试本草堂');
    expect(await zone()).toContain(brand.id);
    const existing = (await ops.get('/api/admin/brands')).body.data.find((b: { id: number }) => b.id !== brand.id);
    expect((await ops.post(`/api/admin/brands/${brand.id}`, { name: existing.name })).body.data.errors.name).toEqual(['品牌名称已存在']);
    expect((await ops.post('/api/admin/brands', { name: '测试本草堂' })).body.data.errors.name).toEqual(['品牌名称已存在']);
    expect((await ops.post(`/api/admin/brands/${brand.id}`, { logo: '/uploads/public/never-uploaded.png' })).body.data.errors.logo).toEqual([
      '图片不存在，请先上传',
    ]);
    expect((await ops.post('/api/admin/brands/999999', { name: '无' })).status).toBe(404);

    expect((await ops.post(`/api/admin/brands/${brand.id}`, { name: '测试本草堂药业', is_show: 0 })).body.data).toMatchObject({
      name: '测试本草堂药业',
      is_show: 0,
    });
    expect((await menu()).brand.map((b) => b.id)).not.toContain(brand.id);
    expect(await zone()).not.toContain(brand.id);
    const [audit] = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'brand.update'), eq(auditLog.targetId, String(brand.id))));
    expect(audit).toMatchObject({ before: { name: '测试本草堂', is_show: 1 }, after: { name: '测试本草堂药业', is_show: 0 } });
  });
});

describe(`console goods in Excel on ${dbLabel}`, () => {
  const HEADERS = COLUMNS.map((c) => c.header);

  /** An .xlsx with the export's headers and these rows (by header). */
  async function workbook(rows: Record<string, string | number>[], headers = HEADERS) {
    const book = new ExcelJS.Workbook();
    const sheet = book.addWorksheet('商品');
    sheet.addRow(headers);
    for (const r of rows) sheet.addRow(headers.map((h) => r[h] ?? ''));
    return Buffer.from(await book.xlsx.writeBuffer());
  }

  /** A new goods as an import row. */
  const row = (name: string, over: Record<string, string | number> = {}) => ({
    商品名称: name,
    生产厂家: '苏州测试药业有限公司',
    规格: '10mg*30片',
    包装单位: '盒',
    批准文号: '国药准字H20990001',
    剂型: '片剂',
    处方分类: '处方药',
    生产日期: '2025-06-01',
    效期: '2027-05-31',
    中包装: 10,
    件装量: 400,
    储存方式: '常温',
    分类ID: leaf,
    '价格（元）': 18.5,
    阶梯价: '20:18.00;100:17.50',
    库存: 300,
    包邮: '否',
    上架: '是',
    标签: '新',
    说明书: '【适应症】测试用。',
    ...over,
  });

  const readBack = async (raw: Buffer) => {
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(raw as unknown as ArrayBuffer);
    const sheet = book.worksheets[0];
    const headers = (sheet.getRow(1).values as unknown[]).slice(1);
    const rows: Record<string, unknown>[] = [];
    sheet.eachRow((r, n) => {
      if (n > 1) rows.push(Object.fromEntries(headers.map((h, i) => [String(h), r.getCell(i + 1).value])));
    });
    return { headers, rows };
  };

  const goodsCount = async () => (await t.db.select({ n: sql<number>`count(*)::int` }).from(goods))[0].n;

  it('exports the filtered goods with Chinese column headers, and the file reads back', async () => {
    const g = await create();
    const res = await ops.get(`/api/admin/goods/export?keyword=${encodeURIComponent(g.name)}`);
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toContain('spreadsheetml');
    expect(res.headers['content-disposition']).toContain('.xlsx');
    const { headers, rows } = await readBack(res.raw);
    expect(headers).toEqual(HEADERS);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      商品ID: g.id,
      商品名称: g.name,
      生产厂家: '杭州测试制药有限公司',
      '价格（元）': 36.8,
      阶梯价: '10:35.50;50:34.00',
      库存: 500,
      上架: '是',
      包邮: '是',
      标签: '新',
    });
    expect(String(rows[0]['分类'])).toContain('/');

    // The whole export of the first page's goods reads back as an import that changes nothing.
    const all = await ops.get('/api/admin/goods/export');
    expect((await readBack(all.raw)).rows.length).toBe(await goodsCount());
    const check = await ops.upload('/api/admin/goods/import?dry_run=1', all.raw, 'goods.xlsx', XLSX_TYPE);
    expect(check.body.data).toMatchObject({ dry_run: 1, created: 0, errors: [] });
    expect(check.body.data.updated).toBe(await goodsCount());
    expect((await (await operatorLogin(t.app, 'finance')).get('/api/admin/goods/export')).status).toBe(403);
  });

  it('lists every wrong row of a dry run by 行号, 列 and 信息, and writes nothing', async () => {
    const g = await create();
    const before = await goodsCount();
    const file = await workbook([
      row('导入测试甲片'),
      row('导入测试乙片', { '价格（元）': -1 }),
      row('导入测试丙片', { 分类ID: '', 分类: '不存在的分类' }),
      row('导入测试丁片', { 阶梯价: '很多:便宜' }),
      { ...row('导入测试戊片'), 商品ID: 999_999 },
      row('导入测试己片', { 上架: '可能', 品牌: '没有这个品牌' }),
      row('', { 效期: '2024-01-01' }),
      { 商品ID: g.id, ...row(g.name, { 阶梯价: '10:40.00', '价格（元）': '36.80' }) },
    ]);
    const res = await ops.upload('/api/admin/goods/import?dry_run=1', file, '商品.xlsx', XLSX_TYPE);
    expect(res.body.code, res.body.message).toBe(10000);
    expect(res.body.data).toMatchObject({ dry_run: 1, total: 8, created: 6, updated: 2 });
    expect(res.body.data.errors).toEqual([
      { row: 3, column: '价格（元）', message: '价格须为金额（元），不能为负数，最多两位小数' },
      { row: 4, column: '分类', message: '分类不存在：不存在的分类' },
      { row: 5, column: '阶梯价', message: '阶梯价格式应为 数量:单价，多档用分号分隔，如 10:35.50;50:34.00' },
      { row: 6, column: '商品ID', message: '商品不存在' },
      { row: 7, column: '品牌', message: '品牌不存在：没有这个品牌' },
      { row: 7, column: '上架', message: '上架须填“是”或“否”' },
      { row: 8, column: '商品名称', message: '请输入商品名称' },
      { row: 9, column: '阶梯价', message: '第1档：阶梯单价须低于价格' },
    ]);
    expect(await goodsCount()).toBe(before);
    const bad = await ops.upload('/api/admin/goods/import?dry_run=1', Buffer.from('name,price\n'), 'goods.csv', 'text/csv');
    expect(bad.body.data.errors.file).toEqual(['请上传 .xlsx 格式的 Excel 文件']);
    const headless = await ops.upload('/api/admin/goods/import?dry_run=1', await workbook([row('x')], ['商品名称']), 'a.xlsx', XLSX_TYPE);
    expect(headless.body.message).toContain('缺少列：商品ID');
  });

  it('imports every row in one transaction, or nothing when a row is wrong', async () => {
    const g = await create();
    const before = await goodsCount();
    const rows = [
      row('导入新药甲胶囊'),
      row('导入新药乙胶囊', { 分类ID: '', 分类: (await ops.get(`/api/admin/goods/${g.id}`)).body.data.category_name }),
      { 商品ID: g.id, ...row(g.name, { '价格（元）': 39.9, 阶梯价: '' }) },
    ];
    const wrong = await workbook([...rows, row('导入新药丙胶囊', { 效期: '2025-01-01' })]);
    const refused = await ops.upload('/api/admin/goods/import', wrong, '商品.xlsx', XLSX_TYPE);
    expect(refused.status).toBe(422);
    expect(refused.body.message).toContain('第5行【效期】效期须晚于生产日期');
    expect(refused.body.data.rows).toEqual([{ row: 5, column: '效期', message: '效期须晚于生产日期' }]);
    expect(await goodsCount()).toBe(before);
    expect((await ops.get(`/api/admin/goods/${g.id}`)).body.data.base_price).toBe('36.80');

    // Kept by the storefront before the import: the new price shows on the next request all the same.
    expect((await buyer.get(`/api/goods/detail/${g.id}`)).body.data.base_price).toBe('36.80');
    const done = await ops.upload('/api/admin/goods/import', await workbook(rows), '商品.xlsx', XLSX_TYPE);
    expect(done.body.data).toEqual({ dry_run: 0, total: 3, created: 2, updated: 1, errors: [] });
    expect(await goodsCount()).toBe(before + 2);
    expect((await buyer.get(`/api/goods/detail/${g.id}`)).body.data).toMatchObject({ base_price: '39.90', ladder_price: [] });
    const made = await t.db
      .select()
      .from(goods)
      .where(sql`${goods.name} in ('导入新药甲胶囊', '导入新药乙胶囊')`)
      .orderBy(asc(goods.id));
    expect(made.map((m) => ({ price: m.basePrice, stock: m.number, category: m.categoryId, szm: m.nameSzm }))).toEqual([
      { price: 1850, stock: 300, category: leaf, szm: 'drxyjjn' },
      { price: 1850, stock: 300, category: leaf, szm: 'drxyyjn' },
    ]);
    const found = (await buyer.get(`/api/goods/search?keywords=${encodeURIComponent('导入新药甲')}`)).body.data as { id: number }[];
    expect(found.map((x) => x.id)).toContain(made[0].id);
    expect(
      await t.db
        .select()
        .from(stockLog)
        .where(and(eq(stockLog.goodsId, made[0].id), eq(stockLog.reason, '导入新建'))),
    ).toHaveLength(1);
    const [audit] = await auditOf(g.id, 'goods.import');
    expect(audit).toMatchObject({ before: { base_price: '36.80', ladder_price: '10:35.50;50:34.00' }, after: { base_price: '39.90', ladder_price: '' } });
    expect(await auditOf(made[1].id, 'goods.import')).toHaveLength(1);
  });

  it('imports 5,000 new goods from one file', { timeout: 300_000 }, async () => {
    const before = await goodsCount();
    const rows = Array.from({ length: 5000 }, (_, i) => row(`批量导入测试${i}号片`, { 批准文号: `国药准字H2${String(i).padStart(7, '0')}`, 库存: i % 7 }));
    const file = await workbook(rows);
    const res = await ops.upload('/api/admin/goods/import', file, '五千.xlsx', XLSX_TYPE);
    expect(res.body.code, res.body.message).toBe(10000);
    expect(res.body.data).toMatchObject({ total: 5000, created: 5000, updated: 0, errors: [] });
    expect(await goodsCount()).toBe(before + 5000);
    const listed = (await ops.get(`/api/admin/goods?keyword=${encodeURIComponent('批量导入测试4999号片')}`)).body.data.data;
    expect(listed).toEqual([expect.objectContaining({ name: '批量导入测试4999号片', number: 4999 % 7, base_price: '18.50' })]);
  });
});
