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
 * fresh as a kept answer (docs/decisions/015-catalogue-at-scale.md). It is put together in a worker thread
 * (list-index-build.ts), so that renewing it never holds up the requests this thread serves.
 */
import { Worker } from 'node:worker_threads';
import { sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { goods } from '../../db/schema/catalogue.js';
import { answersDropped, cachedResult, keptRecords } from '../../http/cache.js';
import {
  composeIndex,
  TEXT_SEPARATOR,
  type ColumnTexts,
  type IndexParts,
  type Ordered,
  type Postings,
  type View,
  type VolatileTexts,
} from './list-index-build.js';
import type { RankedTerm } from './terms.js';

const TTL_MS = 30_000;

export type GoodsIndex = Omit<IndexParts, 'texts'> & {
  /** Interned texts: names, manufacturers and prescription classes share one table. */
  text: Map<string, number>;
  /** `numberMatches` by fragment, for this index's life: buyers ask for the same numbers. */
  numberFinds: Map<string, Int32Array>;
  /** The bit sets a count is worked out with (`countBits`), made on first use, for this index's life. */
  bits: Map<string, Uint32Array>;
  /** The goods of each name or manufacturer a viewer may see (`visibleOfTerm`), counted on first use. */
  termCounts: Map<string, number>;
};

export const Flag = { kx: 1, freeShipping: 2, zy: 4, qx: 8, youx: 16, nearExpiry: 32 } as const;

/** The index of the goods on sale, kept like a shared answer. */
export function goodsIndex(db: Db, nearExpiryDays: number): Promise<GoodsIndex> {
  return cachedResult(db, ['goods-list-index'], () => renewGoodsIndex(db, nearExpiryDays), TTL_MS);
}

/**
 * Goods read per statement when the index is built: on PGlite's one connection, other requests' statements go
 * in between (at 100,000 goods a statement of 2,000 holds it some 15 ms, one of 5,000 some 35 ms).
 */
const BUILD_CHUNK = 2_000;

/**
 * The last index read whole, and the worker's copy of its columns (`generation`): a renewal reads only what
 * changes without a console write (sales, stock) and lays the orders out again from that copy. Kept with the
 * shared answers, so a console write, which drops them, makes the next index a whole reading; and read whole at
 * least this often, and on a new day (the near-expiry flag counts days).
 */
type Whole = { index: GoodsIndex; generation: number; day: string; nearExpiryDays: number };
const WHOLE_EVERY_MS = 5 * 60_000;
const wholeReading = (db: Db) => keptRecords<Whole>(db, 'goods-list-index-whole', 1, WHOLE_EVERY_MS);
const chinaDay = () => new Date(Date.now() + 8 * 3_600_000).toISOString().slice(0, 10);

export async function renewGoodsIndex(db: Db, nearExpiryDays: number): Promise<GoodsIndex> {
  const epoch = answersDropped(db);
  const day = chinaDay();
  const last = wholeReading(db).get(0);
  if (last && last.day === day && last.nearExpiryDays === nearExpiryDays) {
    const renewed = await renewFromVolatile(db, last);
    if (renewed) return renewed;
  }
  const { index, generation } = await readGoodsIndex(db, nearExpiryDays);
  if (generation !== null && answersDropped(db) === epoch) wholeReading(db).set(0, { index, generation, day, nearExpiryDays });
  return index;
}

/**
 * The index of `last`'s goods with their sales and stock read now, or null when the goods on sale changed (or
 * the worker no longer holds `last`'s columns): then it is read whole.
 */
async function renewFromVolatile(db: Db, last: Whole): Promise<GoodsIndex | null> {
  const job = indexJob();
  let after = 0;
  for (;;) {
    const result = (await db.execute(sql`
      select count(*)::int as n, coalesce(max(g.id), 0)::int as last,
        coalesce(json_agg(g.id order by g.id), '[]')::text as id, coalesce(json_agg(g.sales order by g.id), '[]')::text as sales,
        coalesce(json_agg(g.number order by g.id), '[]')::text as stock
      from (select id, sales, number from ${goods} where ${goods.isOnSale} and ${goods.id} > ${after} order by ${goods.id} limit ${BUILD_CHUNK}) g`)) as unknown as {
      rows: (VolatileTexts & { n: number; last: number })[];
    };
    const { n, last: lastId, ...volatile } = result.rows[0];
    if (n > 0) job.addVolatile(volatile);
    if (n < BUILD_CHUNK) break;
    after = lastId;
  }
  const parts = await job.renew(last.generation);
  if (!parts) return null;
  const { texts: _, ...arrays } = parts;
  return { ...arrays, text: last.index.text, numberFinds: new Map(), bits: new Map(), termCounts: new Map() };
}

/** The index read whole from the database (exported for the test of reading in chunks). */
export async function buildGoodsIndex(db: Db, nearExpiryDays: number, chunk = BUILD_CHUNK): Promise<GoodsIndex> {
  return (await readGoodsIndex(db, nearExpiryDays, chunk)).index;
}

/**
 * The index read from the database `chunk` goods at a time. The columns come as JSON text, which the worker
 * parses and puts together; this thread only reads and then fills the table of texts, a slice at a time. The
 * generation names the worker's copy of the columns, null when the index was put together on this thread.
 */
async function readGoodsIndex(db: Db, nearExpiryDays: number, chunk = BUILD_CHUNK): Promise<{ index: GoodsIndex; generation: number | null }> {
  // Each statement answers one row holding each column of `chunk` goods as a JSON array, in id order: a few
  // texts to hand over rather than thousands of row objects.
  const read = async (after: number) => {
    const part = sql`(select id, name, sccj, cfl, category_id, brand_id, base_price, sales, number, created_at, is_kx, is_free_shipping, is_zy, is_qx, is_youx, xq, pzwh
      from ${goods} where ${goods.isOnSale} and ${goods.id} > ${after} order by ${goods.id} limit ${chunk}) g`;
    const column = (expression: SQL) => sql`coalesce(json_agg(${expression} order by g.id), '[]')::text`;
    const result = (await db.execute(sql`
      select count(*)::int as n, coalesce(max(g.id), 0)::int as last,
        ${column(sql`g.id`)} as id, ${column(sql`g.name`)} as name, ${column(sql`g.sccj`)} as sccj, ${column(sql`g.cfl`)} as cfl,
        ${column(sql`g.category_id`)} as category, ${column(sql`coalesce(g.brand_id, -1)`)} as brand, ${column(sql`g.base_price`)} as price,
        ${column(sql`g.sales`)} as sales, ${column(sql`g.number`)} as stock, ${column(sql`extract(epoch from g.created_at)::float8`)} as created,
        ${column(sql`(g.is_kx::int * ${Flag.kx}) | (g.is_free_shipping::int * ${Flag.freeShipping}) | (g.is_zy::int * ${Flag.zy})
          | (g.is_qx::int * ${Flag.qx}) | (g.is_youx::int * ${Flag.youx}) | ((g.xq <= current_date + ${nearExpiryDays}::int)::int * ${Flag.nearExpiry})`)} as flags,
        ${column(sql`g.pzwh`)} as pzwh
      from ${part}`)) as unknown as { rows: (ColumnTexts & { n: number; last: number })[] };
    const { n, last, ...columns } = result.rows[0];
    return { n, last, columns };
  };
  // Each part goes to the worker as soon as it is read: handing all of them over at once held this thread
  // for over 100 ms.
  const job = indexJob();
  for (let part = await read(0); part.n > 0; part = part.n < chunk ? { n: 0, last: 0, columns: part.columns } : await read(part.last)) job.add(part.columns);
  const { parts, generation } = await job.done();
  const names = parts.texts === '' ? [] : parts.texts.split(TEXT_SEPARATOR);
  const text = new Map<string, number>();
  for (let from = 0; from < names.length; from += TEXT_SLICE) {
    if (from > 0) await turn();
    for (let k = from; k < Math.min(names.length, from + TEXT_SLICE); k++) text.set(names[k], k);
  }
  const { texts: _, ...arrays } = parts;
  return { index: { ...arrays, text, numberFinds: new Map(), bits: new Map(), termCounts: new Map() }, generation };
}

/** Texts put into the table between turns of other requests (some 2 ms each). */
const TEXT_SLICE = 20_000;

/** Resolves after the requests waiting now have had their turn. */
const turn = () => new Promise<void>((resolve) => setImmediate(resolve));

let worker: Worker | null = null;
let jobs = 0;
type Answer = { parts: IndexParts | null; generation: number | null };
const waiting = new Map<number, { resolve: (answer: Answer) => void; reject: (err: Error) => void }>();

/** The worker thread, started on first use and left out of what keeps the process alive. */
function indexWorker(): Worker {
  if (worker) return worker;
  // Started bare: the worker loads the TypeScript it needs itself, under the server as under the test runner.
  const started = new Worker(new URL('./list-index-worker.mjs', import.meta.url), { execArgv: [] });
  started.unref();
  started.on('message', ({ job, parts, generation, error }: { job: number; parts?: IndexParts; generation?: number; error?: string }) => {
    const asker = waiting.get(job);
    waiting.delete(job);
    if (error) asker?.reject(new Error(error));
    else asker?.resolve({ parts: parts ?? null, generation: generation ?? null });
  });
  const fail = (err: Error) => {
    if (worker === started) worker = null;
    for (const asker of waiting.values()) asker.reject(err);
    waiting.clear();
  };
  started.on('error', fail);
  started.on('exit', (code) => fail(new Error(`the list index worker exited (${code})`)));
  return (worker = started);
}

/**
 * One index put together by the worker from the parts handed to it one at a time; on this thread, from the
 * same parts, if the worker cannot run. Or a renewal: the sales and stock handed over, laid out again by the
 * worker from the columns it kept of a whole reading.
 */
function indexJob() {
  const job = ++jobs;
  const chunks: ColumnTexts[] = [];
  const answer = new Promise<Answer>((resolve, reject) => waiting.set(job, { resolve, reject }));
  // A worker that fails before the last part is read must not leave a rejection unhandled: done() reads it.
  answer.catch(() => undefined);
  return {
    add(columns: ColumnTexts) {
      chunks.push(columns);
      indexWorker().postMessage({ job, columns });
    },
    addVolatile(volatile: VolatileTexts) {
      indexWorker().postMessage({ job, volatile });
    },
    async done(): Promise<{ parts: IndexParts; generation: number | null }> {
      try {
        indexWorker().postMessage({ job, done: true });
        const { parts, generation } = await answer;
        if (parts) return { parts, generation };
      } catch {
        waiting.delete(job);
      }
      return { parts: composeIndex(chunks), generation: null };
    },
    /** The renewed parts, or null when the worker cannot renew that reading (or cannot run). */
    async renew(generation: number): Promise<IndexParts | null> {
      try {
        indexWorker().postMessage({ job, renew: generation });
        return (await answer).parts;
      } catch {
        waiting.delete(job);
        return null;
      }
    },
  };
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
  /** Only these goods (an activity's), by id; null for every goods. */
  among: readonly number[] | null;
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
  // A keyword alone (the search box's list): counted from its names' goods and paged by merging their postings.
  if (
    hasTerms &&
    q.categories === null &&
    anyBrand &&
    cflId === -1 &&
    sccjId === -1 &&
    wanted === 0 &&
    !inStock &&
    q.priceMin === null &&
    q.priceMax === null &&
    q.among === null
  )
    return keywordPage(index, q, termIds, rankOf, byNumber ?? NO_POSITIONS);
  // An activity's goods: a bit each by position in this order, and those positions ascending.
  const amongBits = q.among === null ? null : positionBits(index, view, q.among);
  const amongPositions = amongBits === null ? null : ascending(amongBits, q.among!.length);
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
  if (amongPositions !== null && (candidates === null || amongPositions.length < candidates.length)) candidates = amongPositions;
  const n = candidates === null ? index.size : candidates.length;
  // Without a keyword, a manufacturer or an activity, the matches are counted with bit sets (countBits); the
  // loop below then only finds the page.
  const counted = keyword || sccjId !== -1 || amongBits !== null ? null : countBits(index, q, cflId);
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
    if (amongBits !== null && (amongBits[i >>> 5] & (1 << (i & 31))) === 0) continue;
    if (keyword && rankAt(i) < 0) continue;
    matching.push(i);
    // Without a keyword the order is final: stop once the page is in hand and the count is known (counted, or
    // past the cap).
    if (!keyword && matching.length >= q.offset + q.limit && (counted !== null || matching.length > cap)) break;
  }
  if (counted !== null) return { ids: matching.slice(q.offset, q.offset + q.limit).map((i) => id[i]), total: counted };
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

const NO_POSITIONS = new Int32Array(0);

/**
 * A list of a keyword and nothing else: what the search box asks. Its count is the visible goods of each matching
 * name (kept per name with the index; a goods has one name, so none counts twice) and those found by approval
 * number alone; its page is read by merging the names' postings in the order asked, rank by rank where the rank
 * comes first, and only as far as the page: at 100,000 goods a broad keyword matches tens of thousands of goods,
 * which the general loop would each test and rank.
 */
function keywordPage(index: GoodsIndex, q: IndexQuery, termIds: number[], rankOf: Int8Array, byNumber: Int32Array): { ids: number[]; total: number } {
  const view = index.views[q.order];
  const column = q.terms!.column;
  const postings = column === 'sccj' ? view.bySccj : view.byName;
  const termColumn = column === 'sccj' ? view.sccj : view.name;
  const hidden = q.special ? 0 : Flag.kx;
  const visible = (i: number) => (view.flags[i] & hidden) === 0;
  let total = 0;
  for (const t of termIds) total += visibleOfTerm(index, column, t, hidden);
  // Goods found by their number only (their name matched nothing), ranked after every name.
  const numbered = byNumber.filter((i) => rankOf[termColumn[i]] < 0 && visible(i)).sort();
  total += numbered.length;
  const want = q.offset + q.limit;
  const slices = (rank: number | null) => {
    const out: Int32Array[] = [];
    for (const t of termIds)
      if (t < postings.start.length - 1 && (rank === null || rankOf[t] === rank)) out.push(postings.at.subarray(postings.start[t], postings.start[t + 1]));
    if ((rank === null || rank === NUMBER_RANK) && numbered.length) out.push(numbered);
    return out;
  };
  const page: number[] = [];
  if (q.rankFirst) {
    for (let rank = 0; rank <= NUMBER_RANK && page.length < want; rank++) mergeAscending(slices(rank), visible, want - page.length, (i) => page.push(i));
  } else {
    // The order asked for, and among goods alike in it the best-matching names first (as pageOf orders them).
    const key = sortKey(view, q.order);
    const rankAt = (i: number) => (rankOf[termColumn[i]] >= 0 ? rankOf[termColumn[i]] : NUMBER_RANK);
    let group: number[] = [];
    const flush = () => {
      if (group.length > 1) group.sort((a, b) => rankAt(a) - rankAt(b));
      page.push(...group);
      group = [];
    };
    mergeAscending(slices(null), visible, Infinity, (i) => {
      if (group.length && key(group[0]) !== key(i)) {
        flush();
        if (page.length >= want) return false;
      }
      group.push(i);
      return true;
    });
    flush();
  }
  return { ids: page.slice(q.offset, want).map((i) => view.id[i]), total };
}

/**
 * Merges ascending lists of positions, visiting each that `keep` passes in ascending order, until `most` are
 * visited or `visit` answers false.
 */
function mergeAscending(lists: Int32Array[], keep: (i: number) => boolean, most: number, visit: (i: number) => unknown) {
  const at = new Int32Array(lists.length);
  let visited = 0;
  while (visited < most) {
    let best = -1;
    for (let k = 0; k < lists.length; k++) if (at[k] < lists[k].length && (best < 0 || lists[k][at[k]] < lists[best][at[best]])) best = k;
    if (best < 0) return;
    const i = lists[best][at[best]++];
    if (!keep(i)) continue;
    visited++;
    if (visit(i) === false) return;
  }
}

/** A name's (or manufacturer's) goods the viewer may see, counted once per index. */
function visibleOfTerm(index: GoodsIndex, column: 'name' | 'sccj', term: number, hidden: number): number {
  const key = `${column}${hidden}:${term}`;
  let n = index.termCounts.get(key);
  if (n === undefined) {
    const view = index.views.salesDesc;
    const p = column === 'sccj' ? view.bySccj : view.byName;
    n = 0;
    if (term < p.start.length - 1) for (let j = p.start[term]; j < p.start[term + 1]; j++) if ((view.flags[p.at[j]] & hidden) === 0) n++;
    index.termCounts.set(key, n);
  }
  return n;
}

/**
 * How many goods pass the query's filters (its categories, brand, prescription class, zones, stock, price and
 * what the viewer may see), by bit sets over the positions of the price order: the price range is a run of
 * positions there, and every other filter one set to AND, made from its postings or column on first use and kept
 * with the index. Some 3,000 words at 100,000 goods, where the loop of pageOf tested each goods up to the cap.
 */
function countBits(index: GoodsIndex, q: IndexQuery, cflId: number): number {
  const view = index.views.priceAsc;
  const size = index.size;
  const words = (size >>> 5) + 1;
  const kept = (key: string, make: () => Uint32Array) => {
    let bits = index.bits.get(key);
    if (!bits) index.bits.set(key, (bits = make()));
    return bits;
  };
  const fromPostings = (p: Postings, k: number) => () => {
    const bits = new Uint32Array(words);
    if (k >= 0 && k < p.start.length - 1) for (let j = p.start[k]; j < p.start[k + 1]; j++) bits[p.at[j] >>> 5] |= 1 << (p.at[j] & 31);
    return bits;
  };
  const fromColumn = (test: (i: number) => boolean) => () => {
    const bits = new Uint32Array(words);
    for (let i = 0; i < size; i++) if (test(i)) bits[i >>> 5] |= 1 << (i & 31);
    return bits;
  };
  // The price range: the positions from the first price at or above the least to the last at or below the most.
  const firstAtLeast = (price: number) => {
    let lo = 0;
    let hi = size;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if (view.price[mid] < price) lo = mid + 1;
      else hi = mid;
    }
    return lo;
  };
  const from = q.priceMin === null ? 0 : firstAtLeast(q.priceMin);
  const to = q.priceMax === null ? size : firstAtLeast(q.priceMax + 1);
  if (from >= to) return 0;
  const acc = new Uint32Array(words);
  if (q.categories === null) acc.fill(0xffffffff);
  else for (const c of q.categories) orInto(acc, kept(`c${c}`, fromPostings(view.byCategory, c)));
  if (!q.special)
    andInto(
      acc,
      kept(
        'visible',
        fromColumn((i) => (view.flags[i] & Flag.kx) === 0),
      ),
    );
  for (let k = 0; k < 6; k++) if (q.flags & (1 << k)) andInto(acc, kept(`f${k}`, fromPostings(view.byFlag, k)));
  if (q.inStock)
    andInto(
      acc,
      kept(
        'stock',
        fromColumn((i) => view.stock[i] > 0),
      ),
    );
  if (q.brand !== null) andInto(acc, kept(`b${q.brand}`, fromPostings(view.byBrand, q.brand)));
  if (cflId !== -1) andInto(acc, kept(`p${cflId}`, fromPostings(view.byCfl, cflId)));
  // Only the positions of the price range count.
  acc.fill(0, 0, from >>> 5);
  if (from & 31) acc[from >>> 5] &= ~0 << (from & 31);
  if (to & 31) acc[to >>> 5] &= ~(~0 << (to & 31));
  acc.fill(0, (to >>> 5) + (to & 31 ? 1 : 0));
  let count = 0;
  for (let w = 0; w < words; w++) {
    let v = acc[w];
    v -= (v >>> 1) & 0x55555555;
    v = (v & 0x33333333) + ((v >>> 2) & 0x33333333);
    count += (((v + (v >>> 4)) & 0x0f0f0f0f) * 0x01010101) >>> 24;
  }
  return count;
}

function orInto(acc: Uint32Array, bits: Uint32Array) {
  for (let w = 0; w < acc.length; w++) acc[w] |= bits[w];
}

function andInto(acc: Uint32Array, bits: Uint32Array) {
  for (let w = 0; w < acc.length; w++) acc[w] &= bits[w];
}

/** A bit for each of `ids` by its position in `view`; ids not on sale (not in the index) are left out. */
function positionBits(index: GoodsIndex, view: Ordered, ids: readonly number[]): Uint32Array {
  const bits = new Uint32Array((index.size >>> 5) + 1);
  const byId = index.numberIds;
  for (const goodsId of ids) {
    let lo = 0;
    let hi = byId.length - 1;
    while (lo <= hi) {
      const mid = (lo + hi) >>> 1;
      if (byId[mid] < goodsId) lo = mid + 1;
      else if (byId[mid] > goodsId) hi = mid - 1;
      else {
        const i = view.positionOf[mid];
        bits[i >>> 5] |= 1 << (i & 31);
        break;
      }
    }
  }
  return bits;
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
