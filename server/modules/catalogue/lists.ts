/**
 * The goods lists: a page filtered, searched and sorted, worked out in the list index (list-index.ts) or, for
 * the tests that hold the index to it, in the database; the filter options a list page offers; the best sellers.
 */
import { and, asc, count, desc, eq, gt, gte, inArray, lte, sql, type SQL } from 'drizzle-orm';
import { yuanToFen } from '../../../core/money.js';
import { chinaToday } from '../../../core/schemas/admin-goods.js';
import {
  PRESCRIPTION_CLASSES,
  type FilterCategory,
  type FilterOptions,
  type FilterScope,
  type Goods,
  type GoodsListQuery,
  type GoodsPage,
} from '../../../core/schemas/goods.js';
import type { Db } from '../../db/client.js';
import { siteSettings } from '../settings/index.js';
import { anyId } from '../../db/params.js';
import { brands, categories, goods } from '../../db/schema/catalogue.js';
import { goodsCore, goodsView, keptGoodsByIds, NEAR_EXPIRY_DAYS, visible } from './goods.js';
import { Flag, goodsIndex, type IndexQuery } from './list-index.js';
import { pageOf } from './list-page.js';
import { inNearZone, nearCard, nearOffers, NEAR_EXPIRY_RATE, zonePrice, zoneStock } from './near-offers.js';
import { nearRateOf } from './near-rate.js';
import { keywordCondition, type KeywordMatch } from './search.js';
import { categoryWithChildren } from './taxonomy.js';
import type { RankedTerm } from './terms.js';
import type { Viewer } from './viewer.js';

/**
 * The price and stock a list filters and sorts on, as the database reads them: the goods' own, and in the
 * near-expiry zone what the zone sells it at (its near offer, for a goods with near batches; near-offers.ts), at
 * the site's near-expiry rate `rate`.
 */
function pricedBy(q: Pick<GoodsListQuery, 'zone'>, rate: number): { price: SQL; stock: SQL } {
  if (q.zone !== 'jxq') return { price: sql`${goods.basePrice}`, stock: sql`${goods.number}` };
  const today = chinaToday();
  return { price: zonePrice('"goods"', today, rate), stock: zoneStock('"goods"', today) };
}

/** A list's filters as the database reads them; `indexQuery` says the same to the list index. */
function listFilters(q: GoodsListQuery, viewer: Viewer, categoryIds: number[] | null, rate = NEAR_EXPIRY_RATE): SQL[] {
  const where: SQL[] = [visible(viewer)];
  const { price, stock } = pricedBy(q, rate);
  if (categoryIds) where.push(inArray(goods.categoryId, categoryIds));
  if (q.brand) where.push(eq(goods.brandId, q.brand));
  if (q.sccj) where.push(eq(goods.sccj, q.sccj));
  if (q.cfl) where.push(eq(goods.cfl, q.cfl));
  if (q.in_stock === '1') where.push(gt(stock, 0));
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
      where.push(inNearZone('"goods"', chinaToday()));
      break;
    case 'kx':
      where.push(eq(goods.isKx, true));
      break;
    case 'youx':
      where.push(eq(goods.isYoux, true));
      break;
  }
  // A price range would reveal prices to those who may not see them: it applies to approved members only.
  if (viewer.approved && q.price_min) where.push(gte(price, yuanToFen(q.price_min)));
  if (viewer.approved && q.price_max) where.push(lte(price, yuanToFen(q.price_max)));
  return where;
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
  const rate = q.zone === 'jxq' ? nearRateOf(await siteSettings(db)) : NEAR_EXPIRY_RATE;
  // Worked out in the list index; the database's answer (`via`) is what the tests hold it to.
  const { ids, total: n } =
    via === 'index'
      ? pageOf(await goodsIndex(db, NEAR_EXPIRY_DAYS), { ...indexQuery(q, viewer, categoryIds, match, offset), among }, cap)
      : await pageFromDatabase(db, q, viewer, categoryIds, match, offset, cap, among, rate);
  const rows = await keptGoodsByIds(db, ids);
  const at = new Map(ids.map((id, i) => [id, i]));
  rows.sort((a, b) => at.get(a.id)! - at.get(b.id)!);
  const total = Math.min(n, cap);
  // The near-expiry zone's cards are its goods' near-expiry offers, read fresh for the page (near-offers.ts).
  const offers = q.zone === 'jxq' ? await nearOffers(db, ids, rate) : null;
  return {
    current_page: q.page,
    data: rows.map((r) => {
      const card = goodsView(r, viewer);
      const offer = offers?.get(r.id);
      return offer ? nearCard(card, offer, viewer) : card;
    }),
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
    others: match?.others ?? null,
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
  rate: number,
) {
  const where = listFilters(q, viewer, categoryIds, rate);
  if (among !== null) where.push(anyId(goods.id, among));
  const filters = and(...where)!;
  if (match) where.push(match.where);
  const condition = and(...where)!;
  const bySales = q.sort === 'default' || q.sort === 'sales';
  const [ids, total] = await Promise.all([
    match && !match.number && !match.others && bySales
      ? pageByTerms(db, match.terms, match.column, filters, q, offset)
      : pageByOrder(db, condition, listOrder(q, viewer, match, rate), q.per_page, offset),
    countMatches(db, condition, cap),
  ]);
  return { ids, total };
}

/** The order of a list: the sort asked for, then (for a keyword) how well the name matches, then sales and id. */
function listOrder(q: GoodsListQuery, viewer: Viewer, match: KeywordMatch | null, rate: number): SQL[] {
  const order: SQL[] = [];
  const { price } = pricedBy(q, rate);
  switch (q.sort) {
    case 'sales':
      order.push(q.order === 'asc' ? asc(goods.sales) : desc(goods.sales));
      break;
    case 'price':
      // Sorting by a hidden price would reveal its order: others get the default order.
      if (viewer.approved) order.push(q.order === 'desc' ? desc(price) : asc(price));
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
