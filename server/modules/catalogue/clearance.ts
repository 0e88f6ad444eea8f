/**
 * A batch's near-expiry price (近效期价), set in the console by whoever may write goods: the price its units sell at
 * in the near-expiry zone, or the site's default rate of the goods' base price when it has none
 * (docs/decisions/037-near-expiry-zone.md). Audited; a price that did not change writes nothing.
 */
import { eq, sql } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import { fenToYuan, yuanToFen } from '../../../core/money.js';
import { chinaToday } from '../../../core/schemas/admin-goods.js';
import type { ClearancePrice } from '../../../core/schemas/quality.js';
import type { Conn, Db } from '../../db/client.js';
import { goods, goodsBatches } from '../../db/schema/catalogue.js';
import { notFound } from '../../http/envelope.js';
import { audited } from '../operators/index.js';
import { siteSettings } from '../settings/index.js';
import { lockGoods } from './batches.js';
import { nearPriceFen, nearRateOf } from './near-rate.js';

async function batchWithGoods(conn: Conn, id: number) {
  const [row] = await conn
    .select({
      id: goodsBatches.id,
      goodsId: goodsBatches.goodsId,
      batchNo: goodsBatches.batchNo,
      xq: goodsBatches.xq,
      clearancePrice: goodsBatches.clearancePrice,
      basePrice: goods.basePrice,
      minShelfDays: goods.minShelfDays,
    })
    .from(goodsBatches)
    .innerJoin(goods, eq(goods.id, goodsBatches.goodsId))
    .where(eq(goodsBatches.id, id));
  if (!row) throw notFound('批次不存在');
  return row;
}

/** `GET /api/admin/quality/batches/{id}/clearance_price`: the batch's near-expiry price and what it sells at. */
export async function clearancePrice(db: Db, id: number, today = chinaToday()): Promise<ClearancePrice> {
  const b = await batchWithGoods(db, id);
  const rate = nearRateOf(await siteSettings(db));
  const limit = new Date(Date.parse(`${today}T00:00:00Z`) + b.minShelfDays * 86_400_000).toISOString().slice(0, 10);
  return {
    id: b.id,
    goods_id: b.goodsId,
    batch_no: b.batchNo,
    xq: b.xq,
    base_price: fenToYuan(b.basePrice),
    clearance_price: b.clearancePrice === null ? null : fenToYuan(b.clearancePrice),
    rate,
    near_price: fenToYuan(nearPriceFen(b.basePrice, b.clearancePrice, rate)),
    near: b.xq > today && b.xq <= limit ? 1 : 0,
  };
}

/** `POST /api/admin/quality/batches/{id}/clearance_price`: sets (or, with null, clears) the batch's near-expiry price. */
export async function setClearancePrice(db: Db, req: FastifyRequest, id: number, price: string | null): Promise<ClearancePrice> {
  const fen = price === null ? null : yuanToFen(price);
  await audited(db, req, { permission: 'goods:write', stale: 'catalogue', action: 'batch.clearance_price', targetType: 'batch', targetId: id }, async (tx) => {
    const { goodsId } = await batchWithGoods(tx, id);
    // Batches are written with their goods row locked first, as every write of batches is.
    await lockGoods(tx, [goodsId]);
    const [before] = await tx.select({ price: goodsBatches.clearancePrice }).from(goodsBatches).where(eq(goodsBatches.id, id)).for('update');
    if (before.price === fen) return { before: null, after: null, result: false };
    await tx.execute(sql`update ${goodsBatches} set clearance_price = ${fen} where id = ${id}`);
    const shown = (v: number | null) => (v === null ? '默认折扣' : fenToYuan(v));
    return { before: { clearance_price: shown(before.price) }, after: { clearance_price: shown(fen) }, result: true };
  });
  return clearancePrice(db, id);
}
