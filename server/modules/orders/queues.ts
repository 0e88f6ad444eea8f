/** What the orders hold for the console's dashboard: the queues operators work from and the daily figures. */
import { and, count, eq, gte, ne, sql, sum } from 'drizzle-orm';
import { AfterSaleStatus, OrderStatus, PayStatus } from '../../../core/status.js';
import type { Db } from '../../db/client.js';
import { afterSales, orders } from '../../db/schema/orders.js';

/** Signed receipts of ephedrine orders waiting for a check. */
export const receiptWaiting = () => and(eq(orders.isEphedrine, true), ne(orders.receiptImage, ''), eq(orders.receiptStatus, 0));

export async function orderQueues(db: Db) {
  const [[transfers], [toShip], [decide], [refund], [receipts]] = await Promise.all([
    db
      .select({ n: count() })
      .from(orders)
      .where(and(eq(orders.status, OrderStatus.unpaid), eq(orders.payStatus, PayStatus.transferWaiting))),
    db.select({ n: count() }).from(orders).where(eq(orders.status, OrderStatus.toShip)),
    db.select({ n: count() }).from(afterSales).where(eq(afterSales.status, AfterSaleStatus.pending)),
    db.select({ n: count() }).from(afterSales).where(eq(afterSales.status, AfterSaleStatus.approved)),
    db.select({ n: count() }).from(orders).where(receiptWaiting()),
  ]);
  return { transfers: transfers.n, toShip: toShip.n, afterSalesToDecide: decide.n, afterSalesToFinish: refund.n, receipts: receipts.n };
}

const chinaDay = (column: typeof orders.createdAt | typeof orders.paidAt) => sql<string>`to_char(${column} at time zone 'Asia/Shanghai', 'YYYY-MM-DD')`;

/** Orders placed and money paid per China day since `since`. */
export async function ordersByDay(db: Db, since: Date) {
  const placedDay = chinaDay(orders.createdAt);
  const paidDay = chinaDay(orders.paidAt);
  const [placed, paid] = await Promise.all([
    db.select({ day: placedDay, n: count() }).from(orders).where(gte(orders.createdAt, since)).groupBy(placedDay),
    db
      .select({ day: paidDay, amount: sum(orders.payAmount).mapWith(Number) })
      .from(orders)
      .where(and(gte(orders.paidAt, since), sql`${orders.status} in (${OrderStatus.toShip}, ${OrderStatus.shipped}, ${OrderStatus.done})`))
      .groupBy(paidDay),
  ]);
  return { placed: new Map(placed.map((r) => [r.day, r.n])), paid: new Map(paid.map((r) => [r.day, r.amount ?? 0])) };
}
