/**
 * 营销活动 › 积分商城 and 积分订单 as operators use them: who may, goods created, edited and taken off the shelf
 * and seen by buyers at once, the redemption records with their filters, and shipping a physical order that the
 * buyer then reads with its carrier and tracking number, or cancelling one, which gives its points and cash back.
 * Every write is in the audit log.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, count, eq } from 'drizzle-orm';
import { okOf } from '../../../core/schemas/envelope.js';
import { AdminPointsGoodsPage, AdminPointsOrderPage } from '../../../core/schemas/points.js';
import { addresses, auditLog, coupons, ledger, messages, pointsGoods, pointsOrders, users, wallets } from '../../db/schema/index.js';
import { undeclared } from '../../http/serializer.js';
import { agent, buildTestApp, dbLabel, DEMO_PAY_PASSWORD, loginAs, operatorLogin, type TestApp } from '../../testing.js';

let t: TestApp;
let ops: Awaited<ReturnType<typeof operatorLogin>>;
let warehouse: Awaited<ReturnType<typeof operatorLogin>>;
let buyer: ReturnType<typeof agent>;
let buyerId: number;

beforeAll(async () => {
  t = await buildTestApp({ goods: 100, config: { RATE_LIMIT_FACTOR: 100 } });
  [ops, warehouse] = await Promise.all([operatorLogin(t.app, 'ops'), operatorLogin(t.app, 'warehouse')]);
  buyer = await loginAs(t.app, 'chain');
  [{ id: buyerId }] = await t.db.select({ id: users.id }).from(users).where(eq(users.username, 'chain'));
});
afterAll(async () => t?.close());

const form = {
  name: '医用棉签 200支',
  kind: 'physical',
  picture: '/api/img/goods.svg?n=医用棉签&f=box',
  description: '独立包装，门店换药常用。',
  points: 80,
  cash: '0',
  stock: 40,
  per_user: 2,
  sort: 0,
  is_show: 1,
};
const audits = async (action: string) => (await t.db.select({ n: count() }).from(auditLog).where(eq(auditLog.action, action)))[0].n;
const shelfNames = async () => ((await buyer.get('/api/points/goods?page=1')).body.data.data as { name: string }[]).map((g) => g.name);

describe(`the console's points mall on ${dbLabel}`, () => {
  it('lets only promotion:write in', async () => {
    expect((await agent(t.app).get('/api/admin/points/goods')).status).toBe(401);
    expect((await buyer.get('/api/admin/points/goods')).status).toBe(401);
    expect((await warehouse.get('/api/admin/points/goods')).status).toBe(403);
    expect((await warehouse.post('/api/admin/points/goods', form)).status).toBe(403);
    expect((await warehouse.get('/api/admin/points/orders')).status).toBe(403);
    const list = await ops.get('/api/admin/points/goods');
    expect(undeclared(list.body, okOf(AdminPointsGoodsPage).parse(list.body))).toEqual([]);
    expect(list.body.data.total).toBe(12);
    const coupon = list.body.data.data.find((g: { name: string }) => g.name === '10元无门槛券');
    expect(coupon).toMatchObject({ kind: 'coupon', coupon_name: '积分兑换10元无门槛券', is_show: 1 });
  });

  it('creates goods buyers see at once, edits them, takes them off the shelf, and logs each write', async () => {
    await shelfNames(); // the shelf is now kept for everyone
    const created = await ops.post('/api/admin/points/goods', form);
    expect(created.body.data).toMatchObject({ name: form.name, kind_text: '实物商品', points: 80, stock: 40, per_user: 2, is_show: 1 });
    const id = created.body.data.id;
    expect(await shelfNames()).toContain(form.name);

    const edited = await ops.post(`/api/admin/points/goods/${id}`, { ...form, name: '医用棉签 200支装', points: 90, cash: '1.50' });
    expect(edited.body.data).toMatchObject({ name: '医用棉签 200支装', points: 90, cash: '1.50' });
    const seen = (await buyer.get(`/api/points/goods/${id}`)).body.data;
    expect(seen).toMatchObject({ name: '医用棉签 200支装', points: 90, cash: '1.50' });

    expect((await ops.post(`/api/admin/points/goods/${id}/show`, { is_show: 0 })).body.data.is_show).toBe(0);
    expect(await shelfNames()).not.toContain('医用棉签 200支装');
    expect((await buyer.get(`/api/points/goods/${id}`)).status).toBe(404);
    expect(await audits('points_goods.create')).toBe(1);
    expect(await audits('points_goods.update')).toBe(1);
    expect(await audits('points_goods.show')).toBe(1);
    const [row] = await t.db.select().from(auditLog).where(eq(auditLog.action, 'points_goods.update'));
    expect(row).toMatchObject({ permission: 'promotion:write', targetId: String(id), before: { name: form.name, points: 80 } });
  });

  it('creates coupon and red packet goods that credit the wallet, and refuses what cannot work on its field, writing nothing', async () => {
    const before = (await t.db.select({ n: count() }).from(pointsGoods))[0].n;
    const [template] = await t.db.select({ id: coupons.id }).from(coupons).where(eq(coupons.name, '积分兑换满500减30券'));
    const cases: [Record<string, unknown>, string][] = [
      [{ name: '' }, 'name'],
      [{ kind: 'car' }, 'kind'],
      [{ points: 0 }, 'points'],
      [{ cash: '-1' }, 'cash'],
      [{ stock: -1 }, 'stock'],
      [{ picture: 'javascript:alert(1)' }, 'picture'],
      [{ kind: 'coupon' }, 'coupon_id'],
      [{ kind: 'coupon', coupon_id: 99_999_999 }, 'coupon_id'],
      [{ kind: 'red_packet', red_packet: '0' }, 'red_packet'],
    ];
    for (const [change, field] of cases) {
      const res = await ops.post('/api/admin/points/goods', { ...form, ...change });
      expect(res.status, field).toBe(422);
      expect(Object.keys(res.body.data.errors), field).toContain(field);
      expect(res.body.message).toMatch(/[\u4e00-\u9fa5]/);
    }
    expect((await t.db.select({ n: count() }).from(pointsGoods))[0].n).toBe(before);

    const coupon = await ops.post('/api/admin/points/goods', { ...form, name: '满500减30券 积分专享', kind: 'coupon', coupon_id: template.id });
    expect(coupon.body.data).toMatchObject({ kind: 'coupon', coupon_id: template.id, coupon_name: '积分兑换满500减30券' });
    const packet = await ops.post('/api/admin/points/goods', { ...form, name: '8元账户红包', kind: 'red_packet', red_packet: '8' });
    expect(packet.body.data).toMatchObject({ kind: 'red_packet', red_packet: '8.00', coupon_id: null });
    const shown = (await buyer.get(`/api/points/goods/${packet.body.data.id}`)).body.data;
    expect(shown.gives).toBe('¥8.00 账户红包');
    const changeKind = await ops.post(`/api/admin/points/goods/${packet.body.data.id}`, { ...form, kind: 'physical' });
    expect(changeKind.status).toBe(422);
    expect(changeKind.body.data.errors.kind).toEqual(['已创建的积分商品不能修改类型']);
  });

  it('lists the redemption records with their buyers and filters, and ships a physical one the buyer then reads as 已发货', async () => {
    const created = await ops.post('/api/admin/points/goods', { ...form, name: '电子血压计 发货测试', per_user: 0 });
    const [address] = await t.db.select({ id: addresses.id }).from(addresses).where(eq(addresses.userId, buyerId));
    const placed = await buyer.post('/api/points/order', { goods_id: created.body.data.id, number: 1, address_id: address.id });
    const order = placed.body.data.order;

    const list = await ops.get('/api/admin/points/orders?status=0');
    expect(undeclared(list.body, okOf(AdminPointsOrderPage).parse(list.body))).toEqual([]);
    expect(list.body.data.data[0]).toMatchObject({ id: order.id, company: '浙江康泰连锁药业有限公司', username: 'chain', status_text: '待发货' });
    expect((await ops.get(`/api/admin/points/orders?keyword=${encodeURIComponent('康泰')}`)).body.data.data.map((o: { id: number }) => o.id)).toContain(
      order.id,
    );
    expect((await ops.get(`/api/admin/points/orders?keyword=${order.order_no}`)).body.data.total).toBe(1);
    const credited = (await ops.get('/api/admin/points/orders?kind=red_packet')).body.data.data;
    expect(credited.length).toBeGreaterThan(0);
    expect(credited.every((o: { kind: string; status: number }) => o.kind === 'red_packet' && o.status === 2)).toBe(true);
    expect((await ops.get('/api/admin/points/orders?date_from=2026-13-01')).status).toBe(422);

    const bad = await ops.post(`/api/admin/points/orders/${order.id}/ship`, { carrier: '顺丰速运', tracking_no: '短' });
    expect(bad.status).toBe(422);
    const shipped = await ops.post(`/api/admin/points/orders/${order.id}/ship`, { carrier: '京东物流', tracking_no: 'JDX000123456789' });
    expect(shipped.body.data).toMatchObject({ status: 1, status_text: '已发货', carrier: '京东物流', tracking_no: 'JDX000123456789' });
    const again = await ops.post(`/api/admin/points/orders/${order.id}/ship`, { carrier: '京东物流', tracking_no: 'JDX000123456789' });
    expect(again.body.data.shipped_at).toBe(shipped.body.data.shipped_at);
    expect((await ops.post(`/api/admin/points/orders/${order.id}/ship`, { carrier: '顺丰速运', tracking_no: 'SF0000000001' })).body).toMatchObject({
      code: 400,
      message: '该订单已发货',
    });
    expect(await audits('points_order.ship')).toBe(1);

    const read = (await buyer.get(`/api/points/order/${order.id}`)).body.data;
    expect(read).toMatchObject({ status: 1, status_text: '已发货', carrier: '京东物流', tracking_no: 'JDX000123456789', can_receive: 1 });
    const told = await t.db
      .select()
      .from(messages)
      .where(and(eq(messages.userId, buyerId), eq(messages.title, '积分兑换商品已发货')));
    expect(told[0].content).toContain('JDX000123456789');

    const [packet] = await t.db
      .select()
      .from(pointsOrders)
      .where(and(eq(pointsOrders.kind, 'red_packet'), eq(pointsOrders.userId, buyerId)));
    expect((await ops.post(`/api/admin/points/orders/${packet.id}/ship`, { carrier: '顺丰速运', tracking_no: 'SF0000000001' })).body.code).toBe(400);
    expect((await ops.post('/api/admin/points/orders/99999999/ship', { carrier: '顺丰速运', tracking_no: 'SF0000000001' })).status).toBe(404);
    expect((await warehouse.post(`/api/admin/points/orders/${order.id}/ship`, { carrier: '顺丰速运', tracking_no: 'SF0000000001' })).status).toBe(403);
  });

  it('cancels a physical order waiting to ship: points and cash back through the ledger, stock and the limit restored, the buyer told why', async () => {
    const created = await ops.post('/api/admin/points/goods', { ...form, name: '体温计 取消测试', points: 60, cash: '2.50', stock: 3, per_user: 1 });
    const goodsId = created.body.data.id;
    const [address] = await t.db.select({ id: addresses.id }).from(addresses).where(eq(addresses.userId, buyerId));
    const holdings = async () => {
      const [u] = await t.db.select({ points: users.points }).from(users).where(eq(users.id, buyerId));
      const [w] = await t.db.select({ balance: wallets.balance }).from(wallets).where(eq(wallets.userId, buyerId));
      const [g] = await t.db.select({ stock: pointsGoods.stock, redeemed: pointsGoods.redeemed }).from(pointsGoods).where(eq(pointsGoods.id, goodsId));
      return { points: u.points, balance: w.balance, stock: g.stock, redeemed: g.redeemed };
    };
    const before = await holdings();
    const redeem = () => buyer.post('/api/points/order', { goods_id: goodsId, number: 1, address_id: address.id, pay_password: DEMO_PAY_PASSWORD });
    const placed = await redeem();
    expect(placed.body.code).toBe(10000);
    const order = placed.body.data.order;
    expect(await holdings()).toEqual({ points: before.points - 60, balance: before.balance - 250, stock: 2, redeemed: 1 });
    expect((await redeem()).body.code).not.toBe(10000); // the per-account limit of 1 is reached

    const empty = await ops.post(`/api/admin/points/orders/${order.id}/cancel`, { reason: '' });
    expect(empty.status).toBe(422);
    expect(Object.keys(empty.body.data.errors)).toContain('reason');
    expect((await warehouse.post(`/api/admin/points/orders/${order.id}/cancel`, { reason: '商品缺货' })).status).toBe(403);
    expect((await ops.post('/api/admin/points/orders/99999999/cancel', { reason: '商品缺货' })).status).toBe(404);
    expect((await holdings()).stock).toBe(2);

    // The buyer's session (with its points) is kept a few seconds: the cancelling drops it.
    expect((await buyer.get('/api/user/base')).body.data.points).toBe(before.points - 60);
    const cancelled = await ops.post(`/api/admin/points/orders/${order.id}/cancel`, { reason: '商品缺货，无法发货' });
    expect((await buyer.get('/api/user/base')).body.data.points).toBe(before.points);
    expect(cancelled.body.data).toMatchObject({ status: 3, status_text: '已取消', cancel_reason: '商品缺货，无法发货', can_receive: 0 });
    expect(await holdings()).toEqual(before);
    const back = await t.db
      .select({ instrument: ledger.instrument, amount: ledger.amount, kind: ledger.kind })
      .from(ledger)
      .where(and(eq(ledger.refType, 'points_order'), eq(ledger.refId, order.id), eq(ledger.kind, 'refund')));
    expect(back.sort((a, b) => a.instrument.localeCompare(b.instrument))).toEqual([
      { instrument: 'balance', amount: 250, kind: 'refund' },
      { instrument: 'points', amount: 60, kind: 'refund' },
    ]);
    const again = await ops.post(`/api/admin/points/orders/${order.id}/cancel`, { reason: '再取消一次' });
    expect(again.body.data).toMatchObject({ status: 3, cancel_reason: '商品缺货，无法发货' });
    expect(await holdings()).toEqual(before);
    expect(await audits('points_order.cancel')).toBe(1);
    expect((await ops.post(`/api/admin/points/orders/${order.id}/ship`, { carrier: '顺丰速运', tracking_no: 'SF0000000002' })).body.code).toBe(400);

    const read = (await buyer.get(`/api/points/order/${order.id}`)).body.data;
    expect(read).toMatchObject({ status: 3, status_text: '已取消', cancel_reason: '商品缺货，无法发货' });
    expect(read.trace.map((s: { title: string }) => s.title)).toEqual(['兑换成功', '已取消']);
    expect((await buyer.get('/api/points/order?status=3')).body.data.data.map((o: { id: number }) => o.id)).toContain(order.id);
    const [told] = await t.db
      .select()
      .from(messages)
      .where(and(eq(messages.userId, buyerId), eq(messages.title, '积分兑换订单已取消')));
    expect(told.content).toContain('商品缺货，无法发货');
    expect(told.content).toContain('60 积分和 ¥2.50 余额');

    // The cancelled unit no longer counts against the limit of 1.
    expect((await redeem()).body.code).toBe(10000);

    const [packet] = await t.db
      .select()
      .from(pointsOrders)
      .where(and(eq(pointsOrders.kind, 'red_packet'), eq(pointsOrders.userId, buyerId)));
    expect((await ops.post(`/api/admin/points/orders/${packet.id}/cancel`, { reason: '不要了' })).body).toMatchObject({ code: 400 });
  });
});
