/**
 * Units sold at limited prices (flash sales, daily specials): what each account and everybody bought today
 * of an offer, for its per-account limit and its daily quota. Placing an order records its limited lines;
 * cancelling it gives them back.
 */
import { eq, sql } from 'drizzle-orm';
import type { Conn } from '../../db/client.js';
import { anyId, uniqueIds, type Value } from '../../db/params.js';
import { promoSales } from '../../db/schema/promotions.js';

export type LimitedSale = { activityId: number; goodsId: number; number: number };

/** Records the limited lines of a new order, in its transaction. */
export async function recordSales(tx: Conn, order: { id: number; userId: number; createdAt: Date }, lines: LimitedSale[]) {
  const rows = lines.filter((l) => l.number > 0);
  if (!rows.length) return;
  await tx.insert(promoSales).values(rows.map((l) => ({ ...l, userId: order.userId, orderId: order.id, createdAt: order.createdAt })));
}

/** Gives back what an order bought at limited prices (it was cancelled). */
export async function releaseSales(tx: Conn, orderId: number) {
  await tx.delete(promoSales).where(eq(promoSales.orderId, orderId));
}

/** The values of `boughtTodaySql`'s placeholders for `offers`: their activities and goods, each as one array. */
export function offerIds(offers: { activity_id: number; goods_id: number }[]) {
  return { activityIds: uniqueIds(offers.map((o) => o.activity_id)), goodsIds: uniqueIds(offers.map((o) => o.goods_id)) };
}

/**
 * SQL for a JSON array of `{activity_id, goods_id, mine, all}`: the units `userId` and everybody bought since
 * `dayStart` (an ISO time) of the offers of `activityIds` and `goodsIds` (`offerIds`), for embedding in the
 * pricing statement (one round trip). Each id list is one array parameter: one statement text for any count.
 */
export function boughtTodaySql(userId: Value<number>, dayStart: Value<string>, activityIds: Value<readonly number[]>, goodsIds: Value<readonly number[]>) {
  return sql`coalesce((
    select json_agg(json_build_object('activity_id', b.activity_id, 'goods_id', b.goods_id, 'mine', b.mine, 'all', b.all))
    from (
      select ps.activity_id, ps.goods_id,
        sum(case when ps.user_id = ${userId} then ps.number else 0 end)::int as mine,
        sum(ps.number)::int as all
      from ${promoSales} ps
      where ${anyId(sql`ps.activity_id`, activityIds)} and ${anyId(sql`ps.goods_id`, goodsIds)}
        and ps.created_at >= ${dayStart}::timestamptz
      group by ps.activity_id, ps.goods_id
    ) b
  ), '[]')`;
}
