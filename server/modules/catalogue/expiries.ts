/**
 * The expiry dates buyers are shipped: each goods' batches that sell (released, expiring later than its minimum
 * remaining shelf life from China's today, with units not held by open orders), one per date, earliest first, as
 * an order takes them (docs/decisions/033-batches.md). The product page and the cart show them.
 */
import { sql, type SQL } from 'drizzle-orm';
import type { Expiry } from '../../../core/expiry.js';
import { chinaToday } from '../../../core/schemas/admin-goods.js';
import { BatchStatus } from '../../../core/status.js';
import type { Conn } from '../../db/client.js';
import { uniqueIds } from '../../db/params.js';
import { goods, goodsBatches } from '../../db/schema/catalogue.js';

/**
 * SQL of one text: the JSON array of `[goods id, expiry, units]` of the goods of `ids` (an SQL `int[]`), in goods
 * then expiry order, as `sellingExpiries` answers them (`expiriesOfJson` reads it): for another module's statement
 * that reads its rows and their goods' expiries in one round trip (the cart's list).
 */
export function expiriesOfGoodsJsonSql(ids: SQL, today: SQL): SQL<string> {
  return sql<string>`(
    select coalesce(json_agg(json_build_array(e.goods_id, to_char(e.xq, 'YYYY-MM-DD'), e.number) order by e.goods_id, e.xq), '[]')::text
    from (
      select b.goods_id, b.xq, sum(b.quantity - b.held)::int as number
      from ${goodsBatches} b join ${goods} g on g.id = b.goods_id
      where b.goods_id = any(${ids}) and b.status = ${BatchStatus.released}
        and b.xq > ${today}::date + g.min_shelf_days and b.quantity > b.held
      group by b.goods_id, b.xq) e)`;
}

/** The expiries of an `expiriesOfGoodsJsonSql` text, by goods, earliest first. */
export function expiriesOfJson(text: string): Map<number, Expiry[]> {
  const out = new Map<number, Expiry[]>();
  for (const [goodsId, xq, number] of JSON.parse(text) as [number, string, number][]) {
    const list = out.get(goodsId) ?? [];
    list.push({ xq, number });
    out.set(goodsId, list);
  }
  return out;
}

export async function sellingExpiries(conn: Conn, goodsIds: readonly number[], today = chinaToday()): Promise<Map<number, Expiry[]>> {
  if (!goodsIds.length) return new Map();
  const result = (await conn.execute(
    sql`select ${expiriesOfGoodsJsonSql(sql`${sql.param(uniqueIds(goodsIds))}::int[]`, sql`${today}`)} as expiries`,
  )) as unknown as { rows: { expiries: string }[] };
  return expiriesOfJson(result.rows[0].expiries);
}
