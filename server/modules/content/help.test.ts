/**
 * The help centre as buyers and guests read it: the menu of help groups, a help page by its code or id with the
 * pages before and after it, the news lists newest first with paging, a news detail with its neighbours and the
 * way back to its page, and stored HTML that reaches the browser inert whatever wrote it.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { z } from 'zod';
import { HelpGroup } from '../../../core/schemas/content.js';
import { okOf } from '../../../core/schemas/envelope.js';
import { PostDetail, PostList } from '../../../core/schemas/help.js';
import { articleCategories, articles } from '../../db/schema/index.js';
import { clearKeptAnswers } from '../../http/cache.js';
import { undeclared } from '../../http/serializer.js';
import { agent, buildTestApp, dbLabel, loginAs, type TestApp } from '../../testing.js';

let t: TestApp;
let guest: ReturnType<typeof agent>;
beforeAll(async () => {
  t = await buildTestApp({ goods: 50 });
  guest = agent(t.app);
});
afterAll(async () => t?.close());

type Group = z.infer<typeof HelpGroup>;
const categoryId = async (code: string) => (await t.db.select().from(articleCategories).where(eq(articleCategories.code, code)))[0].id;

describe(`the help centre on ${dbLabel}`, () => {
  it('answers the menu for category 3 with every help group, its pages and 新闻中心’s lists, the same as the footer reads', async () => {
    const res = await guest.get('/api/article/category?category_id=3');
    expect(res.status).toBe(200);
    expect(undeclared(res.body, okOf(z.array(HelpGroup)).parse(res.body))).toEqual([]);
    const groups = res.body.data as Group[];
    expect(groups.map((g) => g.name)).toEqual(['新手指南', '支付配送', '服务保障', '关于我们', '新闻中心', '常见问题']);
    expect(groups[0]).toMatchObject({ code: 'xrzn', children: [{ title: '会员注册', url: '/help/xrzn/hyzc', kind: 'article' }, {}, {}] });
    const news = groups.find((g) => g.code === 'xwzx')!;
    expect(news.children).toEqual([
      expect.objectContaining({ title: '行业新闻', url: '/help/xwzx/hyxw', kind: 'list' }),
      expect.objectContaining({ title: '公司新闻', url: '/help/xwzx/gsxw', kind: 'list' }),
      expect.objectContaining({ title: '平台公告', url: '/help/xwzx/notice', kind: 'list' }),
    ]);
    expect((await guest.get('/api/help/category')).body.data).toEqual(groups);
  });

  it('answers 404 for another category and 422 for one that is not an id', async () => {
    expect((await guest.get('/api/article/category?category_id=4')).status).toBe(404);
    const bad = await guest.get('/api/article/category?category_id=abc');
    expect(bad.status).toBe(422);
    expect(bad.body.data.errors.category_id).toEqual(['分类ID格式不正确']);
    expect((await guest.get('/api/article/category')).status).toBe(422);
  });

  it('gives a guest a help page by its code, as sanitized HTML, with the next page and the way back to its group', async () => {
    const res = await guest.get('/api/post/postDetail?type=xrzn&id=hyzc');
    expect(res.status).toBe(200);
    expect(undeclared(res.body, okOf(PostDetail).parse(res.body))).toEqual([]);
    const d = res.body.data;
    expect(d).toMatchObject({
      title: '会员注册',
      category: { code: 'xrzn', name: '新手指南', group_code: 'xrzn', is_list: false, url: '/help/xrzn' },
      prev: null,
      next: { title: '购物指南', url: '/help/xrzn/gwzn' },
      list_url: '/help/xrzn',
    });
    expect(d.content).toContain('<h2>第一步：验证手机号，设置账号</h2>');
    expect(d.content).toContain('营业执照');
    const last = (await guest.get('/api/post/postDetail?type=xrzn&id=aqgw')).body.data;
    expect(last).toMatchObject({ prev: { title: '购物指南' }, next: null });
  });

  it('finds the same page by its id (/help/xrzn/hyzc?id=66), but only in its own category', async () => {
    const [row] = await t.db.select().from(articles).where(eq(articles.code, 'hyzc'));
    const byId = await guest.get(`/api/post/postDetail?type=xrzn&id=${row.id}`);
    expect(byId.body.data.title).toBe('会员注册');
    const byCategoryId = await guest.get(`/api/post/postDetail?type=${row.categoryId}&id=hyzc`);
    expect(byCategoryId.body.data.title).toBe('会员注册');
    const elsewhere = await guest.get(`/api/post/postDetail?type=zfps&id=${row.id}`);
    expect(elsewhere.status).toBe(404);
    expect(elsewhere.body.message).toBe('文章不存在或已下架');
    expect((await guest.get('/api/post/postDetail?type=nope&id=hyzc')).body.message).toBe('栏目不存在');
    const bad = await guest.get('/api/post/postDetail?type=xrzn&id=../etc');
    expect(bad.status).toBe(422);
    expect(bad.body.data.errors.id).toEqual(['文章格式不正确']);
    expect((await guest.get('/api/post/postDetail?type=xrzn&id=hyzc&page=0')).status).toBe(422);
  });

  it('lists 行业新闻 newest first, ten a page, with plain-text summaries and detail links', async () => {
    const first = await guest.get('/api/post/list?type=hyxw');
    expect(undeclared(first.body, okOf(PostList).parse(first.body))).toEqual([]);
    const p1 = first.body.data;
    expect(p1).toMatchObject({ current_page: 1, per_page: 10, total: 12, last_page: 2, category: { name: '行业新闻', group_name: '新闻中心', is_list: true } });
    expect(p1.data).toHaveLength(10);
    const times = p1.data.map((n: { created_at: number }) => n.created_at);
    expect(times).toEqual([...times].sort((a, b) => b - a));
    expect(p1.data[0].url).toBe(`/help_news_info/${p1.data[0].id}/hyxw`);
    for (const n of p1.data) expect(n.summary).not.toMatch(/[<>]/);
    expect(p1.data[0].summary.length).toBeGreaterThan(20);
    const p2 = (await guest.get('/api/post/list?type=hyxw&page=2')).body.data;
    expect(p2.data).toHaveLength(2);
    expect(p2.data[0].created_at).toBeLessThanOrEqual(times[9]);
    const byId = (await guest.get(`/api/post/list?type=${await categoryId('gsxw')}`)).body.data;
    expect(byId.category.name).toBe('公司新闻');
    expect((await guest.get('/api/post/list?type=nope')).status).toBe(404);
    expect((await guest.get('/api/post/list?type=hyxw&page=x')).status).toBe(422);
  });

  it('opens a news article with the newer one before it, the older one after it, and the list page it sits on', async () => {
    const p1 = (await guest.get('/api/post/list?type=hyxw')).body.data.data as { id: number; title: string }[];
    const p2 = (await guest.get('/api/post/list?type=hyxw&page=2')).body.data.data as { id: number; title: string }[];
    const newest = (await guest.get(`/api/post/postDetail?type=hyxw&id=${p1[0].id}`)).body.data;
    expect(newest).toMatchObject({
      prev: null,
      next: { id: p1[1].id, title: p1[1].title, url: `/help_news_info/${p1[1].id}/hyxw` },
      list_url: '/help/xwzx/hyxw',
    });
    const onSecond = (await guest.get(`/api/post/postDetail?type=hyxw&id=${p2[0].id}`)).body.data;
    expect(onSecond).toMatchObject({ prev: { id: p1[9].id }, next: { id: p2[1].id }, list_url: '/help/xwzx/hyxw?page=2' });
    // The reader's own page wins: the list may have moved since they opened it.
    const told = (await guest.get(`/api/post/postDetail?type=hyxw&id=${p2[0].id}&page=1`)).body.data;
    expect(told.list_url).toBe('/help/xwzx/hyxw');
  });

  it('lists the broadcast’s notices under 平台公告 with the links the broadcast uses', async () => {
    const broadcast = (await guest.get('/api/focus/postList')).body.data as { id: number; url: string }[];
    const list = (await guest.get('/api/post/list?type=notice')).body.data;
    expect(list.data.map((n: { url: string }) => n.url)).toEqual(broadcast.map((n) => n.url));
    const detail = (await guest.get(`/api/post/postDetail?type=notice&id=${broadcast[0].id}`)).body.data;
    expect(detail.category).toMatchObject({ name: '平台公告', group_code: 'xwzx', url: '/help/xwzx/notice' });
    expect(detail.content).toContain('<p>');
  });

  it('is the same for a logged-in buyer', async () => {
    const buyer = await loginAs(t.app, 'demo');
    expect((await buyer.get('/api/post/postDetail?type=zfps&id=ddzf')).body.data.title).toBe('订单支付');
    expect((await buyer.get('/api/post/list?type=gsxw')).body.data.total).toBe(7);
  });

  it('sends stored HTML inert, however it was written: no script, no event attribute, no javascript: link', async () => {
    const hyxw = await categoryId('hyxw');
    const [row] = await t.db
      .insert(articles)
      .values({
        categoryId: hyxw,
        title: '一条被篡改的新闻',
        content:
          '<p onclick="steal()">正文<script>alert(document.cookie)</script></p><img src="x" onerror="alert(1)"><a href="javascript:alert(2)">点此</a><a href="JaVaScRiPt:alert(3)">再点</a><iframe src="https://evil.example"></iframe><p style="position:fixed;color:#e4393c">红字</p>',
      })
      .returning();
    clearKeptAnswers(t.db);
    const d = (await guest.get(`/api/post/postDetail?type=hyxw&id=${row.id}`)).body.data;
    expect(d.content).toContain('正文');
    expect(d.content).toContain('<p style="color:#e4393c">红字</p>');
    for (const bad of [/<script/i, /onerror/i, /onclick/i, /javascript:/i, /<iframe/i, /alert\(/, /position/]) expect(d.content).not.toMatch(bad);
    const listed = (await guest.get('/api/post/list?type=hyxw')).body.data.data.find((n: { id: number }) => n.id === row.id);
    expect(listed.summary).toBe('正文 点此再点 红字');
  });

  it('hides a hidden article from its page, its list and its neighbours', async () => {
    const p1 = (await guest.get('/api/post/list?type=gsxw')).body.data.data as { id: number }[];
    await t.db.update(articles).set({ isShow: false }).where(eq(articles.id, p1[1].id));
    clearKeptAnswers(t.db);
    expect((await guest.get(`/api/post/postDetail?type=gsxw&id=${p1[1].id}`)).status).toBe(404);
    const after = (await guest.get('/api/post/list?type=gsxw')).body.data;
    expect(after.data.map((n: { id: number }) => n.id)).not.toContain(p1[1].id);
    expect((await guest.get(`/api/post/postDetail?type=gsxw&id=${p1[0].id}`)).body.data.next.id).toBe(p1[2].id);
  });
});
