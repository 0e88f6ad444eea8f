/**
 * Goods found for the lines of a purchase list (purchase-lists, docs/decisions/045-purchase-lists.md), each step
 * one statement for every line at once: the exact codes (approval number, barcode, goods id) on their btree
 * indexes, and the names close to each line's on the trigram indexes, ranked by name, maker and spec.
 */
import { and, eq, inArray, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { goods } from '../../db/schema/catalogue.js';
import { goodsByIds, goodsCore, visible, type GoodsCore } from './goods.js';
import type { Viewer } from './viewer.js';

/** The goods the viewer may see whose approval number, barcode or id is among those given (on sale, 控销 only for special accounts). */
export async function goodsOfCodes(db: Db, viewer: Viewer, codes: { approvals: string[]; barcodes: string[]; ids: number[] }): Promise<GoodsCore[]> {
  const approvals = [...new Set(codes.approvals.filter(Boolean))];
  const barcodes = [...new Set(codes.barcodes.filter(Boolean))];
  const ids = [...new Set(codes.ids)];
  const by = [
    approvals.length ? inArray(goods.pzwh, approvals) : undefined,
    barcodes.length ? inArray(goods.tm, barcodes) : undefined,
    ids.length ? inArray(goods.id, ids) : undefined,
  ].filter((c) => c !== undefined);
  if (!by.length) return [];
  return db
    .select(goodsCore)
    .from(goods)
    .where(and(or(...by), visible(viewer)));
}

/** How long the products of a name are kept: their goods rows are read live each time, only which listing stands for each product may lag. */
const PRODUCTS_TTL_MS = 60_000;
const productsKept = new WeakMap<Db, Map<string, { at: number; ids: number[] }>>();

/**
 * One listing of each product (name, spec, maker) the viewer may see whose name is among `names`, exactly: the
 * sellable listing first, then the best seller. The listings of a name are kept a minute per kind of viewer (a name
 * of a large catalogue has hundreds of listings, several per warehouse and batch); the rows answered are read live.
 */
export async function productsNamed(db: Db, viewer: Viewer, names: string[]): Promise<GoodsCore[]> {
  const wanted = [...new Set(names.filter(Boolean))];
  if (!wanted.length) return [];
  let kept = productsKept.get(db);
  if (!kept) productsKept.set(db, (kept = new Map()));
  const now = Date.now();
  const keyOf = (name: string) => `${viewer.special ? 1 : 0}:${name}`;
  const ids: number[] = [];
  const missing: string[] = [];
  for (const name of wanted) {
    const hit = kept.get(keyOf(name));
    if (hit && now - hit.at < PRODUCTS_TTL_MS) ids.push(...hit.ids);
    else missing.push(name);
  }
  if (missing.length) {
    const result = (await db.execute(sql`
      select distinct on (${goods.name}, ${goods.sccj}, ${goods.ypgg}) ${goods.id} as id, ${goods.name} as name from ${goods}
      where ${goods.name} = any(${sql.param(missing)}::text[]) and ${visible(viewer)}
      order by ${goods.name}, ${goods.sccj}, ${goods.ypgg}, (${goods.isBuy} and ${goods.number} > 0) desc, ${goods.sales} desc, ${goods.id}`)) as unknown as {
      rows: { id: number; name: string }[];
    };
    const byName = new Map<string, number[]>(missing.map((n) => [n, []]));
    for (const r of result.rows) byName.get(r.name)?.push(Number(r.id));
    if (kept.size > 20_000) kept.clear();
    for (const [name, found] of byName) {
      kept.set(keyOf(name), { at: now, ids: found });
      ids.push(...found);
    }
  }
  return goodsByIds(db, ids);
}

/** A line as the near-name step reads it: its name, the maker's core name and the spec, as the list wrote them. */
type NamedLine = { name: string; maker: string; spec: string };

/**
 * For each line whose name the catalogue does not hold as it is written (a typo, a longer or shorter name), up to
 * `perLine` goods the viewer may see whose name is close, best first: the name's closeness, then the maker's (its
 * core name held in the goods' maker counts whole), then the spec's, then sales. One statement: each line probes
 * the trigram index of names.
 */
export async function goodsNear(db: Db, viewer: Viewer, lines: NamedLine[], perLine: number): Promise<{ line: number; goods: GoodsCore }[]> {
  if (!lines.length) return [];
  const column = (f: (l: NamedLine) => string) => sql.param(lines.map(f));
  const result = (await db.execute(sql`
    select l.ord::int as line, c.id
    from unnest(${column((l) => l.name)}::text[], ${column((l) => l.maker)}::text[], ${column((l) => l.spec)}::text[])
      with ordinality as l(name, maker, spec, ord)
    cross join lateral (
      select ${goods.id} as id from ${goods}
      where ${goods.name} % l.name and ${visible(viewer)}
      order by similarity(${goods.name}, l.name)
        + case when l.maker <> '' and strpos(${goods.sccj}, l.maker) > 0 then 0.6 else 0 end
        + case when ${goods.ypgg} = l.spec then 0.3 else 0 end desc,
        ${goods.sales} desc, ${goods.id}
      limit ${perLine}
    ) c`)) as unknown as { rows: { line: number; id: number }[] };
  const rows = await goodsByIds(db, [...new Set(result.rows.map((r) => Number(r.id)))]);
  const byId = new Map(rows.map((g) => [g.id, g]));
  return result.rows.flatMap((r) => {
    const g = byId.get(Number(r.id));
    return g ? [{ line: Number(r.line) - 1, goods: g }] : [];
  });
}

/** Names goods are also known by: the trade name (商品名, 芬必得) and the generic name (通用名) where the listed name is not it. */
export type GoodsAlias = { alias: string; name: string };

const ALIASES_TTL_MS = 60_000;
const aliasesKept = new WeakMap<Db, { at: number; rows: Promise<GoodsAlias[]> }>();

/** The catalogue's aliases, read at most once a minute (a whole-table read, a few milliseconds at 100,000 goods). */
export function goodsAliases(db: Db): Promise<GoodsAlias[]> {
  const kept = aliasesKept.get(db);
  if (kept && Date.now() - kept.at < ALIASES_TTL_MS) return kept.rows;
  const rows = db
    .selectDistinct({ spm: goods.spm, tym: goods.tym, name: goods.name })
    .from(goods)
    .where(and(eq(goods.isOnSale, true), or(sql`${goods.spm} <> ''`, sql`${goods.tym} <> '' and ${goods.tym} <> ${goods.name}`)))
    .then((found) =>
      found.flatMap((r) => [...(r.spm ? [{ alias: r.spm, name: r.name }] : []), ...(r.tym && r.tym !== r.name ? [{ alias: r.tym, name: r.name }] : [])]),
    );
  rows.catch(() => aliasesKept.delete(db));
  aliasesKept.set(db, { at: Date.now(), rows });
  return rows;
}
