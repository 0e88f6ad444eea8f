/** The flash sale and the daily specials as the home page and /mrtj show them, on China time. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, inArray } from 'drizzle-orm';
import type { z } from 'zod';
import { okOf } from '../../../core/schemas/envelope.js';
import { DailySpecials, Spike } from '../../../core/schemas/promotions.js';
import { activities, activityGoods, goods, promoSales, users } from '../../db/schema/index.js';
import { undeclared } from '../../http/serializer.js';
import { agent, buildTestApp, dbLabel, loginAs, type TestApp } from '../../testing.js';
import type { Viewer } from '../catalogue/viewer.js';
import { chinaDay } from './clock.js';
import { forgetPromotionContext } from './context.js';
import { goodsOffer } from './goods-offer.js';
import { everydaySpecials, spike } from './service.js';

let t: TestApp;
let demo: ReturnType<typeof agent>;
beforeAll(async () => {
  t = await buildTestApp({ goods: 300 });
  demo = await loginAs(t.app, 'demo');
});
afterAll(async () => t?.close());

/**
 * An instant at China wall-clock time `hhmm` on a day of next week: `day` 1 is next Monday, 2 Tuesday, ...,
 * 8 the Monday after (the demo promotions run for a year from the seed day).
 */
const nextMonday = (() => {
  const today = chinaDay(Date.now());
  return chinaDay(today.start, 8 - today.weekday).start;
})();
const china = (day: number, hhmm: string) => {
  const [h, m] = hhmm.split(':').map(Number);
  return nextMonday + (day - 1) * 86_400_000 + (h * 60 + m) * 60_000;
};
const dateOf = (ms: number) => new Date(ms + 8 * 3_600_000).toISOString().slice(0, 10);
const approved: Viewer = { userId: 1, approved: true, special: false, priceTip: null };

type SpikeGoods = {
  id: number;
  base_price: string | null;
  activity_price: string | null;
  price_tip: string | null;
  tags: string[];
  limit: number;
};

describe(`China time`, () => {
  it('reads the weekday and midnight in China whatever the server zone', () => {
    // 17:30 UTC on a Monday is already Tuesday 01:30 in China.
    const late = chinaDay(Date.parse('2026-11-23T17:30:00Z'));
    expect(late).toMatchObject({ date: '2026-11-24', weekday: 2 });
    expect(new Date(late.start).toISOString()).toBe('2026-11-23T16:00:00.000Z');
    expect(chinaDay(china(7, '12:00')).weekday).toBe(7);
    expect(chinaDay(china(1, '00:00')).weekday).toBe(1);
  });
});

describe(`flash sale on ${dbLabel}`, () => {
  it('shows the morning session at 09:00 with its end time, cheaper than the base price', async () => {
    const s = await spike(t.db, approved, china(2, '09:00'));
    expect(s.sessions.map((x) => x.name)).toEqual(['早场秒杀', '午场秒杀', '晚场秒杀']);
    expect(s.current).toMatchObject({ name: '早场秒杀', status: 1, start_time: china(2, '08:00') / 1000, end_time: china(2, '12:00') / 1000 });
    expect(s.sessions.map((x) => x.status)).toEqual([1, 0, 0]);
    expect(s.goods.length).toBe(8);
    for (const g of s.goods as SpikeGoods[]) {
      expect(Number(g.activity_price)).toBeLessThan(Number(g.base_price));
      expect(Number(g.activity_price)).toBeGreaterThan(0);
      expect(g.tags).toContain('秒');
      expect(g.limit).toBeGreaterThan(0);
    }
  });

  it('counts down to the morning session before 08:00 and shows the evening session until midnight', async () => {
    const early = await spike(t.db, approved, china(2, '06:30'));
    expect(early.current).toMatchObject({ name: '早场秒杀', status: 0, start_time: china(2, '08:00') / 1000 });
    const late = await spike(t.db, approved, china(2, '23:59'));
    expect(late.current).toMatchObject({ name: '晚场秒杀', status: 1, end_time: china(3, '00:00') / 1000 });
    expect(late.sessions.map((x) => x.status)).toEqual([2, 2, 1]);
  });

  it('shows each session its own goods', async () => {
    const morning = await spike(t.db, approved, china(2, '09:00'));
    const afternoon = await spike(t.db, approved, china(2, '13:00'));
    const ids = (s: typeof morning) => s.goods.map((g) => g.id);
    expect(ids(afternoon).filter((id) => ids(morning).includes(id))).toEqual([]);
  });

  it('hides activity prices from guests and members waiting for review, over HTTP', async () => {
    const pending = await loginAs(t.app, 'pending');
    for (const [who, tip] of [
      [agent(t.app), '登录可见'],
      [pending, '资质审核通过后可见'],
    ] as const) {
      const { body } = await who.get('/api/index/spike');
      expect(body.code).toBe(10000);
      expect(Math.abs(body.data.timestamp - Date.now() / 1000)).toBeLessThan(5);
      expect(body.data.current).not.toBeNull();
      for (const g of body.data.goods as SpikeGoods[]) {
        expect(g.activity_price).toBeNull();
        expect(g.base_price).toBeNull();
        expect(g.price_tip).toBe(tip);
      }
    }
    const { body } = await demo.get('/api/index/spike');
    for (const g of body.data.goods as SpikeGoods[]) expect(g.activity_price).toMatch(/^\d+\.\d{2}$/);
  });
});

describe(`a goods' offer on its product page on ${dbLabel}`, () => {
  it('shows the morning session of a morning goods at 09:00 with its price and end, and its start at 07:00', async () => {
    const morning = await spike(t.db, approved, china(2, '09:00'));
    const g = morning.goods[0];
    const on = await goodsOffer(t.db, approved, g.id, china(2, '09:00'));
    expect(on.offer).toMatchObject({ kind: 'spike', name: '早场秒杀', status: 1, price: g.activity_price, limit: g.limit });
    expect(on.offer!.end_time * 1000).toBe(china(2, '12:00'));
    const before = await goodsOffer(t.db, approved, g.id, china(2, '07:00'));
    expect(before.offer).toMatchObject({ kind: 'spike', status: 0 });
    expect(before.offer!.start_time * 1000).toBe(china(2, '08:00'));
    const after = await goodsOffer(t.db, approved, g.id, china(2, '13:00'));
    expect(after.offer?.kind ?? null).not.toBe('spike');
  });

  it("shows a Monday special's price all Monday long, and nothing on Tuesday when it is on no offer then", async () => {
    const monday = await everydaySpecials(t.db, approved, china(1, '10:00'));
    const tuesdayIds = (await everydaySpecials(t.db, approved, china(2, '10:00'))).goods.map((g) => g.id);
    const g = monday.goods.find((x) => !tuesdayIds.includes(x.id))!;
    const on = await goodsOffer(t.db, approved, g.id, china(1, '10:00'));
    expect(on.offer).toMatchObject({ kind: 'everyday', status: 1, price: g.activity_price, limit: g.limit });
    expect(on.offer!.end_time * 1000).toBe(china(2, '00:00'));
    const tuesday = await goodsOffer(t.db, approved, g.id, china(2, '10:00'));
    expect(tuesday.offer?.kind ?? null).not.toBe('everyday');
  });

  it("tells the buyer what is left of the day's limit after today's orders, over HTTP, and hides the price from a guest", async () => {
    const [g] = await t.db.select().from(goods).where(eq(goods.isKx, false)).limit(1);
    const now = Date.now();
    const [a] = await t.db
      .insert(activities)
      .values({ type: 'spike', name: '全天秒杀', startsAt: new Date(now - 3_600_000), endsAt: new Date(now + 86_400_000), dailyStart: 0, dailyEnd: 1440 })
      .returning({ id: activities.id });
    try {
      await t.db.insert(activityGoods).values({ activityId: a.id, goodsId: g.id, price: 1234, limitPerUser: g.zbz * 3, quota: 0 });
      const [u] = await t.db.select().from(users).where(eq(users.username, 'demo'));
      await t.db.insert(promoSales).values({ activityId: a.id, goodsId: g.id, userId: u.id, orderId: 0, number: g.zbz });
      forgetPromotionContext(t.db);
      const { body } = await demo.get(`/api/goods/offer/${g.id}`);
      expect(body.data.offer).toMatchObject({ kind: 'spike', name: '全天秒杀', price: '12.34', status: 1, limit: g.zbz * 3, remaining: g.zbz * 2 });
      expect(Math.abs(body.data.timestamp - now / 1000)).toBeLessThan(5);
      const guest = (await agent(t.app).get(`/api/goods/offer/${g.id}`)).body.data.offer;
      expect(guest).toMatchObject({ price: null, remaining: null, limit: g.zbz * 3 });
    } finally {
      await t.db.delete(promoSales).where(eq(promoSales.activityId, a.id));
      await t.db.delete(activities).where(eq(activities.id, a.id));
      forgetPromotionContext(t.db);
    }
  });
});

describe(`daily specials on ${dbLabel}`, () => {
  it('offers ten goods a day, different on Monday and Tuesday, at a special price until midnight', async () => {
    const monday = await everydaySpecials(t.db, approved, china(1, '10:00'));
    const tuesday = await everydaySpecials(t.db, approved, china(2, '10:00'));
    expect(monday).toMatchObject({ date: dateOf(china(1, '10:00')), weekday: 1, end_time: china(2, '00:00') / 1000 });
    expect(monday.goods).toHaveLength(10);
    expect(tuesday.goods).toHaveLength(10);
    const mondayIds = monday.goods.map((g) => g.id);
    expect(tuesday.goods.filter((g) => mondayIds.includes(g.id))).toEqual([]);
    for (const g of monday.goods) {
      expect(Number(g.activity_price)).toBeLessThan(Number(g.base_price));
      expect(g.tags).toContain('特');
    }
  });

  it('answers over HTTP with prices only for approved members', async () => {
    const guest = (await agent(t.app).get('/api/activity/everyday_price')).body.data;
    expect(guest.goods.length).toBe(10);
    expect(guest.goods.every((g: SpikeGoods) => g.activity_price === null && g.price_tip === '登录可见')).toBe(true);
    const mine = (await demo.get('/api/activity/everyday_price')).body.data;
    expect(mine.goods.map((g: SpikeGoods) => g.id)).toEqual(guest.goods.map((g: SpikeGoods) => g.id));
    expect(mine.goods.every((g: SpikeGoods) => /^\d+\.\d{2}$/.test(g.activity_price ?? ''))).toBe(true);
  });

  it('never puts controlled-sale goods or goods that cannot be bought on promotion', async () => {
    const s = await spike(t.db, approved, china(2, '20:00'));
    const d = await everydaySpecials(t.db, approved, china(2, '20:00'));
    const ids = [...s.goods, ...d.goods].map((g) => g.id);
    const rows = await t.db.select().from(goods).where(inArray(goods.id, ids));
    expect(rows).toHaveLength(ids.length);
    for (const r of rows) {
      expect(r.isKx).toBe(false);
      expect(r.isBuy).toBe(true);
      expect(r.number).toBeGreaterThan(0);
    }
  });
});

describe(`the server clock on ${dbLabel}`, () => {
  it('gives the flash sale and the daily specials one timestamp, taken at the reply', async () => {
    for (const url of ['/api/index/spike', '/api/activity/everyday_price']) {
      const raw = await t.app.inject({ method: 'GET', url });
      expect(raw.payload.match(/"timestamp":/g)).toHaveLength(1);
      expect(Math.abs(raw.json().data.timestamp - Date.now() / 1000)).toBeLessThan(5);
    }
  });
});

/** Both answers are kept as JSON text and sent past the serializer: their schemas are proven complete here. */
describe(`kept answers and their schemas on ${dbLabel}`, () => {
  it('sends the flash sale and the daily specials exactly as core/schemas/promotions.ts declares them', async () => {
    const pending = await loginAs(t.app, 'pending');
    for (const [url, schema] of [
      ['/api/index/spike', Spike],
      ['/api/activity/everyday_price', DailySpecials],
    ] as [string, z.ZodType][]) {
      for (const who of [agent(t.app), pending, demo]) {
        const { body } = await who.get(url);
        expect(undeclared(body, okOf(schema).parse(body))).toEqual([]);
      }
    }
  });
});
