/** HTTP for binding a WeChat account to the account, from the account centre. */
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { answers } from '../../../core/schemas/envelope.js';
import { BindStatus, WechatBinding, WechatBound, wechatTicketBody, WechatUnbound } from '../../../core/schemas/member.js';
import type { Deps } from '../../deps.js';
import { requireSession as sessionOf } from '../../http/auth.js';
import { ok } from '../../http/envelope.js';
import { bindTicketStatus, bindWechat, unbindWechat, wechatBinding } from './wechat.js';

export async function wechatBindingRoutes(root: FastifyInstance, deps: Deps) {
  const app = root.withTypeProvider<ZodTypeProvider>();
  const { db } = deps.database;
  const tags = ['accounts'];
  app.get(
    '/api/user/wechat',
    {
      schema: {
        tags,
        summary: 'The WeChat binding, with the user object (the bind page skips GET /api/user/base).',
        response: answers(WechatBinding),
      },
    },
    async (req) => ok(await wechatBinding(db, sessionOf(req))),
  );
  app.get(
    '/api/user/bind_wechat',
    {
      schema: {
        tags,
        summary: 'Whether the QR code on the bind page (POST /api/wechat/qrcode) was scanned; reads only, never logs anyone in.',
        querystring: wechatTicketBody,
        response: answers(BindStatus),
      },
    },
    async (req) => {
      sessionOf(req);
      return ok(await bindTicketStatus(db, req.query.ticket));
    },
  );
  app.post(
    '/api/user/bind_wechat',
    {
      schema: {
        tags,
        summary: 'Binds the WeChat that scanned the ticket to the account.',
        description:
          'Refused (400) when that WeChat is bound to another account, when the code was not scanned yet, and while a headquarters acts for a store (the WeChat belongs to whoever logs in).',
        body: wechatTicketBody,
        response: answers(WechatBound),
      },
    },
    async (req) => ok(await bindWechat(db, sessionOf(req), req.body.ticket)),
  );
  app.delete(
    '/api/user/unbind_wechat',
    {
      schema: {
        tags,
        summary: 'Unbinds the WeChat; refused (400) when none is bound or while a headquarters acts for a store.',
        response: answers(WechatUnbound),
      },
    },
    async (req) => ok(await unbindWechat(db, sessionOf(req))),
  );
}
