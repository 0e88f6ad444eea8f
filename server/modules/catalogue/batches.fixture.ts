/**
 * What the tests of batches share (catalogue, orders, quality): days from China's today, goods of their own to give
 * batches to, and giving a goods exactly these batches with its stock worked out from them (decision 033).
 */
import { and, asc, desc, eq, gt, lte, notExists, type SQL } from 'drizzle-orm';
import { chinaToday } from '../../../core/schemas/admin-goods.js';
import { BatchStatus } from '../../../core/status.js';
import type { Db } from '../../db/client.js';
import { goods, goodsBatches, orderItemBatches } from '../../db/schema/catalogue.js';
import { lockGoods, syncGoodsStock } from './batches.js';

type Goods = typeof goods.$inferSelect;

/** The day `days` from China's today, YYYY-MM-DD. */
export const dayFrom = (days: number) => new Date(Date.parse(`${chinaToday()}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);

/** A batch to give: expiring `days` from today (made two years before), released unless a status is named. */
export type BatchSpec = { no: string; days: number; quantity: number; held?: number; status?: BatchStatus; price?: number | null };

/** Gives the goods exactly these batches and works its stock out from them; answers each batch's id by number. */
export async function giveBatches(db: Db, goodsId: number, specs: BatchSpec[]): Promise<Map<string, number>> {
  await db.delete(goodsBatches).where(eq(goodsBatches.goodsId, goodsId));
  const rows = await db
    .insert(goodsBatches)
    .values(
      specs.map((s) => ({
        goodsId,
        batchNo: s.no,
        scrq: dayFrom(s.days - 730),
        xq: dayFrom(s.days),
        quantity: s.quantity,
        held: s.held ?? 0,
        status: s.status ?? BatchStatus.released,
        clearancePrice: s.price ?? null,
      })),
    )
    .returning();
  await db.transaction(async (tx) => {
    await lockGoods(tx, [goodsId]);
    await syncGoodsStock(tx, [goodsId]);
  });
  return new Map(rows.map((r) => [r.batchNo, r.id]));
}

/**
 * Goods sold in single units that a buyer may order and no order has taken yet (a test gives each its own batches):
 * `limit` of them, newest first, or cheapest first; `maxPrice` in fen.
 */
export async function untakenGoods(db: Db, { limit, maxPrice, cheapest = false }: { limit: number; maxPrice?: number; cheapest?: boolean }) {
  const where: SQL[] = [
    eq(goods.zbz, 1),
    eq(goods.isKx, false),
    eq(goods.isBuy, true),
    eq(goods.isEphedrine, false),
    eq(goods.isOnSale, true),
    gt(goods.number, 0),
    notExists(db.select({ id: orderItemBatches.id }).from(orderItemBatches).where(eq(orderItemBatches.goodsId, goods.id))),
  ];
  if (maxPrice !== undefined) where.push(lte(goods.basePrice, maxPrice));
  return db
    .select()
    .from(goods)
    .where(and(...where))
    .orderBy(...(cheapest ? [asc(goods.basePrice), asc(goods.id)] : [desc(goods.id)]))
    .limit(limit);
}

/** The next goods of a pool: each test a goods of its own. */
export function takeOne(pool: Goods[]): Goods {
  const g = pool.shift();
  if (!g) throw new Error('the seed has enough single-unit goods');
  return g;
}
