/**
 * 满返 from the cart to the wallet: the cart's progress and the confirm page's 预计返, the order keeping its
 * cashback, the red packet granted once when the order completes, and refunds lowering it: before completion
 * nothing is granted, after it what is no longer due is taken back from the red packet, and what the red
 * packet cannot cover is kept from the refund. Every movement is one ledger row.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, asc, eq, gt, inArray } from 'drizzle-orm';
import { okOf } from '../../../core/schemas/envelope.js';
import { Cashback } from '../../../core/schemas/promotions.js';
import { activities, activityGoods, cartItems, goods, ledger, orders, users, wallets } from '../../db/schema/index.js';
import { undeclared } from '../../http/serializer.js';
import { agent, buildTestApp, dbLabel, DEMO_PAY_PASSWORD, loginAs, operatorLogin, type TestApp } from '../../testing.js';

let t: TestApp;
let buyer: ReturnType<typeof agent>;
let buyerId: number;
let warehouse: Awaited<ReturnType<typeof operatorLogin>>;
let finance: Awaited<ReturnType<typeof operatorLogin>>;
let activity: typeof activities.$inferSelect;

const fen = (yuan: string) => Math.round(Number(yuan) * 100);

beforeAll(async () => {
  t = await buildTestApp({ goods: 600, config: { RATE_LIMIT_FACTOR: 100 } });
  buyer = await loginAs(t.app, 'chain');
  [{ id: buyerId }] = await t.db.select({ id: users.id }).from(users).where(eq(users.username, 'chain'));
  [warehouse, finance] = await Promise.all([operatorLogin(t.app, 'warehouse'), operatorLogin(t.app, 'finance')]);
  [activity] = await t.db.select().from(activities).where(eq(activities.type, 'cashback'));
  await t.db.update(wallets).set({ balance: 5_000_000 }).where(eq(wallets.userId, buyerId));
});
afterAll(async () => t?.close());

/** A buyable goods of the activity, not in any other goods activity's way (no manjian). */
async function cashbackGoods() {
  const ids = (await t.db.select({ id: activityGoods.goodsId }).from(activityGoods).where(eq(activityGoods.activityId, activity.id))).map((r) => r.id);
  const [g] = await t.db
    .select()
    .from(goods)
    .where(and(inArray(goods.id, ids), eq(goods.isKx, false), eq(goods.isBuy, true), eq(goods.isEphedrine, false), gt(goods.number, 2000)))
    .orderBy(asc(goods.id))
    .limit(1);
  expect(g, 'the seed has buyable goods in 满返').toBeDefined();
  return g;
}

const redPacket = async () => (await t.db.select().from(wallets).where(eq(wallets.userId, buyerId)))[0].redPacket;
const orderRow = async (id: number) => (await t.db.select().from(orders).where(eq(orders.id, id)))[0];
const cashbackRows = (orderId: number) =>
  t.db
    .select()
    .from(ledger)
    .where(and(eq(ledger.userId, buyerId), eq(ledger.kind, 'cashback'), eq(ledger.refType, 'order'), eq(ledger.refId, orderId)));

/** The buyer's cart holds `yuan` or a little more of one goods of the activity; answers the goods and units. */
async function fillCart(yuan: number) {
  await t.db.delete(cartItems).where(eq(cartItems.userId, buyerId));
  const g = await cashbackGoods();
  const number = Math.ceil((yuan * 100) / g.basePrice / g.zbz) * g.zbz;
  expect((await buyer.post('/api/cart', { params: [{ goods_id: g.id, number }] })).body.code).toBe(10000);
  return { g, number };
}

/** Places and pays the order of the cart from the balance, without coupon or red packet; answers the order row. */
async function placeAndPay() {
  const ids = ((await buyer.get('/api/cart/list')).body.data.list as { id: number }[]).map((l) => l.id);
  await buyer.post('/api/cart/checkout', { ids });
  const confirm = (await buyer.get('/api/cart/confirm?coupon_id=0')).body.data;
  const placed = await buyer.post('/api/order', { address_id: confirm.address_id, coupon_id: 0 });
  expect(placed.body.code, placed.body.message).toBe(10000);
  const id = placed.body.data.orders[0].id as number;
  const paid = await buyer.post('/api/pay/order', { order_id: id, method: 'balance', pay_password: DEMO_PAY_PASSWORD });
  expect(paid.body.code, paid.body.message).toBe(10000);
  return { id, confirm };
}

async function ship(id: number) {
  expect((await warehouse.post(`/api/admin/orders/${id}/ship`, { carrier: '顺丰速运', tracking_no: `SF${String(id).padStart(10, '0')}` })).body.code).toBe(
    10000,
  );
}

/** A return of one middle package of the order's first line, approved, received and refunded in full. */
async function returnOne(orderId: number) {
  const line = (await buyer.get(`/api/order/${orderId}`)).body.data.items[0];
  const { zbz } = await cashbackGoods();
  const r = (await buyer.post(`/api/order/${orderId}/return`, { lines: [{ item_id: line.id, number: zbz }], reason: '发错规格' })).body.data;
  await finance.post(`/api/admin/after_sales/${r.id}/decide`, { decision: 'approve' });
  await finance.post(`/api/admin/after_sales/${r.id}/receive`);
  const refunded = await finance.post(`/api/admin/after_sales/${r.id}/refund`, { amount: r.refund_amount });
  expect(refunded.body.code, refunded.body.message).toBe(10000);
  return { id: r.id as number, amount: fen(r.refund_amount) };
}

describe(`满返 on ${dbLabel}`, () => {
  it('answers the activity with its tiers and goods, for guests too, with nothing undeclared', async () => {
    const res = await agent(t.app).get('/api/activity/cashback');
    expect(undeclared(res.body, okOf(Cashback).parse(res.body))).toEqual([]);
    const page = okOf(Cashback).parse(res.body).data;
    expect(page.activity).toMatchObject({ id: activity.id, status: 1 });
    expect(page.activity!.tiers).toEqual([
      { amount: '500.00', back: '10.00' },
      { amount: '1000.00', back: '30.00' },
      { amount: '3000.00', back: '120.00' },
    ]);
    expect(page.goods.data.length).toBeGreaterThan(0);
    for (const g of page.goods.data) expect(g.tags).toContain('返');
  });

  it("shows the cart's progress to the next tier and 预计返 on the confirm page", async () => {
    await fillCart(300);
    const cart = (await buyer.get('/api/cart/list')).body.data;
    const mine = cart.activity_data.cashbacks.find((c: { activity_id: number }) => c.activity_id === activity.id);
    expect(mine).toMatchObject({ back: '0.00', next: { amount: '500.00', back: '10.00' } });
    expect(fen(mine.next.need)).toBe(50_000 - fen(mine.amount));
    expect(cart.total.cashback_amount).toBe('0.00');

    await fillCart(1_000);
    const ids = ((await buyer.get('/api/cart/list')).body.data.list as { id: number }[]).map((l) => l.id);
    await buyer.post('/api/cart/checkout', { ids });
    const confirm = (await buyer.get('/api/cart/confirm?coupon_id=0')).body.data;
    expect(confirm.total.cashback_amount).toBe('30.00');
    expect(confirm.groups[0].activity_data.cashbacks[0]).toMatchObject({ activity_id: activity.id, back: '30.00' });
    // Nothing comes off what is paid.
    expect(fen(confirm.total.pay_amount)).toBe(fen(confirm.total.goods_amount) - fen(confirm.total.discount_amount) + fen(confirm.total.shipping_amount));
  });

  it('grants the cashback once as red packet when the order completes, with its ledger row and a message', async () => {
    await fillCart(1_000);
    const { id } = await placeAndPay();
    const placed = await orderRow(id);
    expect(placed.cashbackAmount).toBe(3_000);
    expect((await buyer.get(`/api/order/${id}`)).body.data.amounts.cashback_amount).toBe('30.00');
    const before = await redPacket();
    await ship(id);
    expect(await redPacket()).toBe(before);
    // Two confirmations at once: one completes the order, one ledger row.
    const answers = await Promise.all([buyer.post(`/api/order/${id}/receive`), buyer.post(`/api/order/${id}/receive`)]);
    expect(answers.map((a) => a.body.code).sort((x, y) => x - y)).toEqual([400, 10000]);
    expect(await redPacket()).toBe(before + 3_000);
    const rows = await cashbackRows(id);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ instrument: 'red_packet', amount: 3_000, balanceAfter: before + 3_000 });
  });

  it('lowers a cashback not yet granted when a return refunds part of the order, and grants what is left', async () => {
    await fillCart(1_050);
    const { id } = await placeAndPay();
    const o = await orderRow(id);
    expect(o.cashbackAmount).toBe(3_000);
    await ship(id);
    const refund = await returnOne(id);
    const after = await orderRow(id);
    const paid = Math.floor((o.cashback[0].amount * (o.payAmount - refund.amount)) / o.payAmount);
    expect(after.cashback[0].amount).toBe(paid);
    expect(after.cashbackAmount).toBe(paid >= 100_000 ? 3_000 : paid >= 50_000 ? 1_000 : 0);
    const before = await redPacket();
    expect((await buyer.post(`/api/order/${id}/receive`)).body.code).toBe(10000);
    expect(await redPacket()).toBe(before + after.cashbackAmount);
  });

  it('takes back a granted cashback no longer due from the red packet, and keeps from the refund what the red packet cannot cover', async () => {
    await fillCart(1_010);
    const { id } = await placeAndPay();
    await ship(id);
    expect((await buyer.post(`/api/order/${id}/receive`)).body.code).toBe(10000);
    const granted = (await orderRow(id)).cashbackAmount;
    expect(granted).toBe(3_000);
    // The buyer spent the red packet down to ¥5.00.
    await t.db.transaction(async (tx) => {
      const [w] = await tx.select().from(wallets).where(eq(wallets.userId, buyerId)).for('update');
      const spend = w.redPacket - 500;
      await tx.update(wallets).set({ redPacket: 500 }).where(eq(wallets.userId, buyerId));
      await tx
        .insert(ledger)
        .values({ userId: buyerId, instrument: 'red_packet', amount: -spend, balanceAfter: 500, kind: 'pay', refType: 'test', refId: id, memo: '测试花掉' });
    });
    const balanceBefore = (await t.db.select().from(wallets).where(eq(wallets.userId, buyerId)))[0].balance;
    const refund = await returnOne(id);
    const after = await orderRow(id);
    const due = after.cashbackAmount;
    expect(due).toBeLessThan(granted);
    const over = granted - due;
    const back = await t.db
      .select()
      .from(ledger)
      .where(and(eq(ledger.userId, buyerId), eq(ledger.kind, 'cashback_back')));
    expect(back.at(-1)).toMatchObject({ instrument: 'red_packet', amount: -Math.min(500, over), balanceAfter: 500 - Math.min(500, over) });
    expect(await redPacket()).toBe(500 - Math.min(500, over));
    const kept = Math.max(0, over - 500);
    const balanceAfter = (await t.db.select().from(wallets).where(eq(wallets.userId, buyerId)))[0].balance;
    expect(balanceAfter - balanceBefore).toBe(refund.amount - kept);
  });

  it('never grants the cashback of an order refunded before it ships', async () => {
    await fillCart(600);
    const { id } = await placeAndPay();
    expect((await orderRow(id)).cashbackAmount).toBe(1_000);
    expect((await finance.post(`/api/admin/orders/${id}/refund`, { reason: '客户取消采购' })).body.code).toBe(10000);
    expect(await orderRow(id)).toMatchObject({ cashbackAmount: 0, status: 4 });
    expect(await cashbackRows(id)).toHaveLength(0);
  });
});
