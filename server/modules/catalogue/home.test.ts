/** The home page's floors and recommendations, and the brand zone, as a buyer sees them. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, gt, inArray, notInArray } from 'drizzle-orm';
import { categories, goods } from '../../db/schema/index.js';
import { agent, buildTestApp, dbLabel, loginAs, type TestApp } from '../../testing.js';
import { factsOf } from './catalogue.fixture.js';

let t: TestApp;
let demo: ReturnType<typeof agent>;
beforeAll(async () => {
  t = await buildTestApp({ goods: 400 });
  demo = await loginAs(t.app, 'demo');
});
afterAll(async () => t?.close());

type G = {
  id: number;
  name: string;
  number: number;
  base_price: string | null;
  price_tip: string | null;
};

describe(`home floors on ${dbLabel}`, () => {
  it('gives one floor per top category in menu order with its best sellers in stock', async () => {
    const { body } = await demo.get('/api/index/floors');
    const floors = body.data as { floor: number; id: number; name: string; url: string; children: { id: number }[]; goods: G[] }[];
    expect(floors.map((f) => f.floor)).toEqual([1, 2, 3, 4, 5, 6]);
    expect(floors.slice(0, 3).map((f) => f.name)).toEqual(['抗感染药', '感冒呼吸', '解热镇痛']);
    for (const f of floors) {
      expect(f.url).toBe(`/list?category=${f.id}`);
      expect(f.children.length).toBeGreaterThan(0);
      expect(f.goods.length).toBeGreaterThan(0);
      expect(f.goods.length).toBeLessThanOrEqual(5);
      const inTree = new Set([f.id, ...f.children.map((c) => c.id)]);
      for (const g of f.goods) expect(g.number).toBeGreaterThan(0);
      const facts = await factsOf(t.db, f.goods);
      for (const g of facts) expect(inTree.has(g.categoryId)).toBe(true);
      const sales = facts.map((g) => g.sales);
      expect(sales).toEqual([...sales].sort((a, b) => b - a));
    }
  });

  it('shows guests the floors without prices and without controlled-sale goods', async () => {
    const floors = (await agent(t.app).get('/api/index/floors')).body.data as { goods: G[] }[];
    const shown = floors.flatMap((f) => f.goods);
    expect(shown.length).toBeGreaterThan(0);
    for (const g of shown) {
      expect(g.base_price).toBeNull();
      expect(g.price_tip).toBe('登录可见');
    }
    expect((await factsOf(t.db, shown)).filter((f) => f.isKx)).toEqual([]);
  });
});

describe(`为你推荐 on ${dbLabel}`, () => {
  it('puts goods of the categories a buyer keeps first, without the kept goods themselves', async () => {
    const chain = await loginAs(t.app, 'chain');
    const [cat] = await t.db.select({ id: categories.id }).from(categories).where(eq(categories.name, '降压药'));
    const kept = await t.db
      .select({ id: goods.id })
      .from(goods)
      .where(and(eq(goods.categoryId, cat.id), eq(goods.isKx, false)))
      .limit(2);
    expect((await chain.post('/api/favorite', { goods_ids: kept.map((k) => k.id) })).body.code).toBe(10000);
    const { body } = await chain.get('/api/index_wntj/1');
    expect(body.data).toMatchObject({ current_page: 1, per_page: 10 });
    const list = body.data.data as G[];
    expect(list.length).toBe(10);
    const candidates = await t.db.$count(
      goods,
      and(
        eq(goods.categoryId, cat.id),
        eq(goods.isOnSale, true),
        eq(goods.isKx, false),
        eq(goods.isBuy, true),
        gt(goods.number, 0),
        notInArray(
          goods.id,
          kept.map((k) => k.id),
        ),
      ),
    );
    expect(candidates).toBeGreaterThan(0);
    const fromKept = list.slice(0, Math.min(10, candidates));
    for (const g of await factsOf(t.db, fromKept)) expect(g.categoryId).toBe(cat.id);
    expect(list.map((g) => g.id)).not.toContain(kept[0].id);
    for (const g of list) expect(g.number).toBeGreaterThan(0);
  });

  it('pages through at most ten pages of best sellers for guests and refuses a bad page', async () => {
    const guest = agent(t.app);
    const one = (await guest.get('/api/index_wntj/1')).body.data;
    const two = (await guest.get('/api/index_wntj/2')).body.data;
    expect(one.last_page).toBe(10);
    expect(one.total).toBe(100);
    const ids = one.data.map((g: G) => g.id);
    expect(two.data.filter((g: G) => ids.includes(g.id))).toEqual([]);
    const [first, second] = await factsOf(t.db, [one.data[0], two.data[0]]);
    expect(first.sales).toBeGreaterThanOrEqual(second.sales);
    expect((await guest.get('/api/index_wntj/11')).body.data.data).toEqual([]);
    const bad = await guest.get('/api/index_wntj/abc');
    expect(bad.status).toBe(422);
    expect(bad.body.message).toBe('页码格式不正确');
  });
});

describe(`brand zone on ${dbLabel}`, () => {
  it('lists twelve brands a page with their goods counts and best sellers', async () => {
    const { body } = await demo.get('/api/brand?page=1');
    const page = body.data as {
      data: { id: number; name: string; logo: string; banner: string; url: string; goods_count: number; goods: G[] }[];
      total: number;
      last_page: number;
    };
    expect(page.data).toHaveLength(12);
    expect(page.last_page).toBe(Math.ceil(page.total / 12));
    for (const b of page.data) {
      expect(b.url).toBe(`/ppzq/info/${b.id}`);
      expect(b.goods.length).toBeLessThanOrEqual(3);
      for (const g of await factsOf(t.db, b.goods)) expect(g.brandId).toBe(b.id);
    }
    const withGoods = page.data.find((b) => b.goods_count > 0)!;
    const list = (await demo.get(`/api/goods/list?brand=${withGoods.id}`)).body.data;
    expect(list.total).toBe(withGoods.goods_count);
    const second = (await demo.get('/api/brand?page=2')).body.data;
    expect(second.data.map((b: { id: number }) => b.id)).not.toContain(page.data[0].id);
  });

  it('gives a brand page its banner and description, and 404 for a brand that does not exist', async () => {
    const [first] = (await demo.get('/api/brand')).body.data.data;
    const { body } = await demo.get(`/api/focus/brand/${first.id}`);
    expect(body.data).toMatchObject({ id: first.id, name: first.name, banner: expect.stringContaining('/api/img/banner.svg'), goods_count: first.goods_count });
    expect(body.data.description).toContain('官方授权');
    const missing = await demo.get('/api/focus/brand/99999');
    expect(missing.status).toBe(404);
    expect(missing.body.message).toBe('品牌不存在');
    expect((await demo.get('/api/focus/brand/x')).status).toBe(422);
  });

  it('counts controlled-sale goods of a brand only for accounts that may see them', async () => {
    const kx = await t.db
      .select({ brandId: goods.brandId })
      .from(goods)
      .where(and(eq(goods.isKx, true), inArray(goods.isOnSale, [true])));
    const brandId = kx.find((k) => k.brandId)?.brandId;
    if (!brandId) throw new Error('the seed has a controlled-sale goods of a brand');
    const special = (await demo.get(`/api/focus/brand/${brandId}`)).body.data.goods_count;
    const guest = (await agent(t.app).get(`/api/focus/brand/${brandId}`)).body.data.goods_count;
    expect(special).toBeGreaterThan(guest);
  });
});
