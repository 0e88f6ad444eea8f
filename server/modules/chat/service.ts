/**
 * The chat's conversations and messages (DESIGN.md section 15, docs/decisions/027-chat.md). One conversation per
 * buyer account, made by its first message. A message is written, with the conversation's unread count and who
 * answers it, in one transaction; only then is it pushed to the buyer's sockets and the operators' (hub.ts), so a
 * side that is not connected finds it stored when it comes back.
 */
import { and, asc, count, desc, eq, gt, inArray, lt, sql } from 'drizzle-orm';
import { permissionsOf } from '../../../core/admin.js';
import { Code } from '../../../core/codes.js';
import {
  CHAT_SYNC_MAX,
  type AdminChatConversation,
  type ChatHistory,
  type ChatHistoryQuery,
  type ChatMessage,
  type ChatSend,
  type ChatState,
} from '../../../core/schemas/chat.js';
import type { Conn, Db } from '../../db/client.js';
import { chatMessages, conversations } from '../../db/schema/chat.js';
import type { OperatorRow, SessionUser } from '../../http/auth.js';
import { notFound, refuse } from '../../http/envelope.js';
import { userDetail, briefOf, userBriefs, type UserBrief } from '../accounts/index.js';
import { viewerOfUser, type Viewer } from '../catalogue/index.js';
import { listOperators } from '../operators/index.js';
import { contentOf, previewOf } from './cards.js';
import type { ChatHub } from './hub.js';
import type { ChatLimiter } from './limiter.js';

export const CHAT_OFF = '在线客服暂未开通，请通过QQ联系客服';
const CONVERSATION_MISSING = '会话不存在';

export type ConversationRow = typeof conversations.$inferSelect;
type MessageRow = typeof chatMessages.$inferSelect;
export type OperatorEntry = { id: number; name: string; username: string; canChat: boolean };

const seconds = (d: Date) => Math.floor(d.getTime() / 1000);

/** The operators who may answer the chat (`chat:reply`, not disabled), by id. One small table, read when needed. */
export async function chatOperators(db: Db): Promise<Map<number, OperatorEntry>> {
  const all = await listOperators(db);
  return new Map(
    all
      .filter((o) => !o.is_disabled && permissionsOf(o.roles).includes('chat:reply'))
      .map((o) => [o.id, { id: o.id, name: o.name, username: o.username, canChat: true }]),
  );
}

/** Every operator's name, the ones who no longer answer included (their old messages keep their names). */
export async function operatorNamesById(db: Db): Promise<Map<number, string>> {
  return new Map((await listOperators(db)).map((o) => [o.id, o.name]));
}

export async function conversationOfUser(conn: Conn, userId: number): Promise<ConversationRow | null> {
  const [row] = await conn.select().from(conversations).where(eq(conversations.userId, userId)).limit(1);
  return row ?? null;
}

export async function conversationById(conn: Conn, id: number, lock = false): Promise<ConversationRow> {
  const query = conn.select().from(conversations).where(eq(conversations.id, id));
  const [row] = lock ? await query.for('update') : await query;
  if (!row) throw notFound(CONVERSATION_MISSING);
  return row;
}

type Names = { company: string; operators: Map<number, string> };

function messageView(m: MessageRow, names: Names): ChatMessage {
  return {
    id: m.id,
    conversation_id: m.conversationId,
    sender: m.sender,
    sender_name: m.sender === 'operator' ? (names.operators.get(m.senderId ?? 0) ?? '客服') : m.sender === 'user' ? names.company : '',
    kind: m.kind,
    content: m.body,
    card: (m.card as ChatMessage['card']) ?? null,
    created_at: seconds(m.createdAt),
  };
}

function stateView(conv: ConversationRow | null, online: number[], names: Map<number, string>): ChatState {
  const operator = conv?.operatorId ? (names.get(conv.operatorId) ?? null) : null;
  return {
    conversation_id: conv?.id ?? null,
    unread: conv?.userUnread ?? 0,
    operator_unread: conv?.operatorUnread ?? 0,
    last_id: conv?.lastMessageId ?? 0,
    online: online.length ? 1 : 0,
    operator: operator ? { name: operator } : null,
  };
}

export function conversationView(conv: ConversationRow, brief: UserBrief, names: Map<number, string>, last: MessageRow | null): AdminChatConversation {
  return {
    id: conv.id,
    user: { id: brief.id, username: brief.username, company: brief.company, phone: brief.phone },
    operator: conv.operatorId ? { id: conv.operatorId, name: names.get(conv.operatorId) ?? '' } : null,
    last_message: last
      ? { sender: last.sender, kind: last.kind, preview: previewOf(last.kind, last.body, last.card ?? null), created_at: seconds(last.createdAt) }
      : null,
    unread: conv.operatorUnread,
    user_unread: conv.userUnread,
    updated_at: seconds(conv.updatedAt),
  };
}

/** Messages of a conversation: the page before `before_id` (or the latest), or those after `after_id`; oldest first. */
async function messagesOf(db: Db, convId: number, q: { before_id?: number; after_id?: number; limit: number }) {
  const take = q.limit + 1;
  if (q.after_id !== undefined) {
    const rows = await db
      .select()
      .from(chatMessages)
      .where(and(eq(chatMessages.conversationId, convId), gt(chatMessages.id, q.after_id)))
      .orderBy(asc(chatMessages.id))
      .limit(take);
    return { rows: rows.slice(0, q.limit), more: rows.length > q.limit };
  }
  const where = q.before_id ? and(eq(chatMessages.conversationId, convId), lt(chatMessages.id, q.before_id)) : eq(chatMessages.conversationId, convId);
  const rows = await db.select().from(chatMessages).where(where).orderBy(desc(chatMessages.id)).limit(take);
  return { rows: rows.slice(0, q.limit).reverse(), more: rows.length > q.limit };
}

/**
 * The chat of one app: its database, the sockets connected to it (hub) and the send limits. Every change is stored
 * first and announced after its transaction: the buyer gets the message with their new unread counts, the
 * operators the message with the conversation as the inbox lists it.
 */
export class ChatService {
  constructor(
    readonly db: Db,
    readonly hub: ChatHub,
    private readonly limiter: ChatLimiter,
  ) {}

  /** The buyer may chat (`is_can_chat`); otherwise the QQ links are theirs (code 403). */
  static allowed(user: SessionUser) {
    if (!user.isCanChat) throw refuse(CHAT_OFF, Code.forbidden);
  }

  async history(conv: ConversationRow | null, q: ChatHistoryQuery): Promise<ChatHistory> {
    if (!conv) return { conversation_id: null, list: [], has_more: 0 };
    const [{ rows, more }, names] = await Promise.all([messagesOf(this.db, conv.id, q), this.names(conv.userId)]);
    return { conversation_id: conv.id, list: rows.map((m) => messageView(m, names)), has_more: more ? 1 : 0 };
  }

  /** What a reconnecting client missed: the messages after the last one it has, at most CHAT_SYNC_MAX (`has_more` then). */
  sync(conv: ConversationRow | null, afterId: number) {
    return this.history(conv, { after_id: afterId, limit: CHAT_SYNC_MAX });
  }

  private async names(userId: number): Promise<Names> {
    const [briefs, operators] = await Promise.all([userBriefs(this.db, [userId]), operatorNamesById(this.db)]);
    return { company: briefOf(briefs, userId).company, operators };
  }

  async userState(userId: number): Promise<ChatState> {
    const [conv, online, names] = await Promise.all([conversationOfUser(this.db, userId), this.hub.online(), operatorNamesById(this.db)]);
    return stateView(conv, online, names);
  }

  /**
   * Who answers the buyer's next message: the operator answering now while connected; else the account's dedicated
   * service contact (专属客服, matched by name to an operator who answers the chat) when connected; else the connected
   * operator with the fewest conversations of the last day; with nobody connected, whoever answered before (they
   * find it on return) or nobody (待接入, every operator's to take).
   */
  async pickOperator(userId: number, current: number | null): Promise<number | null> {
    const online = new Set(await this.hub.online());
    if (current && online.has(current)) return current;
    const operators = await chatOperators(this.db);
    const eligible = [...operators.values()].filter((o) => online.has(o.id));
    if (!eligible.length) return current;
    const { contacts } = await userDetail(this.db, userId);
    for (const c of contacts) {
      const match = eligible.find((o) => o.name === c.name.trim());
      if (match) return match.id;
    }
    const since = new Date(Date.now() - 86_400_000);
    const loads = await this.db
      .select({ operatorId: conversations.operatorId, n: count() })
      .from(conversations)
      .where(
        and(
          inArray(
            conversations.operatorId,
            eligible.map((o) => o.id),
          ),
          gt(conversations.updatedAt, since),
        ),
      )
      .groupBy(conversations.operatorId);
    const load = new Map(loads.map((l) => [l.operatorId, l.n]));
    return eligible.sort((a, b) => (load.get(a.id) ?? 0) - (load.get(b.id) ?? 0) || a.id - b.id)[0].id;
  }

  /** A buyer's message: counted against the limits, checked, stored with the conversation's new state, then pushed. */
  async sendAsUser(user: SessionUser, send: ChatSend): Promise<ChatMessage> {
    ChatService.allowed(user);
    await this.limiter.take('user', user.id);
    const viewer = async (): Promise<Viewer> => viewerOfUser(user);
    const content = await contentOf(this.db, send, user.id, viewer);
    const before = await conversationOfUser(this.db, user.id);
    const picked = await this.pickOperator(user.id, before?.operatorId ?? null);
    const { conv, message } = await this.db.transaction(async (tx) => {
      await tx.insert(conversations).values({ userId: user.id }).onConflictDoNothing({ target: conversations.userId });
      const [locked] = await tx.select().from(conversations).where(eq(conversations.userId, user.id)).for('update');
      // Transferred while this message was on its way: the transfer stands.
      const operatorId = locked.operatorId !== (before?.operatorId ?? null) ? locked.operatorId : picked;
      const [m] = await tx
        .insert(chatMessages)
        .values({ conversationId: locked.id, sender: 'user', senderId: user.id, kind: content.kind, body: content.body, card: content.card })
        .returning();
      const [c] = await tx
        .update(conversations)
        .set({ lastMessageId: m.id, operatorId, operatorUnread: sql`${conversations.operatorUnread} + 1`, updatedAt: m.createdAt })
        .where(eq(conversations.id, locked.id))
        .returning();
      return { conv: c, message: m };
    });
    return this.announce(conv, message);
  }

  /** An operator's message in a conversation; a conversation nobody answered becomes theirs, and they have read it. */
  async sendAsOperator(operator: OperatorRow, conversationId: number, send: ChatSend): Promise<ChatMessage> {
    await this.limiter.take('operator', operator.id);
    const before = await conversationById(this.db, conversationId);
    const viewer = async (): Promise<Viewer> => {
      const u = await userDetail(this.db, before.userId);
      // How the buyer sees goods depends on these three fields of the account alone.
      const seen: Pick<SessionUser, 'id' | 'isPassed' | 'isSpecial'> = { id: u.id, isPassed: u.is_passed, isSpecial: u.is_special === 1 };
      return viewerOfUser(seen as SessionUser);
    };
    const content = await contentOf(this.db, send, before.userId, viewer);
    const { conv, message } = await this.db.transaction(async (tx) => {
      const locked = await conversationById(tx, conversationId, true);
      const [m] = await tx
        .insert(chatMessages)
        .values({ conversationId, sender: 'operator', senderId: operator.id, kind: content.kind, body: content.body, card: content.card })
        .returning();
      const [c] = await tx
        .update(conversations)
        .set({
          lastMessageId: m.id,
          operatorId: locked.operatorId ?? operator.id,
          userUnread: sql`${conversations.userUnread} + 1`,
          operatorUnread: 0,
          updatedAt: m.createdAt,
        })
        .where(eq(conversations.id, conversationId))
        .returning();
      return { conv: c, message: m };
    });
    return this.announce(conv, message);
  }

  /** A line the system writes into a conversation (a transfer), inside the caller's transaction; no unread count. */
  async systemLine(tx: Conn, conversationId: number, text: string) {
    const [m] = await tx.insert(chatMessages).values({ conversationId, sender: 'system', kind: 'text', body: text }).returning();
    return m;
  }

  /** The buyer has read the service's messages. */
  async readAsUser(user: SessionUser): Promise<ChatState> {
    ChatService.allowed(user);
    const [conv] = await this.db
      .update(conversations)
      .set({ userUnread: 0 })
      .where(and(eq(conversations.userId, user.id), gt(conversations.userUnread, 0)))
      .returning();
    if (conv) await this.announce(conv, null);
    return this.userState(user.id);
  }

  /** An operator has read the buyer's messages. */
  async readAsOperator(conversationId: number): Promise<AdminChatConversation> {
    const [conv] = await this.db
      .update(conversations)
      .set({ operatorUnread: 0 })
      .where(and(eq(conversations.id, conversationId), gt(conversations.operatorUnread, 0)))
      .returning();
    if (conv) return (await this.announceConversation(conv, null)).conversation;
    const row = await conversationById(this.db, conversationId);
    return (await this.views(row, null)).conversation;
  }

  private async views(conv: ConversationRow, message: MessageRow | null) {
    const [briefs, names, online, last] = await Promise.all([
      userBriefs(this.db, [conv.userId]),
      operatorNamesById(this.db),
      this.hub.online(),
      message || !conv.lastMessageId
        ? Promise.resolve(message)
        : this.db
            .select()
            .from(chatMessages)
            .where(eq(chatMessages.id, conv.lastMessageId))
            .then(([m]) => m ?? null),
    ]);
    const brief = briefOf(briefs, conv.userId);
    return {
      state: stateView(conv, online, names),
      conversation: conversationView(conv, brief, names, last),
      message: message ? messageView(message, { company: brief.company, operators: names }) : null,
    };
  }

  /** Pushes what changed to the buyer and the operators; answers the message as stored. */
  async announce(conv: ConversationRow, message: MessageRow): Promise<ChatMessage>;
  async announce(conv: ConversationRow, message: null): Promise<null>;
  async announce(conv: ConversationRow, message: MessageRow | null) {
    return (await this.announceConversation(conv, message)).message;
  }

  async announceConversation(conv: ConversationRow, message: MessageRow | null) {
    const v = await this.views(conv, message);
    if (v.message) {
      await this.hub.toUser(conv.userId, { type: 'message', message: v.message, state: v.state });
      await this.hub.toOperators({ type: 'message', message: v.message, conversation: v.conversation });
    } else {
      await this.hub.toUser(conv.userId, { type: 'state', state: v.state });
      await this.hub.toOperators({ type: 'conversation', conversation: v.conversation });
    }
    return v;
  }
}
