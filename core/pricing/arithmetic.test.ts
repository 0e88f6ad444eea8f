/** Rounding and spreading: the fen arithmetic every pricing step relies on. */
import { describe, expect, it } from 'vitest';
import { percentDown, spread } from './arithmetic.js';

describe('percentages', () => {
  it('pays 94% of ¥0.99 as ¥0.93, the fen rounded down', () => {
    expect(percentDown(99, 94)).toBe(93);
  });

  it('pays 94% of ¥19.99 as ¥18.79', () => {
    expect(percentDown(1999, 94)).toBe(1879);
  });

  it('keeps a percentage with decimals: 94.5% of ¥100.00 is ¥94.50', () => {
    expect(percentDown(10_000, 94.5)).toBe(9450);
  });

  it('stays exact for amounts far larger than any cart', () => {
    const huge = Number.MAX_SAFE_INTEGER;
    expect(percentDown(huge, 94)).toBe(Number((BigInt(huge) * 9400n) / 10000n));
  });
});

describe('spreading a discount over lines', () => {
  it('splits ¥0.10 over three equal lines as 4, 3 and 3 fen, the odd fen to the first line', () => {
    expect(spread(10, [100, 100, 100])).toEqual([4, 3, 3]);
  });

  it('gives the odd fen to the line whose share lost most to rounding', () => {
    expect(spread(1000, [3333, 3333, 3334])).toEqual([333, 333, 334]);
  });

  it('gives a tied odd fen to the larger line before the earlier one', () => {
    // Exact shares 1, 1.5 and 2.5: the last two tie at half a fen, and the larger line takes the fen.
    expect(spread(5, [2, 3, 5])).toEqual([1, 1, 3]);
  });

  it('gives a tied odd fen between equal lines to the earlier one', () => {
    expect(spread(2, [1, 2, 1])).toEqual([1, 1, 0]);
  });

  it('never gives a line more than it costs', () => {
    expect(spread(3, [1, 0, 2])).toEqual([1, 0, 2]);
    expect(spread(5, [1, 1, 1, 1, 1])).toEqual([1, 1, 1, 1, 1]);
  });

  it('adds up exactly for amounts beyond floating-point precision', () => {
    const parts = spread(9_000_000_000_000, [3_000_000_000_001, 7_000_000_000_003, 1]);
    expect(parts.reduce((s, p) => s + p, 0)).toBe(9_000_000_000_000);
  });

  it('refuses to take off more than the lines cost', () => {
    expect(() => spread(11, [5, 5])).toThrow(RangeError);
  });

  it('spreads nothing over nothing', () => {
    expect(spread(0, [])).toEqual([]);
    expect(spread(0, [0, 0])).toEqual([0, 0]);
  });
});
