/**
 * An order's life after it is placed: cancelled by the buyer while unpaid or after 24 unpaid hours (what
 * placing it took is given back by the checkout's own undo steps), received by the buyer or completed 15 days
 * after shipping (points granted). The jobs that run every minute are here too.
 */
import { and, asc, eq, lt } from 'drizzle-orm';
import { OrderStatus } from '../../../core/status.js';
import type { Db, Tx } from '../../db/client.js';
import { orders } from '../../db/schema/orders.js';
import type { SessionUser } from '../../http/auth.js';
import { refuse } from '../../http/envelope.js';
import { move } from '../wallet/index.js';
import { grantCashback } from './cashback.js';
import { undoPlacement } from './placement.js';
import { orderCompleted } from './events.js';
import { ownOrder } from './rows.js';

/** Days after shipping when an order not confirmed by the buyer completes by itself. */
const AUTO_RECEIVE_DAYS = 15;
const EXPIRED_REASON = '超时未付款，系统自动取消';

/** Cancels an unpaid order in `tx` and gives back what placing it took. False when it was not unpaid. */
export async function cancelInTx(tx: Tx, orderId: number, reason: string, now = Date.now()) {
  const [o] = await tx
    .update(orders)
    .set({ status: OrderStatus.cancelled, cancelReason: reason, cancelledAt: new Date(now) })
    .where(and(eq(orders.id, orderId), eq(orders.status, OrderStatus.unpaid)))
    .returning();
  if (!o) return false;
  await undoPlacement(tx, o);
  return true;
}

export async function cancelOrder(db: Db, user: SessionUser, id: number, reason: string) {
  await ownOrder(db, user.id, id);
  const done = await db.transaction((tx) => cancelInTx(tx, id, reason || '买家取消'));
  if (!done) throw refuse('只有待付款的订单可以取消');
}

/** Cancels the account's unpaid orders whose time is up (before showing them). */
export async function cancelExpiredOf(db: Db, userId: number) {
  const due = await db
    .select({ id: orders.id })
    .from(orders)
    .where(and(eq(orders.userId, userId), eq(orders.status, OrderStatus.unpaid), lt(orders.expiresAt, new Date())));
  for (const o of due) await db.transaction((tx) => cancelInTx(tx, o.id, EXPIRED_REASON));
}

/** Cancels every unpaid order whose time is up; the server runs this every minute. */
export async function cancelExpiredOrders(db: Db, now = Date.now(), batch = 100) {
  const due = await db
    .select({ id: orders.id })
    .from(orders)
    .where(and(eq(orders.status, OrderStatus.unpaid), lt(orders.expiresAt, new Date(now))))
    .orderBy(asc(orders.expiresAt))
    .limit(batch);
  let cancelled = 0;
  for (const o of due) if (await db.transaction((tx) => cancelInTx(tx, o.id, EXPIRED_REASON, now))) cancelled++;
  return cancelled;
}

/**
 * Completes a shipped order in `tx` and grants its points (1 per yuan paid) and its 满返; what other modules do on
 * completion (the invoice) runs in the same transaction. False when it was not shipped.
 */
async function completeInTx(tx: Tx, orderId: number, now: number) {
  const [o] = await tx
    .update(orders)
    .set({ status: OrderStatus.done, receivedAt: new Date(now) })
    .where(and(eq(orders.id, orderId), eq(orders.status, OrderStatus.shipped)))
    .returning();
  if (!o) return false;
  const points = Math.floor(o.payAmount / 100);
  if (points > 0)
    await move(tx, {
      userId: o.userId,
      instrument: 'points',
      amount: points,
      kind: 'grant',
      refType: 'order',
      refId: o.id,
      memo: `订单 ${o.orderNo} 完成赠送积分`,
    });
  await grantCashback(tx, o);
  await orderCompleted(tx, o.id);
  return true;
}

/** 确认收货: the order is complete; points (1 per yuan paid) are granted. */
export async function receiveOrder(db: Db, user: SessionUser, id: number) {
  await ownOrder(db, user.id, id);
  const done = await db.transaction((tx) => completeInTx(tx, id, Date.now()));
  if (!done) throw refuse('只有已发货的订单可以确认收货');
}

/** Completes the orders shipped more than 15 days ago that the buyer did not confirm; run every minute. */
export async function completeShippedOrders(db: Db, now = Date.now(), batch = 100) {
  const due = await db
    .select({ id: orders.id })
    .from(orders)
    .where(and(eq(orders.status, OrderStatus.shipped), lt(orders.shippedAt, new Date(now - AUTO_RECEIVE_DAYS * 86_400_000))))
    .orderBy(asc(orders.shippedAt))
    .limit(batch);
  let completed = 0;
  for (const o of due) if (await db.transaction((tx) => completeInTx(tx, o.id, now))) completed++;
  return completed;
}
