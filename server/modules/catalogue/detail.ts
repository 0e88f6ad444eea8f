/** One goods' page: the goods with its package insert, category path and brand, and whether the buyer keeps it. */
import { and, eq, getTableColumns, sql } from 'drizzle-orm';
import { chinaToday } from '../../../core/schemas/admin-goods.js';
import type { GoodsDetail } from '../../../core/schemas/goods.js';
import { builtOnce } from '../../db/built-once.js';
import type { Conn, Db } from '../../db/client.js';
import { decodeJsonRows, jsonArrayOfRows, namedColumns } from '../../db/json-rows.js';
import { goods } from '../../db/schema/catalogue.js';
import { cachedJson } from '../../http/cache.js';
import { notFound } from '../../http/envelope.js';
import { expiriesOfGoodsJsonSql, expiriesOfJson } from './expiries.js';
import { favoriteIdsOf } from './favorites.js';
import { goodsFacts, goodsView } from './goods.js';
import { catalogueTree } from './taxonomy.js';
import { viewerClass, type Viewer } from './viewer.js';

/** Detail for viewers alike (cached 5 s); whether this buyer keeps it comes from their favourites set. */
async function detailFor(db: Db, id: number, viewer: Viewer): Promise<Omit<GoodsDetail, 'is_favorite'>> {
  const [[answer], { cats, brands: brandMap }] = await Promise.all([
    builtOnce(db, detailRead).execute({ id, special: viewer.special, today: chinaToday() }),
    catalogueTree(db),
  ]);
  const [row] = decodeJsonRows(detailColumns, answer.rows);
  if (!row) throw notFound('商品不存在或已下架');
  const path: { id: number; name: string }[] = [];
  for (let c = cats.find((x) => x.id === row.categoryId); c; c = cats.find((x) => x.id === c!.parentId)) path.unshift({ id: c.id, name: c.name });
  const brand = row.brandId ? brandMap.get(row.brandId) : undefined;
  const expiries = expiriesOfJson(answer.expiries).get(row.id) ?? [];
  return {
    ...goodsView(row, viewer),
    goods_image: row.images,
    ...goodsFacts(row),
    tym: row.tym,
    spm: row.spm,
    gnzz: row.gnzz,
    expiries,
    instructions: row.instructions,
    category_path: path,
    brand: brand ?? null,
  };
}

const DETAIL_TTL_MS = 5_000;

const detailColumns = getTableColumns(goods);

/**
 * A goods the viewer may see, every column, with the expiries it ships with: one statement built (and on
 * PostgreSQL planned) once. Read in two, a product page waited for a pooled connection twice under load.
 */
const detailRead = (conn: Conn) =>
  conn
    .select({ rows: jsonArrayOfRows, expiries: expiriesOfGoodsJsonSql(sql`array[${sql.placeholder('id')}::int]`, sql`${sql.placeholder('today')}`) })
    .from(
      sql`(select ${namedColumns(detailColumns)} from ${goods}
        where ${and(eq(goods.id, sql.placeholder('id')), eq(goods.isOnSale, true), sql`(not ${goods.isKx} or ${sql.placeholder('special')}::boolean)`)}) r`,
    )
    .prepare('goods_detail');

/** The detail's kept answer (cache.ts), with `is_favorite` for this buyer added at the end. */
export async function goodsDetailAnswer(db: Db, id: number, viewer: Viewer) {
  const [detail, kept] = await Promise.all([
    cachedJson(db, ['detail', id, viewerClass(viewer)], () => detailFor(db, id, viewer), DETAIL_TTL_MS),
    viewer.userId ? favoriteIdsOf(db, viewer.userId) : Promise.resolve(new Set<number>()),
  ]);
  return detail.with('is_favorite', kept.has(id) ? 1 : 0);
}
