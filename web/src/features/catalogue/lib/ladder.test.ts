import { describe, expect, it } from 'vitest';
import { ladderAt } from './ladder';

const goods = {
  base_price: '16.30',
  bzdw: '盒',
  ladder_price_type: 1,
  ladder_price: [
    { number: 30, price: '15.80' },
    { number: 100, price: '15.20' },
  ],
};

describe('the quantity tiers at the quantity chosen', () => {
  it('reaches the tier of 30 at 50 units: its unit price, the subtotal and what 100 would save', () => {
    expect(ladderAt(goods, 50)).toEqual({ row: 0, unit: '¥15.80', subtotal: '¥790.00', next: { more: 50, unit: '¥15.20', saves: '¥60.00' } });
  });

  it('stays on the base price below the first tier and names the first tier as the next', () => {
    expect(ladderAt(goods, 10)).toMatchObject({ row: -1, unit: '¥16.30', subtotal: '¥163.00', next: { more: 20, unit: '¥15.80', saves: '¥15.00' } });
  });

  it('has no next tier at the last one, and reaches a tier at exactly its quantity', () => {
    expect(ladderAt(goods, 100)).toMatchObject({ row: 1, unit: '¥15.20', next: null });
    expect(ladderAt(goods, 30).row).toBe(0);
  });

  it('gives the row alone when prices are hidden, and ignores tiers that are switched off', () => {
    const hidden = { ...goods, base_price: null, ladder_price: goods.ladder_price.map((t) => ({ ...t, price: null })) };
    expect(ladderAt(hidden, 50)).toEqual({ row: 0, unit: null, subtotal: null, next: { more: 50, unit: null, saves: null } });
    expect(ladderAt({ ...goods, ladder_price_type: 0 }, 50)).toMatchObject({ row: -1, unit: '¥16.30', next: null });
  });
});
