/** From the cart to an order and its life: confirm, create, cancel, expire, receive, return, and the ledger. */
import { describe, it, expect } from 'vitest';
import { and, asc, eq, gt, inArray } from 'drizzle-orm';
import { activities, activityGoods, goods, orderItems, orders, salesTally, userCoupons, users, wallets } from '../../db/schema/index.js';
import { dbLabel, DEMO_PAY_PASSWORD, loginAs } from '../../testing.js';
import { cancelExpiredOrders, completeShippedOrders } from './lifecycle.js';
import { foldSales } from '../catalogue/stock.js';
import { LineType } from '../../../core/status.js';
import { t, demo, demoId, fen, plainGoods, defaultAddress, expectLedgerConsistent, openCheckout } from './orders.fixture.js';

openCheckout();

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

  it('folds the sales of a busy minute, more goods than one of its transactions takes, each goods once', async () => {
    await foldSales(t.db);
    const many = await t.db.select({ id: goods.id, sales: goods.sales }).from(goods).orderBy(asc(goods.id)).limit(70);
    // Sold twice and given back once, the last goods more given back than its sales.
    await t.db.insert(salesTally).values(
      many.flatMap((g, i) => [
        { goodsId: g.id, number: 3 + (i % 4) },
        { goodsId: g.id, number: 2 },
        { goodsId: g.id, number: i === many.length - 1 ? -(g.sales + 100) : -1 },
      ]),
    );
    expect(await foldSales(t.db)).toBe(many.length);
    const ids = many.map((g) => g.id);
    const after = new Map((await t.db.select({ id: goods.id, sales: goods.sales }).from(goods).where(inArray(goods.id, ids))).map((g) => [g.id, g.sales]));
    many.forEach((g, i) => expect(after.get(g.id), `goods ${g.id}`).toBe(i === many.length - 1 ? 0 : g.sales + 4 + (i % 4)));
    expect(await t.db.select().from(salesTally).where(inArray(salesTally.goodsId, ids))).toEqual([]);
    expect(await foldSales(t.db), 'a second sweep finds nothing to add').toBe(0);
  });

  it('counts an order’s goods as the cart counted them, and its gifts apart (另赠), in the list and the detail', async () => {
    const [g] = await plainGoods('白云山');
    const units = Math.ceil(40 / g.zbz) * g.zbz;
    await demo.post('/api/cart', { params: [{ goods_id: g.id, number: units }] });
    const cart = (await demo.get('/api/cart/list')).body.data;
    await demo.post('/api/cart/checkout', { ids: (cart.list as { id: number }[]).map((l) => l.id) });
    const gifts = (cart.activity_data.gifts as { total: number }[]).reduce((n, x) => n + x.total, 0);
    expect(gifts, 'the goods earn a gift').toBeGreaterThan(0);
    const res = await demo.post('/api/order', { address_id: await defaultAddress(demo) });
    expect(res.body.code, res.body.message).toBe(10000);
    const id = res.body.data.orders[0].id;
    const counts = { item_count: cart.total.selected_count, number_total: cart.total.selected_number, gift_number: gifts };
    expect((await demo.get(`/api/order/${id}`)).body.data).toMatchObject(counts);
    const listed = ((await demo.get('/api/order')).body.data.data as { id: number }[]).find((o) => o.id === id);
    expect(listed).toMatchObject(counts);
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
    // The goods' 买赠 activity gives other goods (a mask): each stock goes down by its own units.
    const [{ rules }] = await t.db
      .select({ rules: activities.rules })
      .from(activities)
      .innerJoin(activityGoods, eq(activityGoods.activityId, activities.id))
      .where(and(eq(activities.type, 'gift'), eq(activityGoods.goodsId, g.id)));
    const giftGoods = (rules as { gift: { goods_id: number } }).gift.goods_id;
    expect(giftGoods).not.toBe(g.id);
    const before = await stockOf(g.id);
    const giftBefore = await stockOf(giftGoods);
    const { items } = await place();
    const gift = items.find((i) => i.type === LineType.gift);
    expect(gift, 'the order holds the gift').toBeDefined();
    expect(gift!.name).toContain('（赠品）');
    expect(gift!.payAmount).toBe(0);
    expect(gift!.goodsId).toBe(giftGoods);
    expect(await stockOf(g.id)).toBe(before - units);
    expect(await stockOf(giftGoods)).toBe(giftBefore - gift!.number);

    // The gift's goods with fewer units than the gift: the order goes through without it.
    await t.db
      .update(goods)
      .set({ number: gift!.number - 1 })
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
