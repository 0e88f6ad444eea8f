/** Step 7: shipping, free by free-shipping goods or by the order amount. */
import { describe, expect, it } from 'vitest';
import { HOUR, NOW, plain, price } from './fixtures.js';

const freeFrom = (n: number) => ({ is_free_shipping: true, free_shipping_number: n });

describe('shipping', () => {
  it('ships free when every line is free-shipping goods bought in its free-shipping quantity', () => {
    const cart = price({ lines: [plain(1, 1000, 10, freeFrom(10)), plain(2, 1000, 1, freeFrom(0))] });
    expect(cart.shipping).toEqual({ amount: 0, free: true, reason: 'all_free_shipping', need: 0 });
    expect(cart.pay_amount).toBe(11_000);
  });

  it('charges shipping when one free-shipping line is below its quantity', () => {
    const cart = price({ lines: [plain(1, 1000, 10, freeFrom(10)), plain(2, 1000, 9, freeFrom(10))] });
    expect(cart.shipping).toMatchObject({ amount: 1000, free: false, need: 100_000 - 9000 });
    expect(cart.pay_amount).toBe(19_000 + 1000);
    expect(cart.shipping_data).toEqual({ shipping_amount: 1000, no_trans_order_amount: 100_000 });
  });

  it('ships free when the other lines reach exactly the free-shipping amount', () => {
    const cart = price({ lines: [plain(1, 100_000)] });
    expect(cart.shipping).toMatchObject({ amount: 0, reason: 'threshold' });
  });

  it('charges shipping one fen below the free-shipping amount and tells the buyer', () => {
    const cart = price({ lines: [plain(1, 99_999)] });
    expect(cart.shipping).toMatchObject({ amount: 1000, need: 1 });
    expect(cart.next_hints).toContainEqual({ kind: 'shipping', activity_id: null, need: 1, message: '再购¥0.01即可免运费' });
  });

  it('does not count free-shipping lines towards the free-shipping amount', () => {
    const cart = price({ lines: [plain(1, 60_000, 1, freeFrom(0)), plain(2, 60_000)] });
    expect(cart.shipping).toMatchObject({ amount: 1000, need: 40_000 });
  });

  it('measures the free-shipping amount before the coupon: the cart and checkout say the same shortfall', () => {
    const coupons = [
      { id: 1, type: 'manjian' as const, threshold: 0, amount: 5000, scope: { kind: 'all' as const }, starts_at: NOW - HOUR, ends_at: NOW + HOUR },
    ];
    const withCoupon = price({ lines: [plain(1, 100_000)], coupons, coupon_id: 1 });
    expect(withCoupon.coupon_amount).toBe(5000);
    expect(withCoupon.shipping).toMatchObject({ amount: 0, reason: 'threshold' });
    // ¥790.50 of goods: 还差 ¥209.50 whether a ¥50 coupon is used (checkout) or none is (the cart).
    const cart = price({ lines: [plain(1, 79_050)] });
    const checkout = price({ lines: [plain(1, 79_050)], coupons, coupon_id: 1 });
    expect(checkout.coupon_amount).toBe(5000);
    expect(checkout.shipping).toEqual(cart.shipping);
    expect(cart.shipping).toMatchObject({ amount: 1000, need: 20_950 });
  });

  it('keeps free shipping when the red packet pays part of the goods', () => {
    const cart = price({ lines: [plain(1, 100_000)], red_packet: { balance: 10_000, share_percent: 5, use: true } });
    expect(cart.red_packet_amount).toBe(5000);
    expect(cart.shipping.amount).toBe(0);
  });

  it('charges no shipping for an empty selection', () => {
    const cart = price({ lines: [{ ...plain(1, 1000), is_selected: false }] });
    expect(cart.shipping).toMatchObject({ amount: 0, reason: 'empty' });
    expect(cart.pay_amount).toBe(0);
  });
});
