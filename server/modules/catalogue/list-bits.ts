/** Bit sets over the positions of a list index's order: counting a list's matches, and the postings a page reads. */
import { Flag, type GoodsIndex, type IndexQuery } from './list-index.js';
import type { Ordered, Postings } from './list-index-build.js';

/**
 * How many goods pass the query's filters (its categories, brand, prescription class, zones, stock, price and
 * what the viewer may see), by bit sets over the positions of the price order: the price range is a run of
 * positions there, and every other filter one set to AND, made from its postings or column on first use and kept
 * with the index. Some 3,000 words at 100,000 goods, where the loop of pageOf tested each goods up to the cap.
 */
export function countBits(index: GoodsIndex, q: IndexQuery, cflId: number): number {
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
export function positionBits(index: GoodsIndex, view: Ordered, ids: readonly number[]): Uint32Array {
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

export const sizeOf = (p: Postings, keys: number[]) => keys.reduce((sum, k) => sum + (k >= 0 && k < p.start.length - 1 ? p.start[k + 1] - p.start[k] : 0), 0);

/** The positions of every key's goods, ascending (the order of the view). */
export function union(p: Postings, keys: number[], size: number): Int32Array {
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

/** The positions whose bit is set, ascending; at most `most` of them. */
export function ascending(bits: Uint32Array, most: number): Int32Array {
  const out = new Int32Array(most);
  let m = 0;
  for (let w = 0; w < bits.length; w++) for (let b = bits[w]; b !== 0; b &= b - 1) out[m++] = (w << 5) + 31 - Math.clz32(b & -b);
  return out.subarray(0, m);
}
