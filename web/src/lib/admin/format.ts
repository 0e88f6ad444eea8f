/** How the console writes times: `YYYY-MM-DD HH:mm:ss` in the browser's time zone. */
import dayjs from 'dayjs';

export const formatTime = (unixSeconds: number | null | undefined, empty = '—') =>
  unixSeconds ? dayjs.unix(unixSeconds).format('YYYY-MM-DD HH:mm:ss') : empty;
