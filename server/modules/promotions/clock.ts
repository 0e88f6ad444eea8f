/**
 * The site runs on China time (UTC+8, no daylight saving): a flash sale's daily session and the weekday of
 * the daily specials are read on that clock whatever the server's own time zone. Also the readers of the parts
 * of an activity's rules that more than one place reads (member days, tiers).
 */
const CHINA_OFFSET_MS = 8 * 3_600_000;
const DAY_MS = 86_400_000;

export type ChinaDay = {
  /** The instant of 00:00 China time of this day, in epoch milliseconds. */
  start: number;
  /** 1 Monday ... 7 Sunday. */
  weekday: number;
  /** YYYY-MM-DD in China. */
  date: string;
};

export function chinaDay(now: number, offsetDays = 0): ChinaDay {
  const local = now + CHINA_OFFSET_MS + offsetDays * DAY_MS;
  const localMidnight = Math.floor(local / DAY_MS) * DAY_MS;
  const d = new Date(localMidnight);
  return { start: localMidnight - CHINA_OFFSET_MS, weekday: d.getUTCDay() || 7, date: d.toISOString().slice(0, 10) };
}

/** Minutes after midnight as an instant of the given day. */
export const atMinute = (day: ChinaDay, minutes: number) => day.start + minutes * 60_000;

export const toSeconds = (ms: number) => Math.floor(ms / 1000);

/** An instant as the console writes it: `YYYY-MM-DD HH:mm`, China time. */
export const minuteOf = (d: Date) => new Date(d.getTime() + CHINA_OFFSET_MS).toISOString().slice(0, 16).replace('T', ' ');
/** A console's `YYYY-MM-DD HH:mm` (China time) as an instant. */
export const fromMinute = (v: string) => new Date(Date.parse(`${v.replace(' ', 'T')}:00+08:00`));

/** The member days of a 月月惠 activity's rules (days of the month, 1-31), each once, in order. */
export const memberDays = (row: { rules: Record<string, unknown> }) =>
  [...new Set((Array.isArray(row.rules.days) ? (row.rules.days as unknown[]) : []).map(Number).filter((d) => Number.isInteger(d) && d >= 1 && d <= 31))].sort(
    (a, b) => a - b,
  );

/**
 * The tiers of a 满减 (`reduce`) or 满返 (`back`) activity's rules, fen, lowest threshold first; a tier the
 * rules hold badly (no amount, no value) counts as 0 and never applies.
 */
export function tiersOf(row: { rules: Record<string, unknown> }, key: 'reduce' | 'back'): { amount: number; value: number }[] {
  const tiers = Array.isArray(row.rules.tiers) ? (row.rules.tiers as Record<string, unknown>[]) : [];
  return tiers.map((t) => ({ amount: Number(t.amount) || 0, value: Number(t[key]) || 0 })).sort((a, b) => a.amount - b.amount);
}
