/**
 * The catalogue: search with ranking, filtered lists, detail, hot goods, filter options and favourites.
 * Prices leave the server only for approved members (viewer.ts).
 */
import { and, asc, count, desc, eq, getTableColumns, gt, gte, inArray, lte, sql, type SQL } from 'drizzle-orm';
import { fenToYuan, yuanToFen } from '../../../core/money.js';
import {
  PRESCRIPTION_CLASSES,
  type FavoritePage,
  type FilterCategory,
  type FilterOptions,
  type FilterScope,
  type Goods,
  type GoodsDetail,
  type GoodsIds,
  type GoodsListQuery,
  type GoodsPage,
} from '../../../core/schemas/goods.js';
import { builtOnce } from '../../db/built-once.js';
import { anyId } from '../../db/params.js';
import type { Conn, Db } from '../../db/client.js';
import { brands, categories, favorites, goods, salesTally } from '../../db/schema/catalogue.js';
import { notFound } from '../../http/envelope.js';
import { bestOfTerms, Flag, goodsIndex, pageOf, type IndexQuery } from './list-index.js';
import { loadTerms, looksLikeApprovalNumber, matchTerms, type RankedTerm } from './terms.js';
import { withDataField } from '../../http/envelope.js';
import { cachedJson, cachedResult, keptRecords } from '../../http/cache.js';
import { cachedFavoriteIds, forgetFavoriteIds } from './favorite-cache.js';
import { viewerClass, type Viewer } from './viewer.js';
import { containing } from '../../db/like.js';
import { decodeJsonRows, jsonArrayOfRows, namedColumns, type RowOf } from '../../db/json-rows.js';
import type { PgColumn } from 'drizzle-orm/pg-core';

type GoodsRow = typeof goods.$inferSelect;

/**
 * The goods columns every list needs: all but the package insert and the pinyin columns, which make a row
 * several times wider (and a 200-line cart several times slower to read) and are only used by the detail
 * page and search.
 */
const { instructions: _instructions, namePy: _namePy, nameSzm: _nameSzm, sccjPy: _sccjPy, sccjSzm: _sccjSzm, ...goodsCoreColumns } = getTableColumns(goods);
export const goodsCore = goodsCoreColumns;
export type GoodsCore = Omit<GoodsRow, 'instructions' | 'namePy' | 'nameSzm' | 'sccjPy' | 'sccjSzm'>;

/** Near expiry (近效期): the batch on sale expires within 6 months. */
const NEAR_EXPIRY_DAYS = 183;
const SUGGESTION_LIMIT = 10;

const price = (fen: number, viewer: Viewer) => (viewer.approved ? fenToYuan(fen) : null);

/** The categories shown in the menu, in menu order (the shell's content builds the tree). */
export function shownCategories(db: Db) {
  return db
    .select({ id: categories.id, parentId: categories.parentId, name: categories.name, logo1: categories.logo1 })
    .from(categories)
    .where(eq(categories.isShow, true))
    .orderBy(asc(categories.sort), asc(categories.id));
}

/** Names of top-level categories by id (a coupon's scope reads 限中成药、西药商品). */
export async function topCategoryNames(db: Db, ids: number[]): Promise<Map<number, string>> {
  if (!ids.length) return new Map();
  const rows = await db
    .select({ id: categories.id, name: categories.name })
    .from(categories)
    .where(and(inArray(categories.id, ids), eq(categories.parentId, 0)));
  return new Map(rows.map((c) => [c.id, c.name]));
}

/** The brands shown in the brand zone and the shell, in their order. */
export function shownBrands(db: Db) {
  return db.select().from(brands).where(eq(brands.isShow, true)).orderBy(asc(brands.sort), asc(brands.id));
}

/** Goods as the buyer's browser receives them (spec section 3 Goods plus DESIGN.md section 7). */
export function goodsView(row: GoodsCore, viewer: Viewer): Goods {
  return {
    id: row.id,
    ck_id: row.ckId,
    name: row.name,
    sccj: row.sccj,
    ypgg: row.ypgg,
    bzdw: row.bzdw,
    goods_image: row.images,
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
    jzl: row.jzl,
    pzwh: row.pzwh,
    jx: row.jx,
    cfl: row.cfl,
    xq: row.xq,
    scrq: row.scrq,
    ccfs: row.ccfs,
    category_id: row.categoryId,
    brand_id: row.brandId,
    is_ephedrine: row.isEphedrine ? 1 : 0,
    scope_id: row.scopeId,
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
async function keptGoodsByIds(db: Db, ids: number[]): Promise<GoodsCore[]> {
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
 * Takes the units of every goods of `needs` off their stock, or none of them, in one statement: answers the
 * first goods (by id) short of stock, or null when all were taken (the caller then ends its transaction; on a
 * shortage it rolls back). The rows are locked in id order, so two orders never wait on each other in a
 * circle, and one round trip before the commit keeps them locked as briefly as can be.
 */
export async function takeStocks(tx: Conn, needs: [goodsId: number, number: number][]): Promise<number | null> {
  if (!needs.length) return null;
  const sorted = [...needs].sort((a, b) => a[0] - b[0]);
  const values = sql.join(
    sorted.map(([id, n]) => sql`(${id}::int, ${n}::int)`),
    sql`, `,
  );
  const result = (await tx.execute(sql`
    with wanted(id, n) as (values ${values}),
    locked as materialized (select g.id, g.number from ${goods} g join wanted w on g.id = w.id order by g.id for update of g),
    short as (select w.id from wanted w left join locked l on l.id = w.id where coalesce(l.number, 0) < w.n order by w.id limit 1),
    taken as (
      update ${goods} set number = ${goods.number} - w.n from wanted w
      where ${goods.id} = w.id and not exists (select 1 from short) returning ${goods.id} as id, w.n as n),
    tally as (insert into ${salesTally} (goods_id, number) select id, n from taken)
    select (select id from short) as short, (select count(*) from taken)::int as taken`)) as unknown as { rows: { short: number | null; taken: number }[] };
  const [row] = result.rows;
  if (row.short !== null) return Number(row.short);
  if (row.taken !== sorted.length) throw new Error(`takeStocks: ${row.taken} of ${sorted.length} goods taken`);
  return null;
}

/** Gives `number` units back to the goods' stock (a cancelled or refunded order), and takes them off its sales. */
export async function putBackStock(tx: Conn, goodsId: number, number: number) {
  await tx
    .update(goods)
    .set({ number: sql`${goods.number} + ${number}` })
    .where(eq(goods.id, goodsId));
  await tx.insert(salesTally).values({ goodsId, number: -number });
}

/**
 * Adds the units sold and given back since the last sweep to goods.sales; answers how many goods changed. The
 * goods rows are locked in id order first, as an order locks them, so the sweep and an order never wait on each
 * other in a circle.
 */
export async function foldSales(db: Db): Promise<number> {
  return db.transaction(async (tx) => {
    const taken = (await tx.execute(
      sql`with taken as (delete from ${salesTally} returning goods_id, number) select goods_id as id, sum(number)::int as n from taken group by goods_id`,
    )) as unknown as { rows: { id: number | string; n: number | string }[] };
    const sums = taken.rows.map((r) => [Number(r.id), Number(r.n)] as const).filter(([, n]) => n !== 0);
    if (!sums.length) return 0;
    const ids = sums.map(([id]) => id).sort((a, b) => a - b);
    await tx.select({ id: goods.id }).from(goods).where(inArray(goods.id, ids)).orderBy(asc(goods.id)).for('update');
    const values = sql.join(
      sums.map(([id, n]) => sql`(${id}::int, ${n}::int)`),
      sql`, `,
    );
    await tx.execute(sql`update ${goods} set sales = greatest(${goods.sales} + t.n, 0) from (values ${values}) as t(id, n) where ${goods.id} = t.id`);
    return sums.length;
  });
}

/** One goods with every column but the package insert, or null: what an order line copies. */
export async function goodsRow(conn: Conn, id: number) {
  const [row] = await conn.select(goodsCore).from(goods).where(eq(goods.id, id));
  return row ?? null;
}

/** At most this many matching terms take part in a result list (the rest rank too low to be seen). */
const MAX_TERMS = 300;

/**
 * Which goods a keyword finds and how well (terms.ts ranks the names or manufacturers); for drug names an
 * approval number is looked up too. `none`: the keyword matches nothing.
 */
async function keywordCondition(db: Db, keyword: string, type: 1 | 2): Promise<KeywordMatch | 'none' | null> {
  const k = keyword.trim();
  if (!k) return null;
  const terms = (await matchTerms(db, k, type)).slice(0, MAX_TERMS);
  const byNumber = type === 1 && looksLikeApprovalNumber(k);
  if (!terms.length && !byNumber) return 'none';
  const column = type === 1 ? goods.name : goods.sccj;
  // The conditions in SQL are built only for the lists worked out in the database (the filter options, and
  // the tests' answers): the list index needs the terms alone, and 300 terms make a long statement.
  return {
    get where() {
      const parts: SQL[] = [];
      if (terms.length)
        parts.push(
          inArray(
            column,
            terms.map((t) => t.term),
          ),
        );
      if (byNumber) parts.push(sql`${goods.pzwh} ilike ${containing(k)}`);
      return parts.length === 1 ? parts[0] : sql`(${sql.join(parts, sql` or `)})`;
    },
    get rank() {
      const groups = ([0, 1, 2, 3] as const)
        .map((rank) => ({ rank, names: terms.filter((t) => t.rank === rank).map((t) => t.term) }))
        .filter((g) => g.names.length);
      return groups.length
        ? sql`case ${sql.join(
            groups.map((g) => sql`when ${inArray(column, g.names)} then ${sql.raw(String(g.rank))}`),
            sql` `,
          )} else 4 end`
        : null;
    },
    terms,
    number: byNumber ? k : null,
    column: type === 1 ? 'name' : 'sccj',
  };
}

type KeywordMatch = {
  where: SQL;
  /** How well a goods' name matches (0 best), or null when only approval numbers match: nothing to rank. */
  rank: SQL | null;
  /** The matching names (or manufacturers), best first. */
  terms: RankedTerm[];
  /** The keyword, when it may be a part of an approval number: goods whose number holds it match too. */
  number: string | null;
  column: 'name' | 'sccj';
};

function listFilters(q: GoodsListQuery, viewer: Viewer, categoryIds: number[] | null): SQL[] {
  const where: SQL[] = [visible(viewer)];
  if (categoryIds) where.push(inArray(goods.categoryId, categoryIds));
  if (q.brand) where.push(eq(goods.brandId, q.brand));
  if (q.sccj) where.push(eq(goods.sccj, q.sccj));
  if (q.cfl) where.push(eq(goods.cfl, q.cfl));
  if (q.in_stock === '1') where.push(gt(goods.number, 0));
  switch (q.zone) {
    case 'yx':
      where.push(eq(goods.isFreeShipping, true));
      break;
    case 'zy':
      where.push(eq(goods.isZy, true));
      break;
    case 'qx':
      where.push(eq(goods.isQx, true));
      break;
    case 'jxq':
      where.push(sql`${goods.xq} <= current_date + ${NEAR_EXPIRY_DAYS}::int`);
      break;
    case 'kx':
      where.push(eq(goods.isKx, true));
      break;
    case 'youx':
      where.push(eq(goods.isYoux, true));
      break;
  }
  // A price range would reveal prices to those who may not see them: it applies to approved members only.
  if (viewer.approved && q.price_min) where.push(gte(goods.basePrice, yuanToFen(q.price_min)));
  if (viewer.approved && q.price_max) where.push(lte(goods.basePrice, yuanToFen(q.price_max)));
  return where;
}

/** A category and all its descendants (goods hang on the deepest level). */
export async function categoryWithChildren(db: Db, id: number): Promise<number[]> {
  const rows = (await catalogueTree(db)).cats;
  const ids = [id];
  for (let i = 0; i < ids.length; i++) for (const r of rows) if (r.parentId === ids[i]) ids.push(r.id);
  return ids;
}

/**
 * A list counts its matches up to this many and says when there are more (`total_more`): counting every one
 * of 100,000 goods under a broad filter reads the whole table, and nobody pages past the 10,000th goods.
 */
const LIST_TOTAL_CAP = 10_000;

/**
 * A page of goods as the list asks, counted up to `cap`. `among` keeps to those goods (an activity's); `via`
 * says where the page is worked out: the list index, or the database the tests hold the index to.
 */
export async function listGoods(
  db: Db,
  q: GoodsListQuery,
  viewer: Viewer,
  { cap = LIST_TOTAL_CAP, via = 'index', among = null }: { cap?: number; via?: 'index' | 'database'; among?: readonly number[] | null } = {},
): Promise<GoodsPage> {
  const categoryIds = q.category ? await categoryWithChildren(db, q.category) : null;
  const match = await keywordCondition(db, q.keywords, q.type);
  if (match === 'none') return { current_page: q.page, data: [], last_page: 1, per_page: q.per_page, total: 0, total_more: 0 };
  const offset = (q.page - 1) * q.per_page;
  // Worked out in the list index; the database's answer (`via`) is what the tests hold it to.
  const { ids, total: n } =
    via === 'index'
      ? pageOf(await goodsIndex(db, NEAR_EXPIRY_DAYS), { ...indexQuery(q, viewer, categoryIds, match, offset), among }, cap)
      : await pageFromDatabase(db, q, viewer, categoryIds, match, offset, cap, among);
  const rows = await keptGoodsByIds(db, ids);
  const at = new Map(ids.map((id, i) => [id, i]));
  rows.sort((a, b) => at.get(a.id)! - at.get(b.id)!);
  const total = Math.min(n, cap);
  return {
    current_page: q.page,
    data: rows.map((r) => goodsView(r, viewer)),
    last_page: Math.max(1, Math.ceil(total / q.per_page)),
    per_page: q.per_page,
    total,
    total_more: n > cap ? 1 : 0,
  };
}

const ZONE_FLAGS: Partial<Record<NonNullable<GoodsListQuery['zone']>, number>> = {
  yx: Flag.freeShipping,
  zy: Flag.zy,
  qx: Flag.qx,
  jxq: Flag.nearExpiry,
  kx: Flag.kx,
  youx: Flag.youx,
};

/**
 * Works out the list index and the search terms before the first buyer asks, so that the first lists after a
 * start do not wait for them (about a second at 100,000 goods).
 */
export async function warmCatalogue(db: Db) {
  await Promise.all([goodsIndex(db, NEAR_EXPIRY_DAYS), loadTerms(db)]);
}

/**
 * Catalogue requests of every kind buyers send first after a start, for the server to answer once before it
 * listens (main.ts): lists by category, zone, prescription class, brand, stock and price in every sort, keyword
 * lists and suggestions of the search terms, details of goods across the catalogue. Each code path is then
 * compiled and each statement prepared before the first buyer arrives; the answers themselves are dropped.
 */
export async function warmPaths(db: Db, count = 1_500): Promise<string[]> {
  const [{ cats, brands: brandMap }, terms, index] = await Promise.all([catalogueTree(db), loadTerms(db), goodsIndex(db, NEAR_EXPIRY_DAYS)]);
  // A fixed sequence (a linear congruential generator), so that every start warms the same way.
  let seed = 17;
  const rnd = () => (seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31;
  const pick = <T>(list: readonly T[]): T => list[Math.floor(rnd() * list.length)];
  const categoryIds = cats.map((c) => c.id);
  const brandIds = [...brandMap.keys()];
  const words = terms.filter((t) => t.kind === 1).map((t) => t.term);
  const makers = terms.filter((t) => t.kind === 2).map((t) => t.term);
  const sorts = ['default', 'sales&order=desc', 'sales&order=asc', 'price&order=asc', 'price&order=desc', 'newest'];
  const q = encodeURIComponent;
  const paths: string[] = [];
  for (let n = 0; n < count; n++) {
    const r = rnd();
    if (r < 0.25 && words.length) {
      const word = pick(words);
      paths.push(`/api/goods/search?keywords=${q(word.slice(0, 1 + Math.floor(rnd() * word.length)))}&type=1`);
    } else if (r < 0.3 && makers.length) paths.push(`/api/goods/search?keywords=${q(pick(makers).slice(0, 2))}&type=2`);
    else if (r < 0.5 && words.length)
      paths.push(`/api/goods/list?keywords=${q(pick(words).slice(0, 2))}&type=1&sort=${pick(sorts)}&page=${1 + Math.floor(rnd() * 3)}`);
    else if (r < 0.7 && index.size) paths.push(`/api/goods/detail/${index.numberIds[Math.floor(rnd() * index.size)]}`);
    else {
      const params = [`sort=${pick(sorts)}`, `page=${1 + Math.floor(rnd() * 5)}`];
      if (rnd() < 0.5 && categoryIds.length) params.push(`category=${pick(categoryIds)}`);
      if (rnd() < 0.2) params.push(`zone=${pick(['yx', 'zy', 'qx', 'jxq', 'youx'])}`);
      if (rnd() < 0.15) params.push(`cfl=${q(pick(['处方药', '甲类OTC', '乙类OTC', '器械', '中药饮片', '保健食品']))}`);
      if (rnd() < 0.15 && brandIds.length) params.push(`brand=${pick(brandIds)}`);
      if (rnd() < 0.2) params.push('in_stock=1');
      if (rnd() < 0.1) params.push(`price_min=${Math.floor(rnd() * 50)}.00&price_max=${60 + Math.floor(rnd() * 100)}.00`);
      paths.push(`/api/goods/list?${params.join('&')}`);
    }
  }
  return paths;
}

/** A list of every goods the viewer may see, by sales: what an index query narrows. */
function everyGoods(viewer: Viewer): IndexQuery {
  return {
    special: viewer.special,
    categories: null,
    brand: null,
    sccj: null,
    cfl: null,
    inStock: false,
    flags: 0,
    priceMin: null,
    priceMax: null,
    order: 'salesDesc',
    terms: null,
    number: null,
    rankFirst: false,
    among: null,
    offset: 0,
    limit: 0,
  };
}

/** The list query as the list index reads it: the same filters and order as `listFilters` and `listOrder`. */
function indexQuery(q: GoodsListQuery, viewer: Viewer, categoryIds: number[] | null, match: KeywordMatch | null, offset: number): Omit<IndexQuery, 'among'> {
  const priced = q.sort === 'price' && viewer.approved;
  return {
    special: viewer.special,
    categories: categoryIds ? new Set(categoryIds) : null,
    brand: q.brand ?? null,
    sccj: q.sccj || null,
    cfl: q.cfl ?? null,
    inStock: q.in_stock === '1',
    flags: q.zone ? (ZONE_FLAGS[q.zone] ?? 0) : 0,
    priceMin: viewer.approved && q.price_min ? yuanToFen(q.price_min) : null,
    priceMax: viewer.approved && q.price_max ? yuanToFen(q.price_max) : null,
    order:
      q.sort === 'sales'
        ? q.order === 'asc'
          ? 'salesAsc'
          : 'salesDesc'
        : priced
          ? q.order === 'desc'
            ? 'priceDesc'
            : 'priceAsc'
          : q.sort === 'newest'
            ? 'newest'
            : 'salesDesc',
    terms: match && match.terms.length ? { column: match.column, ranked: match.terms } : null,
    number: match?.number ?? null,
    rankFirst: q.sort === 'default' || (q.sort === 'price' && !priced),
    offset,
    limit: q.per_page,
  };
}

/** A page and its count from the database: the lists the index does not hold (a keyword that is an approval number). */
async function pageFromDatabase(
  db: Db,
  q: GoodsListQuery,
  viewer: Viewer,
  categoryIds: number[] | null,
  match: KeywordMatch | null,
  offset: number,
  cap: number,
  among: readonly number[] | null,
) {
  const where = listFilters(q, viewer, categoryIds);
  if (among !== null) where.push(anyId(goods.id, among));
  const filters = and(...where)!;
  if (match) where.push(match.where);
  const condition = and(...where)!;
  const bySales = q.sort === 'default' || q.sort === 'sales';
  const [ids, total] = await Promise.all([
    match && !match.number && bySales
      ? pageByTerms(db, match.terms, match.column, filters, q, offset)
      : pageByOrder(db, condition, listOrder(q, viewer, match), q.per_page, offset),
    countMatches(db, condition, cap),
  ]);
  return { ids, total };
}

/** The order of a list: the sort asked for, then (for a keyword) how well the name matches, then sales and id. */
function listOrder(q: GoodsListQuery, viewer: Viewer, match: KeywordMatch | null): SQL[] {
  const order: SQL[] = [];
  switch (q.sort) {
    case 'sales':
      order.push(q.order === 'asc' ? asc(goods.sales) : desc(goods.sales));
      break;
    case 'price':
      // Sorting by a hidden price would reveal its order: others get the default order.
      if (viewer.approved) order.push(q.order === 'desc' ? desc(goods.basePrice) : asc(goods.basePrice));
      break;
    case 'newest':
      order.push(desc(goods.createdAt));
      break;
  }
  if (match?.rank) order.push(asc(match.rank));
  order.push(desc(goods.sales), asc(goods.id));
  return order;
}

/** One page of ids in `order`: the indexes on sales, price and created_at give each order without sorting the matches. */
async function pageByOrder(db: Db, condition: SQL, order: SQL[], limit: number, offset: number): Promise<number[]> {
  const rows = await db
    .select({ id: goods.id })
    .from(goods)
    .where(condition)
    .orderBy(...order)
    .limit(limit)
    .offset(offset);
  return rows.map((r) => r.id);
}

/**
 * One page of a keyword's goods by match then sales, read term by term: each term's best sellers come from the
 * (name, sales) index, at most as many as the page reaches, and only those are ordered. Reading every goods of
 * every matching term and sorting them costs thousands of rows for twenty.
 */
async function pageByTerms(db: Db, terms: RankedTerm[], column: 'name' | 'sccj', filters: SQL, q: GoodsListQuery, offset: number): Promise<number[]> {
  const reach = offset + q.per_page;
  const values = sql.join(
    terms.map((t) => sql`(${t.term}::text, ${t.rank}::int)`),
    sql`, `,
  );
  const ascending = q.sort === 'sales' && q.order === 'asc';
  const inner = ascending ? sql`${goods.sales} asc, ${goods.id} asc` : sql`${goods.sales} desc nulls last, ${goods.id} asc`;
  const outer = ascending ? sql`m.sales asc, t.rank, m.id` : q.sort === 'sales' ? sql`m.sales desc, t.rank, m.id` : sql`t.rank, m.sales desc, m.id`;
  const result = (await db.execute(sql`
    select m.id from (values ${values}) as t(term, rank)
    cross join lateral (select ${goods.id} as id, ${goods.sales} as sales from ${goods} where ${sql.raw(`"goods"."${column}"`)} = t.term and ${filters} order by ${inner} limit ${reach}) m
    order by ${outer} limit ${q.per_page} offset ${offset}`)) as unknown as { rows: { id: number | string }[] };
  return result.rows.map((r) => Number(r.id));
}

/**
 * How many goods match, up to `cap + 1`. Counting reads every match, so when the planner estimates well over
 * the cap (a broad filter or keyword of a large catalogue) the list says 10,000+ without counting; otherwise the
 * count is exact. PostgreSQL's estimates of these filters err low rather than high (it takes them as
 * independent), so a list shown as 10,000+ rarely holds fewer (docs/decisions/015-catalogue-at-scale.md).
 */
async function countMatches(db: Db, condition: SQL, cap: number): Promise<number> {
  const plan = (await db.execute(sql`explain (format json) select 1 from ${goods} where ${condition}`)) as unknown as { rows: Record<string, unknown>[] };
  const estimate = planRows(Object.values(plan.rows[0] ?? {})[0]);
  if (estimate > cap * ESTIMATE_MARGIN) return cap + 1;
  const [{ n }] = await db.select({ n: count() }).from(
    db
      .select({ one: sql`1` })
      .from(goods)
      .where(condition)
      .limit(cap + 1)
      .as('matches'),
  );
  return n;
}

/** An estimate this much above the cap is taken as above it. */
const ESTIMATE_MARGIN = 1.5;

function planRows(plan: unknown): number {
  const json = typeof plan === 'string' ? JSON.parse(plan) : plan;
  const rows = (json as { Plan?: { 'Plan Rows'?: number } }[] | undefined)?.[0]?.Plan?.['Plan Rows'];
  return typeof rows === 'number' ? rows : 0;
}

/**
 * The header's suggestions: the best sellers of the best-ranked names (or manufacturers), read per term
 * through the (name, sales) index, then goods whose approval number matches.
 */
export async function searchGoods(db: Db, keyword: string, type: 1 | 2, viewer: Viewer): Promise<Goods[]> {
  const k = keyword.trim();
  if (!k) return [];
  const terms = (await matchTerms(db, k, type)).slice(0, SUGGESTION_LIMIT);
  let rows: GoodsCore[] = [];
  if (terms.length) {
    // Each term's best sellers in turn, from the list index's goods of each name (or manufacturer) by sales.
    const ids = bestOfTerms(
      await goodsIndex(db, NEAR_EXPIRY_DAYS),
      type === 1 ? 'name' : 'sccj',
      terms.map((t) => t.term),
      viewer.special,
      SUGGESTION_LIMIT,
    );
    rows = await keptGoodsByIds(db, ids);
    rows.sort((a, b) => ids.indexOf(a.id) - ids.indexOf(b.id));
  }
  if (type === 1 && rows.length < SUGGESTION_LIMIT && looksLikeApprovalNumber(k)) {
    // Goods whose approval number holds the keyword, best sellers first, from the list index.
    const { ids } = pageOf(
      await goodsIndex(db, NEAR_EXPIRY_DAYS),
      {
        ...everyGoods(viewer),
        number: k,
        limit: SUGGESTION_LIMIT + rows.length,
      },
      SUGGESTION_LIMIT,
    );
    const seen = new Set(rows.map((r) => r.id));
    const more = ids.filter((id) => !seen.has(id)).slice(0, SUGGESTION_LIMIT - rows.length);
    const byNumber = await keptGoodsByIds(db, more);
    byNumber.sort((a, b) => more.indexOf(a.id) - more.indexOf(b.id));
    rows.push(...byNumber);
  }
  return rows.map((r) => goodsView(r, viewer));
}

const CATEGORY_TTL_MS = 30_000;

/**
 * Categories and brands change only when an operator edits them: read at most every 30 s, kept with the
 * shared answers (cache.ts) so that an edit drops them at once.
 */
function catalogueTree(db: Db) {
  return cachedResult(
    db,
    ['catalogue-tree'],
    async () => {
      const [cats, brandRows] = await Promise.all([
        db.select({ id: categories.id, parentId: categories.parentId, name: categories.name }).from(categories),
        db.select({ id: brands.id, name: brands.name, logo: brands.logo }).from(brands),
      ]);
      return { cats, brands: new Map(brandRows.map((b) => [b.id, b])) };
    },
    CATEGORY_TTL_MS,
  );
}

/** Detail for viewers alike (cached 5 s); whether this buyer keeps it comes from their favourites set. */
async function detailFor(db: Db, id: number, viewer: Viewer): Promise<Omit<GoodsDetail, 'is_favorite'>> {
  const [row] = await detailRead(db, { id, special: viewer.special });
  if (!row) throw notFound('商品不存在或已下架');
  const { cats, brands: brandMap } = await catalogueTree(db);
  const path: { id: number; name: string }[] = [];
  for (let c = cats.find((x) => x.id === row.categoryId); c; c = cats.find((x) => x.id === c!.parentId)) path.unshift({ id: c.id, name: c.name });
  const brand = row.brandId ? brandMap.get(row.brandId) : undefined;
  return { ...goodsView(row, viewer), instructions: row.instructions, category_path: path, brand: brand ?? null };
}

const DETAIL_TTL_MS = 5_000;

/** A goods the viewer may see, every column: one statement built (and on PostgreSQL planned) once, like `goodsByIds`. */
const detailRead = goodsRead(
  'goods_detail',
  getTableColumns(goods),
  and(eq(goods.id, sql.placeholder('id')), eq(goods.isOnSale, true), sql`(not ${goods.isKx} or ${sql.placeholder('special')}::boolean)`)!,
);

/** The detail's answer as JSON text (cache.ts), with `is_favorite` for this buyer added at the end. */
export async function goodsDetailJson(db: Db, id: number, viewer: Viewer) {
  const [detail, kept] = await Promise.all([
    cachedJson(db, ['detail', id, viewerClass(viewer)], () => detailFor(db, id, viewer), DETAIL_TTL_MS),
    viewer.userId ? favoriteIdsOf(db, viewer.userId) : Promise.resolve(new Set<number>()),
  ]);
  return withDataField(detail, 'is_favorite', kept.has(id) ? 1 : 0);
}

function favoriteIdsOf(db: Db, userId: number) {
  return cachedFavoriteIds(db, userId, async () =>
    (await db.select({ id: favorites.goodsId }).from(favorites).where(eq(favorites.userId, userId))).map((r) => r.id),
  );
}

export async function hotGoods(db: Db, viewer: Viewer, limit = 10): Promise<Goods[]> {
  const rows = await db
    .select(goodsCore)
    .from(goods)
    .where(and(visible(viewer), gt(goods.number, 0)))
    .orderBy(desc(goods.sales), asc(goods.id))
    .limit(limit);
  return rows.map((r) => goodsView(r, viewer));
}

/**
 * The filter options of a list page, from the goods that list can show (`scope`: its zone, brand, category
 * or keyword): categories with goods there (and their parents), the brands, the busiest manufacturers, the
 * prescription classes and dosage forms present. A brand's page offers only that brand's makers, the devices
 * zone only device categories.
 */
export async function filterOptions(db: Db, viewer: Viewer, scope: FilterScope = { type: 1 }): Promise<FilterOptions> {
  const categoryIds = scope.category ? await categoryWithChildren(db, scope.category) : null;
  const where = listFilters({ ...scope, page: 1, per_page: 1, keywords: '', sort: 'default' }, viewer, categoryIds);
  const match = scope.keywords ? await keywordCondition(db, scope.keywords, scope.type) : null;
  const empty: FilterOptions = { category: [], brand: [], sccj: [], cfl: [], jx: [] };
  if (match === 'none') return empty;
  if (match) where.push(match.where);
  const condition = and(...where);
  const [cats, inScope, brandRows, makers, classes, forms] = await Promise.all([
    db
      .select({ id: categories.id, parentId: categories.parentId, name: categories.name })
      .from(categories)
      .where(eq(categories.isShow, true))
      .orderBy(asc(categories.sort), asc(categories.id)),
    db.selectDistinct({ id: goods.categoryId }).from(goods).where(condition),
    db
      .select({ id: brands.id, name: brands.name, logo: brands.logo })
      .from(brands)
      .where(and(eq(brands.isShow, true), sql`${brands.id} in (select ${goods.brandId} from ${goods} where ${condition})`))
      .orderBy(asc(brands.sort), asc(brands.id)),
    db.select({ name: goods.sccj, n: count() }).from(goods).where(condition).groupBy(goods.sccj).orderBy(desc(count()), asc(goods.sccj)).limit(30),
    db.selectDistinct({ name: goods.cfl }).from(goods).where(condition),
    db.select({ name: goods.jx, n: count() }).from(goods).where(condition).groupBy(goods.jx).orderBy(desc(count())).limit(20),
  ]);
  // A category shows when it or one of its descendants holds goods of the scope.
  const wanted = new Set(inScope.map((r) => r.id));
  for (let grew = true; grew;) {
    grew = false;
    for (const c of cats) if (wanted.has(c.id) && c.parentId && !wanted.has(c.parentId)) grew = Boolean(wanted.add(c.parentId));
  }
  const tree = (parentId: number): FilterCategory[] =>
    cats.filter((c) => c.parentId === parentId && wanted.has(c.id)).map((c) => ({ id: c.id, name: c.name, children: tree(c.id) }));
  const present = new Set(classes.map((c) => c.name));
  return {
    category: tree(0),
    brand: brandRows,
    sccj: makers.map((m) => m.name),
    cfl: PRESCRIPTION_CLASSES.filter((c) => present.has(c)),
    jx: forms.map((f) => f.name).filter(Boolean),
  };
}

export async function listFavorites(db: Db, userId: number, page: number, viewer: Viewer, perPage = 20): Promise<FavoritePage> {
  const condition = and(eq(favorites.userId, userId), visible(viewer));
  const [rows, [{ n }]] = await Promise.all([
    db
      .select({ goods: goodsCore, favoredAt: favorites.createdAt })
      .from(favorites)
      .innerJoin(goods, eq(goods.id, favorites.goodsId))
      .where(condition)
      .orderBy(desc(favorites.createdAt), desc(favorites.id))
      .limit(perPage)
      .offset((page - 1) * perPage),
    db.select({ n: count() }).from(favorites).innerJoin(goods, eq(goods.id, favorites.goodsId)).where(condition),
  ]);
  return {
    current_page: page,
    data: rows.map((r) => ({ ...goodsView(r.goods, viewer), favorite_at: Math.floor(r.favoredAt.getTime() / 1000) })),
    last_page: Math.max(1, Math.ceil(n / perPage)),
    per_page: perPage,
    total: n,
  };
}

/** Adds goods to the buyer's favourites; goods they cannot see answer 404, already-kept goods stay as they are. */
export async function addFavorites(db: Db, userId: number, ids: number[], viewer: Viewer): Promise<GoodsIds> {
  const unique = [...new Set(ids)];
  const found = await db
    .select({ id: goods.id })
    .from(goods)
    .where(and(inArray(goods.id, unique), visible(viewer)));
  if (found.length !== unique.length) throw notFound('商品不存在或已下架');
  await db
    .insert(favorites)
    .values(unique.map((goodsId) => ({ userId, goodsId })))
    .onConflictDoNothing();
  forgetFavoriteIds(db, userId);
  return { goods_ids: unique };
}

export async function removeFavorites(db: Db, userId: number, ids: number[]): Promise<GoodsIds> {
  await db.delete(favorites).where(and(eq(favorites.userId, userId), inArray(favorites.goodsId, [...new Set(ids)])));
  forgetFavoriteIds(db, userId);
  return { goods_ids: [...new Set(ids)] };
}

/**
 * Puts an activity's tag on goods (满, 返, …) or takes it off, once per goods: the promotions module calls it
 * when an operator adds goods to an activity or removes them.
 */
export async function setGoodsTag(conn: Conn, ids: number[], label: string, on: boolean) {
  if (!ids.length) return;
  const tag = JSON.stringify([label]);
  const among = anyId(goods.id, ids);
  if (on)
    await conn
      .update(goods)
      .set({ tags: sql`${goods.tags} || ${tag}::jsonb` })
      .where(and(among, sql`not ${goods.tags} @> ${tag}::jsonb`));
  else
    await conn
      .update(goods)
      .set({ tags: sql`${goods.tags} - ${label}::text` })
      .where(and(among, sql`${goods.tags} @> ${tag}::jsonb`));
}
