/** An account's order as a row, and the types of order rows other files of the module share. */
import { and, eq } from 'drizzle-orm';
import type { Conn } from '../../db/client.js';
import { orderItems, orders } from '../../db/schema/orders.js';
import { notFound } from '../../http/envelope.js';
import { ORDER_STATUS_TEXT, OrderStatus, PayStatus, type OrderStatus as Status } from '../../../core/status.js';

export const ORDER_MISSING = '订单不存在';

export type OrderRow = typeof orders.$inferSelect;
export type ItemRow = typeof orderItems.$inferSelect;

/** What placing an order reads of a line it wrote: its goods and units, for the stock and the limited buys. */
export const placedItemColumns = {
  id: orderItems.id,
  goodsId: orderItems.goodsId,
  type: orderItems.type,
  activityId: orderItems.activityId,
  number: orderItems.number,
  promoNumber: orderItems.promoNumber,
  parts: orderItems.parts,
};
export type PlacedItem = Pick<ItemRow, keyof typeof placedItemColumns>;

/** The account's order (locked for the transaction when asked), or 404. */
export async function ownOrder(conn: Conn, userId: number, id: number, lock = false) {
  const query = conn
    .select()
    .from(orders)
    .where(and(eq(orders.id, id), eq(orders.userId, userId)));
  const [row] = lock ? await query.for('update') : await query;
  if (!row) throw notFound(ORDER_MISSING);
  return row;
}

/** Any order, locked for the transaction (the staff's writes), or 404. */
export async function lockedOrder(conn: Conn, id: number) {
  const [o] = await conn.select().from(orders).where(eq(orders.id, id)).for('update');
  if (!o) throw notFound(ORDER_MISSING);
  return o;
}

/**
 * The unit price a line was charged: the flash-sale or daily-special price when it priced every unit (with the
 * usual price, struck through beside it), else the usual price; a line partly at the offer's price says how
 * many units were (`promo_number`).
 */
export function chargedPrice(i: Pick<ItemRow, 'unitPrice' | 'amount' | 'number' | 'promoNumber'>): { price: number; original: number | null } {
  if (i.promoNumber > 0 && i.promoNumber === i.number && i.amount % i.number === 0) {
    const price = i.amount / i.number;
    return { price, original: price === i.unitPrice ? null : i.unitPrice };
  }
  return { price: i.unitPrice, original: null };
}

/** The status as the buyer reads it; an unpaid order waiting for a transfer says so. */
export function statusText(o: OrderRow) {
  if (o.status === OrderStatus.unpaid && o.payStatus === PayStatus.transferWaiting) return '待确认转账';
  return ORDER_STATUS_TEXT[o.status as Status] ?? '未知';
}
