/**
 * Purchase lists (采购计划, DESIGN.md section 18): what a buyer's lists taught the site, the columns of their
 * spreadsheets and the goods chosen for their lines. Owned by the purchase-lists module.
 */
import type { PurchaseListField } from '../../../core/schemas/purchase-lists.js';
import { integer, pgTable, primaryKey, timestamp, varchar } from 'drizzle-orm/pg-core';
import { users } from './accounts.js';
import { goods } from './catalogue.js';

const userRef = () =>
  integer('user_id')
    .notNull()
    .references(() => users.id, { onDelete: 'cascade' });
const goodsRef = () =>
  integer('goods_id')
    .notNull()
    .references(() => goods.id, { onDelete: 'cascade' });
const at = (name: string) => timestamp(name, { withTimezone: true }).notNull().defaultNow();

/** The field a buyer said a column holds, by the column's header as written (trimmed), for their next list. */
export const purchaseListColumns = pgTable(
  'purchase_list_columns',
  {
    userId: userRef(),
    header: varchar('header', { length: 40 }).notNull(),
    field: varchar('field', { length: 12 }).$type<PurchaseListField>().notNull(),
    updatedAt: at('updated_at'),
  },
  (t) => [primaryKey({ columns: [t.userId, t.header] })],
);

/**
 * The goods a buyer chose for a line of a purchase list, by the line's key: its approval number, barcode, name,
 * spec and manufacturer, normalised. The same line in a later list is matched to it first after the exact codes.
 */
export const purchaseListChoices = pgTable(
  'purchase_list_choices',
  {
    userId: userRef(),
    lineKey: varchar('line_key', { length: 200 }).notNull(),
    goodsId: goodsRef(),
    updatedAt: at('updated_at'),
  },
  (t) => [primaryKey({ columns: [t.userId, t.lineKey] })],
);
