/** Small pieces every wallet file shares: pages, China days, serial numbers. */
import crypto from 'node:crypto';
import type { Paged } from '../../../core/schemas/common.js';

export const DAY_MS = 86_400_000;
export const CHINA_MS = 8 * 3_600_000;
export const PER_PAGE = 20;

export function seconds(d: Date): number;
export function seconds(d: Date | null | undefined): number | null;
export function seconds(d: Date | null | undefined) {
  return d ? Math.floor(d.getTime() / 1000) : null;
}
export const today = (now = Date.now()) => new Date(now + CHINA_MS).toISOString().slice(0, 10);

export function paged<T>(rows: T[], total: number, page: number, perPage = PER_PAGE): Paged<T> {
  return { current_page: page, data: rows, last_page: Math.max(1, Math.ceil(total / perPage)), per_page: perPage, total };
}

/**
 * A serial number for recharges (CZ), repayments (HK) and points orders (JF), 24 characters: the prefix, China time
 * to the millisecond and five random digits. With the second and four digits, 50 points orders of one second
 * collided about one time in eight (a unique index refused one as a repeat).
 */
export function serialNo(prefix: string, now: number) {
  const stamp = new Date(now + CHINA_MS).toISOString().replace(/\D/g, '').slice(0, 17);
  return `${prefix}${stamp}${crypto.randomInt(0, 100_000).toString().padStart(5, '0')}`;
}
