/** HTTP of the console's activities (营销活动 › 促销活动, promotions/admin.ts): permission `promotion:write`. */
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  activityBody,
  ActivityGoodsAdded,
  activityGoodsBody,
  ActivityGoodsRemoved,
  activityGoodsRemoveBody,
  activityShowBody,
  AdminActivity,
  AdminActivityGoodsPage,
  adminActivityGoodsQuery,
  AdminActivityPage,
  adminActivityParams,
  adminActivityQuery,
} from '../../../core/schemas/admin-promotions.js';
import { answers } from '../../../core/schemas/envelope.js';
import type { Deps } from '../../deps.js';
import { needs, requirePermission } from '../../http/auth.js';
import { ok } from '../../http/envelope.js';
import { activityGoodsPage, addActivityGoods, createActivity, listActivities, removeActivityGoods, showActivity, updateActivity } from './admin.js';

const RULES =
  'Times are China wall-clock minutes, `YYYY-MM-DD HH:mm`. A write drops the shared answers at once: the storefront, the cart and the confirm page price with it on the next request. Every write is in the audit log.';

export async function promotionAdminRoutes(root: FastifyInstance, deps: Deps) {
  const app = root.withTypeProvider<ZodTypeProvider>();
  const { db } = deps.database;
  const tags = ['promotions'];
  const guard = { ...needs('promotion:write') };
  const params = adminActivityParams;
  app.get(
    '/api/admin/activities',
    {
      ...guard,
      schema: {
        tags,
        summary: 'The activities the pricing engine applies, latest first, by type and name (promotion:write).',
        querystring: adminActivityQuery,
        response: answers(AdminActivityPage),
      },
    },
    async (req) => {
      requirePermission(req, 'promotion:write');
      return ok(await listActivities(db, req.query));
    },
  );
  app.post(
    '/api/admin/activities',
    {
      ...guard,
      schema: {
        tags,
        summary: 'Creates a flash sale, daily specials, 满减, 全场折扣 or 满返 activity (promotion:write).',
        description: `A flash sale needs its daily session (\`daily_start\` before \`daily_end\`); 全场折扣 its \`rate\` (10-99); 满减 and 满返 one to ten \`tiers\`, each \`value\` below its \`amount\`, both rising tier by tier. 422 on the field otherwise. ${RULES}`,
        body: activityBody,
        response: answers(AdminActivity),
      },
    },
    async (req) => ok(await createActivity(db, req, req.body)),
  );
  app.post(
    '/api/admin/activities/:id',
    {
      ...guard,
      schema: {
        tags,
        summary: "Changes an activity's name, window, rules and order; its type stays (promotion:write).",
        description: `买赠, 换购 and 组合购 are only switched on or off (\`/show\`): code 400 here. ${RULES}`,
        params,
        body: activityBody,
        response: answers(AdminActivity),
      },
    },
    async (req) => ok(await updateActivity(db, req, req.params.id, req.body)),
  );
  app.post(
    '/api/admin/activities/:id/show',
    {
      ...guard,
      schema: {
        tags,
        summary: 'Switches an activity on or off (promotion:write).',
        description: RULES,
        params,
        body: activityShowBody,
        response: answers(AdminActivity),
      },
    },
    async (req) => ok(await showActivity(db, req, req.params.id, req.body.is_show === 1)),
  );
  app.get(
    '/api/admin/activities/:id/goods',
    {
      ...guard,
      schema: {
        tags,
        summary: "An activity's goods with their activity price, limits and weekday (promotion:write).",
        params,
        querystring: adminActivityGoodsQuery,
        response: answers(AdminActivityGoodsPage),
      },
    },
    async (req) => {
      requirePermission(req, 'promotion:write');
      return ok(await activityGoodsPage(db, req.params.id, req.query.page));
    },
  );
  app.post(
    '/api/admin/activities/:id/goods',
    {
      ...guard,
      schema: {
        tags,
        summary: 'Adds goods to an activity, or sets their terms (promotion:write).',
        description: `A flash sale or daily special needs \`price\`, below every chosen goods' own price (422 on \`price\`); its \`limit_per_user\` is per account a day, a flash sale's \`quota\` per day for everybody, a daily special's \`weekday\` 1-7 (0 every day). Unknown goods: 422 on \`goods_ids\`. 满减 and 满返 goods get their tag (满, 返). ${RULES}`,
        params,
        body: activityGoodsBody,
        response: answers(ActivityGoodsAdded),
      },
    },
    async (req) => ok(await addActivityGoods(db, req, req.params.id, req.body)),
  );
  app.post(
    '/api/admin/activities/:id/goods/remove',
    {
      ...guard,
      schema: {
        tags,
        summary: 'Takes goods out of an activity, and its tag off them unless another activity of the type holds them (promotion:write).',
        description: RULES,
        params,
        body: activityGoodsRemoveBody,
        response: answers(ActivityGoodsRemoved),
      },
    },
    async (req) => ok(await removeActivityGoods(db, req, req.params.id, req.body.goods_ids)),
  );
}
