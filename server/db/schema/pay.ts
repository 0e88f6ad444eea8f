/** Online payments through a gateway and the notifications the gateway sent. */
import { index, integer, pgTable, serial, smallint, text, timestamp, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import { users } from './accounts.js';

const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();
const userRef = () =>
  integer('user_id')
    .notNull()
    .references(() => users.id, { onDelete: 'cascade' });

/** Online payments through a gateway (the sandbox by default): one row per attempt. */
export const payments = pgTable(
  'payments',
  {
    id: serial('id').primaryKey(),
    /** The order, or the credit bill being repaid. */
    refType: varchar('ref_type', { length: 16 }).notNull(),
    refId: integer('ref_id').notNull(),
    userId: userRef(),
    provider: varchar('provider', { length: 16 }).notNull(),
    /** What the gateway knows the payment by. */
    tradeNo: varchar('trade_no', { length: 40 }).notNull(),
    amount: integer('amount').notNull(),
    /** 0 waiting, 1 paid, 2 closed (another attempt succeeded or the order ended). */
    status: smallint('status').notNull().default(0),
    paidAt: timestamp('paid_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('payments_trade_uq').on(t.tradeNo), index('payments_ref_idx').on(t.refType, t.refId)],
);
/** Gateway notifications already taken: a replayed one is refused. */
export const paymentNotifies = pgTable('payment_notifies', {
  notifyId: varchar('notify_id', { length: 64 }).primaryKey(),
  provider: varchar('provider', { length: 16 }).notNull(),
  tradeNo: varchar('trade_no', { length: 40 }).notNull(),
  body: text('body').notNull(),
  createdAt: createdAt(),
});
