/** HTTP of 客服 › 在线客服 in the console (console.ts): permission `chat:reply`. */
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { UPLOAD_MAX_BYTES } from '../../../core/constants.js';
import {
  AdminChatConversation,
  AdminChatDetail,
  AdminChatInbox,
  adminChatInboxQuery,
  adminChatParams,
  ChatHistory,
  chatHistoryQuery,
  ChatMessage,
  ChatOperator,
  chatSendBody,
  chatTransferBody,
} from '../../../core/schemas/chat.js';
import { answers } from '../../../core/schemas/envelope.js';
import { Uploaded } from '../../../core/schemas/user.js';
import type { Deps } from '../../deps.js';
import { needs, requirePermission } from '../../http/auth.js';
import { invalid, ok } from '../../http/envelope.js';
import { fileRoutes, takeFile } from '../../http/files.js';
import { saveUpload, uploadStore } from '../uploads/index.js';
import { chatDetail, chatOperatorList, inbox, transfer } from './console.js';
import { conversationById, type ChatService } from './service.js';

/** The first bytes of the pictures a chat takes (JPG, PNG, GIF, WEBP). */
const isPicture = (b: Buffer) =>
  b.subarray(0, 8).equals(Buffer.from('89504e470d0a1a0a', 'hex')) ||
  (b[0] === 0xff && b[1] === 0xd8 && b[2] === 0xff) ||
  b.subarray(0, 4).toString('latin1') === 'GIF8' ||
  (b.subarray(0, 4).toString('latin1') === 'RIFF' && b.subarray(8, 12).toString('latin1') === 'WEBP');

export async function chatAdminRoutes(root: FastifyInstance, deps: Deps, chat: ChatService) {
  const app = root.withTypeProvider<ZodTypeProvider>();
  const { db } = deps.database;
  const store = uploadStore(deps);
  const tags = ['chat'];
  const guard = needs('chat:reply');
  const me = (req: Parameters<typeof requirePermission>[0]) => requirePermission(req, 'chat:reply').operator;
  app.get(
    '/api/admin/chat/conversations',
    {
      ...guard,
      schema: {
        tags,
        summary: 'The inbox: mine, waiting for an operator (待接入) or all, newest activity first, with unread counts and the last message (chat:reply).',
        description: '`counts` gives the size of each scope and how many of its conversations have unread messages.',
        querystring: adminChatInboxQuery,
        response: answers(AdminChatInbox),
      },
    },
    async (req) => ok(await inbox(db, me(req).id, req.query)),
  );
  app.get(
    '/api/admin/chat/conversations/:id',
    {
      ...guard,
      schema: {
        tags,
        summary: "A conversation with the buyer's company, contact, dedicated service contacts and five latest orders (chat:reply).",
        params: adminChatParams,
        response: answers(AdminChatDetail),
      },
    },
    async (req) => ok(await chatDetail(chat, req.params.id)),
  );
  app.get(
    '/api/admin/chat/conversations/:id/messages',
    {
      ...guard,
      schema: {
        tags,
        summary: "A conversation's messages, oldest first, paged back by `before_id` or after `after_id` as the buyer's call (chat:reply).",
        params: adminChatParams,
        querystring: chatHistoryQuery,
        response: answers(ChatHistory),
      },
    },
    async (req) => ok(await chat.history(await conversationById(db, req.params.id), req.query)),
  );
  app.post(
    '/api/admin/chat/conversations/:id/messages',
    {
      ...guard,
      schema: {
        tags,
        summary: 'Answers the buyer: text, a picture, a goods card or an order card of this buyer; stored, then pushed (chat:reply).',
        description:
          'A conversation waiting for an operator becomes the sender’s. The same cleaning, cards and limits (20 in 10 s, 120 a minute) as the buyer’s call.',
        params: adminChatParams,
        body: chatSendBody,
        response: answers(ChatMessage),
      },
    },
    async (req) => ok(await chat.sendAsOperator(me(req), req.params.id, req.body)),
  );
  app.post(
    '/api/admin/chat/conversations/:id/read',
    {
      ...guard,
      schema: {
        tags,
        summary: "The buyer's messages are read: the conversation's unread count goes to 0 (chat:reply).",
        params: adminChatParams,
        response: answers(AdminChatConversation),
      },
    },
    async (req) => ok(await chat.readAsOperator(req.params.id)),
  );
  app.post(
    '/api/admin/chat/conversations/:id/transfer',
    {
      ...guard,
      schema: {
        tags,
        summary:
          'Hands the conversation to another connected operator who answers the chat, or takes it (the operator names themselves) (chat:reply, audited).',
        description:
          'Refused (code 400) for an operator not connected; 422 on `operator_id` for one who does not answer the chat. The buyer reads a line saying so.',
        params: adminChatParams,
        body: chatTransferBody,
        response: answers(AdminChatConversation),
      },
    },
    async (req) => ok(await transfer(chat, req, req.params.id, req.body.operator_id)),
  );
  await fileRoutes(root, (files) =>
    files.post(
      '/api/admin/chat/conversations/:id/picture',
      {
        ...guard,
        schema: {
          tags,
          summary:
            "Stores a picture to send in the conversation (multipart `file`: JPG, PNG, GIF or WEBP, at most 10 MB) as the buyer's own upload, so both sides may open it (chat:reply).",
          params: adminChatParams,
          response: answers(Uploaded),
        },
        config: { rateLimit: { max: 60 * deps.config.RATE_LIMIT_FACTOR, timeWindow: 60_000 } },
      },
      async (req) => {
        const conv = await conversationById(db, req.params.id);
        const { buffer, filename } = await takeFile(req, UPLOAD_MAX_BYTES, { none: '请选择要发送的图片', tooLarge: '图片不能超过10MB' });
        if (!isPicture(buffer)) throw invalid('file', '仅支持 JPG、PNG、GIF、WEBP 图片');
        const saved = await saveUpload(db, store, conv.userId, buffer, filename);
        if (!saved) throw invalid('file', '仅支持 JPG、PNG、GIF、WEBP 图片');
        return ok(saved);
      },
    ),
  );
  app.get(
    '/api/admin/chat/operators',
    {
      ...guard,
      schema: {
        tags,
        summary: 'The operators who answer the chat: who is connected now and how many conversations each has (chat:reply).',
        response: answers(z.array(ChatOperator)),
      },
    },
    async (req) => ok(await chatOperatorList(chat, me(req).id)),
  );
}
