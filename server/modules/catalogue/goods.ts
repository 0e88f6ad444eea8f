/**
 * Goods as buyers and the other modules read them: the list columns, the buyer's view of a goods with prices
 * only for approved members (viewer.ts), what each viewer may see, and the reads by id that lists, carts and
 * pricing send, each one statement built once per connection.
 */
import { and, eq, getTableColumns, inArray, sql, type SQL } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import { fenToYuan } from '../../../core/money.js';
import type { Goods, GoodsFacts } from '../../../core/schemas/goods.js';
import { builtOnce } from '../../db/built-once.js';
import type { Conn, Db } from '../../db/client.js';
import { decodeJsonRows, jsonArrayOfRows, namedColumns, type RowOf } from '../../db/json-rows.js';
import { containing } from '../../db/like.js';
import { anyId } from '../../db/params.js';
import { goods } from '../../db/schema/catalogue.js';
import { keptRecords } from '../../http/cache.js';
import type { Viewer } from './viewer.js';

type GoodsRow = typeof goods.$inferSelect;

/**
 * The goods columns every list needs: all but the package insert, the indications and the pinyin columns, which make a row
 * several times wider (and a 200-line cart several times slower to read) and are only used by the detail
 * page and search.
 */
const {
  instructions: _instructions,
  gnzz: _gnzz,
  namePy: _namePy,
  nameSzm: _nameSzm,
  sccjPy: _sccjPy,
  sccjSzm: _sccjSzm,
  ...goodsCoreColumns
} = getTableColumns(goods);
export const goodsCore = goodsCoreColumns;
export type GoodsCore = Omit<GoodsRow, 'instructions' | 'gnzz' | 'namePy' | 'nameSzm' | 'sccjPy' | 'sccjSzm'>;

/** Near expiry (近效期): the batch on sale expires within 6 months. */
export const NEAR_EXPIRY_DAYS = 183;

const price = (fen: number, viewer: Viewer) => (viewer.approved ? fenToYuan(fen) : null);

/**
 * Goods as the buyer's browser receives them in every list (spec section 3 Goods plus DESIGN.md section 7): what a
 * card or a list row shows and adding to the cart needs, with the main picture alone.
 */
export function goodsView(row: GoodsCore, viewer: Viewer): Goods {
  return {
    id: row.id,
    ck_id: row.ckId,
    name: row.name,
    sccj: row.sccj,
    ypgg: row.ypgg,
    bzdw: row.bzdw,
    goods_image: row.images.slice(0, 1),
    base_price: price(row.basePrice, viewer),
    price_tip: viewer.priceTip,
    is_buy: row.isBuy ? 1 : 0,
    number: row.number,
    is_youx: row.isYoux ? 1 : 0,
    type: row.type,
    ladder_price: row.ladderPrice.map((t) => ({ number: t.number, price: price(t.price, viewer) })),
    ladder_price_type: row.ladderPriceType,
    is_free_shipping: row.isFreeShipping ? 1 : 0,
    free_shipping_number: row.freeShippingNumber,
    tags: row.tags,
    zbz: row.zbz,
    cartNum: row.zbz,
    pzwh: row.pzwh,
    xq: row.xq,
    is_ephedrine: row.isEphedrine ? 1 : 0,
    scope_id: row.scopeId,
  };
}

/** The facts the product page shows besides what lists carry. */
export function goodsFacts(row: GoodsCore): GoodsFacts {
  return {
    jzl: row.jzl,
    tm: row.tm,
    jx: row.jx,
    cfl: row.cfl,
    scrq: row.scrq,
    ccfs: row.ccfs,
    category_id: row.categoryId,
    brand_id: row.brandId,
    is_kx: row.isKx ? 1 : 0,
    is_zy: row.isZy ? 1 : 0,
    is_qx: row.isQx ? 1 : 0,
    sales: row.sales,
  };
}

/** What every buyer may see: on sale, and controlled-sale goods only for special accounts. */
export function visible(viewer: Viewer): SQL {
  const onSale = eq(goods.isOnSale, true);
  return viewer.special ? onSale : and(onSale, eq(goods.isKx, false))!;
}

/** Of `ids`, those the viewer may see whose name or manufacturer holds `keywords` (all visible ones when empty). */
export async function visibleAmong(db: Db, ids: number[], viewer: Viewer, keywords = ''): Promise<Set<number>> {
  if (!ids.length) return new Set();
  const where = [visible(viewer), inArray(goods.id, ids)];
  if (keywords) {
    const like = containing(keywords);
    where.push(sql`(${goods.name} ilike ${like} or ${goods.sccj} ilike ${like})`);
  }
  const rows = await db
    .select({ id: goods.id })
    .from(goods)
    .where(and(...where));
  return new Set(rows.map((r) => r.id));
}

/**
 * Goods rows kept for the lists and suggestions built afresh: 10 s, so that with the 30 s of the answer built
 * from them, stock shown in a list lags by at most 40 s (the cart and orders read live rows).
 */
const KEPT_ROWS_TTL_MS = 10_000;
const KEPT_ROWS_MAX = 30_000;

/** Goods by id with the list columns as `goodsByIds` gives them, those read in the last seconds from memory. */
export async function keptGoodsByIds(db: Db, ids: number[]): Promise<GoodsCore[]> {
  const kept = keptRecords<GoodsCore>(db, 'goods', KEPT_ROWS_MAX, KEPT_ROWS_TTL_MS);
  const found: GoodsCore[] = [];
  const missing: number[] = [];
  for (const id of new Set(ids)) {
    const row = kept.get(id);
    if (row) found.push(row);
    else missing.push(id);
  }
  for (const row of await goodsByIds(db, missing)) {
    kept.set(row.id, row);
    found.push(row);
  }
  return found;
}

/** Goods by id with the list columns (`goodsCore`), in no particular order; missing ids are left out. */
export async function goodsByIds(conn: Conn, ids: number[]): Promise<GoodsCore[]> {
  if (!ids.length) return [];
  return byIds(conn, { ids: [...new Set(ids)] });
}

/** The condition of the statements of goods by ids: the ids as one array parameter, so one plan serves any count. */
const idAmongIds = anyId(goods.id, sql.placeholder('ids'));

/**
 * A read of goods, built once per connection: every list page, suggestion and cart runs one, and building a
 * select of 35 columns costs more than the database takes to answer it. On PostgreSQL it is a named statement,
 * parsed and planned once per pooled connection. The rows come back as one JSON text (db/json-rows.ts).
 */
function goodsRead<C extends Record<string, PgColumn>>(name: string, columns: C, where: SQL) {
  const prepare = (conn: Conn) =>
    conn
      .select({ rows: jsonArrayOfRows })
      .from(sql`(select ${namedColumns(columns)} from ${goods} where ${where}) r`)
      .prepare(name);
  return async (conn: Conn, params: Record<string, unknown>): Promise<RowOf<C>[]> => {
    const [answer] = await builtOnce(conn, prepare).execute(params);
    return decodeJsonRows(columns, answer.rows);
  };
}

const byIds = goodsRead('goods_by_ids', goodsCore, idAmongIds);

/** The goods of `ids` the viewer may see, with the list columns, in no particular order. */
export async function visibleGoodsByIds(db: Db, ids: number[], viewer: Viewer): Promise<GoodsCore[]> {
  if (!ids.length) return [];
  return db
    .select(goodsCore)
    .from(goods)
    .where(and(inArray(goods.id, [...new Set(ids)]), visible(viewer)));
}

/** The goods columns the pricing engine reads: what pricing a selection needs, without pictures and texts. */
const pricingColumns = {
  id: goods.id,
  basePrice: goods.basePrice,
  ladderPrice: goods.ladderPrice,
  ladderPriceType: goods.ladderPriceType,
  isBuy: goods.isBuy,
  isOnSale: goods.isOnSale,
  number: goods.number,
  isFreeShipping: goods.isFreeShipping,
  freeShippingNumber: goods.freeShippingNumber,
  categoryId: goods.categoryId,
  scopeId: goods.scopeId,
  isEphedrine: goods.isEphedrine,
};

/** The goods columns the pricing engine reads. */
export type PricingRow = Pick<GoodsCore, keyof typeof pricingColumns>;

/** Goods by id with the list columns, or (`pricing`) only those the pricing engine reads. */
export async function goodsForPricing<P extends boolean>(conn: Conn, ids: number[], pricing: P): Promise<(P extends true ? PricingRow : GoodsCore)[]> {
  if (!ids.length) return [];
  const rows = pricing ? await pricingByIds(conn, { ids: [...new Set(ids)] }) : await goodsByIds(conn, ids);
  return rows as (P extends true ? PricingRow : GoodsCore)[];
}

const pricingByIds = goodsRead('goods_pricing_by_ids', pricingColumns, idAmongIds);

/**
 * SQL of one text, the JSON array of the goods whose ids `ids` gives (an SQL `int[]`: a parameter, or an array
 * built of another module's subquery), with the list columns or (`pricing`) only those the engine reads: for a
 * module's statement that reads its own rows and their goods in one round trip (the cart's pricing read).
 * `goodsOfJson` reads it.
 */
export function goodsJsonSql(pricing: boolean, ids: SQL): SQL<string> {
  const columns = pricing ? pricingColumns : goodsCore;
  return sql<string>`(select ${jsonArrayOfRows} from (select ${namedColumns(columns)} from ${goods} where ${goods.id} = any(${ids})) r)`;
}

/** The goods rows of a `goodsJsonSql` text. */
export function goodsOfJson<P extends boolean>(pricing: P, text: string): (P extends true ? PricingRow : GoodsCore)[] {
  return decodeJsonRows(pricing ? pricingColumns : goodsCore, text) as (P extends true ? PricingRow : GoodsCore)[];
}

/** What adding goods to a cart needs to know of them. */
const cartFactsColumns = {
  id: goods.id,
  name: goods.name,
  bzdw: goods.bzdw,
  zbz: goods.zbz,
  number: goods.number,
  isOnSale: goods.isOnSale,
  isKx: goods.isKx,
  isBuy: goods.isBuy,
  scopeId: goods.scopeId,
  isEphedrine: goods.isEphedrine,
};
export type CartFacts = Pick<GoodsCore, keyof typeof cartFactsColumns>;

/** The cart's facts of goods by id (on sale, buyable, middle package, stock), live. */
export async function cartFacts(conn: Conn, ids: number[]): Promise<CartFacts[]> {
  if (!ids.length) return [];
  return cartFactsByIds(conn, { ids: [...new Set(ids)] });
}

const cartFactsByIds = goodsRead('goods_cart_facts', cartFactsColumns, idAmongIds);

/**
 * The cart's facts of goods as read in the last seconds (`keptGoodsByIds`): what the usual add checks before its
 * one statement, which confirms them with `sellableUnitsSql` as it writes.
 */
export async function keptCartFacts(db: Db, ids: number[]): Promise<CartFacts[]> {
  return keptGoodsByIds(db, ids);
}

/** The units of a goods a cart line may hold now, as SQL: its stock while it is on sale and buyable, else null. */
export const sellableUnitsSql = (goodsId: number): SQL<number | null> =>
  sql<number | null>`(select ${goods.number} from ${goods} where ${goods.id} = ${goodsId} and ${goods.isOnSale} and ${goods.isBuy})`;

/** One goods with every column but the package insert, or null: what an order line copies. */
export async function goodsRow(conn: Conn, id: number) {
  const [row] = await conn.select(goodsCore).from(goods).where(eq(goods.id, id));
  return row ?? null;
}
