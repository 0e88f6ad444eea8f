/** How the self-service pages write times and states. */
import { chinaMinute } from '@/lib/china-time';

/** `YYYY-MM-DD HH:mm` in China time; '' for none. */
export const timeText = (seconds: number | null) => chinaMinute(seconds);

/** The class of a variety request's state: 0 待处理, 1 已回复, 2 已上架, 3 无法采购. */
export const buyStateClass = (status: number) => `yct-ss-state is-buy-${status}`;

/** The class of a feedback's state: 0 待处理, 1 已回复, 2 已关闭. */
export const feedbackStateClass = (status: number) => `yct-ss-state is-fb-${status}`;

/** Where one variety request is read. */
export const detailPath = (id: number) => `/zzfw/pzqg/info/${id}`;
