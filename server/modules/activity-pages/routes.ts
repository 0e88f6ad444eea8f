/** HTTP of the activity pages made of blocks (`GET /api/activity/page`), docs/decisions/023-activity-pages.md. */
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { activityPageQuery, ActivityPageView } from '../../../core/schemas/activity-pages.js';
import { answers } from '../../../core/schemas/envelope.js';
import type { Deps } from '../../deps.js';
import { cachedJson } from '../../http/cache.js';
import { ok } from '../../http/envelope.js';
import { keptWithTimestamp, sendKept } from '../../http/kept-answer.js';
import { viewerClass, viewerOf } from '../catalogue/index.js';
import { operatorOf } from '../operators/index.js';
import { activityPage, shownPage } from './service.js';

/** A page is kept a few seconds: its start and end are on the minute. */
const TTL_MS = 5_000;

export async function activityPageRoutes(root: FastifyInstance, deps: Deps) {
  const app = root.withTypeProvider<ZodTypeProvider>();
  const { db } = deps.database;
  app.get(
    '/api/activity/page',
    {
      schema: {
        tags: ['promotions'],
        summary: 'An activity page (/yjh, /Hdzx, /zqmb, /hdmb): its blocks in order, resolved for the viewer.',
        description:
          'Without `id`, the newest page of `kind` that is shown and not over. A page hidden or over answers 404 (the storefront goes to /noActivity); one not started yet answers with `status` 0 (a preview with a countdown to `start_time`). Goods grids carry the viewer’s prices as every list does (`null` for guests and members waiting for review); a coupon strip names its coupons, read with `GET /api/coupon/center?ids=`. With `preview=1` an operator of `promotion:write` (console session) sees any page, hidden or over. The answer is shared for 5 s by viewers who see alike.',
        querystring: activityPageQuery,
        response: answers(ActivityPageView),
      },
    },
    async (req, reply) => {
      const viewer = viewerOf(req);
      if (req.query.preview === 1 && (await operatorOf(db, req))?.permissions.has('promotion:write')) {
        const row = await shownPage(db, req.query, true);
        return ok({ ...(await activityPage(db, viewer, row)), timestamp: Math.floor(Date.now() / 1000) });
      }
      const key = ['activity-page', req.query.id ?? req.query.kind, viewerClass(viewer)];
      const kept = await cachedJson(db, key, async () => activityPage(db, viewer, await shownPage(db, req.query, false)), TTL_MS);
      return sendKept(req, reply, keptWithTimestamp(kept));
    },
  );
}
