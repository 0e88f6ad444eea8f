/**
 * What a keyword finds in the list index, and how well: its names (or manufacturers) ranked 0-3 as terms.ts ranks
 * them, then the goods whose generic or trade name holds it (4), whose approval number holds it (5), whose
 * category is named with it (6) and whose indications hold it (7); a goods found several ways takes its best
 * rank (docs/decisions/032-search-beyond-names.md). Each way is a set of postings in the order asked for, so a
 * page is read by merging them as far as the page.
 */
import type { GoodsIndex, IndexQuery, OtherFinds } from './list-index.js';
import type { Ordered, Postings } from './list-index-build.js';

export const Rank = { alias: 4, number: 5, category: 6, indication: 7 } as const;
/** One past the lowest rank. */
export const RANKS = 8;

/** Categories and indications are searched for keywords of this many characters or more (one character finds too much). */
const LONG_ENOUGH = 2;

/** How many keywords' other finds an index keeps: each is a pass over the distinct generic names, trade names and indications. */
const OTHER_FINDS_KEPT = 2_000;

const NONE: OtherFinds = { aliases: [], categories: [], indications: [] };

/** The distinct generic and trade names and indications of an index, by text id, worked out once per index. */
const distinctTexts = new WeakMap<GoodsIndex, { aliases: number[]; indications: number[] }>();

function textsOf(index: GoodsIndex) {
  let known = distinctTexts.get(index);
  if (!known) {
    const view = index.views.salesDesc;
    known = { aliases: [...new Set([...keysOf(view.byTym), ...keysOf(view.bySpm)])], indications: keysOf(view.byGnzz) };
    distinctTexts.set(index, known);
  }
  return known;
}

/** The keys that have postings. */
function keysOf(p: Postings): number[] {
  const keys: number[] = [];
  for (let k = 0; k < p.start.length - 1; k++) if (p.start[k + 1] > p.start[k]) keys.push(k);
  return keys;
}

/**
 * What a drug-name keyword finds besides names: the generic and trade names and the indications that hold it (case
 * aside), and the categories named with it with every category under them. `categories` is the whole tree.
 */
export function otherFinds(index: GoodsIndex, keyword: string, categories: readonly { id: number; parentId: number; name: string }[]): OtherFinds {
  const k = keyword.trim().toLowerCase();
  if (!k) return NONE;
  const known = index.otherFinds.get(k);
  if (known) return known;
  const { aliases, indications } = textsOf(index);
  const holding = (ids: number[]) => ids.map((t) => index.textOf[t]).filter((text) => text.toLowerCase().includes(k));
  const long = [...k].length >= LONG_ENOUGH;
  const found: OtherFinds = {
    aliases: holding(aliases),
    categories: long
      ? withDescendants(
          categories,
          categories.filter((c) => c.name.toLowerCase().includes(k)).map((c) => c.id),
        )
      : [],
    indications: long ? holding(indications) : [],
  };
  if (index.otherFinds.size >= OTHER_FINDS_KEPT) index.otherFinds.clear();
  index.otherFinds.set(k, found);
  return found;
}

function withDescendants(categories: readonly { id: number; parentId: number }[], ids: number[]): number[] {
  const out = [...ids];
  const seen = new Set(ids);
  for (let i = 0; i < out.length; i++)
    for (const c of categories)
      if (c.parentId === out[i] && !seen.has(c.id)) {
        seen.add(c.id);
        out.push(c.id);
      }
  return out.sort((a, b) => a - b);
}

/** One way a keyword finds goods: positions ascending in the view, all of one rank. */
type Slice = { at: Int32Array; rank: number };

export type KeywordFind = {
  /** Every way the keyword finds goods in this view. */
  slices: Slice[];
  /** A goods' best rank, -1 when the keyword does not find it. */
  rankAt: (i: number) => number;
  /** Only names find goods (and approval numbers, of goods no name finds): the names' counts add up. */
  namesOnly: boolean;
};

/**
 * How the query's keyword finds goods in `view`. `byNumber`: the positions of the goods whose approval number holds
 * it, ascending.
 */
export function keywordFind(index: GoodsIndex, view: Ordered, q: IndexQuery, byNumber: Int32Array | null): KeywordFind {
  const slices: Slice[] = [];
  const column = q.terms?.column === 'sccj' ? view.sccj : view.name;
  const postings = q.terms?.column === 'sccj' ? view.bySccj : view.byName;
  // Ranks by text id: a name's rank, and whether a text is a found generic or trade name or indication.
  const nameRank = new Int8Array(q.terms ? index.text.size : 0).fill(-1);
  for (const t of q.terms?.ranked ?? []) {
    const at = index.text.get(t.term);
    if (at === undefined || nameRank[at] >= 0) continue;
    nameRank[at] = t.rank;
    if (at < postings.start.length - 1) slices.push({ at: postings.at.subarray(postings.start[at], postings.start[at + 1]), rank: t.rank });
  }
  const others = q.others ?? NONE;
  const textSet = (texts: string[], rank: number, ...lists: Postings[]) => {
    if (!texts.length) return null;
    const set = new Uint8Array(index.text.size);
    for (const text of texts) {
      const at = index.text.get(text);
      if (at === undefined) continue;
      set[at] = 1;
      for (const p of lists)
        if (at < p.start.length - 1 && p.start[at + 1] > p.start[at]) slices.push({ at: p.at.subarray(p.start[at], p.start[at + 1]), rank });
    }
    return set;
  };
  const aliasSet = textSet(others.aliases, Rank.alias, view.byTym, view.bySpm);
  const numberBits = byNumber === null ? null : new Uint32Array((index.size >>> 5) + 1);
  if (byNumber !== null && byNumber.length) {
    for (const i of byNumber) numberBits![i >>> 5] |= 1 << (i & 31);
    slices.push({ at: byNumber, rank: Rank.number });
  }
  let categorySet: Uint8Array | null = null;
  if (others.categories.length) {
    categorySet = new Uint8Array(Math.max(...others.categories) + 1);
    for (const c of others.categories) {
      categorySet[c] = 1;
      const p = view.byCategory;
      if (c < p.start.length - 1 && p.start[c + 1] > p.start[c]) slices.push({ at: p.at.subarray(p.start[c], p.start[c + 1]), rank: Rank.category });
    }
  }
  const indicationSet = textSet(others.indications, Rank.indication, view.byGnzz);
  const { tym, spm, gnzz, category } = view;
  const rankAt = (i: number): number => {
    const named = nameRank.length ? nameRank[column[i]] : -1;
    if (named >= 0) return named;
    if (aliasSet !== null && ((tym[i] >= 0 && aliasSet[tym[i]] === 1) || (spm[i] >= 0 && aliasSet[spm[i]] === 1))) return Rank.alias;
    if (numberBits !== null && (numberBits[i >>> 5] & (1 << (i & 31))) !== 0) return Rank.number;
    if (categorySet !== null && categorySet[category[i]] === 1) return Rank.category;
    if (indicationSet !== null && gnzz[i] >= 0 && indicationSet[gnzz[i]] === 1) return Rank.indication;
    return -1;
  };
  return { slices, rankAt, namesOnly: aliasSet === null && categorySet === null && indicationSet === null };
}

/**
 * The goods the slices hold that `keep` passes, each once and ascending, until `most` are visited or `visit`
 * answers false. A few slices are merged as they go (a page needs only their first goods); many are first
 * gathered into a bit set.
 */
export function visitFound(slices: Int32Array[], size: number, keep: (i: number) => boolean, most: number, visit: (i: number) => unknown) {
  let visited = 0;
  if (slices.length > MERGED_AT_MOST) {
    const bits = new Uint32Array((size >>> 5) + 1);
    for (const s of slices) for (let j = 0; j < s.length; j++) bits[s[j] >>> 5] |= 1 << (s[j] & 31);
    for (let w = 0; w < bits.length && visited < most; w++)
      for (let b = bits[w]; b !== 0 && visited < most; b &= b - 1) {
        const i = (w << 5) + 31 - Math.clz32(b & -b);
        if (!keep(i)) continue;
        visited++;
        if (visit(i) === false) return;
      }
    return;
  }
  const at = new Int32Array(slices.length);
  let last = -1;
  while (visited < most) {
    let best = -1;
    for (let k = 0; k < slices.length; k++) if (at[k] < slices[k].length && (best < 0 || slices[k][at[k]] < slices[best][at[best]])) best = k;
    if (best < 0) return;
    const i = slices[best][at[best]++];
    if (i === last || !keep(i)) continue;
    last = i;
    visited++;
    if (visit(i) === false) return;
  }
}

/** Slices merged one goods at a time up to this many; more are gathered into a bit set first. */
const MERGED_AT_MOST = 8;

/** How many goods the slices hold that `keep` passes, each counted once. */
export function countFound(slices: Int32Array[], size: number, keep: (i: number) => boolean): number {
  const bits = new Uint32Array((size >>> 5) + 1);
  let n = 0;
  for (const s of slices)
    for (let j = 0; j < s.length; j++) {
      const i = s[j];
      const word = i >>> 5;
      const bit = 1 << (i & 31);
      if ((bits[word] & bit) !== 0) continue;
      bits[word] |= bit;
      if (keep(i)) n++;
    }
  return n;
}
