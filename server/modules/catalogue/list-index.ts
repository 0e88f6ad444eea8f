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
 * (list-index-build.ts), so that renewing it never holds up the requests this thread serves; a list page is read
 * from it in list-page.ts.
 */
import { Worker } from 'node:worker_threads';
import { sql, type SQL } from 'drizzle-orm';
import { chinaToday } from '../../../core/schemas/admin-goods.js';
import type { Db } from '../../db/client.js';
import { goods } from '../../db/schema/catalogue.js';
import { answersDropped, cachedResult, forgetResult, keptRecords } from '../../http/cache.js';
import { composeIndex, Flag, TEXT_SEPARATOR, type ColumnTexts, type IndexParts, type VolatileTexts } from './list-index-build.js';
import { hasNearBatches, nearListing, nearOfferJson } from './near-offers.js';
import { nearRateOf } from './near-rate.js';
import { anyId } from '../../db/params.js';
import { siteSettings } from '../settings/index.js';
import type { RankedTerm } from './terms.js';

/**
 * What a keyword finds besides names, ranked below them (docs/decisions/032-search-beyond-names.md): generic and
 * trade names holding it, categories named with it (with everything under them), indications holding it.
 */
export type OtherFinds = { aliases: string[]; categories: number[]; indications: string[] };

const TTL_MS = 30_000;

export type GoodsIndex = Omit<IndexParts, 'texts'> & {
  /** Interned texts: names, manufacturers, prescription classes, generic and trade names and indications share one table. */
  text: Map<string, number>;
  /** The interned texts by id. */
  textOf: string[];
  /** What a keyword finds besides names (`otherFinds`), by keyword, for this index's life. */
  otherFinds: Map<string, OtherFinds>;
  /** `numberMatches` by fragment, for this index's life: buyers ask for the same numbers. */
  numberFinds: Map<string, Int32Array>;
  /** The bit sets a count is worked out with (`countBits`), made on first use, for this index's life. */
  bits: Map<string, Uint32Array>;
  /** The goods of each name or manufacturer a viewer may see (`visibleOfTerm`), counted on first use. */
  termCounts: Map<string, number>;
};

export { Flag };

const INDEX_KEY = ['goods-list-index'];

const builtAt = new WeakMap<Db, number>();

/** The index of the goods on sale, kept like a shared answer. */
export function goodsIndex(db: Db, nearExpiryDays: number): Promise<GoodsIndex> {
  return cachedResult(
    db,
    INDEX_KEY,
    async () => {
      const began = Date.now();
      const index = await renewGoodsIndex(db, nearExpiryDays);
      builtAt.set(db, began);
      return index;
    },
    TTL_MS,
  );
}

/**
 * When the latest index of `db` began to be read (milliseconds since the epoch), or null before the first: a list
 * shows the goods as they were then. Its age is a metric (http/metrics.ts), read when it is scraped.
 */
export const goodsIndexBuiltAt = (db: Db): number | null => builtAt.get(db) ?? null;

/**
 * Drops the kept index alone, as its age does (renewed once 15 s old): the next list renews it from what moves
 * since the last whole reading, as it does after orders. For the tests, which wait for no clock.
 */
export const forgetGoodsIndex = (db: Db) => forgetResult(db, INDEX_KEY);

/**
 * Goods read per statement when the index is built: on PGlite's one connection, other requests' statements go
 * in between (at 100,000 goods a statement of 2,000 holds it some 15 ms, one of 5,000 some 35 ms).
 */
const BUILD_CHUNK = 2_000;

/** Near offers read per statement when the index is renewed: each some 10 ms at 1,000 on PostgreSQL. */
const OFFERS_CHUNK = 1_000;

/**
 * The last index read whole, and the worker's copy of its columns (`generation`): a renewal reads only what
 * changes without a console write (sales, stock, the near-expiry zone's offers) and lays the orders out again
 * from that copy. Kept with the shared answers, so a console write, which drops them, makes the next index a
 * whole reading; and read whole at least this often, and on a new day (the near-expiry flag counts days).
 */
type Whole = {
  index: GoodsIndex;
  generation: number;
  day: string;
  nearExpiryDays: number;
  rate: number;
  /**
   * The goods with near batches, whether or not they hold free units: only their near offers move without a
   * console write (orders take near units, give-backs free them); a batch enters the zone's range on a new day,
   * and is released or locked by a console write, which both read the index whole.
   */
  nearIds: number[];
};
const WHOLE_EVERY_MS = 5 * 60_000;
const wholeReading = (db: Db) => keptRecords<Whole>(db, 'goods-list-index-whole', 1, WHOLE_EVERY_MS);
const chinaDay = () => new Date(Date.now() + 8 * 3_600_000).toISOString().slice(0, 10);

export async function renewGoodsIndex(db: Db, nearExpiryDays: number): Promise<GoodsIndex> {
  const epoch = answersDropped(db);
  const day = chinaDay();
  const rate = nearRateOf(await siteSettings(db));
  const last = wholeReading(db).get(0);
  if (last && last.day === day && last.nearExpiryDays === nearExpiryDays && last.rate === rate) {
    const renewed = await renewFromVolatile(db, last);
    if (renewed) return renewed;
  }
  const { index, generation, nearIds } = await readGoodsIndex(db, nearExpiryDays, BUILD_CHUNK, rate);
  if (generation !== null && answersDropped(db) === epoch) wholeReading(db).set(0, { index, generation, day, nearExpiryDays, rate, nearIds });
  return index;
}

/**
 * The index of `last`'s goods with what moves read now (sales, stock, the near offers of the goods with near
 * batches), or null when the goods on sale changed (or the worker no longer holds `last`'s columns): then it is
 * read whole.
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
  // The near offers of the goods that had near batches, a probe of goods_batches_fefo_idx each: a few in a hundred
  // goods, where probing every goods took the renewal's statements twice as long.
  const today = chinaToday();
  const offers: string[] = [];
  for (let from = 0; from < last.nearIds.length; from += OFFERS_CHUNK) {
    const result = (await db.execute(sql`
      select coalesce(json_agg(${nearOfferJson('g', today, last.rate)} order by g.id), '[]')::text as offers
      from ${goods} g where ${anyId(sql`g.id`, last.nearIds.slice(from, from + OFFERS_CHUNK))}`)) as unknown as { rows: { offers: string }[] };
    offers.push(result.rows[0].offers);
  }
  const parts = await job.renew(last.generation, offers);
  if (!parts) return null;
  const { texts: _, ...arrays } = parts;
  return { ...arrays, text: last.index.text, textOf: last.index.textOf, otherFinds: new Map(), numberFinds: new Map(), bits: new Map(), termCounts: new Map() };
}

/** The index read whole from the database (exported for the test of reading in chunks). */
export async function buildGoodsIndex(db: Db, nearExpiryDays: number, chunk = BUILD_CHUNK): Promise<GoodsIndex> {
  return (await readGoodsIndex(db, nearExpiryDays, chunk, nearRateOf(await siteSettings(db)))).index;
}

/**
 * The index read from the database `chunk` goods at a time. The columns come as JSON text, which the worker
 * parses and puts together; this thread only reads and then fills the table of texts, a slice at a time. The
 * generation names the worker's copy of the columns, null when the index was put together on this thread.
 */
async function readGoodsIndex(
  db: Db,
  nearExpiryDays: number,
  chunk: number,
  rate: number,
): Promise<{ index: GoodsIndex; generation: number | null; nearIds: number[] }> {
  // The near-expiry zone: near-expiry listings, and goods with near batches to sell at their near offers. Whether
  // a goods has near batches is one probe of goods_batches_fefo_idx; only those that have read their offer.
  const today = chinaToday();
  const nearIds: number[] = [];
  // Each statement answers one row holding each column of `chunk` goods as a JSON array, in id order: a few
  // texts to hand over rather than thousands of row objects.
  const read = async (after: number) => {
    const part = sql`(select id, name, sccj, cfl, tym, spm, gnzz, category_id, brand_id, base_price, sales, number, created_at, is_kx, is_free_shipping, is_zy, is_qx, is_youx, xq, min_shelf_days, pzwh
      from ${goods} where ${goods.isOnSale} and ${goods.id} > ${after} order by ${goods.id} limit ${chunk}) g`;
    const column = (expression: SQL) => sql`coalesce(json_agg(${expression} order by g.id), '[]')::text`;
    const result = (await db.execute(sql`
      select count(*)::int as n, coalesce(max(g.id), 0)::int as last,
        ${column(sql`g.id`)} as id, ${column(sql`g.name`)} as name, ${column(sql`g.sccj`)} as sccj, ${column(sql`g.cfl`)} as cfl,
        ${column(sql`case when g.tym = g.name then '' else g.tym end`)} as tym, ${column(sql`g.spm`)} as spm, ${column(sql`g.gnzz`)} as gnzz,
        ${column(sql`g.category_id`)} as category, ${column(sql`coalesce(g.brand_id, -1)`)} as brand, ${column(sql`g.base_price`)} as price,
        ${column(sql`g.sales`)} as sales, ${column(sql`g.number`)} as stock, ${column(sql`extract(epoch from g.created_at)::float8`)} as created,
        ${column(sql`(g.is_kx::int * ${Flag.kx}) | (g.is_free_shipping::int * ${Flag.freeShipping}) | (g.is_zy::int * ${Flag.zy})
          | (g.is_qx::int * ${Flag.qx}) | (g.is_youx::int * ${Flag.youx}) | (${nearListing('g', today, nearExpiryDays)}::int * ${Flag.nearExpiry})`)} as flags,
        ${column(sql`g.pzwh`)} as pzwh,
        coalesce(json_agg(${nearOfferJson('g', today, rate)} order by g.id) filter (where ${hasNearBatches('g', today)}), '[]')::text as zone
      from ${part}`)) as unknown as { rows: (ColumnTexts & { n: number; last: number })[] };
    const { n, last, ...columns } = result.rows[0];
    // The goods with near batches, whose offers a renewal reads again: a few dozen a statement.
    for (const [id] of JSON.parse(columns.zone) as [number][]) nearIds.push(id);
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
  return {
    index: { ...arrays, text, textOf: names, otherFinds: new Map(), numberFinds: new Map(), bits: new Map(), termCounts: new Map() },
    generation,
    nearIds,
  };
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
    async renew(generation: number, offers: string[]): Promise<IndexParts | null> {
      try {
        indexWorker().postMessage({ job, renew: generation, offers });
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
  /** What a drug-name keyword finds besides names: generic and trade names, categories, indications. */
  others: OtherFinds | null;
  /** A part of an approval number: goods whose number holds it match too, ranked after every name (rank 4). */
  number: string | null;
  /** The rank comes first (the default order of a keyword list) rather than after the sort asked for. */
  rankFirst: boolean;
  /** Only these goods (an activity's), by id; null for every goods. */
  among: readonly number[] | null;
  offset: number;
  limit: number;
};
