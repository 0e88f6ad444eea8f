/** HTTP of the console's bundles (组合购, promotions/bundles-admin.ts): permission `promotion:write`. */
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { AdminBundle, AdminBundlePage, adminBundleParams, adminBundleQuery, bundleBody, bundleShowBody } from '../../../core/schemas/admin-promotions.js';
import { answers } from '../../../core/schemas/envelope.js';
import type { Deps } from '../../deps.js';
import { needs } from '../../http/auth.js';
import { ok } from '../../http/envelope.js';
import { createBundle, listBundles, showBundle, updateBundle } from './bundles-admin.js';

export async function bundleAdminRoutes(root: FastifyInstance, deps: Deps) {
  const app = root.withTypeProvider<ZodTypeProvider>();
  const { db } = deps.database;
  const tags = ['promotions'];
  const guard = { ...needs('promotion:write') };
  // 营销活动 › 组合购: the bundles of the 组合购 activities.
  const bundleRules =
    'Two to ten different goods, each on sale, with their numbers; `price` above 0 and below the goods at their own prices (base price × number); `activity_id` a 组合购 activity. 422 on the field otherwise (`items.N.goods_id` for a goods). The write drops the shared answers: /zhzq and the cart price with it on the next request, and it is in the audit log.';
  app.get(
    '/api/admin/bundles',
    {
      ...guard,
      schema: {
        tags,
        summary:
          'Every 组合购 bundle, latest first, with its goods at their own prices, the bundle price, the saving and the bundles the stock allows (promotion:write).',
        querystring: adminBundleQuery,
        response: answers(AdminBundlePage),
      },
    },
    async (req) => ok(await listBundles(db, req.query)),
  );
  app.post(
    '/api/admin/bundles',
    { ...guard, schema: { tags, summary: 'Creates a bundle (promotion:write).', description: bundleRules, body: bundleBody, response: answers(AdminBundle) } },
    async (req) => ok(await createBundle(db, req, req.body)),
  );
  app.post(
    '/api/admin/bundles/:id',
    {
      ...guard,
      schema: {
        tags,
        summary: "Changes a bundle's goods, price, activity or order (promotion:write).",
        description: bundleRules,
        params: adminBundleParams,
        body: bundleBody,
        response: answers(AdminBundle),
      },
    },
    async (req) => ok(await updateBundle(db, req, req.params.id, req.body)),
  );
  app.post(
    '/api/admin/bundles/:id/show',
    {
      ...guard,
      schema: {
        tags,
        summary: '上架 (`is_show` 1) or 下架 (0) a bundle; one taken off leaves /zhzq and cannot be bought (promotion:write).',
        params: adminBundleParams,
        body: bundleShowBody,
        response: answers(AdminBundle),
      },
    },
    async (req) => ok(await showBundle(db, req, req.params.id, req.body.is_show === 1)),
  );
}
