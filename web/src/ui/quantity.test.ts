import { describe, expect, it } from 'vitest';
import { settleQuantity, stepQuantity } from './quantity';

describe('quantities in middle-package steps', () => {
  it('steps by zbz between one package and the stock', () => {
    expect(stepQuantity(10, 10, 1, 500)).toBe(20);
    expect(stepQuantity(10, 10, -1, 500)).toBe(10);
    expect(stepQuantity(490, 10, 1, 495)).toBe(490);
    expect(stepQuantity(1, 1, 1, 3)).toBe(2);
  });

  const box = { current: 30, zbz: 10, stock: 2560, unit: '盒' };

  it('takes a typed number of whole packages as it is, without a word', () => {
    expect(settleQuantity('40', box)).toEqual({ value: 40, note: null });
    expect(settleQuantity('2560', box)).toEqual({ value: 2560, note: null });
  });

  it('makes nothing, 0 or 3 one package of 10 and says that 10 is the least', () => {
    for (const text of ['', '0', '3', 'abc', '-5'.replace(/\D/g, '')]) expect(settleQuantity(text, box)).toEqual({ value: 10, note: '数量至少为10' });
  });

  it('rounds 15 up to 20 and asks for whole middle packages', () => {
    expect(settleQuantity('15', box)).toEqual({ value: 20, note: '请按中包装10的倍数购买' });
  });

  it('keeps what the box held for 999999 and says the most there is, rather than taking the whole stock', () => {
    expect(settleQuantity('999999', box)).toEqual({ value: 30, note: '库存不足，最多可购买2560盒' });
    expect(settleQuantity('1000', { ...box, stock: 455 })).toEqual({ value: 30, note: '库存不足，最多可购买450盒' });
    expect(settleQuantity('60', { ...box, stock: 50, cap: 'limit' })).toEqual({ value: 30, note: '超出限购，最多可购买50盒' });
  });
});
