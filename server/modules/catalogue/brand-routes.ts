/** HTTP of the brand zone (品牌专区) and a brand's page. */
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { id, page } from '../../../core/schemas/common.js';
import { answers } from '../../../core/schemas/envelope.js';
import { Brand, BrandPage } from '../../../core/schemas/goods.js';
import type { Deps } from '../../deps.js';
import { sendKept } from '../../http/kept-answer.js';
import { cachedJson } from '../../http/cache.js';
import { brandDetail, brandList } from './brands.js';
import { PRICES, SHARED } from './routes.js';
import { viewerClass, viewerOf } from './viewer.js';

export async function brandRoutes(root: FastifyInstance, deps: Deps) {
  const app = root.withTypeProvider<ZodTypeProvider>();
  const { db } = deps.database;
  const tags = ['catalogue'];

  app.get(
    '/api/brand',
    {
      schema: {
        tags,
        summary: 'The brand zone (品牌专区): 12 brands a page, each with its goods count and 3 best sellers.',
        description: `${PRICES} ${SHARED}`,
        querystring: z.object({ page: page() }),
        response: answers(BrandPage),
      },
    },
    async (req, reply) => {
      const viewer = viewerOf(req);
      return sendKept(req, reply, await cachedJson(db, ['brands', viewerClass(viewer), req.query.page], () => brandList(db, viewer, req.query.page)));
    },
  );
  app.get(
    '/api/focus/brand/:id',
    {
      schema: {
        tags,
        summary: "What a brand's page shows above its goods list; 404 品牌不存在 for an unknown or hidden brand.",
        description: 'Its goods are listed with `GET /api/goods/list?brand={id}`.',
        params: z.object({ id: id('品牌ID') }),
        response: answers(Brand),
      },
    },
    async (req, reply) => {
      const viewer = viewerOf(req);
      return sendKept(req, reply, await cachedJson(db, ['brand', viewerClass(viewer), req.params.id], () => brandDetail(db, viewer, req.params.id)));
    },
  );
}
