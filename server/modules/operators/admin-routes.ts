/** HTTP of the console's own calls: login, logout, the operator, two-factor, operators and the audit log. */
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  AdminMe,
  adminLoginBody,
  AuditPage,
  auditQuery,
  Operator,
  operatorCreateBody,
  operatorParams,
  operatorPasswordBody,
  operatorUpdateBody,
  totpEnableBody,
  TotpSetup,
} from '../../../core/schemas/admin.js';
import { answers } from '../../../core/schemas/envelope.js';
import type { Deps } from '../../deps.js';
import { requireOperator, requirePermission } from '../../http/auth.js';
import { ok } from '../../http/envelope.js';
import { listAudit } from './audit.js';
import * as operators from './service.js';
import { endOperatorSession } from './sessions.js';

export async function operatorRoutes(root: FastifyInstance, deps: Deps) {
  const app = root.withTypeProvider<ZodTypeProvider>();
  const { db } = deps.database;
  const tags = ['operators'];
  const limit = { rateLimit: { max: 10 * deps.config.RATE_LIMIT_FACTOR, timeWindow: 60_000 } };

  app.post(
    '/api/admin/login',
    {
      schema: {
        tags,
        summary: 'Operator login: password, then the six-digit code once two-factor is enrolled (422 on `otp` asks for it).',
        body: adminLoginBody,
        response: answers(AdminMe),
      },
      config: limit,
    },
    async (req, reply) => ok(await operators.login(db, deps.config, req, reply, req.body)),
  );
  app.delete('/api/admin/logout', { schema: { tags, summary: 'Ends the operator session.', response: answers(z.null()) } }, async (req, reply) => {
    await endOperatorSession(db, req, reply);
    return ok(null);
  });
  app.get(
    '/api/admin/me',
    { schema: { tags, summary: 'The operator, their permissions, and every role and permission by name.', response: answers(AdminMe) } },
    async (req) => ok(operators.me(requireOperator(req))),
  );
  app.post(
    '/api/admin/totp/setup',
    { schema: { tags, summary: 'A new two-factor secret and its otpauth URI to scan.', response: answers(TotpSetup) } },
    async (req) => ok(await operators.setupTotp(db, deps.config, requireOperator(req))),
  );
  app.post(
    '/api/admin/totp/enable',
    { schema: { tags, summary: 'Confirms the first code: two-factor is required from the next login.', body: totpEnableBody, response: answers(Operator) } },
    async (req) => ok(await operators.enableTotp(db, deps.config, requireOperator(req), req.body.otp)),
  );

  app.get('/api/admin/operators', { schema: { tags, summary: 'Every operator (operator:admin).', response: answers(z.array(Operator)) } }, async (req) => {
    requirePermission(req, 'operator:admin');
    return ok(await operators.listOperators(db));
  });
  app.post(
    '/api/admin/operators',
    { schema: { tags, summary: 'Adds an operator with roles (operator:admin).', body: operatorCreateBody, response: answers(Operator) } },
    async (req) => ok(await operators.createOperator(db, req, req.body)),
  );
  app.post(
    '/api/admin/operators/:id',
    {
      schema: {
        tags,
        summary: "Changes an operator's name, roles or whether they may log in; disabling ends their sessions.",
        params: operatorParams,
        body: operatorUpdateBody,
        response: answers(Operator),
      },
    },
    async (req) => ok(await operators.updateOperator(db, req, req.params.id, req.body)),
  );
  app.post(
    '/api/admin/operators/:id/password',
    {
      schema: {
        tags,
        summary: "Sets an operator's password; their sessions end.",
        params: operatorParams,
        body: operatorPasswordBody,
        response: answers(Operator),
      },
    },
    async (req) => ok(await operators.resetOperatorPassword(db, req, req.params.id, req.body.password)),
  );
  app.post(
    '/api/admin/operators/:id/reset_totp',
    { schema: { tags, summary: "Removes an operator's two-factor (a lost phone); they enrol again.", params: operatorParams, response: answers(Operator) } },
    async (req) => ok(await operators.resetOperatorTotp(db, req, req.params.id)),
  );

  app.get(
    '/api/admin/audit',
    {
      schema: {
        tags,
        summary: 'The audit log, newest first, by operator, action and target (`order` or `order:12`) (audit:read).',
        querystring: auditQuery,
        response: answers(AuditPage),
      },
    },
    async (req) => {
      requirePermission(req, 'audit:read');
      return ok(await listAudit(db, req.query));
    },
  );
}
