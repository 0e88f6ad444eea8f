/** The batches order lines took their units from, by batch id: what the outbound check binds each scanned code to. */
import { asc, eq, inArray } from 'drizzle-orm';
import type { Conn } from '../../db/client.js';
import { goodsBatches, orderItemBatches } from '../../db/schema/catalogue.js';

export type ItemBatch = { itemId: number; goodsId: number; batchId: number; batchNo: string; scrq: string; xq: string; units: number };

/** Each line's batches (a bundle line's per part goods), earliest expiry first. */
export async function itemBatches(conn: Conn, items: number[]): Promise<ItemBatch[]> {
  if (!items.length) return [];
  return conn
    .select({
      itemId: orderItemBatches.orderItemId,
      goodsId: orderItemBatches.goodsId,
      batchId: orderItemBatches.batchId,
      batchNo: goodsBatches.batchNo,
      scrq: goodsBatches.scrq,
      xq: goodsBatches.xq,
      units: orderItemBatches.units,
    })
    .from(orderItemBatches)
    .innerJoin(goodsBatches, eq(goodsBatches.id, orderItemBatches.batchId))
    .where(inArray(orderItemBatches.orderItemId, items))
    .orderBy(asc(orderItemBatches.orderItemId), asc(goodsBatches.xq), asc(goodsBatches.id));
}
