/** Answers of the promotion calls: the flash sale (秒杀) and the daily specials (每日特价). */
import { z } from 'zod';
import { page } from './common.js';
import { bit, money, pageOf, unixTime } from './envelope.js';
import { Goods, GOODS_SORTS } from './goods.js';

/** Goods on a promotion: the activity's price (hidden like every price) and the per-account daily limit. */
export const PromoGoods = Goods.extend({
  activity_id: z.number().int(),
  activity_price: money.nullable().meta({ description: 'the price during the activity; null where the viewer may not see prices' }),
  limit: z.number().int().meta({ description: 'units one account may buy at this price a day; 0 no limit' }),
});
export type PromoGoods = z.infer<typeof PromoGoods>;

/** Flash-sale goods also carry the day's quota. */
const SpikeGoods = PromoGoods.extend({
  quota: z.number().int().meta({ description: 'units offered at this price a day, to everybody together; 0 as many as the stock' }),
});
type SpikeGoods = z.infer<typeof SpikeGoods>;

/** A flash-sale session (场次): a daily window of its activity, on China time. */
export const SpikeSession = z.object({
  id: z.number().int().meta({ description: 'the activity' }),
  name: z.string(),
  start_time: unixTime,
  end_time: unixTime,
  status: z.union([z.literal(0), z.literal(1), z.literal(2)]).meta({ description: '0 not started yet, 1 on now, 2 over' }),
});
export type SpikeSession = z.infer<typeof SpikeSession>;

export const Spike = z.object({
  sessions: z.array(SpikeSession).meta({ description: "today's sessions, by start time" }),
  current: SpikeSession.nullable().meta({
    description: "the session on now (status 1), else the next to start (status 0, today's or tomorrow's first); null when none is planned",
  }),
  goods: z.array(SpikeGoods).meta({ description: 'the goods of `current`' }),
  timestamp: unixTime.meta({ description: "the server's clock, which the browser's countdowns follow" }),
});
export type Spike = z.infer<typeof Spike>;

/** The price a goods sells at now, or later today, on a flash sale or a daily special (its product page). */
export const GoodsOffer = z.object({
  offer: z
    .object({
      kind: z.enum(['spike', 'everyday']).meta({ description: 'spike 秒杀; everyday 每日特价 (or a 月月惠 member day, priced alike)' }),
      activity_id: z.number().int(),
      name: z.string().meta({ description: "the activity's name: 早场秒杀, 每日特价 ..." }),
      price: money.nullable().meta({ description: 'the price during the offer; null where the viewer may not see prices' }),
      start_time: unixTime,
      end_time: unixTime,
      status: z.union([z.literal(0), z.literal(1)]).meta({ description: '0 starts later today, 1 on now' }),
      limit: z.number().int().meta({ description: 'units one account may buy at this price a day; 0 no limit' }),
      remaining: z.number().int().nullable().meta({
        description: "units this account may still buy at this price today (its limit less today's orders, within the day's quota); null: no limit, or a guest",
      }),
    })
    .nullable()
    .meta({ description: "the flash sale on now, else the goods' daily special, else a flash-sale session later today; null when none" }),
  timestamp: unixTime.meta({ description: "the server's clock, which the browser's countdown follows" }),
});
export type GoodsOffer = z.infer<typeof GoodsOffer>;

export const DailySpecials = z.object({
  date: z.string().meta({ description: 'today in China, YYYY-MM-DD' }),
  weekday: z.number().int().min(1).max(7).meta({ description: '1 Monday ... 7 Sunday, China time' }),
  end_time: unixTime.meta({ description: "when these specials end: midnight China time (or the activity's end, if sooner)" }),
  name: z.string().meta({ description: "the activity's name (每日特价 when none runs)" }),
  goods: z.array(PromoGoods),
  timestamp: unixTime.meta({ description: "the server's clock, which the browser's countdowns follow" }),
});
export type DailySpecials = z.infer<typeof DailySpecials>;

/** A promotion page's activity (94折, 组合购, 满返): its window on the server clock and where it stands. */
export const PageActivity = z.object({
  id: z.number().int(),
  name: z.string(),
  description: z.string().meta({ description: 'the rules as the page shows them' }),
  start_time: unixTime,
  end_time: unixTime,
  status: z.union([z.literal(0), z.literal(1), z.literal(2)]).meta({ description: '0 not started yet, 1 on now, 2 over' }),
});
export type PageActivity = z.infer<typeof PageActivity>;

/** `GET /api/activity/welfare`: a page of the activity's goods in the order asked. */
export const welfareQuery = z.object({
  page: page(),
  sort: z.enum(GOODS_SORTS, { error: '排序方式格式不正确' }).optional().default('default'),
  order: z.enum(['asc', 'desc'], { error: '排序方向格式不正确' }).optional(),
});

export const Welfare = z.object({
  activity: PageActivity.extend({ rate: z.number().int().meta({ description: 'percent paid: 94 is 94折' }) })
    .nullable()
    .meta({ description: 'the activity on now, else the next to start, else the last one over; null when there is none' }),
  goods: pageOf(PromoGoods).extend({ total_more: bit }).meta({
    description: '`activity_price` is the unit price at the rate, rounded down to the fen (the cart takes the rate off each line amount)',
  }),
  timestamp: unixTime.meta({ description: "the server's clock, which the browser's countdowns follow" }),
});
export type Welfare = z.infer<typeof Welfare>;

/** A bundle (套餐) of 组合购: its goods and quantities, its price against the goods' separate prices. */
export const BundleOffer = z.object({
  id: z.number().int(),
  name: z.string(),
  price: money.nullable().meta({ description: 'the bundle price; null where the viewer may not see prices' }),
  separate_price: money.nullable().meta({ description: "the members' prices times their quantities" }),
  saving: money.nullable(),
  stock: z.number().int().meta({ description: "bundles the members' stock makes up now" }),
  is_buy: bit.meta({ description: '1 when every member may be bought and at least one bundle is in stock' }),
  items: z.array(z.object({ goods: Goods, number: z.number().int().meta({ description: 'units of the goods in one bundle' }) })),
});
export type BundleOffer = z.infer<typeof BundleOffer>;

export const Bundles = z.object({
  activity: PageActivity.nullable().meta({ description: 'the 组合购 activity on now, else the next, else the last one over' }),
  bundles: z.array(BundleOffer).meta({ description: 'the bundles on offer now (none before the start or after the end)' }),
  timestamp: unixTime,
});
export type Bundles = z.infer<typeof Bundles>;

/** `GET /api/activity/cashback` (满返): the tiers and a page of the activity's goods, in the goods list's sorts. */
export const Cashback = z.object({
  activity: PageActivity.extend({
    tiers: z
      .array(
        z.object({ amount: money.meta({ description: 'paid for the activity goods in one order' }), back: money.meta({ description: 'red packet granted' }) }),
      )
      .meta({ description: 'lowest first; an order gets the highest tier it reaches, as account red packet when it completes' }),
  })
    .nullable()
    .meta({ description: 'the activity on now, else the next to start, else the last one over; null when there is none' }),
  goods: pageOf(PromoGoods).extend({ total_more: bit }).meta({ description: '`activity_price` is the usual price: 满返 takes nothing off' }),
  timestamp: unixTime.meta({ description: "the server's clock, which the browser's countdowns follow" }),
});
export type Cashback = z.infer<typeof Cashback>;

/** `GET /api/activity/yyh` (月月惠): this month's member days, the one on now or the next, and the goods. */
export const Monthly = z.object({
  activity: PageActivity.nullable().meta({ description: 'the activity on now, else the next to start, else the last one over; null when there is none' }),
  month: z.string().meta({ description: 'this month in China, YYYY-MM' }),
  days: z
    .array(z.object({ date: z.string().meta({ description: 'YYYY-MM-DD' }), status: z.union([z.literal(0), z.literal(1), z.literal(2)]) }))
    .meta({ description: "this month's member days: 0 to come, 1 today, 2 past" }),
  on: bit.meta({ description: '1 while today is a member day: the goods cost `activity_price` until `end_time`' }),
  end_time: unixTime.nullable().meta({ description: 'when today’s member day ends (midnight China time); null when not on' }),
  next: z
    .object({ date: z.string(), start_time: unixTime })
    .nullable()
    .meta({ description: 'the next member day to come, within the activity; null when none is left' }),
  goods: z.array(PromoGoods).meta({ description: 'its goods with the member-day price and the per-account daily limit; a preview when not on' }),
  timestamp: unixTime.meta({ description: "the server's clock, which the browser's countdowns follow" }),
});
export type Monthly = z.infer<typeof Monthly>;
