/** One goods' page: the goods with its package insert, category path and brand, and whether the buyer keeps it. */
import { and, eq, getTableColumns, sql } from 'drizzle-orm';
import type { GoodsDetail } from '../../../core/schemas/goods.js';
import type { Db } from '../../db/client.js';
import { goods } from '../../db/schema/catalogue.js';
import { cachedJson } from '../../http/cache.js';
import { notFound } from '../../http/envelope.js';
import { sellingExpiries } from './expiries.js';
import { favoriteIdsOf } from './favorites.js';
import { goodsFacts, goodsRead, goodsView } from './goods.js';
import { catalogueTree } from './taxonomy.js';
import { viewerClass, type Viewer } from './viewer.js';

/** Detail for viewers alike (cached 5 s); whether this buyer keeps it comes from their favourites set. */
async function detailFor(db: Db, id: number, viewer: Viewer): Promise<Omit<GoodsDetail, 'is_favorite'>> {
  const [row] = await detailRead(db, { id, special: viewer.special });
  if (!row) throw notFound('商品不存在或已下架');
  const { cats, brands: brandMap } = await catalogueTree(db);
  const path: { id: number; name: string }[] = [];
  for (let c = cats.find((x) => x.id === row.categoryId); c; c = cats.find((x) => x.id === c!.parentId)) path.unshift({ id: c.id, name: c.name });
  const brand = row.brandId ? brandMap.get(row.brandId) : undefined;
  const expiries = (await sellingExpiries(db, [row.id])).get(row.id) ?? [];
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

/** A goods the viewer may see, every column: one statement built (and on PostgreSQL planned) once, like `goodsByIds`. */
const detailRead = goodsRead(
  'goods_detail',
  getTableColumns(goods),
  and(eq(goods.id, sql.placeholder('id')), eq(goods.isOnSale, true), sql`(not ${goods.isKx} or ${sql.placeholder('special')}::boolean)`)!,
);

/** The detail's kept answer (cache.ts), with `is_favorite` for this buyer added at the end. */
export async function goodsDetailAnswer(db: Db, id: number, viewer: Viewer) {
  const [detail, kept] = await Promise.all([
    cachedJson(db, ['detail', id, viewerClass(viewer)], () => detailFor(db, id, viewer), DETAIL_TTL_MS),
    viewer.userId ? favoriteIdsOf(db, viewer.userId) : Promise.resolve(new Set<number>()),
  ]);
  return detail.with('is_favorite', kept.has(id) ? 1 : 0);
}
