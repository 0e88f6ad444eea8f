import { chinaDate } from '@/lib/china-time';

/** `YYYY-MM-DD` of a Unix time in China time, as the help centre dates its articles. */
export const chinaDay = (seconds: number) => chinaDate(seconds);
