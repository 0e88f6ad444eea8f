/**
 * Every time the site shows, and every date a picker sends, is China time (UTC+8, no daylight saving), whatever
 * zone the buyer's or operator's computer is set to. The one place dates are written: lint refuses the browser's
 * own zone elsewhere (eslint.config.js).
 */
import dayjs, { type Dayjs } from 'dayjs';

const CHINA_MS = 8 * 3_600_000;
const pad = (n: number, width = 2) => String(n).padStart(width, '0');

/** The fields of an instant on China's wall clock. */
function fieldsOf(ms: number) {
  const d = new Date(ms + CHINA_MS);
  return {
    YYYY: pad(d.getUTCFullYear(), 4),
    MM: pad(d.getUTCMonth() + 1),
    M: String(d.getUTCMonth() + 1),
    DD: pad(d.getUTCDate()),
    D: String(d.getUTCDate()),
    HH: pad(d.getUTCHours()),
    mm: pad(d.getUTCMinutes()),
    ss: pad(d.getUTCSeconds()),
  };
}

const TOKENS = /YYYY|MM|M|DD|D|HH|mm|ss/g;

/**
 * A Unix time (10-digit seconds) as China time in `pattern` (YYYY, MM, M, DD, D, HH, mm, ss; anything else as
 * written): `2026-11-23 21:27:47` by default, '' for none.
 */
export function chinaTime(seconds: number | null | undefined, pattern = 'YYYY-MM-DD HH:mm:ss'): string {
  if (!seconds) return '';
  const f = fieldsOf(seconds * 1000);
  return pattern.replace(TOKENS, (token) => f[token as keyof typeof f]);
}

/** `2026-11-23 21:27` in China time; '' for none. */
export const chinaMinute = (seconds: number | null | undefined) => chinaTime(seconds, 'YYYY-MM-DD HH:mm');

/** `2026-11-23` in China time; '' for none. */
export const chinaDate = (seconds: number | null | undefined) => chinaTime(seconds, 'YYYY-MM-DD');

/** `21:27` in China time. */
export const chinaClock = (seconds: number) => chinaTime(seconds, 'HH:mm');

/** Today's date in China as `YYYY-MM-DD`. */
export const chinaToday = (nowMs = Date.now()) => chinaTime(Math.floor(nowMs / 1000), 'YYYY-MM-DD');

/** Now (or a Unix time) in China time, as file names and stamps write it: `pattern` as for chinaTime. */
export const chinaNow = (pattern = 'YYYY-MM-DD HH:mm:ss', nowMs = Date.now()) => chinaTime(Math.floor(nowMs / 1000), pattern);

/**
 * A date picker's value for China's wall clock at a Unix time (now when none): its year, month, day, hour and
 * minute are China's, so that what the picker shows, marks as today and sends (`value.format(...)`) is China
 * time, as the server reads it.
 */
export const chinaPickerValue = (seconds?: number): Dayjs => dayjs(chinaTime(seconds ?? Math.floor(Date.now() / 1000), 'YYYY-MM-DDTHH:mm:ss'));

/** The number of days between two `YYYY-MM-DD` dates (later minus earlier), whatever the computer's zone. */
export const daysBetween = (from: string, to: string) => Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000);
