/**
 * Self-service (自助服务, DESIGN.md section 15): 品种求购, a buyer's request for goods the catalogue lacks, and
 * 意见反馈, a buyer's feedback; operators answer both from the console (permission `service:reply`).
 */
import { index, integer, jsonb, pgTable, serial, smallint, text, timestamp, varchar } from 'drizzle-orm/pg-core';
import { users } from './accounts.js';

const userRef = () =>
  integer('user_id')
    .notNull()
    .references(() => users.id, { onDelete: 'cascade' });

/** 0 待处理, 1 已回复, 2 已上架 (with the goods), 3 无法采购. */
export const buyRequests = pgTable(
  'buy_requests',
  {
    id: serial('id').primaryKey(),
    userId: userRef(),
    name: varchar('name', { length: 60 }).notNull(),
    sccj: varchar('sccj', { length: 60 }).notNull().default(''),
    spec: varchar('spec', { length: 60 }).notNull().default(''),
    /** Units wanted, with their unit (盒, 瓶 ...) in `unit`. */
    quantity: integer('quantity').notNull(),
    unit: varchar('unit', { length: 8 }).notNull().default(''),
    /** The price the buyer expects per unit, fen; null: none given. */
    expectedPrice: integer('expected_price'),
    contact: varchar('contact', { length: 20 }).notNull(),
    phone: varchar('phone', { length: 20 }).notNull(),
    remark: varchar('remark', { length: 200 }).notNull().default(''),
    status: smallint('status').notNull().default(0),
    reply: varchar('reply', { length: 500 }).notNull().default(''),
    /** The goods now listed for it (status 2). */
    goodsId: integer('goods_id'),
    repliedBy: integer('replied_by'),
    repliedAt: timestamp('replied_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('buy_requests_user_idx').on(t.userId, t.id), index('buy_requests_status_idx').on(t.status, t.id)],
);

export const FEEDBACK_TYPES = ['goods', 'logistics', 'service', 'website', 'complaint', 'other'] as const;
export type FeedbackType = (typeof FEEDBACK_TYPES)[number];

/** 0 待处理, 1 已回复, 2 已关闭. */
export const feedbacks = pgTable(
  'feedbacks',
  {
    id: serial('id').primaryKey(),
    userId: userRef(),
    type: varchar('type', { length: 16 }).$type<FeedbackType>().notNull(),
    content: text('content').notNull(),
    /** Up to 4 uploaded pictures' addresses. */
    images: jsonb('images').$type<string[]>().notNull().default([]),
    contact: varchar('contact', { length: 40 }).notNull().default(''),
    status: smallint('status').notNull().default(0),
    reply: varchar('reply', { length: 500 }).notNull().default(''),
    repliedBy: integer('replied_by'),
    repliedAt: timestamp('replied_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('feedbacks_user_idx').on(t.userId, t.id), index('feedbacks_status_idx').on(t.status, t.id)],
);
