/** The account's messages (我的消息): the list, the unread count, marking read, and sending one. */
import { and, count, desc, eq, inArray } from 'drizzle-orm';
import type { MessagePage, MessagesRead } from '../../../core/schemas/member.js';
import type { Conn, Db } from '../../db/client.js';
import { messages } from '../../db/schema/accounts.js';
import { notFound } from '../../http/envelope.js';

const MESSAGE_MISSING = '消息不存在';
const MESSAGES_PER_PAGE = 10;
const seconds = (d: Date) => Math.floor(d.getTime() / 1000);

export async function listMessages(db: Db, userId: number, q: { page: number; type: 'all' | 'unread' }): Promise<MessagePage> {
  const where = q.type === 'unread' ? and(eq(messages.userId, userId), eq(messages.isRead, false)) : eq(messages.userId, userId);
  const [rows, [{ n }], [{ unread }]] = await Promise.all([
    db
      .select()
      .from(messages)
      .where(where)
      .orderBy(desc(messages.createdAt), desc(messages.id))
      .limit(MESSAGES_PER_PAGE)
      .offset((q.page - 1) * MESSAGES_PER_PAGE),
    db.select({ n: count() }).from(messages).where(where),
    db
      .select({ unread: count() })
      .from(messages)
      .where(and(eq(messages.userId, userId), eq(messages.isRead, false))),
  ]);
  return {
    current_page: q.page,
    data: rows.map((m) => ({ id: m.id, title: m.title, content: m.content, is_read: m.isRead ? 1 : 0, created_at: seconds(m.createdAt) })),
    last_page: Math.max(1, Math.ceil(n / MESSAGES_PER_PAGE)),
    per_page: MESSAGES_PER_PAGE,
    total: n,
    unread,
  };
}

/** Marks messages read: the given ids (all of them the account's, else 404 and nothing changes) or all. */
export async function readMessages(db: Db, userId: number, input: { ids?: number[]; all?: unknown }): Promise<MessagesRead> {
  const mine = eq(messages.userId, userId);
  if (input.all) {
    await db
      .update(messages)
      .set({ isRead: true })
      .where(and(mine, eq(messages.isRead, false)));
  } else {
    const ids = [...new Set(input.ids!)];
    await db.transaction(async (tx) => {
      const found = await tx
        .update(messages)
        .set({ isRead: true })
        .where(and(mine, inArray(messages.id, ids)))
        .returning({ id: messages.id });
      if (found.length !== ids.length) throw notFound(MESSAGE_MISSING);
    });
  }
  const [{ unread }] = await db
    .select({ unread: count() })
    .from(messages)
    .where(and(mine, eq(messages.isRead, false)));
  return { unread };
}

/** A message to the account, in the caller's transaction (a review, a shipped order); answers its id. */
export async function sendMessage(conn: Conn, userId: number, title: string, content: string): Promise<number> {
  const [row] = await conn.insert(messages).values({ userId, title, content }).returning({ id: messages.id });
  return row.id;
}
