/**
 * What an account may still draw in an activity: the daily limit, the limit in all, and for a free lottery the
 * draws its paid orders earned. Read from its entrant row, which a draw counts and locks first, so that two draws
 * of one account never both take its last chance.
 */
import { and, eq } from 'drizzle-orm';
import type { Conn } from '../../db/client.js';
import { lotteries, lotteryEntrants } from '../../db/schema/lottery.js';
import { today } from '../../lib/china-time.js';
import { paidOrderCount } from '../orders/index.js';

export type LotteryRow = typeof lotteries.$inferSelect;
type EntrantRow = typeof lotteryEntrants.$inferSelect;

/** The account's chances; `leftTotal` -1 when only the daily limit applies. */
export type Chances = { leftToday: number; leftTotal: number; leftNow: number; points: number; canDraw: boolean };

const isRunning = (l: LotteryRow, now = Date.now()) => l.isShow && l.startsAt.getTime() <= now && l.endsAt.getTime() > now;

export function costText(l: Pick<LotteryRow, 'costKind' | 'costPoints' | 'drawsPerOrder'>) {
  return l.costKind === 'points' ? `每次消耗${l.costPoints}积分` : `每支付1笔订单获得${l.drawsPerOrder}次抽奖机会`;
}

export async function entrantOf(conn: Conn, lotteryId: number, userId: number): Promise<EntrantRow | null> {
  const [row] = await conn
    .select()
    .from(lotteryEntrants)
    .where(and(eq(lotteryEntrants.lotteryId, lotteryId), eq(lotteryEntrants.userId, userId)));
  return row ?? null;
}

/** Draws made today (China day) by the entrant. */
const drawnToday = (e: EntrantRow | null, now = Date.now()) => (e && e.day === today(now) ? e.dayDrawn : 0);

export async function chancesOf(conn: Conn, l: LotteryRow, userId: number, entrant: EntrantRow | null, points: number, now = Date.now()): Promise<Chances> {
  const drawn = entrant?.drawn ?? 0;
  const leftToday = Math.max(0, l.dailyLimit - drawnToday(entrant, now));
  let leftTotal = l.totalLimit > 0 ? Math.max(0, l.totalLimit - drawn) : -1;
  if (l.costKind === 'orders') {
    const earned = (await paidOrderCount(conn, userId, l.startsAt, l.endsAt)) * l.drawsPerOrder;
    const unused = Math.max(0, earned - drawn);
    leftTotal = leftTotal < 0 ? unused : Math.min(leftTotal, unused);
  }
  const leftNow = leftTotal < 0 ? leftToday : Math.min(leftToday, leftTotal);
  const affordable = l.costKind !== 'points' || points >= l.costPoints;
  return { leftToday, leftTotal, leftNow, points, canDraw: isRunning(l, now) && leftNow > 0 && affordable };
}

export const chancesView = (c: Chances) => ({
  left_today: c.leftToday,
  left_total: c.leftTotal,
  is_join: (c.canDraw ? 0 : 1) as 0 | 1,
  points: c.points,
});
