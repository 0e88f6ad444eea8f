/** The unit price an order line answers: the price it was charged at, whatever offer set it. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, asc, eq, gt } from 'drizzle-orm';
import { CreatedOrders, OrderDetail } from '../../../core/schemas/trade.js';
import { activities, activityGoods, brands, goods } from '../../db/schema/index.js';
import { agent, buildTestApp, dbLabel, loginAs, type TestApp } from '../../testing.js';
import { forgetPromotionContext } from '../promotions/context.js';

let t: TestApp;
let chain: ReturnType<typeof agent>;
beforeAll(async () => {
  t = await buildTestApp({ goods: 300 });
  chain = await loginAs(t.app, 'chain');
});
afterAll(async () => t?.close());

const yuan = (fen: number) => (fen / 100).toFixed(2);

async function flashSale(brand: string, limitUnits: (zbz: number) => number) {
  const [{ g }] = await t.db
    .select({ g: goods })
    .from(goods)
    .innerJoin(brands, eq(brands.id, goods.brandId))
    .where(and(eq(brands.name, brand), eq(goods.isKx, false), eq(goods.isBuy, true), eq(goods.isEphedrine, false), gt(goods.number, 1000)))
    .orderBy(asc(goods.id))
    .limit(1);
  const now = Date.now();
  const [a] = await t.db
    .insert(activities)
    .values({ type: 'spike', name: '全天秒杀', startsAt: new Date(now - 3_600_000), endsAt: new Date(now + 86_400_000), dailyStart: 0, dailyEnd: 1440 })
    .returning({ id: activities.id });
  const price = Math.floor(g.basePrice * 0.74);
  await t.db.insert(activityGoods).values({ activityId: a.id, goodsId: g.id, price, limitPerUser: limitUnits(g.zbz), quota: 0 });
  forgetPromotionContext(t.db);
  return { g, price };
}

async function order(goodsId: number, number: number) {
  await chain.post('/api/cart', { params: [{ goods_id: goodsId, number, type: '1' }] });
  const lines = (await chain.get('/api/cart/list')).body.data.list as { id: number; goods_id: number }[];
  await chain.post('/api/cart/checkout', { ids: lines.filter((l) => l.goods_id === goodsId).map((l) => l.id) });
  const address = ((await chain.get('/api/address')).body.data as { id: number }[])[0].id;
  const created = await chain.post('/api/order', { address_id: address });
  expect(created.body.code, created.body.message).toBe(10000);
  const id = CreatedOrders.parse(created.body.data).orders[0].id;
  return OrderDetail.parse((await chain.get(`/api/order/${id}`)).body.data).items.find((i) => i.goods_id === goodsId)!;
}

describe(`an order line's unit price on ${dbLabel}`, () => {
  it('is the flash-sale price when it priced every unit, with the usual price beside it', async () => {
    const { g, price } = await flashSale('扬子江', (zbz) => zbz * 4);
    const item = await order(g.id, g.zbz * 2);
    expect(item).toMatchObject({ type: 1, number: g.zbz * 2, promo_number: g.zbz * 2, price: yuan(price), original_price: yuan(g.basePrice) });
    expect(item.amount).toBe(yuan(price * g.zbz * 2));
  });

  it('is the usual price when only part of the units were at the offer, and says how many were', async () => {
    const { g, price } = await flashSale('齐鲁', (zbz) => zbz);
    const item = await order(g.id, g.zbz * 3);
    expect(item).toMatchObject({ number: g.zbz * 3, promo_number: g.zbz, price: yuan(g.basePrice), original_price: null });
    expect(item.amount).toBe(yuan(price * g.zbz + g.basePrice * g.zbz * 2));
  });
});
