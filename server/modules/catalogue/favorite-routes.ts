/** HTTP of the buyer's favourites (spec section 7 "Favourites"). */
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { answers } from '../../../core/schemas/envelope.js';
import { favoriteListQuery, FavoritePage, GoodsIds, goodsIdsBody } from '../../../core/schemas/goods.js';
import type { Deps } from '../../deps.js';
import { requireUser } from '../../http/auth.js';
import { ok } from '../../http/envelope.js';
import { addFavorites, listFavorites, removeFavorites } from './favorites.js';
import { PRICES } from './routes.js';
import { viewerOf } from './viewer.js';

export async function favoriteRoutes(root: FastifyInstance, deps: Deps) {
  const app = root.withTypeProvider<ZodTypeProvider>();
  const { db } = deps.database;
  const tags = ['catalogue'];

  app.get(
    '/api/favorite',
    {
      schema: {
        tags,
        summary: "The buyer's favourites (收藏), last kept first, 20 a page; logged in.",
        description: `Goods the buyer may no longer see (off sale, controlled sale) are left out. ${PRICES}`,
        querystring: favoriteListQuery,
        response: answers(FavoritePage),
      },
    },
    async (req) => {
      const user = requireUser(req);
      return ok(await listFavorites(db, user.id, req.query.page, viewerOf(req)));
    },
  );
  app.post(
    '/api/favorite',
    {
      schema: {
        tags,
        summary: 'Keeps goods in the favourites (`goods_ids[]=1&goods_ids[]=2` or `goods_ids=1,2`, at most 200); logged in.',
        description: 'Goods already kept stay as they are; any goods the buyer cannot see answers 404 商品不存在或已下架 and nothing is kept.',
        body: goodsIdsBody,
        response: answers(GoodsIds),
      },
    },
    async (req) => {
      const user = requireUser(req);
      return ok(await addFavorites(db, user.id, req.body.goods_ids, viewerOf(req)));
    },
  );
  app.post(
    '/api/favorite/cancel',
    { schema: { tags, summary: 'Removes goods from the favourites; ids not kept are ignored; logged in.', body: goodsIdsBody, response: answers(GoodsIds) } },
    async (req) => {
      const user = requireUser(req);
      return ok(await removeFavorites(db, user.id, req.body.goods_ids));
    },
  );
}
