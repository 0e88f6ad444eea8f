/**
 * 常购清单 (DESIGN.md section 18): the named lists of goods a buyer keeps (每周补货, 月底备货 ...), each goods with
 * the quantity usually bought. Owned by the goods-lists module.
 */
import { index, integer, pgTable, primaryKey, serial, timestamp, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import { users } from './accounts.js';
import { goods } from './catalogue.js';

const at = (name: string) => timestamp(name, { withTimezone: true }).notNull().defaultNow();

/** A named list of goods a buyer keeps (每周补货, 月底备货 ...), each with the quantity usually bought. */
export const goodsLists = pgTable(
  'goods_lists',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    name: varchar('name', { length: 20 }).notNull(),
    createdAt: at('created_at'),
    updatedAt: at('updated_at'),
  },
  (t) => [uniqueIndex('goods_lists_user_name_uq').on(t.userId, t.name)],
);

export const goodsListItems = pgTable(
  'goods_list_items',
  {
    listId: integer('list_id')
      .notNull()
      .references(() => goodsLists.id, { onDelete: 'cascade' }),
    goodsId: integer('goods_id')
      .notNull()
      .references(() => goods.id, { onDelete: 'cascade' }),
    quantity: integer('quantity').notNull(),
    addedAt: at('added_at'),
  },
  (t) => [primaryKey({ columns: [t.listId, t.goodsId] }), index('goods_list_items_goods_idx').on(t.goodsId)],
);
