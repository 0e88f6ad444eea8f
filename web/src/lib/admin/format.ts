/** How the console writes times: `YYYY-MM-DD HH:mm:ss` in China time, as the storefront does. */
import { chinaTime } from '@/lib/china-time';

export const formatTime = (unixSeconds: number | null | undefined, empty = '—') => chinaTime(unixSeconds) || empty;
