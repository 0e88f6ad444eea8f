/** Near-expiry lines (type 4): their batches' own prices, and no promotion besides the red packet. */
import { describe, expect, it } from 'vitest';
import { goods, HOUR, line, NOW, plain, price } from './fixtures.js';
import type { CouponInput } from './types.js';

/** 5 units at ¥6.00 and 10 at ¥7.50, first-expiring first, of goods whose base price is ¥10.00 with a tier. */
const near = (number: number, over = {}) =>
  line({
    id: 2,
    type: 4,
    number,
    goods: goods({ id: 2, number: 15, ladder_price: [{ number: 1, price: 500 }] }),
    near: [
      { price: 600, number: 5 },
      { price: 750, number: 10 },
    ],
    ...over,
  });
const allGoods: CouponInput = {
  id: 1,
  name: '满10减5',
  type: 'manjian',
  threshold: 1000,
  amount: 500,
  scope: { kind: 'all' },
  starts_at: NOW - 24 * HOUR,
  ends_at: NOW + 24 * HOUR,
};

describe('near-expiry lines', () => {
  it('are priced at their batches’ prices in segments, first-expiring first, never at a tier', () => {
    const [l] = price({ lines: [near(8)] }).lines;
    expect(l.segments).toEqual([
      { source: 'near', activity_id: null, price: 600, number: 5, amount: 3000 },
      { source: 'near', activity_id: null, price: 750, number: 3, amount: 2250 },
    ]);
    expect(l).toMatchObject({ unit_price: 600, amount: 5250, pay_amount: 5250, counted: true });
    expect(price({ lines: [near(3)] }).lines[0].segments).toEqual([{ source: 'near', activity_id: null, price: 600, number: 3, amount: 1800 }]);
  });

  it('do not count beyond their near units', () => {
    expect(price({ lines: [near(16)] }).lines[0]).toMatchObject({ counted: false, excluded: { reason: 'insufficient_stock' } });
  });

  it('take no 94折, 满减 or coupon, and count towards none of their thresholds; the red packet pays them', () => {
    const cart = price({
      lines: [plain(1, 800), near(5)],
      welfare: { id: 1, rate: 94, goods_ids: [1, 2] },
      manjians: [{ id: 7, goods_ids: [1, 2], tiers: [{ amount: 3000, reduce: 1000 }] }],
      coupons: [allGoods],
      coupon_id: 'best',
      red_packet: { balance: 100_000, share_percent: 10, use: true },
    });
    const [, n] = cart.lines;
    expect(n).toMatchObject({ welfare_amount: 0, goods_manjian_amount: 0, coupon_amount: 0, with_coupon: 0, manjian_activity_id: null });
    // The plain line alone (¥8.00, ¥7.52 after 94折) reaches neither the ¥30 tier nor the ¥10 coupon threshold.
    expect(cart.manjian_amount).toBe(0);
    expect(cart.coupon).toBeNull();
    expect(n.red_packet_amount).toBeGreaterThan(0);
    expect(n.pay_amount + n.red_packet_amount).toBe(3000);
  });
});
