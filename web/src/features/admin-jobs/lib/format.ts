/** How the jobs page writes a job's period and a run's length. */

const UNITS: readonly [seconds: number, name: string][] = [
  [86_400, '天'],
  [3_600, '小时'],
  [60, '分钟'],
  [1, '秒'],
];

/** `每5分钟`, `每30秒`: in the largest unit that divides it; — when the server does not know it. */
export function periodText(seconds: number): string {
  if (seconds <= 0) return '—';
  const [size, name] = UNITS.find(([size]) => seconds % size === 0) ?? UNITS[UNITS.length - 1];
  return `每${seconds / size}${name}`;
}

/** `85 毫秒` under a second, `1.2 秒` under a minute, `2分5秒` beyond. */
export function durationText(ms: number | null): string {
  if (ms === null) return '—';
  if (ms < 1000) return `${ms} 毫秒`;
  if (ms < 60_000) return `${(ms / 1000).toFixed(1)} 秒`;
  const seconds = Math.round(ms / 1000);
  return `${Math.floor(seconds / 60)}分${seconds % 60}秒`;
}
