/** Days and dates in China time (UTC+8), and instants as whole seconds. */
export const DAY_MS = 86_400_000;
export const CHINA_MS = 8 * 3_600_000;

export function seconds(d: Date): number;
export function seconds(d: Date | null | undefined): number | null;
export function seconds(d: Date | null | undefined) {
  return d ? Math.floor(d.getTime() / 1000) : null;
}
export const today = (now = Date.now()) => new Date(now + CHINA_MS).toISOString().slice(0, 10);
