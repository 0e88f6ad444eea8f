/**
 * Drug trace codes (药品追溯码) at the outbound check (出库复核), owned by the trace module
 * (docs/decisions/035-trace-codes-and-delivery-note.md).
 */
import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, pgTable, timestamp, varchar } from 'drizzle-orm/pg-core';
import { goods, goodsBatches } from './catalogue.js';

/**
 * A goods' 药品标识码: the first 7 digits of each of its 20-digit codes. A goods with a prefix and not
 * `without_codes` has every box scanned before its order ships; 器械, 中药饮片 and 保健食品 are sold without codes;
 * a goods with no row (or an empty prefix) is not yet set up and ships without codes.
 */
export const traceGoods = pgTable(
  'trace_goods',
  {
    goodsId: integer('goods_id')
      .primaryKey()
      .references(() => goods.id, { onDelete: 'cascade' }),
    prefix: varchar('prefix', { length: 7 }).notNull().default(''),
    withoutCodes: boolean('without_codes').notNull().default(false),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [check('trace_goods_prefix_ck', sql`${t.prefix} = '' or ${t.prefix} ~ '^[0-9]{7}$'`)],
);

/**
 * One scanned box: its 20-digit code, unique for ever across the site (the primary key, so the same code sent by
 * two operators at once is written once), bound to the order line and batch its box left with.
 */
export const traceCodes = pgTable(
  'trace_codes',
  {
    code: varchar('code', { length: 20 }).primaryKey(),
    /** orders.id and order_items.id: the orders module's, named here without a reference across modules. */
    orderId: integer('order_id').notNull(),
    orderItemId: integer('order_item_id').notNull(),
    goodsId: integer('goods_id').notNull(),
    batchId: integer('batch_id')
      .notNull()
      .references(() => goodsBatches.id),
    /** The operator who scanned it. */
    operatorId: integer('operator_id').notNull(),
    scannedAt: timestamp('scanned_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('trace_codes_order_idx').on(t.orderId, t.orderItemId),
    index('trace_codes_batch_idx').on(t.batchId),
    check('trace_codes_code_ck', sql`${t.code} ~ '^[0-9]{20}$'`),
  ],
);
