/** HTTP for the account's own details and a chain headquarters' stores. */
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { answers } from '../../../core/schemas/envelope.js';
import { ChainStore } from '../../../core/schemas/member.js';
import { updateUserInfoBody, UserBase } from '../../../core/schemas/user.js';
import type { Deps } from '../../deps.js';
import { ok } from '../../http/envelope.js';
import * as accounts from './service.js';
import * as stores from './stores.js';
import { requireUser } from '../../http/auth.js';
import { sandboxSender, type SmsSender } from './sms.js';
import { rateLimits } from './routes.js';

export async function profileRoutes(root: FastifyInstance, deps: Deps, sms: SmsSender = sandboxSender) {
  const app = root.withTypeProvider<ZodTypeProvider>();
  const { db } = deps.database;
  const limit = rateLimits(deps);
  const tags = ['accounts'];
  // A chain headquarters' stores (连锁门店), for copying cart lines to them and for multi-store management.
  app.get(
    '/api/user/stores',
    { schema: { tags, summary: "A chain headquarters' stores (连锁门店), oldest first; empty for other accounts.", response: answers(z.array(ChainStore)) } },
    async (req) => ok(await stores.storesOf(db, requireUser(req).id)),
  );
  app.post(
    '/api/user/updateUserInfo',
    {
      schema: {
        tags,
        summary: 'Changes the contact person, the login phone and the e-mail; answers the user object.',
        description:
          "A new `phone` also needs `code` (sent to the new phone, `create_code` type `update`) and `password` (the current one): 422 on `code` and `password` when they are missing, `登录密码不正确`, `短信验证码不正确`; the old phone gets an SMS saying the phone changed. While a headquarters acts for a store, the phone is refused (400) and the rest changes the store's contact.",
        body: updateUserInfoBody,
        response: answers(UserBase),
      },
      config: limit(10),
    },
    async (req) => {
      requireUser(req);
      return ok(await accounts.updateUserInfo(db, sms, req.session!, req.body));
    },
  );
}
