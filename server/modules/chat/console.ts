/**
 * 客服 › 在线客服 in the console (`chat:reply`): the inbox (mine, waiting for someone, all; newest activity first,
 * with unread counts and the last message), a conversation with the buyer's company, contacts and latest orders
 * beside it, transfer to another connected operator, who is connected, and the canned replies (快捷回复): an
 * operator's own, and the shared ones a 超级管理员 keeps. Transfers and canned replies are audited writes.
 */
import { and, asc, count, desc, eq, inArray, isNull, or, sql, type SQL } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import type { z } from 'zod';
import type { AdminChatDetail, AdminChatInbox, adminChatInboxQuery, CannedReply, cannedReplyBody, ChatOperator } from '../../../core/schemas/chat.js';
import type { Conn, Db } from '../../db/client.js';
import { cannedReplies, chatMessages, conversations } from '../../db/schema/chat.js';
import { requireOperator } from '../../http/auth.js';
import { invalid, notFound, refuse } from '../../http/envelope.js';
import { userDetail, briefOf, buyersMatching, userBriefs } from '../accounts/index.js';
import { audited } from '../operators/index.js';
import { adminListOrders } from '../orders/index.js';
import { chatOperators, conversationById, conversationView, operatorNamesById, type ChatService } from './service.js';

const PER_PAGE = 20;
/** Orders shown beside a conversation. */
const LATEST_ORDERS = 5;
const CANNED_MISSING = '快捷回复不存在';

/** `GET /api/admin/chat/conversations`: one scope's conversations, newest activity first, and the count of each scope. */
export async function inbox(db: Db, operatorId: number, q: z.infer<typeof adminChatInboxQuery>): Promise<AdminChatInbox> {
  const mine = eq(conversations.operatorId, operatorId);
  const waiting = isNull(conversations.operatorId);
  const where: SQL[] = [];
  if (q.scope === 'mine') where.push(mine);
  if (q.scope === 'waiting') where.push(waiting);
  if (q.keyword) {
    const buyers = await buyersMatching(db, q.keyword);
    where.push(buyers.length ? inArray(conversations.userId, buyers) : sql`false`);
  }
  const cond = where.length ? and(...where) : undefined;
  const [rows, [{ n }], [counts]] = await Promise.all([
    db
      .select()
      .from(conversations)
      .where(cond)
      .orderBy(desc(conversations.updatedAt), desc(conversations.id))
      .limit(PER_PAGE)
      .offset((q.page - 1) * PER_PAGE),
    db.select({ n: count() }).from(conversations).where(cond),
    db
      .select({
        mine: sql<number>`count(*) filter (where ${mine})::int`,
        waiting: sql<number>`count(*) filter (where ${waiting})::int`,
        all: sql<number>`count(*)::int`,
        unread_mine: sql<number>`count(*) filter (where ${mine} and ${conversations.operatorUnread} > 0)::int`,
        unread_waiting: sql<number>`count(*) filter (where ${waiting} and ${conversations.operatorUnread} > 0)::int`,
      })
      .from(conversations),
  ]);
  const lastIds = rows.map((r) => r.lastMessageId).filter((id): id is number => id !== null);
  const [briefs, names, lasts] = await Promise.all([
    userBriefs(
      db,
      rows.map((r) => r.userId),
    ),
    operatorNamesById(db),
    lastIds.length ? db.select().from(chatMessages).where(inArray(chatMessages.id, lastIds)) : Promise.resolve([]),
  ]);
  const lastOf = new Map(lasts.map((m) => [m.id, m]));
  return {
    current_page: q.page,
    data: rows.map((r) => conversationView(r, briefOf(briefs, r.userId), names, r.lastMessageId ? (lastOf.get(r.lastMessageId) ?? null) : null)),
    last_page: Math.max(1, Math.ceil(n / PER_PAGE)),
    per_page: PER_PAGE,
    total: n,
    counts,
  };
}

/** `GET /api/admin/chat/conversations/{id}`: the conversation, who the buyer is, and their latest orders. */
export async function chatDetail(chat: ChatService, id: number): Promise<AdminChatDetail> {
  const { db } = chat;
  const conv = await conversationById(db, id);
  const [u, orders, briefs, names, [last]] = await Promise.all([
    userDetail(db, conv.userId),
    adminListOrders(db, { page: 1, keyword: '', user_id: conv.userId }),
    userBriefs(db, [conv.userId]),
    operatorNamesById(db),
    conv.lastMessageId ? db.select().from(chatMessages).where(eq(chatMessages.id, conv.lastMessageId)) : Promise.resolve([]),
  ]);
  return {
    conversation: conversationView(conv, briefOf(briefs, conv.userId), names, last ?? null),
    buyer: {
      id: u.id,
      username: u.username,
      company: u.company,
      company_type: u.company_type,
      name: u.name,
      phone: u.phone,
      contact_phone: u.contact_phone,
      region: u.region,
      address: u.address,
      is_passed: u.is_passed,
      is_passed_text: u.is_passed_text,
      rank: u.rank,
      contacts: u.contacts.map((c) => ({ name: c.name, phone: c.phone, is_default: c.is_default })),
    },
    orders: orders.data.slice(0, LATEST_ORDERS).map((o) => ({
      id: o.id,
      order_no: o.order_no,
      status: o.status,
      status_text: o.status_text,
      pay_amount: o.pay_amount,
      item_count: o.item_count,
      created_at: o.created_at,
    })),
  };
}

/**
 * `POST /api/admin/chat/conversations/{id}/transfer`: hands the conversation to another connected operator who
 * answers the chat (or takes it: the operator names themselves). The buyer reads a line saying so.
 */
export async function transfer(chat: ChatService, req: FastifyRequest, id: number, targetId: number) {
  const [operators, online] = await Promise.all([chatOperators(chat.db), chat.hub.online()]);
  const target = operators.get(targetId);
  if (!target) throw invalid('operator_id', '该操作员不存在或不负责在线客服');
  if (!online.includes(targetId)) throw refuse('该客服当前不在线，无法转接');
  const changed = await audited(
    chat.db,
    req,
    { permission: 'chat:reply', stale: 'nothing', action: 'chat.transfer', targetType: 'chat', targetId: id },
    async (tx, me) => {
      const conv = await conversationById(tx, id, true);
      if (conv.operatorId === targetId) return { before: null, after: null, result: null };
      const text = targetId === me.id ? `客服${target.name}已接入，为您服务` : `您的咨询已转接至客服${target.name}，请稍候`;
      const line = await chat.systemLine(tx, id, text);
      const [after] = await tx
        .update(conversations)
        .set({ operatorId: targetId, lastMessageId: line.id, updatedAt: line.createdAt })
        .where(eq(conversations.id, id))
        .returning();
      return { before: { operator_id: conv.operatorId }, after: { operator_id: targetId }, result: { conv: after, line } };
    },
  );
  if (!changed) return (await chat.announceConversation(await conversationById(chat.db, id), null)).conversation;
  return (await chat.announceConversation(changed.conv, changed.line)).conversation;
}

/** `GET /api/admin/chat/operators`: who answers the chat, who is connected, and how many conversations each has. */
export async function chatOperatorList(chat: ChatService, meId: number): Promise<ChatOperator[]> {
  const [operators, online, loads] = await Promise.all([
    chatOperators(chat.db),
    chat.hub.online(),
    chat.db.select({ operatorId: conversations.operatorId, n: count() }).from(conversations).groupBy(conversations.operatorId),
  ]);
  const load = new Map(loads.map((l) => [l.operatorId, l.n]));
  return [...operators.values()]
    .map((o) => ({
      id: o.id,
      name: o.name,
      username: o.username,
      online: online.includes(o.id) ? (1 as const) : (0 as const),
      conversations: load.get(o.id) ?? 0,
      me: o.id === meId ? (1 as const) : (0 as const),
    }))
    .sort((a, b) => b.online - a.online || a.id - b.id);
}

// ------------------------------------------------------------------------------------------------ canned replies

type CannedRow = typeof cannedReplies.$inferSelect;
const cannedView = (r: CannedRow, me: number): CannedReply => ({
  id: r.id,
  text: r.text,
  shared: r.operatorId === null ? 1 : 0,
  mine: r.operatorId === me ? 1 : 0,
  sort: r.sort,
});

/** The operator's own replies first, then the shared ones, each in their order. */
export async function listCanned(db: Db, me: number): Promise<CannedReply[]> {
  const rows = await db
    .select()
    .from(cannedReplies)
    .where(or(eq(cannedReplies.operatorId, me), isNull(cannedReplies.operatorId)))
    .orderBy(sql`${cannedReplies.operatorId} is null`, asc(cannedReplies.sort), asc(cannedReplies.id));
  return rows.map((r) => cannedView(r, me));
}

/** Shared replies are kept by whoever may administer operators (超级管理员); anyone answering the chat keeps their own. */
function assertMayShare(req: FastifyRequest) {
  if (!requireOperator(req).permissions.has('operator:admin')) throw refuse('公共快捷回复由超级管理员维护，您可以添加自己的快捷回复');
}

async function cannedRow(tx: Conn, id: number, me: number, lock = true) {
  const query = tx
    .select()
    .from(cannedReplies)
    .where(and(eq(cannedReplies.id, id), or(eq(cannedReplies.operatorId, me), isNull(cannedReplies.operatorId))));
  const [row] = lock ? await query.for('update') : await query;
  if (!row) throw notFound(CANNED_MISSING);
  return row;
}

const trail = (r: CannedRow) => ({ text: r.text, shared: r.operatorId === null, sort: r.sort });

export async function createCanned(db: Db, req: FastifyRequest, body: z.infer<typeof cannedReplyBody>) {
  if (body.shared) assertMayShare(req);
  return audited(
    db,
    req,
    { permission: 'chat:reply', stale: 'nothing', action: 'chat.canned.create', targetType: 'chat_canned', targetId: '' },
    async (tx, me) => {
      const [row] = await tx
        .insert(cannedReplies)
        .values({ operatorId: body.shared ? null : me.id, text: body.text, sort: body.sort })
        .returning();
      return { before: null, after: trail(row), result: cannedView(row, me.id), targetId: row.id };
    },
  );
}

export async function updateCanned(db: Db, req: FastifyRequest, id: number, body: z.infer<typeof cannedReplyBody>) {
  return audited(
    db,
    req,
    { permission: 'chat:reply', stale: 'nothing', action: 'chat.canned.update', targetType: 'chat_canned', targetId: id },
    async (tx, me) => {
      const before = await cannedRow(tx, id, me.id);
      if (before.operatorId === null || body.shared) assertMayShare(req);
      const [after] = await tx
        .update(cannedReplies)
        .set({ text: body.text, sort: body.sort, operatorId: body.shared ? null : (before.operatorId ?? me.id) })
        .where(eq(cannedReplies.id, id))
        .returning();
      return { before: trail(before), after: trail(after), result: cannedView(after, me.id) };
    },
  );
}

export async function deleteCanned(db: Db, req: FastifyRequest, id: number) {
  return audited(
    db,
    req,
    { permission: 'chat:reply', stale: 'nothing', action: 'chat.canned.delete', targetType: 'chat_canned', targetId: id },
    async (tx, me) => {
      const before = await cannedRow(tx, id, me.id);
      if (before.operatorId === null) assertMayShare(req);
      await tx.delete(cannedReplies).where(eq(cannedReplies.id, id));
      return { before: trail(before), after: null, result: null };
    },
  );
}
