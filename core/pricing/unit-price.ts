/**
 * Step 1: what the units of a line cost. The ladder tier by quantity, a flash-sale or daily-special price
 * for as many units as the account may still buy at it, or a combination's bundle price.
 */
import { checkCount, checkFen, sum, times } from './arithmetic.js';
import type { Bundle, Fen, LinePromo, NearBatch, OfferStatus, PriceOffer, PriceSegment, PricingGoods } from './types.js';

/** The unit price at a quantity: the tier with the largest `number` not above it, else `base_price`. */
export function ladderUnitPrice(goods: PricingGoods, number: number): { price: Fen; tier: boolean } {
  let price = checkFen(goods.base_price, 'base_price');
  let reached = -1;
  if (goods.ladder_price_type !== 0) {
    for (const tier of goods.ladder_price ?? []) {
      checkFen(tier.price, 'ladder_price.price');
      checkCount(tier.number, 'ladder_price.number');
      // Strictly greater: of two tiers with one quantity the first listed wins, whatever the order of reading.
      if (tier.number <= number && tier.number > reached) {
        reached = tier.number;
        price = tier.price;
      }
    }
  }
  return { price, tier: reached >= 0 };
}

/**
 * Of several offers of one goods (one per flash-sale session), the one that holds at `now`, cheapest first;
 * else the next to start; else the last to have ended. Ties go to the lower activity id.
 */
export function chooseOffer(offers: readonly PriceOffer[], now: number): PriceOffer | undefined {
  const by = (a: PriceOffer, b: PriceOffer) => a.activity_id - b.activity_id;
  const on = offers.filter((o) => o.starts_at <= now && now < o.ends_at).sort((a, b) => a.price - b.price || by(a, b));
  if (on.length) return on[0];
  const coming = offers.filter((o) => now < o.starts_at).sort((a, b) => a.starts_at - b.starts_at || by(a, b));
  if (coming.length) return coming[0];
  return [...offers].sort((a, b) => b.ends_at - a.ends_at || by(a, b))[0];
}

/**
 * Units still available at the offer's price for this account: its daily limit less what it bought today,
 * not above what is left of the day's quota, less what earlier lines of this cart already take.
 * null: no limit at all.
 */
export function offerRemaining(offer: PriceOffer, takenByEarlierLines = 0): { remaining: number | null; cause: 'limit' | 'quota' | null } {
  const byLimit = offer.limit_per_user > 0 ? Math.max(0, offer.limit_per_user - offer.bought_today) : null;
  const byQuota = offer.quota > 0 ? Math.max(0, offer.quota - offer.sold_today) : null;
  if (byLimit === null && byQuota === null) return { remaining: null, cause: null };
  const left = byLimit === null ? byQuota! : byQuota === null ? byLimit : Math.min(byLimit, byQuota);
  const remaining = Math.max(0, left - takenByEarlierLines);
  // Name the account's own limit when it is what ran out: the buyer can act on that one (come back tomorrow).
  const cause = byLimit !== null && (byQuota === null || byLimit <= byQuota) ? 'limit' : 'quota';
  return { remaining, cause };
}

const LABEL = { spike: '秒杀', everyday: '每日特价' } as const;

function message(kind: 'spike' | 'everyday', status: OfferStatus, rest: number): string {
  const label = LABEL[kind];
  switch (status) {
    case 'on':
      return rest > 0 ? `超出${label}限购的${rest}件按原价计算` : '';
    case 'not_started':
      return `${label}尚未开始，按原价计算`;
    case 'ended':
    case 'none':
      return `${label}已结束，按原价计算`;
    case 'limit_reached':
      return `今日${label}限购已用完，按原价计算`;
    case 'sold_out':
      return `${label}已抢光，按原价计算`;
    case 'not_cheaper':
      return `当前数量的价格低于${label}价，按当前价格计算`;
  }
}

export type UnitPricing = {
  unit_price: Fen;
  segments: PriceSegment[];
  amount: Fen;
  promo: LinePromo | null;
  /** Units at the offer's price: the cart counts them against the account's limit. */
  promo_units: number;
  /** Units at the normal price and what they cost: only these take part in the goods activities of steps 2-4. */
  base_units: number;
  base: Fen;
};

/**
 * Prices a plain (type 0) or flash-sale (type 1) line. `offer` is the flash sale of a type 1 line or the
 * daily special of a type 0 line; `kind` says which, and `taken` is what earlier lines of the cart already
 * bought at that price.
 */
export function priceUnits(
  goods: PricingGoods,
  number: number,
  kind: 'spike' | 'everyday' | null,
  offer: PriceOffer | undefined,
  now: number,
  taken = 0,
): UnitPricing {
  checkCount(number, 'number', 1);
  const normal = ladderUnitPrice(goods, number);
  const source = normal.tier ? 'ladder' : 'base';
  let promo: LinePromo | null = null;
  let promoUnits = 0;
  let promoPrice = 0;
  if (kind && offer) {
    checkFen(offer.price, 'offer price');
    for (const key of ['limit_per_user', 'bought_today', 'quota', 'sold_today'] as const) checkCount(offer[key], key);
    const { remaining, cause } = offerRemaining(offer, taken);
    let status: OfferStatus;
    if (now < offer.starts_at) status = 'not_started';
    else if (now >= offer.ends_at) status = 'ended';
    else if (remaining === 0) status = cause === 'quota' ? 'sold_out' : 'limit_reached';
    // A promotion never costs the buyer more: a tier below the offer's price wins and keeps the limit unused.
    else if (offer.price >= normal.price) status = 'not_cheaper';
    else status = 'on';
    if (status === 'on') {
      promoUnits = remaining === null ? number : Math.min(number, remaining);
      promoPrice = offer.price;
    }
    promo = {
      kind,
      activity_id: offer.activity_id,
      price: offer.price,
      status,
      remaining,
      applied: promoUnits,
      message: message(kind, status, number - promoUnits),
    };
  } else if (kind === 'spike') {
    // A flash-sale line whose session is no longer listed: it stays in the cart at the normal price.
    promo = { kind, activity_id: null, price: null, status: 'none', remaining: null, applied: 0, message: message(kind, 'none', number) };
  }
  const segments: PriceSegment[] = [];
  if (promoUnits > 0) {
    segments.push({ source: kind!, activity_id: offer!.activity_id, price: promoPrice, number: promoUnits, amount: times(promoPrice, promoUnits) });
  }
  const baseUnits = number - promoUnits;
  const base = times(normal.price, baseUnits);
  if (baseUnits > 0) segments.push({ source, activity_id: null, price: normal.price, number: baseUnits, amount: base });
  const amount = segments.reduce((s, seg) => s + seg.amount, 0);
  if (!Number.isSafeInteger(amount)) throw new RangeError('line amount out of range');
  return { unit_price: normal.price, segments, amount, promo, promo_units: promoUnits, base_units: baseUnits, base };
}

/** A combination line: the bundle's fixed price for each bundle; no other goods promotion applies to it. */
export function priceBundle(bundle: Bundle, number: number): UnitPricing {
  checkCount(number, 'number', 1);
  const price = checkFen(bundle.price, 'bundle price');
  const amount = times(price, number);
  return {
    unit_price: price,
    segments: [{ source: 'combination', activity_id: bundle.activity_id ?? null, price, number, amount }],
    amount,
    promo: null,
    promo_units: 0,
    base_units: 0,
    base: 0,
  };
}

/**
 * Prices a near-expiry line (type 4) at its batches' own prices, first-expiring first: a segment per price as the
 * units pass from one batch to the next (units beyond the batches at the last one's price; the line is then short
 * of stock and does not count). No tier, offer or goods activity applies: `base_units` and `base` stay 0.
 */
export function priceNear(batches: readonly NearBatch[], number: number): UnitPricing {
  const segments: PriceSegment[] = [];
  let left = number;
  batches.forEach((b, i) => {
    const units = i === batches.length - 1 ? left : Math.min(left, Math.max(0, b.number));
    if (units <= 0) return;
    left -= units;
    const last = segments.at(-1);
    if (last && last.price === b.price) {
      last.number += units;
      last.amount = times(b.price, last.number);
    } else segments.push({ source: 'near', activity_id: null, price: b.price, number: units, amount: times(b.price, units) });
  });
  const amount = sum(segments.map((s) => s.amount));
  return { unit_price: segments[0]?.price ?? 0, segments, amount, promo: null, promo_units: 0, base_units: 0, base: 0 };
}
