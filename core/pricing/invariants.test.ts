/**
 * Properties that hold for any cart, promotions, coupons and red packet: the lines add up to the total to
 * the fen, nothing is negative, no discount exceeds what it discounts, limits hold, and the result depends
 * on nothing but the input.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { percentDown } from './arithmetic.js';
import { HOUR, NOW } from './fixtures.js';
import { priceCart } from './price-cart.js';
import { offerRemaining } from './unit-price.js';
import type { CouponScope, PricedCart, PricingGoods, PricingInput } from './types.js';

const GOODS_IDS = [1, 2, 3, 4, 5, 6, 7, 8];
const money = fc.oneof(fc.integer({ min: 0, max: 300_000 }), fc.constantFrom(0, 1, 99, 100, 9999, 10_000));
const percent = fc.oneof(
  fc.integer({ min: 0, max: 100 }),
  fc.integer({ min: 0, max: 10_000 }).map((bp) => bp / 100),
);
const goodsIds = fc.subarray(GOODS_IDS);

const goodsArb = (id: number): fc.Arbitrary<PricingGoods> =>
  fc.record({
    id: fc.constant(id),
    base_price: money,
    ladder_price: fc.array(fc.record({ number: fc.integer({ min: 0, max: 200 }), price: money }), { maxLength: 3 }),
    ladder_price_type: fc.constantFrom(0, 1, 1),
    is_buy: fc.constant(true),
    // Mostly in stock, so that most carts go through every step; sometimes short or sold out.
    number: fc.oneof({ arbitrary: fc.constant(100_000), weight: 4 }, { arbitrary: fc.integer({ min: 0, max: 1000 }), weight: 1 }),
    is_free_shipping: fc.boolean(),
    free_shipping_number: fc.integer({ min: 0, max: 50 }),
    category_id: fc.option(fc.integer({ min: 1, max: 3 }), { nil: null }),
  });

const pool = fc.tuple(...GOODS_IDS.map(goodsArb), fc.array(fc.integer({ min: 0, max: 7 }), { maxLength: 2 })).map((t) => {
  const goods = t.slice(0, GOODS_IDS.length) as PricingGoods[];
  // A few goods not for sale, chosen by index so the run stays reproducible from its seed.
  for (const k of t[GOODS_IDS.length] as number[]) goods[k] = { ...goods[k], is_buy: false };
  return goods;
});

const offersArb = fc
  .uniqueArray(
    fc.record({
      activity_id: fc.integer({ min: 1, max: 3 }),
      goods_id: fc.constantFrom(...GOODS_IDS),
      price: fc.oneof(fc.integer({ min: 0, max: 20_000 }), money),
      // Mostly on now; sometimes not started or over.
      starts_at: fc.integer({ min: -3, max: 1 }).map((h) => NOW + h * HOUR),
      hours: fc.oneof(fc.integer({ min: 1, max: 6 }), fc.constant(0)),
      limit_per_user: fc.integer({ min: 0, max: 20 }),
      bought_today: fc.oneof(fc.constant(0), fc.integer({ min: 0, max: 25 })),
      quota: fc.integer({ min: 0, max: 50 }),
      sold_today: fc.oneof(fc.constant(0), fc.integer({ min: 0, max: 60 })),
    }),
    { selector: (o) => `${o.activity_id}:${o.goods_id}`, maxLength: 10 },
  )
  .map((list) => list.map(({ hours, ...o }) => ({ ...o, ends_at: o.starts_at + hours * HOUR })));

const scopeArb: fc.Arbitrary<CouponScope> = fc.oneof(
  fc.constant({ kind: 'all' as const }),
  fc.record({ kind: fc.constant('categories' as const), ids: fc.subarray([1, 2, 3]) }),
  fc.record({ kind: fc.constant('goods' as const), ids: goodsIds }),
);

const inputArb: fc.Arbitrary<PricingInput> = fc
  .record({
    pool,
    lines: fc.array(
      fc.record({
        type: fc.constantFrom(0 as const, 0 as const, 1 as const, 3 as const),
        number: fc.oneof(fc.integer({ min: 1, max: 300 }), fc.integer({ min: 1, max: 12 })),
        // One line in six unselected: enough to cover the case, few enough to leave most carts busy.
        unselected: fc.integer({ min: 0, max: 5 }).map((n) => n === 0),
        g: fc.integer({ min: 0, max: 7 }),
        bundle: fc.option(
          fc.record({
            price: money,
            activity_id: fc.integer({ min: 1, max: 3 }),
            items: fc.array(fc.record({ g: fc.integer({ min: 0, max: 7 }), number: fc.integer({ min: 1, max: 5 }) }), { minLength: 1, maxLength: 3 }),
          }),
          { nil: null },
        ),
      }),
      { maxLength: 10 },
    ),
    spikes: offersArb,
    specials: offersArb,
    welfare: fc.option(fc.record({ id: fc.constant(1), rate: percent, goods_ids: goodsIds }), { nil: null }),
    manjians: fc.uniqueArray(
      fc.record({ id: fc.integer({ min: 1, max: 6 }), goods_ids: goodsIds, tiers: fc.array(fc.record({ amount: money, reduce: money }), { maxLength: 4 }) }),
      { selector: (a) => a.id, maxLength: 3 },
    ),
    gifts: fc.uniqueArray(
      fc.record({
        id: fc.integer({ min: 1, max: 6 }),
        goods_ids: goodsIds,
        per: fc.constantFrom('line' as const, 'activity' as const),
        by: fc.constantFrom('number' as const, 'amount' as const),
        threshold: fc.integer({ min: 1, max: 100_000 }),
        type: fc.constantFrom(1 as const, 2 as const),
        gift: fc.record({
          goods_id: fc.constant(50),
          number: fc.integer({ min: 1, max: 3 }),
          stock: fc.option(fc.integer({ min: 0, max: 10 }), { nil: undefined }),
        }),
      }),
      { selector: (a) => a.id, maxLength: 2 },
    ),
    huangous: fc.uniqueArray(
      fc.record({
        id: fc.integer({ min: 1, max: 6 }),
        goods_ids: goodsIds,
        threshold: fc.oneof(fc.integer({ min: 0, max: 20_000 }), money),
        offers: fc.uniqueArray(fc.record({ g: fc.integer({ min: 0, max: 7 }), price: money, limit: fc.integer({ min: 0, max: 5 }) }), {
          selector: (o) => o.g,
          maxLength: 3,
        }),
      }),
      { selector: (a) => a.id, maxLength: 2 },
    ),
    // Picks of the add-ons on offer (by position), and now and then of one that is not.
    addons: fc.array(
      fc.record({ h: fc.integer({ min: 0, max: 2 }), o: fc.integer({ min: 0, max: 2 }), number: fc.integer({ min: 1, max: 6 }), stray: fc.boolean() }),
      { maxLength: 4 },
    ),
    coupons: fc.uniqueArray(
      fc.record({
        id: fc.integer({ min: 1, max: 8 }),
        type: fc.constantFrom('manjian' as const, 'discount' as const),
        threshold: money,
        amount: money,
        rate: percent,
        max_discount: fc.integer({ min: 0, max: 5000 }),
        scope: scopeArb,
        // Mostly valid now; sometimes not started, expired or used.
        starts_at: fc.integer({ min: -3, max: 1 }).map((h) => NOW + h * HOUR),
        ends_at: fc.integer({ min: -1, max: 4 }).map((h) => NOW + h * HOUR),
        used: fc.integer({ min: 0, max: 4 }).map((n) => n === 0),
      }),
      { selector: (c) => c.id, maxLength: 5 },
    ),
    coupon_id: fc.oneof(fc.constant(null), fc.constant('best' as const), fc.integer({ min: 1, max: 8 })),
    red_packet: fc.option(fc.record({ balance: money, share_percent: percent, use: fc.boolean() }), { nil: null }),
    shipping: fc.record({ shipping_amount: fc.integer({ min: 0, max: 3000 }), no_trans_order_amount: money }),
  })
  .map(({ pool: goods, lines, huangous, addons, ...rest }) => ({
    ...rest,
    addons: addons.map((a) => {
      const offer = huangous[a.h]?.offers[a.o];
      return offer && !a.stray
        ? { activity_id: huangous[a.h].id, goods_id: goods[offer.g].id, number: a.number }
        : { activity_id: a.h + 1, goods_id: GOODS_IDS[a.o], number: a.number };
    }),
    now: NOW,
    lines: lines.map((l, i) => ({
      id: i + 1,
      type: l.type,
      number: l.number,
      is_selected: !l.unselected,
      goods: goods[l.g],
      combination:
        l.type === 3 && l.bundle
          ? {
              id: i + 1,
              price: l.bundle.price,
              activity_id: l.bundle.activity_id,
              items: l.bundle.items.map((it) => ({ goods: goods[it.g], number: it.number })),
            }
          : null,
    })),
    huangous: huangous.map((h) => ({ ...h, offers: h.offers.map((o) => ({ goods: goods[o.g], price: o.price, limit: o.limit })) })),
  }));

const MONEY_FIELDS = ['unit_price', 'amount', 'welfare_amount', 'goods_manjian_amount', 'coupon_amount', 'red_packet_amount', 'pay_amount'] as const;
const TOTAL_FIELDS = [
  'goods_amount',
  'welfare_amount',
  'manjian_amount',
  'coupon_amount',
  'red_packet_amount',
  'discount_amount',
  'shipping_amount',
  'pay_amount',
] as const;
const isFen = (v: number) => Number.isSafeInteger(v) && v >= 0;

function checkInvariants(input: PricingInput, cart: PricedCart) {
  const counted = cart.lines.filter((l) => l.counted);
  // The lines and shipping add up to the total, to the fen.
  expect(cart.lines.reduce((s, l) => s + l.pay_amount, 0) + cart.shipping_amount).toBe(cart.pay_amount);
  expect(cart.goods_amount - cart.discount_amount + cart.shipping_amount).toBe(cart.pay_amount);
  expect(cart.discount_amount).toBe(cart.welfare_amount + cart.manjian_amount + cart.coupon_amount + cart.red_packet_amount);
  for (const f of TOTAL_FIELDS) expect(isFen(cart[f]), f).toBe(true);

  for (const l of cart.lines) {
    for (const f of MONEY_FIELDS) expect(isFen(l[f]), f).toBe(true);
    expect(l.segments.reduce((s, seg) => s + seg.amount, 0)).toBe(l.amount);
    if (!l.counted) {
      // Listed, but it pays and saves nothing.
      expect(l).toMatchObject({
        is_selected: 0,
        pay_amount: 0,
        welfare_amount: 0,
        goods_manjian_amount: 0,
        coupon_amount: 0,
        red_packet_amount: 0,
        with_coupon: 0,
      });
      expect(l.excluded).not.toBeNull();
      continue;
    }
    // Each discount is at most what is left of the line when it comes.
    let left = l.amount;
    for (const d of [l.welfare_amount, l.goods_manjian_amount, l.coupon_amount, l.red_packet_amount]) {
      expect(d).toBeLessThanOrEqual(left);
      left -= d;
    }
    expect(l.pay_amount).toBe(left);
    if (l.coupon_amount > 0) expect(l.with_coupon).toBe(1);
  }

  // Manjian: the lines carry exactly the activity's reduction, and it is the highest tier reached.
  for (const m of cart.activity_data.manjians) {
    const parts = counted.filter((l) => l.manjian_activity_id === m.activity_id).reduce((s, l) => s + l.goods_manjian_amount, 0);
    expect(parts).toBe(m.reduce);
    const reached = m.tiers.filter((t) => t.status === 1);
    expect(reached.every((t) => m.amount >= t.amount)).toBe(true);
    expect(m.tiers.filter((t) => t.status === 0).every((t) => m.amount < t.amount)).toBe(true);
    expect(m.reduce).toBe(Math.min(reached.at(-1)?.reduce ?? 0, m.amount));
  }

  // The coupon: one at most, never more than its face value, its cap or what it covers.
  const coupon = cart.coupon;
  if (!coupon) {
    expect(cart.coupon_amount).toBe(0);
    expect(cart.lines.every((l) => l.with_coupon === 0)).toBe(true);
  } else {
    const source = input.coupons!.find((c) => c.id === coupon.id)!;
    expect(coupon.usable).toBe(true);
    expect(cart.coupon_amount).toBe(coupon.discount);
    expect(coupon.discount).toBeLessThanOrEqual(coupon.eligible_amount);
    expect(coupon.eligible_amount).toBeGreaterThanOrEqual(source.threshold);
    if (source.type === 'manjian') expect(coupon.discount).toBeLessThanOrEqual(source.amount!);
    if (source.type === 'discount' && source.max_discount) expect(coupon.discount).toBeLessThanOrEqual(source.max_discount);
  }
  for (const c of cart.coupons) if (!c.usable) expect(c.discount).toBe(0);

  // The red packet: within the balance and the share of what was left after the coupon.
  const afterCoupon = counted.reduce((s, l) => s + l.amount - l.welfare_amount - l.goods_manjian_amount - l.coupon_amount, 0);
  const rp = input.red_packet;
  expect(cart.red_packet_amount).toBeLessThanOrEqual(rp ? Math.min(rp.balance, percentDown(afterCoupon, rp.share_percent)) : 0);
  if (!rp?.use) expect(cart.red_packet_amount).toBe(0);

  // Shipping is free or the configured amount; free for free-shipping goods only when all of them are.
  expect([0, input.shipping.shipping_amount]).toContain(cart.shipping_amount);
  if (cart.shipping.reason === 'all_free_shipping') expect(counted.every((l) => l.free_shipping)).toBe(true);
  if (counted.length === 0) expect(cart.pay_amount).toBe(0);

  // No account gets more units at a limited price than it has left.
  for (const [kind, offers] of [
    ['spike', input.spikes ?? []],
    ['everyday', input.specials ?? []],
  ] as const) {
    for (const o of offers) {
      const { remaining } = offerRemaining(o);
      const applied = counted
        .filter((l) => l.promo?.kind === kind && l.promo.activity_id === o.activity_id && l.goods_id === o.goods_id)
        .reduce((s, l) => s + l.promo!.applied, 0);
      if (remaining !== null) expect(applied).toBeLessThanOrEqual(remaining);
      if (applied > 0) expect(o.starts_at <= NOW && NOW < o.ends_at).toBe(true);
    }
  }
}

describe('for any cart', () => {
  it('adds up to the fen, never goes negative and never discounts more than a line costs', () => {
    fc.assert(
      fc.property(inputArb, (input) => {
        const before = structuredClone(input);
        const cart = priceCart(input);
        checkInvariants(input, cart);
        expect(input).toEqual(before);
      }),
      { numRuns: 1000 },
    );
  });

  it('gives the same result whatever order the activities and coupons are listed in', () => {
    fc.assert(
      fc.property(inputArb, (input) => {
        const reversed: PricingInput = {
          ...structuredClone(input),
          spikes: [...(input.spikes ?? [])].reverse(),
          specials: [...(input.specials ?? [])].reverse(),
          manjians: [...(input.manjians ?? [])].reverse().map((m) => ({ ...m, tiers: [...m.tiers].reverse(), goods_ids: [...m.goods_ids].reverse() })),
          gifts: [...(input.gifts ?? [])].reverse(),
          huangous: [...(input.huangous ?? [])].reverse(),
          coupons: [...(input.coupons ?? [])].reverse(),
        };
        expect(priceCart(reversed)).toEqual(priceCart(input));
      }),
      { numRuns: 300 },
    );
  });
});
