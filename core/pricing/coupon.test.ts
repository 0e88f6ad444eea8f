/** Step 5: one coupon per order, with the reasons a coupon cannot be used. */
import { describe, expect, it } from 'vitest';
import { couponDiscount } from './coupon.js';
import { HOUR, line, NOW, plain, price } from './fixtures.js';
import type { CouponInput } from './types.js';

const tenOffHundred: CouponInput = {
  id: 1,
  name: '满100减10',
  type: 'manjian',
  threshold: 10_000,
  amount: 1000,
  scope: { kind: 'all' },
  starts_at: NOW - 24 * HOUR,
  ends_at: NOW + 24 * HOUR,
};
const ninetyPercent: CouponInput = { ...tenOffHundred, id: 2, name: '九折券', type: 'discount', threshold: 0, amount: undefined, rate: 90, max_discount: 500 };

describe('coupons', () => {
  it('takes ¥10 off an order of exactly ¥100.00', () => {
    const cart = price({ lines: [plain(1, 10_000)], coupons: [tenOffHundred], coupon_id: 1 });
    expect(cart.coupon).toMatchObject({ id: 1, usable: true, discount: 1000, message: '可减¥10.00' });
    expect(cart.lines[0]).toMatchObject({ coupon_amount: 1000, with_coupon: 1, pay_amount: 9000 });
  });

  it('cannot be used one fen below its threshold, and says how much is missing', () => {
    const cart = price({ lines: [plain(1, 9999)], coupons: [tenOffHundred], coupon_id: 1 });
    expect(cart.coupons[0]).toMatchObject({ usable: false, reason: 'threshold', need: 1, message: '未达到使用门槛，还差¥0.01' });
    expect(cart.coupon).toBeNull();
    expect(cart.coupon_error).toBe('未达到使用门槛，还差¥0.01');
    expect(cart.coupon_amount).toBe(0);
  });

  it('pays 90% of ¥33.33 with a discount coupon: ¥29.99, saving ¥3.34', () => {
    expect(couponDiscount(ninetyPercent, 3333)).toBe(334);
  });

  it('saves no more than a discount coupon’s cap', () => {
    expect(couponDiscount(ninetyPercent, 10_000)).toBe(500);
    expect(couponDiscount({ ...ninetyPercent, max_discount: 0 }, 10_000)).toBe(1000);
  });

  it('measures the threshold after manjian', () => {
    const cart = price({
      lines: [plain(1, 10_000)],
      manjians: [{ id: 7, goods_ids: [1], tiers: [{ amount: 10_000, reduce: 1000 }] }],
      coupons: [tenOffHundred],
      coupon_id: 1,
    });
    expect(cart.coupons[0]).toMatchObject({ usable: false, eligible_amount: 9000, need: 1000 });
  });

  it('does not apply to goods outside its categories', () => {
    const cart = price({
      lines: [plain(1, 20_000, 1, { category_id: 2 })],
      coupons: [{ ...tenOffHundred, scope: { kind: 'categories', ids: [1] } }],
      coupon_id: 1,
    });
    expect(cart.coupons[0]).toMatchObject({ usable: false, reason: 'no_goods', message: '不适用于所选商品' });
  });

  it('counts only the goods it names towards its threshold and takes its saving off them alone', () => {
    const cart = price({
      lines: [plain(1, 6000), plain(2, 4000), plain(3, 50_000)],
      coupons: [{ ...tenOffHundred, scope: { kind: 'goods', ids: [1, 2] } }],
      coupon_id: 1,
    });
    expect(cart.lines.map((l) => [l.coupon_amount, l.with_coupon])).toEqual([
      [600, 1],
      [400, 1],
      [0, 0],
    ]);
  });

  it('covers a combination only when it covers every goods of the bundle', () => {
    const bundle = (ids: number[]) => ({ id: 9, price: 20_000, items: ids.map((id) => ({ goods: plain(id, 1000).goods, number: 1 })) });
    const coupon: CouponInput = { ...tenOffHundred, scope: { kind: 'goods', ids: [1, 2] } };
    expect(price({ lines: [line({ type: 3, combination: bundle([1, 2]) })], coupons: [coupon] }).coupons[0].usable).toBe(true);
    expect(price({ lines: [line({ type: 3, combination: bundle([1, 3]) })], coupons: [coupon] }).coupons[0].reason).toBe('no_goods');
  });

  it('tells the buyer a coupon has expired, has not started, or was used', () => {
    const cart = price({
      lines: [plain(1, 20_000)],
      coupons: [
        { ...tenOffHundred, id: 3, ends_at: NOW },
        { ...tenOffHundred, id: 4, starts_at: NOW + 1 },
        { ...tenOffHundred, id: 5, used: true },
      ],
    });
    expect(cart.coupons.map((c) => c.message)).toEqual(['已过期', '未到使用时间', '已使用']);
  });

  it('lists usable coupons first, the largest saving first, then the coupons that cannot be used', () => {
    const cart = price({
      lines: [plain(1, 8000)],
      coupons: [tenOffHundred, ninetyPercent, { ...tenOffHundred, id: 3, threshold: 5000, amount: 300 }],
    });
    expect(cart.coupons.map((c) => [c.id, c.usable, c.discount])).toEqual([
      [2, true, 500],
      [3, true, 300],
      [1, false, 0],
    ]);
  });

  it('picks the largest saving when asked for the best coupon, and the one expiring sooner of two equal', () => {
    const later = { ...tenOffHundred, id: 8, ends_at: NOW + 48 * HOUR };
    const sooner = { ...tenOffHundred, id: 9 };
    const cart = price({ lines: [plain(1, 10_000)], coupons: [later, sooner], coupon_id: 'best' });
    expect(cart.coupon?.id).toBe(9);
  });

  it('applies no coupon unless one is asked for', () => {
    const cart = price({ lines: [plain(1, 10_000)], coupons: [tenOffHundred] });
    expect(cart.coupon).toBeNull();
    expect(cart.coupons[0].usable).toBe(true);
  });

  it('spreads its saving over the covered lines so the parts add up to the saving', () => {
    const cart = price({ lines: [plain(1, 3333), plain(2, 3333), plain(3, 3334)], coupons: [tenOffHundred], coupon_id: 1 });
    expect(cart.lines.map((l) => l.coupon_amount)).toEqual([333, 333, 334]);
  });
});
