/**
 * HTTP of the console's order calls (orders/admin.ts): reads need `order:read`, each write its own permission,
 * checked before the body is (an operator without it gets 403 whatever they send; the write checks it again).
 */
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  AdminOrderDetail,
  AdminOrderPage,
  adminOrderParams,
  adminOrderQuery,
  confirmTransferBody,
  reasonBody,
  receiptCheckBody,
  shipBody,
} from '../../../core/schemas/admin-orders.js';
import { answers } from '../../../core/schemas/envelope.js';
import type { Deps } from '../../deps.js';
import { needs, requirePermission } from '../../http/auth.js';
import { ok } from '../../http/envelope.js';
import * as admin from './admin.js';

export async function orderAdminRoutes(root: FastifyInstance, deps: Deps) {
  const app = root.withTypeProvider<ZodTypeProvider>();
  const { db } = deps.database;
  const tags = ['orders'];
  const params = adminOrderParams;
  app.get(
    '/api/admin/orders',
    {
      ...needs('order:read'),
      schema: {
        tags,
        summary: 'Orders for the console, newest first, with filters (order:read).',
        querystring: adminOrderQuery,
        response: answers(AdminOrderPage),
      },
    },
    async (req) => {
      requirePermission(req, 'order:read');
      return ok(await admin.adminListOrders(db, req.query));
    },
  );
  app.get(
    '/api/admin/orders/:id',
    {
      ...needs('order:read'),
      schema: { tags, summary: 'One order with its lines, returns, payments and credit bill (order:read).', params, response: answers(AdminOrderDetail) },
    },
    async (req) => {
      requirePermission(req, 'order:read');
      return ok(await admin.adminOrderDetail(db, req.params.id));
    },
  );
  app.post(
    '/api/admin/orders/:id/confirm_transfer',
    {
      ...needs('finance:confirm'),
      schema: {
        tags,
        summary: 'Confirms a bank transfer: the order is paid, once however often it is sent (finance:confirm).',
        description: "An `amount` other than the order's answers 422 on `amount`; an order not waiting for a transfer is refused.",
        params,
        body: confirmTransferBody,
        response: answers(AdminOrderDetail),
      },
    },
    async (req) => ok(await admin.confirmTransfer(db, req, req.params.id, req.body)),
  );
  app.post(
    '/api/admin/orders/:id/ship',
    {
      ...needs('order:ship'),
      schema: {
        tags,
        summary: 'Ships a paid order with carrier and tracking number; the buyer sees 已发货 (order:ship).',
        params,
        body: shipBody,
        response: answers(AdminOrderDetail),
      },
    },
    async (req) => ok(await admin.shipOrder(db, req, req.params.id, req.body)),
  );
  app.post(
    '/api/admin/orders/:id/cancel',
    {
      ...needs('order:cancel'),
      schema: {
        tags,
        summary: 'Cancels an unpaid order; stock, coupon and red packet go back (order:cancel).',
        params,
        body: reasonBody,
        response: answers(AdminOrderDetail),
      },
    },
    async (req) => ok(await admin.adminCancelOrder(db, req, req.params.id, req.body.reason)),
  );
  app.post(
    '/api/admin/orders/:id/refund',
    {
      ...needs('order:refund'),
      schema: {
        tags,
        summary: 'Refunds a paid order not yet shipped, back where the money came from, and cancels it (order:refund).',
        description:
          'Balance to the balance; credit forgives the bill first; online and transfer payments go to the balance. Stock, coupon, red packet and limited buys go back in the same transaction.',
        params,
        body: reasonBody,
        response: answers(AdminOrderDetail),
      },
    },
    async (req) => ok(await admin.refundOrder(db, req, req.params.id, req.body.reason)),
  );
  app.post(
    '/api/admin/orders/:id/receipt',
    {
      ...needs('receipt:check'),
      schema: {
        tags,
        summary: "Accepts an ephedrine order's signed receipt, or asks for it again with the reason (receipt:check).",
        params,
        body: receiptCheckBody,
        response: answers(AdminOrderDetail),
      },
    },
    async (req) => ok(await admin.checkReceipt(db, req, req.params.id, req.body)),
  );
}
