/** An invoice's 金额 and 税额: each line's tax-inclusive amount split by its rate, adding up to the fen. */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { shareOut, splitTax, taxCategoryOf, taxClassOf } from './invoice-tax.js';

const line = fc.record({ amount: fc.integer({ min: -500_000, max: 5_000_000 }), rate: fc.constantFrom(13, 9, 6, 0) });

describe('the tax of an invoice', () => {
  it('splits ¥113.00 at 13% into ¥100.00 and ¥13.00, and ¥109.00 at 9% into ¥100.00 and ¥9.00', () => {
    expect(
      splitTax([
        { amount: 11300, rate: 13 },
        { amount: 10900, rate: 9 },
      ]).map((l) => [l.net, l.tax]),
    ).toEqual([
      [10000, 1300],
      [10000, 900],
    ]);
  });

  it("takes one rate's tax on its lines together and gives the fen left by rounding to the lines that lost most", () => {
    // Three lines of ¥10.00 at 13%: exactly 1.1504… yuan of tax each, 3.4513… together, so ¥3.45 in all: each
    // line ¥1.15, none of them a fen more.
    const three = splitTax([1000, 1000, 1000].map((amount) => ({ amount, rate: 13 })));
    expect(three.map((l) => l.tax)).toEqual([115, 115, 115]);
    // ¥0.05 and ¥0.05 at 13%: 0.575 fen each, 1.15 together, so one fen, on the first line (a tie).
    expect(splitTax([5, 5].map((amount) => ({ amount, rate: 13 }))).map((l) => l.tax)).toEqual([1, 0]);
    // ¥0.10 and ¥0.04: 1.150 and 0.460 fen, 1.61 together: two fen, the second to the line that lost 0.46.
    expect(
      splitTax([
        { amount: 10, rate: 13 },
        { amount: 4, rate: 13 },
      ]).map((l) => l.tax),
    ).toEqual([1, 1]);
  });

  it("makes 金额 plus 税额 of the lines exactly what was paid, each rate's tax its total's tax, each line's within a fen", () => {
    fc.assert(
      fc.property(fc.array(line, { minLength: 1, maxLength: 30 }), (lines) => {
        const split = splitTax(lines);
        expect(split.reduce((s, l) => s + l.net + l.tax, 0)).toBe(lines.reduce((s, l) => s + l.amount, 0));
        for (const l of split) {
          expect(l.net + l.tax).toBe(l.amount);
          expect(Math.abs(l.tax - (l.amount * l.rate) / (100 + l.rate))).toBeLessThan(1);
        }
        for (const rate of new Set(lines.map((l) => l.rate))) {
          const of = split.filter((l) => l.rate === rate);
          const exact = (of.reduce((s, l) => s + l.amount, 0) * rate) / (100 + rate);
          expect(Math.abs(of.reduce((s, l) => s + l.tax, 0) - exact)).toBeLessThanOrEqual(0.5);
        }
      }),
    );
  });

  it('reads a goods class from its 处方分类 and names its 税收分类', () => {
    expect([taxClassOf('处方药'), taxClassOf('乙类OTC'), taxClassOf('中药饮片'), taxClassOf('器械'), taxClassOf('保健食品'), taxClassOf('')]).toEqual([
      'drug',
      'drug',
      'tcm_pieces',
      'device',
      'health_food',
      'drug',
    ]);
    expect([taxCategoryOf('处方药', false), taxCategoryOf('甲类OTC', true), taxCategoryOf('中药饮片', true), taxCategoryOf('器械', false)]).toEqual([
      '化学药品制剂',
      '中成药',
      '中药饮片',
      '医疗仪器器械',
    ]);
  });

  it('shares an adjustment among rates in proportion, to the fen', () => {
    expect(shareOut(-500, [8000, 2000])).toEqual([-400, -100]);
    expect(shareOut(100, [1, 1, 1])).toEqual([34, 33, 33]);
    fc.assert(
      fc.property(fc.integer({ min: -1_000_000, max: 1_000_000 }), fc.array(fc.nat(1_000_000), { minLength: 1, maxLength: 8 }), (amount, weights) => {
        expect(shareOut(amount, weights).reduce((s, v) => s + v, 0)).toBe(amount);
      }),
    );
  });
});
