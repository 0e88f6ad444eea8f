/** Display helpers of the wallet: money as ¥1,234.50 from the API's strings, signs, China-time dates. */
import { formatMoney, yuanToFen } from '@core/money';
import { chinaDate, chinaMinute } from '@/lib/china-time';

export const money = (yuan: string) => formatMoney(yuanToFen(yuan));

/** +¥100.00 / -¥12.50 for a money string; +200 / -200 for points. */
export function signed(v: string | number): string {
  if (typeof v === 'number') return v > 0 ? `+${v}` : String(v);
  const fen = yuanToFen(v);
  return `${fen > 0 ? '+' : '-'}${formatMoney(Math.abs(fen))}`;
}

/** 2026-11-23 21:27 in China time from 10-digit seconds. */
export const formatTime = chinaMinute;

/** 2026-11-23 in China time. */
export const formatDay = chinaDate;

/** Reads a whole number from a search param within [min, max], else `fallback`. */
export function intParam<T extends number>(search: URLSearchParams, key: string, allowed: readonly T[], fallback: T): T {
  const n = Number(search.get(key));
  return (allowed as readonly number[]).includes(n) && search.get(key) !== null ? (n as T) : fallback;
}
