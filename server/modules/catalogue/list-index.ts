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
import { sql, type SQL } from 'drizzle-orm';
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
  /** `numberMatches` by fragment, for this index's life: buyers ask for the same numbers. */
  numberFinds: Map<string, Int32Array>;
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
  // Each statement answers one row holding each column of `chunk` goods as a JSON array, in id order: a few
  // arrays to parse rather than thousands of row objects, which kept the event loop busy for tens of milliseconds.
  const read = async (after: number) => {
    const part = sql`(select id, name, sccj, cfl, category_id, brand_id, base_price, sales, number, created_at, is_kx, is_free_shipping, is_zy, is_qx, is_youx, xq, pzwh
      from ${goods} where ${goods.isOnSale} and ${goods.id} > ${after} order by ${goods.id} limit ${chunk}) g`;
    const column = (expression: SQL) => sql`coalesce(json_agg(${expression} order by g.id), '[]')`;
    const result = (await db.execute(sql`
      select ${column(sql`g.id`)} as id, ${column(sql`g.name`)} as name, ${column(sql`g.sccj`)} as sccj, ${column(sql`g.cfl`)} as cfl,
        ${column(sql`g.category_id`)} as category, ${column(sql`coalesce(g.brand_id, -1)`)} as brand, ${column(sql`g.base_price`)} as price,
        ${column(sql`g.sales`)} as sales, ${column(sql`g.number`)} as stock, ${column(sql`extract(epoch from g.created_at)::float8`)} as created,
        ${column(sql`(g.is_kx::int * ${Flag.kx}) | (g.is_free_shipping::int * ${Flag.freeShipping}) | (g.is_zy::int * ${Flag.zy})
          | (g.is_qx::int * ${Flag.qx}) | (g.is_youx::int * ${Flag.youx}) | ((g.xq <= current_date + ${nearExpiryDays}::int)::int * ${Flag.nearExpiry})`)} as flags,
        ${column(sql`g.pzwh`)} as pzwh
      from ${part}`)) as unknown as { rows: Columns[] };
    return parsedColumns(result.rows[0]);
  };
  const text = new Map<string, number>();
  const intern = (s: string) => text.get(s) ?? (text.set(s, text.size), text.size - 1);
  // Each statement's goods go into columns of their own as they arrive; joined once all are read.
  const parts: View[] = [];
  const pzwh: string[] = [];
  for (let part = await read(0); part.id.length; part = part.id.length < chunk ? emptyColumns() : await read(part.id[part.id.length - 1])) {
    const view = emptyView(part.id.length);
    for (let j = 0; j < part.id.length; j++) {
      view.id[j] = part.id[j];
      view.name[j] = intern(part.name[j]);
      view.sccj[j] = intern(part.sccj[j]);
      view.cfl[j] = intern(part.cfl[j]);
      view.category[j] = part.category[j];
      view.brand[j] = part.brand[j];
      view.price[j] = part.price[j];
      view.sales[j] = part.sales[j];
      view.stock[j] = part.stock[j];
      view.created[j] = part.created[j];
      view.flags[j] = part.flags[j];
      pzwh.push(part.pzwh[j].toUpperCase());
    }
    parts.push(view);
  }
  const size = pzwh.length;
  const base = emptyView(size);
  for (const key of Object.keys(base) as (keyof View)[]) {
    let at = 0;
    for (const p of parts) {
      (base[key] as Int32Array).set(p[key] as Int32Array, at);
      at += p.id.length;
    }
  }
  const keys = { category: 0, brand: 0, text: text.size };
  for (let i = 0; i < size; i++) {
    keys.category = Math.max(keys.category, base.category[i] + 1);
    keys.brand = Math.max(keys.brand, base.brand[i] + 1);
  }
  const viewIn = async (order: Int32Array): Promise<Ordered> => {
    const view = await between(() => permuted(base, order));
    const positionOf = new Int32Array(size);
    for (let k = 0; k < size; k++) positionOf[order[k]] = k;
    return between(() => ({
      positionOf,
      ...view,
      byCategory: postings(view.category, keys.category),
      byBrand: postings(view.brand, keys.brand),
      byName: postings(view.name, keys.text),
      bySccj: postings(view.sccj, keys.text),
      byCfl: postings(view.cfl, keys.text),
      byFlag: flagPostings(view.flags),
    }));
  };
  const numberStarts = new Int32Array(size + 1);
  let at = 0;
  pzwh.forEach((n, i) => {
    numberStarts[i] = at;
    at += n.length + 1;
  });
  numberStarts[size] = at;
  // Goods are read in id order, so a position is the id's rank: the last tie-break of every order.
  const byId = Int32Array.from({ length: size }, (_, i) => i);
  // A step at a time, each some 10-30 ms at 100,000 goods, letting requests through in between.
  const sales = await between(() => ranks(base.sales));
  const price = await between(() => ranks(base.price));
  const created = await between(() => ranks(base.created));
  const salesDesc = await between(() => ordered(descending(sales), byId));
  const orders = {
    salesAsc: await between(() => ordered(sales, byId)),
    priceAsc: await between(() => ordered(price, salesDesc)),
    priceDesc: await between(() => ordered(descending(price), salesDesc)),
    newest: await between(() => ordered(descending(created), salesDesc)),
  };
  return {
    size,
    text,
    numbers: pzwh.join('\n'),
    numberStarts,
    numberIds: Int32Array.from(base.id),
    numberFinds: new Map(),
    views: {
      salesDesc: await viewIn(salesDesc),
      salesAsc: await viewIn(orders.salesAsc),
      priceAsc: await viewIn(orders.priceAsc),
      priceDesc: await viewIn(orders.priceDesc),
      newest: await viewIn(orders.newest),
    },
  };
}

/** One statement's goods, a JSON array per column. */
type Columns = {
  id: number[];
  name: string[];
  sccj: string[];
  cfl: string[];
  category: number[];
  brand: number[];
  price: number[];
  sales: number[];
  stock: number[];
  created: number[];
  flags: number[];
  pzwh: string[];
};

const emptyColumns = (): Columns => ({
  id: [],
  name: [],
  sccj: [],
  cfl: [],
  category: [],
  brand: [],
  price: [],
  sales: [],
  stock: [],
  created: [],
  flags: [],
  pzwh: [],
});

/** The columns as arrays, whether the driver parsed the JSON or handed it over as text. */
function parsedColumns(row: Record<keyof Columns, unknown> | undefined): Columns {
  const columns = emptyColumns();
  if (!row) return columns;
  for (const key of Object.keys(columns) as (keyof Columns)[]) {
    const value = row[key];
    (columns as Record<keyof Columns, unknown>)[key] = typeof value === 'string' ? JSON.parse(value) : value;
  }
  return columns;
}

/**
 * Each value's place among the distinct values, from 0 (equal values share a place). Sorting numbers with no
 * comparator is native; sorting 100,000 positions with a comparator of three keys took some 80 ms per order.
 */
function ranks(values: Int32Array | Float64Array): Int32Array {
  const sorted = Float64Array.from(values).sort();
  let distinct = 0;
  for (let k = 0; k < sorted.length; k++) if (k === 0 || sorted[k] !== sorted[distinct - 1]) sorted[distinct++] = sorted[k];
  const out = new Int32Array(values.length);
  for (let i = 0; i < values.length; i++) {
    let lo = 0;
    let hi = distinct - 1;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (sorted[mid] < values[i]) lo = mid + 1;
      else hi = mid;
    }
    out[i] = lo;
  }
  return out;
}

/** Places counted from the other end: the largest value first. */
function descending(rank: Int32Array): Int32Array {
  let most = 0;
  for (const r of rank) most = Math.max(most, r);
  return rank.map((r) => most - r);
}

/**
 * The positions ordered by `rank` (smallest first), those of equal rank in the order `tie` gives them: one
 * native sort of `rank × 2^bits + place in tie`, each below 2^53.
 */
function ordered(rank: Int32Array, tie: Int32Array): Int32Array {
  const scale = 2 ** Math.max(1, Math.ceil(Math.log2(tie.length + 1)));
  const keys = new Float64Array(tie.length);
  for (let k = 0; k < tie.length; k++) keys[k] = rank[tie[k]] * scale + k;
  keys.sort();
  const order = new Int32Array(tie.length);
  for (let k = 0; k < tie.length; k++) order[k] = tie[keys[k] % scale];
  return order;
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

/**
 * The header's suggestions: the goods of each term in turn, best sellers first (then by id), those the viewer
 * may see, up to `limit` in all.
 */
export function bestOfTerms(index: GoodsIndex, column: 'name' | 'sccj', terms: string[], special: boolean, limit: number): number[] {
  const view = index.views.salesDesc;
  const { start, at } = column === 'sccj' ? view.bySccj : view.byName;
  const hidden = special ? 0 : Flag.kx;
  const ids: number[] = [];
  for (const term of terms) {
    const key = index.text.get(term);
    if (key === undefined) continue;
    for (let j = start[key]; j < start[key + 1] && ids.length < limit; j++) if ((view.flags[at[j]] & hidden) === 0) ids.push(view.id[at[j]]);
    if (ids.length >= limit) break;
  }
  return ids;
}

/** Which goods' approval numbers hold `fragment` (case aside), by their place in the numbers' text. */
function numberMatches(index: GoodsIndex, fragment: string): Int32Array {
  const needle = fragment.toUpperCase();
  const known = index.numberFinds.get(needle);
  if (known) return known;
  if (index.numberFinds.size >= NUMBER_FINDS_KEPT) index.numberFinds.clear();
  const found = searchNumbers(index, needle);
  index.numberFinds.set(needle, found);
  return found;
}

/** How many fragments' matches an index keeps: each is a few ids, found by reading 1.5 MB of text. */
const NUMBER_FINDS_KEPT = 2_000;

function searchNumbers(index: GoodsIndex, needle: string): Int32Array {
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
