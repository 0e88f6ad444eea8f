/** The console's goods, stock and prices: who may do what, what buyers see right after an operator's change, what is refused with nothing written, and what the audit log keeps. */
import { describe, it, expect } from 'vitest';
import { and, eq, sql } from 'drizzle-orm';
import { categories, goods, stockLog } from '../../db/schema/catalogue.js';
import { CONTROL_CHAR_MESSAGE } from '../../http/input-guard.js';
import { agent, dbLabel, operatorLogin } from '../../testing.js';
import { t, ops, buyer, leaf, parent, brandId, scopeId, newGoods, create, auditOf, openGoodsConsole } from './admin.fixture.js';

openGoodsConsole();

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

  it('keeps a generic name, a trade name and indications that buyers search by and read on the product page', async () => {
    const g = await create({ tym: '灵芝孢子粉胶囊', spm: '康泰灵', gnzz: '扶正固本，用于体虚乏力、失眠多梦' });
    expect((await ops.get(`/api/admin/goods/${g.id}`)).body.data).toMatchObject({
      tym: '灵芝孢子粉胶囊',
      spm: '康泰灵',
      gnzz: expect.stringContaining('体虚乏力'),
    });
    for (const keyword of ['康泰灵', '孢子粉', '体虚乏力']) {
      const listed = (await buyer.get(`/api/goods/list?keywords=${encodeURIComponent(keyword)}`)).body.data.data as { id: number }[];
      expect(
        listed.map((x) => x.id),
        keyword,
      ).toContain(g.id);
    }
    expect((await buyer.get(`/api/goods/detail/${g.id}`)).body.data).toMatchObject({
      spm: '康泰灵',
      tym: '灵芝孢子粉胶囊',
      gnzz: expect.stringContaining('失眠多梦'),
    });
    const [audit] = await auditOf(g.id, 'goods.create');
    expect(audit.after).toMatchObject({ tym: '灵芝孢子粉胶囊', spm: '康泰灵', gnzz: expect.stringContaining('体虚乏力') });
    // Changed to another trade name, the old one finds it no more and the new one does, at once.
    expect((await ops.post(`/api/admin/goods/${g.id}`, { spm: '芝宝' })).body.code).toBe(10000);
    const byOld = (await buyer.get(`/api/goods/list?keywords=${encodeURIComponent('康泰灵')}`)).body.data;
    expect(byOld.data.map((x: { id: number }) => x.id)).not.toContain(g.id);
    const byNew = (await buyer.get(`/api/goods/list?keywords=${encodeURIComponent('芝宝')}`)).body.data;
    expect(byNew.data.map((x: { id: number }) => x.id)).toContain(g.id);
    const long = await ops.post(`/api/admin/goods/${g.id}`, { gnzz: '痛'.repeat(501) });
    expect(long.status).toBe(422);
    expect(long.body.message).toContain('功能主治');
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
