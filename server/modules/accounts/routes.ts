/** HTTP for accounts: spec section 7 "User" calls and the login/registration calls of DESIGN.md section 6. */
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { LICENCE_TYPES, REQUIRED_LICENCES } from '../../../core/constants.js';
import { mobile } from '../../../core/schemas/common.js';
import {
  createCodeBody,
  forgetBody,
  loginBody,
  loginCodeBody,
  registerBody,
  resetPasswordBody,
  updateUserInfoBody,
} from '../../../core/schemas/user.js';
import type { Deps } from '../../deps.js';
import { ok, refuse, unauthenticated } from '../../http/envelope.js';
import * as registration from './registration.js';
import * as accounts from './service.js';
import * as stores from './stores.js';
import { requireUser } from '../../http/auth.js';
import { endSession } from './sessions.js';
import { issueCode, latestCode, sandboxSender, type SmsSender } from './sms.js';

export async function accountRoutes(root: FastifyInstance, deps: Deps, sms: SmsSender = sandboxSender) {
  const app = root.withTypeProvider<ZodTypeProvider>();
  const { db } = deps.database;
  const limit = (max: number, minutes = 1) => ({
    rateLimit: { max: max * deps.config.RATE_LIMIT_FACTOR, timeWindow: minutes * 60_000 },
  });

  app.get('/api/user/base', async (req) =>
    ok(req.session ? await accounts.userBase(db, req.session.user, req.session.token, req.session.actor) : await accounts.guestBase(db)),
  );

  app.post('/api/user/login', { schema: { body: loginBody }, config: limit(20) }, async (req, reply) =>
    ok(await accounts.login(db, req, reply, req.body.username, req.body.password)),
  );

  app.post('/api/user/login_code', { schema: { body: loginCodeBody }, config: limit(20) }, async (req, reply) =>
    ok(await accounts.loginByCode(db, req, reply, req.body.phone, req.body.code)),
  );

  app.delete('/api/user/logout', async (req, reply) => {
    await endSession(db, req, reply);
    return ok(null);
  });

  app.get('/api/user/phone/:value', { schema: { params: z.object({ value: mobile() }) } }, async (req) =>
    ok({ exists: (await accounts.findByPhone(db, req.params.value)) ? 1 : 0 }),
  );

  app.post('/api/user/create_code', { schema: { body: createCodeBody }, config: limit(10) }, async (req) => {
    const { phone, type } = req.body;
    const exists = Boolean(await accounts.findByPhone(db, phone));
    if (type === 'register' && exists) throw refuse('该手机号已注册');
    if (type === 'update') {
      // The code for a new login phone goes only to a logged-in account's new, unused number.
      requireUser(req);
      if (exists) throw refuse('该手机号已被其他账号使用');
    }
    if ((type === 'login' || type === 'forget') && !exists) throw refuse('该手机号未注册');
    return ok(await issueCode(db, sms, phone, type, req.ip));
  });

  app.get('/api/user/jyfw', async () => ok(await accounts.businessScopeList(db)));

  app.get('/api/user/licence_types', async () => ok({ types: LICENCE_TYPES, required: REQUIRED_LICENCES }));

  app.post('/api/user/register', { schema: { body: registerBody }, config: limit(20) }, async (req, reply) => {
    const body = req.body;
    if ('username' in body) return ok(await registration.registerStep1(db, req, reply, body));
    if (!req.session) throw unauthenticated();
    if ('company' in body) return ok(await registration.registerStep2(db, req.session, body));
    return ok(await registration.registerStep3(db, req.session, body));
  });

  app.post('/api/user/forget', { schema: { body: forgetBody }, config: limit(20) }, async (req) => {
    const body = req.body;
    return ok('ticket' in body ? await registration.forgetStep2(db, body) : await registration.forgetStep1(db, body));
  });

  app.post('/api/user/resetPassword', { schema: { body: resetPasswordBody }, config: limit(10) }, async (req, reply) => {
    requireUser(req);
    return ok(await accounts.resetPassword(db, req, reply, req.session!, req.body));
  });

  // A chain headquarters' stores (连锁门店), for copying cart lines to them and for multi-store management.
  app.get('/api/user/stores', async (req) => ok(await stores.storesOf(db, requireUser(req).id)));
  app.post('/api/user/updateUserInfo', { schema: { body: updateUserInfoBody }, config: limit(10) }, async (req) => {
    requireUser(req);
    return ok(await accounts.updateUserInfo(db, sms, req.session!, req.body));
  });

  if (deps.config.SMS_SANDBOX) {
    app.get('/api/dev/sms_outbox', { schema: { querystring: z.object({ phone: mobile() }) } }, async (req) => {
      const row = await latestCode(db, req.query.phone);
      return ok(row && { ...row, created_at: Math.floor(row.createdAt.getTime() / 1000), createdAt: undefined });
    });
  }
}
