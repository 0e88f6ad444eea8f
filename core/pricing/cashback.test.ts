/** Step 8: 满返 tiers on what the activity's plain lines pay, the next tier, and nothing taken off the order. */
import { describe, expect, it } from 'vitest';
import { line, offer, plain, price } from './fixtures.js';

const tiers = [
  { amount: 50_000, back: 2_500 },
  { amount: 20_000, back: 800 },
];
const cashback = { id: 9, name: '满返', goods_ids: [1, 2, 3], tiers };

describe('cashback (满返)', () => {
  it('reaches ¥8 back at exactly ¥200.00 paid, tells what is left to ¥25, and takes nothing off', () => {
    const cart = price({ lines: [plain(1, 20_000)], cashbacks: [cashback] });
    expect(cart.activity_data.cashbacks).toEqual([
      {
        activity_id: 9,
        name: '满返',
        amount: 20_000,
        tiers: [
          { amount: 20_000, back: 800, status: 1 },
          { amount: 50_000, back: 2_500, status: 0 },
        ],
        back: 800,
        next: { amount: 50_000, back: 2_500, need: 30_000 },
        line_ids: [1],
      },
    ]);
    expect(cart.cashback_amount).toBe(800);
    expect(cart.pay_amount).toBe(20_000 + cart.shipping_amount);
  });

  it('gives nothing at ¥199.99 and says one fen more reaches the first tier', () => {
    const cart = price({ lines: [plain(1, 19_999)], cashbacks: [cashback] });
    expect(cart.cashback_amount).toBe(0);
    expect(cart.activity_data.cashbacks[0].next).toEqual({ amount: 20_000, back: 800, need: 1 });
  });

  it('measures what is paid after 94% off and manjian, and counts only selected plain lines of its goods', () => {
    const cart = price({
      lines: [plain(1, 10_000, 2), plain(2, 5_000), { ...plain(3, 90_000), is_selected: false }, plain(4, 90_000)],
      cashbacks: [cashback],
      welfare: { id: 5, rate: 94, goods_ids: [2] },
      manjians: [{ id: 7, goods_ids: [1], tiers: [{ amount: 20_000, reduce: 1_000 }] }],
    });
    // 20,000 - 1,000 manjian + 5,000 * 94% = 23,700.
    expect(cart.activity_data.cashbacks[0]).toMatchObject({ amount: 23_700, back: 800, line_ids: [1, 2, 3] });
  });

  it('leaves out flash-sale and bundle lines, and gives the highest tier reached, never the sum', () => {
    const spike = line({ id: 2, type: 1, number: 10, goods: plain(2, 10_000).goods });
    const cart = price({ lines: [plain(1, 60_000), spike], cashbacks: [cashback], spikes: [offer({ goods_id: 2, price: 5_000 })] });
    expect(cart.activity_data.cashbacks[0]).toMatchObject({ amount: 60_000, back: 2_500, next: null, line_ids: [1] });
    expect(cart.cashback_amount).toBe(2_500);
  });

  it('puts a goods in one cashback activity only, the one with the lowest id', () => {
    const other = { id: 3, name: '另一个满返', goods_ids: [1], tiers: [{ amount: 100, back: 50 }] };
    const cart = price({ lines: [plain(1, 60_000)], cashbacks: [cashback, other] });
    expect(cart.activity_data.cashbacks.map((c) => [c.activity_id, c.back])).toEqual([[3, 50]]);
  });
});
