import { describe, expect, it } from 'vitest';
import { normaliseQuantity, stepQuantity } from './quantity';

describe('quantities in middle-package steps', () => {
  it('steps by zbz between one package and the stock', () => {
    expect(stepQuantity(10, 10, 1, 500)).toBe(20);
    expect(stepQuantity(10, 10, -1, 500)).toBe(10);
    expect(stepQuantity(490, 10, 1, 495)).toBe(490);
    expect(stepQuantity(1, 1, 1, 3)).toBe(2);
  });

  it('rounds a typed number up to whole packages within the stock', () => {
    expect(normaliseQuantity(13, 10, 500)).toBe(20);
    expect(normaliseQuantity(0, 5, 500)).toBe(5);
    expect(normaliseQuantity(Number.NaN, 5, 500)).toBe(5);
    expect(normaliseQuantity(1000, 10, 455)).toBe(450);
  });
});
