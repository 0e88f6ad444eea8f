/** How the console writes points goods and orders: kinds, prices and statuses. */
import type { PointsKind } from '@core/schemas/points';
import { chinaMinute } from '@/lib/china-time';

export const KIND_COLOURS: Record<PointsKind, string> = { physical: 'blue', coupon: 'orange', red_packet: 'red' };

export const KIND_OPTIONS = [
  { value: 'physical', label: '实物商品' },
  { value: 'coupon', label: '优惠券' },
  { value: 'red_packet', label: '红包' },
];

export const STATUS_COLOURS: Record<number, string> = { 0: 'orange', 1: 'blue', 2: 'green', 3: 'default' };

/** 1,000 积分 + ¥39.00, or the points alone. */
export const priceText = (points: number, cash: string) => `${points.toLocaleString('zh-CN')} 积分${cash !== '0.00' ? ` + ¥${cash}` : ''}`;

/** `YYYY-MM-DD HH:mm` in China time. */
export const timeText = (seconds: number | null) => chinaMinute(seconds);
