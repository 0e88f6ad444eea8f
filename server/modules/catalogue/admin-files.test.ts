/** The console's pictures, categories and brands, and goods in and out of Excel. */
import { describe, it, expect } from 'vitest';
import ExcelJS from 'exceljs';
import { and, asc, eq, sql } from 'drizzle-orm';
import { auditLog } from '../../db/schema/operators.js';
import { goods, stockLog } from '../../db/schema/catalogue.js';
import { agent, dbLabel, operatorLogin } from '../../testing.js';
import { COLUMNS, XLSX_TYPE } from './admin-excel.js';
import { t, ops, buyer, leaf, create, auditOf, openGoodsConsole } from './admin.fixture.js';

openGoodsConsole();

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

  /** Two years from today: beyond the minimum shelf life, so a new goods' first stock sells. */
  const farExpiry = new Date(Date.now() + 730 * 86_400_000).toISOString().slice(0, 10);
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
    效期: farExpiry,
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
