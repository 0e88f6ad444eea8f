/**
 * Search: which goods a keyword finds and how well (terms.ts ranks the names or manufacturers; generic and trade
 * names, approval numbers, categories and indications find goods too, ranked below, list-keyword.ts), and the
 * header's suggestions.
 */
import { inArray, sql, type SQL } from 'drizzle-orm';
import type { Goods } from '../../../core/schemas/goods.js';
import type { Db } from '../../db/client.js';
import { containing } from '../../db/like.js';
import { goods } from '../../db/schema/catalogue.js';
import { goodsView, keptGoodsByIds, NEAR_EXPIRY_DAYS, type GoodsCore } from './goods.js';
import { goodsIndex, type IndexQuery, type OtherFinds } from './list-index.js';
import { otherFinds, Rank, RANKS } from './list-keyword.js';
import { bestOfTerms, pageOf } from './list-page.js';
import { looksLikeApprovalNumber, matchTerms, type RankedTerm } from './terms.js';
import { catalogueTree } from './taxonomy.js';
import type { Viewer } from './viewer.js';

/** The header offers at most this many suggestions. */
const SUGGESTION_LIMIT = 10;

/** At most this many matching terms take part in a result list (the rest rank too low to be seen). */
const MAX_TERMS = 300;

/**
 * Which goods a keyword finds and how well (terms.ts ranks the names or manufacturers); for drug names an
 * approval number is looked up too. `none`: the keyword matches nothing.
 */
export async function keywordCondition(db: Db, keyword: string, type: 1 | 2): Promise<KeywordMatch | 'none' | null> {
  const k = keyword.trim();
  if (!k) return null;
  const terms = (await matchTerms(db, k, type)).slice(0, MAX_TERMS);
  const byNumber = type === 1 && looksLikeApprovalNumber(k);
  const others = type === 1 ? otherFinds(await goodsIndex(db, NEAR_EXPIRY_DAYS), k, (await catalogueTree(db)).cats) : null;
  const anyOther = others !== null && (others.aliases.length > 0 || others.categories.length > 0 || others.indications.length > 0);
  if (!terms.length && !byNumber && !anyOther) return 'none';
  const column = type === 1 ? goods.name : goods.sccj;
  // The ways a keyword finds goods, each with its rank (list-keyword.ts): as conditions for the lists worked out
  // in the database (the filter options, and the tests' answers). They are built only there: the list index needs
  // the terms and texts alone, and 300 terms make a long statement.
  const ways = (): { rank: number; where: SQL }[] => {
    const out: { rank: number; where: SQL }[] = [];
    for (const rank of [0, 1, 2, 3]) {
      const names = terms.filter((t) => t.rank === rank).map((t) => t.term);
      if (names.length) out.push({ rank, where: inArray(column, names) });
    }
    if (others?.aliases.length)
      out.push({
        rank: Rank.alias,
        where: sql`((${inArray(goods.tym, others.aliases)} and ${goods.tym} <> ${goods.name}) or ${inArray(goods.spm, others.aliases)})`,
      });
    if (byNumber) out.push({ rank: Rank.number, where: sql`${goods.pzwh} ilike ${containing(k)}` });
    if (others?.categories.length) out.push({ rank: Rank.category, where: inArray(goods.categoryId, others.categories) });
    if (others?.indications.length) out.push({ rank: Rank.indication, where: inArray(goods.gnzz, others.indications) });
    return out;
  };
  return {
    get where() {
      const parts = ways().map((w) => w.where);
      return parts.length === 1 ? parts[0] : sql`(${sql.join(parts, sql` or `)})`;
    },
    get rank() {
      const ranked = ways();
      return ranked.length > 1
        ? sql`case ${sql.join(
            ranked.map((w) => sql`when ${w.where} then ${sql.raw(String(w.rank))}`),
            sql` `,
          )} else ${sql.raw(String(RANKS))} end`
        : null;
    },
    terms,
    others: anyOther ? others : null,
    number: byNumber ? k : null,
    column: type === 1 ? 'name' : 'sccj',
  };
}

export type KeywordMatch = {
  where: SQL;
  /** How well the keyword finds a goods (0 best), or null when it finds goods one way only: nothing to rank. */
  rank: SQL | null;
  /** The matching names (or manufacturers), best first. */
  terms: RankedTerm[];
  /** What a drug-name keyword finds besides names, null for nothing. */
  others: OtherFinds | null;
  /** The keyword, when it may be a part of an approval number: goods whose number holds it match too. */
  number: string | null;
  column: 'name' | 'sccj';
};

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
  if (type === 1 && rows.length < SUGGESTION_LIMIT) {
    // Then goods whose trade or generic name holds the keyword (芬必得, 新康泰克): names first, these next.
    const index = await goodsIndex(db, NEAR_EXPIRY_DAYS);
    const { aliases } = otherFinds(index, k, (await catalogueTree(db)).cats);
    const seen = new Set(rows.map((r) => r.id));
    const more = [
      ...bestOfTerms(index, 'spm', aliases, viewer.special, SUGGESTION_LIMIT),
      ...bestOfTerms(index, 'tym', aliases, viewer.special, SUGGESTION_LIMIT),
    ]
      .filter((id) => !seen.has(id) && (seen.add(id), true))
      .slice(0, SUGGESTION_LIMIT - rows.length);
    const byAlias = await keptGoodsByIds(db, more);
    byAlias.sort((a, b) => more.indexOf(a.id) - more.indexOf(b.id));
    rows.push(...byAlias);
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
    others: null,
    number: null,
    rankFirst: false,
    among: null,
    offset: 0,
    limit: 0,
  };
}
