import { describe, expect, it } from 'vitest';
import { dayOf, yuanText } from './format';

describe('how invoice amounts and days read', () => {
  it('groups thousands and puts the minus of a red invoice before ¥', () => {
    expect(yuanText('12345.60')).toBe('¥12,345.60');
    expect(yuanText('-1387.30')).toBe('-¥1,387.30');
    expect(yuanText('0.05')).toBe('¥0.05');
  });

  it('writes the China day of a time, and a dash for none', () => {
    expect(dayOf(1_773_331_200)).toBe('2026-03-13');
    expect(dayOf(1_773_331_199)).toBe('2026-03-12');
    expect(dayOf(null)).toBe('—');
  });
});
