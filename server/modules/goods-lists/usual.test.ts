/**
 * 常购清单 as a store's buyer uses it: the goods of its paid orders of the last 180 days with how often, when last,
 * the last quantity and unit price and today's price; an unpaid order and an order of 200 days ago do not count;
 * the list is the store's when its headquarters acts for it; the Excel export holds the same rows.
 */
import ExcelJS from 'exceljs';
import { and, asc, eq, gt, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cartItems, goods, orderItems, orders, users } from '../../db/schema/index.js';
import { agent, buildTestApp, dbLabel, DEMO_PAY_PASSWORD, loginAs, type TestApp } from '../../testing.js';
import { usualSince } from './usual.js';

type Agent = ReturnType<typeof agent>;
type Row = {
  goods: { id: number; zbz: number; name: string };
  last_number: number;
  last_price: string;
  price: string;
  cart_number: number;
  times: number;
  total_number: number;
  last_time: number;
};

let t: TestApp;
let store: Agent;
let storeId: number;
let picks: { id: number; zbz: number; tm: string }[];
const DAY = 86_400_000;

const idOf = async (username: string) => (await t.db.select({ id: users.id }).from(users).where(eq(users.username, username)))[0].id;

/** `buyer` orders `lines` (units) and, unless `unpaid`, pays from the balance; answers the order's id. */
async function order(buyer: Agent, userId: number, lines: { goods_id: number; number: number }[], unpaid = false) {
  await t.db.delete(cartItems).where(eq(cartItems.userId, userId));
  const added = await buyer.post('/api/cart', { params: lines });
  expect(added.body.code, added.body.message).toBe(10000);
  const ids = ((await buyer.get('/api/cart/list')).body.data.list as { id: number }[]).map((l) => l.id);
  await buyer.post('/api/cart/checkout', { ids });
  const address = (await buyer.get('/api/cart/confirm?coupon_id=0')).body.data.address_id as number;
  const placed = await buyer.post('/api/order', { address_id: address, coupon_id: 0 });
  expect(placed.body.code, placed.body.message).toBe(10000);
  const id = placed.body.data.orders[0].id as number;
  if (unpaid) return id;
  const paid = await buyer.post('/api/pay/order', { order_id: id, method: 'balance', pay_password: DEMO_PAY_PASSWORD });
  expect(paid.body.data?.paid, paid.body.message).toBe(1);
  return id;
}

const daysAgo = (id: number, days: number) =>
  t.db
    .update(orders)
    .set({ createdAt: new Date(Date.now() - days * DAY) })
    .where(eq(orders.id, id));
const lastPriceOf = async (orderId: number, goodsId: number) =>
  (
    await t.db
      .select({ p: orderItems.unitPrice })
      .from(orderItems)
      .where(and(eq(orderItems.orderId, orderId), eq(orderItems.goodsId, goodsId)))
  )[0].p;
const yuan = (fen: number) => (fen / 100).toFixed(2);

let first: number;
let second: number;

beforeAll(async () => {
  t = await buildTestApp({ goods: 80, config: { RATE_LIMIT_FACTOR: 100 } });
  store = await loginAs(t.app, 'chain-b');
  storeId = await idOf('chain-b');
  picks = await t.db
    .select({ id: goods.id, zbz: goods.zbz, tm: goods.tm })
    .from(goods)
    .where(and(eq(goods.isBuy, true), eq(goods.isOnSale, true), eq(goods.isKx, false), eq(goods.isEphedrine, false), gt(goods.number, 1000)))
    .orderBy(asc(goods.id))
    .limit(4);
  const [a, b, c] = picks;
  // A twice (1 then 3 packages), B once (2 packages); B again unpaid (does not count); C 200 days ago (does not count).
  first = await order(store, storeId, [
    { goods_id: a.id, number: a.zbz },
    { goods_id: b.id, number: 2 * b.zbz },
  ]);
  await daysAgo(first, 179);
  second = await order(store, storeId, [{ goods_id: a.id, number: 3 * a.zbz }]);
  await order(store, storeId, [{ goods_id: b.id, number: 5 * b.zbz }], true);
  const old = await order(store, storeId, [{ goods_id: c.id, number: c.zbz }]);
  await daysAgo(old, 200);
});
afterAll(async () => t?.close());

describe(`常购清单 on ${dbLabel}`, () => {
  it('starts the window at China midnight 179 days before today', () => {
    // 2026-11-30 10:00 in China is 02:00 UTC; the window opens on 2026-06-04 00:00 China time.
    expect(usualSince(Date.parse('2026-11-30T02:00:00Z')).toISOString()).toBe('2026-06-03T16:00:00.000Z');
    // Just before China midnight it is still the day before.
    expect(usualSince(Date.parse('2026-11-30T15:59:00Z')).toISOString()).toBe('2026-06-03T16:00:00.000Z');
    expect(usualSince(Date.parse('2026-11-30T16:00:00Z')).toISOString()).toBe('2026-06-04T16:00:00.000Z');
  });

  it("lists the store's paid goods of 180 days with how often, when last, the last quantity and price, and today's price", async () => {
    const [a, b, c] = picks;
    const page = (await store.get('/api/user/fast_buy')).body.data;
    expect(page).toMatchObject({ total: 2, days: 180, current_page: 1 });
    const rows = page.data as Row[];
    expect(rows.map((r) => r.goods.id)).toEqual([a.id, b.id]);
    expect(rows.some((r) => r.goods.id === c.id)).toBe(false);
    const [ra, rb] = rows;
    expect(ra).toMatchObject({ times: 2, total_number: 4 * a.zbz, last_number: 3 * a.zbz, cart_number: 3 * a.zbz });
    expect(ra.last_price).toBe(yuan(await lastPriceOf(second, a.id)));
    // The unpaid order of 5 packages of B neither counts nor is its last quantity.
    expect(rb).toMatchObject({ times: 1, total_number: 2 * b.zbz, last_number: 2 * b.zbz });
    expect(rb.last_price).toBe(yuan(await lastPriceOf(first, b.id)));
    expect(ra.last_time).toBeGreaterThan(rb.last_time);

    // Today's price is the ladder tier the usual quantity reaches.
    await t.db
      .update(goods)
      .set({ ladderPrice: [{ number: 3 * a.zbz, price: 55 }], ladderPriceType: 1 })
      .where(eq(goods.id, a.id));
    const again = (await store.get('/api/user/fast_buy')).body.data.data as Row[];
    expect(again.find((r) => r.goods.id === a.id)?.price).toBe('0.55');
  });

  it('orders by how often and how many, and finds by name', async () => {
    const [a, b] = picks;
    await order(store, storeId, [{ goods_id: b.id, number: 20 * b.zbz }]);
    const byCount = (await store.get('/api/user/fast_buy?order=count')).body.data.data as Row[];
    expect(byCount.map((r) => r.times)).toEqual([2, 2]);
    // Two orders each: the last bought first.
    expect(byCount[0].goods.id).toBe(b.id);
    const byNumber = (await store.get('/api/user/fast_buy?order=number')).body.data.data as Row[];
    expect(byNumber[0].goods.id).toBe(22 * b.zbz > 4 * a.zbz ? b.id : a.id);
    const name = byNumber[0].goods.name;
    const found = (await store.get(`/api/user/fast_buy?keywords=${encodeURIComponent(name)}`)).body.data.data as Row[];
    expect(found.map((r) => r.goods.name)).toContain(name);
    expect((await store.get('/api/user/fast_buy?order=price')).body).toMatchObject({ code: 422, message: '排序方式不正确' });
  });

  it("shows a headquarters acting for the store the store's list, and its own otherwise", async () => {
    const chain = await loginAs(t.app, 'chain');
    const own = (await chain.get('/api/user/fast_buy')).body.data.data as Row[];
    expect(own.some((r) => r.goods.id === picks[0].id)).toBe(false);
    expect((await chain.post('/api/user/act_for', { store_id: storeId })).body.code).toBe(10000);
    const acting = (await chain.get('/api/user/fast_buy')).body.data.data as Row[];
    expect(acting.map((r) => r.goods.id)).toEqual(((await store.get('/api/user/fast_buy')).body.data.data as Row[]).map((r) => r.goods.id));
  });

  it('exports the list to Excel with the same rows, codes kept as text', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/user/fast_buy/export?order=count', headers: { cookie: store.cookie } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('spreadsheetml');
    expect(String(res.headers['content-disposition'])).toContain(encodeURIComponent('常购清单'));
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
    const sheet = book.getWorksheet('常购清单')!;
    const header = (sheet.getRow(1).values as string[]).slice(1);
    expect(header).toEqual(
      expect.arrayContaining(['商品编码', '商品名称', '批准文号', '条形码', '采购次数', '最近采购数量', '最近采购单价', '今日单价', '库存', '效期']),
    );
    const rows = (await store.get('/api/user/fast_buy?order=count')).body.data.data as Row[];
    expect(sheet.rowCount).toBe(rows.length + 1);
    const col = (name: string) => header.indexOf(name) + 1;
    rows.forEach((r, i) => {
      const line = sheet.getRow(i + 2);
      expect(line.getCell(col('商品编码')).value).toBe(String(r.goods.id));
      expect(line.getCell(col('商品名称')).value).toBe(r.goods.name);
      expect(line.getCell(col('采购次数')).value).toBe(r.times);
      expect(line.getCell(col('最近采购数量')).value).toBe(r.last_number);
      expect(line.getCell(col('最近采购单价')).value).toBe(Number(r.last_price));
      expect(line.getCell(col('条形码')).value).toBe(picks.find((p) => p.id === r.goods.id)!.tm);
    });
    // A guest gets the site's 401, not a file.
    const guest = await t.app.inject({ method: 'GET', url: '/api/user/fast_buy/export' });
    expect(guest.statusCode).toBe(401);
  });

  it('lists nothing for an account without paid orders', async () => {
    const pending = await loginAs(t.app, 'pending');
    expect((await pending.get('/api/user/fast_buy')).body.data).toMatchObject({ total: 0, data: [] });
    const paidOrders = await t.db
      .select({ id: orders.id })
      .from(orders)
      .where(and(eq(orders.userId, await idOf('pending')), inArray(orders.status, [1, 2, 3])));
    expect(paidOrders).toEqual([]);
  });
});
