/** A list page read from the list index (list-index.ts), the header's suggestions, and approval numbers found in it. */
import { ascending, countBits, positionBits, sizeOf, union } from './list-bits.js';
import { Flag, type GoodsIndex, type IndexQuery } from './list-index.js';
import type { Postings, View } from './list-index-build.js';
import { countFound, keywordFind, Rank, RANKS, visitFound, type KeywordFind } from './list-keyword.js';

/**
 * The ids of one page of a list and how many goods match in all, counted up to `cap + 1`: once the page is
 * found and more than `cap` goods match, the pass stops (the list says 10,000+).
 */
export function pageOf(index: GoodsIndex, q: IndexQuery, cap: number): { ids: number[]; total: number } {
  // The near-expiry zone sells its goods at their near offers: its price sort, price range and in-stock filter
  // read the zone's columns, and its price sort is the zone's own order of the view by sales.
  const zone = (q.flags & Flag.nearExpiry) !== 0;
  const zoneOrder = !zone ? null : q.order === 'priceAsc' ? index.zoneAsc : q.order === 'priceDesc' ? index.zoneDesc : null;
  const view = index.views[zoneOrder === null ? q.order : 'salesDesc'];
  const { flags, category, brand, cfl, sccj, id } = view;
  const stock = zone ? view.zoneStock : view.stock;
  const price = zone ? view.zonePrice : view.price;
  // Goods found by their approval number, by position in this order, ascending.
  const byNumber =
    q.number === null
      ? null
      : numberMatches(index, q.number)
          .map((k) => view.positionOf[k])
          .sort();
  const keyword = q.terms !== null || byNumber !== null || q.others !== null;
  const found = keyword ? keywordFind(index, view, q, byNumber) : null;
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
  // A keyword alone (the search box's list): counted from what it finds and paged by merging its postings.
  if (
    found !== null &&
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
    return keywordPage(index, q, found);
  // An activity's goods: a bit each by position in this order, and those positions ascending.
  const amongBits = q.among === null ? null : positionBits(index, view, q.among);
  const amongPositions = amongBits === null ? null : ascending(amongBits, q.among!.length);
  // The goods to test: the smallest postings the query names (its categories, its brand, what its keyword
  // finds), or every goods of the order; the zone by price, its goods in that order.
  const sources: [Postings, number[]][] = [];
  if (q.categories !== null) sources.push([view.byCategory, [...q.categories]]);
  if (!anyBrand) sources.push([view.byBrand, [brandId]]);
  if (cflId !== -1) sources.push([view.byCfl, [cflId]]);
  // A zone is one flag: its goods' postings.
  if (wanted !== 0 && (wanted & (wanted - 1)) === 0) sources.push([view.byFlag, [31 - Math.clz32(wanted)]]);
  let candidates: Int32Array | null =
    found === null
      ? null
      : allOf(
          found.slices.map((s) => s.at),
          index.size,
        );
  for (const [p, keys] of sources) if (candidates === null || sizeOf(p, keys) < candidates.length) candidates = union(p, keys, index.size);
  if (amongPositions !== null && (candidates === null || amongPositions.length < candidates.length)) candidates = amongPositions;
  if (zoneOrder !== null) candidates = zoneOrder;
  const n = candidates === null ? index.size : candidates.length;
  // Without a keyword, a manufacturer or an activity, the matches are counted with bit sets (countBits); the
  // loop below then only finds the page. The bit sets' stock and price are the goods' own: the zone's in-stock
  // filter and price range are counted by the loop, over the zone's goods.
  const zoneFiltered = zone && (inStock || q.priceMin !== null || q.priceMax !== null);
  const counted = keyword || sccjId !== -1 || amongBits !== null || zoneFiltered ? null : countBits(index, q, cflId);
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
    if (found !== null && found.rankAt(i) < 0) continue;
    matching.push(i);
    // Without a keyword the order is final: stop once the page is in hand and the count is known (counted, or
    // past the cap).
    if (!keyword && matching.length >= q.offset + q.limit && (counted !== null || matching.length > cap)) break;
  }
  if (counted !== null) return { ids: matching.slice(q.offset, q.offset + q.limit).map((i) => id[i]), total: counted };
  let ordered: number[] = matching;
  if (found !== null && q.rankFirst) {
    // The best-found goods first, each rank in the order asked for.
    const byRank: number[][] = Array.from({ length: RANKS }, () => []);
    for (const i of matching) byRank[found.rankAt(i)].push(i);
    ordered = byRank.flat();
  } else if (found !== null) {
    // The order asked for, and among goods alike in it the best-found first.
    const key = sortKey(view, q.order, price);
    ordered = [];
    let from = 0;
    for (let k = 1; k <= matching.length; k++) {
      if (k < matching.length && key(matching[k]) === key(matching[from])) continue;
      const group = matching.slice(from, k);
      if (group.length > 1) group.sort((a, b) => found.rankAt(a) - found.rankAt(b));
      ordered.push(...group);
      from = k;
    }
  }
  return { ids: ordered.slice(q.offset, q.offset + q.limit).map((i) => id[i]), total: ordered.length };
}

/** The positions of every list together, ascending, each once. */
function allOf(lists: Int32Array[], size: number): Int32Array {
  if (lists.length === 1) return lists[0];
  const bits = new Uint32Array((size >>> 5) + 1);
  let total = 0;
  for (const list of lists) {
    for (const i of list) bits[i >>> 5] |= 1 << (i & 31);
    total += list.length;
  }
  return ascending(bits, total);
}

/**
 * A list of a keyword and nothing else: what the search box asks. Where only names find goods its count is the
 * visible goods of each matching name (kept per name with the index; a goods has one name, so none counts twice)
 * and those found by approval number alone; otherwise every way's goods are counted once. Its page is read by
 * merging the ways' postings in the order asked, rank by rank where the rank comes first, and only as far as the
 * page: at 100,000 goods a broad keyword finds tens of thousands of goods, which the general loop would each test
 * and rank.
 */
function keywordPage(index: GoodsIndex, q: IndexQuery, found: KeywordFind): { ids: number[]; total: number } {
  const view = index.views[q.order];
  const hidden = q.special ? 0 : Flag.kx;
  const visible = (i: number) => (view.flags[i] & hidden) === 0;
  const { rankAt, slices } = found;
  let total = 0;
  if (found.namesOnly) {
    const column = q.terms?.column ?? 'name';
    for (const t of new Set((q.terms?.ranked ?? []).map((r) => index.text.get(r.term)))) if (t !== undefined) total += visibleOfTerm(index, column, t, hidden);
    // Goods found by their number only (their name matched nothing).
    for (const s of slices) if (s.rank === Rank.number) for (const i of s.at) if (rankAt(i) === Rank.number && visible(i)) total++;
  } else
    total = countFound(
      slices.map((s) => s.at),
      index.size,
      visible,
    );
  const want = q.offset + q.limit;
  const page: number[] = [];
  if (q.rankFirst) {
    // Rank by rank; a goods found better another way waits for that rank.
    for (let rank = 0; rank < RANKS && page.length < want; rank++) {
      const lists = slices.filter((s) => s.rank === rank).map((s) => s.at);
      if (lists.length)
        visitFound(
          lists,
          index.size,
          (i) => visible(i) && rankAt(i) === rank,
          want - page.length,
          (i) => page.push(i),
        );
    }
  } else {
    // The order asked for, and among goods alike in it the best-found first (as pageOf orders them).
    const key = sortKey(view, q.order, view.price);
    let group: number[] = [];
    const flush = () => {
      if (group.length > 1) group.sort((a, b) => rankAt(a) - rankAt(b));
      page.push(...group);
      group = [];
    };
    visitFound(
      slices.map((s) => s.at),
      index.size,
      visible,
      Infinity,
      (i) => {
        if (group.length && key(group[0]) !== key(i)) {
          flush();
          if (page.length >= want) return false;
        }
        group.push(i);
        return true;
      },
    );
    flush();
  }
  return { ids: page.slice(q.offset, want).map((i) => view.id[i]), total };
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
 * The header's suggestions: the goods of each term in turn, best sellers first (then by id), those the viewer
 * may see, up to `limit` in all.
 */
export function bestOfTerms(index: GoodsIndex, column: 'name' | 'sccj' | 'tym' | 'spm', terms: string[], special: boolean, limit: number): number[] {
  const view = index.views.salesDesc;
  const { start, at } = { name: view.byName, sccj: view.bySccj, tym: view.byTym, spm: view.bySpm }[column];
  const hidden = special ? 0 : Flag.kx;
  const ids: number[] = [];
  for (const term of terms) {
    const key = index.text.get(term);
    if (key === undefined || key >= start.length - 1) continue;
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

/**
 * The value an order sorts on first: goods alike in it are ordered by rank when a keyword ranks them. `price`: the
 * column the price orders sort on (the zone's own in the near-expiry zone).
 */
function sortKey(view: View, order: IndexQuery['order'], price: Int32Array): (i: number) => number {
  switch (order) {
    case 'salesDesc':
    case 'salesAsc':
      return (i) => view.sales[i];
    case 'priceAsc':
    case 'priceDesc':
      return (i) => price[i];
    case 'newest':
      return (i) => view.created[i];
  }
}
