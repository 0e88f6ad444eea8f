/**
 * The points mall: guests look, approved buyers redeem; points, cash, stock, coupons and red packets move once,
 * through the ledger, in one transaction; every refusal leaves everything as it was; concurrent redemptions never
 * take points or stock below zero; a buyer reads only their own orders and confirms receipt once shipped.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, count, eq, sql } from 'drizzle-orm';
import { okOf } from '../../../core/schemas/envelope.js';
import { PointsGoodsDetail, PointsMall, PointsOrderDetail, PointsOrderPage, PointsRedeemed } from '../../../core/schemas/points.js';
import { addresses, ledger, pointsGoods, pointsOrders, userCoupons, users, wallets } from '../../db/schema/index.js';
import { undeclared } from '../../http/serializer.js';
import { hashPassword } from '../../lib/passwords.js';
import { seedBuyers } from '../../seed/trade.js';
import { agent, buildTestApp, dbLabel, DEMO_PAY_PASSWORD, loginAs, operatorLogin, type TestApp } from '../../testing.js';
import { move } from '../wallet/ledger.js';
import { ADDRESS_NEEDED, GOODS_GONE, GOODS_OFF_SHELF, NOT_SHIPPED, REDEEM_NOT_APPROVED } from './service.js';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp({ goods: 100, config: { RATE_LIMIT_FACTOR: 1000 } });
});
afterAll(async () => t?.close());

let made = 0;
/** A points goods on the shelf: physical, 100 points, 50 left, no limit, unless told otherwise. */
async function goods(over: Partial<typeof pointsGoods.$inferInsert> = {}) {
  const [g] = await t.db
    .insert(pointsGoods)
    .values({ name: `测试积分商品${++made}`, kind: 'physical', picture: '/api/img/goods.svg?n=x', points: 100, stock: 50, ...over })
    .returning();
  return g;
}

const userId = async (username: string) => (await t.db.select({ id: users.id }).from(users).where(eq(users.username, username)))[0].id;
const pointsOf = async (id: number) => (await t.db.select({ p: users.points }).from(users).where(eq(users.id, id)))[0].p;
const walletOf = async (id: number) => (await t.db.select().from(wallets).where(eq(wallets.userId, id)))[0];
const stockOf = async (id: number) => (await t.db.select({ s: pointsGoods.stock, r: pointsGoods.redeemed }).from(pointsGoods).where(eq(pointsGoods.id, id)))[0];
const ordersOf = async (goodsId: number) => (await t.db.select({ n: count() }).from(pointsOrders).where(eq(pointsOrders.goodsId, goodsId)))[0].n;
const addressOf = async (id: number) => (await t.db.select({ id: addresses.id }).from(addresses).where(eq(addresses.userId, id)))[0].id;
/** Sets an account's points through the ledger, as an operator's adjustment would. */
async function setPoints(id: number, points: number) {
  const now = await pointsOf(id);
  if (now !== points) await t.db.transaction((tx) => move(tx, { userId: id, instrument: 'points', amount: points - now, kind: 'adjust', memo: '测试调整' }));
}
/** Everything a refusal must leave as it was. */
async function snapshot(userIdOf: number, goodsId: number) {
  const w = await walletOf(userIdOf);
  const [{ n }] = await t.db.select({ n: count() }).from(ledger).where(eq(ledger.userId, userIdOf));
  const [{ c }] = await t.db.select({ c: count() }).from(userCoupons).where(eq(userCoupons.userId, userIdOf));
  return {
    points: await pointsOf(userIdOf),
    balance: w.balance,
    redPacket: w.redPacket,
    ledger: n,
    coupons: c,
    stock: await stockOf(goodsId),
    orders: await ordersOf(goodsId),
  };
}

describe(`the points mall on ${dbLabel}`, () => {
  it('shows a guest the goods on the shelf, exactly as core/schemas/points.ts declares them, and not those taken off', async () => {
    const off = await goods({ name: '已下架的积分商品', isShow: false });
    const { body } = await agent(t.app).get('/api/points/goods?page=1');
    expect(undeclared(body, okOf(PointsMall).parse(body))).toEqual([]);
    expect(body.data.points).toBeNull();
    const names = body.data.data.map((g: { name: string }) => g.name);
    expect(names).toEqual(expect.arrayContaining(['医用外科口罩 50只/盒', '10元无门槛券', '5元账户红包']));
    expect(names).not.toContain(off.name);
    const coupon = body.data.data.find((g: { name: string }) => g.name === '10元无门槛券');
    expect(coupon).toMatchObject({ kind: 'coupon', kind_text: '优惠券', points: 300, cash: '0.00', gives: '10元无门槛', mine: 0, state: 0 });
    const gone = body.data.data.find((g: { name: string }) => g.name === '指夹式血氧仪');
    expect(gone).toMatchObject({ stock: 0, state: 1, state_text: '已兑完', cash: '19.90' });

    const coupons = (await agent(t.app).get('/api/points/goods?kind=coupon')).body.data.data;
    expect(coupons.length).toBeGreaterThan(0);
    expect(coupons.every((g: { kind: string }) => g.kind === 'coupon')).toBe(true);

    const detail = await agent(t.app).get(`/api/points/goods/${coupon.id}`);
    expect(undeclared(detail.body, okOf(PointsGoodsDetail).parse(detail.body))).toEqual([]);
    expect(detail.body.data.description).toContain('优惠券');
    expect((await agent(t.app).get(`/api/points/goods/${off.id}`)).status).toBe(404);
    expect((await agent(t.app).get('/api/points/goods?kind=car')).status).toBe(422);
  });

  it('lets demo redeem a physical goods: the points leave through one ledger row, the stock goes down and the order waits to ship', async () => {
    const g = await goods({ points: 120, stock: 10, perUser: 3 });
    const id = await userId('demo');
    const before = await pointsOf(id);
    const demo = await loginAs(t.app, 'demo');
    const address = await addressOf(id);
    const res = await demo.post('/api/points/order', { goods_id: g.id, number: 2, address_id: address });
    expect(res.body.code).toBe(10000);
    expect(undeclared(res.body, okOf(PointsRedeemed).parse(res.body))).toEqual([]);
    expect(res.body.data).toMatchObject({ points: before - 240, already: 0, goods: { id: g.id, stock: 8, mine: 2, state: 0 } });
    expect(res.body.data.order).toMatchObject({ number: 2, points: 240, status: 0, status_text: '待发货', can_receive: 0 });
    expect(res.body.data.order.address).toMatch(/^浙江省杭州市/);
    expect(await pointsOf(id)).toBe(before - 240);
    expect(await stockOf(g.id)).toEqual({ s: 8, r: 2 });
    const rows = await t.db
      .select()
      .from(ledger)
      .where(and(eq(ledger.refType, 'points_order'), eq(ledger.refId, res.body.data.order.id)));
    expect(rows).toMatchObject([{ instrument: 'points', amount: -240, balanceAfter: before - 240, kind: 'exchange' }]);

    const log = (await demo.get('/api/user/user_money_log?instrument=points')).body.data.data[0];
    expect(log).toMatchObject({ amount: -240, kind_text: '积分兑换' });
    const list = await demo.get('/api/points/order?status=0');
    expect(undeclared(list.body, okOf(PointsOrderPage).parse(list.body))).toEqual([]);
    expect(list.body.data.data[0]).toMatchObject({ id: res.body.data.order.id, goods_name: g.name });
    expect(list.body.data.counts.to_ship).toBeGreaterThan(0);
    const mine = (await demo.get(`/api/points/goods/${g.id}`)).body.data;
    expect(mine).toMatchObject({ mine: 2, stock: 8 });
  });

  it('credits a coupon goods to 我的钱包-优惠券 and a red packet goods to 账户红包 at once; those orders are complete', async () => {
    const id = await userId('demo');
    await setPoints(id, 2000);
    const demo = await loginAs(t.app, 'demo');
    const shelf = (await demo.get('/api/points/goods')).body.data.data as { id: number; name: string }[];
    const coupon = shelf.find((g) => g.name === '10元无门槛券')!;
    const packet = shelf.find((g) => g.name === '5元账户红包')!;

    const heldBefore = (await demo.get('/api/user/coupon?status=0')).body.data.counts.unused;
    const c = await demo.post('/api/points/order', { goods_id: coupon.id, number: 2 });
    expect(c.body.data.order).toMatchObject({ status: 2, status_text: '已完成', credited: '积分兑换10元无门槛券（10元无门槛）×2' });
    expect(c.body.data.order.trace.map((s: { title: string }) => s.title)).toEqual(['兑换成功', '已到账']);
    const held = (await demo.get('/api/user/coupon?status=0')).body.data;
    expect(held.counts.unused).toBe(heldBefore + 2);
    expect(held.data.filter((x: { name: string }) => x.name === '积分兑换10元无门槛券')).toHaveLength(2);

    const redBefore = (await walletOf(id)).redPacket;
    const r = await demo.post('/api/points/order', { goods_id: packet.id, number: 3 });
    expect(r.body.data.order).toMatchObject({ status: 2, credited: '¥15.00 账户红包' });
    expect((await walletOf(id)).redPacket).toBe(redBefore + 1500);
    const rows = await t.db
      .select({ instrument: ledger.instrument, amount: ledger.amount })
      .from(ledger)
      .where(and(eq(ledger.refType, 'points_order'), eq(ledger.refId, r.body.data.order.id)));
    expect(rows.sort((a, b) => a.instrument.localeCompare(b.instrument))).toEqual([
      { instrument: 'points', amount: -600 },
      { instrument: 'red_packet', amount: 1500 },
    ]);
    expect(await pointsOf(id)).toBe(2000 - 600 - 600);
  });

  it('takes the cash part from the balance only with the payment password, with its own ledger row', async () => {
    const g = await goods({ points: 50, cash: 3_900 });
    const id = await userId('demo');
    const demo = await loginAs(t.app, 'demo');
    const address = await addressOf(id);
    const before = await snapshot(id, g.id);
    const missing = await demo.post('/api/points/order', { goods_id: g.id, number: 1, address_id: address });
    expect(missing.body).toMatchObject({ code: 400, message: '请输入支付密码' });
    const wrong = await demo.post('/api/points/order', { goods_id: g.id, number: 1, address_id: address, pay_password: '246813' });
    expect(wrong.status).toBe(422);
    expect(await snapshot(id, g.id)).toEqual(before);

    const paid = await demo.post('/api/points/order', { goods_id: g.id, number: 2, address_id: address, pay_password: DEMO_PAY_PASSWORD });
    expect(paid.body.data.order).toMatchObject({ points: 100, cash: '78.00' });
    expect((await walletOf(id)).balance).toBe(before.balance - 7_800);
    expect(await pointsOf(id)).toBe(before.points - 100);
    const cash = await t.db
      .select()
      .from(ledger)
      .where(and(eq(ledger.refType, 'points_order'), eq(ledger.refId, paid.body.data.order.id), eq(ledger.instrument, 'balance')));
    expect(cash).toMatchObject([{ amount: -7_800, kind: 'exchange' }]);
  });

  it('refuses a guest, an account not yet approved, bad input and every shortfall, changing nothing', async () => {
    const id = await userId('demo');
    await setPoints(id, 500);
    const demo = await loginAs(t.app, 'demo');
    const address = await addressOf(id);
    const g = await goods({ points: 100, stock: 3, perUser: 2 });
    const before = await snapshot(id, g.id);
    const post = (body: Record<string, unknown>) => demo.post('/api/points/order', { goods_id: g.id, number: 1, address_id: address, ...body });

    expect((await agent(t.app).post('/api/points/order', { goods_id: g.id, number: 1 })).status).toBe(401);
    const pending = await loginAs(t.app, 'pending');
    expect((await pending.post('/api/points/order', { goods_id: g.id, number: 1 })).body).toMatchObject({ code: 400, message: REDEEM_NOT_APPROVED });

    for (const bad of [{ number: 0 }, { number: 'two' }, { number: 100 }, { goods_id: 'abc' }, { address_id: '-1' }]) {
      const res = await post(bad);
      expect(res.status).toBe(422);
      expect(res.body.message).toMatch(/[\u4e00-\u9fa5]/);
    }
    const noAddress = await demo.post('/api/points/order', { goods_id: g.id, number: 1 });
    expect(noAddress.status).toBe(422);
    expect(noAddress.body.data.errors.address_id).toEqual([ADDRESS_NEEDED]);
    const chainAddress = await addressOf(await userId('chain'));
    expect((await post({ address_id: chainAddress })).status).toBe(404);
    expect((await post({ goods_id: 99_999_999 })).status).toBe(404);

    expect((await post({ number: 3 })).body).toMatchObject({ code: 400, message: '每个账户限兑2件，您已兑换0件' });
    const dear = await goods({ points: 100_000 });
    expect((await demo.post('/api/points/order', { goods_id: dear.id, number: 1, address_id: address })).body).toMatchObject({
      code: 400,
      message: '积分不足',
    });
    const costly = await goods({ points: 1, cash: 900_000_000 });
    expect((await demo.post('/api/points/order', { goods_id: costly.id, number: 1, address_id: address, pay_password: DEMO_PAY_PASSWORD })).body).toMatchObject(
      { code: 400, message: '账户余额不足' },
    );
    const empty = await goods({ stock: 0 });
    expect((await demo.post('/api/points/order', { goods_id: empty.id, number: 1, address_id: address })).body).toMatchObject({
      code: 400,
      message: GOODS_GONE,
    });
    const few = await goods({ stock: 2 });
    expect((await demo.post('/api/points/order', { goods_id: few.id, number: 3, address_id: address })).body).toMatchObject({
      code: 400,
      message: '库存不足，仅剩2件',
    });
    await t.db.update(pointsGoods).set({ isShow: false }).where(eq(pointsGoods.id, g.id));
    expect((await post({})).body).toMatchObject({ code: 400, message: GOODS_OFF_SHELF });

    expect(await snapshot(id, g.id)).toEqual(before);
    for (const other of [dear, costly, empty, few]) expect(await ordersOf(other.id)).toBe(0);
    expect(await stockOf(few.id)).toEqual({ s: 2, r: 0 });
  });

  it('makes one order of a double post with the same request key', async () => {
    const id = await userId('chain');
    const chain = await loginAs(t.app, 'chain');
    const g = await goods({ points: 10, stock: 100 });
    const key = 'redeem-key-0123456789';
    const address = await addressOf(id);
    const before = await pointsOf(id);
    const posts = await Promise.all(
      Array.from({ length: 5 }, () => chain.post('/api/points/order', { goods_id: g.id, number: 1, address_id: address, request_key: key })),
    );
    expect(posts.every((a) => a.body.code === 10000)).toBe(true);
    expect(new Set(posts.map((a) => a.body.data.order.id)).size).toBe(1);
    expect(posts.filter((a) => a.body.data.already === 1)).toHaveLength(4);
    expect(await ordersOf(g.id)).toBe(1);
    expect(await pointsOf(id)).toBe(before - 10);
  });

  it('answers 404 for another account’s order; receipt is confirmed only once shipped, and only once', async () => {
    const chainId = await userId('chain');
    const chain = await loginAs(t.app, 'chain');
    const demo = await loginAs(t.app, 'demo');
    const g = await goods({ points: 10 });
    const placed = await chain.post('/api/points/order', { goods_id: g.id, number: 1, address_id: await addressOf(chainId) });
    const orderId = placed.body.data.order.id;
    expect((await demo.get(`/api/points/order/${orderId}`)).status).toBe(404);
    expect((await demo.post(`/api/points/order/${orderId}/receive`)).status).toBe(404);
    expect((await agent(t.app).get(`/api/points/order/${orderId}`)).status).toBe(401);
    expect((await chain.post(`/api/points/order/${orderId}/receive`)).body).toMatchObject({ code: 400, message: NOT_SHIPPED });
    expect((await chain.get('/api/points/order/abc')).status).toBe(422);

    const ops = await operatorLogin(t.app, 'ops');
    expect((await ops.post(`/api/admin/points/orders/${orderId}/ship`, { carrier: '顺丰速运', tracking_no: 'SF1234567890' })).body.code).toBe(10000);
    const shipped = await chain.get(`/api/points/order/${orderId}`);
    expect(undeclared(shipped.body, okOf(PointsOrderDetail).parse(shipped.body))).toEqual([]);
    expect(shipped.body.data).toMatchObject({ status: 1, status_text: '已发货', carrier: '顺丰速运', tracking_no: 'SF1234567890', can_receive: 1 });
    expect(shipped.body.data.trace.map((s: { title: string; text: string }) => s.title)).toEqual(['兑换成功', '已发货']);
    expect(shipped.body.data.trace[1].text).toBe('顺丰速运 运单号 SF1234567890');

    const received = await chain.post(`/api/points/order/${orderId}/receive`);
    expect(received.body.data).toMatchObject({ status: 2, status_text: '已完成', can_receive: 0 });
    const again = await chain.post(`/api/points/order/${orderId}/receive`);
    expect(again.body.data).toMatchObject({ status: 2, completed_at: received.body.data.completed_at });
    expect(again.body.data.trace.map((s: { title: string }) => s.title)).toEqual(['兑换成功', '已发货', '已完成']);
  });

  it('never takes points below zero when one buyer with points for 3 posts 50 redemptions at once', async () => {
    const id = await userId('chain');
    const g = await goods({ points: 70, stock: 1000 });
    await setPoints(id, 210);
    const chain = await loginAs(t.app, 'chain');
    const address = await addressOf(id);
    const answers = await Promise.all(Array.from({ length: 50 }, () => chain.post('/api/points/order', { goods_id: g.id, number: 1, address_id: address })));
    expect(answers.filter((a) => a.body.code === 10000)).toHaveLength(3);
    for (const a of answers.filter((x) => x.body.code !== 10000)) expect(a.body).toMatchObject({ code: 400, message: '积分不足' });
    expect(await pointsOf(id)).toBe(0);
    expect(await stockOf(g.id)).toEqual({ s: 997, r: 3 });
    const [{ n, total }] = await t.db
      .select({ n: count(), total: sql<number>`sum(${ledger.amount})`.mapWith(Number) })
      .from(ledger)
      .where(
        and(
          eq(ledger.userId, id),
          eq(ledger.instrument, 'points'),
          eq(ledger.refType, 'points_order'),
          sql`${ledger.refId} in (select id from points_orders where goods_id = ${g.id})`,
        ),
      );
    expect({ n, total }).toEqual({ n: 3, total: -210 });
  });

  it('hands out exactly the 5 left when 100 buyers redeem at once, each charged once through the ledger', async () => {
    const hash = await hashPassword('Demo@2026');
    const pay = await hashPassword(DEMO_PAY_PASSWORD);
    await seedBuyers(t.db, 100, { password: hash, payPassword: pay });
    const g = await goods({ points: 30, stock: 5, perUser: 1 });
    const buyers = [];
    for (let i = 1; i <= 100; i++) {
      const bid = await userId(`buyer${i}`);
      await setPoints(bid, 100);
      buyers.push({ id: bid, as: await loginAs(t.app, `buyer${i}`), address: await addressOf(bid) });
    }
    const answers = await Promise.all(buyers.map((b) => b.as.post('/api/points/order', { goods_id: g.id, number: 1, address_id: b.address })));
    const won = answers.filter((a) => a.body.code === 10000);
    expect(won).toHaveLength(5);
    for (const a of answers.filter((x) => x.body.code !== 10000)) expect(a.body).toMatchObject({ code: 400, message: GOODS_GONE });
    expect(await stockOf(g.id)).toEqual({ s: 0, r: 5 });
    expect(await ordersOf(g.id)).toBe(5);
    const spent = await Promise.all(buyers.map(async (b) => 100 - (await pointsOf(b.id))));
    expect(spent.filter((p) => p === 30)).toHaveLength(5);
    expect(spent.filter((p) => p === 0)).toHaveLength(95);
    const [{ n }] = await t.db
      .select({ n: count() })
      .from(ledger)
      .where(and(eq(ledger.refType, 'points_order'), sql`${ledger.refId} in (select id from points_orders where goods_id = ${g.id})`));
    expect(n).toBe(5);
  });
});
