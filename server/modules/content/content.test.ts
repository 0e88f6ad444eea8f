/** The shell's content calls and the demo data behind them, as the header, footer and menus use them. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { goods, pageViews } from '../../db/schema/index.js';
import { agent, buildTestApp, dbLabel, loginAs, type TestApp } from '../../testing.js';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp({ goods: 300 });
});
afterAll(async () => t?.close());

describe(`shell content on ${dbLabel}`, () => {
  it('gives the header its menu, nav, hot searches, brands, site settings and the server time', async () => {
    const { body } = await agent(t.app).get('/api/focus/common');
    expect(body.code).toBe(10000);
    const d = body.data;
    expect(d.category.length).toBeGreaterThanOrEqual(7);
    for (const c of d.category.slice(0, 7)) expect(c.children.length).toBeGreaterThan(0);
    expect(d.category[0]).toMatchObject({ name: '抗感染药', logo1: expect.stringContaining('/api/img/icon.svg') });
    expect(d.nav.length).toBeGreaterThanOrEqual(9);
    const withChildren = d.nav.find((n: { children: unknown[] }) => n.children.length > 0);
    expect(withChildren.children.map((c: { name: string }) => c.name)).toContain('满返活动');
    expect(d.rnss.map((r: { name: string }) => r.name)).toContain('阿莫西林');
    expect(d.brand.length).toBeGreaterThan(10);
    expect(d.category_zy.map((c: { name: string }) => c.name)).toEqual(['中成药', '中药饮片']);
    expect(d.category_qx.map((c: { name: string }) => c.name)).toEqual(['医疗器械']);
    expect(d.site.hot_line).toMatch(/^400-/);
    expect(d.site.licences.map((l: { name: string }) => l.name)).toContain('药品经营许可证');
    expect(d.site.notice).toContain('麻醉药品');
    expect(d.site.broadcast.length).toBeGreaterThan(0);
    expect(Math.abs(d.timestamp - Date.now() / 1000)).toBeLessThan(5);
  });

  it('lists help groups with article links in footer order', async () => {
    const { body } = await agent(t.app).get('/api/help/category');
    const groups = body.data as { name: string; children: { title: string; url: string }[] }[];
    expect(groups.slice(0, 4).map((g) => g.name)).toEqual(['新手指南', '支付配送', '服务保障', '关于我们']);
    expect(groups[0].children[0]).toMatchObject({ title: '会员注册', url: '/help/xrzn/hyzc' });
    expect(groups[1].children.map((c) => c.url)).toEqual(['/help/zfps/ddzf', '/help/zfps/hwps', '/help/zfps/ypth']);
  });

  it('serves the top, login banners, notices, links and business scopes', async () => {
    const a = agent(t.app);
    expect((await a.get('/api/focus/top')).body.data[0]).toMatchObject({ url: '/register', image: expect.stringContaining('banner.svg') });
    expect((await a.get('/api/focus/login')).body.data).toHaveLength(1);
    const notices = (await a.get('/api/focus/postList')).body.data;
    expect(notices[0].created_at).toBeGreaterThanOrEqual(notices[1].created_at);
    expect((await a.get('/api/global/links')).body.data[0].name).toBe('国家药品监督管理局');
    const scopes = (await a.get('/api/user/jyfw')).body.data;
    expect(scopes.map((s: { name: string }) => s.name)).toContain('中药饮片');
  });

  it('records page views with the account when logged in', async () => {
    const demo = await loginAs(t.app, 'demo');
    const res = await demo.post('/api/stat/pv', { path: '/list/info/12', title: '商品详情 - 药采通', referrer: 'http://localhost/'.padEnd(600, 'x') });
    expect(res.body.code).toBe(10000);
    const [view] = await t.db.select().from(pageViews).where(eq(pageViews.path, '/list/info/12'));
    expect(view.userId).toBeGreaterThan(0);
    expect(view.referrer).toHaveLength(255);
    const guest = await agent(t.app).post('/api/stat/pv', { path: '/guest-page' });
    expect(guest.body.code).toBe(10000);
    const [g] = await t.db.select().from(pageViews).where(eq(pageViews.path, '/guest-page'));
    expect(g.userId).toBeNull();
  });

  it('draws goods packages as SVG with markup escaped and long-lived caching', async () => {
    const res = await t.app.inject({ url: `/api/img/goods.svg?n=${encodeURIComponent('<script>阿莫西林')}&m=x&g=y` });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('image/svg+xml');
    expect(res.headers['cache-control']).toContain('immutable');
    expect(res.body).not.toContain('<script>');
    expect(res.body).toContain('&lt;script');
    const bad = await t.app.inject({ url: '/api/img/goods.svg?c=red' });
    expect(bad.statusCode).toBe(422);
  });
});

describe(`demo catalogue on ${dbLabel}`, () => {
  it('stores pinyin full and initials for names and manufacturers', async () => {
    const [row] = await t.db.select().from(goods).where(eq(goods.name, '阿莫西林胶囊')).limit(1);
    expect(row).toMatchObject({ namePy: 'amoxilinjiaonang', nameSzm: 'amxljn' });
    const [hb] = await t.db.select().from(goods).where(eq(goods.sccj, '华北制药股份有限公司')).limit(1);
    expect(hb.sccjSzm).toBe('hbzygfyxgs');
  });

  it('has realistic goods: tiers below the base price, expiry after production, stock in middle packages', async () => {
    const rows = await t.db.select().from(goods);
    expect(rows).toHaveLength(300);
    expect(new Set(rows.map((r) => r.name)).size).toBeGreaterThan(40);
    for (const r of rows) {
      expect(r.xq > r.scrq).toBe(true);
      expect(r.number % r.zbz).toBe(0);
      expect(r.images.length).toBe(3);
      let last = r.basePrice;
      for (const tier of r.ladderPrice) {
        expect(tier.number % r.zbz).toBe(0);
        expect(tier.price).toBeLessThan(last);
        last = tier.price;
      }
    }
    const [{ n }] = await t.db.select({ n: sql<number>`count(*)::int` }).from(goods).where(eq(goods.isEphedrine, true));
    expect(n).toBeGreaterThan(0);
  });
});
