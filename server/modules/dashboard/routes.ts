/** HTTP of the console's 工作台 (dashboard/service.ts). */
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { Dashboard } from '../../../core/schemas/admin-dashboard.js';
import { answers } from '../../../core/schemas/envelope.js';
import type { Deps } from '../../deps.js';
import { requirePermission } from '../../http/auth.js';
import { ok } from '../../http/envelope.js';
import { dashboard } from './service.js';

export async function dashboardRoutes(root: FastifyInstance, deps: Deps) {
  const app = root.withTypeProvider<ZodTypeProvider>();
  const { db } = deps.database;
  app.get(
    '/api/admin/dashboard',
    {
      schema: {
        tags: ['operators'],
        summary: "工作台: the queues the operator may work (each with its list's link), today's figures and the last 30 days (dashboard:read).",
        response: answers(Dashboard),
      },
    },
    async (req) => {
      const { permissions } = requirePermission(req, 'dashboard:read');
      return ok(await dashboard(db, (p) => permissions.has(p)));
    },
  );
}
