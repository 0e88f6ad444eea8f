/**
 * The wallet: each account's balances, the append-only ledger that every movement of money, credit, red
 * packet or points writes, coupons and the accounts' coupons, cash vouchers (现金券) whose codes recharge the
 * balance, recharges, and credit (账期) bills and their repayments. Money is integer fen; what a record does
 * to a balance is always a ledger row written by `move()` in the same transaction.
 */
import { sql } from 'drizzle-orm';
import { boolean, date, index, integer, jsonb, pgTable, serial, smallint, timestamp, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import { users } from './accounts.js';

const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();
const userRef = () =>
  integer('user_id')
    .notNull()
    .references(() => users.id, { onDelete: 'cascade' });

export type CouponScopeRule = { kind: 'all' } | { kind: 'categories'; ids: number[] } | { kind: 'goods'; ids: number[] };

/**
 * Each account's balances: what the ledger's last rows say, kept here to lock and read in one row. Points
 * stay on the account (`users.points`), moved the same way, with their own ledger rows.
 */
export const wallets = pgTable('wallets', {
  userId: integer('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  balance: integer('balance').notNull().default(0),
  /** 账期: the credit line and what of it is in use (unpaid bills). */
  creditLimit: integer('credit_limit').notNull().default(0),
  creditUsed: integer('credit_used').notNull().default(0),
  /** Days a bill may stay unpaid for this account; null: the site's `credit_days`. */
  creditDays: integer('credit_days'),
  redPacket: integer('red_packet').notNull().default(0),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

export const INSTRUMENTS = ['balance', 'credit', 'red_packet', 'points'] as const;
export type Instrument = (typeof INSTRUMENTS)[number];
/**
 * The append-only ledger: one row per movement of one instrument, with the balance after it (for credit,
 * the credit in use after it). A payment's rows are unique per order and kind, so paying twice cannot
 * charge twice.
 */
export const ledger = pgTable(
  'ledger',
  {
    id: serial('id').primaryKey(),
    userId: userRef(),
    instrument: varchar('instrument', { length: 16 }).$type<Instrument>().notNull(),
    /** Signed: money in is positive. For credit, using credit is positive (credit in use grows). */
    amount: integer('amount').notNull(),
    balanceAfter: integer('balance_after').notNull(),
    /** open, pay, refund, recharge, repay, grant, bonus, cancel ... */
    kind: varchar('kind', { length: 16 }).notNull(),
    refType: varchar('ref_type', { length: 16 }).notNull().default(''),
    refId: integer('ref_id').notNull().default(0),
    memo: varchar('memo', { length: 120 }).notNull().default(''),
    createdAt: createdAt(),
  },
  (t) => [
    index('ledger_user_idx').on(t.userId, t.instrument, t.id),
    uniqueIndex('ledger_once_uq')
      .on(t.userId, t.instrument, t.kind, t.refType, t.refId)
      .where(sql`ref_id <> 0`),
  ],
);
/** A coupon as an operator sets it up; accounts hold copies of it (user_coupons). */
export const coupons = pgTable('coupons', {
  id: serial('id').primaryKey(),
  name: varchar('name', { length: 60 }).notNull(),
  /** manjian 满减 (`amount` off from `threshold`), discount 折扣 (pay `rate` percent, saving at most `max_discount`). */
  type: varchar('type', { length: 16 }).$type<'manjian' | 'discount'>().notNull(),
  threshold: integer('threshold').notNull().default(0),
  amount: integer('amount').notNull().default(0),
  rate: smallint('rate').notNull().default(100),
  maxDiscount: integer('max_discount').notNull().default(0),
  scope: jsonb('scope').$type<CouponScopeRule>().notNull().default({ kind: 'all' }),
  /** Days a claimed coupon stays valid; 0: until `ends_at`. */
  validDays: integer('valid_days').notNull().default(0),
  startsAt: timestamp('starts_at', { withTimezone: true }).notNull(),
  endsAt: timestamp('ends_at', { withTimezone: true }).notNull(),
  /** Copies that may be handed out; 0: no limit. */
  total: integer('total').notNull().default(0),
  claimed: integer('claimed').notNull().default(0),
  /** Copies one account may claim in the coupon centre. */
  perUser: integer('per_user').notNull().default(1),
  /** Offered in the coupon centre (领券中心). */
  isShow: boolean('is_show').notNull().default(true),
  createdAt: createdAt(),
});
/** A coupon an account holds: 0 unused, 1 used, 2 expired (also read from `ends_at`). */
export const userCoupons = pgTable(
  'user_coupons',
  {
    id: serial('id').primaryKey(),
    userId: userRef(),
    couponId: integer('coupon_id')
      .notNull()
      .references(() => coupons.id),
    status: smallint('status').notNull().default(0),
    startsAt: timestamp('starts_at', { withTimezone: true }).notNull(),
    endsAt: timestamp('ends_at', { withTimezone: true }).notNull(),
    orderId: integer('order_id'),
    /** The order number it was used on, kept with it (the wallet shows it without reading orders). */
    orderNo: varchar('order_no', { length: 24 }).notNull().default(''),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    index('user_coupons_user_idx').on(t.userId, t.status),
    index('user_coupons_coupon_idx').on(t.couponId, t.id),
    // An account's copies of one coupon: the coupon centre's holdings and a claim's per-account limit.
    index('user_coupons_user_coupon_idx').on(t.userId, t.couponId),
    // The unused copies past their end, which the coupon-expiry job stores as expired (wallet/jobs.ts).
    index('user_coupons_unused_end_idx')
      .on(t.endsAt)
      .where(sql`status = 0`),
  ],
);
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
 * 账期 bills: an order paid on credit is owed by its due date (the last China day to repay). 0 unpaid, 1 repaid. An
 * unpaid bill past its due date is overdue whether or not it is marked; `overdue_at` is when the overdue job marked
 * it (once, kept after it is repaid), docs/decisions/042-wallet-and-quality-jobs.md.
 */
export const creditBills = pgTable(
  'credit_bills',
  {
    id: serial('id').primaryKey(),
    userId: userRef(),
    orderId: integer('order_id').notNull(),
    orderNo: varchar('order_no', { length: 24 }).notNull().default(''),
    amount: integer('amount').notNull(),
    repaid: integer('repaid').notNull().default(0),
    dueDate: date('due_date', { mode: 'string' }).notNull(),
    status: smallint('status').notNull().default(0),
    repaidAt: timestamp('repaid_at', { withTimezone: true }),
    overdueAt: timestamp('overdue_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('credit_bills_order_uq').on(t.orderId),
    index('credit_bills_user_idx').on(t.userId, t.status),
    // The unpaid bills not yet marked overdue, by due date: what the overdue job looks through.
    index('credit_bills_unmarked_due_idx')
      .on(t.dueDate)
      .where(sql`status = 0 and overdue_at is null`),
  ],
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
