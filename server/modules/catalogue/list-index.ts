/**
 * The goods lists' index, held in memory: what every list filters and sorts on, for every goods on sale, in
 * typed arrays, with each sort order worked out once. A list page is one pass over an order (about a
 * millisecond at 100,000 goods) that finds the page and counts every match exactly, whatever the filters:
 * in the database a filter that the sort's index does not serve (a category with a prescription class, say)
 * reads the whole table, and so does counting a few thousand matches. Kept with the shared answers
 * (http/cache.ts): rebuilt in the background as it ages, dropped by any console write, so that a list is as
 * fresh as a kept answer (docs/decisions/015-catalogue-at-scale.md).
 */
import { eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { goods } from '../../db/schema/catalogue.js';
import { cachedResult } from '../../http/cache.js';
import type { RankedTerm } from './terms.js';

const TTL_MS = 30_000;

/** The goods' columns, laid out in one order: a pass in that order reads memory straight through. */
type View = {
  id: Int32Array;
  name: Int32Array;
  sccj: Int32Array;
  cfl: Int32Array;
  category: Int32Array;
  brand: Int32Array;
  price: Int32Array;
  sales: Int32Array;
  stock: Int32Array;
  /** When it was added, in seconds since 1970. */
  created: Float64Array;
  /** Bits: 1 controlled sale, 2 free shipping, 4 TCM, 8 device, 16 preferred (youx), 32 near expiry. */
  flags: Uint8Array;
};

export type GoodsIndex = {
  size: number;
  /** Interned texts: names, manufacturers and prescription classes share one table. */
  text: Map<string, number>;
  /** Every column in each list order: the sort asked for, then sales (most first), then id, as the database orders. */
  views: Record<'salesDesc' | 'salesAsc' | 'priceAsc' | 'priceDesc' | 'newest', View>;
};

export const Flag = { kx: 1, freeShipping: 2, zy: 4, qx: 8, youx: 16, nearExpiry: 32 } as const;

/** The index of the goods on sale, kept like a shared answer. */
export function goodsIndex(db: Db, nearExpiryDays: number): Promise<GoodsIndex> {
  return cachedResult(db, ['goods-list-index'], () => build(db, nearExpiryDays), TTL_MS);
}

async function build(db: Db, nearExpiryDays: number): Promise<GoodsIndex> {
  const rows = await db
    .select({
      id: goods.id,
      name: goods.name,
      sccj: goods.sccj,
      cfl: goods.cfl,
      category: goods.categoryId,
      brand: goods.brandId,
      price: goods.basePrice,
      sales: goods.sales,
      stock: goods.number,
      created: sql<string>`extract(epoch from ${goods.createdAt})::float8`,
      isKx: goods.isKx,
      isFreeShipping: goods.isFreeShipping,
      isZy: goods.isZy,
      isQx: goods.isQx,
      isYoux: goods.isYoux,
      nearExpiry: sql<boolean>`${goods.xq} <= current_date + ${nearExpiryDays}::int`,
    })
    .from(goods)
    .where(eq(goods.isOnSale, true));
  const size = rows.length;
  const text = new Map<string, number>();
  const intern = (s: string) => text.get(s) ?? (text.set(s, text.size), text.size - 1);
  const base = emptyView(size);
  rows.forEach((r, i) => {
    base.id[i] = r.id;
    base.name[i] = intern(r.name);
    base.sccj[i] = intern(r.sccj);
    base.cfl[i] = intern(r.cfl);
    base.category[i] = r.category;
    base.brand[i] = r.brand ?? -1;
    base.price[i] = r.price;
    base.sales[i] = r.sales;
    base.stock[i] = r.stock;
    base.created[i] = Number(r.created);
    base.flags[i] =
      (r.isKx ? Flag.kx : 0) |
      (r.isFreeShipping ? Flag.freeShipping : 0) |
      (r.isZy ? Flag.zy : 0) |
      (r.isQx ? Flag.qx : 0) |
      (r.isYoux ? Flag.youx : 0) |
      (r.nearExpiry === true || String(r.nearExpiry) === 't' ? Flag.nearExpiry : 0);
  });
  const { id, sales, price, created } = base;
  const sorted = (compare: (a: number, b: number) => number) => permuted(base, Int32Array.from({ length: size }, (_, i) => i).sort(compare));
  const thenSales = (a: number, b: number) => sales[b] - sales[a] || id[a] - id[b];
  return {
    size,
    text,
    views: {
      salesDesc: sorted(thenSales),
      salesAsc: sorted((a, b) => sales[a] - sales[b] || id[a] - id[b]),
      priceAsc: sorted((a, b) => price[a] - price[b] || thenSales(a, b)),
      priceDesc: sorted((a, b) => price[b] - price[a] || thenSales(a, b)),
      newest: sorted((a, b) => created[b] - created[a] || thenSales(a, b)),
    },
  };
}

function emptyView(size: number): View {
  return {
    id: new Int32Array(size),
    name: new Int32Array(size),
    sccj: new Int32Array(size),
    cfl: new Int32Array(size),
    category: new Int32Array(size),
    brand: new Int32Array(size),
    price: new Int32Array(size),
    sales: new Int32Array(size),
    stock: new Int32Array(size),
    created: new Float64Array(size),
    flags: new Uint8Array(size),
  };
}

/** The columns of `base` rearranged in `order`. */
function permuted(base: View, order: Int32Array): View {
  const view = emptyView(order.length);
  for (const key of Object.keys(view) as (keyof View)[]) {
    const from = base[key];
    const to = view[key];
    for (let k = 0; k < order.length; k++) to[k] = from[order[k]];
  }
  return view;
}

export type IndexQuery = {
  special: boolean;
  categories: Set<number> | null;
  brand: number | null;
  sccj: string | null;
  cfl: string | null;
  inStock: boolean;
  /** Goods must have every one of these flags. */
  flags: number;
  priceMin: number | null;
  priceMax: number | null;
  order: keyof GoodsIndex['views'];
  /** The keyword's matching names (or manufacturers) and their rank; null without a keyword. */
  terms: { column: 'name' | 'sccj'; ranked: RankedTerm[] } | null;
  /** The rank comes first (the default order of a keyword list) rather than after the sort asked for. */
  rankFirst: boolean;
  offset: number;
  limit: number;
};

/**
 * The ids of one page of a list and how many goods match in all, counted up to `cap + 1`: once the page is
 * found and more than `cap` goods match, the pass stops (the list says 10,000+).
 */
export function pageOf(index: GoodsIndex, q: IndexQuery, cap: number): { ids: number[]; total: number } {
  const view = index.views[q.order];
  const { flags, stock, price, category, brand, cfl, sccj, id } = view;
  const rankOf = new Int8Array(q.terms ? index.text.size : 0).fill(-1);
  if (q.terms) for (const t of q.terms.ranked) if (index.text.has(t.term)) rankOf[index.text.get(t.term)!] = t.rank;
  const termColumn = q.terms?.column === 'sccj' ? view.sccj : view.name;
  const hasTerms = q.terms !== null;
  const cflId = q.cfl === null ? -1 : (index.text.get(q.cfl) ?? -2);
  const sccjId = q.sccj === null ? -1 : (index.text.get(q.sccj) ?? -2);
  const hidden = q.special ? 0 : Flag.kx;
  const wanted = q.flags;
  const inStock = q.inStock;
  const min = q.priceMin ?? -Infinity;
  const max = q.priceMax ?? Infinity;
  // A category is one look-up in a table as long as the ids, rather than a hash of a set.
  let maxCategory = 0;
  for (const c of q.categories ?? []) maxCategory = Math.max(maxCategory, c);
  const categories = q.categories === null ? null : new Uint8Array(maxCategory + 1);
  for (const c of q.categories ?? []) categories![c] = 1;
  const brandId = q.brand ?? -2;
  const anyBrand = q.brand === null;
  const n = index.size;
  // One tight loop: every test is on typed arrays, those not asked for cost a comparison that always holds.
  const matching: number[] = [];
  for (let i = 0; i < n; i++) {
    const f = flags[i];
    if ((f & hidden) !== 0 || (f & wanted) !== wanted) continue;
    if (inStock && stock[i] <= 0) continue;
    const p = price[i];
    if (p < min || p > max) continue;
    if (categories !== null && categories[category[i]] !== 1) continue;
    if (!anyBrand && brand[i] !== brandId) continue;
    if (cflId !== -1 && cfl[i] !== cflId) continue;
    if (sccjId !== -1 && sccj[i] !== sccjId) continue;
    if (hasTerms && rankOf[termColumn[i]] < 0) continue;
    matching.push(i);
    // Without a keyword the order is final: stop once the page is in hand and the count passes the cap.
    if (!hasTerms && matching.length > cap && matching.length > q.offset + q.limit) break;
  }
  let ordered: number[] = matching;
  if (hasTerms && q.rankFirst) {
    // The best-matching names first, each rank in the order asked for.
    const byRank: number[][] = [[], [], [], []];
    for (const i of matching) byRank[rankOf[termColumn[i]]].push(i);
    ordered = byRank.flat();
  } else if (hasTerms) {
    // The order asked for, and among goods alike in it the best-matching names first.
    const key = sortKey(view, q.order);
    ordered = [];
    let from = 0;
    for (let k = 1; k <= matching.length; k++) {
      if (k < matching.length && key(matching[k]) === key(matching[from])) continue;
      const group = matching.slice(from, k);
      if (group.length > 1) group.sort((a, b) => rankOf[termColumn[a]] - rankOf[termColumn[b]]);
      ordered.push(...group);
      from = k;
    }
  }
  return { ids: ordered.slice(q.offset, q.offset + q.limit).map((i) => id[i]), total: ordered.length };
}

/** The value an order sorts on first: goods alike in it are ordered by rank when a keyword ranks them. */
function sortKey(view: View, order: IndexQuery['order']): (i: number) => number {
  switch (order) {
    case 'salesDesc':
    case 'salesAsc':
      return (i) => view.sales[i];
    case 'priceAsc':
    case 'priceDesc':
      return (i) => view.price[i];
    case 'newest':
      return (i) => view.created[i];
  }
}
