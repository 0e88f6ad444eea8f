/** HTTP of a batch's near-expiry price (近效期价) in the console: read with goods:read, set with goods:write. */
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { answers } from '../../../core/schemas/envelope.js';
import { batchParams, ClearancePrice, clearancePriceBody } from '../../../core/schemas/quality.js';
import type { Deps } from '../../deps.js';
import { needs } from '../../http/auth.js';
import { ok } from '../../http/envelope.js';
import { clearancePrice, setClearancePrice } from './clearance.js';

export async function clearanceRoutes(root: FastifyInstance, deps: Deps) {
  const app = root.withTypeProvider<ZodTypeProvider>();
  const { db } = deps.database;
  const tags = ['quality'];
  app.get(
    '/api/admin/quality/batches/:id/clearance_price',
    {
      ...needs('goods:read'),
      schema: {
        tags,
        summary:
          "A batch's near-expiry price (近效期价): its own or the default rate of the base price, and whether it sells in the near-expiry zone now (goods:read).",
        params: batchParams,
        response: answers(ClearancePrice),
      },
    },
    async (req) => ok(await clearancePrice(db, req.params.id)),
  );
  app.post(
    '/api/admin/quality/batches/:id/clearance_price',
    {
      ...needs('goods:write'),
      schema: {
        tags,
        summary: "Sets a batch's near-expiry price in yuan, or null for the site's default rate (setting near_expiry_rate, 70% by default) (goods:write).",
        description:
          'Its units sell at it in the near-expiry zone while the batch is within its goods’ minimum shelf life. In the audit log (设置近效期价) with the price before and after; the same price again writes no row. 422 on `clearance_price` for a price that is not above 0 yuan with at most two decimals.',
        params: batchParams,
        body: clearancePriceBody,
        response: answers(ClearancePrice),
      },
    },
    async (req) => ok(await setClearancePrice(db, req, req.params.id, req.body.clearance_price)),
  );
}
