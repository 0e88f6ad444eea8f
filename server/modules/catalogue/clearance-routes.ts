/**
 * HTTP of near-expiry prices in the console: a batch's own (近效期价) and the site's default rate (近效期默认折扣), read
 * with goods:read, set with goods:write.
 */
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { answers } from '../../../core/schemas/envelope.js';
import { batchParams, ClearancePrice, clearancePriceBody, NearExpiryRate, nearExpiryRateBody } from '../../../core/schemas/quality.js';
import type { Deps } from '../../deps.js';
import { needs, needsAny } from '../../http/auth.js';
import { ok } from '../../http/envelope.js';
import { clearancePrice, setClearancePrice } from './clearance.js';
import { nearRateView, setNearRate } from './near-rate.js';

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
  app.get(
    '/api/admin/quality/near_expiry_rate',
    {
      // The 站点设置 page shows it to whoever edits the site's settings.
      ...needsAny('goods:read', 'content:write'),
      schema: {
        tags,
        summary:
          "The site's default near-expiry rate (近效期默认折扣): the percent of the base price a near batch without its own 近效期价 sells at (goods:read or content:write).",
        response: answers(NearExpiryRate),
      },
    },
    async () => ok(await nearRateView(db)),
  );
  app.post(
    '/api/admin/quality/near_expiry_rate',
    {
      ...needs('goods:write'),
      schema: {
        tags,
        summary: "Sets the site's default near-expiry rate, a whole percent from 1 to 100 (goods:write).",
        description:
          'Near batches without a 近效期价 of their own sell at it in the near-expiry zone and in near-expiry cart lines from the next request. In the audit log (修改近效期默认折扣) with the rate before and after; the same rate again writes no row. 422 on `near_expiry_rate` for anything but a whole number from 1 to 100.',
        body: nearExpiryRateBody,
        response: answers(NearExpiryRate),
      },
    },
    async (req) => ok(await setNearRate(db, req, req.body.near_expiry_rate)),
  );
}
