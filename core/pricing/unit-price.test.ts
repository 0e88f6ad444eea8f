/** Step 1: ladder tiers, flash-sale and daily-special prices with their limits, combination bundles. */
import { describe, expect, it } from 'vitest';
import { goods, HOUR, line, NOW, offer, price } from './fixtures.js';
import { chooseOffer, ladderUnitPrice, offerRemaining, priceBundle, priceUnits } from './unit-price.js';

const tiered = goods({
  base_price: 1000,
  ladder_price: [
    { number: 100, price: 900 },
    { number: 50, price: 950 },
  ],
  ladder_price_type: 1,
});

describe('ladder tiers', () => {
  it('charges the base price below the first tier', () => {
    expect(ladderUnitPrice(tiered, 49).price).toBe(1000);
  });

  it('charges the tier price from exactly 50 boxes', () => {
    expect(ladderUnitPrice(tiered, 50).price).toBe(950);
  });

  it('charges ¥9.50 at 99 boxes and ¥9.00 from 100 boxes', () => {
    expect(ladderUnitPrice(tiered, 99).price).toBe(950);
    expect(ladderUnitPrice(tiered, 100).price).toBe(900);
    expect(priceUnits(tiered, 100, null, undefined, NOW).amount).toBe(90_000);
  });

  it('ignores tiers of goods marked as having none', () => {
    expect(ladderUnitPrice({ ...tiered, ladder_price_type: 0 }, 100).price).toBe(1000);
  });

  it('refuses a negative price rather than charging it', () => {
    expect(() => ladderUnitPrice(goods({ base_price: -1 }), 1)).toThrow(RangeError);
  });
});

describe('flash sale', () => {
  it('charges the flash-sale price for every unit within the session when there is no limit', () => {
    const p = priceUnits(goods(), 3, 'spike', offer(), NOW);
    expect(p.amount).toBe(2100);
    expect(p.promo).toMatchObject({ status: 'on', applied: 3, remaining: null, message: '' });
  });

  it('charges the flash-sale price up to the daily limit and the normal price beyond it', () => {
    const p = priceUnits(goods(), 5, 'spike', offer({ limit_per_user: 5, bought_today: 2 }), NOW);
    expect(p.segments).toEqual([
      { source: 'spike', activity_id: 1, price: 700, number: 3, amount: 2100 },
      { source: 'base', activity_id: null, price: 1000, number: 2, amount: 2000 },
    ]);
    expect(p.amount).toBe(4100);
    expect(p.promo).toMatchObject({ status: 'on', remaining: 3, applied: 3, message: '超出秒杀限购的2件按原价计算' });
  });

  it('charges the normal price once today’s limit is used up, and says so', () => {
    const p = priceUnits(goods(), 5, 'spike', offer({ limit_per_user: 5, bought_today: 5 }), NOW);
    expect(p.amount).toBe(5000);
    expect(p.promo).toMatchObject({ status: 'limit_reached', remaining: 0, applied: 0, message: '今日秒杀限购已用完，按原价计算' });
  });

  it('gives no more units at the flash-sale price than the quota has left', () => {
    const p = priceUnits(goods(), 5, 'spike', offer({ limit_per_user: 5, quota: 10, sold_today: 8 }), NOW);
    expect(p.amount).toBe(2 * 700 + 3 * 1000);
    expect(p.promo).toMatchObject({ status: 'on', remaining: 2, applied: 2 });
  });

  it('says the flash sale is sold out when the quota is gone', () => {
    const p = priceUnits(goods(), 1, 'spike', offer({ limit_per_user: 5, quota: 10, sold_today: 10 }), NOW);
    expect(p.amount).toBe(1000);
    expect(p.promo).toMatchObject({ status: 'sold_out', message: '秒杀已抢光，按原价计算' });
  });

  it('starts the flash-sale price at the first millisecond of the session', () => {
    expect(priceUnits(goods(), 1, 'spike', offer({ starts_at: NOW }), NOW).amount).toBe(700);
  });

  it('prices normally before the session and tells the buyer it has not started', () => {
    const p = priceUnits(goods(), 1, 'spike', offer({ starts_at: NOW + 1 }), NOW);
    expect(p.amount).toBe(1000);
    expect(p.promo).toMatchObject({ status: 'not_started', message: '秒杀尚未开始，按原价计算' });
  });

  it('prices normally from the session’s end and tells the buyer it is over', () => {
    const p = priceUnits(goods(), 1, 'spike', offer({ ends_at: NOW }), NOW);
    expect(p.amount).toBe(1000);
    expect(p.promo).toMatchObject({ status: 'ended', message: '秒杀已结束，按原价计算' });
  });

  it('keeps the tier price when it is below the flash-sale price, leaving the limit unused', () => {
    const cheapTier = goods({ ladder_price: [{ number: 100, price: 650 }] });
    const p = priceUnits(cheapTier, 100, 'spike', offer({ limit_per_user: 10 }), NOW);
    expect(p.amount).toBe(65_000);
    expect(p.promo).toMatchObject({ status: 'not_cheaper', applied: 0 });
  });

  it('prices the units beyond the limit at the tier of the whole quantity', () => {
    const p = priceUnits(tiered, 100, 'spike', offer({ limit_per_user: 10 }), NOW);
    expect(p.amount).toBe(10 * 700 + 90 * 900);
    expect(p.base).toBe(81_000);
    expect(p.base_units).toBe(90);
  });

  it('counts units already taken by an earlier line of the cart against the limit', () => {
    expect(offerRemaining(offer({ limit_per_user: 5, bought_today: 1 }), 3).remaining).toBe(1);
  });

  it('keeps a flash-sale line whose session is no longer listed, at the normal price', () => {
    const cart = price({ lines: [line({ type: 1, number: 2 })] });
    expect(cart.lines[0].amount).toBe(2000);
    expect(cart.lines[0].promo).toMatchObject({ kind: 'spike', status: 'none', message: '秒杀已结束，按原价计算' });
  });

  it('charges a plain line of goods whose session is on the flash-sale price, within the limit it shares with a flash-sale line', () => {
    const cart = price({ lines: [line({ id: 1, type: 1, number: 3 }), line({ id: 2, number: 4 })], spikes: [offer({ limit_per_user: 5 })] });
    expect(cart.lines.map((l) => l.amount)).toEqual([3 * 700, 2 * 700 + 2 * 1000]);
    expect(cart.lines[1].promo).toMatchObject({ kind: 'spike', status: 'on', applied: 2, message: '超出秒杀限购的2件按原价计算' });
  });

  it("charges a plain line the normal price, without a word, before its goods' flash-sale session", () => {
    const cart = price({ lines: [line({ number: 2 })], spikes: [offer({ starts_at: NOW + HOUR, ends_at: NOW + 2 * HOUR })] });
    expect(cart.lines[0].amount).toBe(2000);
    expect(cart.lines[0].promo).toBeNull();
  });

  it('uses the session on now rather than a later one of the same goods', () => {
    const later = offer({ activity_id: 2, price: 500, starts_at: NOW + 2 * HOUR, ends_at: NOW + 3 * HOUR });
    const current = offer({ activity_id: 3, price: 800 });
    expect(chooseOffer([later, current], NOW)?.activity_id).toBe(3);
    expect(chooseOffer([later], NOW)?.activity_id).toBe(2);
  });
});

describe('daily specials', () => {
  it('charges a plain line the daily special price up to its limit and the normal price beyond', () => {
    const cart = price({
      lines: [line({ number: 12 })],
      specials: [offer({ price: 850, limit_per_user: 10, bought_today: 0 })],
    });
    expect(cart.lines[0].amount).toBe(10 * 850 + 2 * 1000);
    expect(cart.lines[0].promo).toMatchObject({ kind: 'everyday', status: 'on', applied: 10, message: '超出每日特价限购的2件按原价计算' });
  });

  it('does not give the daily special to a flash-sale line of the same goods', () => {
    const cart = price({ lines: [line({ type: 1, number: 1 })], specials: [offer({ price: 850 })] });
    expect(cart.lines[0].amount).toBe(1000);
  });

  it('shares one limit between the lines that buy at the same price', () => {
    const special = offer({ price: 850, limit_per_user: 3 });
    const cart = price({
      lines: [line({ id: 1, number: 2 }), line({ id: 2, number: 2 })],
      specials: [special],
    });
    expect(cart.lines.map((l) => l.amount)).toEqual([1700, 850 + 1000]);
  });

  it('lets the selected line have the limited price before an unselected one listed above it', () => {
    const cart = price({
      lines: [line({ id: 1, number: 2, is_selected: false }), line({ id: 2, number: 2 })],
      specials: [offer({ price: 850, limit_per_user: 2 })],
    });
    expect(cart.lines[1].amount).toBe(1700);
    expect(cart.lines[0].promo).toMatchObject({ status: 'limit_reached' });
  });
});

describe('combinations', () => {
  it('prices a combination line at the bundle price for each bundle', () => {
    const bundle = {
      id: 9,
      activity_id: 4,
      price: 5990,
      items: [
        { goods: goods({ id: 1 }), number: 2 },
        { goods: goods({ id: 2 }), number: 1 },
      ],
    };
    expect(priceBundle(bundle, 3).amount).toBe(17_970);
    const cart = price({ lines: [line({ type: 3, number: 3, combination: bundle })] });
    expect(cart.lines[0]).toMatchObject({ unit_price: 5990, amount: 17_970, pay_amount: 17_970 });
  });
});
