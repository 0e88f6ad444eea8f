/** 全场94折 and 组合购 as /welfare and /zhzq show them, and a bundle going into the cart within its members' stock. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, inArray } from 'drizzle-orm';
import { yuanToFen } from '../../../core/money.js';
import { okOf } from '../../../core/schemas/envelope.js';
import { Bundles, Monthly, Welfare } from '../../../core/schemas/promotions.js';
import { activities, activityGoods, cartItems, combinations, goods, users } from '../../db/schema/index.js';
import { clearKeptAnswers } from '../../http/cache.js';
import { undeclared } from '../../http/serializer.js';
import { agent, buildTestApp, dbLabel, loginAs, type TestApp } from '../../testing.js';
import { forgetPromotionContext, promotionContext } from './context.js';
import { monthlyPage, welfarePage } from './pages.js';

let t: TestApp;
let demo: ReturnType<typeof agent>;
beforeAll(async () => {
  t = await buildTestApp({ goods: 600 });
  demo = await loginAs(t.app, 'demo');
});
afterAll(async () => t?.close());

type Row = { id: number; base_price: string | null; activity_price: string | null; price_tip: string | null };
const approved = { userId: 1, approved: true, special: false, priceTip: null };

async function welfareActivity() {
  const [a] = await t.db.select().from(activities).where(eq(activities.type, 'welfare'));
  const ids = (await t.db.select({ id: activityGoods.goodsId }).from(activityGoods).where(eq(activityGoods.activityId, a.id))).map((r) => r.id);
  return { a, ids: new Set(ids) };
}

describe(`全场94折 on ${dbLabel}`, () => {
  it('lists only the activity goods on sale, each at 94% of its price rounded down to the fen, with the exact count', async () => {
    const { a, ids } = await welfareActivity();
    const res = await demo.get('/api/activity/welfare?page=1');
    expect(res.body.code).toBe(10000);
    expect(okOf(Welfare).parse(res.body).data.activity).toMatchObject({ id: a.id, rate: 94, status: 1, name: '全场94折' });
    expect(undeclared(res.body, okOf(Welfare).parse(res.body))).toEqual([]);
    const page = res.body.data.goods;
    expect(page.data.length).toBe(20);
    // demo is a special account: it sees controlled-sale goods too.
    const [{ special }] = await t.db.select({ special: users.isSpecial }).from(users).where(eq(users.username, 'demo'));
    expect(special).toBe(true);
    const onSale = await t.db
      .select({ id: goods.id })
      .from(goods)
      .where(and(inArray(goods.id, [...ids]), eq(goods.isOnSale, true)));
    expect(page.total).toBe(onSale.length);
    for (const g of page.data as Row[]) {
      expect(ids.has(g.id)).toBe(true);
      expect(yuanToFen(g.activity_price!)).toBe(Math.floor((yuanToFen(g.base_price!) * 94) / 100));
    }
    // Every page together is every goods once.
    const seen = new Set<number>();
    for (let p = 1; p <= page.last_page; p++) for (const g of (await demo.get(`/api/activity/welfare?page=${p}`)).body.data.goods.data as Row[]) seen.add(g.id);
    expect(seen.size).toBe(onSale.length);
  });

  it('sorts by price both ways, hides prices from guests, and refuses a sort it does not know with nothing changed', async () => {
    const up = (await demo.get('/api/activity/welfare?sort=price&order=asc')).body.data.goods.data as Row[];
    const prices = up.map((g) => yuanToFen(g.base_price!));
    expect(prices).toEqual([...prices].sort((x, y) => x - y));
    const down = (await demo.get('/api/activity/welfare?sort=price&order=desc')).body.data.goods.data as Row[];
    expect(yuanToFen(down[0].base_price!)).toBeGreaterThanOrEqual(prices[prices.length - 1]);
    const guest = (await agent(t.app).get('/api/activity/welfare')).body.data.goods.data as Row[];
    expect(guest.length).toBeGreaterThan(0);
    for (const g of guest) expect(g).toMatchObject({ base_price: null, activity_price: null, price_tip: '登录可见' });
    const bad = await demo.get('/api/activity/welfare?sort=cheapest');
    expect(bad.status).toBe(422);
    expect(bad.body.message).toBe('排序方式格式不正确');
  });

  it('shows the next activity with its goods before it starts, and the last one without goods once it is over', async () => {
    const { a } = await welfareActivity();
    const before = await welfarePage(t.db, approved, { page: 1, sort: 'default' }, a.startsAt.getTime() - 60_000);
    expect(before.activity).toMatchObject({ id: a.id, status: 0, start_time: Math.floor(a.startsAt.getTime() / 1000) });
    expect(before.goods.data.length).toBeGreaterThan(0);
    const after = await welfarePage(t.db, approved, { page: 1, sort: 'default' }, a.endsAt.getTime() + 60_000);
    expect(after.activity).toMatchObject({ id: a.id, status: 2 });
    expect(after.goods).toMatchObject({ data: [], total: 0 });
  });
});

describe(`组合购 on ${dbLabel}`, () => {
  async function seeded() {
    const res = await demo.get('/api/activity/combination');
    expect(res.body.code).toBe(10000);
    expect(undeclared(res.body, okOf(Bundles).parse(res.body))).toEqual([]);
    return okOf(Bundles).parse(res.body).data;
  }

  it('offers each bundle with its goods, a bundle price below the separate price, the saving and its stock', async () => {
    const page = await seeded();
    expect(page.activity).toMatchObject({ status: 1, name: '组合购' });
    expect(page.bundles.length).toBe(2);
    for (const b of page.bundles) {
      const separate = b.items.reduce((s, i) => s + yuanToFen(i.goods.base_price!) * i.number, 0);
      expect(yuanToFen(b.separate_price!)).toBe(separate);
      expect(yuanToFen(b.price!)).toBeLessThan(separate);
      expect(yuanToFen(b.saving!)).toBe(separate - yuanToFen(b.price!));
      expect(b.stock).toBe(Math.min(...b.items.map((i) => Math.floor(i.goods.number / i.number))));
    }
    const guest = (await agent(t.app).get('/api/activity/combination')).body.data;
    expect(guest.bundles[0]).toMatchObject({ price: null, separate_price: null, saving: null });
  });

  it("puts a bundle in the cart as one type 3 line, and refuses more bundles than a member's stock makes up, writing nothing", async () => {
    const chain = await loginAs(t.app, 'chain');
    const [b] = (await seeded()).bundles;
    const [first, second] = b.items;
    const add = (number: number) => chain.post('/api/cart', { params: [{ goods_id: first.goods.id, number, type: '3', combination_id: b.id }] });
    expect((await add(2)).body).toMatchObject({ code: 10000, data: { cart: 1 } });
    const [line] = await t.db.select().from(cartItems).where(eq(cartItems.combinationId, b.id));
    expect(line).toMatchObject({ type: 3, number: 2, goodsId: first.goods.id });
    // The second member runs short: three bundles at most.
    await t.db
      .update(goods)
      .set({ number: second.number * 3 + 1 })
      .where(eq(goods.id, second.goods.id));
    const tooMany = await add(2);
    expect(tooMany.body.message).toBe(`${second.goods.name}库存不足，该套餐最多可采购3套`);
    const [still] = await t.db.select().from(cartItems).where(eq(cartItems.id, line.id));
    expect(still.number).toBe(2);
    expect((await add(1)).body.code).toBe(10000);
    await t.db.update(goods).set({ number: 0 }).where(eq(goods.id, second.goods.id));
    expect((await add(1)).body.message).toBe(`${second.goods.name}已售罄，该套餐暂不能采购`);
    await t.db.update(goods).set({ number: second.goods.number }).where(eq(goods.id, second.goods.id));
  });

  it('takes the bundles off the page and out of reach once their activity is over', async () => {
    const chain = await loginAs(t.app, 'chain');
    const [b] = (await seeded()).bundles;
    const [c] = await t.db.select().from(combinations).where(eq(combinations.id, b.id));
    const [a] = await t.db.select().from(activities).where(eq(activities.id, c.activityId!));
    await t.db
      .update(activities)
      .set({ endsAt: new Date(Date.now() - 1000) })
      .where(eq(activities.id, a.id));
    clearKeptAnswers(t.db);
    try {
      const page = (await demo.get('/api/activity/combination')).body.data;
      expect(page.activity).toMatchObject({ id: a.id, status: 2 });
      expect(page.bundles).toEqual([]);
      const refused = await chain.post('/api/cart', { params: [{ goods_id: b.items[0].goods.id, number: 1, type: '3', combination_id: b.id }] });
      expect(refused.status).toBe(422);
      expect(refused.body.message).toBe('组合套餐不存在或已下架');
    } finally {
      await t.db.update(activities).set({ endsAt: a.endsAt }).where(eq(activities.id, a.id));
      clearKeptAnswers(t.db);
    }
  });
});

describe(`月月惠 on ${dbLabel}`, () => {
  /** 10:00 China time on `day` of next month. */
  const nextMonth = (day: number) => {
    const china = new Date(Date.now() + 8 * 3_600_000);
    return Date.UTC(china.getUTCFullYear(), china.getUTCMonth() + 1, day, 2, 0);
  };

  it('on a member day lists the month’s days, the time left and its goods at the member price, and the cart prices them so', async () => {
    const [a] = await t.db.select().from(activities).where(eq(activities.type, 'monthly'));
    expect(a.rules).toEqual({ days: [8, 18, 28] });
    const at = nextMonth(18);
    const page = await monthlyPage(t.db, approved, at);
    const month = new Date(at + 8 * 3_600_000).toISOString().slice(0, 7);
    expect(page).toMatchObject({ activity: { id: a.id, status: 1 }, month, on: 1, next: { date: `${month}-28` } });
    expect(page.days).toEqual([
      { date: `${month}-08`, status: 2 },
      { date: `${month}-18`, status: 1 },
      { date: `${month}-28`, status: 0 },
    ]);
    expect(page.end_time).toBe(Math.floor(Date.parse(`${month}-19T00:00:00+08:00`) / 1000));
    expect(page.goods.length).toBeGreaterThan(0);
    for (const g of page.goods) expect(yuanToFen(g.activity_price!)).toBeLessThan(yuanToFen(g.base_price!));
    forgetPromotionContext(t.db);
    const specials = (await promotionContext(t.db, at)).specials.filter((o) => o.activity_id === a.id);
    expect(specials.map((o) => o.goods_id).sort()).toEqual(page.goods.map((g) => g.id).sort());
    forgetPromotionContext(t.db);
  });

  it('on another day counts down to the next member day and prices nothing, and guests see no prices', async () => {
    const [a] = await t.db.select().from(activities).where(eq(activities.type, 'monthly'));
    const at = nextMonth(19);
    const page = await monthlyPage(t.db, approved, at);
    const month = new Date(at + 8 * 3_600_000).toISOString().slice(0, 7);
    expect(page).toMatchObject({
      on: 0,
      end_time: null,
      next: { date: `${month}-28`, start_time: Math.floor(Date.parse(`${month}-28T00:00:00+08:00`) / 1000) },
    });
    expect((await promotionContext(t.db, at)).specials.filter((o) => o.activity_id === a.id)).toEqual([]);
    forgetPromotionContext(t.db);
    const res = await agent(t.app).get('/api/activity/yyh');
    expect(undeclared(res.body, okOf(Monthly).parse(res.body))).toEqual([]);
    const guest = res.body.data;
    expect(guest.goods.length).toBeGreaterThan(0);
    for (const g of guest.goods) expect(g).toMatchObject({ activity_price: null, base_price: null });
  });
});
