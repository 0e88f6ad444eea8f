/** HTTP of the console's canned replies (客服 › 在线客服 › 快捷回复, console.ts): permission `chat:reply`. */
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { adminCannedParams, CannedReply, cannedReplyBody } from '../../../core/schemas/chat.js';
import { answers } from '../../../core/schemas/envelope.js';
import type { Deps } from '../../deps.js';
import { needs, requirePermission } from '../../http/auth.js';
import { ok } from '../../http/envelope.js';
import { createCanned, deleteCanned, listCanned, updateCanned } from './console.js';

export async function cannedReplyAdminRoutes(root: FastifyInstance, deps: Deps) {
  const app = root.withTypeProvider<ZodTypeProvider>();
  const { db } = deps.database;
  const tags = ['chat'];
  const guard = needs('chat:reply');
  const me = (req: Parameters<typeof requirePermission>[0]) => requirePermission(req, 'chat:reply').operator;
  app.get(
    '/api/admin/chat/canned',
    {
      ...guard,
      schema: { tags, summary: "The operator's own canned replies (快捷回复), then the shared ones (chat:reply).", response: answers(z.array(CannedReply)) },
    },
    async (req) => ok(await listCanned(db, me(req).id)),
  );
  app.post(
    '/api/admin/chat/canned',
    {
      ...guard,
      schema: {
        tags,
        summary: 'Adds a canned reply: the operator’s own, or (`shared` 1) everyone’s, which only an operator administrator keeps (chat:reply, audited).',
        body: cannedReplyBody,
        response: answers(CannedReply),
      },
    },
    async (req) => ok(await createCanned(db, req, req.body)),
  );
  app.post(
    '/api/admin/chat/canned/:id',
    {
      ...guard,
      schema: {
        tags,
        summary: 'Changes a canned reply of the operator’s own, or a shared one (operator administrators) (chat:reply, audited).',
        params: adminCannedParams,
        body: cannedReplyBody,
        response: answers(CannedReply),
      },
    },
    async (req) => ok(await updateCanned(db, req, req.params.id, req.body)),
  );
  app.delete(
    '/api/admin/chat/canned/:id',
    {
      ...guard,
      schema: {
        tags,
        summary: 'Removes a canned reply (chat:reply, audited; shared ones by operator administrators).',
        params: adminCannedParams,
        response: answers(z.null()),
      },
    },
    async (req) => ok(await deleteCanned(db, req, req.params.id)),
  );
}
