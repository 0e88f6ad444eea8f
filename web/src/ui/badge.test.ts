import { describe, expect, it } from 'vitest';
import { badgeText } from './badge';

describe('badge text (cart and message badges, spec section 9)', () => {
  it('hides zero and nonsense, shows counts up to 99, then 99+', () => {
    expect(badgeText(0)).toBe('');
    expect(badgeText(undefined)).toBe('');
    expect(badgeText('abc')).toBe('');
    expect(badgeText(1)).toBe('1');
    expect(badgeText('42')).toBe('42');
    expect(badgeText(99)).toBe('99');
    expect(badgeText(100)).toBe('99+');
    expect(badgeText(12345)).toBe('99+');
  });
});
