/** The shell's content calls and the demo data behind them, as the header, footer and menus use them. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { z } from 'zod';
import { FocusCommon, FriendlyLink, HelpGroup, Notice } from '../../../core/schemas/content.js';
import { okOf } from '../../../core/schemas/envelope.js';
import { goods, pageViews } from '../../db/schema/index.js';
import { undeclared } from '../../http/serializer.js';
import { agent, buildTestApp, dbLabel, loginAs, type TestApp } from '../../testing.js';
import { lines } from './drawings.js';

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
    expect(d.site.shipping).toEqual({ shipping_amount: '10.00', no_trans_order_amount: '800.00' });
    expect(Math.abs(d.timestamp - Date.now() / 1000)).toBeLessThan(5);
  });

  it('sends the shell content, kept as JSON text, exactly as core/schemas/content.ts declares it, with one timestamp', async () => {
    for (const who of [agent(t.app), await loginAs(t.app, 'demo')]) {
      const { body } = await who.get('/api/focus/common');
      expect(undeclared(body, okOf(FocusCommon).parse(body))).toEqual([]);
    }
    expect((await t.app.inject({ method: 'GET', url: '/api/focus/common' })).payload.match(/"timestamp":/g)).toHaveLength(1);
  });

  it('sends the help groups, the broadcast and the links, kept as JSON text, exactly as core/schemas/content.ts declares them', async () => {
    const a = agent(t.app);
    for (const [url, schema] of [
      ['/api/help/category', z.array(HelpGroup)],
      ['/api/focus/postList', z.array(Notice)],
      ['/api/global/links', z.array(FriendlyLink)],
    ] as const) {
      const { body } = await a.get(url);
      expect(body.data.length).toBeGreaterThan(0);
      expect(undeclared(body, okOf(schema).parse(body))).toEqual([]);
    }
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
    expect((await a.get('/api/focus/top')).body.data[0]).toMatchObject({ url: '/mrtj', image: expect.stringContaining('banner.svg') });
    expect((await a.get('/api/focus/login')).body.data).toHaveLength(1);
    const notices = (await a.get('/api/focus/postList')).body.data;
    expect(notices[0].created_at).toBeGreaterThanOrEqual(notices[1].created_at);
    expect((await a.get('/api/global/links')).body.data[0].name).toBe('国家药品监督管理局');
    const scopes = (await a.get('/api/user/jyfw')).body.data;
    expect(scopes.map((s: { name: string }) => s.name)).toContain('中药饮片');
  });

  it('serves the home carousel, the ads of every position and the entrances of activity page 125', async () => {
    const a = agent(t.app);
    const carousel = (await a.get('/api/focus')).body.data as { id: number; image: string; url: string; title: string }[];
    expect(carousel.length).toBeGreaterThanOrEqual(4);
    expect(carousel[0]).toMatchObject({ id: expect.any(Number), title: '年终采购节 满3000减150', url: '/hb', image: expect.stringContaining('banner.svg') });
    for (const position of ['right', 'xrtj', 'ppzq', 'kxzq', 'new_kxzq', 'zyzq', 'qxzq', 'yx', 'jxqzc', 'mrtj', 'welfare', 'zhzq', 'hb']) {
      const { status, body } = await a.get(`/api/focus/${position}`);
      expect(status).toBe(200);
      expect(body.data.length, position).toBeGreaterThan(0);
    }
    const tiles = (await a.get('/api/focus/demo?banner_id=125')).body.data as { title: string; url: string }[];
    expect(tiles.map((x) => x.title)).toEqual(['满返专区', '全场94折', '组合购', '近效期', '控销专区', '包邮专区']);
    expect((await a.get('/api/focus/demo?banner_id=999')).body.data).toEqual([]);
    const bad = await a.get('/api/focus/demo?banner_id=abc');
    expect(bad.status).toBe(422);
    expect(bad.body.message).toBe('活动ID格式不正确');
  });

  it('gives the controlled-sale zone its sections, all or by id', async () => {
    const a = agent(t.app);
    const all = (await a.get('/api/focus/kxzq_ad')).body.data as { id: number; url: string; title: string }[];
    expect(all.map((x) => x.title)).toEqual(['抗感染 控销精选', '感冒呼吸 控销精选', '消化系统 控销精选', '心脑血管 控销精选']);
    for (const x of all) expect(x.url).toMatch(new RegExp(`^/kxzq/goods/\\d+/${x.id}$`));
    const some = (await a.get(`/api/focus/kxzq_ad?ids=${all[1].id},${all[3].id}`)).body.data as { id: number }[];
    expect(some.map((x) => x.id)).toEqual([all[1].id, all[3].id]);
    expect((await a.get('/api/focus/kxzq_ad?ids=1,x')).status).toBe(422);
  });

  it('breaks drawn names into even lines, at spaces where there are some', () => {
    expect(lines('枸橼酸莫沙必利片', 7)).toEqual(['枸橼酸莫', '沙必利片']);
    expect(lines('阿莫西林胶囊', 7)).toEqual(['阿莫西林胶囊']);
    expect(lines('抗感染 控销精选', 7)).toEqual(['抗感染', '控销精选']);
    expect(lines('双歧杆菌三联活菌胶囊', 7)).toEqual(['双歧杆菌三', '联活菌胶囊']);
  });

  it('draws every banner shape an ad position needs', async () => {
    const a = agent(t.app);
    for (const [p, size] of [
      ['yx', 'width="1200" height="200"'],
      ['welfare', 'width="1200" height="200"'],
      ['hb', 'width="1200" height="200"'],
      ['tile', 'width="190" height="100"'],
      ['kxzq_ad', 'width="230" height="420"'],
      ['index_banner', 'width="780" height="380"'],
    ]) {
      const res = await t.app.inject({ url: `/api/img/banner.svg?t=${encodeURIComponent('包邮专区')}&s=x&c=16a085&p=${p}` });
      expect(res.headers['content-type']).toContain('image/svg+xml');
      expect(res.body).toContain(size);
    }
    expect((await a.get('/api/img/banner.svg?t=x&c=zz')).status).toBe(422);
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
    expect(res.body).toContain('&lt;scrip');
    expect(res.body).toContain('t&gt;阿莫西林');
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
    const [{ n }] = await t.db
      .select({ n: sql<number>`count(*)::int` })
      .from(goods)
      .where(eq(goods.isEphedrine, true));
    expect(n).toBeGreaterThan(0);
  });
});
