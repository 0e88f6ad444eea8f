/**
 * The console's coupon templates: an operator of 运营 creates one and the coupon centre offers it at once, edits
 * it, issues copies to chosen buyers; other roles and buyers are refused, bad forms answer 422 on the field with
 * nothing written, and every write is in the audit log.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, count, desc, eq } from 'drizzle-orm';
import { okOf } from '../../../core/schemas/envelope.js';
import { AdminCouponClaimPage, AdminCouponPage } from '../../../core/schemas/admin-promotions.js';
import { auditLog } from '../../db/schema/operators.js';
import { coupons, userCoupons, users } from '../../db/schema/index.js';
import { undeclared } from '../../http/serializer.js';
import { buildTestApp, dbLabel, loginAs, operatorLogin, type TestApp } from '../../testing.js';

let t: TestApp;
let ops: Awaited<ReturnType<typeof operatorLogin>>;
beforeAll(async () => {
  t = await buildTestApp({ goods: 60, config: { RATE_LIMIT_FACTOR: 100 } });
  ops = await operatorLogin(t.app, 'ops');
});
afterAll(async () => t?.close());

const chinaDay = (offsetDays: number) => new Date(Date.now() + 8 * 3_600_000 + offsetDays * 86_400_000).toISOString().slice(0, 10);
let made = 0;
const form = (over: Record<string, unknown> = {}) => ({
  name: `运营测试券${++made}`,
  type: 'manjian',
  threshold: '200',
  amount: '12.5',
  starts_at: chinaDay(0),
  ends_at: chinaDay(30),
  total: 50,
  per_user: 2,
  valid_days: 10,
  ...over,
});
const templates = async () => (await t.db.select({ n: count() }).from(coupons))[0].n;

describe(`coupon templates in the console on ${dbLabel}`, () => {
  it('creates a template the coupon centre offers at once, lists it, and logs the write', async () => {
    // The centre's offer is kept as a shared answer: read it first, so that the write must drop it.
    const demo = await loginAs(t.app, 'demo');
    expect((await demo.get('/api/coupon/center')).body.code).toBe(10000);
    const res = await ops.post('/api/admin/coupons', form({ name: '运营新建满200减12.5' }));
    expect(res.body.code).toBe(10000);
    expect(res.body.data).toMatchObject({
      name: '运营新建满200减12.5',
      threshold: '200.00',
      amount: '12.50',
      total: 50,
      claimed: 0,
      state_text: '领取中',
      ends_at: chinaDay(30),
    });
    const id = res.body.data.id;

    const offered = (await demo.get('/api/coupon/center')).body.data.data.find((c: { id: number }) => c.id === id);
    expect(offered).toMatchObject({ condition: '满200元可用', face: '12.50', valid_text: '领取后10天内有效', left: 50, state: 0 });
    expect((await demo.post('/api/coupon/receive', { id })).body.code).toBe(10000);

    const list = await ops.get('/api/admin/coupons?keyword=运营新建');
    expect(undeclared(list.body, okOf(AdminCouponPage).parse(list.body))).toEqual([]);
    expect(list.body.data.data).toHaveLength(1);
    expect(list.body.data.data[0]).toMatchObject({ id, claimed: 1, used: 0 });

    const [row] = await t.db.select().from(auditLog).where(eq(auditLog.action, 'coupon.create')).orderBy(desc(auditLog.id)).limit(1);
    expect(row).toMatchObject({ permission: 'promotion:write', targetType: 'coupon', targetId: String(id) });
    expect(row.after).toMatchObject({ name: '运营新建满200减12.5', amount: '12.50' });
  });

  it('edits a template, never below the copies handed out, and hides it from the centre', async () => {
    const { id } = (await ops.post('/api/admin/coupons', form({ total: 5 }))).body.data;
    const demo = await loginAs(t.app, 'demo');
    await demo.post('/api/coupon/receive', { id });
    await demo.post('/api/coupon/receive', { id });
    const tooFew = await ops.post(`/api/admin/coupons/${id}`, form({ total: 1 }));
    expect(tooFew.status).toBe(422);
    expect(tooFew.body.data.errors.total[0]).toBe('发放总量不能少于已发放的2张');

    const hidden = await ops.post(`/api/admin/coupons/${id}`, form({ name: '改名后的券', total: 8, is_show: 0 }));
    expect(hidden.body.data).toMatchObject({ name: '改名后的券', total: 8, claimed: 2, is_show: 0, state_text: '未展示' });
    expect((await demo.get('/api/coupon/center')).body.data.data.map((c: { id: number }) => c.id)).not.toContain(id);
    expect((await demo.post('/api/coupon/receive', { id })).status).toBe(404);
    const [row] = await t.db.select().from(auditLog).where(eq(auditLog.action, 'coupon.update')).orderBy(desc(auditLog.id)).limit(1);
    expect(row.before).toMatchObject({ total: 5, is_show: 1 });
    expect(row.after).toMatchObject({ total: 8, is_show: 0, name: '改名后的券' });
  });

  it('issues one copy to each chosen approved buyer, within the copies left, all or none', async () => {
    const { id } = (await ops.post('/api/admin/coupons', form({ total: 3, per_user: 1 }))).body.data;
    const approved = await t.db.select({ id: users.id }).from(users).where(eq(users.isPassed, 1)).limit(3);
    const [pending] = await t.db.select({ id: users.id }).from(users).where(eq(users.username, 'pending'));

    const withPending = await ops.post(`/api/admin/coupons/${id}/issue`, { user_ids: [approved[0].id, pending.id] });
    expect(withPending.status).toBe(422);
    expect(withPending.body.data.errors.user_ids[0]).toBe('所选客户不存在或资质未审核通过');
    const issued = await ops.post(`/api/admin/coupons/${id}/issue`, { user_ids: approved.slice(0, 2).map((u) => u.id) });
    expect(issued.body.data).toMatchObject({ issued: 2, coupon: { claimed: 2 } });
    const tooMany = await ops.post(`/api/admin/coupons/${id}/issue`, { user_ids: approved.slice(0, 2).map((u) => u.id) });
    expect(tooMany.body.data.errors.user_ids[0]).toBe('剩余1张，不足以发放给2个客户');
    const [{ n }] = await t.db.select({ n: count() }).from(userCoupons).where(eq(userCoupons.couponId, id));
    expect(n).toBe(2);
    const [held] = await t.db
      .select()
      .from(userCoupons)
      .where(and(eq(userCoupons.couponId, id), eq(userCoupons.userId, approved[0].id)));
    expect(held.status).toBe(0);
    expect(Math.round((held.endsAt.getTime() - held.startsAt.getTime()) / 86_400_000)).toBe(10);
    const [row] = await t.db.select().from(auditLog).where(eq(auditLog.action, 'coupon.issue')).orderBy(desc(auditLog.id)).limit(1);
    expect(row.after).toMatchObject({ claimed: 2, issued_to: approved.slice(0, 2).map((u) => u.id) });
  });

  it('lists the copies handed out with their buyers, by state and buyer, an expired unused copy as 已过期', async () => {
    const { id } = (await ops.post('/api/admin/coupons', form({ total: 10, per_user: 1 }))).body.data;
    const demo = await loginAs(t.app, 'demo');
    expect((await demo.post('/api/coupon/receive', { id })).body.code).toBe(10000);
    const [chain] = await t.db.select({ id: users.id }).from(users).where(eq(users.username, 'chain'));
    expect((await ops.post(`/api/admin/coupons/${id}/issue`, { user_ids: [chain.id] })).body.data.issued).toBe(1);
    // chain's copy ends before today: the console counts it 已过期 as the buyer's wallet does.
    await t.db
      .update(userCoupons)
      .set({ endsAt: new Date(Date.now() - 60_000) })
      .where(and(eq(userCoupons.couponId, id), eq(userCoupons.userId, chain.id)));

    expect((await ops.get(`/api/admin/coupons/${id}`)).body.data).toMatchObject({ id, claimed: 2, used: 0 });
    const all = await ops.get(`/api/admin/coupons/${id}/claims`);
    expect(okOf(AdminCouponClaimPage).parse(all.body).data.total).toBe(2);
    expect(undeclared(all.body, okOf(AdminCouponClaimPage).parse(all.body))).toEqual([]);
    expect(all.body.data.data.map((c: { username: string; status_text: string }) => [c.username, c.status_text])).toEqual([
      ['chain', '已过期'],
      ['demo', '未使用'],
    ]);
    expect(all.body.data.data[1]).toMatchObject({ company: '杭州仁和大药房有限公司', order_no: '', used_at: null });
    const unused = (await ops.get(`/api/admin/coupons/${id}/claims?status=0`)).body.data.data;
    expect(unused.map((c: { username: string }) => c.username)).toEqual(['demo']);
    const expired = (await ops.get(`/api/admin/coupons/${id}/claims?status=2`)).body.data.data;
    expect(expired.map((c: { username: string }) => c.username)).toEqual(['chain']);
    expect((await ops.get(`/api/admin/coupons/${id}/claims?status=1`)).body.data.total).toBe(0);
    const byCompany = (await ops.get(`/api/admin/coupons/${id}/claims?keyword=${encodeURIComponent('仁和')}`)).body.data.data;
    expect(byCompany.map((c: { username: string }) => c.username)).toEqual(['demo']);
    expect((await ops.get(`/api/admin/coupons/${id}/claims?keyword=nobody-matches`)).body.data.total).toBe(0);

    expect((await ops.get(`/api/admin/coupons/${id}/claims?status=7`)).status).toBe(422);
    expect((await ops.get('/api/admin/coupons/99999999/claims')).status).toBe(404);
    expect((await ops.get('/api/admin/coupons/99999999')).status).toBe(404);
    const qa = await operatorLogin(t.app, 'qa');
    expect((await qa.get(`/api/admin/coupons/${id}/claims`)).status).toBe(403);
    expect((await demo.get(`/api/admin/coupons/${id}/claims`)).status).toBe(401);
  });

  it('answers a bad form with 422 on its field and writes nothing', async () => {
    const before = await templates();
    const cases: [Record<string, unknown>, string, string][] = [
      [{ name: '' }, 'name', '请输入优惠券名称'],
      [{ amount: '200' }, 'amount', '减免金额须小于使用门槛'],
      [{ amount: '-1' }, 'amount', '减免金额须为金额（元），不能为负数，最多两位小数'],
      [{ type: 'discount', rate: undefined }, 'rate', '请输入折扣（10-99，如 95 为9.5折）'],
      [{ type: 'discount', rate: 100 }, 'rate', ''],
      [{ scope: 'goods' }, 'scope_ids', '请选择适用商品'],
      [{ ends_at: chinaDay(-1) }, 'ends_at', '结束领取日期不能早于开始领取日期'],
      [{ starts_at: '2026-02-30' }, 'starts_at', '开始领取日期不是有效日期'],
      [{ per_user: 0 }, 'per_user', ''],
      [{ type: 'cash' }, 'type', '请选择优惠券类型'],
    ];
    for (const [over, field, message] of cases) {
      const res = await ops.post('/api/admin/coupons', form(over));
      expect(res.status, JSON.stringify(over)).toBe(422);
      const errors = res.body.data.errors[field];
      expect(errors, `${field} of ${JSON.stringify(over)}: ${JSON.stringify(res.body.data.errors)}`).toBeTruthy();
      if (message) expect(errors[0]).toBe(message);
      else expect(errors[0]).toMatch(/[\u4e00-\u9fa5]/);
    }
    expect(await templates()).toBe(before);
  });

  it('refuses operators without promotion:write, buyers and guests', async () => {
    const qa = await operatorLogin(t.app, 'qa');
    expect((await qa.get('/api/admin/coupons')).status).toBe(403);
    expect((await qa.post('/api/admin/coupons', form())).status).toBe(403);
    const demo = await loginAs(t.app, 'demo');
    expect((await demo.post('/api/admin/coupons', form())).status).toBe(401);
    expect((await ops.post('/api/admin/coupons/99999999', form())).status).toBe(404);
    expect((await ops.post('/api/admin/coupons/99999999/issue', { user_ids: [1] })).status).toBe(404);
  });
});
