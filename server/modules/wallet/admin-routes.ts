/** HTTP of the console's wallet calls (wallet/admin.ts): a buyer's money and credit, adjustments and the credit line. */
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { AdminWallet, adminUserParams, creditBody, walletAdjustBody } from '../../../core/schemas/admin-users.js';
import { answers } from '../../../core/schemas/envelope.js';
import type { Deps } from '../../deps.js';
import { needs, requirePermission } from '../../http/auth.js';
import { ok } from '../../http/envelope.js';
import { adjustWallet, adminWallet, setCredit } from './admin.js';

export async function walletAdminRoutes(root: FastifyInstance, deps: Deps) {
  const app = root.withTypeProvider<ZodTypeProvider>();
  const { db } = deps.database;
  const tags = ['wallet'];
  const params = adminUserParams;

  app.get(
    '/api/admin/users/:id/wallet',
    {
      ...needs('user:read'),
      schema: {
        tags,
        summary: "A buyer's balance, red packet, points, credit line and latest ledger rows (user:read).",
        params,
        response: answers(AdminWallet),
      },
    },
    async (req) => {
      requirePermission(req, 'user:read');
      return ok(await adminWallet(db, req.params.id));
    },
  );
  app.post(
    '/api/admin/users/:id/wallet/adjust',
    {
      ...needs('wallet:adjust'),
      schema: {
        tags,
        summary: 'Adjusts balance, red packet or points with a reason, through the ledger, never below zero (wallet:adjust).',
        params,
        body: walletAdjustBody,
        response: answers(AdminWallet),
      },
    },
    async (req) => ok(await adjustWallet(db, req, req.params.id, req.body)),
  );
  app.post(
    '/api/admin/users/:id/credit',
    {
      ...needs('credit:write'),
      schema: {
        tags,
        summary: "Sets a buyer's credit line (never below what is in use) and own credit days (credit:write).",
        params,
        body: creditBody,
        response: answers(AdminWallet),
      },
    },
    async (req) => ok(await setCredit(db, req, req.params.id, req.body)),
  );
}
