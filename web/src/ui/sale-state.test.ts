import { describe, expect, it } from 'vitest';
import { stockText, unavailable } from './sale-state';

const goods = (is_buy: 0 | 1, number: number, zbz = 10) => ({ is_buy, number, zbz, bzdw: '盒' });

describe('what a goods says about being bought', () => {
  it('says 暂不销售 for a goods not for sale, however much is in stock, in its stock and on its button alike', () => {
    expect(unavailable(goods(0, 500))).toBe('暂不销售');
    expect(stockText(goods(0, 500))).toBe('暂不销售');
    expect(stockText(goods(0, 0), false)).toBe('暂不销售');
  });

  it('says 缺货 when not even one middle package is left', () => {
    expect(unavailable(goods(1, 0))).toBe('缺货');
    expect(unavailable(goods(1, 9))).toBe('缺货');
    expect(stockText(goods(1, 9))).toBe('缺货');
    expect(unavailable(goods(1, 0, 0))).toBe('缺货');
  });

  it('gives the amount of a goods that can be bought, 充足 past 9,999', () => {
    expect(unavailable(goods(1, 10))).toBeNull();
    expect(stockText(goods(1, 120))).toBe('库存 120盒');
    expect(stockText(goods(1, 120), false)).toBe('120盒');
    expect(stockText(goods(1, 10_000), false)).toBe('充足');
  });
});
