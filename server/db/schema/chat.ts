/**
 * Customer-service chat (在线客服, DESIGN.md section 15): one conversation per buyer account, assigned to an
 * operator (the account's dedicated contact when online, else any online `service` operator), its messages stored
 * before they are pushed, and the operators' canned replies.
 */
import { index, integer, jsonb, pgTable, serial, text, timestamp, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import { users } from './accounts.js';

export const conversations = pgTable(
  'chat_conversations',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** The operator answering it; null: waiting for one. */
    operatorId: integer('operator_id'),
    lastMessageId: integer('last_message_id'),
    /** Messages the buyer has not read, and the operators. */
    userUnread: integer('user_unread').notNull().default(0),
    operatorUnread: integer('operator_unread').notNull().default(0),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('chat_conversations_user_uq').on(t.userId), index('chat_conversations_updated_idx').on(t.updatedAt)],
);

export const CHAT_KINDS = ['text', 'image', 'goods', 'order'] as const;
export type ChatKind = (typeof CHAT_KINDS)[number];

/**
 * `sender` user (the buyer), operator or system; `body` the text, a picture's address, or a goods or order id with
 * what the card shows (`card`, copied when sent).
 */
export const chatMessages = pgTable(
  'chat_messages',
  {
    id: serial('id').primaryKey(),
    conversationId: integer('conversation_id')
      .notNull()
      .references(() => conversations.id, { onDelete: 'cascade' }),
    sender: varchar('sender', { length: 8 }).$type<'user' | 'operator' | 'system'>().notNull(),
    senderId: integer('sender_id'),
    kind: varchar('kind', { length: 8 }).$type<ChatKind>().notNull().default('text'),
    body: text('body').notNull(),
    card: jsonb('card').$type<Record<string, unknown>>(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('chat_messages_conversation_idx').on(t.conversationId, t.id)],
);

/** 快捷回复: an operator's own (operator_id) or everybody's (null). */
export const cannedReplies = pgTable('chat_canned_replies', {
  id: serial('id').primaryKey(),
  operatorId: integer('operator_id'),
  text: varchar('text', { length: 300 }).notNull(),
  sort: integer('sort').notNull().default(0),
});
