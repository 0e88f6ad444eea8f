/**
 * HTTP for the member centre, the account centre (licences, messages, WeChat, stores; kept by the accounts
 * module) and quick purchase.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { id } from '../../../core/schemas/common.js';
import {
  actForBody,
  fastBuyQuery,
  licenceAddBody,
  licenceUploadBody,
  messageListQuery,
  messageReadBody,
  wechatTicketBody,
} from '../../../core/schemas/member.js';
import type { Deps } from '../../deps.js';
import { requireSession as sessionOf } from '../../http/auth.js';
import { ok } from '../../http/envelope.js';
import * as licences from '../accounts/licences.js';
import * as messages from '../accounts/messages.js';
import * as stores from '../accounts/stores.js';
import * as wechat from '../accounts/wechat.js';
import { viewerOf } from '../catalogue/viewer.js';
import * as member from './service.js';

const licenceParams = z.object({ id: id('资质ID') });

export async function memberRoutes(root: FastifyInstance, deps: Deps) {
  const app = root.withTypeProvider<ZodTypeProvider>();
  const { db } = deps.database;
  const user = (req: FastifyRequest) => sessionOf(req).user;

  app.get('/api/user/center', async (req) => ok(await member.memberCentre(db, sessionOf(req), viewerOf(req))));

  app.get('/api/user/zizhi', async (req) => ok(await licences.listLicences(db, user(req))));
  app.post('/api/user/zizhi', { schema: { body: licenceAddBody } }, async (req) => ok(await licences.addLicence(db, user(req), req.body)));
  app.post('/api/user/zizhi/:id', { schema: { params: licenceParams, body: licenceUploadBody } }, async (req) =>
    ok(await licences.reuploadLicence(db, user(req), req.params.id, req.body)),
  );

  app.get('/api/message', { schema: { querystring: messageListQuery } }, async (req) => ok(await messages.listMessages(db, user(req).id, req.query)));
  app.post('/api/message/read', { schema: { body: messageReadBody } }, async (req) => ok(await messages.readMessages(db, user(req).id, req.body)));

  app.get('/api/user/wechat', async (req) => ok(await wechat.wechatBinding(db, sessionOf(req))));
  app.get('/api/user/bind_wechat', { schema: { querystring: wechatTicketBody } }, async (req) => {
    sessionOf(req);
    return ok(await wechat.bindTicketStatus(db, req.query.ticket));
  });
  app.post('/api/user/bind_wechat', { schema: { body: wechatTicketBody } }, async (req) => ok(await wechat.bindWechat(db, sessionOf(req), req.body.ticket)));
  app.delete('/api/user/unbind_wechat', async (req) => ok(await wechat.unbindWechat(db, sessionOf(req))));

  app.get('/api/user/dd', async (req) => ok(await stores.chainStores(db, sessionOf(req))));
  app.post('/api/user/act_for', { schema: { body: actForBody } }, async (req) => ok(await stores.actFor(db, sessionOf(req), req.body.store_id)));
  app.delete('/api/user/act_for', async (req) => ok(await stores.stopActing(db, sessionOf(req))));

  app.get('/api/user/fast_buy', { schema: { querystring: fastBuyQuery } }, async (req) => ok(await member.fastBuy(db, user(req), viewerOf(req), req.query)));
}
