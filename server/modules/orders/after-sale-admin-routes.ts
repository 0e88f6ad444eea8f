/**
 * HTTP of the console's returns and after-sales requests (orders/admin-after-sales.ts): reads need `order:read`,
 * each write its own permission, checked before the body is.
 */
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  AdminAfterSalePage,
  adminAfterSaleParams,
  adminAfterSaleQuery,
  afterSaleDecisionBody,
  afterSaleRefundBody,
} from '../../../core/schemas/admin-orders.js';
import { answers } from '../../../core/schemas/envelope.js';
import type { Deps } from '../../deps.js';
import { needs, requirePermission } from '../../http/auth.js';
import { ok } from '../../http/envelope.js';
import * as afterSales from './admin-after-sales.js';

export async function afterSaleAdminRoutes(root: FastifyInstance, deps: Deps) {
  const app = root.withTypeProvider<ZodTypeProvider>();
  const { db } = deps.database;
  const tags = ['orders'];
  app.get(
    '/api/admin/after_sales',
    {
      ...needs('order:read'),
      schema: {
        tags,
        summary: 'Returns and after-sales requests, waiting first (order:read).',
        querystring: adminAfterSaleQuery,
        response: answers(AdminAfterSalePage),
      },
    },
    async (req) => {
      requirePermission(req, 'order:read');
      return ok(await afterSales.adminListAfterSales(db, req.query));
    },
  );
  app.post(
    '/api/admin/after_sales/:id/decide',
    {
      ...needs('after_sale:decide'),
      schema: {
        tags,
        summary: 'Approves or rejects (with the reason the buyer reads) a waiting request (after_sale:decide).',
        params: adminAfterSaleParams,
        body: afterSaleDecisionBody,
        response: answers(z.null()),
      },
    },
    async (req) => ok(await afterSales.decideAfterSale(db, req, req.params.id, req.body)),
  );
  app.post(
    '/api/admin/after_sales/:id/receive',
    {
      ...needs('after_sale:decide'),
      schema: {
        tags,
        summary: "A return's goods arrived: counted on their lines and back in stock (after_sale:decide).",
        params: adminAfterSaleParams,
        response: answers(z.null()),
      },
    },
    async (req) => ok(await afterSales.receiveReturn(db, req, req.params.id)),
  );
  app.post(
    '/api/admin/after_sales/:id/refund',
    {
      ...needs('order:refund'),
      schema: {
        tags,
        summary: 'Refunds a request, in full or in part, never more than paid (order:refund).',
        description:
          'A return refunds at most what its lines paid, once its goods are back; an after-sales request at most what the order paid less earlier refunds.',
        params: adminAfterSaleParams,
        body: afterSaleRefundBody,
        response: answers(z.null()),
      },
    },
    async (req) => ok(await afterSales.refundAfterSale(db, req, req.params.id, req.body)),
  );
}
