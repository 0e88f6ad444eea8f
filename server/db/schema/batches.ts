/**
 * Batches (批号) of goods and which batch every unit of an order came from (docs/decisions/033-batches.md). The
 * catalogue owns both: its stock statements lock a goods row before any of its batches.
 */
import { sql } from 'drizzle-orm';
import { check, date, index, integer, pgTable, serial, smallint, timestamp, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import type { BatchStatus } from '../../../core/status.js';
import { goods } from './catalogue.js';

/**
 * One batch of a goods in the warehouse. `quantity` is on hand; `held` of it belongs to open orders (placed and
 * not yet shipped), so `quantity - held` is what can still be sold. goods.number is the sum of that over the
 * batches that sell (合格, and expiring later than the goods' min_shelf_days from today), and goods.xq and
 * goods.scrq are the dates of the first of them: the batch a buyer receives next.
 */
export const goodsBatches = pgTable(
  'goods_batches',
  {
    id: serial('id').primaryKey(),
    goodsId: integer('goods_id')
      .notNull()
      .references(() => goods.id, { onDelete: 'cascade' }),
    /** The batch number (批号) printed on the box. */
    batchNo: varchar('batch_no', { length: 32 }).notNull(),
    /** Production date (生产日期). */
    scrq: date('scrq', { mode: 'string' }).notNull(),
    /** Expiry date (效期至): the last day it may be used. */
    xq: date('xq', { mode: 'string' }).notNull(),
    quantity: integer('quantity').notNull().default(0),
    held: integer('held').notNull().default(0),
    /** 0 待验, 1 合格, 2 锁定, 3 不合格 (core/status.ts BatchStatus). */
    status: smallint('status').$type<BatchStatus>().notNull().default(0),
    /** The inspection report (检验报告书), an uploaded file; null until one is attached. */
    report: varchar('report', { length: 255 }),
    /** Where it was received from (供货单位). */
    supplier: varchar('supplier', { length: 100 }).notNull().default(''),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('goods_batches_no_uq').on(t.goodsId, t.batchNo),
    // First expiring first out: a goods' batches in the order they are sold.
    index('goods_batches_fefo_idx').on(t.goodsId, t.xq, t.id),
    // The batches crossing into the near-expiry window on a given day (the daily sweep).
    index('goods_batches_xq_idx').on(t.xq),
    check('goods_batches_units_ck', sql`${t.held} >= 0 and ${t.held} <= ${t.quantity}`),
  ],
);

/**
 * Units of an order line taken from one batch (a line spanning batches has a row for each; a bundle line a row
 * per part's batch). Written when the order is placed, removed when the order is cancelled or refunded before
 * shipping; `returned` counts units that came back through a return.
 */
export const orderItemBatches = pgTable(
  'order_item_batches',
  {
    id: serial('id').primaryKey(),
    /** order_items.id: the orders module's line, named here without a reference across modules. */
    orderItemId: integer('order_item_id').notNull(),
    goodsId: integer('goods_id').notNull(),
    batchId: integer('batch_id')
      .notNull()
      .references(() => goodsBatches.id),
    units: integer('units').notNull(),
    returned: integer('returned').notNull().default(0),
  },
  (t) => [
    index('order_item_batches_item_idx').on(t.orderItemId),
    index('order_item_batches_batch_idx').on(t.batchId),
    check('order_item_batches_units_ck', sql`${t.units} > 0 and ${t.returned} >= 0 and ${t.returned} <= ${t.units}`),
  ],
);
