/** Answers of the promotion calls: the flash sale (秒杀) and the daily specials (每日特价). */
import { z } from 'zod';
import { money, unixTime } from './envelope.js';
import { Goods } from './goods.js';

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

export const DailySpecials = z.object({
  date: z.string().meta({ description: 'today in China, YYYY-MM-DD' }),
  weekday: z.number().int().min(1).max(7).meta({ description: '1 Monday ... 7 Sunday, China time' }),
  end_time: unixTime.meta({ description: "when these specials end: midnight China time (or the activity's end, if sooner)" }),
  name: z.string().meta({ description: "the activity's name (每日特价 when none runs)" }),
  goods: z.array(PromoGoods),
  timestamp: unixTime.meta({ description: "the server's clock, which the browser's countdowns follow" }),
});
export type DailySpecials = z.infer<typeof DailySpecials>;
