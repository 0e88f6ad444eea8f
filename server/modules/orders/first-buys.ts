/**
 * Which goods an account has bought before: what makes a goods 首营 (first business) for a buyer
 * (docs/decisions/034-first-business-documents.md). A goods counts as bought once it is on an order that was
 * not cancelled: on a line of its own, as a gift or an add-on, or inside a bundle.
 */
import { and, eq, inArray, lt, ne, or, type SQL } from 'drizzle-orm';
import { LineType, OrderStatus } from '../../../core/status.js';
import type { Conn } from '../../db/client.js';
import { orderItems, orders } from '../../db/schema/orders.js';

/** The goods of an order as it carries them: its lines' goods and its bundles' parts, first line first. */
export function goodsOfLines(lines: { goodsId: number; type: number; parts: { goods_id: number }[] | null }[]): number[] {
  const ids = lines.flatMap((l) => (l.type === LineType.bundle ? (l.parts ?? []).map((p) => p.goods_id) : [l.goodsId]));
  return [...new Set(ids)];
}

/**
 * Of `goodsIds`, those the account bought in an order not cancelled; with `before`, only in orders placed before
 * that one (earlier, or at the same moment with a smaller id).
 */
export async function goodsBoughtBefore(conn: Conn, userId: number, goodsIds: number[], before?: { id: number; createdAt: Date }): Promise<Set<number>> {
  const wanted = [...new Set(goodsIds)];
  if (!wanted.length) return new Set();
  const where: SQL[] = [
    eq(orders.userId, userId),
    ne(orders.status, OrderStatus.cancelled),
    or(inArray(orderItems.goodsId, wanted), eq(orderItems.type, LineType.bundle))!,
  ];
  if (before) where.push(or(lt(orders.createdAt, before.createdAt), and(eq(orders.createdAt, before.createdAt), lt(orders.id, before.id)))!);
  const rows = await conn
    .selectDistinct({ goodsId: orderItems.goodsId, type: orderItems.type, parts: orderItems.parts })
    .from(orderItems)
    .innerJoin(orders, eq(orders.id, orderItems.orderId))
    .where(and(...where));
  const asked = new Set(wanted);
  return new Set(goodsOfLines(rows).filter((id) => asked.has(id)));
}
