/**
 * The console's buyers: licence review lets a waiting buyer see prices, a rejection reaches its owner, 经营范围
 * decides what the cart and the order accept, flags and contacts change at once, and the wallet moves only
 * through the ledger. Each role is refused what it lacks, and every write is in the audit log.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, asc, desc, eq, gt, sql } from 'drizzle-orm';
import { businessScopes, licences, messages, users } from '../../db/schema/accounts.js';
import { goods } from '../../db/schema/catalogue.js';
import { auditLog } from '../../db/schema/operators.js';
import { ledger, wallets } from '../../db/schema/wallet.js';
import { agent, buildTestApp, dbLabel, loginAs, operatorLogin, type TestApp } from '../../testing.js';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp({ goods: 400, config: { RATE_LIMIT_FACTOR: 20 } });
});
afterAll(async () => t?.close());

const userId = async (username: string) => (await t.db.select().from(users).where(eq(users.username, username)))[0].id;
const scopeId = async (name: string) => (await t.db.select().from(businessScopes).where(eq(businessScopes.name, name)))[0].id;
const line = (g: typeof goods.$inferSelect, number = g.zbz) => ({ goods_id: g.id, price: '0.01', number, ck_id: g.ckId });
const lastAudit = async (action: string) => (await t.db.select().from(auditLog).where(eq(auditLog.action, action)).orderBy(desc(auditLog.id)).limit(1))[0];

async function goodsOfScope(name: string) {
  const [g] = await t.db
    .select()
    .from(goods)
    .where(
      and(
        eq(goods.scopeId, await scopeId(name)),
        eq(goods.isOnSale, true),
        eq(goods.isBuy, true),
        eq(goods.isKx, false),
        eq(goods.isEphedrine, false),
        gt(goods.number, 100),
      ),
    )
    .orderBy(asc(goods.id))
    .limit(1);
  expect(g, `the seed has buyable goods of ${name}`).toBeDefined();
  return g;
}

describe(`the console's buyers on ${dbLabel}`, () => {
  it('lets only operators with the permission read and change buyers', async () => {
    const guest = agent(t.app);
    expect((await guest.get('/api/admin/users')).status).toBe(401);
    const demo = await loginAs(t.app, 'demo');
    const asBuyer = await demo.get('/api/admin/users');
    expect(asBuyer.status).toBe(401);
    const warehouse = await operatorLogin(t.app, 'warehouse');
    const refused = await warehouse.get('/api/admin/users');
    expect(refused.status).toBe(403);
    expect(refused.body).toMatchObject({ code: 403, message: '无权限' });
    const id = await userId('pending');
    const qa = await operatorLogin(t.app, 'qa');
    expect((await qa.get(`/api/admin/users/${id}`)).body.data.company).toBe('宁波康宁诊所');
    // qa reviews licences but does not set flags or money.
    const flags = await qa.postJson(`/api/admin/users/${id}`, {
      is_special: 0,
      is_show_youx: 1,
      is_can_chat: 0,
      is_AfterSale: 1,
      may_buy_ephedrine: 1,
      rank: '普通会员',
      scope_ids: [],
    });
    expect(flags.status).toBe(403);
    expect((await qa.postJson(`/api/admin/users/${id}/wallet/adjust`, { instrument: 'balance', amount: '10', reason: '测试' })).status).toBe(403);
    // Refused before the input is read: a bad body is still 403, not a field message.
    expect((await qa.postJson(`/api/admin/users/${id}/credit`, { credit_limit: 'x' })).status).toBe(403);
    expect((await demo.postJson(`/api/admin/users/${id}/review`, { is_passed: 9 })).status).toBe(401);
    const service = await operatorLogin(t.app, 'service');
    expect((await service.postJson(`/api/admin/users/${id}/review`, { is_passed: 1 })).status).toBe(403);
    expect((await t.db.select().from(users).where(eq(users.id, id)))[0].isPassed).toBe(0);
  });

  it('finds buyers by keyword, review state and licences about to expire', async () => {
    const qa = await operatorLogin(t.app, 'qa');
    const waiting = (await qa.get('/api/admin/users?is_passed=0&submitted=1')).body.data;
    expect(waiting.data.map((u: { username: string }) => u.username)).toContain('pending');
    expect(waiting.data.every((u: { is_passed: number }) => u.is_passed === 0)).toBe(true);
    const byName = (await qa.get(`/api/admin/users?keyword=${encodeURIComponent('康泰')}`)).body.data;
    expect(byName.data.map((u: { username: string }) => u.username).sort()).toEqual(['chain', 'chain-a', 'chain-b']);
    // demo's business licence expires in 25 days.
    const expiring = (await qa.get('/api/admin/users?expiring=30')).body.data;
    expect(expiring.data.map((u: { username: string }) => u.username)).toContain('demo');
    expect(expiring.data.map((u: { username: string }) => u.username)).not.toContain('chain');
    expect((await qa.get('/api/admin/users?is_passed=7')).status).toBe(422);
    expect((await qa.get('/api/admin/users/999999')).status).toBe(404);
    expect((await qa.get('/api/admin/users/abc')).status).toBe(422);
  });

  it('approves the waiting clinic with the scope it declared: it sees prices and may buy at once', async () => {
    const id = await userId('pending');
    const clinic = await loginAs(t.app, 'pending');
    const g = await goodsOfScope('化学药制剂');
    expect((await clinic.get(`/api/goods/detail/${g.id}`)).body.data.base_price).toBeNull();
    const qa = await operatorLogin(t.app, 'qa');
    const detail = (await qa.get(`/api/admin/users/${id}`)).body.data;
    expect(detail.licences.length).toBeGreaterThanOrEqual(3);
    expect(detail.jyfw.map((s: { name: string }) => s.name)).toContain('化学药制剂');

    const missingReason = await qa.postJson(`/api/admin/users/${id}/review`, { is_passed: 2, reason: '' });
    expect(missingReason.status).toBe(422);
    expect(missingReason.body.message).toBe('驳回时请填写驳回原因');

    const approved = await qa.postJson(`/api/admin/users/${id}/review`, { is_passed: 1 });
    expect(approved.body.code).toBe(10000);
    expect(approved.body.data).toMatchObject({ is_passed: 1, scope_ids: detail.jyfw.map((s: { id: number }) => s.id) });
    expect(approved.body.data.licences.every((l: { status: number }) => l.status === 1)).toBe(true);
    // The buyer's very next request sees prices and may add to the cart.
    expect((await clinic.get(`/api/goods/detail/${g.id}`)).body.data.base_price).not.toBeNull();
    expect((await clinic.get('/api/user/base')).body.data).toMatchObject({ is_passed: 1, scope_ids: approved.body.data.scope_ids });
    expect((await clinic.post('/api/cart', { params: [line(g)] })).body.code).toBe(10000);
    // A clinic did not declare devices: they stay outside its scope.
    const device = await goodsOfScope('医疗器械');
    const refused = await clinic.post('/api/cart', { params: [line(device)] });
    expect(refused.body.message).toBe(`${device.name}超出经营范围，不能采购`);
    const [message] = await t.db.select().from(messages).where(eq(messages.userId, id)).orderBy(desc(messages.id)).limit(1);
    expect(message.title).toBe('资质审核通过');
    const audit = await lastAudit('user.approve');
    expect(audit).toMatchObject({ permission: 'user:review', targetType: 'user', targetId: String(id) });
    expect(audit.before).toMatchObject({ is_passed: 0 });
    expect(audit.after).toMatchObject({ is_passed: 1 });
  });

  it('rejects a new pharmacy with a reason its owner reads on 资质证照 and in a message', async () => {
    const phone = '13900001234';
    await t.db.insert(users).values({
      username: 'newshop',
      phone,
      passwordHash: 'x',
      company: '杭州新开大药房',
      companyType: '单体药店',
      registerStep: 3,
      jyfw: [await scopeId('化学药制剂')],
    });
    const id = await userId('newshop');
    await t.db.insert(licences).values({ userId: id, type: 'yyzz', number: '91330100X', validUntil: '2030-01-01', image: '/api/img/licence.svg?t=yyzz' });
    const qa = await operatorLogin(t.app, 'qa');
    const reason = '证照图片不清晰，无法辨认';
    const res = await qa.postJson(`/api/admin/users/${id}/review`, { is_passed: 2, reason });
    expect(res.body.data).toMatchObject({ is_passed: 2, reject_reason: reason });
    expect(res.body.data.licences[0]).toMatchObject({ status: 2, remark: reason });
    const [message] = await t.db.select().from(messages).where(eq(messages.userId, id));
    expect(message.title).toBe('资质审核未通过');
    expect(message.content).toContain(reason);
    // An account that never uploaded its licences cannot be approved.
    await t.db.update(users).set({ registerStep: 2 }).where(eq(users.id, id));
    const early = await qa.postJson(`/api/admin/users/${id}/review`, { is_passed: 1 });
    expect(early.body.message).toContain('尚未完成注册');
    expect((await t.db.select().from(users).where(eq(users.id, id)))[0].isPassed).toBe(2);
  });

  it('keeps chain-b to its scope: the cart refuses, an older line is left out of the order, and widening the scope lets it buy', async () => {
    const id = await userId('chain-b');
    const store = await loginAs(t.app, 'chain-b');
    const device = await goodsOfScope('医疗器械');
    const refused = await store.post('/api/cart', { params: [line(device)] });
    expect(refused.body.message).toContain('超出经营范围');
    expect((await store.get('/api/cart/total')).body.data.total).toBe(0);

    const admin = await operatorLogin(t.app, 'admin');
    const before = (await admin.get(`/api/admin/users/${id}`)).body.data;
    const flags = {
      is_special: before.is_special,
      is_show_youx: before.is_show_youx,
      is_can_chat: before.is_can_chat,
      is_AfterSale: before.is_AfterSale,
      may_buy_ephedrine: 1,
      rank: before.rank,
    };
    const wider = await admin.postJson(`/api/admin/users/${id}`, { ...flags, scope_ids: [...before.scope_ids, await scopeId('医疗器械')] });
    expect(wider.body.code).toBe(10000);
    expect((await store.post('/api/cart', { params: [line(device)] })).body.code).toBe(10000);

    // The scope narrows again while the line waits in the cart: the cart says why and the order leaves it out.
    await admin.postJson(`/api/admin/users/${id}`, { ...flags, scope_ids: before.scope_ids });
    const [listed] = (await store.get('/api/cart/list')).body.data.list;
    expect(listed.excluded).toEqual({ reason: 'out_of_scope', message: '超出经营范围' });
    const address = ((await store.get('/api/address')).body.data as { id: number }[])[0].id;
    const order = await store.post('/api/order', { address_id: address });
    expect(order.body.code).not.toBe(10000);
    expect(order.body.message).toContain('超出经营范围');
    expect((await admin.postJson(`/api/admin/users/${id}`, { ...flags, scope_ids: [987654] })).body.message).toBe('经营范围不正确');
    expect((await lastAudit('user.update')).after).toMatchObject({ scope_ids: before.scope_ids });
  });

  it('withdraws the ephedrine right: goods containing ephedrine are refused', async () => {
    const id = await userId('chain-a');
    const [eph] = await t.db
      .select()
      .from(goods)
      .where(and(eq(goods.isEphedrine, true), eq(goods.isOnSale, true), eq(goods.isBuy, true), eq(goods.isKx, false), gt(goods.number, 100)))
      .limit(1);
    expect(eph, 'the seed has goods containing ephedrine').toBeDefined();
    const admin = await operatorLogin(t.app, 'admin');
    const d = (await admin.get(`/api/admin/users/${id}`)).body.data;
    await admin.postJson(`/api/admin/users/${id}`, {
      is_special: d.is_special,
      is_show_youx: 1,
      is_can_chat: 0,
      is_AfterSale: 1,
      may_buy_ephedrine: 0,
      rank: '金牌会员',
      scope_ids: d.scope_ids,
    });
    const store = await loginAs(t.app, 'chain-a');
    expect((await store.post('/api/cart', { params: [line(eph)] })).body.message).toBe(`${eph.name}未开通含麻药品采购权限，不能采购`);
    expect((await store.get('/api/user/base')).body.data).toMatchObject({ may_buy_ephedrine: 0, rank: '金牌会员' });
  });

  it('sets the dedicated service contacts, with exactly one default', async () => {
    const id = await userId('chain');
    const admin = await operatorLogin(t.app, 'admin');
    const two = await admin.postJson(`/api/admin/users/${id}/contacts`, {
      contacts: [
        { name: '赵敏', phone: '13957100009', is_default: 1 },
        { name: '钱多', phone: '13957100008', is_default: 1 },
      ],
    });
    expect(two.status).toBe(422);
    expect(two.body.message).toBe('请指定一位默认客服');
    const res = await admin.postJson(`/api/admin/users/${id}/contacts`, {
      contacts: [
        { name: '赵敏', phone: '13957100009', is_default: 1 },
        { name: '钱多', phone: '13957100008', is_default: 0 },
      ],
    });
    expect(res.body.data.contacts).toEqual([
      expect.objectContaining({ name: '赵敏', is_default: 1 }),
      expect.objectContaining({ name: '钱多', is_default: 0 }),
    ]);
    const chain = await loginAs(t.app, 'chain');
    const base = (await chain.get('/api/user/base')).body.data;
    expect(base.admin.map((c: { name: string }) => c.name)).toEqual(expect.arrayContaining(['赵敏', '钱多']));
    expect((await lastAudit('user.contacts')).after).toEqual({ contacts: ['赵敏 13957100009（默认）', '钱多 13957100008'] });
  });

  it('adjusts balance, red packet and points through the ledger, never below zero', async () => {
    const id = await userId('chain-a');
    const finance = await operatorLogin(t.app, 'finance');
    const before = (await finance.get(`/api/admin/users/${id}/wallet`)).body.data;
    const up = await finance.postJson(`/api/admin/users/${id}/wallet/adjust`, { instrument: 'balance', amount: '100.50', reason: '线下退款补入' });
    expect(up.body.code).toBe(10000);
    expect(Number(up.body.data.balance) * 100).toBeCloseTo(Number(before.balance) * 100 + 10050, 0);
    expect(up.body.data.ledger[0]).toMatchObject({ instrument: 'balance', amount: '100.50', kind: 'adjust' });
    expect(up.body.data.ledger[0].memo).toContain('线下退款补入');

    const tooMuch = await finance.postJson(`/api/admin/users/${id}/wallet/adjust`, { instrument: 'balance', amount: '-99999999', reason: '误操作测试' });
    expect(tooMuch.body.message).toBe('账户余额不足');
    expect((await finance.get(`/api/admin/users/${id}/wallet`)).body.data.balance).toBe(up.body.data.balance);
    // Past what an account may hold, or take away more points than any account has: refused, nothing written.
    const huge = await finance.postJson(`/api/admin/users/${id}/wallet/adjust`, { instrument: 'red_packet', amount: '999999999', reason: '误操作测试' });
    expect(huge.body.message).toBe('金额过大，超出账户可保存的上限');
    const noPoints = await finance.postJson(`/api/admin/users/${id}/wallet/adjust`, { instrument: 'points', amount: '-999999999', reason: '误操作测试' });
    expect(noPoints.body.message).toBe('积分不足');
    const unchanged = (await finance.get(`/api/admin/users/${id}/wallet`)).body.data;
    expect([unchanged.balance, unchanged.red_packet, unchanged.points]).toEqual([up.body.data.balance, before.red_packet, before.points]);

    expect((await finance.postJson(`/api/admin/users/${id}/wallet/adjust`, { instrument: 'points', amount: '1.5', reason: '活动补发' })).body.message).toBe(
      '积分须为整数',
    );
    expect((await finance.postJson(`/api/admin/users/${id}/wallet/adjust`, { instrument: 'balance', amount: '1.234', reason: '活动补发' })).status).toBe(422);
    expect((await finance.postJson(`/api/admin/users/${id}/wallet/adjust`, { instrument: 'balance', amount: '5', reason: '' })).body.message).toBe(
      '请填写调整原因',
    );
    const points = await finance.postJson(`/api/admin/users/${id}/wallet/adjust`, { instrument: 'points', amount: '200', reason: '活动补发' });
    expect(points.body.data.points).toBe(before.points + 200);
    const red = await finance.postJson(`/api/admin/users/${id}/wallet/adjust`, { instrument: 'red_packet', amount: '20', reason: '活动补发' });
    expect(red.body.data.red_packet).toBe((Number(before.red_packet) + 20).toFixed(2));

    // Every instrument adds up to its ledger.
    const [w] = await t.db.select().from(wallets).where(eq(wallets.userId, id));
    const sums = await t.db
      .select({ instrument: ledger.instrument, total: sql<number>`coalesce(sum(${ledger.amount}), 0)::int` })
      .from(ledger)
      .where(eq(ledger.userId, id))
      .groupBy(ledger.instrument);
    const sum = (i: string) => sums.find((s) => s.instrument === i)?.total ?? 0;
    expect(sum('balance')).toBe(w.balance);
    expect(sum('red_packet')).toBe(w.redPacket);
    const audit = await lastAudit('wallet.adjust');
    expect(audit).toMatchObject({ permission: 'wallet:adjust', targetId: String(id) });
    expect(audit.after).toMatchObject({ red_packet: red.body.data.red_packet, reason: '活动补发' });
  });

  it('sets the credit line and credit days, never below the credit in use', async () => {
    const id = await userId('demo');
    const finance = await operatorLogin(t.app, 'finance');
    const w = (await finance.get(`/api/admin/users/${id}/wallet`)).body.data;
    expect(Number(w.credit_used)).toBeGreaterThan(0);
    const below = await finance.postJson(`/api/admin/users/${id}/credit`, { credit_limit: '1.00', credit_days: 30 });
    expect(below.body.message).toContain('账期额度不能低于已使用的额度');
    const res = await finance.postJson(`/api/admin/users/${id}/credit`, { credit_limit: '150000', credit_days: 45 });
    expect(res.body.data).toMatchObject({ credit_limit: '150000.00', credit_days: 45 });
    const demo = await loginAs(t.app, 'demo');
    const credit = await demo.get('/api/user/user_credit');
    expect(credit.body.data).toMatchObject({ credit_limit: '150000.00', credit_days: 45 });
    expect((await finance.postJson(`/api/admin/users/${id}/credit`, { credit_limit: '150000', credit_days: 400 })).body.message).toBe('账期天数为1-180天');
    const warehouse = await operatorLogin(t.app, 'warehouse');
    expect((await warehouse.postJson(`/api/admin/users/${id}/credit`, { credit_limit: '1', credit_days: 30 })).status).toBe(403);
    expect((await lastAudit('wallet.credit')).after).toEqual({ credit_limit: '150000.00', credit_days: 45 });
  });
});
