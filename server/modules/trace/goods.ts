/**
 * A goods' 药品标识码 and whether it sells without codes, set in the console (goods:write): a prefix belongs to one
 * goods; a change is audited and applies to the codes scanned from then on (those already scanned stay).
 */
import { and, eq, ne } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import type { TraceGoods, TraceGoodsBody } from '../../../core/schemas/trace.js';
import type { Conn, Db } from '../../db/client.js';
import { traceGoods } from '../../db/schema/trace.js';
import { invalid, notFound } from '../../http/envelope.js';
import { goodsByIds } from '../catalogue/index.js';
import { audited } from '../operators/index.js';

async function current(conn: Conn, goodsId: number): Promise<TraceGoods> {
  const [row] = await conn.select().from(traceGoods).where(eq(traceGoods.goodsId, goodsId));
  return { goods_id: goodsId, prefix: row?.prefix ?? '', without_codes: row?.withoutCodes ? 1 : 0 };
}

/** `GET /api/admin/trace/goods/{id}`. */
export async function goodsTrace(db: Db, goodsId: number): Promise<TraceGoods> {
  if (!(await goodsByIds(db, [goodsId])).length) throw notFound('商品不存在');
  return current(db, goodsId);
}

/** `POST /api/admin/trace/goods/{id}`: 422 when another goods holds the prefix. */
export async function setGoodsTrace(db: Db, req: FastifyRequest, goodsId: number, body: TraceGoodsBody): Promise<TraceGoods> {
  return audited(db, req, { permission: 'goods:write', stale: 'nothing', action: 'trace.goods', targetType: 'goods', targetId: goodsId }, async (tx) => {
    if (!(await goodsByIds(tx, [goodsId])).length) throw notFound('商品不存在');
    const before = await current(tx, goodsId);
    const prefix = body.without_codes ? '' : body.prefix;
    if (prefix) {
      const [other] = await tx
        .select({ goodsId: traceGoods.goodsId })
        .from(traceGoods)
        .where(and(eq(traceGoods.prefix, prefix), ne(traceGoods.goodsId, goodsId)));
      if (other) {
        const [g] = await goodsByIds(tx, [other.goodsId]);
        throw invalid('prefix', `药品标识码${prefix}已用于商品“${g?.name ?? other.goodsId}”`);
      }
    }
    const values = { goodsId, prefix, withoutCodes: body.without_codes === 1, updatedAt: new Date() };
    await tx
      .insert(traceGoods)
      .values(values)
      .onConflictDoUpdate({ target: traceGoods.goodsId, set: { prefix: values.prefix, withoutCodes: values.withoutCodes, updatedAt: values.updatedAt } });
    const after = await current(tx, goodsId);
    return {
      before: { prefix: before.prefix, without_codes: before.without_codes },
      after: { prefix: after.prefix, without_codes: after.without_codes },
      result: after,
    };
  });
}
