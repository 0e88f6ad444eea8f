/** HTTP for the buyer's returns (退货) and after-sales requests (售后) on an order's lines. */
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { id } from '../../../core/schemas/common.js';
import { answers } from '../../../core/schemas/envelope.js';
import { AfterSale, afterSaleBody, AfterSaleDetail } from '../../../core/schemas/trade.js';
import type { Deps } from '../../deps.js';
import { requireUser } from '../../http/auth.js';
import { ok } from '../../http/envelope.js';
import * as afterSales from './after-sales.js';
import { OWN, params } from './routes.js';

export async function afterSaleRoutes(root: FastifyInstance, deps: Deps) {
  const app = root.withTypeProvider<ZodTypeProvider>();
  const { db } = deps.database;
  const tags = ['orders'];
  app.get(
    '/api/order/after_sale/:id',
    {
      schema: {
        tags,
        summary: 'A return or after-sales request with its lines (/order/returnInfo/{id}, /order/afterSalesInfo/{id}).',
        description: "Another account's request answers 404.",
        params: z.object({ id: id('售后申请ID') }),
        response: answers(AfterSaleDetail),
      },
    },
    async (req) => ok(await afterSales.afterSaleDetail(db, requireUser(req), req.params.id)),
  );
  app.post(
    '/api/order/:id/return',
    {
      schema: {
        tags,
        summary: 'Asks to return (退货) lines of a shipped or completed order; answers the request.',
        description: `At most what was bought and not yet returned or asked back (422 on \`lines.i.number\`); the refund is the lines' share of what was paid. Images are the account's own uploads. ${OWN}`,
        params,
        body: afterSaleBody,
        response: answers(AfterSale),
      },
    },
    async (req) => ok(await afterSales.requestAfterSale(db, requireUser(req), req.params.id, 'return', req.body)),
  );
  app.post(
    '/api/order/:id/after_sale',
    {
      schema: {
        tags,
        summary: 'Asks for after-sales service (售后) on lines of a shipped or completed order; answers the request.',
        description: `Only for accounts with \`is_AfterSale\`; others are refused. At most the units bought. ${OWN}`,
        params,
        body: afterSaleBody,
        response: answers(AfterSale),
      },
    },
    async (req) => ok(await afterSales.requestAfterSale(db, requireUser(req), req.params.id, 'after_sale', req.body)),
  );
}
