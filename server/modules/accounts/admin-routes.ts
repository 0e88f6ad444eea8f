/** HTTP of the console's buyer calls (accounts/admin.ts): reads need `user:read`, the review `user:review`, other writes `user:write`. */
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { AdminUserDetail, AdminUserPage, adminUserParams, adminUserQuery, contactsBody, reviewBody, userFlagsBody } from '../../../core/schemas/admin-users.js';
import { answers } from '../../../core/schemas/envelope.js';
import type { Deps } from '../../deps.js';
import { needs, requirePermission } from '../../http/auth.js';
import { ok } from '../../http/envelope.js';
import * as admin from './admin.js';

export async function accountAdminRoutes(root: FastifyInstance, deps: Deps) {
  const app = root.withTypeProvider<ZodTypeProvider>();
  const { db } = deps.database;
  const tags = ['accounts'];
  const params = adminUserParams;

  app.get(
    '/api/admin/users',
    {
      ...needs('user:read'),
      schema: {
        tags,
        summary:
          'Buyers for the console, newest first: by keyword, review state, company type, submitted licences or licences expiring within N days (user:read).',
        querystring: adminUserQuery,
        response: answers(AdminUserPage),
      },
    },
    async (req) => {
      requirePermission(req, 'user:read');
      return ok(await admin.listUsers(db, req.query));
    },
  );
  app.get(
    '/api/admin/users/:id',
    {
      ...needs('user:read'),
      schema: {
        tags,
        summary: 'One buyer with every licence, declared and approved 经营范围, flags, service contacts and chain (user:read).',
        params,
        response: answers(AdminUserDetail),
      },
    },
    async (req) => {
      requirePermission(req, 'user:read');
      return ok(await admin.userDetail(db, req.params.id));
    },
  );
  app.post(
    '/api/admin/users/:id/review',
    {
      ...needs('user:review'),
      schema: {
        tags,
        summary: 'Approves (with the 经营范围 approved) or rejects with a reason the buyer reads on 资质证照 and in a message (user:review).',
        params,
        body: reviewBody,
        response: answers(AdminUserDetail),
      },
    },
    async (req) => ok(await admin.reviewUser(db, req, req.params.id, req.body)),
  );
  app.post(
    '/api/admin/users/:id',
    {
      ...needs('user:write'),
      schema: {
        tags,
        summary: "Sets a buyer's flags, rank, ephedrine right and approved 经营范围 (user:write).",
        params,
        body: userFlagsBody,
        response: answers(AdminUserDetail),
      },
    },
    async (req) => ok(await admin.updateUserFlags(db, req, req.params.id, req.body)),
  );
  app.post(
    '/api/admin/users/:id/contacts',
    {
      ...needs('user:write'),
      schema: {
        tags,
        summary: "Replaces a buyer's dedicated service contacts; exactly one is the default (user:write).",
        params,
        body: contactsBody,
        response: answers(AdminUserDetail),
      },
    },
    async (req) => ok(await admin.setContacts(db, req, req.params.id, req.body)),
  );
}
