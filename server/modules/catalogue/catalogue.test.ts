/** The catalogue as buyers search it: ranking, price visibility by role, controlled sale. */
import { describe, it, expect } from 'vitest';
import { and, eq, sql } from 'drizzle-orm';
import { categories, goods } from '../../db/schema/index.js';
import { agent, dbLabel } from '../../testing.js';
import { matchTerms } from './terms.js';
import { t, demo, pending, chain, factsOf, G, names, openCatalogue } from './catalogue.fixture.js';

openCatalogue();

describe(`search on ${dbLabel}`, () => {
  it('puts 阿莫西林 goods first for the initials amxl', async () => {
    const { body } = await demo.get('/api/goods/search?keywords=amxl&type=1');
    expect(body.data.length).toBeGreaterThan(0);
    expect(names(body.data)[0]).toMatch(/^阿莫西林/);
    for (const g of body.data as G[]) expect(g.name).toContain('阿莫西林');
  });

  it('finds 板蓝根颗粒 by its initials and 布洛芬 by full pinyin', async () => {
    expect(names((await demo.get('/api/goods/search?keywords=blgkl')).body.data)).toContain('板蓝根颗粒');
    const full = names((await demo.get('/api/goods/search?keywords=buluofen')).body.data);
    expect(full.length).toBeGreaterThan(0);
    for (const n of full) expect(n).toContain('布洛芬');
  });

  it('finds one- and two-character Chinese and ranks the exact name first', async () => {
    const one = (await demo.get(`/api/goods/search?keywords=${encodeURIComponent('芬')}`)).body.data as G[];
    expect(one.length).toBeGreaterThan(0);
    for (const g of one) expect(g.name).toContain('芬');
    const exact = (await demo.get(`/api/goods/search?keywords=${encodeURIComponent('板蓝根颗粒')}`)).body.data as G[];
    expect(exact[0].name).toBe('板蓝根颗粒');
    const two = (await demo.get(`/api/goods/search?keywords=${encodeURIComponent('胶囊')}`)).body.data as G[];
    expect(two).toHaveLength(10);
  });

  it("suggests each matching term's best sellers in turn, as the database orders them, for a special buyer and another", async () => {
    const cases: [string, 1 | 2][] = [
      ['amxl', 1],
      ['芬', 1],
      ['胶囊', 1],
      ['pian', 1],
      ['hbzy', 2],
      ['制药', 2],
    ];
    for (const [keyword, type] of cases)
      for (const [buyer, special] of [
        [demo, true],
        [chain, false],
      ] as const) {
        const terms = (await matchTerms(t.db, keyword, type)).slice(0, 10);
        const expected: number[] = [];
        for (const { term } of terms) {
          if (expected.length >= 10) break;
          const rows = await t.db
            .select({ id: goods.id })
            .from(goods)
            .where(and(eq(type === 1 ? goods.name : goods.sccj, term), eq(goods.isOnSale, true), special ? undefined : eq(goods.isKx, false)))
            .orderBy(sql`${goods.sales} desc, ${goods.id}`)
            .limit(10 - expected.length);
          expected.push(...rows.map((r) => r.id));
        }
        const found = (await buyer.get(`/api/goods/search?keywords=${encodeURIComponent(keyword)}&type=${type}`)).body.data as G[];
        expect(expected.length, keyword).toBeGreaterThan(0);
        expect(
          found.map((g) => g.id),
          `${keyword} special ${special}`,
        ).toEqual(expected);
      }
  });

  it('finds a manufacturer by initials with type 2, and only its goods', async () => {
    const { body } = await demo.get('/api/goods/search?keywords=hbzy&type=2');
    expect(body.data.length).toBeGreaterThan(0);
    for (const g of body.data as G[]) expect(g.sccj).toBe('华北制药股份有限公司');
  });

  it('finds goods by approval number', async () => {
    const [row] = await t.db
      .select()
      .from(goods)
      .where(sql`${goods.pzwh} like '国药准字%'`)
      .limit(1);
    const { body } = await demo.get(`/api/goods/search?keywords=${encodeURIComponent(row.pzwh)}`);
    expect(body.data.map((g: G) => g.id)).toContain(row.id);
  });

  it('lists goods by approval number, whole or in part, in every sort', async () => {
    const [row] = await t.db
      .select()
      .from(goods)
      .where(sql`${goods.pzwh} like '国药准字%'`)
      .limit(1);
    const listed = async (keyword: string, sort: string) => {
      const { status, body } = await demo.get(`/api/goods/list?keywords=${encodeURIComponent(keyword)}&sort=${sort}`);
      expect(status, `${keyword} by ${sort}`).toBe(200);
      for (const g of body.data.data as G[]) expect(g.pzwh).toContain(keyword);
      return (body.data.data as G[]).map((g) => g.id);
    };
    for (const sort of ['default', 'sales&order=asc', 'price&order=desc', 'newest']) {
      // The whole number finds its goods; a part of it lists only goods whose number holds that part.
      expect(await listed(row.pzwh, sort)).toContain(row.id);
      expect(await listed(row.pzwh.slice(0, 8), sort)).not.toHaveLength(0);
    }
  });

  it('answers an empty keyword with nothing and a bad type with 422', async () => {
    expect((await demo.get('/api/goods/search?keywords=%20%20')).body.data).toEqual([]);
    const bad = await demo.get('/api/goods/search?keywords=a&type=3');
    expect(bad.status).toBe(422);
    expect(bad.body.message).toBe('搜索类型格式不正确');
  });

  /** Every goods the buyer may see, with what search reads beyond the name, by id. */
  async function searchable() {
    const rows = await t.db
      .select({ id: goods.id, name: goods.name, tym: goods.tym, spm: goods.spm, gnzz: goods.gnzz, categoryId: goods.categoryId })
      .from(goods)
      .where(eq(goods.isOnSale, true));
    const cats = await t.db.select({ id: categories.id, parentId: categories.parentId, name: categories.name }).from(categories);
    const named = (k: string) => {
      const ids = new Set(cats.filter((c) => c.name.includes(k)).map((c) => c.id));
      for (let grew = true; grew;) {
        grew = false;
        for (const c of cats) if (ids.has(c.parentId) && !ids.has(c.id)) grew = Boolean(ids.add(c.id));
      }
      return ids;
    };
    /** How a keyword finds a goods: 0 by name, 4 generic or trade name, 6 category, 7 indication, -1 not at all. */
    const way = (k: string) => {
      const inCategory = named(k);
      return (g: (typeof rows)[number]) =>
        g.name.includes(k)
          ? 0
          : (g.tym !== g.name && g.tym.includes(k)) || g.spm.includes(k)
            ? 4
            : inCategory.has(g.categoryId)
              ? 6
              : g.gnzz.includes(k)
                ? 7
                : -1;
    };
    return { byId: new Map(rows.map((r) => [r.id, r])), rows, way };
  }

  it('finds goods by category and indication too, every name match first: 感冒 lists the 感冒药 category and what treats colds', async () => {
    const { byId, rows, way } = await searchable();
    const rank = way('感冒');
    const list = (await demo.get(`/api/goods/list?per_page=100&keywords=${encodeURIComponent('感冒')}`)).body.data;
    const shown = (list.data as G[]).map((g) => byId.get(g.id)!);
    const ranks = shown.map(rank);
    // Everything listed is found one way or another, name matches first, then category, then indication alone.
    expect(ranks.every((r) => r >= 0)).toBe(true);
    expect(ranks).toEqual([...ranks].sort((a, b) => a - b));
    expect(new Set(ranks)).toEqual(new Set([0, 6, 7]));
    // The count is every goods found (the buyer sees controlled sale too), far more than the names alone.
    const all = rows.filter((r) => rank(r) >= 0);
    expect(list.total).toBe(all.length);
    expect(list.total).toBeGreaterThan(all.filter((r) => rank(r) === 0).length * 2);
    // The header's suggestions stay with the names.
    const suggested = (await demo.get(`/api/goods/search?keywords=${encodeURIComponent('感冒')}`)).body.data as G[];
    expect(suggested.length).toBeGreaterThan(0);
    for (const g of suggested) expect(g.name).toContain('感冒');
  });

  it('finds a category and indications no name holds (头痛) and a trade name (芬必得) in the list and the suggestions', async () => {
    const { byId, rows, way } = await searchable();
    const headache = (await demo.get(`/api/goods/list?per_page=100&keywords=${encodeURIComponent('头痛')}`)).body.data;
    expect(headache.total).toBeGreaterThan(0);
    expect(headache.total).toBe(rows.filter((r) => way('头痛')(r) >= 0).length);
    // No name holds it: the 偏头痛 category's goods first, then those whose indications name it.
    const ways = (headache.data as G[]).map((g) => way('头痛')(byId.get(g.id)!));
    expect(ways).toEqual([...ways].sort((a, b) => a - b));
    expect(new Set(ways)).toEqual(new Set([6, 7]));

    const brand = rows.filter((r) => r.spm === '芬必得');
    expect(brand.length).toBeGreaterThan(0);
    for (const g of brand) expect(g.name).toBe('布洛芬缓释胶囊');
    const listed = (await demo.get(`/api/goods/list?keywords=${encodeURIComponent('芬必得')}`)).body.data;
    expect((listed.data as G[]).map((g) => g.id).sort()).toEqual(brand.map((g) => g.id).sort());
    const suggested = (await demo.get(`/api/goods/search?keywords=${encodeURIComponent('芬必得')}`)).body.data as G[];
    expect(suggested.map((g) => g.id).sort()).toEqual(brand.map((g) => g.id).sort());
    // Its product page names the trade name, the generic name and what it treats.
    expect((await demo.get(`/api/goods/detail/${brand[0].id}`)).body.data).toMatchObject({
      spm: '芬必得',
      tym: '布洛芬缓释胶囊',
      gnzz: expect.stringContaining('疼痛'),
    });
    // One character looks in names and trade names only: 痛 finds no goods by what it treats.
    const one = (await demo.get(`/api/goods/list?per_page=100&keywords=${encodeURIComponent('痛')}`)).body.data;
    for (const g of one.data as G[]) expect(byId.get(g.id)!.name + byId.get(g.id)!.spm).toContain('痛');
  });
});

describe(`prices by role on ${dbLabel}`, () => {
  it('hides every price from guests and unapproved members, with the text to show instead', async () => {
    const guest = (await agent(t.app).get('/api/goods/list?per_page=50')).body.data.data as G[];
    const waiting = (await pending.get('/api/goods/list?per_page=50')).body.data.data as G[];
    for (const [list, tip] of [
      [guest, '登录可见'],
      [waiting, '资质审核通过后可见'],
    ] as const) {
      for (const g of list) {
        expect(g.base_price).toBeNull();
        expect(g.price_tip).toBe(tip);
        for (const tier of g.ladder_price) expect(tier.price).toBeNull();
      }
    }
    const approved = (await demo.get('/api/goods/list?per_page=50')).body.data.data as G[];
    for (const g of approved) {
      expect(g.base_price).toMatch(/^\d+\.\d{2}$/);
      expect(g.price_tip).toBeNull();
    }
  });

  it('ignores price sorting and ranges for those who may not see prices', async () => {
    const guest = await agent(t.app).get('/api/goods/list?price_min=1000&price_max=2000');
    const all = await agent(t.app).get('/api/goods/list');
    expect(guest.body.data.total).toBe(all.body.data.total);
    const ranged = (await demo.get('/api/goods/list?price_min=10&price_max=20&per_page=100')).body.data.data as G[];
    expect(ranged.length).toBeGreaterThan(0);
    for (const g of ranged) expect(Number(g.base_price)).toBeGreaterThanOrEqual(10);
    for (const g of ranged) expect(Number(g.base_price)).toBeLessThanOrEqual(20);
    const cheap = (await demo.get('/api/goods/list?sort=price&order=asc&per_page=30')).body.data.data as G[];
    const prices = cheap.map((g) => Number(g.base_price));
    expect(prices).toEqual([...prices].sort((a, b) => a - b));
  });
});

describe(`controlled sale on ${dbLabel}`, () => {
  it('shows controlled-sale goods only to special accounts, in lists, search and detail', async () => {
    const [kx] = await t.db.select().from(goods).where(eq(goods.isKx, true)).limit(1);
    expect(kx).toBeDefined();
    const forDemo = (await demo.get('/api/goods/list?zone=kx&per_page=100')).body.data;
    expect(forDemo.total).toBeGreaterThan(0);
    expect((await chain.get('/api/goods/list?zone=kx')).body.data.total).toBe(0);
    expect((await agent(t.app).get('/api/goods/list?zone=kx')).body.data.total).toBe(0);
    expect((await demo.get(`/api/goods/detail/${kx.id}`)).body.data.id).toBe(kx.id);
    const hidden = await chain.get(`/api/goods/detail/${kx.id}`);
    expect(hidden.status).toBe(404);
    const search = (await chain.get(`/api/goods/search?keywords=${encodeURIComponent(kx.name)}`)).body.data as G[];
    expect(search.map((g) => g.id)).not.toContain(kx.id);
    expect((await factsOf(t.db, search)).filter((f) => f.isKx)).toEqual([]);
  });
});
