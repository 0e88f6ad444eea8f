/** HTTP for the account centre: licences, messages and a chain's stores. */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { id } from '../../../core/schemas/common.js';
import { answers } from '../../../core/schemas/envelope.js';
import {
  actForBody,
  ChainStores,
  Licence,
  licenceAddBody,
  LicenceList,
  licenceUploadBody,
  messageListQuery,
  MessagePage,
  messageReadBody,
  MessagesRead,
} from '../../../core/schemas/member.js';
import { UserBase } from '../../../core/schemas/user.js';
import type { Deps } from '../../deps.js';
import { requireSession as sessionOf } from '../../http/auth.js';
import { ok } from '../../http/envelope.js';
import { addLicence, listLicences, reuploadLicence } from './licences.js';
import { listMessages, readMessages } from './messages.js';
import { actFor, chainStores, stopActing } from './stores.js';

const licenceParams = z.object({ id: id('资质ID') });

export async function accountCentreRoutes(root: FastifyInstance, deps: Deps) {
  const app = root.withTypeProvider<ZodTypeProvider>();
  const { db } = deps.database;
  const user = (req: FastifyRequest) => sessionOf(req).user;
  const tags = ['accounts'];
  app.get(
    '/api/user/zizhi',
    {
      schema: { tags, summary: "The account's licences, those its company type needs, and where the review stands.", response: answers(LicenceList) },
    },
    async (req) => ok(await listLicences(db, user(req))),
  );
  app.post(
    '/api/user/zizhi',
    {
      schema: {
        tags,
        summary: 'Uploads a licence of a type: a new one, or a new picture in place of the one held; it waits for review.',
        description:
          '`image` must be an `/uploads/...` file of this account; `valid_until` YYYY-MM-DD, today or later. An approved account keeps buying meanwhile; a refused one (`is_passed` 2) waits for review again.',
        body: licenceAddBody,
        response: answers(Licence),
      },
    },
    async (req) => ok(await addLicence(db, user(req), req.body)),
  );
  app.post(
    '/api/user/zizhi/:id',
    {
      schema: {
        tags,
        summary: 'A new picture of one of the licences (renewal); it waits for review (status 0).',
        description:
          "`image` must be an `/uploads/...` file of this account; `valid_until` YYYY-MM-DD, today or later. An approved account keeps buying meanwhile; a refused one (`is_passed` 2) waits for review again. Another account's licence answers 404.",
        params: licenceParams,
        body: licenceUploadBody,
        response: answers(Licence),
      },
    },
    async (req) => ok(await reuploadLicence(db, user(req), req.params.id, req.body)),
  );
  app.get(
    '/api/message',
    {
      schema: {
        tags,
        summary: "The account's messages (10 a page), newest first, with the unread count.",
        querystring: messageListQuery,
        response: answers(MessagePage),
      },
    },
    async (req) => ok(await listMessages(db, user(req).id, req.query)),
  );
  app.post(
    '/api/message/read',
    {
      schema: {
        tags,
        summary: 'Marks messages read (`ids[]`, or `all=1`); answers the unread count left.',
        description: "An id of another account's message answers 404 and nothing is marked.",
        body: messageReadBody,
        response: answers(MessagesRead),
      },
    },
    async (req) => ok(await readMessages(db, user(req).id, req.body)),
  );
  app.get(
    '/api/user/dd',
    {
      schema: {
        tags,
        summary: "A chain headquarters' stores (多店管理) and the one this session acts for.",
        description: 'Stores are added through POST /api/user/register with `parent` (/register/dd).',
        response: answers(ChainStores),
      },
    },
    async (req) => ok(await chainStores(db, sessionOf(req))),
  );
  app.post(
    '/api/user/act_for',
    {
      schema: {
        tags,
        summary: "The headquarters acts for one of its stores; answers the store's user object with `actor`.",
        description:
          "From then on this session's cart, orders, addresses and wallet are the store's; `updateUserInfo` changes the store's contact, while the password and WeChat calls are refused (400). Another account's store answers 404.",
        body: actForBody,
        response: answers(UserBase),
      },
    },
    async (req) => ok(await actFor(db, sessionOf(req), req.body.store_id)),
  );
  app.delete(
    '/api/user/act_for',
    { schema: { tags, summary: "Back to the headquarters' own account; answers its user object (`actor` null).", response: answers(UserBase) } },
    async (req) => ok(await stopActing(db, sessionOf(req))),
  );
}
