import { BADGE_MAX } from '@core/constants';

/** Text of a count badge: nothing for zero or less, the number up to `max`, then `99+` (spec section 9). */
export function badgeText(count: number | string | null | undefined, max: number = BADGE_MAX): string {
  const n = Math.floor(Number(count));
  if (!Number.isFinite(n) || n <= 0) return '';
  return n > max ? `${max}+` : String(n);
}
