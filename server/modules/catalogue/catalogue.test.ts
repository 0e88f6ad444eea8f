/** The catalogue as buyers search it: ranking, price visibility by role, controlled sale. */
import { describe, it, expect } from 'vitest';
import { and, eq, sql } from 'drizzle-orm';
import { goods } from '../../db/schema/index.js';
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
