/** How the chat writes times, in China time: 今天 / 昨天 / 3月8日 between days, and 14:05 beside a message. */
import { chinaClock, chinaTime, daysBetween } from '@/lib/china-time';

const nowSeconds = () => Math.floor(Date.now() / 1000);

/** The China day a message belongs to, `YYYY-MM-DD`: messages are grouped under it. */
export const dayKey = (unixSeconds: number) => chinaTime(unixSeconds, 'YYYY-MM-DD');

export function dayLabel(unixSeconds: number, now = nowSeconds()): string {
  const days = daysBetween(dayKey(unixSeconds), dayKey(now));
  if (days === 0) return '今天';
  if (days === 1) return '昨天';
  const sameYear = chinaTime(unixSeconds, 'YYYY') === chinaTime(now, 'YYYY');
  return chinaTime(unixSeconds, sameYear ? 'M月D日' : 'YYYY年M月D日');
}

export const clockText = (unixSeconds: number) => chinaClock(unixSeconds);

/** A time in a list of conversations: 14:05 today, 昨天, else 3/8. */
export function shortTime(unixSeconds: number, now = nowSeconds()): string {
  const label = dayLabel(unixSeconds, now);
  if (label === '今天') return clockText(unixSeconds);
  if (label === '昨天') return label;
  return chinaTime(unixSeconds, 'M/D');
}
