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
import { anyId } from '../../db/params.js';
import { goods, goodsBatches } from '../../db/schema/catalogue.js';

export async function sellingExpiries(conn: Conn, goodsIds: readonly number[], today = chinaToday()): Promise<Map<number, Expiry[]>> {
  const out = new Map<number, Expiry[]>();
  if (!goodsIds.length) return out;
  const result = (await conn.execute(sql`
    select b.goods_id as "goodsId", to_char(b.xq, 'YYYY-MM-DD') as xq, sum(b.quantity - b.held)::int as number
    from ${goodsBatches} b join ${goods} g on g.id = b.goods_id
    where ${anyId(sql`b.goods_id`, [...new Set(goodsIds)])} and b.status = ${BatchStatus.released}
      and b.xq > ${today}::date + g.min_shelf_days and b.quantity > b.held
    group by b.goods_id, b.xq order by b.goods_id, b.xq`)) as unknown as { rows: { goodsId: number; xq: string; number: number }[] };
  for (const r of result.rows) {
    const list = out.get(r.goodsId) ?? [];
    list.push({ xq: r.xq, number: r.number });
    out.set(r.goodsId, list);
  }
  return out;
}

/**
 * SQL of one text, the JSON array of one goods' expiries as `sellingExpiries` gives them (`goodsId` and `today`: a
 * parameter each): for the product page, read in the same statement as the goods.
 */
export function expiriesJsonSql(goodsId: SQL, today: SQL): SQL<string> {
  return sql<string>`(
    select coalesce(json_agg(json_build_object('xq', to_char(e.xq, 'YYYY-MM-DD'), 'number', e.number) order by e.xq), '[]')::text
    from (
      select b.xq, sum(b.quantity - b.held)::int as number
      from ${goodsBatches} b join ${goods} g on g.id = b.goods_id
      where b.goods_id = ${goodsId} and b.status = ${BatchStatus.released}
        and b.xq > ${today}::date + g.min_shelf_days and b.quantity > b.held
      group by b.xq) e)`;
}
