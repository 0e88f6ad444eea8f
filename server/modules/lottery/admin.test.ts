/**
 * 营销活动 › 抽奖活动 as operators use it: who may, the form's checks on the eight prizes, a change of stock or
 * weight reaching the next draw, switching off, the draws with their filters and shipping a physical prize,
 * every write in the audit log.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, count, eq } from 'drizzle-orm';
import { okOf } from '../../../core/schemas/envelope.js';
import { AdminDrawPage, AdminLotteryPage } from '../../../core/schemas/lottery.js';
import { addresses, auditLog, lotteries, lotteryDraws, users } from '../../db/schema/index.js';
import { undeclared } from '../../http/serializer.js';
import { agent, buildTestApp, dbLabel, loginAs, operatorLogin, type TestApp } from '../../testing.js';

let t: TestApp;
let ops: Awaited<ReturnType<typeof operatorLogin>>;
beforeAll(async () => {
  t = await buildTestApp({ goods: 60, config: { RATE_LIMIT_FACTOR: 100 } });
  ops = await operatorLogin(t.app, 'ops');
});
afterAll(async () => t?.close());

const minute = (offsetMs: number) => new Date(Date.now() + offsetMs + 8 * 3_600_000).toISOString().slice(0, 16).replace('T', ' ');
const DAY = 86_400_000;
const none = { kind: 'none', name: '谢谢参与', weight: 100, stock: 0 };
const form = (over: Record<string, unknown> = {}) => ({
  name: '周末幸运抽奖',
  remarks: '周末加抽',
  rules: '每次消耗10积分',
  starts_at: minute(-DAY),
  ends_at: minute(DAY),
  cost_kind: 'points',
  cost_points: 10,
  daily_limit: 5,
  total_limit: 0,
  is_show: 1,
  prizes: [
    { kind: 'points', name: '20积分', points: 20, weight: 100, stock: 50 },
    { kind: 'red_packet', name: '2元红包', amount: '2', weight: 100, stock: 50 },
    { kind: 'goods', name: '医用口罩', weight: 100, stock: 5 },
    none,
    none,
    none,
    none,
    none,
  ],
  ...over,
});
const lotteryCount = async () => (await t.db.select({ n: count() }).from(lotteries))[0].n;

describe(`console lottery on ${dbLabel}`, () => {
  it('lets only promotion:write in, and lists the seeded activity with its prizes, weights, shares and stock', async () => {
    expect((await (await operatorLogin(t.app, 'warehouse')).get('/api/admin/lotteries')).status).toBe(403);
    expect((await agent(t.app).get('/api/admin/lotteries')).status).toBe(401);
    expect((await (await loginAs(t.app, 'demo')).get('/api/admin/lotteries')).status).toBe(401);
    const res = await ops.get('/api/admin/lotteries');
    expect(undeclared(res.body, okOf(AdminLotteryPage).parse(res.body))).toEqual([]);
    const seeded = res.body.data.data.find((l: { name: string }) => l.name === '每日幸运抽奖');
    expect(seeded).toMatchObject({ state_text: '进行中', cost_kind: 'points', cost_points: 20, daily_limit: 3 });
    expect(seeded.prizes).toHaveLength(8);
    expect(seeded.prizes.find((p: { name: string }) => p.name === '电子体温计')).toMatchObject({ kind: 'goods', weight: 5, chance: '0.44%' });
    expect(seeded.draws).toBeGreaterThan(0);
  });

  it('refuses a grid that is not eight prizes with weights, 谢谢参与 and real coupons, on the field, writing nothing', async () => {
    const before = await lotteryCount();
    const cases: [Record<string, unknown>, string, string][] = [
      [{ prizes: form().prizes.slice(0, 7) }, 'prizes', '奖品须为8个（九宫格），当前7个'],
      [{ prizes: form().prizes.map((p, i) => (i === 3 ? { ...p, weight: 0 } : p)) }, 'prizes.3.weight', '中奖权重至少为1'],
      [
        { prizes: form().prizes.map((p) => (p.kind === 'none' ? { kind: 'points', name: '1积分', points: 1, weight: 1, stock: 1 } : p)) },
        'prizes',
        '至少设置一个“谢谢参与”',
      ],
      [{ ends_at: minute(-2 * DAY) }, 'ends_at', '结束时间须晚于开始时间'],
      [{ prizes: 'x' }, 'prizes', '请设置奖品'],
      [{ cost_points: 0 }, 'cost_points', '请输入每次抽奖消耗的积分'],
      [{ prizes: form().prizes.map((p, i) => (i === 1 ? { ...p, amount: '' } : p)) }, 'prizes.1.amount', '红包金额须为金额（元），最多两位小数'],
      [
        { prizes: form().prizes.map((p, i) => (i === 0 ? { kind: 'coupon', name: '券', coupon_id: 999999, weight: 1, stock: 1 } : p)) },
        'prizes.0.coupon_id',
        '第1个奖品的优惠券不存在（ID 999999）',
      ],
    ];
    for (const [over, field, message] of cases) {
      const res = await ops.postJson('/api/admin/lotteries', form(over));
      expect(res.status, field).toBe(422);
      expect(res.body.data.errors[field], field).toEqual([message]);
    }
    const junk = [['x'], { a: { b: 'c' } }, '药'.repeat(20_000), null];
    for (const value of junk) {
      for (const field of ['name', 'prizes', 'cost_kind', 'daily_limit', 'ads']) {
        const res = await ops.postJson('/api/admin/lotteries', form({ [field]: value }));
        expect(res.status, `${field} ${JSON.stringify(value).slice(0, 20)}`).toBe(422);
      }
      const res = await ops.postJson('/api/admin/lotteries', form({ prizes: Array.from({ length: 8 }, () => value) }));
      expect(res.status).toBe(422);
    }
    expect(await lotteryCount()).toBe(before);
  });

  it('creates an activity, and a change of a prize’s stock and weight decides the next draw, in the audit log', async () => {
    const created = (await ops.postJson('/api/admin/lotteries', form())).body.data;
    expect(created.prizes.map((p: { slot: number }) => p.slot)).toEqual([0, 1, 2, 3, 4, 5, 6, 7]);
    expect(created.prizes[1]).toMatchObject({ kind: 'red_packet', amount: '2.00', chance: '12.50%' });
    // Only the 20积分 prize left to win, at a weight no 谢谢参与 can match.
    const prizes = form().prizes.map((p, i) => (i === 0 ? { ...p, weight: 1_000_000, stock: 2 } : p.kind === 'none' ? p : { ...p, stock: 0 }));
    const updated = await ops.postJson(`/api/admin/lotteries/${created.id}`, form({ prizes }));
    expect(updated.body.data.prizes[0]).toMatchObject({ weight: 1_000_000, stock: 2 });
    const [row] = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'lottery.update'), eq(auditLog.targetId, String(created.id))));
    expect(JSON.stringify(row.after)).toContain('1000000');

    const chain = await loginAs(t.app, 'chain');
    const drawn = [];
    for (let i = 0; i < 4; i++) drawn.push((await chain.get(`/api/draw?id=${created.id}`)).body.data.prize.kind);
    expect(drawn.filter((k) => k === 'points').length).toBeLessThanOrEqual(2);
    expect(drawn.filter((k) => k !== 'points' && k !== 'none')).toEqual([]);
    const listed = (await ops.get('/api/admin/lotteries')).body.data.data.find((l: { id: number }) => l.id === created.id);
    expect(listed.prizes[0].won + listed.prizes[0].stock).toBe(2);
    expect(listed.draws).toBe(4);

    const off = await ops.postJson(`/api/admin/lotteries/${created.id}/show`, { is_show: 0 });
    expect(off.body.data).toMatchObject({ is_show: 0, state_text: '已停用' });
    expect((await chain.get(`/api/draw?id=${created.id}`)).status).toBe(404);
    const actions = (await t.db.select({ action: auditLog.action }).from(auditLog).where(eq(auditLog.targetType, 'lottery'))).map((r) => r.action);
    expect(actions).toEqual(expect.arrayContaining(['lottery.create', 'lottery.update', 'lottery.disable']));
  });

  it('lists an activity’s draws by status, kind and buyer, and ships a physical prize once its address is given', async () => {
    const [{ id }] = await t.db.select({ id: lotteries.id }).from(lotteries).where(eq(lotteries.name, '每日幸运抽奖'));
    const all = await ops.get(`/api/admin/lotteries/${id}/draws`);
    expect(undeclared(all.body, okOf(AdminDrawPage).parse(all.body))).toEqual([]);
    const waiting = (await ops.get(`/api/admin/lotteries/${id}/draws?status=1`)).body.data.data;
    expect(waiting.map((d: { prize_name: string; company: string }) => [d.prize_name, d.company])).toEqual([['电子体温计', '杭州仁和大药房有限公司']]);
    expect((await ops.get(`/api/admin/lotteries/${id}/draws?kind=points`)).body.data.data.every((d: { prize_kind: string }) => d.prize_kind === 'points')).toBe(
      true,
    );
    const chainOnly = (await ops.get(`/api/admin/lotteries/${id}/draws?keyword=${encodeURIComponent('康泰连锁')}`)).body.data.data;
    expect(chainOnly.length).toBeGreaterThan(0);
    expect(chainOnly.every((d: { username: string }) => d.username === 'chain')).toBe(true);
    expect((await ops.get(`/api/admin/lotteries/${id}/draws?status=9`)).status).toBe(422);

    const record = waiting[0];
    const ship = { carrier: '顺丰速运', tracking_no: 'SF1234567890' };
    expect((await ops.postJson(`/api/admin/lottery-draws/${record.id}/ship`, ship)).body).toMatchObject({
      code: 400,
      message: '买家尚未填写收货地址，暂不能发货',
    });
    const demo = await loginAs(t.app, 'demo');
    const [demoRow] = await t.db.select({ id: users.id }).from(users).where(eq(users.username, 'demo'));
    const [address] = await t.db.select().from(addresses).where(eq(addresses.userId, demoRow.id));
    await demo.post(`/api/draw/record/${record.id}/address`, { address_id: address.id });
    expect((await ops.postJson(`/api/admin/lottery-draws/${record.id}/ship`, { carrier: '顺丰速运', tracking_no: '单号' })).status).toBe(422);
    const shipped = await ops.postJson(`/api/admin/lottery-draws/${record.id}/ship`, ship);
    expect(shipped.body.data).toMatchObject({ status: 3, status_text: '已发货', carrier: '顺丰速运', tracking_no: 'SF1234567890' });
    expect((await ops.postJson(`/api/admin/lottery-draws/${record.id}/ship`, ship)).body.message).toBe('该记录不是待发货状态');
    const mine = (await demo.get('/api/draw/record')).body.data.data.find((r: { id: number }) => r.id === record.id);
    expect(mine).toMatchObject({ status_text: '已发货', tracking_no: 'SF1234567890' });
    const [audit] = await t.db.select().from(auditLog).where(eq(auditLog.action, 'lottery.ship'));
    expect(audit.after).toMatchObject({ status: 3, tracking_no: 'SF1234567890' });
    const [draw] = await t.db.select().from(lotteryDraws).where(eq(lotteryDraws.id, record.id));
    expect(draw.shippedAt).not.toBeNull();
  });
});
