/**
 * The orders behind order lines, with their buyer and where they were sent: what a recall of a batch lists and
 * whom a batch's inspection report is served to (docs/decisions/036-receiving-reports-recalls.md).
 */
import { and, eq, inArray } from 'drizzle-orm';
import { OrderStatus } from '../../../core/status.js';
import type { Conn } from '../../db/client.js';
import { orderItems, orders } from '../../db/schema/orders.js';
import { statusText } from './rows.js';

export type ItemOrder = {
  item: number;
  orderId: number;
  orderNo: string;
  status: number;
  statusText: string;
  /** Shipped or completed: the units reached the buyer. */
  received: boolean;
  userId: number;
  receiver: string;
  phone: string;
  address: string;
  shippedAt: Date | null;
};

/** The order of each line, for lines of orders not cancelled. */
export async function itemOrders(conn: Conn, items: number[]): Promise<ItemOrder[]> {
  if (!items.length) return [];
  const rows = await conn
    .select({ item: orderItems.id, order: orders })
    .from(orderItems)
    .innerJoin(orders, eq(orders.id, orderItems.orderId))
    .where(inArray(orderItems.id, [...new Set(items)]));
  return rows
    .filter((r) => r.order.status !== OrderStatus.cancelled)
    .map(({ item, order: o }) => ({
      item,
      orderId: o.id,
      orderNo: o.orderNo,
      status: o.status,
      statusText: statusText(o),
      received: o.status === OrderStatus.shipped || o.status === OrderStatus.done,
      userId: o.userId,
      receiver: o.address.name,
      phone: o.address.phone,
      address: `${o.address.province}${o.address.city}${o.address.district}${o.address.address}`,
      shippedAt: o.shippedAt,
    }));
}

/** The lines of the account's order (any status), or null when the order is not the account's. */
export async function ownOrderItems(conn: Conn, userId: number, orderId: number): Promise<number[] | null> {
  const [o] = await conn
    .select({ id: orders.id })
    .from(orders)
    .where(and(eq(orders.id, orderId), eq(orders.userId, userId)));
  if (!o) return null;
  const rows = await conn.select({ id: orderItems.id }).from(orderItems).where(eq(orderItems.orderId, orderId));
  return rows.map((r) => r.id);
}
