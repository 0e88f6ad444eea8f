/**
 * Search terms: the distinct drug names and manufacturers (the `goods_terms` view), held in memory and
 * matched against a keyword here, so that one- and two-character Chinese, pinyin and initials all cost the
 * same whatever the size of the catalogue. The goods of the matching terms are then read by index.
 */
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { goodsTerms } from '../../db/schema/catalogue.js';
import { cachedResult, clearKeptAnswers } from '../../http/cache.js';

export type Term = { kind: 1 | 2; term: string; lower: string; py: string; szm: string; sales: number };
/** 0 the exact name, 1 a name starting with the keyword, 2 pinyin or initials starting with it, 3 anywhere. */
type Rank = 0 | 1 | 2 | 3;
export type RankedTerm = { term: string; rank: Rank };

const TTL_MS = 60_000;

/** The terms, kept with the shared answers (cache.ts): writing goods drops them with the rest. */
export function loadTerms(db: Db): Promise<Term[]> {
  return cachedResult(
    db,
    ['goods-terms'],
    async () =>
      (await db.select().from(goodsTerms)).map((r) => ({
        kind: r.kind as 1 | 2,
        term: r.term,
        lower: r.term.toLowerCase(),
        py: r.py,
        szm: r.szm,
        sales: r.sales,
      })),
    TTL_MS,
  );
}

/** Rebuilds the terms after goods were written (seed, import, an operator's edit) and drops the answers made from the old ones. */
export async function refreshGoodsTerms(db: Db) {
  await db.execute(sql`refresh materialized view goods_terms`);
  clearKeptAnswers(db);
}

/** Pinyin columns hold lower-case letters and digits only; a keyword is compared the same way. */
export const asPinyin = (s: string) => s.toLowerCase().replace(/[^a-z0-9]/g, '');

export function rankTerms(terms: Term[], keyword: string, kind: 1 | 2): RankedTerm[] {
  const k = keyword.trim().toLowerCase();
  if (!k) return [];
  const py = asPinyin(k);
  const ranked: (RankedTerm & { sales: number })[] = [];
  for (const t of terms) {
    if (t.kind !== kind) continue;
    let rank: Rank | null = null;
    if (t.lower === k) rank = 0;
    else if (t.lower.startsWith(k)) rank = 1;
    else if (py && (t.szm.startsWith(py) || t.py.startsWith(py))) rank = 2;
    else if (t.lower.includes(k) || (py && (t.szm.includes(py) || t.py.includes(py)))) rank = 3;
    if (rank !== null) ranked.push({ term: t.term, rank, sales: t.sales });
  }
  ranked.sort((a, b) => a.rank - b.rank || b.sales - a.sales || a.term.localeCompare(b.term, 'zh-CN'));
  return ranked.map(({ term, rank }) => ({ term, rank }));
}

export async function matchTerms(db: Db, keyword: string, kind: 1 | 2): Promise<RankedTerm[]> {
  return rankTerms(await loadTerms(db), keyword, kind);
}

/** Approval numbers are typed long (国药准字H13023964, H1302…): shorter keywords are not looked up there. */
export const looksLikeApprovalNumber = (k: string) => k.trim().length >= 4 && /\d/.test(k);
