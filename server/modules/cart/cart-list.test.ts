/** The cart as a buyer works with it: priced lines, manjian progress, quantities, selection, checkout, stores. */
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { and, asc, eq, gt, inArray, isNotNull, notInArray, sql, type SQL } from 'drizzle-orm';
import { CartList } from '../../../core/schemas/cart.js';
import { activities, activityGoods, brands, cartItems, combinations, goods, licences, users } from '../../db/schema/index.js';
import { agent, buildTestApp, dbLabel, loginAs, type TestApp } from '../../testing.js';
import { forgetPromotionContext } from '../promotions/context.js';

let t: TestApp;
let demo: ReturnType<typeof agent>;
beforeAll(async () => {
  t = await buildTestApp({ goods: 600 });
  demo = await loginAs(t.app, 'demo');
});
afterAll(async () => t?.close());

type Line = {
  id: number;
  goods_id: number;
  type: number;
  number: number;
  price: string;
  amount: string;
  pay_amount: string;
  is_selected: number;
  goods_manjian_amount: string;
  manjian_activity_id: number | null;
  excluded: { reason: string; message: string } | null;
  promo: { kind: string; status: string; price: string | null; applied: number } | null;
  goods: { name: string; zbz: number };
};
const fen = (yuan: string) => Math.round(Number(yuan) * 100);

async function demoId() {
  const [u] = await t.db.select({ id: users.id }).from(users).where(eq(users.username, 'demo'));
  return u.id;
}

/**
 * Plain goods that anybody may buy, of a brand, with plenty of stock, and at no special price (flash sale, daily
 * special or 月月惠) on any day: the seed's daily specials change with the weekday.
 */
async function brandGoods(brand: string, n: number, also?: SQL) {
  const specials = t.db
    .select({ id: activityGoods.goodsId })
    .from(activityGoods)
    .innerJoin(activities, eq(activities.id, activityGoods.activityId))
    .where(inArray(activities.type, ['spike', 'everyday', 'monthly']));
  return t.db
    .select({ g: goods })
    .from(goods)
    .innerJoin(brands, eq(brands.id, goods.brandId))
    .where(
      and(
        eq(brands.name, brand),
        eq(goods.isKx, false),
        eq(goods.isBuy, true),
        eq(goods.isEphedrine, false),
        gt(goods.number, 1000),
        notInArray(goods.id, specials),
        also,
      ),
    )
    .orderBy(asc(goods.id))
    .limit(n)
    .then((rows) => rows.map((r) => r.g));
}

beforeEach(async () => {
  await t.db.delete(cartItems).where(eq(cartItems.userId, await demoId()));
});

describe(`the priced cart on ${dbLabel}`, () => {
  it('prices every line and adds them up to the fen, with the manjian tier reached and spread over its lines', async () => {
    const [a, b] = await brandGoods('华北制药', 2);
    // Enough of each to pass 满1000 together.
    const qa = Math.ceil(60_000 / a.basePrice / a.zbz) * a.zbz;
    const qb = Math.ceil(60_000 / b.basePrice / b.zbz) * b.zbz;
    expect(
      (
        await demo.post('/api/cart', {
          params: [
            { goods_id: a.id, number: qa },
            { goods_id: b.id, number: qb },
          ],
        })
      ).body.data.cart,
    ).toBe(2);
    const { body } = await demo.get('/api/cart/list');
    expect(body.code).toBe(10000);
    const d = body.data;
    expect(d.list).toHaveLength(2);
    const lines = d.list as Line[];
    for (const l of lines) {
      expect(l.is_selected).toBe(1);
      expect(fen(l.amount)).toBe(fen(l.price) * l.number);
      expect(l.goods.name).toBeTruthy();
    }
    const m = d.activity_data.manjians.find((x: { name: string }) => x.name === '年终采购节 满减');
    expect(m.tiers[0]).toMatchObject({ amount: '1000.00', reduce: '50.00', status: 1 });
    expect(fen(m.reduce)).toBeGreaterThanOrEqual(5000);
    expect(lines.reduce((s, l) => s + fen(l.goods_manjian_amount), 0)).toBe(fen(m.reduce));
    const tot = d.total;
    expect(fen(tot.goods_amount) - fen(tot.discount_amount) + fen(tot.shipping_amount)).toBe(fen(tot.pay_amount));
    expect(lines.reduce((s, l) => s + fen(l.pay_amount), 0) + fen(tot.shipping_amount)).toBe(fen(tot.pay_amount));
    expect(d.shipping_data).toEqual({ shipping_amount: '10.00', no_trans_order_amount: '800.00' });
    expect(d.filter_data.filters[0]).toMatchObject({ id: 99999, count: 2 });
    const only = (await demo.get(`/api/cart/list?filters=${m.activity_id}`)).body.data.list as Line[];
    expect(only.map((l) => l.id).sort()).toEqual(m.line_ids.sort());
  });

  it('charges the ladder tier from its quantity', async () => {
    const [g] = await t.db
      .select()
      .from(goods)
      .where(
        and(
          eq(goods.isKx, false),
          eq(goods.isBuy, true),
          eq(goods.ladderPriceType, 1),
          gt(goods.number, 2000),
          sql`jsonb_array_length(${goods.ladderPrice}) > 0`,
        ),
      )
      .limit(1);
    const tier = g.ladderPrice[0];
    await demo.post('/api/cart', { params: [{ goods_id: g.id, number: tier.number }] });
    const [line] = (await demo.get('/api/cart/list')).body.data.list as Line[];
    expect(fen(line.price)).toBe(tier.price);
    const below = await demo.post(`/api/cart/${line.id}/edit`, { params: { number: tier.number - g.zbz } });
    const [after] = below.body.data.list as Line[];
    expect(fen(after.price)).toBe(g.basePrice);
  });

  it('edits quantities in middle packages, refuses other steps with 422 and other accounts with 404', async () => {
    // Sold in middle packages of several units, so a quantity can miss the step.
    const [g] = await brandGoods('石药', 1, gt(goods.zbz, 1));
    expect(g.zbz).toBeGreaterThan(1);
    await demo.post('/api/cart', { params: [{ goods_id: g.id, number: g.zbz }] });
    const [line] = (await demo.get('/api/cart/list')).body.data.list as Line[];
    const ok = await demo.post(`/api/cart/${line.id}/edit`, { params: { number: g.zbz * 3 } });
    expect((ok.body.data.list as Line[])[0].number).toBe(g.zbz * 3);
    const odd = await demo.post(`/api/cart/${line.id}/edit`, { params: { number: g.zbz * 3 + 1 } });
    expect(odd.status).toBe(422);
    expect(odd.body.data.errors['params.number'][0]).toContain('中包装');
    const zero = await demo.post(`/api/cart/${line.id}/edit`, { params: { number: 0 } });
    expect(zero.status).toBe(422);
    const chain = await loginAs(t.app, 'chain');
    expect((await chain.post(`/api/cart/${line.id}/edit`, { params: { number: g.zbz } })).status).toBe(404);
    expect((await chain.post('/api/cart/batch_delete', { ids: [line.id] })).status).toBe(404);
    expect((await chain.post('/api/cart/batch_select', { ids: [line.id], is_selected: 0 })).status).toBe(404);
    const [row] = await t.db.select().from(cartItems).where(eq(cartItems.id, line.id));
    expect(row.number).toBe(g.zbz * 3);
    // A checkout naming another account's line besides its own answers 404 and leaves its selection as it was.
    const [own] = await brandGoods('哈药', 1);
    await chain.post('/api/cart', { params: [{ goods_id: own.id, number: own.zbz }] });
    const before = (await chain.get('/api/cart/list')).body.data.list as Line[];
    const mine = before.find((l) => l.goods_id === own.id)!;
    expect((await chain.post('/api/cart/checkout', { ids: [mine.id, line.id] })).status).toBe(404);
    const after = (await chain.get('/api/cart/list')).body.data.list as Line[];
    expect(after.map((l) => [l.id, l.is_selected])).toEqual(before.map((l) => [l.id, l.is_selected]));
    expect((await t.db.select().from(cartItems).where(eq(cartItems.id, line.id)))[0].isSelected).toBe(row.isSelected);
    await chain.post('/api/cart/batch_delete', { ids: [mine.id] });
  });

  it('leaves unselected lines out of the totals and forces lines that cannot be bought off', async () => {
    const [a, b] = await brandGoods('哈药', 2);
    await demo.post('/api/cart', {
      params: [
        { goods_id: a.id, number: a.zbz },
        { goods_id: b.id, number: b.zbz },
      ],
    });
    let lines = (await demo.get('/api/cart/list')).body.data.list as Line[];
    const la = lines.find((l) => l.goods_id === a.id)!;
    const unselected = (await demo.post('/api/cart/batch_select', { ids: [la.id], is_selected: 0 })).body.data;
    expect(unselected.total.selected_count).toBe(1);
    expect(fen(unselected.total.goods_amount)).toBe(fen((unselected.list as Line[]).find((l) => l.goods_id === b.id)!.amount));
    await t.db.update(goods).set({ isBuy: false }).where(eq(goods.id, b.id));
    lines = (await demo.get('/api/cart/list')).body.data.list as Line[];
    const lb = lines.find((l) => l.goods_id === b.id)!;
    expect(lb.is_selected).toBe(0);
    expect(lb.excluded?.reason).toBe('not_buyable');
    const invalid = (await demo.get('/api/cart/list?filters=0')).body.data.list as Line[];
    expect(invalid.map((l) => l.goods_id)).toEqual([b.id]);
    const refused = await demo.post('/api/cart/checkout', { ids: [lb.id] });
    expect(refused.body.code).toBe(400);
    expect(refused.body.message).toContain('暂时无法购买');
    await t.db.update(goods).set({ isBuy: true }).where(eq(goods.id, b.id));
  });

  it('checks out exactly the chosen lines and deletes lines', async () => {
    const [a, b, c] = await brandGoods('修正', 3);
    await demo.post('/api/cart', { params: [a, b, c].map((g) => ({ goods_id: g.id, number: g.zbz })) });
    const lines = (await demo.get('/api/cart/list')).body.data.list as Line[];
    const chosen = lines.filter((l) => l.goods_id !== c.id).map((l) => l.id);
    const out = await demo.post('/api/cart/checkout', { ids: chosen });
    expect(out.body.data.ids.sort()).toEqual(chosen.sort());
    const rows = await t.db
      .select()
      .from(cartItems)
      .where(eq(cartItems.userId, await demoId()));
    expect(
      rows
        .filter((r) => r.isSelected)
        .map((r) => r.id)
        .sort(),
    ).toEqual(chosen.sort());
    const del = await demo.post('/api/cart/batch_delete', { ids: chosen });
    expect(del.body.data.cart).toBe(1);
    expect((await demo.post('/api/cart/batch_delete', { ids: 'abc' })).status).toBe(422);
  });

  it('tells how much more reaches the next manjian tier and free shipping', async () => {
    const [g] = await brandGoods('云南白药', 1);
    await demo.post('/api/cart', { params: [{ goods_id: g.id, number: g.zbz }] });
    const { body } = await demo.post('/api/cart/next_hint');
    const kinds = body.data.hints.map((h: { kind: string }) => h.kind);
    expect(kinds).toContain('manjian');
    const hint = body.data.hints.find((h: { kind: string }) => h.kind === 'manjian');
    expect(hint.message).toMatch(/再购¥[\d.]+，可享满¥1000\.00减¥50\.00/);
    expect(fen(hint.need)).toBe(100_000 - fen((await demo.get('/api/cart/list')).body.data.list[0].amount));
  });

  it('quick-adds one middle package of goods', async () => {
    const [g] = await brandGoods('同仁堂', 1);
    expect((await demo.post(`/api/cart/quick_add/${g.id}`)).body.data.cart).toBe(1);
    const [line] = (await demo.get('/api/cart/list')).body.data.list as Line[];
    expect(line.number).toBe(g.zbz);
    expect((await demo.post('/api/cart/quick_add/999999')).status).toBe(404);
  });
});

describe(`gifts, add-ons and bundles on ${dbLabel}`, () => {
  it('shows the 买赠 gift earned, the 换购 threshold reached and a bundle with its goods, as the cart schema says', async () => {
    const [gifted] = await brandGoods('白云山', 1);
    const [yiling] = await brandGoods('以岭', 1);
    const [bundle] = await t.db.select().from(combinations).orderBy(asc(combinations.id)).limit(1);
    const toReach = (g: typeof yiling, fenAmount: number) => Math.ceil(fenAmount / g.basePrice / g.zbz) * g.zbz;
    await demo.post('/api/cart', {
      params: [
        { goods_id: gifted.id, number: Math.ceil(40 / gifted.zbz) * gifted.zbz },
        { goods_id: yiling.id, number: toReach(yiling, 40_000) },
        { goods_id: bundle.items[0].goods_id, number: 1, type: '3', combination_id: bundle.id },
      ],
    });
    const { body } = await demo.get('/api/cart/list');
    const cart = CartList.parse(body.data);
    expect(cart.activity_data.gifts[0]).toMatchObject({ name: '白云山 买20赠1', per: 'line', by: 'number' });
    expect(cart.activity_data.gifts[0].total).toBeGreaterThanOrEqual(2);
    expect(cart.activity_data.huangous[0]).toMatchObject({ name: '以岭满300元换购', reached: true, need: '0.00' });
    const line = cart.list.find((l) => l.type === 3);
    expect(line?.combination).toMatchObject({ id: bundle.id, name: bundle.name });
    expect(line?.combination?.items.map((i) => i.goods_id)).toEqual(bundle.items.map((i) => i.goods_id));
  });
});

describe(`flash sale lines on ${dbLabel}`, () => {
  it('charges the flash-sale price up to the daily limit and the usual price beyond it', async () => {
    const [g] = await brandGoods('扬子江', 1);
    const now = Date.now();
    const [a] = await t.db
      .insert(activities)
      .values({ type: 'spike', name: '全天秒杀', startsAt: new Date(now - 3_600_000), endsAt: new Date(now + 86_400_000), dailyStart: 0, dailyEnd: 1440 })
      .returning({ id: activities.id });
    const spikePrice = Math.floor(g.basePrice / 2);
    await t.db.insert(activityGoods).values({ activityId: a.id, goodsId: g.id, price: spikePrice, limitPerUser: g.zbz * 2, quota: 0 });
    forgetPromotionContext(t.db);
    await demo.post('/api/cart', { params: [{ goods_id: g.id, number: g.zbz * 3, type: '1' }] });
    const [line] = (await demo.get('/api/cart/list')).body.data.list as Line[];
    expect(line.type).toBe(1);
    expect(line.promo).toMatchObject({ kind: 'spike', status: 'on', applied: g.zbz * 2 });
    expect(fen(line.amount)).toBe(spikePrice * g.zbz * 2 + g.basePrice * g.zbz);
    await t.db.delete(activities).where(inArray(activities.id, [a.id]));
    forgetPromotionContext(t.db);
  });

  /** A session on all day long for goods `g` at half its price, limited to two middle packages an account. */
  async function allDaySession(g: { id: number; basePrice: number; zbz: number }) {
    const now = Date.now();
    const [a] = await t.db
      .insert(activities)
      .values({ type: 'spike', name: '全天秒杀', startsAt: new Date(now - 3_600_000), endsAt: new Date(now + 86_400_000), dailyStart: 0, dailyEnd: 1440 })
      .returning({ id: activities.id });
    const price = Math.floor(g.basePrice / 2);
    await t.db.insert(activityGoods).values({ activityId: a.id, goodsId: g.id, price, limitPerUser: g.zbz * 2, quota: 0 });
    forgetPromotionContext(t.db);
    sessions.push(a.id);
    return { price };
  }
  const sessions: number[] = [];
  afterEach(async () => {
    if (sessions.length) await t.db.delete(activities).where(inArray(activities.id, sessions.splice(0)));
    forgetPromotionContext(t.db);
  });

  it('keeps one line at the flash-sale price for goods added from the flash-sale floor and then from its product page', async () => {
    const [g] = await brandGoods('扬子江', 1);
    const session = await allDaySession(g);
    expect((await demo.post('/api/cart', { params: [{ goods_id: g.id, number: g.zbz, type: '1' }] })).body.data.cart).toBe(1);
    expect((await demo.post('/api/cart', { params: [{ goods_id: g.id, number: g.zbz }] })).body.data.cart).toBe(1);
    const list = (await demo.get('/api/cart/list')).body.data.list as Line[];
    expect(list.map((l) => [l.goods_id, l.type, l.number])).toEqual([[g.id, 1, g.zbz * 2]]);
    expect(fen(list[0].amount)).toBe(session.price * g.zbz * 2);
  });

  it('makes a plain line of the goods the flash-sale line when the buyer adds from the flash-sale floor', async () => {
    const [g] = await brandGoods('扬子江', 1);
    await demo.post('/api/cart', { params: [{ goods_id: g.id, number: g.zbz }] });
    const session = await allDaySession(g);
    // Several lines at once take the same way.
    const [other] = await brandGoods('恒瑞', 1);
    await demo.post('/api/cart', {
      params: [
        { goods_id: g.id, number: g.zbz, type: '1' },
        { goods_id: other.id, number: other.zbz },
      ],
    });
    const list = (await demo.get('/api/cart/list')).body.data.list as Line[];
    expect(list.map((l) => [l.goods_id, l.type, l.number])).toEqual([
      [g.id, 1, g.zbz * 2],
      [other.id, 0, other.zbz],
    ]);
    expect(fen(list[0].amount)).toBe(session.price * g.zbz * 2);
  });

  it('charges a plain line put in the cart before the session the flash-sale price while it is on', async () => {
    const [g] = await brandGoods('扬子江', 1);
    await t.db.insert(cartItems).values({ userId: await demoId(), goodsId: g.id, type: 0, number: g.zbz * 3 });
    const session = await allDaySession(g);
    const [line] = (await demo.get('/api/cart/list')).body.data.list as Line[];
    expect(line.promo).toMatchObject({ kind: 'spike', status: 'on', applied: g.zbz * 2 });
    expect(fen(line.amount)).toBe(session.price * g.zbz * 2 + g.basePrice * g.zbz);
  });

  it('refuses a flash-sale line for goods that have no session today', async () => {
    const [g] = await brandGoods('恒瑞', 1);
    const res = await demo.post('/api/cart', { params: [{ goods_id: g.id, number: g.zbz, type: '1' }] });
    expect(res.body.code).toBe(400);
    expect(res.body.message).toContain('没有秒杀场次');
  });
});

describe(`chain stores on ${dbLabel}`, () => {
  /** The chain's two stores, chain-a first. */
  const chainStores = () =>
    t.db
      .select()
      .from(users)
      .where(inArray(users.username, ['chain-a', 'chain-b']))
      .orderBy(users.username);
  /** The lines of `goodsId` in the carts of `stores`. */
  const storeLines = (stores: { id: number }[], goodsId: number) =>
    t.db
      .select()
      .from(cartItems)
      .where(
        and(
          inArray(
            cartItems.userId,
            stores.map((s) => s.id),
          ),
          eq(cartItems.goodsId, goodsId),
        ),
      );

  it('copies lines to its own stores and answers 404 for a store of another account', async () => {
    const chain = await loginAs(t.app, 'chain');
    const [g] = await brandGoods('齐鲁', 1);
    await chain.post('/api/cart', { params: [{ goods_id: g.id, number: g.zbz * 2 }] });
    const [line] = (await chain.get('/api/cart/list')).body.data.list as Line[];
    const stores = await chainStores();
    const res = await chain.post('/api/cart/copy', { ids: [line.id], other_user_ids: stores.map((s) => s.id) });
    expect(res.body.data.stores).toHaveLength(2);
    const copied = await storeLines(stores, g.id);
    expect(copied.map((c) => c.number)).toEqual([g.zbz * 2, g.zbz * 2]);
    const [demoUser] = await t.db.select().from(users).where(eq(users.username, 'demo'));
    expect((await chain.post('/api/cart/copy', { ids: [line.id], other_user_ids: [demoUser.id] })).status).toBe(404);
    const storeA = await loginAs(t.app, 'chain-a');
    expect((await storeA.post('/api/cart/copy', { ids: [line.id], other_user_ids: [stores[1].id] })).status).toBe(404);
  });

  it('refuses the whole copy while a store’s licence has expired, naming the store and the licence, and copies again once renewed', async () => {
    const chain = await loginAs(t.app, 'chain');
    const [g] = await brandGoods('齐鲁', 1);
    await chain.post('/api/cart', { params: [{ goods_id: g.id, number: g.zbz }] });
    const line = ((await chain.get('/api/cart/list')).body.data.list as Line[]).find((l) => l.goods_id === g.id)!;
    const stores = await chainStores();
    const [licence] = await t.db
      .select()
      .from(licences)
      .where(and(eq(licences.userId, stores[1].id), eq(licences.status, 1), isNotNull(licences.validUntil)))
      .orderBy(licences.id)
      .limit(1);
    const carts = () => storeLines(stores, g.id);
    const before = await carts();
    await t.db.update(licences).set({ validUntil: '2020-06-30' }).where(eq(licences.id, licence.id));
    try {
      const refused = await chain.post('/api/cart/copy', { ids: [line.id], other_user_ids: stores.map((s) => s.id) });
      expect(refused.body.code).toBe(400);
      expect(refused.body.message).toContain(stores[1].company);
      expect(refused.body.message).toContain('有效期至2020-06-30');
      // All or nothing: the store in date got nothing either.
      expect(await carts()).toEqual(before);
    } finally {
      await t.db.update(licences).set({ validUntil: licence.validUntil }).where(eq(licences.id, licence.id));
    }
    expect((await chain.post('/api/cart/copy', { ids: [line.id], other_user_ids: stores.map((s) => s.id) })).body.code).toBe(10000);
  });
});
