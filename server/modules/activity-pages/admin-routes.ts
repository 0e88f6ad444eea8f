/** HTTP of the console's activity pages (营销活动 › 活动页面, activity-pages/admin.ts): permission `promotion:write`. */
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { activityPageBody, AdminBlockPage, AdminBlockPageList, adminBlockPageParams, adminBlockPageQuery } from '../../../core/schemas/activity-pages.js';
import { answers } from '../../../core/schemas/envelope.js';
import type { Deps } from '../../deps.js';
import { needs, requirePermission } from '../../http/auth.js';
import { ok } from '../../http/envelope.js';
import { createPage, listPages, updatePage } from './admin.js';

const RULES =
  'A page is ordered blocks: `banner` (image, url), `countdown` (to the page’s end), `coupons` (coupon_ids, 1-8), `goods` (chosen `goods_ids` in order, or a filter of `keywords`, `category_id`, `brand_id` with `sort` and `limit`), `bundles` (the 组合购 bundles on offer), `text` (HTML, kept through an allow-list sanitizer) and `links` (title, url, image). Goods and coupons named must exist (422 on the block’s field). Times are China wall-clock minutes, `YYYY-MM-DD HH:mm`. A write drops the shared answers at once and is in the audit log.';

export async function activityPageAdminRoutes(root: FastifyInstance, deps: Deps) {
  const app = root.withTypeProvider<ZodTypeProvider>();
  const { db } = deps.database;
  const tags = ['promotions'];
  const guard = { ...needs('promotion:write') };
  app.get(
    '/api/admin/activity-pages',
    {
      ...guard,
      schema: {
        tags,
        summary: 'The activity pages, newest first, by title (promotion:write).',
        querystring: adminBlockPageQuery,
        response: answers(AdminBlockPageList),
      },
    },
    async (req) => {
      requirePermission(req, 'promotion:write');
      return ok(await listPages(db, req.query));
    },
  );
  app.post(
    '/api/admin/activity-pages',
    {
      ...guard,
      schema: { tags, summary: 'Creates an activity page (promotion:write).', description: RULES, body: activityPageBody, response: answers(AdminBlockPage) },
    },
    async (req) => ok(await createPage(db, req, req.body)),
  );
  app.post(
    '/api/admin/activity-pages/:id',
    {
      ...guard,
      schema: {
        tags,
        summary: 'Changes an activity page whole, blocks and all (promotion:write).',
        description: RULES,
        params: adminBlockPageParams,
        body: activityPageBody,
        response: answers(AdminBlockPage),
      },
    },
    async (req) => ok(await updatePage(db, req, req.params.id, req.body)),
  );
}
