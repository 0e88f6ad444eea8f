/** HTTP of the console's 求购与反馈 (self-service/admin.ts): permission `service:reply`. */
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { answers } from '../../../core/schemas/envelope.js';
import {
  AdminBuyRequest,
  AdminBuyRequestPage,
  adminBuyRequestQuery,
  AdminFeedback,
  AdminFeedbackPage,
  adminFeedbackQuery,
  adminSelfServiceParams,
  buyReplyBody,
  feedbackCloseBody,
  feedbackReplyBody,
} from '../../../core/schemas/self-service.js';
import type { Deps } from '../../deps.js';
import { needs } from '../../http/auth.js';
import { ok } from '../../http/envelope.js';
import * as admin from './admin.js';

const TOLD = 'The buyer reads it in 我的消息; the write is in the audit log. The same answer again changes nothing and tells nobody.';

export async function selfServiceAdminRoutes(root: FastifyInstance, deps: Deps) {
  const app = root.withTypeProvider<ZodTypeProvider>();
  const { db } = deps.database;
  const tags = ['self-service'];
  const guard = needs('service:reply');

  app.get(
    '/api/admin/buy-requests',
    {
      ...guard,
      schema: {
        tags,
        summary: 'The variety requests of every buyer, newest first, by state and keyword (goods name or maker asked for, the buyer) (service:reply).',
        querystring: adminBuyRequestQuery,
        response: answers(AdminBuyRequestPage),
      },
    },
    async (req) => ok(await admin.listBuyRequestsAdmin(db, req.query)),
  );
  app.post(
    '/api/admin/buy-requests/:id/reply',
    {
      ...guard,
      schema: {
        tags,
        summary: 'Answers a variety request: its state (0 待处理, 1 已回复, 2 已上架 with `goods_id`, 3 无法采购) and the reply (service:reply).',
        description: `422 on \`goods_id\` for 已上架 without goods or with goods that do not exist (\`${admin.GOODS_MISSING}\`). ${TOLD}`,
        params: adminSelfServiceParams,
        body: buyReplyBody,
        response: answers(AdminBuyRequest),
      },
    },
    async (req) => ok(await admin.replyBuyRequest(db, req, req.params.id, req.body)),
  );

  app.get(
    '/api/admin/feedback',
    {
      ...guard,
      schema: {
        tags,
        summary: 'The feedback of every buyer, newest first, by state, type and keyword (words of the content, the buyer) (service:reply).',
        querystring: adminFeedbackQuery,
        response: answers(AdminFeedbackPage),
      },
    },
    async (req) => ok(await admin.listFeedbackAdmin(db, req.query)),
  );
  app.post(
    '/api/admin/feedback/:id/reply',
    {
      ...guard,
      schema: {
        tags,
        summary: 'Replies to feedback: 已回复 with the reply; a later reply replaces it (service:reply).',
        description: `Refused (400) for closed feedback (\`${admin.FEEDBACK_CLOSED}\`). ${TOLD}`,
        params: adminSelfServiceParams,
        body: feedbackReplyBody,
        response: answers(AdminFeedback),
      },
    },
    async (req) => ok(await admin.replyFeedback(db, req, req.params.id, req.body)),
  );
  app.post(
    '/api/admin/feedback/:id/close',
    {
      ...guard,
      schema: {
        tags,
        summary: 'Closes feedback (已关闭), with what was done as its reply when given (service:reply).',
        description: `Closing closed feedback answers it as it is. ${TOLD}`,
        params: adminSelfServiceParams,
        body: feedbackCloseBody,
        response: answers(AdminFeedback),
      },
    },
    async (req) => ok(await admin.closeFeedback(db, req, req.params.id, req.body)),
  );
}
