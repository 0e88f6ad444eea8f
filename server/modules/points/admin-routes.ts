/** HTTP of the console's points mall (营销活动 › 积分商城 and 积分订单, points/admin.ts): permission `promotion:write`. */
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { answers } from '../../../core/schemas/envelope.js';
import {
  AdminPointsGoods,
  AdminPointsGoodsPage,
  adminPointsGoodsParams,
  adminPointsGoodsQuery,
  AdminPointsOrder,
  AdminPointsOrderPage,
  adminPointsOrderParams,
  adminPointsOrderQuery,
  pointsGoodsBody,
  pointsGoodsShowBody,
  pointsCancelBody,
  pointsShipBody,
} from '../../../core/schemas/points.js';
import type { Deps } from '../../deps.js';
import { needs, requirePermission } from '../../http/auth.js';
import { ok } from '../../http/envelope.js';
import * as admin from './admin.js';

const RULES = 'A change of goods drops the shared answers at once: the points mall shows it on the next request. Every write is in the audit log.';

export async function pointsAdminRoutes(root: FastifyInstance, deps: Deps) {
  const app = root.withTypeProvider<ZodTypeProvider>();
  const { db } = deps.database;
  const tags = ['promotions'];
  const guard = needs('promotion:write');

  app.get(
    '/api/admin/points/goods',
    {
      ...guard,
      schema: {
        tags,
        summary: 'Points goods, on the shelf first in their order, by name, kind and shelf state (promotion:write).',
        querystring: adminPointsGoodsQuery,
        response: answers(AdminPointsGoodsPage),
      },
    },
    async (req) => {
      requirePermission(req, 'promotion:write');
      return ok(await admin.listPointsGoods(db, req.query));
    },
  );
  app.post(
    '/api/admin/points/goods',
    {
      ...guard,
      schema: {
        tags,
        summary: 'Creates a points goods: physical, a coupon (`coupon_id`, a template) or a red packet (`red_packet` yuan a unit) (promotion:write).',
        description: `\`cash\` is yuan paid from the balance per unit on top of \`points\`; \`per_user\` 0 is no limit. 422 on the field for a coupon that does not exist. ${RULES}`,
        body: pointsGoodsBody,
        response: answers(AdminPointsGoods),
      },
    },
    async (req) => ok(await admin.createPointsGoods(db, req, req.body)),
  );
  app.post(
    '/api/admin/points/goods/:id',
    {
      ...guard,
      schema: {
        tags,
        summary: 'Changes a points goods; its kind stays (promotion:write).',
        description: `422 on \`kind\` for another kind. ${RULES}`,
        params: adminPointsGoodsParams,
        body: pointsGoodsBody,
        response: answers(AdminPointsGoods),
      },
    },
    async (req) => ok(await admin.updatePointsGoods(db, req, req.params.id, req.body)),
  );
  app.post(
    '/api/admin/points/goods/:id/show',
    {
      ...guard,
      schema: {
        tags,
        summary: 'Puts a points goods on the shelf (1) or takes it off (0) (promotion:write).',
        description: RULES,
        params: adminPointsGoodsParams,
        body: pointsGoodsShowBody,
        response: answers(AdminPointsGoods),
      },
    },
    async (req) => ok(await admin.showPointsGoods(db, req, req.params.id, req.body.is_show as 0 | 1)),
  );

  app.get(
    '/api/admin/points/orders',
    {
      ...guard,
      schema: {
        tags,
        summary: 'The redemption records, newest first, by status, kind, China days and keyword (order number, goods, buyer) (promotion:write).',
        querystring: adminPointsOrderQuery,
        response: answers(AdminPointsOrderPage),
      },
    },
    async (req) => {
      requirePermission(req, 'promotion:write');
      return ok(await admin.listPointsOrdersAdmin(db, req.query));
    },
  );
  app.post(
    '/api/admin/points/orders/:id/ship',
    {
      ...guard,
      schema: {
        tags,
        summary: 'Ships a physical points order with its carrier and tracking number: 已发货, and the buyer is told in 我的消息 (promotion:write).',
        description:
          'Refused (400): a coupon or red packet order (credited already), an order shipped with another waybill. The same waybill again answers the order as it is. Every write is in the audit log.',
        params: adminPointsOrderParams,
        body: pointsShipBody,
        response: answers(AdminPointsOrder),
      },
    },
    async (req) => ok(await admin.shipPointsOrder(db, req, req.params.id, req.body)),
  );
  app.post(
    '/api/admin/points/orders/:id/cancel',
    {
      ...guard,
      schema: {
        tags,
        summary:
          'Cancels a physical points order waiting to ship: its points and cash go back through the ledger (kind `refund`), its units back to the stock and out of the buyer’s limit; the buyer reads the reason in 我的消息 (promotion:write).',
        description:
          'Refused (400): a coupon or red packet order (credited already), an order shipped or completed. Cancelling a cancelled order answers it as it is. `reason` 1-100 characters (422). Every write is in the audit log.',
        params: adminPointsOrderParams,
        body: pointsCancelBody,
        response: answers(AdminPointsOrder),
      },
    },
    async (req) => ok(await admin.cancelPointsOrder(db, req, req.params.id, req.body)),
  );
}
