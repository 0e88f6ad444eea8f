/**
 * What modules above orders do inside an order's own transaction when it completes or money of it goes back:
 * they cannot be imported from here (orders sits below them), so the app registers them when it is built
 * (server/app.ts) and the order's code calls them before it commits. A listener that throws undoes the whole
 * change, so a completed order never lacks what its listeners write.
 */
import { and, asc, desc, eq, ilike, inArray, or, sql, type SQL } from 'drizzle-orm';
import { OrderStatus } from '../../../core/status.js';
import type { Conn, Tx } from '../../db/client.js';
import { containing } from '../../db/like.js';
import { afterSales, orderItems, orders } from '../../db/schema/orders.js';
import { notFound } from '../../http/envelope.js';
import { ORDER_MISSING, type ItemRow, type OrderRow } from './rows.js';

/** A return or after-sales request as others read it: its kind, lines, what was refunded and when. */
type AfterSaleFacts = { kind: 'return' | 'after_sale'; lines: { item_id: number; number: number }[]; refundAmount: number; refunded: boolean };

/** An order as it stands in the transaction: the row, its lines and its returns and after-sales requests. */
export type OrderFacts = { order: OrderRow; items: ItemRow[]; afterSales: AfterSaleFacts[] };

export type OrderListener = (tx: Tx, facts: OrderFacts) => Promise<void>;

const completedListeners = new Set<OrderListener>();
const refundedListeners = new Set<OrderListener>();
const shippingListeners = new Set<OrderListener>();

/** Called when an order completes (已完成: received by the buyer, or 15 days after shipping). Registering the same function again changes nothing. */
export function onOrderCompleted(fn: OrderListener) {
  completedListeners.add(fn);
}

/** Called when money of a paid order goes back (a refund before shipping, or of a return or after-sales request). */
export function onOrderRefunded(fn: OrderListener) {
  refundedListeners.add(fn);
}

/** Called as a paid order is about to ship, before anything of it changes; a listener refuses by throwing (the outbound check's codes). */
export function onOrderShipping(fn: OrderListener) {
  shippingListeners.add(fn);
}

/** The order with its lines and after-sales requests, locked for the transaction when asked; 404 when there is none. */
export async function orderFacts(conn: Conn, orderId: number, lock = false): Promise<OrderFacts> {
  const query = conn.select().from(orders).where(eq(orders.id, orderId));
  const [order] = lock ? await query.for('update') : await query;
  if (!order) throw notFound(ORDER_MISSING);
  const [items, requests] = await Promise.all([
    conn.select().from(orderItems).where(eq(orderItems.orderId, orderId)).orderBy(asc(orderItems.id)),
    conn.select().from(afterSales).where(eq(afterSales.orderId, orderId)).orderBy(asc(afterSales.id)),
  ]);
  return {
    order,
    items,
    afterSales: requests.map((a) => ({ kind: a.kind, lines: a.lines, refundAmount: a.refundAmount, refunded: Boolean(a.refundedAt) })),
  };
}

/** The order number's order id, or null (the console finds an order by the number an operator types). */
export async function orderIdByNo(conn: Conn, orderNo: string): Promise<number | null> {
  const [row] = await conn.select({ id: orders.id }).from(orders).where(eq(orders.orderNo, orderNo));
  return row?.id ?? null;
}

// Constants written into the statement, not bound, as orders_paid_idx has them, so that the index serves it.
const PAID_STATUSES = sql.raw([OrderStatus.toShip, OrderStatus.shipped, OrderStatus.done].join(', '));
const DONE = sql.raw(String(OrderStatus.done));

/**
 * Paid orders that have not ended in a cancellation (待发货, 已发货, 已完成), completed ones first and then the
 * newest, a page at a time, optionally those whose number holds `orderNo` or whose buyer is one of `userIds`:
 * what the console's 立即开票 picks from.
 */
export async function paidOrdersPage(conn: Conn, q: { orderNo?: string; userIds?: number[]; offset: number; limit: number }) {
  const where: SQL[] = [sql`${orders.status} in (${PAID_STATUSES})`];
  const matches: SQL[] = [];
  if (q.orderNo) matches.push(ilike(orders.orderNo, containing(q.orderNo)));
  if (q.userIds?.length) matches.push(inArray(orders.userId, q.userIds));
  if (q.orderNo !== undefined || q.userIds !== undefined) where.push(matches.length ? or(...matches)! : sql`false`);
  return conn
    .select()
    .from(orders)
    .where(and(...where))
    .orderBy(desc(sql`(${orders.status} = ${DONE})`), desc(orders.id))
    .offset(q.offset)
    .limit(q.limit);
}

async function emit(listeners: Set<OrderListener>, tx: Tx, orderId: number) {
  if (!listeners.size) return;
  const facts = await orderFacts(tx, orderId);
  for (const fn of listeners) await fn(tx, facts);
}

export const orderCompleted = (tx: Tx, orderId: number) => emit(completedListeners, tx, orderId);
export const orderRefunded = (tx: Tx, orderId: number) => emit(refundedListeners, tx, orderId);
export const orderShipping = (tx: Tx, orderId: number) => emit(shippingListeners, tx, orderId);
