/**
 * 抽奖 as buyers meet it: the pop-up's activity, its prizes without weights, drawing with points through the
 * ledger, limits per day, free draws earned by paid orders, winners masked, my records and the address of a
 * physical prize; guests, accounts not yet approved and other accounts refused; bad input answered 422 with
 * nothing written; and under 500 draws at once no prize past its stock, no account past its allowance.
 */
import crypto from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, count, eq, inArray, sql } from 'drizzle-orm';
import { okOf } from '../../../core/schemas/envelope.js';
import { DrawActivity, DrawRecordPage, DrawResult, DrawSimple, DrawWinners } from '../../../core/schemas/lottery.js';
import { addresses, coupons, ledger, lotteries, lotteryDraws, lotteryEntrants, lotteryPrizes, userCoupons, users, wallets } from '../../db/schema/index.js';
import { undeclared } from '../../http/serializer.js';
import { agent, buildTestApp, dbLabel, loginAs, type TestApp } from '../../testing.js';
import { move } from '../wallet/ledger.js';
import { paidOrderCount } from '../orders/paid.js';
import { DRAW_NONE_TODAY, DRAW_NOT_APPROVED, pickByWeight } from './draw.js';
import { ADDRESS_NOT_WANTED } from './service.js';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp({ goods: 60, config: { RATE_LIMIT_FACTOR: 1000 } });
});
afterAll(async () => t?.close());

const DAY = 86_400_000;
type PrizeSeed = Partial<typeof lotteryPrizes.$inferInsert> & { kind: (typeof lotteryPrizes.$inferInsert)['kind'] };

/** A lottery running now; its prizes fill the grid with 谢谢参与 when fewer than eight are given. */
async function lottery(over: Partial<typeof lotteries.$inferInsert> = {}, prizes: PrizeSeed[] = []) {
  const [l] = await t.db
    .insert(lotteries)
    .values({
      name: '测试抽奖',
      remarks: '测试',
      startsAt: new Date(Date.now() - DAY),
      endsAt: new Date(Date.now() + DAY),
      costKind: 'points',
      costPoints: 10,
      dailyLimit: 3,
      ...over,
    })
    .returning();
  const grid = [...prizes];
  while (grid.length < 8) grid.push({ kind: 'none', name: '谢谢参与', weight: 1, stock: 0 });
  const rows = await t.db
    .insert(lotteryPrizes)
    .values(grid.map((p, slot) => ({ lotteryId: l.id, slot, name: p.name ?? p.kind, weight: 1, stock: 0, ...p })))
    .returning();
  return { l, prizes: rows };
}

const userId = async (username: string) => (await t.db.select({ id: users.id }).from(users).where(eq(users.username, username)))[0].id;
const pointsOf = async (username: string) => (await t.db.select({ p: users.points }).from(users).where(eq(users.username, username)))[0].p;
const drawsOf = async (lotteryId: number, uid?: number) =>
  (
    await t.db
      .select({ n: count() })
      .from(lotteryDraws)
      .where(and(eq(lotteryDraws.lotteryId, lotteryId), uid ? eq(lotteryDraws.userId, uid) : undefined))
  )[0].n;
/** Gives points through the ledger, as any grant does. */
const grantPoints = (uid: number, amount: number) =>
  t.db.transaction((tx) => move(tx, { userId: uid, instrument: 'points', amount, kind: 'grant', memo: '测试赠送' }));

/** The prizes of every answer: never a weight, never a stock. */
function expectNoWeights(body: unknown) {
  const text = JSON.stringify(body);
  expect(text).not.toContain('weight');
  expect(text).not.toContain('"stock"');
}

describe(`the lottery on ${dbLabel}`, () => {
  it('offers demo the seeded running activity and its pictures in the pop-up; a guest gets none and an account not yet approved is refused', async () => {
    const demo = await loginAs(t.app, 'demo');
    const simple = await demo.get('/api/draw/simple');
    expect(undeclared(simple.body, okOf(DrawSimple).parse(simple.body))).toEqual([]);
    expect(simple.body.data).toMatchObject({ name: '每日幸运抽奖', is_join: 0, remarks: expect.stringContaining('每天3次') });
    expect((await agent(t.app).get('/api/draw/simple')).body).toMatchObject({ code: 10000, data: null });
    const pending = await loginAs(t.app, 'pending');
    expect((await pending.get('/api/draw/simple')).body).toMatchObject({ code: 400, message: DRAW_NOT_APPROVED });
    const ads = (await agent(t.app).get('/api/draw/ads')).body.data;
    expect(ads[0].image).toMatch(/^\/api\/img\/banner\.svg\?/);
  });

  it('shows the rules and the eight prizes in grid order without their weights or stock, and my draws left', async () => {
    const demo = await loginAs(t.app, 'demo');
    const id = (await demo.get('/api/draw/simple')).body.data.id;
    const res = await demo.get(`/api/draw/${id}/activity`);
    expect(undeclared(res.body, okOf(DrawActivity).parse(res.body))).toEqual([]);
    expectNoWeights(res.body);
    const a = res.body.data;
    expect(a.prizes.map((p: { slot: number }) => p.slot)).toEqual([0, 1, 2, 3, 4, 5, 6, 7]);
    expect(a.prizes.map((p: { name: string }) => p.name)).toContain('电子体温计');
    expect(a).toMatchObject({
      cost_kind: 'points',
      cost_points: 20,
      daily_limit: 3,
      left_today: 3,
      left_total: -1,
      is_join: 0,
      points: 1280,
      cost_text: '每次消耗20积分',
    });
    expect((await agent(t.app).get(`/api/draw/${id}/activity`)).status).toBe(401);
    expect((await (await loginAs(t.app, 'pending')).get(`/api/draw/${id}/activity`)).body.message).toBe(DRAW_NOT_APPROVED);
    expect((await demo.get('/api/draw/999999/activity')).status).toBe(404);
    expect((await demo.get('/api/draw/abc/activity')).status).toBe(422);
  });

  it('draws only from the site’s own pages: without X-Requested-With the draw is refused and nothing is spent', async () => {
    const { l } = await lottery();
    const demo = await loginAs(t.app, 'demo');
    const before = await pointsOf('demo');
    const res = await t.app.inject({ method: 'GET', url: `/api/draw?id=${l.id}`, headers: { cookie: demo.cookie } });
    expect(res.statusCode).toBe(403);
    const foreign = await t.app.inject({
      method: 'GET',
      url: `/api/draw?id=${l.id}`,
      headers: { cookie: demo.cookie, 'x-requested-with': 'XMLHttpRequest', origin: 'https://evil.example' },
    });
    expect(foreign.statusCode).toBe(403);
    expect(await drawsOf(l.id)).toBe(0);
    expect(await pointsOf('demo')).toBe(before);
  });

  it('spends the points of a draw and credits a points prize, each once through the ledger', async () => {
    // 谢谢参与 weighs nothing here, so the draw wins the points.
    const nothing = Array.from({ length: 7 }, () => ({ kind: 'none' as const, name: '谢谢参与', weight: 0, stock: 0 }));
    const { l, prizes } = await lottery({ costPoints: 10 }, [{ kind: 'points', name: '88积分', value: 88, weight: 1_000_000, stock: 5 }, ...nothing]);
    const chain = await loginAs(t.app, 'chain');
    const before = await pointsOf('chain');
    expect((await chain.get('/api/user/base')).body.data.points).toBe(before);
    const res = await chain.get(`/api/draw?id=${l.id}`);
    // A GET that changed the points: the account's copy the session keeps is dropped with it.
    expect((await chain.get('/api/user/base')).body.data.points).toBe(res.body.data.points);
    expect(undeclared(res.body, okOf(DrawResult).parse(res.body))).toEqual([]);
    expectNoWeights(res.body);
    expect(res.body.data).toMatchObject({ won: 1, prize: { kind: 'points' }, left_today: 2, status: 0 });
    expect(res.body.data.remarks).toBe('88积分已存入您的积分账户');
    expect(await pointsOf('chain')).toBe(before - 10 + 88);
    const rows = await t.db
      .select()
      .from(ledger)
      .where(and(eq(ledger.refType, 'lottery'), eq(ledger.refId, res.body.data.record_id)));
    expect(rows.map((r) => [r.instrument, r.kind, r.amount]).sort()).toEqual(
      [
        ['points', 'draw', -10],
        ['points', 'lottery', 88],
      ].sort() as unknown as typeof rows,
    );
    const [prize] = await t.db.select().from(lotteryPrizes).where(eq(lotteryPrizes.id, prizes[0].id));
    expect(prize.stock).toBe(4);
  });

  it('credits a red packet through its ledger and hands a coupon to the account', async () => {
    const [coupon] = await t.db.select().from(coupons).where(eq(coupons.name, '抽奖专享 满200减10'));
    const { l } = await lottery({ costPoints: 1, dailyLimit: 10 }, [
      { kind: 'red_packet', name: '3元红包', value: 300, weight: 1_000_000, stock: 1 },
      { kind: 'coupon', name: '满200减10优惠券', couponId: coupon.id, weight: 1_000_000, stock: 1 },
    ]);
    const chainA = await loginAs(t.app, 'chain-a');
    const uid = await userId('chain-a');
    await grantPoints(uid, 100);
    const [w0] = await t.db.select().from(wallets).where(eq(wallets.userId, uid));
    const copies0 = (
      await t.db
        .select({ n: count() })
        .from(userCoupons)
        .where(and(eq(userCoupons.userId, uid), eq(userCoupons.couponId, coupon.id)))
    )[0].n;
    const kinds = [];
    for (let i = 0; i < 4; i++) kinds.push((await chainA.get(`/api/draw?id=${l.id}`)).body.data.prize.kind);
    const [w1] = await t.db.select().from(wallets).where(eq(wallets.userId, uid));
    const copies1 = (
      await t.db
        .select({ n: count() })
        .from(userCoupons)
        .where(and(eq(userCoupons.userId, uid), eq(userCoupons.couponId, coupon.id)))
    )[0].n;
    // One of each at most (their stock is 1); what was won is what was credited.
    expect(kinds.filter((k) => k === 'red_packet').length).toBeLessThanOrEqual(1);
    expect((w1?.redPacket ?? 0) - (w0?.redPacket ?? 0)).toBe(kinds.includes('red_packet') ? 300 : 0);
    expect(copies1 - copies0).toBe(kinds.filter((k) => k === 'coupon').length);
    const packetRows = await t.db
      .select()
      .from(ledger)
      .where(and(eq(ledger.userId, uid), eq(ledger.instrument, 'red_packet'), eq(ledger.kind, 'lottery')));
    expect(packetRows.length).toBe(kinds.filter((k) => k === 'red_packet').length);
  });

  it('turns a coupon prize whose template has no copy left into 谢谢参与: its stock is kept, the record and the answer say so', async () => {
    const [gone] = await t.db
      .insert(coupons)
      .values({
        name: '已领完的抽奖券',
        type: 'manjian',
        threshold: 10_000,
        amount: 500,
        startsAt: new Date(Date.now() - DAY),
        endsAt: new Date(Date.now() + 30 * DAY),
        total: 1,
        claimed: 1,
      })
      .returning();
    const { l, prizes } = await lottery({ costPoints: 1 }, [{ kind: 'coupon', name: '满100减5券', couponId: gone.id, weight: 1_000_000_000, stock: 3 }]);
    const uid = await userId('chain-a');
    await grantPoints(uid, 10);
    const before = await pointsOf('chain-a');
    const res = await (await loginAs(t.app, 'chain-a')).get(`/api/draw?id=${l.id}`);
    expect(res.body.data).toMatchObject({ won: 0, prize: { kind: 'none' }, remarks: '谢谢参与，祝您下次好运', points: before - 1 });
    const [record] = await t.db.select().from(lotteryDraws).where(eq(lotteryDraws.id, res.body.data.record_id));
    expect(record).toMatchObject({ prizeKind: 'none', prizeId: prizes[1].id, value: 0, cost: 1 });
    const [coupon] = await t.db.select().from(lotteryPrizes).where(eq(lotteryPrizes.id, prizes[0].id));
    expect(coupon).toMatchObject({ stock: 3, won: 0 });
    expect(await t.db.select().from(userCoupons).where(eq(userCoupons.couponId, gone.id))).toEqual([]);
    expect(await pointsOf('chain-a')).toBe(before - 1);
  });

  it('stops at the daily limit with 今日抽奖次数已用完, writing nothing more, and refuses too few points', async () => {
    const { l } = await lottery({ costPoints: 5, dailyLimit: 2 });
    const chainB = await loginAs(t.app, 'chain-b');
    const uid = await userId('chain-b');
    await grantPoints(uid, 12);
    expect((await chainB.get(`/api/draw?id=${l.id}`)).body.code).toBe(10000);
    const second = (await chainB.get(`/api/draw?id=${l.id}`)).body;
    expect(second.data).toMatchObject({ left_today: 0, is_join: 1 });
    const points = await pointsOf('chain-b');
    expect((await chainB.get(`/api/draw?id=${l.id}`)).body).toMatchObject({ code: 400, message: DRAW_NONE_TODAY });
    expect(await drawsOf(l.id, uid)).toBe(2);
    expect(await pointsOf('chain-b')).toBe(points);

    const dear = await lottery({ costPoints: 1_000_000 });
    expect((await chainB.get(`/api/draw?id=${dear.l.id}`)).body).toMatchObject({ code: 400, message: '积分不足，每次抽奖需1000000积分' });
    expect((await chainB.get(`/api/draw/${dear.l.id}/activity`)).body.data.is_join).toBe(1);
    expect(await drawsOf(dear.l.id)).toBe(0);
  });

  it('answers bad input 422 and unknown, ended or switched-off activities as such, writing nothing', async () => {
    const demo = await loginAs(t.app, 'demo');
    const before = await pointsOf('demo');
    for (const q of ['', '?id=', '?id=abc', '?id=1.5', '?id=-3']) {
      const res = await demo.get(`/api/draw${q}`);
      expect(res.status, q).toBe(422);
      expect(res.body.message).toMatch(/抽奖活动/);
    }
    expect((await demo.get('/api/draw?id=999999')).status).toBe(404);
    const off = await lottery({ isShow: false });
    expect((await demo.get(`/api/draw?id=${off.l.id}`)).status).toBe(404);
    const ended = await lottery({ startsAt: new Date(Date.now() - 2 * DAY), endsAt: new Date(Date.now() - DAY) });
    expect((await demo.get(`/api/draw?id=${ended.l.id}`)).body).toMatchObject({ code: 400, message: '抽奖活动已结束' });
    expect((await agent(t.app).get(`/api/draw?id=${ended.l.id}`)).status).toBe(401);
    expect((await (await loginAs(t.app, 'pending')).get(`/api/draw?id=${ended.l.id}`)).body.message).toBe(DRAW_NOT_APPROVED);
    expect(await pointsOf('demo')).toBe(before);
    expect(await drawsOf(off.l.id)).toBe(0);
  });

  it('gives free draws for paid orders: as many as the orders paid in the period earn', async () => {
    const demo = await loginAs(t.app, 'demo');
    const uid = await userId('demo');
    const since = new Date(Date.now() - 90 * DAY);
    const until = new Date(Date.now() + DAY);
    const paid = await paidOrderCount(t.db, uid, since, until);
    expect(paid).toBeGreaterThan(0);
    const { l } = await lottery({ costKind: 'orders', costPoints: 0, drawsPerOrder: 2, dailyLimit: 100, startsAt: since, endsAt: until });
    const a = (await demo.get(`/api/draw/${l.id}/activity`)).body.data;
    expect(a).toMatchObject({ left_total: paid * 2, cost_text: '每支付1笔订单获得2次抽奖机会', is_join: 0 });
    const points = await pointsOf('demo');
    expect((await demo.get(`/api/draw?id=${l.id}`)).body.data.left_total).toBe(paid * 2 - 1);
    expect(await pointsOf('demo')).toBe(points);

    const fresh = await lottery({ costKind: 'orders', costPoints: 0, drawsPerOrder: 1, dailyLimit: 5, startsAt: new Date(Date.now() - 1000) });
    expect((await demo.get(`/api/draw/${fresh.l.id}/activity`)).body.data).toMatchObject({ left_total: 0, is_join: 1 });
    expect((await demo.get(`/api/draw?id=${fresh.l.id}`)).body).toMatchObject({ code: 400, message: '暂无抽奖机会，每支付1笔订单可获得1次抽奖机会' });
  });

  it('lists the latest winners with their names masked, to anyone', async () => {
    const [{ id }] = await t.db.select({ id: lotteries.id }).from(lotteries).where(eq(lotteries.name, '每日幸运抽奖'));
    const res = await agent(t.app).get(`/api/draw/new_record?id=${id}`);
    expect(undeclared(res.body, okOf(DrawWinners).parse(res.body))).toEqual([]);
    const names = res.body.data.map((w: { user_name: string }) => w.user_name);
    expect(names.length).toBeGreaterThan(0);
    expect(names).toContain('杭州***公司');
    expect(JSON.stringify(res.body)).not.toContain('杭州仁和大药房有限公司');
    expect(res.body.data.map((w: { prize_name: string }) => w.prize_name)).not.toContain('谢谢参与');
  });

  it("lists my own draws only; a physical prize takes one of my addresses, another account's record or address is 404", async () => {
    const demo = await loginAs(t.app, 'demo');
    const page = await demo.get('/api/draw/record');
    expect(undeclared(page.body, okOf(DrawRecordPage).parse(page.body))).toEqual([]);
    const thermometer = page.body.data.data.find((r: { prize_name: string }) => r.prize_name === '电子体温计');
    expect(thermometer).toMatchObject({ status: 1, status_text: '待填写地址', cost_text: '20积分' });
    expect(page.body.data.data.find((r: { prize_kind: string }) => r.prize_kind === 'none').status_text).toBe('未中奖');
    const demoId = await userId('demo');
    const [mine] = await t.db.select().from(addresses).where(eq(addresses.userId, demoId));
    const [theirs] = await t.db
      .select()
      .from(addresses)
      .where(eq(addresses.userId, await userId('chain')));

    const chain = await loginAs(t.app, 'chain');
    expect(page.body.data.data.every((r: { id: number }) => r.id)).toBe(true);
    const chainIds = (await chain.get('/api/draw/record')).body.data.data.map((r: { id: number }) => r.id);
    expect(chainIds).not.toContain(thermometer.id);
    expect((await chain.post(`/api/draw/record/${thermometer.id}/address`, { address_id: theirs.id })).status).toBe(404);
    expect((await demo.post(`/api/draw/record/${thermometer.id}/address`, { address_id: theirs.id })).status).toBe(404);
    const bad = await demo.post(`/api/draw/record/${thermometer.id}/address`, { address_id: 'x' });
    expect(bad.status).toBe(422);
    expect(bad.body.message).toMatch(/收货地址/);
    expect((await agent(t.app).post(`/api/draw/record/${thermometer.id}/address`, { address_id: mine.id })).status).toBe(401);
    const [still] = await t.db.select().from(lotteryDraws).where(eq(lotteryDraws.id, thermometer.id));
    expect(still).toMatchObject({ status: 1, address: '' });

    const given = await demo.post(`/api/draw/record/${thermometer.id}/address`, { address_id: mine.id });
    expect(given.body.data).toMatchObject({ status: 2, status_text: '待发货', consignee: mine.name, phone: mine.phone });
    expect(given.body.data.address).toContain(mine.address);
    expect((await demo.post(`/api/draw/record/${thermometer.id}/address`, { address_id: mine.id })).body.code).toBe(400);
    const points = page.body.data.data.find((r: { prize_kind: string }) => r.prize_kind === 'points');
    expect((await demo.post(`/api/draw/record/${points.id}/address`, { address_id: mine.id })).body).toMatchObject({ code: 400, message: ADDRESS_NOT_WANTED });
    expect((await agent(t.app).get('/api/draw/record')).status).toBe(401);
  });
});

describe(`500 draws at once on ${dbLabel}`, () => {
  it('never hands out more of a prize than its stock, nor more draws than an account may make, and moves every point once', async () => {
    const { l, prizes } = await lottery({ costPoints: 10, dailyLimit: 100 }, [
      { kind: 'points', name: '30积分', value: 30, weight: 1_000, stock: 7 },
      { kind: 'goods', name: '电子血压计', weight: 1_000, stock: 3 },
    ]);
    const names = ['demo', 'chain', 'chain-a', 'chain-b'];
    const ids = await Promise.all(names.map(userId));
    // chain-b can pay for 20 draws (and more with the points it wins); the others for all they may make.
    await Promise.all(ids.map(async (uid, i) => grantPoints(uid, i === 3 ? 200 - (await pointsOf(names[3])) : 2_000)));
    const start = new Map(await Promise.all(names.map(async (n, i) => [ids[i], await pointsOf(n)] as const)));
    const agents = await Promise.all(names.map((n) => loginAs(t.app, n)));
    const answers = await Promise.all(Array.from({ length: 500 }, (_, k) => agents[k % 4].get(`/api/draw?id=${l.id}`)));
    expect(answers.every((a) => a.status === 200)).toBe(true);

    const ok = (i: number) => answers.filter((a, k) => k % 4 === i && a.body.code === 10000).length;
    expect([ok(0), ok(1), ok(2)]).toEqual([100, 100, 100]);
    expect(ok(3)).toBeGreaterThanOrEqual(20);
    expect(ok(3)).toBeLessThan(100);
    expect(await pointsOf('chain-b')).toBeLessThan(10);
    for (const [i, uid] of ids.entries()) expect(await drawsOf(l.id, uid)).toBe(ok(i));
    const entrants = await t.db.select().from(lotteryEntrants).where(eq(lotteryEntrants.lotteryId, l.id));
    expect(entrants.map((e) => e.drawn).sort((a, b) => a - b)).toEqual([ok(3), 100, 100, 100]);

    const after = await t.db
      .select()
      .from(lotteryPrizes)
      .where(inArray(lotteryPrizes.id, [prizes[0].id, prizes[1].id]));
    for (const p of after) {
      const won = (await t.db.select({ n: count() }).from(lotteryDraws).where(eq(lotteryDraws.prizeId, p.id)))[0].n;
      expect(p.stock).toBeGreaterThanOrEqual(0);
      expect(won).toBe(p.won);
      expect(won + p.stock).toBe(p.name === '30积分' ? 7 : 3);
    }

    for (const [i, uid] of ids.entries()) {
      const draws = await t.db
        .select()
        .from(lotteryDraws)
        .where(and(eq(lotteryDraws.lotteryId, l.id), eq(lotteryDraws.userId, uid)));
      const rows = await t.db
        .select()
        .from(ledger)
        .where(
          and(
            eq(ledger.userId, uid),
            eq(ledger.refType, 'lottery'),
            inArray(
              ledger.refId,
              draws.map((d) => d.id),
            ),
          ),
        );
      const spent = rows.filter((r) => r.kind === 'draw');
      const wonPoints = rows.filter((r) => r.kind === 'lottery');
      expect(new Set(spent.map((r) => r.refId)).size).toBe(draws.length);
      expect(spent.length).toBe(draws.length);
      expect(wonPoints.length).toBe(draws.filter((d) => d.prizeKind === 'points').length);
      const points = await pointsOf(names[i]);
      expect(points).toBe(start.get(uid)! - 10 * draws.length + 30 * wonPoints.length);
      expect(points).toBeGreaterThanOrEqual(0);
      const [{ sum }] = await t.db
        .select({ sum: sql<string>`coalesce(sum(${ledger.amount}), 0)` })
        .from(ledger)
        .where(and(eq(ledger.userId, uid), eq(ledger.instrument, 'points')));
      expect(Number(sum)).toBe(points);
    }
  }, 120_000);
});

describe('the draw’s odds', () => {
  const weights = [300, 120, 5, 250, 150, 40, 15, 120];
  const DRAWS = 200_000;
  /** Whether each prize's share of many draws is within a point and a half of its weight's share. */
  function followsWeights(pick: () => number) {
    const counts = weights.map(() => 0);
    for (let i = 0; i < DRAWS; i++) counts[pick()]++;
    const total = weights.reduce((s, w) => s + w, 0);
    return counts.every((c, i) => Math.abs(c / DRAWS - weights[i] / total) < 0.015);
  }
  const prizes = weights.map((weight, i) => ({ i, weight }));

  it('picks each prize as often as its weight says, over 200,000 draws with the cryptographic random number', () => {
    expect(followsWeights(() => pickByWeight(prizes).i)).toBe(true);
  });

  it('would notice prizes drawn evenly instead of by weight', () => {
    expect(followsWeights(() => crypto.randomInt(weights.length))).toBe(false);
  });
});
