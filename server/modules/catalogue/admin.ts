/**
 * The console's goods (DESIGN.md sections 7 and 13): the list and the detail, creating and editing every
 * field, stock changes with their log, on and off sale in bulk. Every write is audited in its own transaction
 * (operators/audit.ts), which marks the catalogue stale in the same transaction: the shared answers - lists,
 * details, the category menu, the running promotions, which all live in http/cache.ts - are dropped in every
 * server process (http/freshness.ts), so that buyers see the change on their very next request. Once it has
 * committed, the search terms are rebuilt when a name, a manufacturer or what is on sale changed.
 */
import { and, count, desc, eq, getTableColumns, ilike, inArray, lt, or, sql, type SQL } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import {
  ADMIN_GOODS_PER_PAGE,
  chinaToday,
  type AdminGoods,
  type AdminGoodsDetail,
  type AdminGoodsFilter,
  type AdminGoodsQuery,
  type GoodsInput,
  type GoodsPatch,
  type StockLogEntry,
} from '../../../core/schemas/admin-goods.js';
import type { Conn, Db } from '../../db/client.js';
import { containing } from '../../db/like.js';
import { staleNow } from '../../http/freshness.js';
import { goods, goodsBatches, stockLog } from '../../db/schema/catalogue.js';
import { notFound, refuse } from '../../http/envelope.js';
import { businessScopeList } from '../accounts/index.js';
import { audited, auditedMany, operatorNames } from '../operators/index.js';
import { assertForm, bit, categoryPath, columnsOf, descendants, formFields, formOf, goodsTrail, loadRefs, type GoodsForm, type Refs } from './admin-form.js';
import { changeBatchStock, correctBatchDates, firstBatch, syncGoodsStock } from './batches.js';
import { goodsBatchList } from './batch-views.js';
import { goodsChanged, goodsRewritten } from './goods-events.js';
import { goodsCore, type GoodsCore } from './goods.js';
import { asPinyin, refreshGoodsTerms } from './terms.js';

const GOODS_MISSING = '商品不存在';
type GoodsRow = typeof goods.$inferSelect;

const seconds = (d: Date) => Math.floor(d.getTime() / 1000);

/**
 * After a goods write commits (which marked the catalogue stale): new search terms when what search matches
 * changed, and the catalogue marked stale again once they are in, for the answers made meanwhile.
 */
export async function afterGoodsWrite(db: Db, searchChanged: boolean) {
  if (!searchChanged) return;
  await refreshGoodsTerms(db);
  await staleNow(db, 'catalogue');
}

/** Goods as the console's list shows them: the form's fields with the names of what they refer to, stock and sales. */
function adminGoodsView(row: GoodsCore, refs: Refs): AdminGoods {
  return {
    id: row.id,
    ...formFields(row),
    category_name: categoryPath(refs, row.categoryId)
      .map((c) => c.name)
      .join('/'),
    brand_name: row.brandId ? (refs.brands.get(row.brandId) ?? '') : '',
    scope_name: row.scopeId ? (refs.scopes.get(row.scopeId) ?? '') : '',
    number: row.number,
    sales: row.sales,
    created_at: seconds(row.createdAt),
  };
}

/** The list's and the export's filters: a keyword over name, its pinyin and initials, manufacturer and approval number. */
export async function goodsFilter(q: AdminGoodsFilter, categoryIds: (id: number) => Promise<number[]>): Promise<SQL[]> {
  const where: SQL[] = [];
  const k = q.keyword.trim();
  if (k) {
    const like = containing(k);
    const parts = [ilike(goods.name, like), ilike(goods.sccj, like), ilike(goods.pzwh, like)];
    const py = asPinyin(k);
    if (py) parts.push(sql`${goods.nameSzm} like ${`%${py}%`}`, sql`${goods.namePy} like ${`%${py}%`}`);
    where.push(or(...parts)!);
  }
  if (q.category) where.push(inArray(goods.categoryId, await categoryIds(q.category)));
  if (q.is_buy) where.push(eq(goods.isBuy, q.is_buy === '1'));
  if (q.is_on_sale) where.push(eq(goods.isOnSale, q.is_on_sale === '1'));
  return where;
}
/** `GET /api/admin/goods`: newest first, 20 a page. */
export async function adminListGoods(db: Db, q: AdminGoodsQuery) {
  const refs = await loadRefs(db, await businessScopeList(db));
  const where = await goodsFilter(q, async (id) => descendants(refs, id));
  const cond = where.length ? and(...where) : undefined;
  const [rows, [{ n }]] = await Promise.all([
    db
      .select(goodsCore)
      .from(goods)
      .where(cond)
      .orderBy(desc(goods.id))
      .limit(ADMIN_GOODS_PER_PAGE)
      .offset((q.page - 1) * ADMIN_GOODS_PER_PAGE),
    db.select({ n: count() }).from(goods).where(cond),
  ]);
  return {
    current_page: q.page,
    data: rows.map((r) => adminGoodsView(r, refs)),
    last_page: Math.max(1, Math.ceil(n / ADMIN_GOODS_PER_PAGE)),
    per_page: ADMIN_GOODS_PER_PAGE,
    total: n,
  };
}

/** Orders sit above the catalogue: the app lends their count of units in open orders (app.ts). */
let heldByOpenOrders: (conn: Conn, goodsId: number) => Promise<number> = async () => 0;
export function setStockHeld(count: (conn: Conn, goodsId: number) => Promise<number>) {
  heldByOpenOrders = count;
}

/** `GET /api/admin/goods/{id}`: every field, the package insert, the category path and the units in open orders. */
export async function adminGoodsDetail(db: Db, id: number): Promise<AdminGoodsDetail> {
  const [row] = await db.select().from(goods).where(eq(goods.id, id));
  if (!row) throw notFound(GOODS_MISSING);
  const [refs, held] = await Promise.all([businessScopeList(db).then((scopes) => loadRefs(db, scopes)), heldByOpenOrders(db, id)]);
  return { ...adminGoodsView(row, refs), gnzz: row.gnzz, instructions: row.instructions, category_path: categoryPath(refs, row.categoryId), held_number: held };
}

const writeGoods = { permission: 'goods:write', targetType: 'goods', stale: 'catalogue' } as const;

/** `POST /api/admin/goods`: a new goods; its first stock is logged like any stock change. */
export async function createGoods(db: Db, req: FastifyRequest, body: GoodsInput): Promise<AdminGoodsDetail> {
  const { number, ...form } = body;
  const scopes = await businessScopeList(db);
  const id = await audited(db, req, { ...writeGoods, action: 'goods.create', targetId: '' }, async (tx, operator) => {
    await assertForm(tx, scopes, form, []);
    const [row] = await tx
      .insert(goods)
      .values({ ...columnsOf(form), number })
      .returning({ id: goods.id });
    // The first stock is the first batch, with the form's dates; it sells unless those are near expiry.
    const batchId = await firstBatch(tx, row.id, number);
    const [after] = await tx.select({ number: goods.number }).from(goods).where(eq(goods.id, row.id));
    if (number > 0)
      await tx.insert(stockLog).values({ goodsId: row.id, batchId, delta: number, stockAfter: after.number, reason: '新建商品', operatorId: operator.id });
    return { before: null, after: { ...goodsTrail(form), number }, result: row.id, targetId: row.id };
  });
  await afterGoodsWrite(db, form.is_on_sale === 1);
  return adminGoodsDetail(db, id);
}

/**
 * A goods row rewritten from a form (the goods form, a row of the Excel import): made cheaper, put on sale or made
 * buyable again, those waiting to hear of it are told in the same transaction (goods-events.ts).
 */
export async function formRewritten(tx: Conn, was: GoodsRow, form: GoodsForm) {
  await goodsRewritten(tx, [[was, columnsOf(form)]]);
}

/** `POST /api/admin/goods/{id}`: the fields sent change; the rules between fields hold for the result. */
export async function updateGoods(db: Db, req: FastifyRequest, id: number, patch: GoodsPatch): Promise<AdminGoodsDetail> {
  const scopes = await businessScopeList(db);
  const searchChanged = await audited(db, req, { ...writeGoods, action: 'goods.update', targetId: id }, async (tx) => {
    const [row] = await tx.select().from(goods).where(eq(goods.id, id)).for('update');
    if (!row) throw notFound(GOODS_MISSING);
    const before = formOf(row);
    const sent = Object.fromEntries(Object.entries(patch).filter(([, v]) => v !== undefined)) as Partial<GoodsForm>;
    const after: GoodsForm = { ...before, ...sent };
    await assertForm(tx, scopes, after, row.images);
    await tx.update(goods).set(columnsOf(after)).where(eq(goods.id, id));
    await correctBatchDates(tx, id, row, after);
    // Another minimum shelf life moves batches into or out of what sells with the goods.
    if (after.min_shelf_days !== before.min_shelf_days) await syncGoodsStock(tx, [id]);
    await formRewritten(tx, row, after);
    const search = before.name !== after.name || before.sccj !== after.sccj || before.is_on_sale !== after.is_on_sale;
    return { before: goodsTrail(before), after: goodsTrail(after), result: search };
  });
  await afterGoodsWrite(db, searchChanged);
  return adminGoodsDetail(db, id);
}

function stockLogView(r: typeof stockLog.$inferSelect, names: Map<number, string>, batchNos: Map<number, string>): StockLogEntry {
  return {
    id: r.id,
    goods_id: r.goodsId,
    delta: r.delta,
    batch_id: r.batchId,
    batch_no: r.batchId ? (batchNos.get(r.batchId) ?? null) : null,
    stock_after: r.stockAfter,
    reason: r.reason,
    operator_id: r.operatorId,
    operator_name: r.operatorId ? (names.get(r.operatorId) ?? '') : '',
    created_at: seconds(r.createdAt),
  };
}

/** The numbers (批号) of the batches log rows name. */
async function batchNosOf(conn: Conn, rows: { batchId: number | null }[]): Promise<Map<number, string>> {
  const ids = [...new Set(rows.flatMap((r) => (r.batchId ? [r.batchId] : [])))];
  if (!ids.length) return new Map();
  const found = await conn.select({ id: goodsBatches.id, no: goodsBatches.batchNo }).from(goodsBatches).where(inArray(goodsBatches.id, ids));
  return new Map(found.map((b) => [b.id, b.no]));
}

/**
 * `POST /api/admin/goods/{id}/stock`: adds `delta` units (taking them off when negative) to the batch named, or
 * without one to the batch the goods' dates name (taking them off the batches that sell, first-expiring first),
 * with its log row, in one transaction that holds the goods row (batches.ts).
 *
 * Never below what open orders hold: stock is taken off the batches' free units when an order is placed
 * (orders/checkout.ts) and given back if it is cancelled, so what open orders hold is already out of `number`
 * (the detail shows it as `held_number`); any count from 0 up leaves those orders whole.
 */
export async function changeStock(db: Db, req: FastifyRequest, id: number, body: { delta: number; reason: string; batch_id?: number }) {
  const result = await audited(
    db,
    req,
    { permission: 'stock:write', stale: 'catalogue', action: 'goods.stock', targetType: 'goods', targetId: id },
    async (tx, operator) => {
      const [found] = await tx.select({ id: goods.id }).from(goods).where(eq(goods.id, id)).for('update');
      if (!found) throw notFound(GOODS_MISSING);
      const row = await changeBatchStock(tx, id, body.delta, body.batch_id ?? null);
      const [log] = await tx
        .insert(stockLog)
        .values({ goodsId: id, batchId: row.batchId, delta: body.delta, stockAfter: row.number, reason: body.reason, operatorId: operator.id })
        .returning();
      const names = new Map([[operator.id, `${operator.name}（${operator.username}）`]]);
      return {
        before: { number: row.before },
        after: { number: row.number, reason: body.reason },
        result: { goods_id: id, number: row.number, log: stockLogView(log, names, await batchNosOf(tx, [log])) },
      };
    },
  );
  return result;
}

/** `GET /api/admin/goods/{id}/stock_log`: the goods' stock changes by hand, newest first. */
export async function stockLogOf(db: Db, id: number, page: number) {
  const [found] = await db.select({ id: goods.id }).from(goods).where(eq(goods.id, id));
  if (!found) throw notFound(GOODS_MISSING);
  const [rows, [{ n }]] = await Promise.all([
    db
      .select()
      .from(stockLog)
      .where(eq(stockLog.goodsId, id))
      .orderBy(desc(stockLog.createdAt), desc(stockLog.id))
      .limit(ADMIN_GOODS_PER_PAGE)
      .offset((page - 1) * ADMIN_GOODS_PER_PAGE),
    db.select({ n: count() }).from(stockLog).where(eq(stockLog.goodsId, id)),
  ]);
  const [names, batchNos] = await Promise.all([
    operatorNames(
      db,
      rows.flatMap((r) => (r.operatorId ? [r.operatorId] : [])),
    ),
    batchNosOf(db, rows),
  ]);
  return {
    current_page: page,
    data: rows.map((r) => stockLogView(r, names, batchNos)),
    last_page: Math.max(1, Math.ceil(n / ADMIN_GOODS_PER_PAGE)),
    per_page: ADMIN_GOODS_PER_PAGE,
    total: n,
  };
}

/** `GET /api/admin/goods/{id}/batches`: every batch of the goods, first expiring first, for its stock form. */
export async function goodsBatchesOf(db: Db, id: number) {
  const [found] = await db.select({ id: goods.id }).from(goods).where(eq(goods.id, id));
  if (!found) throw notFound(GOODS_MISSING);
  return goodsBatchList(db, id);
}

/**
 * `POST /api/admin/goods/on_sale`: puts goods on or off sale; any unknown id answers 404 and nothing changes,
 * and expired goods are not put on sale. An audit row for each goods that changed.
 */
export async function setOnSale(db: Db, req: FastifyRequest, ids: number[], onSale: number) {
  const unique = [...new Set(ids)];
  const want = onSale === 1;
  const result = await auditedMany(db, req, { ...writeGoods, action: 'goods.on_sale' }, async (tx) => {
    const rows = await tx
      .select({ id: goods.id, name: goods.name, isOnSale: goods.isOnSale, xq: goods.xq })
      .from(goods)
      .where(inArray(goods.id, unique))
      .for('update');
    if (rows.length !== unique.length) throw notFound(GOODS_MISSING);
    const changing = rows.filter((r) => r.isOnSale !== want);
    const expired = want ? changing.filter((r) => r.xq < chinaToday()) : [];
    if (expired.length) throw refuse(`${expired.map((r) => `${r.name}（ID ${r.id}）`).join('、')}已过效期，不能上架`);
    if (changing.length) {
      await tx
        .update(goods)
        .set({ isOnSale: want })
        .where(
          inArray(
            goods.id,
            changing.map((r) => r.id),
          ),
        );
      if (want)
        await goodsChanged(
          tx,
          changing.map((r) => r.id),
        );
    }
    return {
      changes: changing.map((r) => ({ targetId: r.id, before: { is_on_sale: bit(r.isOnSale) }, after: { is_on_sale: bit(want) } })),
      result: { ids: unique, is_on_sale: bit(want), changed: changing.length },
    };
  });
  if (result.changed) await afterGoodsWrite(db, true);
  return result;
}

/** Goods rows by id, for the import (in chunks: an import may name thousands); `lock` holds them until the transaction ends. */
export async function goodsRowsByIds(conn: Conn, ids: number[], lock = false): Promise<Map<number, GoodsRow>> {
  const out = new Map<number, GoodsRow>();
  for (let i = 0; i < ids.length; i += 1000) {
    const chunk = conn
      .select()
      .from(goods)
      .where(inArray(goods.id, ids.slice(i, i + 1000)));
    for (const r of await (lock ? chunk.for('update') : chunk)) out.set(r.id, r);
  }
  return out;
}

/** Goods for the export, newest first, a page at a time after `beforeId` (pages by id stay right while goods are added). */
export async function exportPage(db: Db, where: SQL[], beforeId: number | null, size: number) {
  const cond = [...where, ...(beforeId === null ? [] : [lt(goods.id, beforeId)])];
  const { namePy: _a, nameSzm: _b, sccjPy: _c, sccjSzm: _d, ...columns } = getTableColumns(goods);
  return db
    .select(columns)
    .from(goods)
    .where(cond.length ? and(...cond) : undefined)
    .orderBy(desc(goods.id))
    .limit(size);
}
