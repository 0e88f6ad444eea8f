/** The whole order: which lines count, every step together, and the totals the confirm page shows. */
import { describe, expect, it } from 'vitest';
import { goods, HOUR, line, NOW, offer, plain, price } from './fixtures.js';
import { priceCart } from './price-cart.js';
import type { PricingInput } from './types.js';

describe('lines that do not count', () => {
  it('lists unselected, unbuyable and out-of-stock lines with the reason, and charges nothing for them', () => {
    const cart = price({
      lines: [
        plain(1, 1000, 2),
        { ...plain(2, 1000, 2), is_selected: false },
        plain(3, 1000, 2, { is_buy: false }),
        plain(4, 1000, 2, { number: 0 }),
        plain(5, 1000, 3, { number: 2 }),
        line({ id: 6, type: 3, combination: null }),
      ],
    });
    expect(cart.lines.map((l) => [l.id, l.is_selected, l.excluded?.message ?? null, l.amount, l.pay_amount])).toEqual([
      [1, 1, null, 2000, 2000],
      [2, 0, '未勾选', 2000, 0],
      [3, 0, '商品暂不销售', 2000, 0],
      [4, 0, '商品已售罄', 2000, 0],
      [5, 0, '库存不足', 3000, 0],
      [6, 0, '组合已失效', 0, 0],
    ]);
    expect(cart.counted_count).toBe(1);
    expect(cart.goods_amount).toBe(2000);
  });

  it('forces a line unselected for its stock even when the buyer ticked it', () => {
    const cart = price({ lines: [plain(1, 1000, 5, { number: 4 })] });
    expect(cart.lines[0]).toMatchObject({ is_selected: 0, counted: false, excluded: { reason: 'insufficient_stock' } });
  });

  it('checks the stock of every goods of a combination for the bundles bought', () => {
    const combination = {
      id: 9,
      price: 5000,
      items: [
        { goods: goods({ id: 1, number: 10 }), number: 2 },
        { goods: goods({ id: 2, number: 5 }), number: 2 },
      ],
    };
    const cart = price({ lines: [line({ type: 3, number: 3, combination })] });
    expect(cart.lines[0].excluded?.reason).toBe('insufficient_stock');
  });
});

describe('a whole order', () => {
  const input: PricingInput = {
    now: NOW,
    lines: [
      line({ id: 1, type: 1, number: 10, goods: goods({ id: 1, base_price: 2000 }) }),
      plain(2, 1999, 30, { ladder_price: [{ number: 30, price: 1800 }] }),
      plain(3, 4550, 4, { category_id: 2 }),
      { ...plain(4, 9900, 1), is_selected: false },
    ],
    spikes: [offer({ goods_id: 1, price: 1500, limit_per_user: 4, bought_today: 1 })],
    welfare: { id: 5, rate: 94, goods_ids: [2] },
    manjians: [
      {
        id: 7,
        goods_ids: [1, 2, 3],
        tiers: [
          { amount: 50_000, reduce: 3000 },
          { amount: 100_000, reduce: 8000 },
        ],
      },
    ],
    coupons: [{ id: 1, type: 'manjian', threshold: 50_000, amount: 2000, scope: { kind: 'categories', ids: [1] }, starts_at: NOW - HOUR, ends_at: NOW + HOUR }],
    coupon_id: 1,
    red_packet: { balance: 1000, share_percent: 5, use: true },
    shipping: { shipping_amount: 1500, no_trans_order_amount: 100_000 },
  };

  it('prices every step in order with exact fen', () => {
    const cart = priceCart(input);
    // Line 1: 3 units at ¥15.00 (limit 4, one bought today) + 7 at ¥20.00 = ¥185.00; ¥140.00 takes part.
    // Line 2: 30 at the tier price ¥18.00 = ¥540.00; 94% = ¥507.60, ¥32.40 off.
    // Line 3: 4 × ¥45.50 = ¥182.00.
    // Manjian: 14,000 + 50,760 + 18,200 = ¥829.60 reaches ¥500: ¥30.00 off, spread 506 / 1,836 / 658.
    expect(cart.lines.map((l) => [l.amount, l.welfare_amount, l.goods_manjian_amount])).toEqual([
      [18_500, 0, 506],
      [54_000, 3240, 1836],
      [18_200, 0, 658],
      [9900, 0, 0],
    ]);
    expect(cart.activity_data.manjians[0]).toMatchObject({ amount: 82_960, reduce: 3000, next: { amount: 100_000, reduce: 8000, need: 17_040 } });
    // Coupon on category 1 (lines 1 and 2): 17,994 + 48,924 = ¥669.18 reaches ¥500: ¥20.00 off, spread 538 / 1,462.
    expect(cart.lines.map((l) => [l.coupon_amount, l.with_coupon])).toEqual([
      [538, 1],
      [1462, 1],
      [0, 0],
      [0, 0],
    ]);
    // Left: 17,456 + 47,462 + 17,542 = ¥824.60; 5% is ¥41.23, above the ¥10.00 balance: ¥10.00. Exact shares
    // 211.69 / 575.58 / 212.73 fen: the two odd fen go to the largest remainders, .73 and .69.
    expect(cart.lines.map((l) => l.red_packet_amount)).toEqual([212, 575, 213, 0]);
    expect(cart.lines.map((l) => l.pay_amount)).toEqual([17_244, 46_887, 17_329, 0]);
    // Shipping: ¥874.60 at unit prices after 94折 (18,500 + 50,760 + 18,200), before 满减 and the coupon, is below ¥1,000.00.
    expect(cart.shipping).toMatchObject({ amount: 1500, need: 12_540 });
    expect(cart).toMatchObject({
      goods_amount: 90_700,
      welfare_amount: 3240,
      manjian_amount: 3000,
      coupon_amount: 2000,
      red_packet_amount: 1000,
      discount_amount: 9240,
      shipping_amount: 1500,
      pay_amount: 82_960,
    });
  });

  it('gives the same result for the same cart every time, and leaves the input as it was', () => {
    const copy = structuredClone(input);
    expect(priceCart(input)).toEqual(priceCart(copy));
    expect(input).toEqual(copy);
  });

  it('refuses a cart with a price that is not whole fen', () => {
    expect(() => price({ lines: [plain(1, 10.5)] })).toThrow(RangeError);
    expect(() => price({ lines: [plain(1, 1000, 0)] })).toThrow(RangeError);
  });
});
