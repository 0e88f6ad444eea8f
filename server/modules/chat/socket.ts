/**
 * `GET /api/chat/ws`: the chat's WebSocket. A buyer connects with their session cookie (or Bearer token) and needs
 * `is_can_chat`; the console connects with `?role=operator` and the operator's session with `chat:reply`. Anyone
 * else is refused before the upgrade (401 without a session, 403 otherwise), and so is a page of another site: its
 * Origin must be this site's, as for every unsafe call (http/csrf.ts). Each frame is one JSON event of
 * core/schemas/chat.ts, handled in order. The server pings every 25 s and drops a peer that stops answering, and it
 * ends every connection after 30 minutes (close code 4000): the client reconnects, which checks its session again.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { WebSocket } from 'ws';
import { ZodError } from 'zod';
import { Code, Message } from '../../../core/codes.js';
import { CHAT_CLOSE, chatClientEvent, type ChatHistory } from '../../../core/schemas/chat.js';
import type { Db } from '../../db/client.js';
import type { OperatorRow, SessionUser } from '../../http/auth.js';
import { AppError, invalid, unauthenticated } from '../../http/envelope.js';
import { operatorOf } from '../operators/index.js';
import { CHAT_OFF, ChatService, conversationById, conversationOfUser } from './service.js';

type Party = { role: 'user'; user: SessionUser } | { role: 'operator'; operator: OperatorRow };

const PING_MS = 25_000;
const MAX_AGE_MS = 30 * 60_000;

let connected = 0;

/** The chat's WebSocket connections open in this process: a metric (http/metrics.ts), read when it is scraped. */
export const chatConnections = () => connected;

/** Whether the handshake's Origin, when it has one, is this site (browsers always send it with a WebSocket). */
function sameSite(request: FastifyRequest) {
  const origin = request.headers.origin;
  if (origin === undefined) return true;
  try {
    return new URL(origin).host === request.headers.host;
  } catch {
    return false;
  }
}

async function partyOf(db: Db, request: FastifyRequest): Promise<Party> {
  if (!sameSite(request)) throw new AppError(Code.forbidden, Message.forbidden, 403);
  if ((request.query as { role?: unknown }).role === 'operator') {
    const current = await operatorOf(db, request);
    if (!current) throw unauthenticated();
    if (!current.permissions.has('chat:reply')) throw new AppError(Code.forbidden, Message.noPermission, 403);
    return { role: 'operator', operator: current.operator };
  }
  const session = request.session;
  if (!session) throw unauthenticated();
  if (!session.user.isCanChat) throw new AppError(Code.forbidden, CHAT_OFF, 403);
  return { role: 'user', user: session.user };
}

/** The refusal a failed event answers with: a business or input refusal as it is, anything else masked. */
function refusal(err: unknown, log: FastifyRequest['log']): { code: number; message: string } {
  if (err instanceof AppError) return { code: err.code, message: err.message };
  if (err instanceof ZodError) return { code: Code.invalid, message: err.issues[0]?.message ?? Message.badBody };
  if (err instanceof SyntaxError) return { code: Code.invalid, message: Message.badBody };
  log.error({ err }, 'chat: event failed');
  return { code: Code.serverError, message: Message.serverError };
}

export function chatSocket(app: FastifyInstance, chat: ChatService) {
  const { db, hub } = chat;
  const parties = new WeakMap<FastifyRequest, Party>();

  app.get(
    '/api/chat/ws',
    {
      websocket: true,
      schema: { hide: true },
      preValidation: async (request) => {
        parties.set(request, await partyOf(db, request));
      },
    },
    (socket: WebSocket, request: FastifyRequest) => {
      const party = parties.get(request)!;
      connected++;
      socket.once('close', () => connected--);
      const born = Date.now();
      let alive = true;
      socket.on('pong', () => (alive = true));
      const timer = setInterval(() => {
        if (!alive) return socket.terminate();
        if (Date.now() - born > MAX_AGE_MS) return socket.close(CHAT_CLOSE.renew, 'renew');
        alive = false;
        socket.ping();
      }, PING_MS);
      timer.unref();

      // Events are handled one after another, once the socket has joined.
      let queue: Promise<unknown> = (async () => {
        if (party.role === 'user') {
          const leave = hub.joinUser(party.user.id, socket);
          socket.once('close', leave);
          hub.reply(socket, { type: 'ready', role: 'user', state: await chat.userState(party.user.id), online: [] });
        } else {
          const leave = await hub.joinOperator(party.operator.id, socket);
          socket.once('close', () => void leave());
          hub.reply(socket, { type: 'ready', role: 'operator', state: null, online: await hub.online() });
        }
      })().catch((err: unknown) => {
        request.log.error({ err }, 'chat: could not join');
        socket.close(1011);
      });
      socket.on('close', () => clearInterval(timer));

      const handle = async (data: unknown) => {
        let clientId: string | null = null;
        try {
          const raw = JSON.parse(String(data)) as { message?: { client_id?: unknown } };
          if (typeof raw?.message?.client_id === 'string') clientId = raw.message.client_id.slice(0, 40);
          const event = chatClientEvent.parse(raw);
          if (event.type === 'ping') return hub.reply(socket, { type: 'pong' });
          const conversationId = party.role === 'operator' ? event.conversation_id : undefined;
          if (party.role === 'operator' && event.type !== 'sync' && !conversationId) throw invalid('conversation_id', '请选择会话');
          if (event.type === 'send') {
            const message =
              party.role === 'user'
                ? await chat.sendAsUser(party.user, event.message)
                : await chat.sendAsOperator(party.operator, conversationId!, event.message);
            return hub.reply(socket, { type: 'ack', client_id: clientId, message });
          }
          if (event.type === 'read') {
            if (party.role === 'user') await chat.readAsUser(party.user);
            else await chat.readAsOperator(conversationId!);
            return;
          }
          let history: ChatHistory;
          if (party.role === 'user') history = await chat.sync(await conversationOfUser(db, party.user.id), event.after_id);
          else if (event.conversation_id) history = await chat.sync(await conversationById(db, event.conversation_id), event.after_id);
          else throw invalid('conversation_id', '请选择会话');
          hub.reply(socket, { type: 'sync', conversation_id: history.conversation_id, list: history.list, has_more: history.has_more });
        } catch (err) {
          hub.reply(socket, { type: 'error', ...refusal(err, request.log), client_id: clientId });
        }
      };
      socket.on('message', (data) => {
        queue = queue.then(() => handle(data));
      });
    },
  );
}
