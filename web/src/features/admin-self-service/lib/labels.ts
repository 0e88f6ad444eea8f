/** How the console writes variety requests and feedback: states, types and times. */
import { BUY_STATUS_TEXT, FEEDBACK_KINDS, FEEDBACK_STATUS_TEXT, FEEDBACK_TYPE_TEXT } from '@core/schemas/self-service';
import { chinaMinute } from '@/lib/china-time';

export const BUY_STATUS_COLOURS: Record<number, string> = { 0: 'orange', 1: 'blue', 2: 'green', 3: 'default' };
export const FEEDBACK_STATUS_COLOURS: Record<number, string> = { 0: 'orange', 1: 'green', 2: 'default' };
export const FEEDBACK_TYPE_COLOURS: Record<string, string> = {
  goods: 'blue',
  logistics: 'cyan',
  service: 'purple',
  website: 'geekblue',
  complaint: 'red',
  other: 'default',
};

export const BUY_STATUS_OPTIONS = Object.entries(BUY_STATUS_TEXT).map(([value, label]) => ({ value, label }));
export const FEEDBACK_STATUS_OPTIONS = Object.entries(FEEDBACK_STATUS_TEXT).map(([value, label]) => ({ value, label }));
export const FEEDBACK_TYPE_OPTIONS = FEEDBACK_KINDS.map((k) => ({ value: k, label: FEEDBACK_TYPE_TEXT[k] }));

/** `YYYY-MM-DD HH:mm` in China time. */
export const timeText = (seconds: number | null) => chinaMinute(seconds);
