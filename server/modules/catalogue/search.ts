/**
 * Search: which goods a keyword finds and how well (terms.ts ranks the names or manufacturers, and approval
 * numbers match too), and the header's suggestions.
 */
import { inArray, sql, type SQL } from 'drizzle-orm';
import type { Goods } from '../../../core/schemas/goods.js';
import type { Db } from '../../db/client.js';
import { containing } from '../../db/like.js';
import { goods } from '../../db/schema/catalogue.js';
import { goodsView, keptGoodsByIds, NEAR_EXPIRY_DAYS, type GoodsCore } from './goods.js';
import { goodsIndex, type IndexQuery } from './list-index.js';
import { bestOfTerms, pageOf } from './list-page.js';
import { looksLikeApprovalNumber, matchTerms, type RankedTerm } from './terms.js';
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
  if (!terms.length && !byNumber) return 'none';
  const column = type === 1 ? goods.name : goods.sccj;
  // The conditions in SQL are built only for the lists worked out in the database (the filter options, and
  // the tests' answers): the list index needs the terms alone, and 300 terms make a long statement.
  return {
    get where() {
      const parts: SQL[] = [];
      if (terms.length)
        parts.push(
          inArray(
            column,
            terms.map((t) => t.term),
          ),
        );
      if (byNumber) parts.push(sql`${goods.pzwh} ilike ${containing(k)}`);
      return parts.length === 1 ? parts[0] : sql`(${sql.join(parts, sql` or `)})`;
    },
    get rank() {
      const groups = ([0, 1, 2, 3] as const)
        .map((rank) => ({ rank, names: terms.filter((t) => t.rank === rank).map((t) => t.term) }))
        .filter((g) => g.names.length);
      return groups.length
        ? sql`case ${sql.join(
            groups.map((g) => sql`when ${inArray(column, g.names)} then ${sql.raw(String(g.rank))}`),
            sql` `,
          )} else 4 end`
        : null;
    },
    terms,
    number: byNumber ? k : null,
    column: type === 1 ? 'name' : 'sccj',
  };
}

export type KeywordMatch = {
  where: SQL;
  /** How well a goods' name matches (0 best), or null when only approval numbers match: nothing to rank. */
  rank: SQL | null;
  /** The matching names (or manufacturers), best first. */
  terms: RankedTerm[];
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
    number: null,
    rankFirst: false,
    among: null,
    offset: 0,
    limit: 0,
  };
}
