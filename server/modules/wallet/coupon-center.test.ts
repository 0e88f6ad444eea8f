/**
 * 领券中心: the coupons open to claiming, and claims that never hand out more copies than a coupon has nor more
 * than an account may hold, however many arrive at once; guests may look but not claim, accounts not yet
 * approved are refused, bad input answers 422 and a refusal writes nothing.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, count, eq } from 'drizzle-orm';
import { okOf } from '../../../core/schemas/envelope.js';
import { CouponCenterPage, CouponReceived } from '../../../core/schemas/wallet.js';
import { coupons, userCoupons, users } from '../../db/schema/index.js';
import { clearKeptAnswers } from '../../http/cache.js';
import { undeclared } from '../../http/serializer.js';
import { agent, buildTestApp, dbLabel, loginAs, type TestApp } from '../../testing.js';
import { CLAIM_CLOSED, CLAIM_GONE, CLAIM_LIMIT, CLAIM_NOT_APPROVED } from './coupon-center.js';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp({ goods: 100, config: { RATE_LIMIT_FACTOR: 1000 } });
});
afterAll(async () => t?.close());

const DAY = 86_400_000;
let made = 0;
/** A coupon of the centre, 满100减10 unless told otherwise. */
async function coupon(over: Partial<typeof coupons.$inferInsert> = {}) {
  const [c] = await t.db
    .insert(coupons)
    .values({
      name: `领券中心测试券${++made}`,
      type: 'manjian',
      threshold: 10_000,
      amount: 1_000,
      startsAt: new Date(Date.now() - DAY),
      endsAt: new Date(Date.now() + 10 * DAY),
      total: 100,
      perUser: 1,
      ...over,
    })
    .returning();
  // Written behind the console's back: the kept offer is dropped as a console write drops it.
  clearKeptAnswers(t.db);
  return c;
}
const copies = async (couponId: number) => (await t.db.select({ n: count() }).from(userCoupons).where(eq(userCoupons.couponId, couponId)))[0].n;
const claimedOf = async (couponId: number) => (await t.db.select({ claimed: coupons.claimed }).from(coupons).where(eq(coupons.id, couponId)))[0].claimed;

describe(`the coupon centre on ${dbLabel}`, () => {
  it('shows a guest the coupons open now, with what is left, exactly as core/schemas/wallet.ts declares them', async () => {
    const open = await coupon({ name: '领券中心开放券', total: 50, claimed: 20, validDays: 15 });
    const hidden = await coupon({ name: '领券中心隐藏券', isShow: false });
    const ended = await coupon({ name: '领券中心已结束券', endsAt: new Date(Date.now() - 1000) });
    const { body } = await agent(t.app).get('/api/coupon/center?page=1');
    expect(undeclared(body, okOf(CouponCenterPage).parse(body))).toEqual([]);
    const names = body.data.data.map((c: { name: string }) => c.name);
    expect(names).not.toContain(hidden.name);
    expect(names).not.toContain(ended.name);
    const shown = body.data.data.find((c: { id: number }) => c.id === open.id);
    expect(shown).toMatchObject({
      face: '10.00',
      condition: '满100元可用',
      valid_text: '领取后15天内有效',
      total: 50,
      left: 30,
      claimed_percent: 40,
      mine: 0,
      state: 0,
      state_text: '立即领取',
    });
  });

  it('takes a coupon off every page the moment it ends, though the offer it was read with is still kept', async () => {
    const endsAt = new Date(Date.now() + 1_500);
    const closing = await coupon({ name: '领券中心即将结束券', endsAt });
    const ids = async () => ((await agent(t.app).get('/api/coupon/center?page=1')).body.data.data as { id: number }[]).map((c) => c.id);
    expect(await ids()).toContain(closing.id);
    expect(await ids()).toContain(closing.id);
    // Nothing is written meanwhile: the page is made again from the same kept offer once the coupon's end has passed.
    await new Promise((resolve) => setTimeout(resolve, Math.max(0, endsAt.getTime() - Date.now()) + 50));
    const after = await ids();
    expect(after.length).toBeGreaterThan(0);
    expect(after).not.toContain(closing.id);
  });

  it('lets an approved buyer claim up to the limit; the copy is held at once, unused, for the days the coupon gives', async () => {
    const c = await coupon({ total: 5, perUser: 2, validDays: 7 });
    const demo = await loginAs(t.app, 'demo');
    const first = await demo.post('/api/coupon/receive', { id: c.id });
    expect(first.body.code).toBe(10000);
    expect(undeclared(first.body, okOf(CouponReceived).parse(first.body))).toEqual([]);
    expect(first.body.data.coupon).toMatchObject({ id: c.id, mine: 1, left: 4, state: 0 });
    const second = await demo.post('/api/coupon/receive', { id: c.id });
    expect(second.body.data.coupon).toMatchObject({ mine: 2, left: 3, state: 1, state_text: '已领取' });

    const third = await demo.post('/api/coupon/receive', { id: c.id });
    expect(third.body).toMatchObject({ code: 400, message: CLAIM_LIMIT });
    expect(await copies(c.id)).toBe(2);
    expect(await claimedOf(c.id)).toBe(2);

    const held = (await demo.get('/api/user/coupon?status=0')).body.data.data.filter((x: { coupon_id: number }) => x.coupon_id === c.id);
    expect(held.map((x: { id: number }) => x.id).sort()).toEqual([first.body.data.user_coupon_id, second.body.data.user_coupon_id].sort());
    const days = (held[0].ends_at - held[0].starts_at) / 86_400;
    expect(days).toBeCloseTo(7, 3);
    const listed = (await demo.get('/api/coupon/center')).body.data.data.find((x: { id: number }) => x.id === c.id);
    expect(listed).toMatchObject({ mine: 2, left: 3, state: 1 });
    // The offer is shared, what is held is each account's own: a guest and another buyer see the same count left.
    const asGuest = (await agent(t.app).get('/api/coupon/center')).body.data.data.find((x: { id: number }) => x.id === c.id);
    expect(asGuest).toMatchObject({ mine: 0, left: 3, state: 0 });
    const chain = await loginAs(t.app, 'chain');
    expect((await chain.post('/api/coupon/receive', { id: c.id })).body.code).toBe(10000);
    const afterChain = (await demo.get('/api/coupon/center')).body.data.data.find((x: { id: number }) => x.id === c.id);
    expect(afterChain).toMatchObject({ mine: 2, left: 2, state: 1 });
  });

  it('refuses a guest, an account not yet approved, a coupon gone or closed, and bad ids, writing nothing', async () => {
    const c = await coupon({ total: 1 });
    expect((await agent(t.app).post('/api/coupon/receive', { id: c.id })).status).toBe(401);
    const pending = await loginAs(t.app, 'pending');
    expect((await pending.post('/api/coupon/receive', { id: c.id })).body).toMatchObject({ code: 400, message: CLAIM_NOT_APPROVED });
    expect(await copies(c.id)).toBe(0);

    const chain = await loginAs(t.app, 'chain');
    expect((await chain.post('/api/coupon/receive', { id: c.id })).body.code).toBe(10000);
    const demo = await loginAs(t.app, 'demo');
    expect((await demo.post('/api/coupon/receive', { id: c.id })).body).toMatchObject({ code: 400, message: CLAIM_GONE });
    const gone = (await demo.get('/api/coupon/center')).body.data.data.find((x: { id: number }) => x.id === c.id);
    expect(gone).toMatchObject({ left: 0, state: 2, state_text: '已领完' });

    const later = await coupon({ startsAt: new Date(Date.now() + DAY) });
    expect((await demo.post('/api/coupon/receive', { id: later.id })).body).toMatchObject({ code: 400, message: CLAIM_CLOSED });
    const hidden = await coupon({ isShow: false });
    expect((await demo.post('/api/coupon/receive', { id: hidden.id })).status).toBe(404);
    expect((await demo.post('/api/coupon/receive', { id: 99_999_999 })).status).toBe(404);
    const bad = await demo.post('/api/coupon/receive', { id: 'abc' });
    expect(bad.status).toBe(422);
    expect(bad.body.message).toMatch(/[\u4e00-\u9fa5]/);
    expect((await demo.get('/api/coupon/center?page=0')).status).toBe(422);
    expect(await copies(later.id)).toBe(0);
    expect(await copies(hidden.id)).toBe(0);
    expect(await copies(c.id)).toBe(1);
  });

  it('hands out exactly the copies left when 1,000 claims arrive at once', async () => {
    const c = await coupon({ total: 10, perUser: 1000 });
    const approved = await t.db.select({ username: users.username }).from(users).where(eq(users.isPassed, 1));
    const buyers = await Promise.all(approved.slice(0, 4).map((u) => loginAs(t.app, u.username)));
    const claims = Array.from({ length: 1000 }, (_, i) => buyers[i % buyers.length].post('/api/coupon/receive', { id: c.id }));
    const answers = await Promise.all(claims);
    expect(answers.filter((a) => a.body.code === 10000)).toHaveLength(10);
    for (const a of answers.filter((x) => x.body.code !== 10000)) expect(a.body).toMatchObject({ code: 400, message: CLAIM_GONE });
    expect(await copies(c.id)).toBe(10);
    expect(await claimedOf(c.id)).toBe(10);
  });

  it("never lets an account's claims at once pass its limit", async () => {
    const c = await coupon({ total: 0, perUser: 3 });
    const chain = await loginAs(t.app, 'chain');
    const answers = await Promise.all(Array.from({ length: 60 }, () => chain.post('/api/coupon/receive', { id: c.id })));
    expect(answers.filter((a) => a.body.code === 10000)).toHaveLength(3);
    const [{ id }] = await t.db.select({ id: users.id }).from(users).where(eq(users.username, 'chain'));
    const [{ n }] = await t.db
      .select({ n: count() })
      .from(userCoupons)
      .where(and(eq(userCoupons.couponId, c.id), eq(userCoupons.userId, id)));
    expect(n).toBe(3);
    expect(await claimedOf(c.id)).toBe(3);
    const listed = (await chain.get('/api/coupon/center')).body.data.data.find((x: { id: number }) => x.id === c.id);
    expect(listed).toMatchObject({ total: 0, left: null, mine: 3, state: 1 });
  });
});
