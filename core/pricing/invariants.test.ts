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
import type { CouponInput, CouponScope, PriceOffer, PricedCart, PricedLine, PricingGoods, PricingInput } from './types.js';

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

/** Whether a limited price holds at the instant the carts are priced. */
const onNow = (o: PriceOffer) => o.starts_at <= NOW && NOW < o.ends_at;

/** The most a coupon may take off: a manjian coupon its face value, a discount coupon its cap (0: none). */
const couponCap = (c: CouponInput) => (c.type === 'manjian' ? c.amount! : c.max_discount || Number.POSITIVE_INFINITY);

/** Each flash-sale and daily-special offer with the units the counted lines take at its price. */
function offerTakes(input: PricingInput, counted: readonly PricedLine[]) {
  return (
    [
      ['spike', input.spikes ?? []],
      ['everyday', input.specials ?? []],
    ] as const
  ).flatMap(([kind, offers]) =>
    offers.map((o) => {
      const lines = counted.filter((l) => l.promo?.kind === kind && l.goods_id === o.goods_id);
      const applied = lines.filter((l) => l.promo!.activity_id === o.activity_id).reduce((s, l) => s + l.promo!.applied, 0);
      return { offer: o, remaining: offerRemaining(o).remaining, applied, wanted: lines.length > 0 };
    }),
  );
}

/**
 * Checks every invariant of one priced cart, and counts the cases the per-line, per-coupon and per-offer
 * claims met, so a run can show none of those claims went unexercised.
 */
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
  }
  // A line that does not count is listed, but it pays and saves nothing.
  const uncounted = cart.lines.filter((l) => !l.counted);
  for (const l of uncounted) {
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
  }
  for (const l of counted) {
    // Each discount is at most what is left of the line when it comes.
    let left = l.amount;
    for (const d of [l.welfare_amount, l.goods_manjian_amount, l.coupon_amount, l.red_packet_amount]) {
      expect(d).toBeLessThanOrEqual(left);
      left -= d;
    }
    expect(l.pay_amount).toBe(left);
  }
  const couponed = counted.filter((l) => l.coupon_amount > 0);
  for (const l of couponed) expect(l.with_coupon).toBe(1);

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
    expect(coupon.discount).toBeLessThanOrEqual(couponCap(source));
  }
  const unusable = cart.coupons.filter((c) => !c.usable);
  for (const c of unusable) expect(c.discount).toBe(0);

  // The red packet: nothing unless used, and then within the balance and the share of what was left after the coupon.
  const afterCoupon = counted.reduce((s, l) => s + l.amount - l.welfare_amount - l.goods_manjian_amount - l.coupon_amount, 0);
  const rp = input.red_packet;
  expect(cart.red_packet_amount).toBeLessThanOrEqual(rp?.use ? Math.min(rp.balance, percentDown(afterCoupon, rp.share_percent)) : 0);

  // Shipping is free or the configured amount.
  expect([0, input.shipping.shipping_amount]).toContain(cart.shipping_amount);

  // No account gets more units at a limited price than it has left, nor any while the price does not hold.
  const takes = offerTakes(input, counted);
  const limited = takes.filter((t) => t.remaining !== null && t.applied > 0);
  for (const t of limited) expect(t.applied).toBeLessThanOrEqual(t.remaining!);
  const offHours = takes.filter((t) => t.wanted && !onNow(t.offer));
  for (const t of offHours) expect(t.applied).toBe(0);

  return { uncounted: uncounted.length, couponed: couponed.length, unusable: unusable.length, limited: limited.length, offHours: offHours.length };
}

type Seen = ReturnType<typeof checkInvariants>;

/** A cart with at least one line, line `at` of it unticked. */
const withUnticked = fc
  .tuple(
    inputArb.filter((input) => input.lines.length > 0),
    fc.nat(),
  )
  .map(([input, k]) => {
    const at = k % input.lines.length;
    return { at, input: { ...input, lines: input.lines.map((l, i) => (i === at ? { ...l, is_selected: false } : l)) } };
  });

const APPLIED_COUPON = 9;
const USED_COUPON = 10;

/**
 * A cart that asks for coupon 9 of `type`: valid now, for every goods, saving at least a fen once it applies
 * (face value or cap of a fen or more, a rate under 100); coupon 10, the same but already used, is listed too.
 */
const withCoupon = (type: 'manjian' | 'discount'): fc.Arbitrary<PricingInput> =>
  fc
    .record({
      input: inputArb,
      threshold: fc.integer({ min: 0, max: 20_000 }),
      amount: fc.integer({ min: 1, max: 30_000 }),
      rate: percent.filter((r) => r < 100),
      max_discount: fc.integer({ min: 1, max: 5000 }),
    })
    .map(({ input, ...terms }) => {
      const coupon = { type, ...terms, scope: { kind: 'all' as const }, starts_at: NOW - HOUR, ends_at: NOW + HOUR };
      return {
        ...input,
        coupons: [...(input.coupons ?? []), { ...coupon, id: APPLIED_COUPON, used: false }, { ...coupon, id: USED_COUPON, used: true }],
        coupon_id: APPLIED_COUPON,
      };
    });

/** Goods that ship free in any quantity. */
const freeShipping = (g: PricingGoods): PricingGoods => ({ ...g, is_free_shipping: true, free_shipping_number: 0 });

/** A cart most of whose lines are free-shipping goods, so that now and then all that count are, and often all but one. */
const mostlyFreeShipping = fc.tuple(inputArb, fc.array(fc.integer({ min: 0, max: 4 }), { minLength: 10, maxLength: 10 })).map(([input, dice]) => ({
  ...input,
  lines: input.lines.map((l, i) =>
    dice[i] === 0
      ? l
      : {
          ...l,
          goods: freeShipping(l.goods),
          combination: l.combination && { ...l.combination, items: l.combination.items.map((it) => ({ ...it, goods: freeShipping(it.goods) })) },
        },
  ),
}));

/** A cart in which nothing counts: every line unticked and no add-on taken. */
const nothingCounted = inputArb.map((input) => ({ ...input, lines: input.lines.map((l) => ({ ...l, is_selected: false })), addons: [] }));

describe('for any cart', () => {
  it('adds up to the fen, never goes negative and never discounts more than a line costs', () => {
    const seen: Seen = { uncounted: 0, couponed: 0, unusable: 0, limited: 0, offHours: 0 };
    fc.assert(
      fc.property(inputArb, (input) => {
        const before = structuredClone(input);
        const cart = priceCart(input);
        const met = checkInvariants(input, cart);
        for (const key of Object.keys(seen) as (keyof Seen)[]) seen[key] += met[key];
        expect(input).toEqual(before);
      }),
      { numRuns: 1000 },
    );
    // Every per-line, per-coupon and per-offer claim had something to check.
    for (const [key, count] of Object.entries(seen)) expect(count, key).toBeGreaterThan(0);
  });

  it('lists a line that does not count, but it pays and saves nothing', () => {
    fc.assert(
      fc.property(withUnticked, ({ at, input }) => {
        const cart = priceCart(input);
        expect(cart.lines[at]).toMatchObject({ id: input.lines[at].id, counted: false });
        checkInvariants(input, cart);
      }),
      { numRuns: 200 },
    );
  });

  it.each(['manjian', 'discount'] as const)('never lets a %s coupon take more than its face value or cap, nor a used one anything', (type) => {
    fc.assert(
      fc.property(withCoupon(type), (input) => {
        const cart = priceCart(input);
        // The coupon applies once some counted line costs something and reaches its threshold.
        fc.pre(cart.coupon !== null);
        const source = input.coupons!.find((c) => c.id === APPLIED_COUPON)!;
        expect(cart.coupon!.id).toBe(APPLIED_COUPON);
        expect(cart.coupon_amount).toBeGreaterThan(0);
        expect(cart.coupon!.discount).toBeLessThanOrEqual(type === 'manjian' ? source.amount! : source.max_discount!);
        expect(cart.coupons.find((c) => c.id === USED_COUPON)?.usable).toBe(false);
        checkInvariants(input, cart);
      }),
      { numRuns: 200 },
    );
  });

  it('ships free for free-shipping goods only when every line that counts ships free', () => {
    fc.assert(
      fc.property(mostlyFreeShipping, (input) => {
        const cart = priceCart(input);
        fc.pre(cart.shipping.reason === 'all_free_shipping');
        const counted = cart.lines.filter((l) => l.counted);
        expect(counted.length).toBeGreaterThan(0);
        expect(counted.every((l) => l.free_shipping)).toBe(true);
        checkInvariants(input, cart);
      }),
      { numRuns: 200 },
    );
  });

  it('charges nothing for an order in which nothing counts', () => {
    fc.assert(
      fc.property(nothingCounted, (input) => {
        const cart = priceCart(input);
        expect(cart.counted_count).toBe(0);
        expect(cart.pay_amount).toBe(0);
        checkInvariants(input, cart);
      }),
      { numRuns: 200 },
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
