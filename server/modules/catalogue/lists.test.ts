/** The catalogue's lists as buyers page and filter them, favourites, and the kept answers with their schemas. */
import { describe, it, expect } from 'vitest';
import { threadId } from 'node:worker_threads';
import { and, asc, desc, eq, inArray, sql } from 'drizzle-orm';
import { goods, goodsBatches } from '../../db/schema/index.js';
import { z } from 'zod';
import { okOf } from '../../../core/schemas/envelope.js';
import { Brand, BrandPage, FilterOptions, Floor, Goods, GoodsDetail, GoodsList, goodsListQuery, GoodsPage } from '../../../core/schemas/goods.js';
import { undeclared } from '../../http/serializer.js';
import { agent, dbLabel } from '../../testing.js';
import { listGoods } from './lists.js';
import { buildGoodsIndex, forgetGoodsIndex, renewGoodsIndex } from './list-index.js';
import { lockGoods, syncGoodsStock } from './batches.js';
import { giveBatches } from './batches.fixture.js';
import { clearKeptAnswers } from '../../http/cache.js';
import { matchTerms, refreshGoodsTerms } from './terms.js';
import { t, demo, pending, chain, factsOf, G, openCatalogue } from './catalogue.fixture.js';

openCatalogue();

describe(`lists, filters and paging on ${dbLabel}`, () => {
  it('pages through a filtered list with consistent totals', async () => {
    const first = (await demo.get('/api/goods/list?per_page=7&page=1')).body.data;
    const second = (await demo.get('/api/goods/list?per_page=7&page=2')).body.data;
    expect(first).toMatchObject({ current_page: 1, per_page: 7 });
    expect(first.last_page).toBe(Math.ceil(first.total / 7));
    const ids = new Set([...first.data, ...second.data].map((g: G) => g.id));
    expect(ids.size).toBe(14);
    expect((await demo.get('/api/goods/list?per_page=101')).status).toBe(422);
    expect(first.total_more).toBe(0);
  });

  it('counts a list up to its cap and says when there are more', async () => {
    const viewer = { userId: null, approved: true, special: false, priceTip: null };
    const all = await listGoods(t.db, goodsListQuery.parse({ per_page: '10' }), viewer);
    expect(all.total).toBeGreaterThan(60);
    const capped = await listGoods(t.db, goodsListQuery.parse({ per_page: '10' }), viewer, { cap: 50 });
    expect(capped).toMatchObject({ total: 50, total_more: 1, last_page: 5 });
    expect(capped.data.map((g) => g.id)).toEqual(all.data.map((g) => g.id));
    const exact = await listGoods(t.db, goodsListQuery.parse({ per_page: '10' }), viewer, { cap: all.total });
    expect(exact).toMatchObject({ total: all.total, total_more: 0 });
  });

  it('pages a keyword list, read term by term, in exactly the order of one sort of every match', async () => {
    const viewer = { userId: null, approved: true, special: false, priceTip: null };
    const visibleRows = await t.db
      .select({ id: goods.id, name: goods.name, sales: goods.sales, number: goods.number })
      .from(goods)
      .where(and(eq(goods.isOnSale, true), eq(goods.isKx, false)));
    for (const keyword of ['胶囊', '片', 'pian']) {
      const rank = new Map((await matchTerms(t.db, keyword, 1)).map((m) => [m.term, m.rank]));
      const matches = visibleRows.filter((r) => rank.has(r.name));
      const byMatch = [...matches].sort((a, b) => rank.get(a.name)! - rank.get(b.name)! || b.sales - a.sales || a.id - b.id);
      const bySalesAsc = [...matches].sort((a, b) => a.sales - b.sales || rank.get(a.name)! - rank.get(b.name)! || a.id - b.id);
      const inStock = byMatch.filter((r) => r.number > 0);
      expect(matches.length, keyword).toBeGreaterThan(12);
      for (const page of [1, 2, 3]) {
        const ask = (extra: Record<string, string>) =>
          listGoods(t.db, goodsListQuery.parse({ keywords: keyword, per_page: '5', page: String(page), ...extra }), viewer);
        const ids = (rows: { id: number }[]) => rows.slice((page - 1) * 5, page * 5).map((r) => r.id);
        expect(
          (await ask({})).data.map((g) => g.id),
          `${keyword} page ${page}`,
        ).toEqual(ids(byMatch));
        expect((await ask({ sort: 'sales', order: 'asc' })).data.map((g) => g.id)).toEqual(ids(bySalesAsc));
        expect((await ask({ in_stock: '1' })).data.map((g) => g.id)).toEqual(ids(inStock));
      }
      expect((await listGoods(t.db, goodsListQuery.parse({ keywords: keyword }), viewer)).total).toBe(matches.length);
    }
  });

  it('builds the same list index in a worker thread whether it reads the goods in one statement or in chunks of 7', async () => {
    const whole = await buildGoodsIndex(t.db, 183, 100_000);
    const chunked = await buildGoodsIndex(t.db, 183, 7);
    // Put together away from the thread that serves requests, from every part handed over.
    expect(whole.thread).not.toBe(threadId);
    expect(chunked.thread).toBe(whole.thread);
    expect(whole.size).toBeGreaterThan(100);
    expect(chunked.size).toBe(whole.size);
    for (const order of ['salesDesc', 'priceAsc', 'newest'] as const) expect([...chunked.views[order].id]).toEqual([...whole.views[order].id]);
    expect(chunked.numbers).toBe(whole.numbers);
  });

  it('renews the list index from the sales and stock alone, laid out as a whole reading would be, and reads it whole once the goods on sale change', async () => {
    clearKeptAnswers(t.db);
    const whole = await renewGoodsIndex(t.db, 183);
    expect(whole.thread).not.toBe(threadId);
    const onSale = (
      await t.db.select({ id: goods.id, sales: goods.sales, number: goods.number }).from(goods).where(eq(goods.isOnSale, true)).orderBy(goods.id)
    ).slice(0, 6);
    const restore = () =>
      Promise.all(onSale.map((g) => t.db.update(goods).set({ sales: g.sales, number: g.number, isOnSale: true }).where(eq(goods.id, g.id))));
    try {
      // What orders and the sales sweep change, with no console write: the best sellers and stock move.
      await t.db.update(goods).set({ sales: 99_999 }).where(eq(goods.id, onSale[0].id));
      await t.db.update(goods).set({ number: 0 }).where(eq(goods.id, onSale[1].id));
      const renewed = await renewGoodsIndex(t.db, 183);
      expect(renewed.text, 'renewed: the texts of the whole reading are kept').toBe(whole.text);
      expect(renewed.views.salesDesc.id[0]).toBe(onSale[0].id);
      const reference = await buildGoodsIndex(t.db, 183);
      for (const order of ['salesDesc', 'salesAsc', 'priceAsc', 'priceDesc', 'newest'] as const) {
        expect([...renewed.views[order].id], order).toEqual([...reference.views[order].id]);
        expect([...renewed.views[order].stock], order).toEqual([...reference.views[order].stock]);
        expect([...renewed.views[order].byCategory.at], order).toEqual([...reference.views[order].byCategory.at]);
      }

      // Only stock moved: the orders stay, the columns are laid out again.
      await t.db.update(goods).set({ number: 0 }).where(eq(goods.id, onSale[3].id));
      const restocked = await renewGoodsIndex(t.db, 183);
      expect(restocked.text).toBe(whole.text);
      const again = await buildGoodsIndex(t.db, 183);
      for (const order of ['salesDesc', 'priceAsc', 'newest'] as const) {
        expect([...restocked.views[order].id], order).toEqual([...again.views[order].id]);
        expect([...restocked.views[order].stock], order).toEqual([...again.views[order].stock]);
      }

      // A goods taken off sale: the goods are no longer the same, so the index is read whole.
      await t.db.update(goods).set({ isOnSale: false }).where(eq(goods.id, onSale[2].id));
      const reread = await renewGoodsIndex(t.db, 183);
      expect(reread.text).not.toBe(whole.text);
      expect(reread.size).toBe(whole.size - 1);
      expect([...reread.views.newest.id]).not.toContain(onSale[2].id);

      // A console write drops the answers: the next index is read whole too.
      clearKeptAnswers(t.db);
      expect((await renewGoodsIndex(t.db, 183)).text).not.toBe(reread.text);
    } finally {
      await restore();
      clearKeptAnswers(t.db);
    }
  });

  it('answers a keyword alone, in every sort and page, exactly as the database would', async () => {
    const numbers = (await t.db.select({ pzwh: goods.pzwh }).from(goods).limit(50)).map((r) => r.pzwh).filter((n) => n.length > 8);
    // Every goods sells alike, so that a sort by sales leaves whole groups to the names' ranks ('xi' finds names
    // by their pinyin's start and inside it); and one goods named with 2020, which approval numbers hold too.
    const before = await t.db.select({ id: goods.id, name: goods.name, sales: goods.sales }).from(goods);
    const renamed = before[0];
    await t.db.update(goods).set({ sales: 100 });
    await t.db.update(goods).set({ name: '复方2020测试片' }).where(eq(goods.id, renamed.id));
    await refreshGoodsTerms(t.db);
    const keywords = ['胶囊', '片', 'pian', 'amxl', 'xi', '颗粒', '阿', 'hbzy', '华北', numbers[0].slice(0, 7), '2020', '感冒', '头痛', '芬必得', '呼吸', '感'];
    const viewers = [
      { userId: null, approved: true, special: false, priceTip: null },
      { userId: null, approved: true, special: true, priceTip: null },
    ];
    for (const keywords_ of keywords)
      for (const type of ['1', '2'])
        for (const [sort, order] of [['default'], ['sales', 'desc'], ['sales', 'asc'], ['price', 'asc'], ['price', 'desc'], ['newest']])
          for (const page of ['1', '2', '5'])
            for (const viewer of viewers) {
              const q = goodsListQuery.parse({ keywords: keywords_, type, sort, ...(order ? { order } : {}), page, per_page: '5' });
              const [fromIndex, fromDatabase] = [await listGoods(t.db, q, viewer, { via: 'index' }), await listGoods(t.db, q, viewer, { via: 'database' })];
              const what = JSON.stringify({ keywords_, type, sort, order, page, special: viewer.special });
              expect(
                fromIndex.data.map((g) => g.id),
                what,
              ).toEqual(fromDatabase.data.map((g) => g.id));
              expect(fromIndex.total, what).toBe(fromDatabase.total);
            }
    for (const g of before) await t.db.update(goods).set({ sales: g.sales, name: g.name }).where(eq(goods.id, g.id));
    await refreshGoodsTerms(t.db);
  });

  it('answers every list from its index exactly as the database would: the same page, the same count', async () => {
    const common = (await demo.get('/api/focus/common')).body.data as { category: { id: number; children: { id: number }[] }[]; brand: { id: number }[] };
    const categories = common.category.flatMap((c) => [c.id, ...c.children.map((k) => k.id)]);
    const brands = common.brand.map((b) => b.id);
    const numbers = (await t.db.select({ pzwh: goods.pzwh }).from(goods).limit(400)).map((r) => r.pzwh).filter((n) => n.length > 8);
    const ids = (await t.db.select({ id: goods.id }).from(goods)).map((r) => r.id);
    let seed = 42;
    const rnd = () => (seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31;
    const pick = <T>(list: readonly T[]) => list[Math.floor(rnd() * list.length)];
    const viewers = [
      { userId: null, approved: true, special: false, priceTip: null },
      { userId: null, approved: true, special: true, priceTip: null },
      { userId: null, approved: false, special: false, priceTip: '登录后可见' },
    ];
    let amongListed = 0;
    for (let n = 0; n < 120; n++) {
      const raw: Record<string, string> = { per_page: pick(['5', '20']), page: pick(['1', '1', '2', '4']) };
      if (rnd() < 0.4) raw.category = String(pick(categories));
      if (rnd() < 0.2) raw.brand = String(pick(brands));
      if (rnd() < 0.3) raw.zone = pick(['yx', 'zy', 'qx', 'jxq', 'kx', 'youx']);
      if (rnd() < 0.2) raw.cfl = pick(['处方药', '甲类OTC', '乙类OTC', '器械', '中药饮片', '保健食品']);
      if (rnd() < 0.3) raw.in_stock = '1';
      if (rnd() < 0.15) Object.assign(raw, { price_min: '5.00', price_max: pick(['20.00', '80.00']) });
      if (rnd() < 0.4)
        Object.assign(raw, {
          keywords: pick(['胶囊', '片', 'pian', 'amxl', '颗粒', '阿', 'hbzy', '华北', 'zz', '感冒', '头痛', '芬必得', '呼吸']),
          type: pick(['1', '1', '2']),
        });
      // A part of an approval number, or a whole one: found by the number (and by names, where a name holds it).
      else if (rnd() < 0.25)
        Object.assign(raw, { keywords: pick([pick(numbers), pick(numbers).slice(0, 7), pick(numbers).slice(4, 9).toLowerCase(), '2020']) });
      raw.sort = pick(['default', 'sales', 'price', 'newest']);
      if (rnd() < 0.5) raw.order = pick(['asc', 'desc']);
      const q = goodsListQuery.parse(raw);
      const viewer = pick(viewers);
      // An activity's goods, some of them off sale, one of them unknown.
      const among = rnd() < 0.3 ? [...ids.filter(() => rnd() < pick([0.05, 0.3])), 99_999_999] : null;
      const [fromIndex, fromDatabase] = [
        await listGoods(t.db, q, viewer, { via: 'index', among }),
        await listGoods(t.db, q, viewer, { via: 'database', among }),
      ];
      // Only the activity's goods, when it names some.
      const allowed = new Set(among ?? ids);
      for (const g of fromIndex.data) expect(allowed.has(g.id), `${g.id} listed`).toBe(true);
      amongListed += among ? fromIndex.data.length : 0;
      expect(
        fromIndex.data.map((g) => g.id),
        JSON.stringify({ raw, viewer, among: among?.length }),
      ).toEqual(fromDatabase.data.map((g) => g.id));
      expect(fromIndex.total, JSON.stringify(raw)).toBe(fromDatabase.total);
    }
    // Some of the runs listed an activity's goods.
    expect(amongListed).toBeGreaterThan(0);
  });

  it('sorts, prices and stocks the near-expiry zone by its offers, from its index exactly as the database would', async () => {
    // Six goods, dearest first, get a near batch each that sells cheapest for the dearest (the last at the default
    // rate), and the dearest has no units that sell outside the zone.
    const chosen = await t.db
      .select({ id: goods.id })
      .from(goods)
      .where(and(eq(goods.isOnSale, true), eq(goods.isKx, false), eq(goods.minShelfDays, 183)))
      .orderBy(desc(goods.basePrice), asc(goods.id))
      .limit(6);
    const ids = chosen.map((g) => g.id);
    const saved = await t.db.select().from(goodsBatches).where(inArray(goodsBatches.goodsId, ids));
    const viewers = [
      { userId: null, approved: true, special: false, priceTip: null },
      { userId: null, approved: true, special: true, priceTip: null },
      { userId: null, approved: false, special: false, priceTip: '登录后可见' },
    ];
    const approved = viewers[0];
    const zone = (viewer: (typeof viewers)[number], raw: Record<string, string>, via: 'index' | 'database' = 'index') =>
      listGoods(t.db, goodsListQuery.parse({ zone: 'jxq', ...raw }), viewer, { via });
    const FILTERS: Record<string, string>[] = [
      {},
      { in_stock: '1' },
      { price_min: '1.00', price_max: '2.50' },
      { in_stock: '1', price_max: '30.00' },
      { keywords: '片' },
    ];
    /** Index and database alike for every sort, filter and page of the zone. */
    const alike = async (who = viewers) => {
      for (const viewer of who)
        for (const [sort, order] of [['price', 'asc'], ['price', 'desc'], ['default']])
          for (const filter of FILTERS)
            for (const page of ['1', '2']) {
              const raw = { sort, ...(order ? { order } : {}), ...filter, page, per_page: '5' };
              const [fromIndex, fromDatabase] = [await zone(viewer, raw, 'index'), await zone(viewer, raw, 'database')];
              const what = JSON.stringify({ raw, approved: viewer.approved, special: viewer.special });
              expect(
                fromIndex.data.map((g) => g.id),
                what,
              ).toEqual(fromDatabase.data.map((g) => g.id));
              expect(fromIndex.total, what).toBe(fromDatabase.total);
            }
    };
    try {
      for (const [k, g] of chosen.entries())
        await giveBatches(t.db, g.id, [
          { no: 'Z-NEAR', days: 60 + k, quantity: 10 + k, price: k === 5 ? null : 100 + 37 * k },
          ...(k === 0 ? [] : [{ no: 'Z-FRESH', days: 400, quantity: 20 }]),
        ]);
      clearKeptAnswers(t.db);
      await alike();
      // As a buyer sees it: cheapest first by the prices the cards show, the dearest goods first of all at ¥1.00.
      const cheapest = await zone(approved, { sort: 'price', order: 'asc', per_page: '100' });
      expect(cheapest.last_page).toBe(1);
      const byPrice = cheapest.data;
      const prices = byPrice.map((g) => Number(g.base_price));
      expect(prices).toEqual([...prices].sort((a, b) => a - b));
      expect(byPrice.findIndex((g) => g.id === ids[0])).toBeLessThan(byPrice.findIndex((g) => g.id === ids[4]));
      expect(byPrice.find((g) => g.id === ids[0])).toMatchObject({ base_price: '1.00', number: 10 });
      // Its near units keep it in stock; the price range finds the near prices, whatever the base prices.
      expect((await zone(approved, { in_stock: '1', per_page: '100' })).data.map((g) => g.id)).toContain(ids[0]);
      const ranged = (await zone(approved, { price_min: '1.00', price_max: '2.50', per_page: '100' })).data.map((g) => g.id);
      expect(ranged).toEqual(expect.arrayContaining(ids.slice(0, 5)));

      // An order holds every near unit of the dearest (no console write): once the index renews from what moves,
      // both still agree, and it is neither in stock nor in the zone.
      await t.db
        .update(goodsBatches)
        .set({ held: sql`${goodsBatches.quantity}` })
        .where(and(eq(goodsBatches.goodsId, ids[0]), eq(goodsBatches.batchNo, 'Z-NEAR')));
      forgetGoodsIndex(t.db);
      await alike([approved]);
      expect((await zone(approved, { per_page: '100' })).data.map((g) => g.id)).not.toContain(ids[0]);
    } finally {
      await t.db.delete(goodsBatches).where(inArray(goodsBatches.goodsId, ids));
      if (saved.length) await t.db.insert(goodsBatches).values(saved);
      await t.db.transaction(async (tx) => {
        await lockGoods(tx, ids);
        await syncGoodsStock(tx, ids);
      });
      clearKeptAnswers(t.db);
    }
  });

  it('filters by a top category including its sub-categories, by stock and by near expiry', async () => {
    const common = (await demo.get('/api/focus/common')).body.data;
    const top = common.category[0];
    const list = (await demo.get(`/api/goods/list?category=${top.id}&per_page=100`)).body.data.data as G[];
    const subIds = top.children.map((c: { id: number }) => c.id);
    expect(list.length).toBeGreaterThan(0);
    for (const f of await factsOf(t.db, list)) expect(subIds).toContain(f.categoryId);
    for (const g of (await demo.get('/api/goods/list?in_stock=1&per_page=100')).body.data.data as G[]) expect(g.number).toBeGreaterThan(0);
    const limit = new Date(Date.now() + 184 * 86_400_000).toISOString().slice(0, 10);
    const near = (await demo.get('/api/goods/list?zone=jxq&per_page=100')).body.data.data as G[];
    expect(near.length).toBeGreaterThan(0);
    for (const g of near) expect(g.xq <= limit).toBe(true);
  });

  it('sorts by sales and lists search results page by page', async () => {
    const bySales = (await demo.get('/api/goods/list?sort=sales&per_page=20')).body.data.data as G[];
    const sales = (await factsOf(t.db, bySales)).map((f) => f.sales);
    expect(sales).toHaveLength(20);
    expect(sales).toEqual([...sales].sort((a, b) => b - a));
    const found = (await demo.get(`/api/goods/list?keywords=${encodeURIComponent('胶囊')}&per_page=5`)).body.data;
    expect(found.total).toBeGreaterThan(5);
    for (const g of found.data as G[]) expect(g.name).toContain('胶囊');
  });

  it('gives a detail with category path, brand and insert text, and 404 for unknown goods', async () => {
    const [row] = await t.db
      .select()
      .from(goods)
      .where(and(eq(goods.isKx, false), sql`${goods.brandId} is not null`))
      .limit(1);
    const d = (await demo.get(`/api/goods/detail/${row.id}`)).body.data;
    expect(d.category_path).toHaveLength(2);
    expect(d.brand.name).toBeTruthy();
    expect(d.instructions).toContain('【药品名称】');
    const missing = await demo.get('/api/goods/detail/999999');
    expect(missing.status).toBe(404);
    expect(missing.body.message).toBe('商品不存在或已下架');
  });

  it('lists a goods as its card shows it, with the main picture alone, and gives its page every picture and fact', async () => {
    const first = (await demo.get('/api/goods/list?per_page=20')).body.data.data[0];
    const [row] = await t.db.select().from(goods).where(eq(goods.id, first.id));
    expect(row.images.length).toBeGreaterThan(1);
    expect(first.goods_image).toEqual([row.images[0]]);
    expect(Object.keys(first).sort()).toEqual(Object.keys(Goods.shape).sort());
    const d = (await demo.get(`/api/goods/detail/${row.id}`)).body.data;
    expect(d.goods_image).toEqual(row.images);
    expect(d).toMatchObject({
      jzl: row.jzl,
      jx: row.jx,
      cfl: row.cfl,
      scrq: row.scrq,
      ccfs: row.ccfs,
      category_id: row.categoryId,
      brand_id: row.brandId,
      sales: row.sales,
    });
  });

  it('lists hot goods in stock and the filter options', async () => {
    const hot = (await agent(t.app).get('/api/goods/hot')).body.data as G[];
    expect(hot).toHaveLength(10);
    for (const g of hot) expect(g.number).toBeGreaterThan(0);
    const fl = (await demo.get('/api/goods/fl')).body.data;
    expect(fl.category.length).toBeGreaterThan(7);
    expect(fl.sccj).toContain('华北制药股份有限公司');
    expect(fl.cfl).toContain('处方药');
  });

  it('narrows the filter options to what a zone, a brand or a keyword can show', async () => {
    const devices = (await demo.get('/api/goods/fl?zone=qx')).body.data;
    expect(devices.category.map((c: { name: string }) => c.name)).toEqual(['医疗器械']);
    expect(devices.cfl).toEqual(['器械']);
    const [brand] = (await demo.get('/api/goods/fl')).body.data.brand as { id: number }[];
    const ofBrand = (await demo.get(`/api/goods/fl?brand=${brand.id}`)).body.data;
    expect(ofBrand.brand.map((b: { id: number }) => b.id)).toEqual([brand.id]);
    const listed = (await demo.get(`/api/goods/list?brand=${brand.id}&per_page=100`)).body.data.data as G[];
    expect(new Set(ofBrand.sccj)).toEqual(new Set(listed.map((g) => g.sccj)));
    const amoxicillin = (await demo.get('/api/goods/fl?keywords=amxl')).body.data;
    const found = (await demo.get('/api/goods/list?keywords=amxl&per_page=100')).body.data.data as G[];
    expect(new Set(amoxicillin.sccj)).toEqual(new Set(found.map((g) => g.sccj)));
    expect((await demo.get('/api/goods/fl?keywords=zzzqqq')).body.data.sccj).toEqual([]);
    expect((await demo.get('/api/goods/fl?zone=nope')).status).toBe(422);
  });
});

describe(`favourites on ${dbLabel}`, () => {
  it('keeps, lists and cancels favourites of the account only', async () => {
    const [a, b] = (await demo.get('/api/goods/list?per_page=2')).body.data.data as G[];
    expect((await demo.post('/api/favorite', { goods_ids: [a.id, b.id] })).body.code).toBe(10000);
    expect((await demo.post('/api/favorite', { goods_ids: [a.id] })).body.code).toBe(10000);
    const list = (await demo.get('/api/favorite?page=1')).body.data;
    expect(list.total).toBe(2);
    expect((await demo.get(`/api/goods/detail/${a.id}`)).body.data.is_favorite).toBe(1);
    expect((await chain.get('/api/favorite')).body.data.total).toBe(0);
    await demo.post('/api/favorite/cancel', { goods_ids: [a.id] });
    expect((await demo.get('/api/favorite')).body.data.data.map((g: G) => g.id)).toEqual([b.id]);
    // The other account cancelling demo's favourite changes nothing of demo's.
    await chain.post('/api/favorite/cancel', { goods_ids: [b.id] });
    expect((await demo.get('/api/favorite')).body.data.total).toBe(1);
  });

  it('refuses guests, unknown goods and malformed ids', async () => {
    expect((await agent(t.app).get('/api/favorite')).status).toBe(401);
    expect((await agent(t.app).post('/api/favorite', { goods_ids: [1] })).body.code).toBe(10001);
    expect((await demo.post('/api/favorite', { goods_ids: [999999] })).status).toBe(404);
    const bad = await demo.post('/api/favorite', { goods_ids: { a: { b: 1 } } });
    expect(bad.status).toBe(422);
    expect(bad.body.message).toMatch(/[\u4e00-\u9fa5]/);
    expect((await demo.post('/api/favorite', {})).body.message).toBe('请选择商品');
  });
});

/** These answers are kept as JSON text and sent past the serializer: their schemas are proven complete here. */

describe(`kept answers and their schemas on ${dbLabel}`, () => {
  const declared = (schema: z.ZodType, body: unknown) => {
    const parsed = okOf(schema).parse(body);
    expect(undeclared(body, parsed)).toEqual([]);
  };

  it('sends goods lists, details, filters, floors and brands exactly as core/schemas/goods.ts declares them', async () => {
    const [branded] = await t.db
      .select()
      .from(goods)
      .where(and(eq(goods.isKx, false), sql`${goods.brandId} is not null`))
      .limit(1);
    const [unbranded] = await t.db
      .select()
      .from(goods)
      .where(and(eq(goods.isKx, false), sql`${goods.brandId} is null`))
      .limit(1);
    const brand = (await agent(t.app).get('/api/brand')).body.data.data[0] as { id: number };
    for (const who of [agent(t.app), pending, demo]) {
      declared(z.array(Goods), (await who.get(`/api/goods/search?keywords=${encodeURIComponent('胶囊')}`)).body);
      declared(GoodsPage, (await who.get('/api/goods/list?per_page=50')).body);
      declared(GoodsPage, (await who.get('/api/goods/list?keywords=zzzqqq')).body);
      declared(z.array(Goods), (await who.get('/api/goods/hot')).body);
      declared(FilterOptions, (await who.get('/api/goods/fl')).body);
      for (const g of [branded, unbranded].filter(Boolean)) declared(GoodsDetail, (await who.get(`/api/goods/detail/${g.id}`)).body);
      declared(z.array(Floor), (await who.get('/api/index/floors')).body);
      declared(GoodsList, (await who.get('/api/index_wntj/1')).body);
      declared(GoodsList, (await who.get('/api/index_wntj/11')).body);
      declared(BrandPage, (await who.get('/api/brand?page=1')).body);
      declared(Brand, (await who.get(`/api/focus/brand/${brand.id}`)).body);
    }
  });
});
