/**
 * What the pricing engine needs to know of the promotions running at an instant: today's flash-sale sessions
 * and daily specials with their windows, the 94% off, manjian, gift and add-on activities, and the
 * combinations. Read for the whole site at once and kept a few seconds (activities change when an operator
 * edits them); what one account bought today at a limited price is read per account, with its pricing
 * (cart/pricing.ts, from sales.ts).
 */
import { and, eq, gt, inArray, isNotNull, isNull, lte, sql } from 'drizzle-orm';
import type {
  Bundle,
  CashbackActivity,
  GiftActivity,
  HuangouActivity,
  ManjianActivity,
  PriceOffer,
  PricingGoods,
  WelfareActivity,
} from '../../../core/pricing/index.js';
import type { Db } from '../../db/client.js';
import { activities, activityGoods, combinations } from '../../db/schema/promotions.js';
import type { PricingRow } from '../catalogue/index.js';
import { cachedResult, forgetResult } from '../../http/cache.js';
import { atMinute, chinaDay, tiersOf, type ChinaDay } from './clock.js';

export type OfferBase = Omit<PriceOffer, 'bought_today' | 'sold_today'>;

export type PromotionContext = {
  /** Flash-sale offers of today's sessions (windows may lie ahead or behind `now`). */
  spikes: OfferBase[];
  /** Today's daily specials, valid until midnight China time. */
  specials: OfferBase[];
  welfare: WelfareActivity | null;
  manjians: ManjianActivity[];
  /** 满返: measured on what an order pays for its goods, granted when the order completes. */
  cashbacks: CashbackActivity[];
  gifts: GiftActivity[];
  /** Add-on offers carry their goods' ids; the goods themselves are read with the cart. */
  huangous: (Omit<HuangouActivity, 'offers'> & { offers: { goods_id: number; price: number; limit: number }[] })[];
  combinations: { id: number; activity_id: number | null; name: string; price: number; items: { goods_id: number; number: number }[] }[];
  /** The start of today in China, for "bought today". */
  dayStart: number;
};

type Rules = Record<string, unknown>;
const NO_IDS: number[] = [];
const num = (v: unknown, fallback = 0) => (typeof v === 'number' && Number.isFinite(v) ? v : fallback);

/**
 * The goods listed without a price, by activity, as one comma-joined string each: a 94% off or manjian
 * activity may cover tens of thousands of goods, and one string per activity is read far faster than a
 * row per goods (on PGlite every row is parsed in JavaScript, on the one connection).
 */
async function activityGoodsIds(db: Db, ids: number[]): Promise<Map<number, number[]>> {
  if (!ids.length) return new Map();
  const rows = await db
    .select({ activityId: activityGoods.activityId, ids: sql<string>`string_agg(${activityGoods.goodsId}::text, ',' order by ${activityGoods.goodsId})` })
    .from(activityGoods)
    .where(and(inArray(activityGoods.activityId, ids), isNull(activityGoods.price)))
    .groupBy(activityGoods.activityId);
  return new Map(rows.map((r) => [r.activityId, r.ids.split(',').map(Number)]));
}

/**
 * The goods lists change only with a console write, which drops every kept answer: they are kept far longer than
 * the context, whose state follows the clock (sessions, today's specials), and the same arrays reach every
 * context in between, so the pricing engine's sets of them (goodsSet) are made once too. At 100,000 goods the
 * lists of the seed's activities are some 60,000 ids, a statement of some 50 ms on PGlite's one connection.
 */
const GOODS_LISTS_TTL_MS = 10 * 60_000;
const listsKeys = new WeakMap<Db, unknown[]>();
function keptActivityGoodsIds(db: Db, ids: number[]) {
  const key = ['activity-goods-ids', [...ids].sort((a, b) => a - b)];
  listsKeys.set(db, key);
  return cachedResult(db, key, () => activityGoodsIds(db, ids), GOODS_LISTS_TTL_MS);
}

type ActivityRow = typeof activities.$inferSelect;
type PricedLine = typeof activityGoods.$inferSelect & { price: number };

/** What a running activity reads of the day and of its goods. */
type Reading = {
  now: number;
  today: ChinaDay;
  /** The activity's priced lines (flash sale, daily specials, add-on offers). */
  pricedOf: (id: number) => PricedLine[];
  /** Every goods of the activity, priced or not (the 94% off, manjian and gift lists can be long). */
  goodsIdsOf: (id: number) => number[];
  /** The goods listed without a price. */
  plainOf: (id: number) => number[];
};

const live = (a: ActivityRow, now: number) => a.startsAt.getTime() <= now && a.endsAt.getTime() > now;

/** Offers of an activity's priced lines, for a window. */
function addOffers(to: OfferBase[], a: ActivityRow, lines: PricedLine[], start: number, end: number) {
  for (const l of lines) {
    to.push({
      activity_id: a.id,
      goods_id: l.goodsId,
      price: l.price,
      starts_at: start,
      ends_at: end,
      limit_per_user: l.limitPerUser,
      quota: l.quota,
    });
  }
}

async function load(db: Db, now: number): Promise<PromotionContext> {
  const today = chinaDay(now);
  const running = await db
    .select()
    .from(activities)
    .where(and(eq(activities.isShow, true), lte(activities.startsAt, new Date(today.start + 86_400_000)), gt(activities.endsAt, new Date(today.start))));
  const ids = running.map((a) => a.id);
  const [plain, pricedRows, bundles] = await Promise.all([
    keptActivityGoodsIds(db, ids),
    ids.length
      ? db
          .select()
          .from(activityGoods)
          .where(and(inArray(activityGoods.activityId, ids), isNotNull(activityGoods.price)))
      : [],
    db.select().from(combinations).where(eq(combinations.isShow, true)),
  ]);
  const priced = pricedRows.flatMap((l) => (l.price === null ? [] : [{ ...l, price: l.price }]));
  const pricedOf = (id: number) => priced.filter((l) => l.activityId === id);
  const reading: Reading = {
    now,
    today,
    pricedOf,
    goodsIdsOf: (id) => {
      const listed = plain.get(id) ?? NO_IDS;
      const withPrice = pricedOf(id);
      return withPrice.length ? [...listed, ...withPrice.map((l) => l.goodsId)] : listed;
    },
    plainOf: (id) => plain.get(id) ?? [],
  };
  const ctx: PromotionContext = {
    spikes: [],
    specials: [],
    welfare: null,
    manjians: [],
    cashbacks: [],
    gifts: [],
    huangous: [],
    combinations: [],
    dayStart: today.start,
  };
  for (const a of running) addActivity(ctx, a, reading);
  // A bundle is on offer while its 组合购 activity runs (one without an activity always).
  const liveCombinations = new Set(running.filter((a) => a.type === 'combination' && live(a, now)).map((a) => a.id));
  ctx.combinations = bundles
    .filter((b) => b.activityId === null || liveCombinations.has(b.activityId))
    .sort((a, b) => a.sort - b.sort || a.id - b.id)
    .map((b) => ({ id: b.id, activity_id: b.activityId, name: b.name, price: b.price, items: b.items }));
  return ctx;
}

/** Puts what a running activity offers at `now` (or today, for its sessions) into the context. */
function addActivity(ctx: PromotionContext, a: ActivityRow, { now, today, pricedOf, goodsIdsOf, plainOf }: Reading) {
  const rules = a.rules as Rules;
  switch (a.type) {
    case 'spike': {
      const start = Math.max(atMinute(today, a.dailyStart ?? 0), a.startsAt.getTime());
      const end = Math.min(atMinute(today, a.dailyEnd ?? 1440), a.endsAt.getTime());
      if (start < end) addOffers(ctx.spikes, a, pricedOf(a.id), start, end);
      break;
    }
    case 'everyday': {
      if (!live(a, now)) break;
      const end = Math.min(chinaDay(now, 1).start, a.endsAt.getTime());
      const lines = pricedOf(a.id).filter((l) => l.weekday === 0 || l.weekday === today.weekday);
      addOffers(ctx.specials, a, lines, today.start, end);
      break;
    }
    case 'monthly': {
      // 月月惠: its goods are on special all day on the member days of the month, like a daily special.
      const days = Array.isArray(rules.days) ? (rules.days as unknown[]).map(Number) : [];
      if (!live(a, now) || !days.includes(Number(today.date.slice(8, 10)))) break;
      addOffers(ctx.specials, a, pricedOf(a.id), today.start, Math.min(chinaDay(now, 1).start, a.endsAt.getTime()));
      break;
    }
    case 'welfare':
      if (live(a, now) && !ctx.welfare) ctx.welfare = { id: a.id, name: a.name, rate: num(rules.rate, 100), goods_ids: goodsIdsOf(a.id) };
      break;
    case 'manjian':
      if (live(a, now)) {
        ctx.manjians.push({
          id: a.id,
          name: a.name,
          goods_ids: goodsIdsOf(a.id),
          tiers: tiersOf(a, 'reduce').map((t) => ({ amount: t.amount, reduce: t.value })),
        });
      }
      break;
    case 'cashback':
      if (live(a, now)) {
        ctx.cashbacks.push({
          id: a.id,
          name: a.name,
          goods_ids: goodsIdsOf(a.id),
          tiers: tiersOf(a, 'back').map((t) => ({ amount: t.amount, back: t.value })),
        });
      }
      break;
    case 'gift':
      if (live(a, now)) {
        const gift = (rules.gift ?? {}) as Rules;
        ctx.gifts.push({
          id: a.id,
          name: a.name,
          goods_ids: goodsIdsOf(a.id),
          per: rules.per === 'activity' ? 'activity' : 'line',
          by: rules.by === 'amount' ? 'amount' : 'number',
          threshold: num(rules.threshold, 1),
          type: rules.type === 2 ? 2 : 1,
          gift: {
            goods_id: num(gift.goods_id),
            name: typeof gift.name === 'string' ? gift.name : undefined,
            number: num(gift.number, 1),
            stock: typeof gift.stock === 'number' ? gift.stock : undefined,
          },
        });
      }
      break;
    case 'huangou':
      if (live(a, now)) {
        // Goods listed with a price are the add-ons; the others are the goods that reach the threshold.
        ctx.huangous.push({
          id: a.id,
          name: a.name,
          goods_ids: plainOf(a.id),
          threshold: num(rules.threshold),
          offers: pricedOf(a.id).map((l) => ({ goods_id: l.goodsId, price: l.price, limit: l.limitPerUser })),
        });
      }
      break;
  }
}

/** Renewed in the background after half of this (cache.ts), never served older. */
const TTL_MS = 10_000;
const keyOf = (now: number) => ['promotions', chinaDay(now).start];

/**
 * The promotions at `now`, shared for a few seconds (and never across midnight in China). An older one is
 * still served while one request reads the next, so that requests do not queue behind the reading.
 */
export function promotionContext(db: Db, now = Date.now()): Promise<PromotionContext> {
  return cachedResult(db, keyOf(now), () => load(db, now), TTL_MS);
}

/** Drops the kept promotions (after an operator's change, and in tests). */
export function forgetPromotionContext(db: Db) {
  forgetResult(db, keyOf(Date.now()));
  const lists = listsKeys.get(db);
  if (lists) forgetResult(db, lists);
}

/** A goods row as the pricing engine reads it. */
export function pricingGoods(g: PricingRow): PricingGoods {
  return {
    id: g.id,
    base_price: g.basePrice,
    ladder_price: g.ladderPrice,
    ladder_price_type: g.ladderPriceType,
    is_buy: g.isBuy && g.isOnSale,
    number: g.number,
    is_free_shipping: g.isFreeShipping,
    free_shipping_number: g.freeShippingNumber,
    category_id: g.categoryId,
  };
}

/** A combination with its goods, for a cart line of type 3. */
export function bundleOf(c: PromotionContext['combinations'][number], goodsById: Map<number, PricingRow>): Bundle | null {
  const items = c.items.map((i) => ({ goods: goodsById.get(i.goods_id), number: i.number }));
  if (items.some((i) => !i.goods)) return null;
  return { id: c.id, activity_id: c.activity_id ?? undefined, price: c.price, items: items.map((i) => ({ goods: pricingGoods(i.goods!), number: i.number })) };
}
