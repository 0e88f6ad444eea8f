/** HTTP of 品种求购 (`/zzfw/pzqg`) and 意见反馈 (`/zzfw/yjfk`) for buyers (self-service/service.ts). */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { answers } from '../../../core/schemas/envelope.js';
import {
  BuyRequest,
  buyRequestBody,
  BuyRequestPage,
  buyRequestParams,
  buyRequestQuery,
  BuyRequestSaved,
  feedbackBody,
  FeedbackPage,
  feedbackQuery,
  FeedbackSaved,
} from '../../../core/schemas/self-service.js';
import type { Deps } from '../../deps.js';
import { requireUser } from '../../http/auth.js';
import { ok } from '../../http/envelope.js';
import * as selfService from './service.js';

const WHO = 'Any logged-in account, one waiting for its licence review too; a guest gets 401.';
const ONCE =
  'The same content posted again by the account within 10 minutes (a double click, a retry) answers the row of the first post with `already` 1 and writes nothing; posts at once take turns.';

/** A guest is answered 401 before the input is read, so that it learns to log in rather than how to fill the form. */
const members = {
  onRequest: async (request: FastifyRequest) => {
    requireUser(request);
  },
};

export async function selfServiceRoutes(root: FastifyInstance, deps: Deps) {
  const app = root.withTypeProvider<ZodTypeProvider>();
  const { db } = deps.database;
  const tags = ['self-service'];
  const limit = { rateLimit: { max: 20 * deps.config.RATE_LIMIT_FACTOR, timeWindow: 60_000 } };

  app.post(
    '/api/user/buy',
    {
      ...members,
      schema: {
        tags,
        summary: 'Files a variety request (品种求购) for goods the catalogue lacks: 待处理 until an operator answers.',
        description: `${WHO} ${ONCE} Refused (code 400) past ${selfService.BUY_DAILY_LIMIT} requests in 24 hours (\`${selfService.BUY_TOO_MANY}\`). 422 with a message per field, nothing written.`,
        body: buyRequestBody,
        response: answers(BuyRequestSaved),
      },
      config: limit,
    },
    async (req) => ok(await selfService.fileBuyRequest(db, requireUser(req), req.body)),
  );
  app.get(
    '/api/user/buy',
    {
      ...members,
      schema: {
        tags,
        summary: "The account's variety requests (20 a page, newest first) by state, with the operator's replies and the count of each state.",
        querystring: buyRequestQuery,
        response: answers(BuyRequestPage),
      },
    },
    async (req) => ok(await selfService.listBuyRequests(db, requireUser(req), req.query)),
  );
  app.get(
    '/api/user/buy/:id',
    {
      ...members,
      schema: {
        tags,
        summary: 'One variety request with its reply and, once listed (已上架), the goods.',
        description: "Another account's request answers 404.",
        params: buyRequestParams,
        response: answers(BuyRequest),
      },
    },
    async (req) => ok(await selfService.buyRequestDetail(db, requireUser(req), req.params.id)),
  );

  app.post(
    '/api/user/feedback',
    {
      ...members,
      schema: {
        tags,
        summary: 'Files feedback (意见反馈): type, content, up to 4 pictures uploaded first through POST /api/upload, and a contact.',
        description: `${WHO} ${ONCE} Pictures must be the account's own uploads (422 on \`images\`). Refused (code 400) past ${selfService.FEEDBACK_DAILY_LIMIT} in 24 hours (\`${selfService.FEEDBACK_TOO_MANY}\`). 422 with a message per field, nothing written.`,
        body: feedbackBody,
        response: answers(FeedbackSaved),
      },
      config: limit,
    },
    async (req) => ok(await selfService.fileFeedback(db, requireUser(req), req.body)),
  );
  app.get(
    '/api/user/feedback',
    {
      ...members,
      schema: {
        tags,
        summary: "The account's feedback (10 a page, newest first) with the operator's replies.",
        querystring: feedbackQuery,
        response: answers(FeedbackPage),
      },
    },
    async (req) => ok(await selfService.listFeedback(db, requireUser(req), req.query.page)),
  );
}
