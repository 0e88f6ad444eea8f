/** HTTP for SMS codes, registration and passwords (DESIGN.md section 6). */
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { LICENCE_TYPES, REQUIRED_LICENCES } from '../../../core/constants.js';
import { mobile } from '../../../core/schemas/common.js';
import { answers } from '../../../core/schemas/envelope.js';
import {
  BusinessScope,
  CodeSent,
  createCodeBody,
  forgetBody,
  LicenceTypes,
  PasswordForgotten,
  payPasswordBody,
  registerBody,
  Registered,
  resetPasswordBody,
  SentCode,
  UserBase,
} from '../../../core/schemas/user.js';
import type { Deps } from '../../deps.js';
import { ok, refuse, unauthenticated } from '../../http/envelope.js';
import * as registration from './registration.js';
import * as accounts from './service.js';
import { requireSession, requireUser } from '../../http/auth.js';
import { PAY_PASSWORD_ACTING, setPayPassword } from './pay-password.js';
import { issueCode, latestCode, sandboxSender, type SmsSender } from './sms.js';
import { rateLimits } from './routes.js';

export async function registrationRoutes(root: FastifyInstance, deps: Deps, sms: SmsSender = sandboxSender) {
  const app = root.withTypeProvider<ZodTypeProvider>();
  const { db } = deps.database;
  const limit = rateLimits(deps);
  const tags = ['accounts'];
  app.post(
    '/api/user/create_code',
    {
      schema: {
        tags,
        summary: 'Sends a 6-digit SMS code for registering, logging in, resetting the password, changing the login phone or binding.',
        description:
          'Refused (code 429) within 60 s of the last code to that phone, and after 10 codes to it in a day. `register` is refused (400 `该手机号已注册`) for a registered phone, `login` and `forget` (400 `该手机号未注册`) for an unknown one; `update` (a new login phone) needs a logged-in account (401) and a phone no account uses (400 `该手机号已被其他账号使用`); `pay_password` (setting the payment password) needs a logged-in account and goes only to its own login phone (400 `验证码只能发送到当前账号绑定的手机号`).',
        body: createCodeBody,
        response: answers(CodeSent),
      },
      config: limit(10),
    },
    async (req) => {
      const { phone, type } = req.body;
      const exists = Boolean(await accounts.findByPhone(db, phone));
      if (type === 'register' && exists) throw refuse('该手机号已注册');
      if (type === 'update') {
        // The code for a new login phone goes only to a logged-in account's new, unused number.
        requireUser(req);
        if (exists) throw refuse('该手机号已被其他账号使用');
      }
      if (type === 'pay_password') {
        // The code that sets the payment password goes only to the logged-in account's own phone.
        const session = requireSession(req);
        if (session.actor) throw refuse(PAY_PASSWORD_ACTING);
        if (phone !== session.user.phone) throw refuse('验证码只能发送到当前账号绑定的手机号');
      }
      if ((type === 'login' || type === 'forget') && !exists) throw refuse('该手机号未注册');
      return ok(await issueCode(db, sms, phone, type, req.ip));
    },
  );
  app.get(
    '/api/user/jyfw',
    { schema: { tags, summary: 'The business scopes (经营范围) a buyer chooses from at registration.', response: answers(z.array(BusinessScope)) } },
    async () => ok(await accounts.businessScopeList(db)),
  );
  app.get(
    '/api/user/licence_types',
    { schema: { tags, summary: 'Licence names, and the licences each company type must upload.', response: answers(LicenceTypes) } },
    async () => ok({ types: LICENCE_TYPES, required: REQUIRED_LICENCES }),
  );
  app.post(
    '/api/user/register',
    {
      schema: {
        tags,
        summary: 'Registers in three steps: the account, the company, the licences.',
        description:
          'Step 1 (`step=1`, phone, code of type `register`, username, password twice, agree=1) creates the account and logs it in: `{next: 2, user_id}`. A chain headquarters adding a store sends `parent` (its own id) and stays logged in: `{next: 2, store_id}`; `wechat_ticket` (a scanned login QR code) binds that WeChat. Step 2 (`step=2`, the company: 单体药店, 连锁总部, 连锁门店 (only a headquarters adds one), 诊所 or 医药公司) answers `{next: 3}`; step 3 (`step=3`, `licences[i][type|image|number|valid_until]`, every licence the company type needs, images uploaded by this account) answers `{done: 1}` and the account waits for review (`is_passed` 0). Steps 2 and 3 need the session of step 1 (401), or the headquarters with `parent` and `store_id`.',
        body: registerBody,
        response: answers(Registered),
      },
      config: limit(20),
    },
    async (req, reply) => {
      const body = req.body;
      if ('username' in body) return ok(await registration.registerStep1(db, req, reply, body));
      if (!req.session) throw unauthenticated();
      if ('company' in body) return ok(await registration.registerStep2(db, req.session, body));
      return ok(await registration.registerStep3(db, req.session, body));
    },
  );
  app.post(
    '/api/user/forget',
    {
      schema: {
        tags,
        summary: 'Resets a forgotten password in two steps: the phone with a code of type `forget`, then the new password.',
        description:
          'Step 1 (`step=1, phone, code`) answers `{ticket}`, valid for 30 minutes; step 2 (`step=2, ticket, password, password_confirmation`) answers `{done: 1}`, and every session of the account ends.',
        body: forgetBody,
        response: answers(PasswordForgotten),
      },
      config: limit(20),
    },
    async (req) => {
      const body = req.body;
      return ok('ticket' in body ? await registration.forgetStep2(db, body) : await registration.forgetStep1(db, body));
    },
  );
  app.post(
    '/api/user/resetPassword',
    {
      schema: {
        tags,
        summary: 'Changes the password (the old one first); other sessions end and this one rotates.',
        description: 'Refused (400) while a headquarters acts for a store: the password belongs to whoever logs in.',
        body: resetPasswordBody,
        response: answers(z.null()),
      },
      config: limit(10),
    },
    async (req, reply) => {
      requireUser(req);
      return ok(await accounts.resetPassword(db, req, reply, req.session!, req.body));
    },
  );
  app.post(
    '/api/user/pay_password',
    {
      schema: {
        tags,
        summary: 'Sets or changes the payment password (支付密码) that balance and credit payments need; answers the user object.',
        description:
          "Six digits (not one digit six times nor a run such as 123456), with the code sent to the account's own phone (`create_code` type `pay_password`): a wrong or missing code answers 422 on `code` and changes nothing. Stored as an argon2id hash; a change lifts the lock of five wrong tries. Refused (400) while a headquarters acts for a store: the payment password belongs to whoever logs in.",
        body: payPasswordBody,
        response: answers(UserBase),
      },
      config: limit(10),
    },
    async (req) => ok(await setPayPassword(db, requireSession(req), req.body)),
  );
  if (deps.config.SMS_SANDBOX) {
    app.get(
      '/api/dev/sms_outbox',
      {
        schema: {
          tags,
          summary: 'The latest SMS code sent to a phone (sandbox only, never in production).',
          querystring: z.object({ phone: mobile() }),
          response: answers(SentCode),
        },
      },
      async (req) => ok(await latestCode(db, req.query.phone)),
    );
  }
}
