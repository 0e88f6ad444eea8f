/**
 * 我的清单 as buyers use them: a list created (once, however often it is posted at once), renamed, filled, edited,
 * emptied and deleted; another account's list answers 404; bad input 422 in Chinese with nothing changed; at most
 * 20 lists of at most 500 goods; a list goes into the cart in one request at its quantities, lines that cannot be
 * bought named; exported to Excel. And the cart's quick order by code: barcode, approval number, goods code.
 */
import ExcelJS from 'exceljs';
import { and, asc, count, eq, gt } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cartItems, goods, goodsListItems, goodsLists, users } from '../../db/schema/index.js';
import { agent, buildTestApp, dbLabel, loginAs, operatorLogin, type TestApp } from '../../testing.js';
import { ITEMS_FULL, LIST_MISSING, LISTS_FULL } from './lists.js';
import { NOTHING_TO_ADD } from './to-cart.js';

type Agent = ReturnType<typeof agent>;
type Pick = { id: number; zbz: number; tm: string; pzwh: string; name: string };

let t: TestApp;
let demo: Agent;
let other: Agent;
let demoId: number;
let picks: Pick[];

const idOf = async (username: string) => (await t.db.select({ id: users.id }).from(users).where(eq(users.username, username)))[0].id;
const listsOf = async (userId: number) => (await t.db.select({ n: count() }).from(goodsLists).where(eq(goodsLists.userId, userId)))[0].n;
const itemsOf = async (listId: number) => (await t.db.select({ n: count() }).from(goodsListItems).where(eq(goodsListItems.listId, listId)))[0].n;

beforeAll(async () => {
  t = await buildTestApp({ goods: 520, config: { RATE_LIMIT_FACTOR: 100 } });
  [demo, other] = await Promise.all([loginAs(t.app, 'demo'), loginAs(t.app, 'chain-a')]);
  demoId = await idOf('demo');
  picks = await t.db
    .select({ id: goods.id, zbz: goods.zbz, tm: goods.tm, pzwh: goods.pzwh, name: goods.name })
    .from(goods)
    .where(and(eq(goods.isBuy, true), eq(goods.isOnSale, true), eq(goods.isKx, false), eq(goods.isEphedrine, false), gt(goods.number, 1000), gt(goods.zbz, 1)))
    .orderBy(asc(goods.id))
    .limit(4);
});
afterAll(async () => t?.close());

const line = (p: Pick, packages = 1) => ({ goods_id: p.id, number: p.zbz * packages });

describe(`我的清单 on ${dbLabel}`, () => {
  it('creates, fills, edits, renames and deletes a list, each line with its goods today', async () => {
    const [a, b] = picks;
    const made = await demo.post('/api/goods_list', { name: ' 每周补货 ', items: [line(a, 2), line(b)] });
    expect(made.body.data).toMatchObject({ name: '每周补货', count: 2, added: 2 });
    const id = made.body.data.id as number;

    const detail = (await demo.get(`/api/goods_list/${id}`)).body.data;
    expect(detail.items).toHaveLength(2);
    const la = detail.items.find((i: { goods: { id: number } }) => i.goods.id === a.id);
    expect(la).toMatchObject({ number: 2 * a.zbz, cart_number: 2 * a.zbz, on_sale: 1 });
    expect(la.price).toMatch(/^\d+\.\d{2}$/);
    expect(la.goods.xq).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    expect(la.goods.number).toBeGreaterThan(1000);

    // A goods already in the list takes the new quantity: no new line.
    const edited = await demo.post(`/api/goods_list/${id}/items`, { items: [line(a, 5)] });
    expect(edited.body.data).toMatchObject({ count: 2, added: 0 });
    const after = (await demo.get(`/api/goods_list/${id}`)).body.data.items;
    expect(after.find((i: { goods: { id: number } }) => i.goods.id === a.id).number).toBe(5 * a.zbz);

    expect((await demo.post(`/api/goods_list/${id}`, { name: '周末补货' })).body.data).toMatchObject({ name: '周末补货', count: 2 });
    const removed = await demo.post(`/api/goods_list/${id}/remove`, { goods_ids: [b.id] });
    expect(removed.body.data.count).toBe(1);
    const all = (await demo.get('/api/goods_list')).body.data;
    expect(all).toMatchObject({ max: 20, items_max: 500 });
    expect(all.data[0]).toMatchObject({ id, name: '周末补货', count: 1 });

    expect((await demo.delete(`/api/goods_list/${id}`)).body.code).toBe(10000);
    expect((await demo.get(`/api/goods_list/${id}`)).status).toBe(404);
    expect(await itemsOf(id)).toBe(0);
  });

  it('makes one list of a create posted twice at once', async () => {
    const [a] = picks;
    const body = { name: '双击清单', items: [line(a)] };
    const [one, two] = await Promise.all([demo.post('/api/goods_list', body), demo.post('/api/goods_list', body)]);
    expect(one.body.code).toBe(10000);
    expect(two.body.code).toBe(10000);
    expect(one.body.data.id).toBe(two.body.data.id);
    const rows = await t.db
      .select({ id: goodsLists.id })
      .from(goodsLists)
      .where(and(eq(goodsLists.userId, demoId), eq(goodsLists.name, '双击清单')));
    expect(rows).toHaveLength(1);
    expect(await itemsOf(rows[0].id)).toBe(1);
    await demo.delete(`/api/goods_list/${rows[0].id}`);
  });

  it("answers 404 for another account's list and changes nothing", async () => {
    const [a] = picks;
    const id = (await demo.post('/api/goods_list', { name: '仁和常备', items: [line(a)] })).body.data.id as number;
    const calls = [
      () => other.get(`/api/goods_list/${id}`),
      () => other.post(`/api/goods_list/${id}`, { name: '改名' }),
      () => other.post(`/api/goods_list/${id}/items`, { items: [line(a, 3)] }),
      () => other.post(`/api/goods_list/${id}/remove`, { goods_ids: [a.id] }),
      () => other.post(`/api/goods_list/${id}/cart`, {}),
      () => other.delete(`/api/goods_list/${id}`),
    ];
    for (const call of calls) expect((await call()).body).toMatchObject({ code: 404, message: LIST_MISSING });
    const res = await t.app.inject({ method: 'GET', url: `/api/goods_list/${id}/export`, headers: { cookie: other.cookie } });
    expect(res.statusCode).toBe(404);
    const detail = (await demo.get(`/api/goods_list/${id}`)).body.data;
    expect(detail).toMatchObject({ name: '仁和常备', count: 1 });
    expect(detail.items[0].number).toBe(a.zbz);
    expect((await agent(t.app).get('/api/goods_list')).status).toBe(401);
    await demo.delete(`/api/goods_list/${id}`);
  });

  it('refuses bad input with 422 and a Chinese message, writing nothing', async () => {
    const [a, b] = picks;
    const before = await listsOf(demoId);
    const bad: [unknown, string][] = [
      [{ name: '' }, '请输入清单名称'],
      [{ name: '一二三四五六七八九十一二三四五六七八九十一' }, '清单名称不能超过20个字符'],
      [{ name: '<b>清单</b>' }, '清单名称不能包含 < 或 > 字符'],
      [{ name: '错的数量', items: [{ goods_id: a.id, number: a.zbz + 1 }] }, `${a.name}的数量须为中包装${a.zbz}`],
      [{ name: '没有商品', items: [{ goods_id: 99_999_999, number: 1 }] }, '商品不存在或已下架'],
      [{ name: '零', items: [{ goods_id: a.id, number: 0 }] }, '数量至少为1'],
    ];
    for (const [body, message] of bad) {
      const res = await demo.postJson('/api/goods_list', body);
      expect(res.status, JSON.stringify(body)).toBe(422);
      expect(res.body.message).toContain(message);
    }
    expect(await listsOf(demoId)).toBe(before);

    const one = (await demo.post('/api/goods_list', { name: '甲' })).body.data.id as number;
    const two = (await demo.post('/api/goods_list', { name: '乙', items: [line(b)] })).body.data.id as number;
    expect((await demo.post(`/api/goods_list/${two}`, { name: '甲' })).body).toMatchObject({ code: 422, message: '已有名为“甲”的清单' });
    expect((await demo.get('/api/goods_list/abc')).status).toBe(422);
    expect((await demo.post(`/api/goods_list/${two}/items`, { items: [] })).status).toBe(422);
    expect((await demo.get(`/api/goods_list/${two}`)).body.data).toMatchObject({ name: '乙', count: 1 });
    await demo.delete(`/api/goods_list/${one}`);
    await demo.delete(`/api/goods_list/${two}`);
  });

  it('keeps at most 20 lists and 500 goods a list', async () => {
    await t.db.delete(goodsLists).where(eq(goodsLists.userId, demoId));
    for (let i = 1; i <= 20; i++) expect((await demo.post('/api/goods_list', { name: `清单${i}` })).body.code).toBe(10000);
    const full = await demo.post('/api/goods_list', { name: '第二十一个' });
    expect(full.body).toMatchObject({ code: 422, message: LISTS_FULL });
    expect(await listsOf(demoId)).toBe(20);
    // The name of a list it has still answers that list.
    expect((await demo.post('/api/goods_list', { name: '清单1' })).body.code).toBe(10000);

    const id = (await demo.get('/api/goods_list')).body.data.data[0].id as number;
    const shown = await t.db
      .select({ id: goods.id, zbz: goods.zbz })
      .from(goods)
      .where(and(eq(goods.isOnSale, true), eq(goods.isKx, false)))
      .orderBy(asc(goods.id))
      .limit(501);
    expect(shown).toHaveLength(501);
    const lines = shown.map((g) => ({ goods_id: g.id, number: g.zbz }));
    expect((await demo.postJson(`/api/goods_list/${id}/items`, { items: lines.slice(0, 300) })).body.data.count).toBe(300);
    expect((await demo.postJson(`/api/goods_list/${id}/items`, { items: lines.slice(300, 500) })).body.data.count).toBe(500);
    const over = await demo.postJson(`/api/goods_list/${id}/items`, { items: lines.slice(500) });
    expect(over.body).toMatchObject({ code: 422, message: ITEMS_FULL });
    expect(await itemsOf(id)).toBe(500);
    // Changing a quantity of a full list is no new line.
    expect((await demo.postJson(`/api/goods_list/${id}/items`, { items: [{ goods_id: shown[0].id, number: shown[0].zbz * 2 }] })).body.code).toBe(10000);
    await t.db.delete(goodsLists).where(eq(goodsLists.userId, demoId));
  });

  it('adds the whole list or its chosen lines to the cart at their quantities, naming the lines left out', async () => {
    const [a, b, c] = picks;
    const id = (await demo.post('/api/goods_list', { name: '每周补货', items: [line(a, 2), line(b, 3), line(c)] })).body.data.id as number;
    await t.db.update(goods).set({ isOnSale: false }).where(eq(goods.id, c.id));
    await t.db.delete(cartItems).where(eq(cartItems.userId, demoId));
    const added = await demo.post(`/api/goods_list/${id}/cart`, {});
    expect(added.body.data).toMatchObject({ added: 2, cart: 2, skipped: [{ goods_id: c.id, reason: '已下架' }] });
    const cart = await t.db.select({ goodsId: cartItems.goodsId, number: cartItems.number }).from(cartItems).where(eq(cartItems.userId, demoId));
    expect(Object.fromEntries(cart.map((l) => [l.goodsId, l.number]))).toEqual({ [a.id]: 2 * a.zbz, [b.id]: 3 * b.zbz });
    // The detail says the off-sale line cannot be added.
    const detail = (await demo.get(`/api/goods_list/${id}`)).body.data.items;
    expect(detail.find((i: { goods: { id: number } }) => i.goods.id === c.id)).toMatchObject({ on_sale: 0, cart_number: 0 });

    const chosen = await demo.post(`/api/goods_list/${id}/cart`, { goods_ids: [a.id] });
    expect(chosen.body.data).toMatchObject({ added: 1, skipped: [] });
    const [la] = await t.db
      .select({ number: cartItems.number })
      .from(cartItems)
      .where(and(eq(cartItems.userId, demoId), eq(cartItems.goodsId, a.id)));
    expect(la.number).toBe(4 * a.zbz);

    const nothing = await demo.post(`/api/goods_list/${id}/cart`, { goods_ids: [c.id] });
    expect(nothing.body.code).toBe(400);
    expect(nothing.body.message).toContain(NOTHING_TO_ADD);
    await t.db.update(goods).set({ isOnSale: true }).where(eq(goods.id, c.id));
    await t.db.delete(cartItems).where(eq(cartItems.userId, demoId));
    await demo.delete(`/api/goods_list/${id}`);
  });

  it('exports a list to Excel, a row a line with its barcode as text', async () => {
    const [a, b] = picks;
    const id = (await demo.post('/api/goods_list', { name: '月底备货', items: [line(a), line(b, 2)] })).body.data.id as number;
    const res = await t.app.inject({ method: 'GET', url: `/api/goods_list/${id}/export`, headers: { cookie: demo.cookie } });
    expect(res.statusCode).toBe(200);
    expect(String(res.headers['content-disposition'])).toContain(encodeURIComponent('月底备货'));
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
    const sheet = book.getWorksheet('月底备货')!;
    const header = (sheet.getRow(1).values as string[]).slice(1);
    const col = (name: string) => header.indexOf(name) + 1;
    expect(sheet.rowCount).toBe(3);
    const byId = new Map([2, 3].map((r) => [sheet.getRow(r).getCell(col('商品编码')).value, sheet.getRow(r)]));
    expect(byId.get(String(b.id))?.getCell(col('数量')).value).toBe(2 * b.zbz);
    expect(byId.get(String(a.id))?.getCell(col('条形码')).value).toBe(a.tm);
    expect(byId.get(String(a.id))?.getCell(col('商品名称')).value).toBe(a.name);
    await demo.delete(`/api/goods_list/${id}`);
  });
});

describe(`quick order by code on ${dbLabel}`, () => {
  const lookup = (code: string) => demo.get(`/api/goods/by_code?code=${encodeURIComponent(code)}`);

  it('finds goods by barcode, by approval number typed with blanks, and by goods code', async () => {
    const a = picks.find((p) => p.tm && p.pzwh)!;
    expect((await lookup(a.tm)).body.data.data.map((g: { id: number }) => g.id)).toContain(a.id);
    const spaced = ` ${a.pzwh.slice(0, 4)} ${a.pzwh.slice(4, 7).toLowerCase()} ${a.pzwh.slice(7)} `;
    const byApproval = (await lookup(spaced)).body.data;
    expect(byApproval.code).toBe(a.pzwh);
    expect(byApproval.data.map((g: { id: number }) => g.id)).toContain(a.id);
    // Without 国药准字, as some ERP exports print it.
    expect((await lookup(a.pzwh.replace('国药准字', ''))).body.data.data.map((g: { id: number }) => g.id)).toContain(a.id);
    expect((await lookup(String(a.id))).body.data.data.map((g: { id: number }) => g.id)).toEqual([a.id]);
    // Full-width digits, as a Chinese input method types them.
    const wide = a.tm.replace(/\d/g, (d) => String.fromCharCode(d.charCodeAt(0) + 0xfee0));
    expect((await lookup(wide)).body.data.data.map((g: { id: number }) => g.id)).toContain(a.id);
  });

  it('answers every warehouse listing of one approval number, for the buyer to pick', async () => {
    const [a, b] = picks;
    const [kept] = await t.db.select({ pzwh: goods.pzwh }).from(goods).where(eq(goods.id, b.id));
    await t.db.update(goods).set({ pzwh: a.pzwh }).where(eq(goods.id, b.id));
    const ids = (await lookup(a.pzwh)).body.data.data.map((g: { id: number }) => g.id);
    expect(ids).toEqual(expect.arrayContaining([a.id, b.id]));
    await t.db.update(goods).set({ pzwh: kept.pzwh }).where(eq(goods.id, b.id));
  });

  it('answers 422 in Chinese for an unknown or empty code, and hides controlled-sale goods from others', async () => {
    const unknown = await lookup('6900000000000');
    expect(unknown.status).toBe(422);
    expect(unknown.body.message).toBe('未找到条码/批准文号为 6900000000000 的商品');
    expect((await lookup('')).status).toBe(422);
    expect((await agent(t.app).get('/api/goods/by_code?code=1')).status).toBe(401);
    const [kx] = await t.db
      .select({ id: goods.id, tm: goods.tm })
      .from(goods)
      .where(and(eq(goods.isKx, true), eq(goods.isOnSale, true)))
      .limit(1);
    expect(kx).toBeDefined();
    const store = await loginAs(t.app, 'chain-a');
    expect((await store.get(`/api/goods/by_code?code=${kx.id}`)).status).toBe(422);
  });
});

describe(`the console's barcode field on ${dbLabel}`, () => {
  it("takes a barcode of 8-14 digits or none, which the cart's code box then finds, and exports it as text", async () => {
    const ops = await operatorLogin(t.app, 'ops');
    const g = picks[3];
    for (const bad of ['abc', '1234567', '123456789012345', '69012345 67892']) {
      const res = await ops.postJson(`/api/admin/goods/${g.id}`, { tm: bad });
      expect(res.status, bad).toBe(422);
      expect(res.body.message).toBe('条形码须为8-14位数字');
    }
    expect((await t.db.select({ tm: goods.tm }).from(goods).where(eq(goods.id, g.id)))[0].tm).toBe(g.tm);
    expect((await ops.postJson(`/api/admin/goods/${g.id}`, { tm: '6901234567892' })).body.code).toBe(10000);
    expect((await ops.get(`/api/admin/goods/${g.id}`)).body.data.tm).toBe('6901234567892');
    expect((await demo.get('/api/goods/by_code?code=6901234567892')).body.data.data.map((x: { id: number }) => x.id)).toEqual([g.id]);
    expect((await demo.get(`/api/goods/detail/${g.id}`)).body.data.tm).toBe('6901234567892');

    const res = await ops.get(`/api/admin/goods/export?keyword=${encodeURIComponent(g.name)}`);
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(res.raw as unknown as ArrayBuffer);
    const sheet = book.worksheets[0];
    const header = (sheet.getRow(1).values as unknown[]).slice(1);
    const idCol = header.indexOf('商品ID') + 1;
    const tmCol = header.indexOf('条形码') + 1;
    expect(tmCol).toBeGreaterThan(0);
    const cells: unknown[] = [];
    sheet.eachRow((r, n) => {
      if (n > 1 && Number(r.getCell(idCol).value) === g.id) cells.push(r.getCell(tmCol).value);
    });
    expect(cells).toEqual(['6901234567892']);
    // None is allowed: a goods without a barcode.
    expect((await ops.postJson(`/api/admin/goods/${g.id}`, { tm: '' })).body.code).toBe(10000);
    expect((await demo.get('/api/goods/by_code?code=6901234567892')).status).toBe(422);
  });
});
