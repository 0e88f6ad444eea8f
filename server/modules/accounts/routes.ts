/** HTTP for signing in and out: spec section 7 "User" calls and the login calls of DESIGN.md section 6. */
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { mobile } from '../../../core/schemas/common.js';
import { answers } from '../../../core/schemas/envelope.js';
import { loginBody, loginCodeBody, PhoneExists, UserBase } from '../../../core/schemas/user.js';
import type { Deps } from '../../deps.js';
import { ok } from '../../http/envelope.js';
import * as accounts from './service.js';
import { endSession } from './sessions.js';

/** Rate limits per address: `max` requests a window of `minutes`, times the load tests' factor. */
export const rateLimits =
  (deps: Deps) =>
  (max: number, minutes = 1) => ({
    rateLimit: { max: max * deps.config.RATE_LIMIT_FACTOR, timeWindow: minutes * 60_000 },
  });

export async function accountRoutes(root: FastifyInstance, deps: Deps) {
  const app = root.withTypeProvider<ZodTypeProvider>();
  const { db } = deps.database;
  const limit = rateLimits(deps);
  const tags = ['accounts'];
  app.get(
    '/api/user/base',
    { schema: { tags, summary: 'The user object; a guest gets `show` 0 with the site fields filled.', response: answers(UserBase) } },
    async (req) => ok(req.session ? await accounts.userBase(db, req.session.user, req.session.token, req.session.actor) : await accounts.guestBase(db)),
  );
  app.post(
    '/api/user/login',
    {
      schema: {
        tags,
        summary: 'Logs in with a username or phone and the password; answers the user object and sets the session cookie.',
        description:
          '10 wrong passwords for one account (or one name that is no account) within 15 minutes, or 30 from one address, lock it for 15 minutes: code 429 `登录失败次数过多，请15分钟后再试，或使用短信验证码登录`, the same whether the account exists or not. A wrong password answers 422 on `password` (`用户名或密码错误`). The session cookie is `yct_session` (httpOnly); any session the request carried ends.',
        body: loginBody,
        response: answers(UserBase),
      },
      config: limit(20),
    },
    async (req, reply) => ok(await accounts.login(db, req, reply, req.body.username, req.body.password)),
  );
  app.post(
    '/api/user/login_code',
    {
      schema: {
        tags,
        summary: 'Logs in with the phone and an SMS code of type `login`; answers the user object.',
        description: 'An unknown phone answers 422 on `phone` (`该手机号未注册`); a wrong code 422 on `code`, and after five wrong tries the code is void.',
        body: loginCodeBody,
        response: answers(UserBase),
      },
      config: limit(20),
    },
    async (req, reply) => ok(await accounts.loginByCode(db, req, reply, req.body.phone, req.body.code)),
  );
  app.delete('/api/user/logout', { schema: { tags, summary: 'Ends the session.', response: answers(z.null()) } }, async (req, reply) => {
    await endSession(db, req, reply);
    return ok(null);
  });
  app.get(
    '/api/user/phone/:value',
    {
      schema: {
        tags,
        summary: 'Whether an account uses the phone (422 for a malformed phone).',
        params: z.object({ value: mobile() }),
        response: answers(PhoneExists),
      },
    },
    async (req) => ok(await accounts.phoneExists(db, req.params.value)),
  );
}
