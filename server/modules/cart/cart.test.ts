/** Adding to the cart: only approved buyers, whole middle packages, within stock, visible goods only. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, gt, ne } from 'drizzle-orm';
import { cartItems, goods } from '../../db/schema/index.js';
import { agent, buildTestApp, dbLabel, loginAs, type TestApp } from '../../testing.js';
import { CART_MAX_LINES, NOT_APPROVED } from './add.js';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp({ goods: 120 });
});
afterAll(async () => t?.close());

const line = (g: typeof goods.$inferSelect, number = g.zbz) => ({ goods_id: g.id, price: '0.01', number, ck_id: g.ckId });

describe(`add to cart on ${dbLabel}`, () => {
  it('adds whole middle packages for an approved buyer, merging repeated adds into one line', async () => {
    const demo = await loginAs(t.app, 'demo');
    const [g] = await t.db
      .select()
      .from(goods)
      .where(and(eq(goods.isKx, false), eq(goods.isBuy, true), gt(goods.number, 100)))
      .limit(1);
    const first = await demo.post('/api/cart', { params: [line(g)] });
    expect(first.body).toMatchObject({ code: 10000, data: { cart: 1 } });
    await demo.post('/api/cart', { params: [line(g, g.zbz * 2)] });
    const [row] = await t.db.select().from(cartItems).where(eq(cartItems.goodsId, g.id));
    expect(row.number).toBe(g.zbz * 3);
    expect((await demo.get('/api/cart/total')).body.data.total).toBe(1);
    expect((await demo.get('/api/user/base')).body.data.cart).toBe(1);
  });

  it('refuses a quantity that is not whole middle packages, more than the stock, and hidden goods', async () => {
    const chain = await loginAs(t.app, 'chain');
    const [g] = await t.db
      .select()
      .from(goods)
      .where(and(eq(goods.isKx, false), eq(goods.isBuy, true), gt(goods.zbz, 1), gt(goods.number, 0)))
      .limit(1);
    const odd = await chain.post('/api/cart', { params: [line(g, g.zbz + 1)] });
    expect(odd.status).toBe(422);
    expect(odd.body.message).toContain('中包装');
    const tooMany = await chain.post('/api/cart', { params: [line(g, g.number + g.zbz - (g.number % g.zbz))] });
    expect(tooMany.body.message).toMatch(/库存不足|已售罄/);
    // chain may not buy controlled-sale goods (is_special 0): to it they do not exist.
    const [kx] = await t.db
      .select()
      .from(goods)
      .where(and(eq(goods.isKx, true), eq(goods.isOnSale, true)))
      .limit(1);
    expect(kx, 'the seed has controlled-sale goods on sale').toBeDefined();
    expect((await chain.post('/api/cart', { params: [line(kx)] })).body.message).toBe('商品不存在或已下架');
    expect((await chain.get('/api/cart/total')).body.data.total).toBe(0);
  });

  it('makes one line of ten adds of the same goods at once', async () => {
    const chain = await loginAs(t.app, 'chain');
    const [g] = await t.db
      .select()
      .from(goods)
      .where(and(eq(goods.isKx, false), eq(goods.isBuy, true), gt(goods.number, 1000)))
      .limit(1);
    const results = await Promise.all(Array.from({ length: 10 }, () => chain.post('/api/cart', { params: [line(g)] })));
    expect(results.map((r) => r.body.code)).toEqual(Array(10).fill(10000));
    const rows = await t.db.select().from(cartItems).where(eq(cartItems.goodsId, g.id));
    const mine = rows.filter((r) => r.number === g.zbz * 10);
    expect(mine).toHaveLength(1);
  });

  it('refuses more than the stock on top of what the line holds, and the line keeps its number', async () => {
    // A store no other test here fills.
    const chain = await loginAs(t.app, 'chain-a');
    const [g] = await t.db
      .select()
      .from(goods)
      .where(and(eq(goods.isKx, false), eq(goods.isBuy, true), gt(goods.number, 100)))
      .limit(1);
    const most = Math.floor(g.number / g.zbz) * g.zbz;
    expect((await chain.post('/api/cart', { params: [line(g, most - g.zbz)] })).body.code).toBe(10000);
    const over = await chain.post('/api/cart', { params: [line(g, g.zbz * 2)] });
    expect(over.body.message).toBe(`${g.name}库存不足，最多可采购${most}${g.bzdw}`);
    const [row] = await t.db
      .select()
      .from(cartItems)
      .where(and(eq(cartItems.goodsId, g.id), eq(cartItems.userId, (await chain.get('/api/user/base')).body.data.id)));
    expect(row.number).toBe(most - g.zbz);
    expect((await chain.post('/api/cart', { params: [line(g, g.zbz)] })).body.code).toBe(10000);
  });

  it('holds an add to the goods as they are now, not as a list read them seconds before', async () => {
    const buyer = await loginAs(t.app, 'chain-b');
    const userId = (await buyer.get('/api/user/base')).body.data.id as number;
    const [sold, pulled, fine] = await t.db
      .select()
      .from(goods)
      .where(and(eq(goods.isKx, false), eq(goods.isBuy, true), eq(goods.isOnSale, true), gt(goods.number, 100), gt(goods.zbz, 0)))
      .orderBy(goods.id)
      .offset(20)
      .limit(3);
    // A list page reads them (and keeps their rows for some seconds)...
    const listed = await buyer.get(`/api/goods/list?per_page=100&keywords=${encodeURIComponent(sold.name)}`);
    expect(listed.body.code).toBe(10000);
    await buyer.get(`/api/goods/list?per_page=100&keywords=${encodeURIComponent(pulled.name)}`);
    // ...then they change where this process does not see it: sold out by orders, taken off sale elsewhere.
    await t.db.update(goods).set({ number: 0 }).where(eq(goods.id, sold.id));
    await t.db.update(goods).set({ isOnSale: false }).where(eq(goods.id, pulled.id));
    try {
      expect((await buyer.post('/api/cart', { params: [line(sold)] })).body.message).toBe(`${sold.name}已售罄`);
      expect((await buyer.post('/api/cart', { params: [line(pulled)] })).body.message).toBe('商品不存在或已下架');
      expect((await t.db.select().from(cartItems).where(eq(cartItems.userId, userId))).map((r) => r.goodsId)).toEqual([]);
      expect((await buyer.post('/api/cart', { params: [line(fine)] })).body.data).toEqual({ cart: 1 });
    } finally {
      await t.db.update(goods).set({ number: sold.number }).where(eq(goods.id, sold.id));
      await t.db.update(goods).set({ isOnSale: true }).where(eq(goods.id, pulled.id));
      await t.db.delete(cartItems).where(eq(cartItems.userId, userId));
    }
  });

  it('adds several lines together or not at all: a goods twice is one line, a goods held grows, one line short refuses them all', async () => {
    const buyer = await loginAs(t.app, 'chain-b');
    const userId = (await buyer.get('/api/user/base')).body.data.id as number;
    await t.db.delete(cartItems).where(eq(cartItems.userId, userId));
    const [a, b, c] = await t.db
      .select()
      .from(goods)
      .where(and(eq(goods.isKx, false), eq(goods.isBuy, true), gt(goods.number, 1000)))
      .limit(3);
    expect((await buyer.post('/api/cart', { params: [line(a)] })).body.data).toEqual({ cart: 1 });
    const added = await buyer.post('/api/cart', { params: [line(b), line(a, a.zbz * 2), line(c), line(b)] });
    expect(added.body.data).toEqual({ cart: 3 });
    const numbers = async () =>
      Object.fromEntries(
        (await t.db.select().from(cartItems).where(eq(cartItems.userId, userId))).map((r) => [r.goodsId, `${r.number}:${r.type}:${r.isSelected}`]),
      );
    const before = await numbers();
    expect(before).toEqual({ [a.id]: `${a.zbz * 3}:0:true`, [b.id]: `${b.zbz * 2}:0:true`, [c.id]: `${c.zbz}:0:true` });
    // c's stock is over with what its line holds: nothing of the request is written, a's line included.
    const most = Math.floor(c.number / c.zbz) * c.zbz;
    const short = await buyer.post('/api/cart', { params: [line(a), line(c, most)] });
    expect(short.body.message).toBe(`${c.name}库存不足，最多可采购${most}${c.bzdw}`);
    expect(await numbers()).toEqual(before);
    await t.db.delete(cartItems).where(eq(cartItems.userId, userId));
  });

  it(`holds at most ${CART_MAX_LINES} lines: a new goods is refused when full, more of a goods held is not`, async () => {
    const demo = await loginAs(t.app, 'demo');
    const userId = (await demo.get('/api/user/base')).body.data.id as number;
    await t.db.delete(cartItems).where(eq(cartItems.userId, userId));
    const [held, other] = await t.db
      .select()
      .from(goods)
      .where(and(eq(goods.isKx, false), eq(goods.isBuy, true), gt(goods.number, 1000)))
      .limit(2);
    expect((await demo.post('/api/cart', { params: [line(held)] })).body.data).toEqual({ cart: 1 });
    // Bundle lines of one goods fill the rest: the limit counts lines, whatever they hold.
    const [filler] = await t.db
      .select()
      .from(goods)
      .where(and(ne(goods.id, held.id), ne(goods.id, other.id)))
      .limit(1);
    await t.db
      .insert(cartItems)
      .values(Array.from({ length: CART_MAX_LINES - 1 }, (_, i) => ({ userId, goodsId: filler.id, type: 3, number: 1, combinationId: 100_000 + i })));
    const full = await demo.post('/api/cart', { params: [line(other)] });
    expect(full.body.message).toBe(`购物车最多存放${CART_MAX_LINES}种商品，请先结算或清理购物车`);
    const more = await demo.post('/api/cart', { params: [line(held)] });
    expect(more.body.data).toEqual({ cart: CART_MAX_LINES });
    expect((await demo.get('/api/cart/total')).body.data.total).toBe(CART_MAX_LINES);
    await t.db.delete(cartItems).where(eq(cartItems.userId, userId));
  });

  it('sends buyers waiting for review to their licences and guests to login', async () => {
    const [g] = await t.db.select().from(goods).limit(1);
    const pending = await loginAs(t.app, 'pending');
    expect((await pending.post('/api/cart', { params: [line(g)] })).body.message).toBe(NOT_APPROVED);
    const guest = await agent(t.app).post('/api/cart', { params: [line(g)] });
    expect(guest.status).toBe(401);
    const bad = await (await loginAs(t.app, 'demo')).post('/api/cart', { params: 'x' });
    expect(bad.status).toBe(422);
    expect(bad.body.message).toBe('请选择要加入购物车的商品');
  });
});
