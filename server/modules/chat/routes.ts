/**
 * HTTP of the customer-service chat (在线客服, DESIGN.md section 15): the buyer's calls, the WebSocket
 * `/api/chat/ws` (socket.ts), and the console's calls (admin-routes.ts). Builds the app's chat: the hub of its
 * sockets (Redis fan-out with REDIS_URL), the send limits and the service they share.
 */
import websocket from '@fastify/websocket';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { CHAT_TEXT_MAX, ChatHistory, chatHistoryQuery, ChatMessage, chatSendBody, ChatState } from '../../../core/schemas/chat.js';
import { answers } from '../../../core/schemas/envelope.js';
import { siteNamespace } from '../../config.js';
import type { Deps } from '../../deps.js';
import { requireUser } from '../../http/auth.js';
import { ok } from '../../http/envelope.js';
import { chatAdminRoutes } from './admin-routes.js';
import { ChatHub } from './hub.js';
import { CHAT_TOO_FAST, ChatLimiter } from './limiter.js';
import { CHAT_OFF, ChatService, conversationOfUser } from './service.js';
import { chatSocket } from './socket.js';

const OFF = `Refused with code 403 (\`${CHAT_OFF}\`) for an account without \`is_can_chat\`, whose 客服 entries open the QQ links; 401 for a guest.`;

export async function chatRoutes(root: FastifyInstance, deps: Deps) {
  const app = root.withTypeProvider<ZodTypeProvider>();
  const { db } = deps.database;
  const tags = ['chat'];
  const namespace = siteNamespace(deps.config);
  const hub = await ChatHub.open(deps.config.REDIS_URL, namespace, root.log);
  root.addHook('onClose', () => hub.close());
  const chat = new ChatService(db, hub, new ChatLimiter(hub.commands, namespace, deps.config.RATE_LIMIT_FACTOR));

  app.get(
    '/api/chat/state',
    {
      schema: {
        tags,
        summary: "The buyer's conversation: unread counts both ways (the toolbar's badge), who answers it, whether the service is connected.",
        description: OFF,
        response: answers(ChatState),
      },
    },
    async (req) => {
      const user = requireUser(req);
      ChatService.allowed(user);
      return ok(await chat.userState(user.id));
    },
  );
  app.get(
    '/api/chat/messages',
    {
      schema: {
        tags,
        summary: "The buyer's messages, oldest first: the latest page, the page before `before_id`, or (`after_id`) the ones after the last a client has.",
        description: `\`limit\` 1-50, 20 by default; \`has_more\` 1 when older messages (or, with \`after_id\`, newer ones) are left. ${OFF}`,
        querystring: chatHistoryQuery,
        response: answers(ChatHistory),
      },
      config: { rateLimit: { max: 120 * deps.config.RATE_LIMIT_FACTOR, timeWindow: 60_000 } },
    },
    async (req) => {
      const user = requireUser(req);
      ChatService.allowed(user);
      return ok(await chat.history(await conversationOfUser(db, user.id), req.query));
    },
  );
  app.post(
    '/api/chat/messages',
    {
      schema: {
        tags,
        summary: 'Sends a message to the service: text, a picture, a goods card or an order card of the buyer. Stored, then pushed to the sockets.',
        description: [
          `Text is kept as plain text: markup is removed, at most ${CHAT_TEXT_MAX} characters remain (422 beyond, or when nothing is left).`,
          'A picture is an address `POST /api/upload` answered to this account; a goods card must be goods the buyer may see (404 otherwise);',
          'an order card must be the buyer’s own order (404 `订单不存在` for any other).',
          `Over the send limit (5 in 10 s, 20 a minute) it is refused with code 429 \`${CHAT_TOO_FAST}\` and nothing is stored.`,
          'The first message makes the conversation and gives it to the account’s dedicated contact when connected, else to a connected operator.',
          OFF,
        ].join(' '),
        body: chatSendBody,
        response: answers(ChatMessage),
      },
    },
    async (req) => ok(await chat.sendAsUser(requireUser(req), req.body)),
  );
  app.post(
    '/api/chat/read',
    { schema: { tags, summary: "The buyer has read the service's messages: the badge goes to 0.", description: OFF, response: answers(ChatState) } },
    async (req) => ok(await chat.readAsUser(requireUser(req))),
  );

  // The socket (one JSON event a frame, never large) with its plugin in a scope of its own: registered for the
  // whole app, the plugin ran two hooks and a wrapper of the handler with every request of every route.
  await root.register(async (scope) => {
    await scope.register(websocket, { options: { maxPayload: 64 * 1024 } });
    chatSocket(scope, chat);
  });
  await chatAdminRoutes(root, deps, chat);
}
