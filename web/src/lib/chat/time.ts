/** How the chat writes times: 今天 / 昨天 / 3月8日 between days, and 14:05 beside a message. */
const pad = (n: number) => String(n).padStart(2, '0');

const dayStart = (d: Date) => new Date(d.getFullYear(), d.getMonth(), d.getDate()).getTime();

export const dayKey = (unixSeconds: number) => dayStart(new Date(unixSeconds * 1000));

export function dayLabel(unixSeconds: number, now = new Date()): string {
  const d = new Date(unixSeconds * 1000);
  const days = Math.round((dayStart(now) - dayStart(d)) / 86_400_000);
  if (days === 0) return '今天';
  if (days === 1) return '昨天';
  const date = `${d.getMonth() + 1}月${d.getDate()}日`;
  return d.getFullYear() === now.getFullYear() ? date : `${d.getFullYear()}年${date}`;
}

export const clockText = (unixSeconds: number) => {
  const d = new Date(unixSeconds * 1000);
  return `${pad(d.getHours())}:${pad(d.getMinutes())}`;
};

/** A time in a list of conversations: 14:05 today, 昨天, else 3/8. */
export function shortTime(unixSeconds: number, now = new Date()): string {
  const label = dayLabel(unixSeconds, now);
  if (label === '今天') return clockText(unixSeconds);
  if (label === '昨天') return label;
  const d = new Date(unixSeconds * 1000);
  return `${d.getMonth() + 1}/${d.getDate()}`;
}
