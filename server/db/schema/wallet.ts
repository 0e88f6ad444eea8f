/**
 * The wallet's own records beside the ledger: cash vouchers (现金券) whose codes recharge the balance,
 * recharges paid through the gateway, and repayments of credit (账期) bills. Money is integer fen; what a
 * record does to a balance is always a ledger row written by `move()` in the same transaction.
 */
import { index, integer, jsonb, pgTable, serial, smallint, timestamp, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import { users } from './accounts.js';

const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();
const userRef = () =>
  integer('user_id')
    .notNull()
    .references(() => users.id, { onDelete: 'cascade' });

/**
 * 现金券: a code worth `amount` that recharges the balance of whoever redeems it. Handed to one account
 * (`user_id`) or, when that is null, to anyone holding the code. 0 unused, 1 redeemed.
 */
export const cashCoupons = pgTable(
  'cash_coupons',
  {
    id: serial('id').primaryKey(),
    code: varchar('code', { length: 20 }).notNull(),
    name: varchar('name', { length: 60 }).notNull(),
    amount: integer('amount').notNull(),
    userId: integer('user_id').references(() => users.id, { onDelete: 'cascade' }),
    status: smallint('status').notNull().default(0),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedBy: integer('used_by').references(() => users.id, { onDelete: 'set null' }),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('cash_coupons_code_uq').on(t.code), index('cash_coupons_user_idx').on(t.userId), index('cash_coupons_used_by_idx').on(t.usedBy)],
);

/** A balance recharge paid through the gateway: 0 waiting, 1 paid (balance and bonus credited), 2 closed. */
export const recharges = pgTable(
  'recharges',
  {
    id: serial('id').primaryKey(),
    rechargeNo: varchar('recharge_no', { length: 24 }).notNull(),
    userId: userRef(),
    amount: integer('amount').notNull(),
    /** The bonus of the recharge option reached, credited with the amount. */
    bonus: integer('bonus').notNull().default(0),
    status: smallint('status').notNull().default(0),
    paidAt: timestamp('paid_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('recharges_no_uq').on(t.rechargeNo), index('recharges_user_idx').on(t.userId, t.createdAt)],
);

/**
 * Repaying credit bills (账期还款): the bills chosen together, paid from the balance or online.
 * 0 waiting, 1 paid (the bills are repaid), 2 closed (a bill was repaid another way meanwhile).
 */
export const creditRepays = pgTable(
  'credit_repays',
  {
    id: serial('id').primaryKey(),
    repayNo: varchar('repay_no', { length: 24 }).notNull(),
    userId: userRef(),
    billIds: jsonb('bill_ids').$type<number[]>().notNull(),
    amount: integer('amount').notNull(),
    /** balance or online, once chosen. */
    method: varchar('method', { length: 16 }).notNull().default(''),
    status: smallint('status').notNull().default(0),
    paidAt: timestamp('paid_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('credit_repays_no_uq').on(t.repayNo), index('credit_repays_user_idx').on(t.userId, t.createdAt)],
);
