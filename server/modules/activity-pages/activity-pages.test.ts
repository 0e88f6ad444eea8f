/**
 * Activity pages made of blocks, as buyers and operators meet them: a page shown on its dates with its goods at
 * the viewer's prices, hidden and ended pages not there, the newest of a kind, an operator's preview; the
 * console's writes checked block by block, rich text made inert, each write in the audit log and on the
 * storefront at once.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, asc, desc, eq } from 'drizzle-orm';
import { ActivityPageView, AdminBlockPage } from '../../../core/schemas/activity-pages.js';
import { CouponCenterPage } from '../../../core/schemas/wallet.js';
import { okOf } from '../../../core/schemas/envelope.js';
import { activityPages, auditLog, coupons, goods } from '../../db/schema/index.js';
import { undeclared } from '../../http/serializer.js';
import { agent, buildTestApp, dbLabel, loginAs, operatorLogin, type TestApp } from '../../testing.js';

let t: TestApp;
let ops: Awaited<ReturnType<typeof operatorLogin>>;
let warehouse: Awaited<ReturnType<typeof operatorLogin>>;

beforeAll(async () => {
  t = await buildTestApp({ goods: 300, config: { RATE_LIMIT_FACTOR: 100 } });
  [ops, warehouse] = await Promise.all([operatorLogin(t.app, 'ops'), operatorLogin(t.app, 'warehouse')]);
});
afterAll(async () => t?.close());

const DAY = 86_400_000;
const minute = (offsetMs: number) => new Date(Date.now() + offsetMs + 8 * 3_600_000).toISOString().slice(0, 16).replace('T', ' ');

/** Goods every viewer may see (on sale, not controlled-sale). */
async function someGoods(n: number) {
  return (
    await t.db
      .select({ id: goods.id })
      .from(goods)
      .where(and(eq(goods.isOnSale, true), eq(goods.isKx, false)))
      .orderBy(asc(goods.id))
      .limit(n)
  ).map((g) => g.id);
}

function page(over: Record<string, unknown> = {}) {
  return {
    kind: 'hdmb',
    title: '测试活动页',
    theme: '#E4393C',
    starts_at: minute(-DAY),
    ends_at: minute(10 * DAY),
    is_show: 1,
    blocks: [{ kind: 'countdown', title: '限时' }],
    ...over,
  };
}

describe(`activity pages on ${dbLabel}`, () => {
  it('shows a seeded page with its blocks resolved: goods in the chosen order, prices hidden from a guest and shown to an approved buyer', async () => {
    const guest = await agent(t.app).get('/api/activity/page?id=1');
    expect(guest.body.code).toBe(10000);
    expect(undeclared(guest.body, okOf(ActivityPageView).parse(guest.body))).toEqual([]);
    const data = guest.body.data as ActivityPageView;
    expect(data).toMatchObject({ id: 1, kind: 'yjh', title: '冬季呼吸道用药专区', status: 1 });
    expect(data.blocks.map((b) => b.kind)).toEqual(['banner', 'countdown', 'coupons', 'goods', 'goods', 'bundles', 'text', 'links']);
    const [row] = await t.db.select().from(activityPages).where(eq(activityPages.id, 1));
    const chosen = (row.blocks[3] as { goods_ids: number[] }).goods_ids;
    const grid = data.blocks[3] as Extract<ActivityPageView['blocks'][number], { kind: 'goods' }>;
    expect(grid.goods.map((g) => g.id)).toEqual(chosen);
    expect(grid.goods.every((g) => g.base_price === null)).toBe(true);
    const filtered = data.blocks[4] as Extract<ActivityPageView['blocks'][number], { kind: 'goods' }>;
    expect(filtered.goods.length).toBeGreaterThan(0);
    expect(filtered.more).toMatch(/^\/list\?category=\d+&sort=newest$/);

    const demo = await loginAs(t.app, 'demo');
    const priced = (await demo.get('/api/activity/page?id=1')).body.data as ActivityPageView;
    const pricedGrid = priced.blocks[3] as typeof grid;
    expect(pricedGrid.goods.every((g) => g.base_price !== null && Number(g.base_price) > 0)).toBe(true);

    // The coupon strip's coupons, read by id in the strip's order.
    const strip = data.blocks[2] as Extract<ActivityPageView['blocks'][number], { kind: 'coupons' }>;
    const ids = [...strip.coupon_ids].reverse();
    const read = await demo.get(`/api/coupon/center?ids=${ids.join(',')}`);
    expect(undeclared(read.body, okOf(CouponCenterPage).parse(read.body))).toEqual([]);
    expect(read.body.data.data.map((c: { id: number }) => c.id)).toEqual(ids);
  });

  it('answers 404 for a hidden, ended or unknown page, shows the newest of a kind without an id, and a page not started as a preview', async () => {
    const guest = agent(t.app);
    const made = async (over: Record<string, unknown>) => (await ops.postJson('/api/admin/activity-pages', page(over))).body.data.id as number;
    const hidden = await made({ is_show: 0 });
    const ended = await made({ starts_at: minute(-3 * DAY), ends_at: minute(-DAY) });
    const later = await made({ title: '即将开始的专题', starts_at: minute(2 * DAY), ends_at: minute(9 * DAY) });
    for (const id of [hidden, ended, 99_999]) {
      const res = await guest.get(`/api/activity/page?id=${id}`);
      expect(res.status, `page ${id}`).toBe(404);
      expect(res.body.message).toBe('活动不存在或已结束');
    }
    expect((await guest.get(`/api/activity/page?id=${later}`)).body.data).toMatchObject({ id: later, status: 0 });
    // The newest hdmb on now or to come is the one just made (it starts last).
    expect((await guest.get('/api/activity/page?kind=hdmb')).body.data).toMatchObject({ id: later });
    expect((await guest.get('/api/activity/page?kind=zqmb')).body.data).toMatchObject({ kind: 'zqmb', title: '道地药材 中药饮片专题' });
    expect((await guest.get('/api/activity/page?id=abc')).status).toBe(422);

    // An operator who may edit promotions previews a hidden or ended page; a buyer asking for a preview may not.
    expect((await ops.get(`/api/activity/page?id=${hidden}&preview=1`)).body.data).toMatchObject({ id: hidden });
    expect((await ops.get(`/api/activity/page?id=${ended}&preview=1`)).body.data).toMatchObject({ id: ended });
    expect((await warehouse.get(`/api/activity/page?id=${hidden}&preview=1`)).status).toBe(404);
    expect((await guest.get(`/api/activity/page?id=${hidden}&preview=1`)).status).toBe(404);
  });

  it('lets only promotion:write compose pages, checks every block, keeps rich text inert, and logs the write', async () => {
    const before = (await t.db.select().from(activityPages)).length;
    const ids = await someGoods(3);
    expect((await warehouse.postJson('/api/admin/activity-pages', page())).status).toBe(403);
    expect((await agent(t.app).post('/api/admin/activity-pages', {})).status).toBe(401);

    const refused = async (over: Record<string, unknown>, field: string) => {
      const res = await ops.postJson('/api/admin/activity-pages', page(over));
      expect(res.status, field).toBe(422);
      expect(Object.keys(res.body.data.errors), field).toContain(field);
      expect(Object.values(res.body.data.errors).flat().join('')).toMatch(/[\u4e00-\u9fa5]/);
    };
    await refused({ ends_at: minute(-2 * DAY) }, 'ends_at');
    await refused({ blocks: [] }, 'blocks');
    await refused({ blocks: [{ kind: 'video' }] }, 'blocks.0.kind');
    await refused({ blocks: [{ kind: 'goods', title: '空' }] }, 'blocks.0.goods_ids');
    await refused({ blocks: [{ kind: 'goods', goods_ids: [ids[0], 99_999_999] }] }, 'blocks.0.goods_ids');
    await refused({ blocks: [{ kind: 'coupons', coupon_ids: [99_999_999] }] }, 'blocks.0.coupon_ids');
    await refused({ blocks: [{ kind: 'banner', image: 'javascript:alert(1)' }] }, 'blocks.0.image');
    await refused({ blocks: [{ kind: 'text', html: '<script>alert(1)</script>' }] }, 'blocks.0.html');
    await refused({ theme: 'red' }, 'theme');
    expect((await t.db.select().from(activityPages)).length).toBe(before);

    const [coupon] = await t.db.select({ id: coupons.id }).from(coupons).where(eq(coupons.isShow, true)).limit(1);
    const body = page({
      kind: 'yjh',
      title: '运营新建专区',
      blocks: [
        { kind: 'banner', image: '/api/img/banner.svg?t=x', url: '/hb' },
        { kind: 'goods', title: '精选', goods_ids: [ids[2], ids[0], ids[1]] },
        { kind: 'coupons', coupon_ids: [coupon.id] },
        {
          kind: 'text',
          html: '<p onclick="steal()" style="color:#d7141e;position:fixed">规则<script>alert(1)</script><a href="javascript:alert(1)">x</a><img src="https://x.example/a.png" onerror="y()"></p>',
        },
      ],
    });
    const created = await ops.postJson('/api/admin/activity-pages', body);
    expect(created.body.code).toBe(10000);
    expect(undeclared(created.body, okOf(AdminBlockPage).parse(created.body))).toEqual([]);
    const id = created.body.data.id as number;
    expect(created.body.data).toMatchObject({ kind: 'yjh', kind_text: '活动专区', theme: '#e4393c', state_text: '进行中', url: `/yjh/${id}` });
    const html = (created.body.data.blocks[3] as { html: string }).html;
    expect(html).toBe('<p style="color:#d7141e">规则<a>x</a><img src="https://x.example/a.png" /></p>');

    const shown = (await agent(t.app).get(`/api/activity/page?id=${id}`)).body.data as ActivityPageView;
    expect((shown.blocks[1] as { goods: { id: number }[] }).goods.map((g) => g.id)).toEqual([ids[2], ids[0], ids[1]]);
    expect((shown.blocks[3] as { html: string }).html).toBe(html);

    // Changed whole: the storefront's kept answer is dropped at once.
    const changed = await ops.postJson(`/api/admin/activity-pages/${id}`, {
      ...body,
      title: '运营改名专区',
      blocks: [{ kind: 'countdown', title: '最后三天' }],
    });
    expect(changed.body.data).toMatchObject({ title: '运营改名专区' });
    expect((await agent(t.app).get(`/api/activity/page?id=${id}`)).body.data).toMatchObject({
      title: '运营改名专区',
      blocks: [{ kind: 'countdown', title: '最后三天' }],
    });
    expect((await ops.postJson(`/api/admin/activity-pages/${id}`, { ...body, is_show: 0 })).body.data.state_text).toBe('未上线');
    expect((await agent(t.app).get(`/api/activity/page?id=${id}`)).status).toBe(404);
    expect((await ops.postJson('/api/admin/activity-pages/99999999', body)).status).toBe(404);

    const list = await ops.get('/api/admin/activity-pages?keyword=运营');
    expect(list.body.data.data.map((p: { id: number }) => p.id)).toEqual([id]);
    const logged = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.targetType, 'activity_page'), eq(auditLog.targetId, String(id))))
      .orderBy(desc(auditLog.id));
    expect(logged.map((r) => r.action)).toEqual(['page.update', 'page.update', 'page.create']);
    expect(logged[1].before).toMatchObject({ title: '运营新建专区' });
    expect(logged[1].after).toMatchObject({ title: '运营改名专区' });
  });
});
