/** Cart lines of an account. */
import { sql } from 'drizzle-orm';
import { boolean, index, integer, pgTable, serial, smallint, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { users } from './accounts.js';

const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();

/** Cart lines; the cart module (pricing, checkout) builds on this table. */
export const cartItems = pgTable(
  'cart_items',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    goodsId: integer('goods_id').notNull(),
    /** 0 plain, 1 flash sale, 3 combination. */
    type: smallint('type').notNull().default(0),
    /** The bundle of a combination line (type 3); its goods_id is the bundle's first goods. */
    combinationId: integer('combination_id'),
    number: integer('number').notNull(),
    isSelected: boolean('is_selected').notNull().default(true),
    createdAt: createdAt(),
  },
  (t) => [index('cart_items_user_idx').on(t.userId), uniqueIndex('cart_items_line_uq').on(t.userId, t.goodsId, t.type, sql`coalesce(${t.combinationId}, 0)`)],
);
