/** Step 3: 满减 tiers per activity, spread over the activity's lines, with the next-tier hint. */
import { describe, expect, it } from 'vitest';
import { line, offer, plain, price } from './fixtures.js';
import { manjianTiers } from './manjian.js';

const tiers = [
  { amount: 20_000, reduce: 2500 },
  { amount: 10_000, reduce: 1000 },
];
const manjian = { id: 7, name: '满100减10', goods_ids: [1, 2, 3], tiers };

describe('manjian', () => {
  it('takes ¥10 off at exactly ¥100.00 and marks that tier reached', () => {
    const cart = price({ lines: [plain(1, 10_000)], manjians: [manjian] });
    expect(cart.activity_data.manjians[0]).toEqual({
      activity_id: 7,
      name: '满100减10',
      amount: 10_000,
      tiers: [
        { amount: 10_000, reduce: 1000, status: 1 },
        { amount: 20_000, reduce: 2500, status: 0 },
      ],
      reduce: 1000,
      next: { amount: 20_000, reduce: 2500, need: 10_000 },
      line_ids: [1],
    });
    expect(cart.lines[0]).toMatchObject({ goods_manjian_amount: 1000, manjian_activity_id: 7, pay_amount: 9000 });
  });

  it('takes nothing at ¥99.99 and tells the buyer one fen more reaches ¥10 off', () => {
    const cart = price({ lines: [plain(1, 9999)], manjians: [manjian] });
    expect(cart.manjian_amount).toBe(0);
    expect(cart.activity_data.manjians[0].tiers.map((t) => t.status)).toEqual([0, 0]);
    expect(cart.activity_data.manjians[0].next).toEqual({ amount: 10_000, reduce: 1000, need: 1 });
    expect(cart.next_hints).toContainEqual({ kind: 'manjian', activity_id: 7, need: 1, message: '再购¥0.01，可享满¥100.00减¥10.00' });
  });

  it('takes the highest tier reached, not the sum of the tiers', () => {
    const cart = price({ lines: [plain(1, 25_000)], manjians: [manjian] });
    expect(cart.manjian_amount).toBe(2500);
    expect(cart.activity_data.manjians[0].tiers.map((t) => t.status)).toEqual([1, 1]);
    expect(cart.activity_data.manjians[0].next).toBeNull();
  });

  it('spreads the reduction over the lines in proportion, the parts adding up exactly', () => {
    const cart = price({ lines: [plain(1, 3333), plain(2, 3333), plain(3, 3334)], manjians: [manjian] });
    expect(cart.lines.map((l) => l.goods_manjian_amount)).toEqual([333, 333, 334]);
  });

  it('gives the odd fen of three equal lines to the first', () => {
    const cart = price({ lines: [plain(1, 5000), plain(2, 5000), plain(3, 5000)], manjians: [manjian] });
    expect(cart.lines.map((l) => l.goods_manjian_amount)).toEqual([334, 333, 333]);
  });

  it('counts only the selected lines towards the tier', () => {
    const off = { ...plain(2, 5000), is_selected: false };
    const cart = price({ lines: [plain(1, 5000), off], manjians: [manjian] });
    expect(cart.activity_data.manjians[0].amount).toBe(5000);
    expect(cart.manjian_amount).toBe(0);
    expect(cart.activity_data.manjians[0].line_ids).toEqual([1, 2]);
  });

  it('measures the amount after 94% off: ¥106.38 at 94% is ¥99.99 and misses ¥100 by a fen', () => {
    const cart = price({ lines: [plain(1, 10_638)], manjians: [manjian], welfare: { id: 5, rate: 94, goods_ids: [1] } });
    expect(cart.activity_data.manjians[0]).toMatchObject({ amount: 9999, reduce: 0, next: { need: 1 } });
  });

  it('does not count flash-sale units towards the tier', () => {
    const cart = price({ lines: [line({ type: 1, number: 20 })], spikes: [offer({ limit_per_user: 10 })], manjians: [manjian] });
    // 10 units at the flash-sale price, 10 at ¥10.00: only the ¥100.00 at the normal price counts.
    expect(cart.activity_data.manjians[0]).toMatchObject({ amount: 10_000, reduce: 1000 });
  });

  it('leaves goods of no activity out of every tier', () => {
    const cart = price({ lines: [plain(1, 5000), plain(9, 50_000)], manjians: [manjian] });
    expect(cart.activity_data.manjians[0].amount).toBe(5000);
    expect(cart.lines[1]).toMatchObject({ manjian_activity_id: null, goods_manjian_amount: 0 });
  });

  it('puts goods listed by two activities into the one with the lower id only', () => {
    const other = { id: 3, name: '满50减5', goods_ids: [1], tiers: [{ amount: 5000, reduce: 500 }] };
    const cart = price({ lines: [plain(1, 10_000)], manjians: [manjian, other] });
    expect(cart.lines[0]).toMatchObject({ manjian_activity_id: 3, goods_manjian_amount: 500 });
    expect(cart.activity_data.manjians.map((m) => m.activity_id)).toEqual([3]);
  });

  it('never takes off more than the goods cost', () => {
    expect(manjianTiers([{ amount: 100, reduce: 500 }], 300).reduce).toBe(300);
  });
});
