/** HTTP for the catalogue (spec section 7 "Goods" and "Favourites"). */
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { id, page } from '../../../core/schemas/common.js';
import { favoriteListQuery, filterScopeQuery, goodsIdsBody, goodsListQuery, searchQuery } from '../../../core/schemas/goods.js';
import type { Deps } from '../../deps.js';
import { ok, sendJson } from '../../http/envelope.js';
import { requireUser } from '../../http/auth.js';
import * as catalogue from './service.js';
import { cachedJson } from '../../http/cache.js';
import { floors, recommendations } from './home.js';
import { brandDetail, brandList } from './brands.js';
import { viewerClass, viewerOf } from './viewer.js';

export async function catalogueRoutes(root: FastifyInstance, deps: Deps) {
  const app = root.withTypeProvider<ZodTypeProvider>();
  const { db } = deps.database;

  // Results depend only on the query and on what the viewer may see: viewers alike share them (cache.ts).
  app.get('/api/goods/search', { schema: { querystring: searchQuery } }, async (req, reply) => {
    const viewer = viewerOf(req);
    const { keywords, type } = req.query;
    return sendJson(reply, await cachedJson(db, ['search', keywords.trim(), type, viewerClass(viewer)], () => catalogue.searchGoods(db, keywords, type, viewer)));
  });
  app.get('/api/goods/list', { schema: { querystring: goodsListQuery } }, async (req, reply) => {
    const viewer = viewerOf(req);
    return sendJson(reply, await cachedJson(db, ['list', req.query, viewerClass(viewer)], () => catalogue.listGoods(db, req.query, viewer)));
  });
  app.get('/api/goods/detail/:id', { schema: { params: z.object({ id: id('商品ID') }) } }, async (req, reply) =>
    sendJson(reply, await catalogue.goodsDetailJson(db, req.params.id, viewerOf(req))),
  );
  app.get('/api/goods/hot', async (req, reply) => {
    const viewer = viewerOf(req);
    return sendJson(reply, await cachedJson(db, ['hot', viewerClass(viewer)], () => catalogue.hotGoods(db, viewer)));
  });
  app.get('/api/goods/fl', { schema: { querystring: filterScopeQuery } }, async (req, reply) => {
    const viewer = viewerOf(req);
    const scope = { ...req.query, keywords: req.query.keywords.trim() };
    return sendJson(reply, await cachedJson(db, ['fl', viewerClass(viewer), scope], () => catalogue.filterOptions(db, viewer, scope)));
  });

  app.get('/api/index/floors', async (req, reply) => {
    const viewer = viewerOf(req);
    return sendJson(reply, await cachedJson(db, ['floors', viewerClass(viewer)], () => floors(db, viewer)));
  });
  // Recommendations follow the buyer's favourites: kept per buyer, shared by all guests.
  app.get('/api/index_wntj/:page', { schema: { params: z.object({ page: page() }) } }, async (req, reply) => {
    const viewer = viewerOf(req);
    const who = viewer.userId ? `user:${viewer.userId}:${viewerClass(viewer)}` : viewerClass(viewer);
    return sendJson(reply, await cachedJson(db, ['wntj', who, req.params.page], () => recommendations(db, viewer, req.params.page)));
  });

  app.get('/api/brand', { schema: { querystring: z.object({ page: page() }) } }, async (req, reply) => {
    const viewer = viewerOf(req);
    return sendJson(reply, await cachedJson(db, ['brands', viewerClass(viewer), req.query.page], () => brandList(db, viewer, req.query.page)));
  });
  app.get('/api/focus/brand/:id', { schema: { params: z.object({ id: id('品牌ID') }) } }, async (req, reply) => {
    const viewer = viewerOf(req);
    return sendJson(reply, await cachedJson(db, ['brand', viewerClass(viewer), req.params.id], () => brandDetail(db, viewer, req.params.id)));
  });

  app.get('/api/favorite', { schema: { querystring: favoriteListQuery } }, async (req) => {
    const user = requireUser(req);
    return ok(await catalogue.listFavorites(db, user.id, req.query.page, viewerOf(req)));
  });
  app.post('/api/favorite', { schema: { body: goodsIdsBody } }, async (req) => {
    const user = requireUser(req);
    return ok(await catalogue.addFavorites(db, user.id, req.body.goods_ids, viewerOf(req)));
  });
  app.post('/api/favorite/cancel', { schema: { body: goodsIdsBody } }, async (req) => {
    const user = requireUser(req);
    return ok(await catalogue.removeFavorites(db, user.id, req.body.goods_ids));
  });
}
