/** The buyer's favourites (收藏): the list, keeping and removing goods, and the set the detail page marks. */
import { and, count, desc, eq, inArray } from 'drizzle-orm';
import type { FavoritePage, GoodsIds } from '../../../core/schemas/goods.js';
import type { Db } from '../../db/client.js';
import { favorites, goods } from '../../db/schema/catalogue.js';
import { notFound } from '../../http/envelope.js';
import { cachedFavoriteIds, forgetFavoriteIds } from './favorite-cache.js';
import { goodsCore, goodsView, visible } from './goods.js';
import type { Viewer } from './viewer.js';

/** The goods the buyer keeps, kept a few seconds (favorite-cache.ts). */
export function favoriteIdsOf(db: Db, userId: number) {
  return cachedFavoriteIds(db, userId, async () =>
    (await db.select({ id: favorites.goodsId }).from(favorites).where(eq(favorites.userId, userId))).map((r) => r.id),
  );
}
export async function listFavorites(db: Db, userId: number, page: number, viewer: Viewer, perPage = 20): Promise<FavoritePage> {
  const condition = and(eq(favorites.userId, userId), visible(viewer));
  const [rows, [{ n }]] = await Promise.all([
    db
      .select({ goods: goodsCore, favoredAt: favorites.createdAt })
      .from(favorites)
      .innerJoin(goods, eq(goods.id, favorites.goodsId))
      .where(condition)
      .orderBy(desc(favorites.createdAt), desc(favorites.id))
      .limit(perPage)
      .offset((page - 1) * perPage),
    db.select({ n: count() }).from(favorites).innerJoin(goods, eq(goods.id, favorites.goodsId)).where(condition),
  ]);
  return {
    current_page: page,
    data: rows.map((r) => ({ ...goodsView(r.goods, viewer), favorite_at: Math.floor(r.favoredAt.getTime() / 1000) })),
    last_page: Math.max(1, Math.ceil(n / perPage)),
    per_page: perPage,
    total: n,
  };
}

/** Adds goods to the buyer's favourites; goods they cannot see answer 404, already-kept goods stay as they are. */
export async function addFavorites(db: Db, userId: number, ids: number[], viewer: Viewer): Promise<GoodsIds> {
  const unique = [...new Set(ids)];
  const found = await db
    .select({ id: goods.id })
    .from(goods)
    .where(and(inArray(goods.id, unique), visible(viewer)));
  if (found.length !== unique.length) throw notFound('商品不存在或已下架');
  await db
    .insert(favorites)
    .values(unique.map((goodsId) => ({ userId, goodsId })))
    .onConflictDoNothing();
  forgetFavoriteIds(db, userId);
  return { goods_ids: unique };
}

export async function removeFavorites(db: Db, userId: number, ids: number[]): Promise<GoodsIds> {
  await db.delete(favorites).where(and(eq(favorites.userId, userId), inArray(favorites.goodsId, [...new Set(ids)])));
  forgetFavoriteIds(db, userId);
  return { goods_ids: [...new Set(ids)] };
}
