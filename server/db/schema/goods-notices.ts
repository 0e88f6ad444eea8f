/**
 * 到货通知 and 降价提醒 (DESIGN.md section 18): a buyer asks to be told when a goods out of stock returns, or
 * when its price falls (below a target price, when one is given). Owned by the goods-notices module.
 */
import { sql } from 'drizzle-orm';
import { index, integer, pgTable, serial, smallint, timestamp, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import { users } from './accounts.js';
import { goods } from './catalogue.js';

export const GOODS_NOTICE_KINDS = ['arrival', 'price'] as const;
export type GoodsNoticeKind = (typeof GOODS_NOTICE_KINDS)[number];

/** 0 waiting, 1 told (the event happened and the buyer was sent a message), 2 cancelled by the buyer. */
export const goodsNotices = pgTable(
  'goods_notices',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    goodsId: integer('goods_id')
      .notNull()
      .references(() => goods.id, { onDelete: 'cascade' }),
    kind: varchar('kind', { length: 8 }).$type<GoodsNoticeKind>().notNull(),
    /** 降价提醒: tell when the price is at or below this, fen; null: at any fall below `price`. */
    targetPrice: integer('target_price'),
    /** The buyer's price of the goods when subscribed (or when last told), fen: a fall is measured from it. */
    price: integer('price').notNull(),
    status: smallint('status').notNull().default(0),
    toldAt: timestamp('told_at', { withTimezone: true }),
    /** The message sent when told. */
    messageId: integer('message_id'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    // One live subscription of a kind per buyer and goods; a told or cancelled one may be followed by a new one.
    uniqueIndex('goods_notices_live_uq')
      .on(t.userId, t.goodsId, t.kind)
      .where(sql`${t.status} = 0`),
    index('goods_notices_waiting_idx')
      .on(t.goodsId, t.kind)
      .where(sql`${t.status} = 0`),
    index('goods_notices_user_idx').on(t.userId, t.id),
  ],
);
