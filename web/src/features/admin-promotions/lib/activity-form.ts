/** The activity modal's values: read from a stored activity, a new one's defaults, and the body they send. */
import dayjs, { type Dayjs } from 'dayjs';
import type { AdminActivity, EDITABLE_ACTIVITY_TYPES } from '@core/schemas/admin-promotions';
import { chinaPickerValue } from '@/lib/china-time';
import { dottedPath } from '@/lib/form';
import type { ActivityForm } from '../api/activities';

export type ActivityType = (typeof EDITABLE_ACTIVITY_TYPES)[number];

export type ActivityValues = {
  type: ActivityType;
  name: string;
  description: string;
  period: [Dayjs, Dayjs];
  session?: [Dayjs, Dayjs];
  rate?: number;
  days: number[];
  tiers: { amount: string; value: string }[];
  gift: { goods_id?: number; number: number; per: 'line' | 'activity'; by: 'number' | 'amount'; threshold: string; repeat: 0 | 1 };
  threshold?: string;
  is_show: boolean;
  sort: number;
};

export const MINUTE = 'YYYY-MM-DD HH:mm';
export const CLOCK = 'HH:mm';

const NO_GIFT: ActivityValues['gift'] = { number: 1, per: 'line', by: 'number', threshold: '', repeat: 1 };

/** A new activity: 满减 from this minute for 30 days, with one empty tier. */
export const newActivityValues = (): Partial<ActivityValues> => ({
  type: 'manjian',
  description: '',
  period: [chinaPickerValue().startOf('minute'), chinaPickerValue().add(30, 'day').startOf('minute')],
  tiers: [{ amount: '', value: '' }],
  gift: { ...NO_GIFT },
  days: [],
  is_show: true,
  sort: 0,
});

export const activityValues = (a: AdminActivity): ActivityValues => ({
  type: a.type as ActivityType,
  name: a.name,
  description: a.description,
  period: [dayjs(a.starts_at, MINUTE), dayjs(a.ends_at, MINUTE)],
  session: a.daily_start && a.daily_end ? [dayjs(a.daily_start, CLOCK), dayjs(a.daily_end, CLOCK)] : undefined,
  rate: a.rate ?? undefined,
  days: a.days,
  tiers: a.tiers,
  gift: a.gift ? { ...a.gift, repeat: a.gift.repeat as 0 | 1 } : { ...NO_GIFT },
  threshold: a.threshold ?? undefined,
  is_show: a.is_show === 1,
  sort: a.sort,
});

/** What is sent: only the rules of the chosen type. */
export const activityRequest = (v: ActivityValues): ActivityForm => ({
  type: v.type,
  name: v.name,
  description: v.description ?? '',
  starts_at: v.period[0].format(MINUTE),
  ends_at: v.period[1].format(MINUTE),
  daily_start: v.type === 'spike' ? v.session?.[0].format(CLOCK) : undefined,
  daily_end: v.type === 'spike' ? v.session?.[1].format(CLOCK) : undefined,
  rate: v.type === 'welfare' ? v.rate : undefined,
  days: v.type === 'monthly' ? v.days : [],
  tiers: v.type === 'manjian' || v.type === 'cashback' ? v.tiers : [],
  gift: v.type === 'gift' ? { ...v.gift, goods_id: v.gift.goods_id ?? 0 } : undefined,
  threshold: v.type === 'huangou' ? v.threshold : undefined,
  is_show: v.is_show ? 1 : 0,
  sort: v.sort,
});

/** The window's and a session's two server fields each show under their one range picker. */
export function fieldPath(field: string) {
  if (field === 'starts_at' || field === 'ends_at') return ['period'];
  if (field === 'daily_start' || field === 'daily_end') return ['session'];
  return dottedPath(field);
}
