/** From the cart to an order and its life: confirm, create, cancel, expire, receive, return, and the ledger. */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { and, asc, eq, gt, inArray, like, sql } from 'drizzle-orm';
import { brands, cartItems, goods, ledger, orderItems, orders, salesTally, userCoupons, users, wallets } from '../../db/schema/index.js';
import { agent, buildTestApp, dbLabel, DEMO_PAY_PASSWORD, loginAs, type TestApp } from '../../testing.js';
import { cancelExpiredOrders, completeShippedOrders } from './lifecycle.js';
import { foldSales, takeStocks } from '../catalogue/service.js';
import { LineType } from '../../../core/status.js';

let t: TestApp;
let demo: ReturnType<typeof agent>;
let demoId: number;
beforeAll(async () => {
  // Fifty buyers log in from one address in the rush test.
  t = await buildTestApp({ goods: 600, config: { RATE_LIMIT_FACTOR: 100 } });
  demo = await loginAs(t.app, 'demo');
  [{ id: demoId }] = await t.db.select({ id: users.id }).from(users).where(eq(users.username, 'demo'));
});
afterAll(async () => t?.close());
beforeEach(async () => {
  await t.db.delete(cartItems).where(eq(cartItems.userId, demoId));
});

const fen = (yuan: string) => Math.round(Number(yuan) * 100);

async function plainGoods(brand: string, n = 1) {
  const rows = await t.db
    .select({ g: goods })
    .from(goods)
    .innerJoin(brands, eq(brands.id, goods.brandId))
    .where(and(eq(brands.name, brand), eq(goods.isKx, false), eq(goods.isBuy, true), eq(goods.isEphedrine, false), gt(goods.number, 1000)))
    .orderBy(asc(goods.id))
    .limit(n);
  return rows.map((r) => r.g);
}

async function defaultAddress(a: ReturnType<typeof agent>) {
  return ((await a.get('/api/address')).body.data as { id: number }[])[0].id;
}

/** Every instrument's ledger adds up to the balance the account holds. */
async function expectLedgerConsistent(userId: number) {
  const [w] = await t.db.select().from(wallets).where(eq(wallets.userId, userId));
  const [u] = await t.db.select().from(users).where(eq(users.id, userId));
  const sums = await t.db
    .select({ instrument: ledger.instrument, total: sql<number>`coalesce(sum(${ledger.amount}), 0)::int` })
    .from(ledger)
    .where(eq(ledger.userId, userId))
    .groupBy(ledger.instrument);
  const of = (i: string) => Number(sums.find((s) => s.instrument === i)?.total ?? 0);
  expect(of('balance')).toBe(w?.balance ?? 0);
  expect(of('red_packet')).toBe(w?.redPacket ?? 0);
  expect(of('credit')).toBe(w?.creditUsed ?? 0);
  expect(of('points')).toBe(u.points);
  const last = await t.db.select().from(ledger).where(eq(ledger.userId, userId)).orderBy(asc(ledger.id));
  for (const instrument of ['balance', 'red_packet', 'credit', 'points']) {
    const rows = last.filter((r) => r.instrument === instrument);
    let running = 0;
    for (const r of rows) {
      running += r.amount;
      expect(r.balanceAfter).toBe(running);
      expect(r.balanceAfter).toBeGreaterThanOrEqual(0);
    }
  }
}

describe(`checkout on ${dbLabel}`, () => {
  it('confirms with the best coupon and the red packet, creates the order, takes the stock and empties those lines', async () => {
    const [a, b] = await plainGoods('华北制药', 2);
    const qa = Math.ceil(70_000 / a.basePrice / a.zbz) * a.zbz;
    await demo.post('/api/cart', {
      params: [
        { goods_id: a.id, number: qa },
        { goods_id: b.id, number: b.zbz },
      ],
    });
    const lines = (await demo.get('/api/cart/list')).body.data.list as { id: number; goods_id: number }[];
    await demo.post('/api/cart/checkout', { ids: lines.map((l) => l.id) });
    const none = (await demo.get('/api/cart/confirm?coupon_id=0')).body.data;
    expect(none.coupon).toBeNull();
    expect(none.total.coupon_amount).toBe('0.00');
    const c = (await demo.get('/api/cart/confirm?use_red_packet=1')).body.data;
    expect(c.groups).toHaveLength(1);
    expect(fen(c.total.pay_amount)).toBeLessThan(fen(none.total.pay_amount));
    expect(c.coupon).not.toBeNull();
    expect(c.coupons.find((x: { id: number }) => x.id === c.coupon.id).usable).toBe(true);
    expect(fen(c.red_packet.amount)).toBeGreaterThan(0);
    expect(c.address_id).toBeTruthy();
    const total = c.total;
    expect(fen(total.goods_amount) - fen(total.discount_amount) + fen(total.shipping_amount)).toBe(fen(total.pay_amount));

    const [stockA] = await t.db.select({ n: goods.number }).from(goods).where(eq(goods.id, a.id));
    const [walletBefore] = await t.db.select().from(wallets).where(eq(wallets.userId, demoId));
    const res = await demo.post('/api/order', { address_id: c.address_id, coupon_id: c.coupon.id, use_red_packet: 1, remark: '请周五前送达' });
    expect(res.body.code).toBe(10000);
    const [made] = res.body.data.orders;
    expect(res.body.data.next).toBe(`/cart/step3/${made.id}`);
    expect(made.pay_amount).toBe(total.pay_amount);
    const [after] = await t.db.select({ n: goods.number }).from(goods).where(eq(goods.id, a.id));
    expect(after.n).toBe(stockA.n - qa);
    expect((await demo.get('/api/cart/total')).body.data.total).toBe(0);
    const [held] = await t.db.select().from(userCoupons).where(eq(userCoupons.id, c.coupon.id));
    expect(held).toMatchObject({ status: 1, orderId: made.id });
    const [walletAfter] = await t.db.select().from(wallets).where(eq(wallets.userId, demoId));
    expect(walletBefore.redPacket - walletAfter.redPacket).toBe(fen(c.red_packet.amount));
    const detail = (await demo.get(`/api/order/${made.id}`)).body.data;
    expect(detail).toMatchObject({ status: 0, status_text: '待付款', remark: '请周五前送达', actions: { pay: 1, cancel: 1 } });
    const items = detail.items as { pay_amount: string; manjian_amount: string; coupon_amount: string }[];
    expect(items.reduce((s, i) => s + fen(i.pay_amount), 0) + fen(detail.amounts.shipping_amount)).toBe(fen(detail.amounts.pay_amount));
    expect(items.reduce((s, i) => s + fen(i.coupon_amount), 0)).toBe(fen(detail.amounts.coupon_amount));
    await expectLedgerConsistent(demoId);
  });

  it('cancels an unpaid order and gives stock, coupon and red packet back', async () => {
    const [g] = await plainGoods('石药');
    await demo.post('/api/cart', { params: [{ goods_id: g.id, number: Math.ceil(60_000 / g.basePrice / g.zbz) * g.zbz }] });
    const ids = ((await demo.get('/api/cart/list')).body.data.list as { id: number }[]).map((l) => l.id);
    await demo.post('/api/cart/checkout', { ids });
    const c = (await demo.get('/api/cart/confirm?use_red_packet=1')).body.data;
    const [before] = await t.db.select().from(goods).where(eq(goods.id, g.id));
    const [w0] = await t.db.select().from(wallets).where(eq(wallets.userId, demoId));
    expect(c.coupon, 'a ¥600 checkout of demo has a usable coupon').not.toBeNull();
    expect(fen(c.red_packet.amount)).toBeGreaterThan(0);
    const made = (await demo.post('/api/order', { address_id: c.address_id, coupon_id: c.coupon.id, use_red_packet: 1 })).body.data.orders[0];
    // Placing the order took stock, the coupon and the red packet ...
    const [taken] = await t.db.select().from(goods).where(eq(goods.id, g.id));
    expect(taken.number).toBeLessThan(before.number);
    const [wTaken] = await t.db.select().from(wallets).where(eq(wallets.userId, demoId));
    expect(w0.redPacket - wTaken.redPacket).toBe(fen(c.red_packet.amount));
    expect((await t.db.select().from(userCoupons).where(eq(userCoupons.id, c.coupon.id)))[0]).toMatchObject({ status: 1, orderId: made.id });
    // ... and cancelling gives each back.
    const cancelled = (await demo.post(`/api/order/${made.id}/cancel`, { reason: '地址填错了' })).body.data;
    expect(cancelled).toMatchObject({ status: 4, status_text: '已取消', cancel_reason: '地址填错了' });
    const [back] = await t.db.select().from(goods).where(eq(goods.id, g.id));
    expect(back.number).toBe(before.number);
    const [w1] = await t.db.select().from(wallets).where(eq(wallets.userId, demoId));
    expect(w1.redPacket).toBe(w0.redPacket);
    expect((await t.db.select().from(userCoupons).where(eq(userCoupons.id, c.coupon.id)))[0]).toMatchObject({ status: 0, orderId: null, orderNo: '' });
    expect((await demo.post(`/api/order/${made.id}/cancel`)).body.message).toBe('只有待付款的订单可以取消');
    await expectLedgerConsistent(demoId);
  });

  it('counts the units of an order in the goods’ sales at the next sweep, and takes them off when it is cancelled', async () => {
    const [g] = await plainGoods('石药');
    const units = g.zbz * 3;
    await foldSales(t.db);
    const salesOf = async () => (await t.db.select({ sales: goods.sales }).from(goods).where(eq(goods.id, g.id)))[0].sales;
    const before = await salesOf();
    await demo.post('/api/cart', { params: [{ goods_id: g.id, number: units }] });
    const ids = ((await demo.get('/api/cart/list')).body.data.list as { id: number }[]).map((l) => l.id);
    await demo.post('/api/cart/checkout', { ids });
    const made = (await demo.post('/api/order', { address_id: await defaultAddress(demo) })).body.data.orders[0];
    // Placing the order took stock at once; the sales follow at the sweep.
    expect(await salesOf()).toBe(before);
    expect(await foldSales(t.db)).toBeGreaterThanOrEqual(1);
    expect(await salesOf()).toBe(before + units);
    expect(await foldSales(t.db), 'a second sweep finds nothing to add').toBe(0);
    await demo.post(`/api/order/${made.id}/cancel`, { reason: '不需要了' });
    await foldSales(t.db);
    expect(await salesOf()).toBe(before);
  });

  it('puts the 买赠 gift in the order and takes its stock with the order’s, and leaves it out when its stock is short', async () => {
    const [g] = await plainGoods('白云山');
    const units = Math.ceil(40 / g.zbz) * g.zbz;
    const stockOf = async (id: number) => (await t.db.select({ n: goods.number }).from(goods).where(eq(goods.id, id)))[0].n;
    const place = async () => {
      await demo.post('/api/cart', { params: [{ goods_id: g.id, number: units }] });
      const ids = ((await demo.get('/api/cart/list')).body.data.list as { id: number }[]).map((l) => l.id);
      await demo.post('/api/cart/checkout', { ids });
      const res = await demo.post('/api/order', { address_id: await defaultAddress(demo) });
      expect(res.body.code, res.body.message).toBe(10000);
      return { items: await t.db.select().from(orderItems).where(eq(orderItems.orderId, res.body.data.orders[0].id)) };
    };
    const before = await stockOf(g.id);
    const { items } = await place();
    const gift = items.find((i) => i.type === LineType.gift);
    expect(gift, 'the order holds the gift').toBeDefined();
    expect(gift!.name).toContain('（赠品）');
    expect(gift!.payAmount).toBe(0);
    const taken = units + (gift!.goodsId === g.id ? gift!.number : 0);
    expect(await stockOf(g.id)).toBe(before - taken);
    if (gift!.goodsId !== g.id) expect(await stockOf(gift!.goodsId)).toBeGreaterThanOrEqual(0);

    // The gift's goods with fewer units than the gift: the order goes through without it.
    const giftGoods = gift!.goodsId;
    const reserve = giftGoods === g.id ? units : 0;
    await t.db
      .update(goods)
      .set({ number: reserve + gift!.number - 1 })
      .where(eq(goods.id, giftGoods));
    const second = await place();
    expect(second.items.some((i) => i.type === LineType.gift)).toBe(false);
    expect(await stockOf(giftGoods)).toBe(gift!.number - 1);
    await t.db.update(goods).set({ number: before }).where(eq(goods.id, g.id));
  });

  it('cancels orders unpaid after 24 hours, with their stock returned', async () => {
    const [g] = await plainGoods('哈药');
    await demo.post('/api/cart', { params: [{ goods_id: g.id, number: g.zbz }] });
    await demo.post('/api/cart/checkout', { ids: ((await demo.get('/api/cart/list')).body.data.list as { id: number }[]).map((l) => l.id) });
    const [before] = await t.db.select().from(goods).where(eq(goods.id, g.id));
    const made = (await demo.post('/api/order', { address_id: await defaultAddress(demo) })).body.data.orders[0];
    await t.db
      .update(orders)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(orders.id, made.id));
    expect(await cancelExpiredOrders(t.db)).toBeGreaterThanOrEqual(1);
    const [o] = await t.db.select().from(orders).where(eq(orders.id, made.id));
    expect(o).toMatchObject({ status: 4, cancelReason: '超时未付款，系统自动取消' });
    const [after] = await t.db.select().from(goods).where(eq(goods.id, g.id));
    expect(after.number).toBe(before.number);
  });

  it('asks for the e-contract before the first order (459) and takes the order once it is signed', async () => {
    const [u] = await t.db.select().from(users).where(eq(users.username, 'chain-b'));
    await t.db.update(users).set({ contractSignedAt: null }).where(eq(users.id, u.id));
    const store = await loginAs(t.app, 'chain-b');
    const [g] = await plainGoods('修正');
    await store.post('/api/cart', { params: [{ goods_id: g.id, number: g.zbz }] });
    const address = await defaultAddress(store);
    const first = await store.post('/api/order', { address_id: address });
    expect(first.status).toBe(200);
    expect(first.body).toMatchObject({ code: 459, message: '首次下单前请先签署电子合同' });
    expect((await store.get('/api/cart/total')).body.data.total).toBe(1);
    const contract = (await store.get('/api/contract')).body.data;
    expect(contract).toMatchObject({ signed: 0, title: '药采通平台药品采购服务协议' });
    expect((await store.post('/api/contract/sign')).body.data.signed).toBe(1);
    expect((await store.post('/api/order', { address_id: address })).body.code).toBe(10000);
  });

  it('puts goods containing ephedrine into an order of their own, paid by transfer only', async () => {
    const [eph] = await t.db
      .select()
      .from(goods)
      .where(and(eq(goods.isEphedrine, true), eq(goods.isBuy, true), eq(goods.isKx, false), gt(goods.number, 100)))
      .limit(1);
    if (!eph) throw new Error('the seed has buyable goods containing ephedrine');
    const [g] = await plainGoods('云南白药');
    await demo.post('/api/cart', {
      params: [
        { goods_id: eph.id, number: eph.zbz },
        { goods_id: g.id, number: g.zbz },
      ],
    });
    await demo.post('/api/cart/checkout', { ids: ((await demo.get('/api/cart/list')).body.data.list as { id: number }[]).map((l) => l.id) });
    const c = (await demo.get('/api/cart/confirm')).body.data;
    expect(c.groups.map((x: { key: string }) => x.key)).toEqual(['normal', 'ephedrine']);
    const made = (await demo.post('/api/order', { address_id: c.address_id })).body.data.orders as { id: number; is_ephedrine: number }[];
    expect(made.map((o) => o.is_ephedrine)).toEqual([0, 1]);
    const hm = made[1];
    expect((await demo.post('/api/pay/order', { order_id: hm.id, method: 'balance' })).body.message).toBe('含麻黄碱类复方制剂订单仅支持对公转账');
    const transfer = (await demo.post('/api/pay/order', { order_id: hm.id, method: 'transfer' })).body.data;
    expect(transfer).toMatchObject({ waiting: 1, bank: { account_name: expect.any(String) } });
    expect((await demo.get(`/api/order/${hm.id}`)).body.data.status_text).toBe('待确认转账');
    const list = (await demo.get('/api/order/hmdd')).body.data.data as { id: number }[];
    expect(list.map((o) => o.id)).toContain(hm.id);
  });
});

describe(`order life on ${dbLabel}`, () => {
  it('confirms receipt of a shipped order, grants a point per yuan, and takes returns within what was bought', async () => {
    const [g] = await plainGoods('同仁堂');
    await demo.post('/api/cart', { params: [{ goods_id: g.id, number: g.zbz * 2 }] });
    await demo.post('/api/cart/checkout', { ids: ((await demo.get('/api/cart/list')).body.data.list as { id: number }[]).map((l) => l.id) });
    const made = (await demo.post('/api/order', { address_id: await defaultAddress(demo) })).body.data.orders[0];
    expect((await demo.post(`/api/order/${made.id}/receive`)).body.message).toBe('只有已发货的订单可以确认收货');
    expect((await demo.post('/api/pay/order', { order_id: made.id, method: 'balance', pay_password: DEMO_PAY_PASSWORD })).body.data.paid).toBe(1);
    await t.db.update(orders).set({ status: 2, carrier: '顺丰速运', trackingNo: 'SF1234567890', shippedAt: new Date() }).where(eq(orders.id, made.id));
    const [u0] = await t.db.select().from(users).where(eq(users.id, demoId));
    const received = (await demo.post(`/api/order/${made.id}/receive`)).body.data;
    expect(received).toMatchObject({ status: 3, status_text: '已完成' });
    expect(received.timeline.map((e: { text: string }) => e.text)).toEqual(
      expect.arrayContaining(['已发货：顺丰速运 运单号 SF1234567890', '已签收，订单完成']),
    );
    const [u1] = await t.db.select().from(users).where(eq(users.id, demoId));
    expect(u1.points - u0.points).toBe(Math.floor(fen(received.pay_amount) / 100));
    const item = received.items[0] as { id: number; number: number };
    const tooMany = await demo.post(`/api/order/${made.id}/return`, { lines: [{ item_id: item.id, number: item.number + 1 }], reason: '包装破损' });
    expect(tooMany.status).toBe(422);
    const ret = (await demo.post(`/api/order/${made.id}/return`, { lines: [{ item_id: item.id, number: 1 }], reason: '包装破损' })).body.data;
    expect(ret).toMatchObject({ kind: 'return', status: 0, status_text: '待审核' });
    expect(fen(ret.refund_amount)).toBeGreaterThan(0);
    const info = (await demo.get(`/api/order/after_sale/${ret.id}`)).body.data;
    expect(info.items[0]).toMatchObject({ item_id: item.id, number: 1 });
    await expectLedgerConsistent(demoId);
    const again = (await demo.post(`/api/order/${made.id}/buy_again`)).body.data;
    expect(again.added).toEqual([g.id]);
  });

  it('completes an order 15 days after shipping when the buyer did not confirm it', async () => {
    const [g] = await plainGoods('扬子江');
    await demo.post('/api/cart', { params: [{ goods_id: g.id, number: g.zbz }] });
    await demo.post('/api/cart/checkout', { ids: ((await demo.get('/api/cart/list')).body.data.list as { id: number }[]).map((l) => l.id) });
    const made = (await demo.post('/api/order', { address_id: await defaultAddress(demo) })).body.data.orders[0];
    await demo.post('/api/pay/order', { order_id: made.id, method: 'balance', pay_password: DEMO_PAY_PASSWORD });
    await t.db
      .update(orders)
      .set({ status: 2, carrier: '中通快递', trackingNo: 'ZT99', shippedAt: new Date(Date.now() - 14 * 86_400_000) })
      .where(eq(orders.id, made.id));
    await completeShippedOrders(t.db);
    expect((await t.db.select().from(orders).where(eq(orders.id, made.id)))[0].status).toBe(2);
    await t.db
      .update(orders)
      .set({ shippedAt: new Date(Date.now() - 16 * 86_400_000) })
      .where(eq(orders.id, made.id));
    expect(await completeShippedOrders(t.db)).toBeGreaterThanOrEqual(1);
    expect((await t.db.select().from(orders).where(eq(orders.id, made.id)))[0].status).toBe(3);
    await expectLedgerConsistent(demoId);
  });

  it('lists orders by status with their counts and finds them by number or goods name', async () => {
    const all = (await demo.get('/api/order')).body.data;
    expect(all.total).toBeGreaterThan(0);
    expect(all.counts.all).toBe(all.total);
    const cancelled = (await demo.get('/api/order?status=4')).body.data;
    expect(cancelled.data.every((o: { status: number }) => o.status === 4)).toBe(true);
    expect(cancelled.total).toBe(all.counts['4']);
    const some = all.data[0] as { order_no: string; items: { name: string }[] };
    expect((await demo.get(`/api/order?keywords=${some.order_no}`)).body.data.data[0].order_no).toBe(some.order_no);
    const byName = (await demo.get(`/api/order?keywords=${encodeURIComponent(some.items[0].name.slice(0, 3))}`)).body.data.total;
    expect(byName).toBeGreaterThan(0);
    expect((await demo.get('/api/order?status=9')).status).toBe(422);
  });

  it('answers 404 for another account’s order', async () => {
    const [mine] = (await demo.get('/api/order')).body.data.data as { id: number }[];
    const chain = await loginAs(t.app, 'chain');
    for (const res of [
      await chain.get(`/api/order/${mine.id}`),
      await chain.post(`/api/order/${mine.id}/cancel`),
      await chain.post(`/api/order/${mine.id}/receive`),
      await chain.post(`/api/order/${mine.id}/buy_again`),
      await chain.post('/api/pay/order', { order_id: mine.id, method: 'balance', pay_password: DEMO_PAY_PASSWORD }),
      await chain.get(`/api/pay/status/${mine.id}`),
    ]) {
      expect(res.status).toBe(404);
      expect(res.body.message).toBe('订单不存在');
    }
    const address = await defaultAddress(demo);
    expect((await chain.post('/api/order', { address_id: address })).status).toBe(404);
  });
});

describe(`the last units on ${dbLabel}`, () => {
  it('sells the last 5 units to exactly 5 of 50 buyers ordering at once, and stock ends at 0', async () => {
    const [g] = await t.db
      .select()
      .from(goods)
      .where(and(eq(goods.isKx, false), eq(goods.isBuy, true), eq(goods.isEphedrine, false), eq(goods.zbz, 1), like(goods.name, '%片%')))
      .limit(1);
    const [template] = await t.db.select().from(users).where(eq(users.username, 'demo'));
    const buyers = await t.db
      .insert(users)
      .values(
        Array.from({ length: 50 }, (_, i) => ({
          username: `rush${i}`,
          phone: `1390000${String(i).padStart(4, '0')}`,
          passwordHash: template.passwordHash,
          name: '抢购',
          company: `抢购药房${i}`,
          isPassed: 1,
          scopeIds: template.scopeIds,
          registerStep: 3,
          contractSignedAt: new Date(),
          province: '浙江省',
          city: '杭州市',
          district: '西湖区',
          address: '文三路 1 号',
        })),
      )
      .returning();
    await t.db.update(goods).set({ number: 5 }).where(eq(goods.id, g.id));
    const agents = await Promise.all(buyers.map((b) => loginAs(t.app, b.username)));
    const addresses: number[] = [];
    for (const a of agents) {
      expect((await a.post('/api/cart', { params: [{ goods_id: g.id, number: 1 }] })).body.code).toBe(10000);
      addresses.push(
        (await a.post('/api/address', { name: '抢购', phone: '13900000000', province: '浙江省', city: '杭州市', district: '西湖区', address: '文三路 1 号' }))
          .body.data.id,
      );
    }
    const results = await Promise.all(agents.map((a, i) => a.post('/api/order', { address_id: addresses[i] })));
    const codes = results.map((r) => r.body.code);
    expect(codes.filter((c) => c === 10000)).toHaveLength(5);
    expect(codes.filter((c) => c !== 10000).every((c) => c === 400)).toBe(true);
    expect(results.find((r) => r.body.code === 400)?.body.message).toMatch(/库存不足|已售罄/);
    const [after] = await t.db.select().from(goods).where(eq(goods.id, g.id));
    expect(after.number).toBe(0);
    const sold = await t.db
      .select({ n: sql<number>`coalesce(sum(${orderItems.number}), 0)::int` })
      .from(orderItems)
      .where(
        and(
          eq(orderItems.goodsId, g.id),
          inArray(
            orderItems.orderId,
            t.db
              .select({ id: orders.id })
              .from(orders)
              .where(
                inArray(
                  orders.userId,
                  buyers.map((b) => b.id),
                ),
              ),
          ),
        ),
      );
    expect(Number(sold[0].n)).toBe(5);
  });

  it('takes overlapping sets of goods for 60 orders at once, each whole or not at all, never below zero and never in a deadlock with them or the sales sweep', async () => {
    const picked = await plainGoods('石药', 4);
    const ids = picked.map((g) => g.id);
    await t.db.update(goods).set({ number: 20 }).where(inArray(goods.id, ids));
    await foldSales(t.db);
    const salesBefore = new Map(
      (await t.db.select({ id: goods.id, sales: goods.sales }).from(goods).where(inArray(goods.id, ids))).map((g) => [g.id, g.sales]),
    );
    // Each order takes 1-3 units of three of the four goods, named in a random order.
    let seed = 7;
    const rnd = () => (seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31;
    const wants = Array.from({ length: 60 }, () =>
      ids
        .filter((_, i) => i !== Math.floor(rnd() * 4))
        .slice(0, 3)
        .map((id) => [id, 1 + Math.floor(rnd() * 3)] as [number, number])
        .sort(() => rnd() - 0.5),
    );
    // Units sold earlier wait to be folded into the goods' sales, by sweeps that run among the orders.
    await t.db.insert(salesTally).values(
      [...ids].reverse().flatMap((goodsId) => [
        { goodsId, number: 2 },
        { goodsId, number: 1 },
      ]),
    );
    const sweeps = [0, 1, 2].map(async (k) => {
      await new Promise((resolve) => setTimeout(resolve, k * 5));
      return foldSales(t.db);
    });
    const outcomes = await Promise.all(
      wants.map((need) =>
        t.db
          .transaction(async (tx) => {
            const short = await takeStocks(tx, need);
            if (short !== null) throw new Error(`short ${short}`);
            return true;
          })
          .catch((err: Error) => {
            expect(err.message).toMatch(/^short \d+$/);
            return false;
          }),
      ),
    );
    await Promise.all(sweeps);
    const taken = new Map<number, number>(ids.map((id) => [id, 0]));
    wants.forEach((need, i) => outcomes[i] && need.forEach(([id, n]) => taken.set(id, taken.get(id)! + n)));
    expect(outcomes.filter(Boolean).length).toBeGreaterThan(0);
    expect(outcomes.filter((ok) => !ok).length, 'the stock runs out').toBeGreaterThan(0);
    const after = await t.db.select({ id: goods.id, number: goods.number }).from(goods).where(inArray(goods.id, ids));
    for (const g of after) {
      expect(g.number, `goods ${g.id}`).toBeGreaterThanOrEqual(0);
      expect(g.number, `goods ${g.id}`).toBe(20 - taken.get(g.id)!);
    }
    // Every unit taken, and every unit tallied before, is in the sales once the last sweep has run.
    await foldSales(t.db);
    const sales = await t.db.select({ id: goods.id, sales: goods.sales }).from(goods).where(inArray(goods.id, ids));
    for (const g of sales) expect(g.sales, `sales of ${g.id}`).toBe(salesBefore.get(g.id)! + 3 + taken.get(g.id)!);
  });
});

describe(`coupons for the checkout on ${dbLabel}`, () => {
  it('lists the coupons usable on the chosen lines and those that are not, with the reason', async () => {
    const [g] = await plainGoods('扬子江');
    await demo.post('/api/cart', { params: [{ goods_id: g.id, number: Math.ceil(60_000 / g.basePrice / g.zbz) * g.zbz }] });
    await demo.post('/api/cart/checkout', { ids: ((await demo.get('/api/cart/list')).body.data.list as { id: number }[]).map((l) => l.id) });
    const usable = (await demo.get('/api/user/availableCoupon?type=1')).body.data;
    const unusable = (await demo.get('/api/user/availableCoupon?type=2')).body.data;
    expect(usable.data.length).toBeGreaterThan(0);
    for (const c of usable.data as { usable: boolean; discount: string }[]) {
      expect(c.usable).toBe(true);
      expect(fen(c.discount)).toBeGreaterThan(0);
    }
    for (const c of unusable.data as { usable: boolean; message: string }[]) {
      expect(c.usable).toBe(false);
      expect(c.message).toBeTruthy();
    }
    expect((await demo.get('/api/user/availableCoupon?type=3')).status).toBe(422);
  });

  it('lists a chain headquarters its stores and nobody else', async () => {
    const chain = await loginAs(t.app, 'chain');
    const stores = (await chain.get('/api/user/stores')).body.data as { username: string; company: string }[];
    expect(stores.map((s) => s.username)).toEqual(['chain-a', 'chain-b']);
    expect((await demo.get('/api/user/stores')).body.data).toEqual([]);
  });
});
