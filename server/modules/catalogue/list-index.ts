/**
 * The goods lists' index, held in memory: what every list filters and sorts on, for every goods on sale, in
 * typed arrays, with each sort order worked out once, and for each order the positions of every category,
 * brand, name and manufacturer (postings). A list page reads the smallest of the postings its filters and
 * keyword name, in the order asked, tests the other filters on those goods alone, and counts every match
 * exactly; a list without such a filter is one pass over the order that stops at the page and the cap. In the
 * database a filter that the sort's index does not serve (a category with a prescription class, say) reads
 * the whole table, and so does counting a few thousand matches. Approval numbers are searched in one text of
 * them all, a part of a number anywhere in it as `ilike '%…%'` finds it. Kept with the shared answers
 * (http/cache.ts): rebuilt in the background as it ages, dropped by any console write, so that a list is as
 * fresh as a kept answer (docs/decisions/015-catalogue-at-scale.md).
 */
import { and, asc, eq, gt, sql } from 'drizzle-orm';
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

/** Positions in a view by key (compressed rows): those of key k are `at[start[k]]` to `at[start[k + 1] - 1]`, ascending. */
type Postings = { start: Int32Array; at: Int32Array };

type Ordered = View & {
  byCategory: Postings;
  byBrand: Postings;
  byName: Postings;
  bySccj: Postings;
  byCfl: Postings;
  /** The positions of the goods with each flag: key k for the flag 1 << k. */
  byFlag: Postings;
  /** The position in this order of each goods, by its place in the approval numbers' text (`numberIds`). */
  positionOf: Int32Array;
};

export type GoodsIndex = {
  size: number;
  /** Interned texts: names, manufacturers and prescription classes share one table. */
  text: Map<string, number>;
  /** Every column in each list order: the sort asked for, then sales (most first), then id, as the database orders. */
  views: Record<'salesDesc' | 'salesAsc' | 'priceAsc' | 'priceDesc' | 'newest', Ordered>;
  /** Every approval number in capitals, one per line, in the order of `numberIds` (the goods' ids). */
  numbers: string;
  numberStarts: Int32Array;
  numberIds: Int32Array;
};

export const Flag = { kx: 1, freeShipping: 2, zy: 4, qx: 8, youx: 16, nearExpiry: 32 } as const;

/** The index of the goods on sale, kept like a shared answer. */
export function goodsIndex(db: Db, nearExpiryDays: number): Promise<GoodsIndex> {
  return cachedResult(db, ['goods-list-index'], () => buildGoodsIndex(db, nearExpiryDays), TTL_MS);
}

/** Goods read per statement when the index is built: on PGlite's one connection, other requests' statements go in between. */
const BUILD_CHUNK = 5_000;

/** The index read from the database `chunk` goods at a time (exported for the test of reading in chunks). */
export async function buildGoodsIndex(db: Db, nearExpiryDays: number, chunk = BUILD_CHUNK): Promise<GoodsIndex> {
  const read = (after: number) =>
    db
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
        pzwh: goods.pzwh,
      })
      .from(goods)
      .where(and(eq(goods.isOnSale, true), gt(goods.id, after)))
      .orderBy(asc(goods.id))
      .limit(chunk);
  const rows: Awaited<ReturnType<typeof read>> = [];
  for (let part = await read(0); part.length; part = part.length < chunk ? [] : await read(part[part.length - 1].id)) rows.push(...part);
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
  const keys = { category: 0, brand: 0, text: text.size };
  for (let i = 0; i < size; i++) {
    keys.category = Math.max(keys.category, base.category[i] + 1);
    keys.brand = Math.max(keys.brand, base.brand[i] + 1);
  }
  const sorted = (compare: (a: number, b: number) => number) => {
    const order = Int32Array.from({ length: size }, (_, i) => i).sort(compare);
    const view = permuted(base, order);
    const positionOf = new Int32Array(size);
    for (let k = 0; k < size; k++) positionOf[order[k]] = k;
    return {
      positionOf,
      ...view,
      byCategory: postings(view.category, keys.category),
      byBrand: postings(view.brand, keys.brand),
      byName: postings(view.name, keys.text),
      bySccj: postings(view.sccj, keys.text),
      byCfl: postings(view.cfl, keys.text),
      byFlag: flagPostings(view.flags),
    };
  };
  const thenSales = (a: number, b: number) => sales[b] - sales[a] || id[a] - id[b];
  const numberStarts = new Int32Array(size + 1);
  const numbers: string[] = [];
  let at = 0;
  rows.forEach((r, i) => {
    numberStarts[i] = at;
    numbers.push(r.pzwh.toUpperCase());
    at += r.pzwh.length + 1;
  });
  numberStarts[size] = at;
  return {
    size,
    text,
    numbers: numbers.join('\n'),
    numberStarts,
    numberIds: Int32Array.from(base.id),
    // One order at a time, letting requests through in between: sorting 100,000 goods takes tens of milliseconds.
    views: {
      salesDesc: await between(() => sorted(thenSales)),
      salesAsc: await between(() => sorted((a, b) => sales[a] - sales[b] || id[a] - id[b])),
      priceAsc: await between(() => sorted((a, b) => price[a] - price[b] || thenSales(a, b))),
      priceDesc: await between(() => sorted((a, b) => price[b] - price[a] || thenSales(a, b))),
      newest: await between(() => sorted((a, b) => created[b] - created[a] || thenSales(a, b))),
    },
  };
}

/** `work` after the requests waiting now have had their turn. */
const between = <T>(work: () => T) => new Promise<T>((resolve) => setImmediate(() => resolve(work())));

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

/** The positions of each key in `column` (keys below `keys`; a negative key, such as no brand, is left out). */
function postings(column: Int32Array, keys: number): Postings {
  const start = new Int32Array(keys + 1);
  for (let i = 0; i < column.length; i++) if (column[i] >= 0) start[column[i] + 1]++;
  for (let k = 0; k < keys; k++) start[k + 1] += start[k];
  const next = start.slice(0, keys);
  const at = new Int32Array(start[keys]);
  for (let i = 0; i < column.length; i++) if (column[i] >= 0) at[next[column[i]]++] = i;
  return { start, at };
}

/** The positions of the goods with each of the six flags (a goods is under every flag it has). */
function flagPostings(flags: Uint8Array): Postings {
  const keys = 6;
  const start = new Int32Array(keys + 1);
  for (let i = 0; i < flags.length; i++) for (let k = 0; k < keys; k++) if (flags[i] & (1 << k)) start[k + 1]++;
  for (let k = 0; k < keys; k++) start[k + 1] += start[k];
  const next = start.slice(0, keys);
  const at = new Int32Array(start[keys]);
  for (let i = 0; i < flags.length; i++) for (let k = 0; k < keys; k++) if (flags[i] & (1 << k)) at[next[k]++] = i;
  return { start, at };
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
  /** A part of an approval number: goods whose number holds it match too, ranked after every name (rank 4). */
  number: string | null;
  /** The rank comes first (the default order of a keyword list) rather than after the sort asked for. */
  rankFirst: boolean;
  offset: number;
  limit: number;
};

/** The rank of goods found by their approval number alone. */
const NUMBER_RANK = 4;

/**
 * The ids of one page of a list and how many goods match in all, counted up to `cap + 1`: once the page is
 * found and more than `cap` goods match, the pass stops (the list says 10,000+).
 */
export function pageOf(index: GoodsIndex, q: IndexQuery, cap: number): { ids: number[]; total: number } {
  const view = index.views[q.order];
  const { flags, stock, price, category, brand, cfl, sccj, id } = view;
  const rankOf = new Int8Array(q.terms ? index.text.size : 0).fill(-1);
  const termIds: number[] = [];
  for (const t of q.terms?.ranked ?? []) {
    const at = index.text.get(t.term);
    if (at === undefined || rankOf[at] >= 0) continue;
    rankOf[at] = t.rank;
    termIds.push(at);
  }
  const termColumn = q.terms?.column === 'sccj' ? view.sccj : view.name;
  const hasTerms = q.terms !== null;
  // Goods found by their approval number, by position in this order (a bit each).
  const byNumber = q.number === null ? null : numberMatches(index, q.number).map((k) => view.positionOf[k]);
  const numberBits = byNumber === null ? null : new Uint32Array((index.size >>> 5) + 1);
  for (const i of byNumber ?? []) numberBits![i >>> 5] |= 1 << (i & 31);
  const keyword = hasTerms || byNumber !== null;
  const rankAt = (i: number) => {
    const r = hasTerms ? rankOf[termColumn[i]] : -1;
    return r < 0 && numberBits !== null && (numberBits[i >>> 5] & (1 << (i & 31))) !== 0 ? NUMBER_RANK : r;
  };
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
  // The goods to test: the smallest postings the query names (its categories, its brand, its keyword's names),
  // or every goods of the order.
  const sources: [Postings, number[]][] = [];
  if (q.categories !== null) sources.push([view.byCategory, [...q.categories]]);
  if (!anyBrand) sources.push([view.byBrand, [brandId]]);
  if (cflId !== -1) sources.push([view.byCfl, [cflId]]);
  // A zone is one flag: its goods' postings.
  if (wanted !== 0 && (wanted & (wanted - 1)) === 0) sources.push([view.byFlag, [31 - Math.clz32(wanted)]]);
  let candidates: Int32Array | null = null;
  if (keyword) {
    // The keyword's goods: its names' (or manufacturers') postings and those found by approval number.
    const named = hasTerms ? union(q.terms!.column === 'sccj' ? view.bySccj : view.byName, termIds, index.size) : new Int32Array(0);
    candidates = byNumber === null || !byNumber.length ? named : merged(named, byNumber, index.size);
  }
  for (const [p, keys] of sources) if (candidates === null || sizeOf(p, keys) < candidates.length) candidates = union(p, keys, index.size);
  const n = candidates === null ? index.size : candidates.length;
  // One tight loop: every test is on typed arrays, those not asked for cost a comparison that always holds.
  const matching: number[] = [];
  for (let k = 0; k < n; k++) {
    const i = candidates === null ? k : candidates[k];
    const f = flags[i];
    if ((f & hidden) !== 0 || (f & wanted) !== wanted) continue;
    if (inStock && stock[i] <= 0) continue;
    const p = price[i];
    if (p < min || p > max) continue;
    if (categories !== null && categories[category[i]] !== 1) continue;
    if (!anyBrand && brand[i] !== brandId) continue;
    if (cflId !== -1 && cfl[i] !== cflId) continue;
    if (sccjId !== -1 && sccj[i] !== sccjId) continue;
    if (keyword && rankAt(i) < 0) continue;
    matching.push(i);
    // Without a keyword the order is final: stop once the page is in hand and the count passes the cap.
    if (!keyword && matching.length > cap && matching.length > q.offset + q.limit) break;
  }
  let ordered: number[] = matching;
  if (keyword && q.rankFirst) {
    // The best-matching names first, each rank in the order asked for.
    const byRank: number[][] = Array.from({ length: NUMBER_RANK + 1 }, () => []);
    for (const i of matching) byRank[rankAt(i)].push(i);
    ordered = byRank.flat();
  } else if (keyword) {
    // The order asked for, and among goods alike in it the best-matching names first.
    const key = sortKey(view, q.order);
    ordered = [];
    let from = 0;
    for (let k = 1; k <= matching.length; k++) {
      if (k < matching.length && key(matching[k]) === key(matching[from])) continue;
      const group = matching.slice(from, k);
      if (group.length > 1) group.sort((a, b) => rankAt(a) - rankAt(b));
      ordered.push(...group);
      from = k;
    }
  }
  return { ids: ordered.slice(q.offset, q.offset + q.limit).map((i) => id[i]), total: ordered.length };
}

const sizeOf = (p: Postings, keys: number[]) => keys.reduce((sum, k) => sum + (k >= 0 && k < p.start.length - 1 ? p.start[k + 1] - p.start[k] : 0), 0);

/** The positions of every key's goods, ascending (the order of the view). */
function union(p: Postings, keys: number[], size: number): Int32Array {
  const known = keys.filter((k) => k >= 0 && k < p.start.length - 1);
  if (known.length === 1) return p.at.subarray(p.start[known[0]], p.start[known[0] + 1]);
  const bits = new Uint32Array((size >>> 5) + 1);
  let total = 0;
  for (const k of known)
    for (let j = p.start[k]; j < p.start[k + 1]; j++) {
      const i = p.at[j];
      bits[i >>> 5] |= 1 << (i & 31);
      total++;
    }
  return ascending(bits, total);
}

/** The positions of two lists together, ascending, each once. */
function merged(a: Int32Array, b: Int32Array, size: number): Int32Array {
  const bits = new Uint32Array((size >>> 5) + 1);
  for (const i of a) bits[i >>> 5] |= 1 << (i & 31);
  for (const i of b) bits[i >>> 5] |= 1 << (i & 31);
  return ascending(bits, a.length + b.length);
}

/** The positions whose bit is set, ascending; at most `most` of them. */
function ascending(bits: Uint32Array, most: number): Int32Array {
  const out = new Int32Array(most);
  let m = 0;
  for (let w = 0; w < bits.length; w++) for (let b = bits[w]; b !== 0; b &= b - 1) out[m++] = (w << 5) + 31 - Math.clz32(b & -b);
  return out.subarray(0, m);
}

/** Which goods' approval numbers hold `fragment` (case aside), by their place in the numbers' text. */
function numberMatches(index: GoodsIndex, fragment: string): Int32Array {
  const needle = fragment.toUpperCase();
  const found: number[] = [];
  if (!needle || needle.includes('\n')) return Int32Array.from(found);
  const { numbers, numberStarts, numberIds } = index;
  for (let at = numbers.indexOf(needle); at >= 0;) {
    // The number holding `at`: the last that starts at or before it.
    let lo = 0;
    let hi = numberIds.length - 1;
    while (lo < hi) {
      const mid = (lo + hi + 1) >> 1;
      if (numberStarts[mid] <= at) lo = mid;
      else hi = mid - 1;
    }
    found.push(lo);
    at = numbers.indexOf(needle, numberStarts[lo + 1]);
  }
  return Int32Array.from(found);
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
