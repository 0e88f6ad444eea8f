/**
 * Trade: receiving addresses, coupons, combinations, orders and their lines, and the money side: each
 * account's wallet, the append-only ledger that every movement of money, credit, red packet or points
 * writes, online payments and their gateway notifications, and credit (账期) bills. Money is integer fen.
 */
import { sql } from 'drizzle-orm';
import {
  boolean,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  serial,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  varchar,
} from 'drizzle-orm/pg-core';
import { users } from './accounts.js';

const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();
const userRef = () =>
  integer('user_id')
    .notNull()
    .references(() => users.id, { onDelete: 'cascade' });

/** 收货地址. */
export const addresses = pgTable(
  'addresses',
  {
    id: serial('id').primaryKey(),
    userId: userRef(),
    name: varchar('name', { length: 32 }).notNull(),
    phone: varchar('phone', { length: 20 }).notNull(),
    province: varchar('province', { length: 20 }).notNull(),
    city: varchar('city', { length: 20 }).notNull(),
    district: varchar('district', { length: 20 }).notNull(),
    address: varchar('address', { length: 120 }).notNull(),
    isDefault: boolean('is_default').notNull().default(false),
    createdAt: createdAt(),
  },
  (t) => [index('addresses_user_idx').on(t.userId)],
);

export type CouponScopeRule = { kind: 'all' } | { kind: 'categories'; ids: number[] } | { kind: 'goods'; ids: number[] };

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
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [index('user_coupons_user_idx').on(t.userId, t.status)],
);

/** 组合购: fixed goods and quantities sold together for one price (cart lines of type 3). */
export const combinations = pgTable('combinations', {
  id: serial('id').primaryKey(),
  activityId: integer('activity_id'),
  name: varchar('name', { length: 60 }).notNull(),
  price: integer('price').notNull(),
  items: jsonb('items').$type<{ goods_id: number; number: number }[]>().notNull(),
  isShow: boolean('is_show').notNull().default(true),
  sort: integer('sort').notNull().default(0),
});

/**
 * Orders. Status (DESIGN.md section 7): 0 待付款, 1 待发货, 2 已发货, 3 已完成, 4 已取消. `pay_status`:
 * 0 unpaid, 1 paid, 2 waiting for a bank transfer to be confirmed. Amounts are the pricing engine's.
 */
export const orders = pgTable(
  'orders',
  {
    id: serial('id').primaryKey(),
    orderNo: varchar('order_no', { length: 24 }).notNull(),
    userId: userRef(),
    status: smallint('status').notNull().default(0),
    payStatus: smallint('pay_status').notNull().default(0),
    payMethod: varchar('pay_method', { length: 16 }).notNull().default(''),
    goodsAmount: integer('goods_amount').notNull(),
    welfareAmount: integer('welfare_amount').notNull().default(0),
    manjianAmount: integer('manjian_amount').notNull().default(0),
    couponAmount: integer('coupon_amount').notNull().default(0),
    redPacketAmount: integer('red_packet_amount').notNull().default(0),
    shippingAmount: integer('shipping_amount').notNull().default(0),
    /** What the buyer pays: goods less every discount, plus shipping. */
    payAmount: integer('pay_amount').notNull(),
    userCouponId: integer('user_coupon_id'),
    /** The receiving address as it was when the order was placed. */
    address: jsonb('address').$type<{ name: string; phone: string; province: string; city: string; district: string; address: string }>().notNull(),
    invoice: jsonb('invoice').$type<{ type: number; title: string; tax_no: string; email: string } | null>(),
    remark: varchar('remark', { length: 200 }).notNull().default(''),
    /** Holds goods containing ephedrine: paid by bank transfer only, signed receipt afterwards. */
    isEphedrine: boolean('is_ephedrine').notNull().default(false),
    /** The signed receipt of an ephedrine order (含麻订单回执). */
    receiptImage: varchar('receipt_image', { length: 255 }).notNull().default(''),
    carrier: varchar('carrier', { length: 32 }).notNull().default(''),
    trackingNo: varchar('tracking_no', { length: 40 }).notNull().default(''),
    cancelReason: varchar('cancel_reason', { length: 100 }).notNull().default(''),
    /** An unpaid order is cancelled at this time and its stock returned. */
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    paidAt: timestamp('paid_at', { withTimezone: true }),
    shippedAt: timestamp('shipped_at', { withTimezone: true }),
    receivedAt: timestamp('received_at', { withTimezone: true }),
    cancelledAt: timestamp('cancelled_at', { withTimezone: true }),
    /** The confirm page's key for one checkout: however often it is posted, it makes its orders once. */
    checkoutKey: varchar('checkout_key', { length: 64 }),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('orders_no_uq').on(t.orderNo),
    uniqueIndex('orders_checkout_uq').on(t.userId, t.checkoutKey, t.isEphedrine).where(sql`checkout_key is not null`),
    index('orders_user_idx').on(t.userId, t.createdAt),
    index('orders_unpaid_idx').on(t.expiresAt).where(sql`status = 0`),
  ],
);

/** One line of an order, with the goods as they were and each discount the pricing engine gave it. */
export const orderItems = pgTable(
  'order_items',
  {
    id: serial('id').primaryKey(),
    orderId: integer('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    goodsId: integer('goods_id').notNull(),
    /** 0 plain, 1 flash sale, 3 combination, 9 add-on (换购), 8 gift (赠品). */
    type: smallint('type').notNull().default(0),
    activityId: integer('activity_id'),
    name: varchar('name', { length: 100 }).notNull(),
    sccj: varchar('sccj', { length: 100 }).notNull(),
    ypgg: varchar('ypgg', { length: 60 }).notNull(),
    bzdw: varchar('bzdw', { length: 8 }).notNull(),
    image: varchar('image', { length: 1000 }).notNull().default(''),
    number: integer('number').notNull(),
    unitPrice: integer('unit_price').notNull(),
    amount: integer('amount').notNull(),
    welfareAmount: integer('welfare_amount').notNull().default(0),
    manjianAmount: integer('manjian_amount').notNull().default(0),
    couponAmount: integer('coupon_amount').notNull().default(0),
    redPacketAmount: integer('red_packet_amount').notNull().default(0),
    payAmount: integer('pay_amount').notNull(),
    /** Units at a limited (flash-sale or daily-special) price: counted against the account's daily limit. */
    promoNumber: integer('promo_number').notNull().default(0),
    /** Units returned through an approved return. */
    returnedNumber: integer('returned_number').notNull().default(0),
    /** A combination line's goods per bundle, as sold (stock goes back by these on cancel). */
    parts: jsonb('parts').$type<{ goods_id: number; number: number }[]>(),
  },
  (t) => [index('order_items_order_idx').on(t.orderId), index('order_items_activity_idx').on(t.activityId, t.goodsId)],
);

/** Returns (退货) and after-sales requests (售后) of an order. */
export const afterSales = pgTable(
  'after_sales',
  {
    id: serial('id').primaryKey(),
    orderId: integer('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    userId: userRef(),
    /** return 退货退款, after_sale 售后 (quality, wrong goods, damage ...). */
    kind: varchar('kind', { length: 16 }).$type<'return' | 'after_sale'>().notNull(),
    lines: jsonb('lines').$type<{ item_id: number; number: number }[]>().notNull().default([]),
    reason: varchar('reason', { length: 200 }).notNull(),
    images: jsonb('images').$type<string[]>().notNull().default([]),
    /** 0 submitted, 1 approved, 2 refused, 3 completed (refunded or resolved). */
    status: smallint('status').notNull().default(0),
    refundAmount: integer('refund_amount').notNull().default(0),
    reply: varchar('reply', { length: 200 }).notNull().default(''),
    createdAt: createdAt(),
  },
  (t) => [index('after_sales_order_idx').on(t.orderId)],
);

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
    uniqueIndex('ledger_once_uq').on(t.userId, t.instrument, t.kind, t.refType, t.refId).where(sql`ref_id <> 0`),
  ],
);

/** Online payments through a gateway (the sandbox by default): one row per attempt. */
export const payments = pgTable(
  'payments',
  {
    id: serial('id').primaryKey(),
    /** The order, or the credit bill being repaid. */
    refType: varchar('ref_type', { length: 16 }).$type<'order' | 'credit_repay' | 'recharge'>().notNull(),
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

/** 账期 bills: an order paid on credit is owed by its due date. 0 unpaid, 1 repaid. */
export const creditBills = pgTable(
  'credit_bills',
  {
    id: serial('id').primaryKey(),
    userId: userRef(),
    orderId: integer('order_id').notNull(),
    amount: integer('amount').notNull(),
    repaid: integer('repaid').notNull().default(0),
    dueDate: date('due_date', { mode: 'string' }).notNull(),
    status: smallint('status').notNull().default(0),
    repaidAt: timestamp('repaid_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('credit_bills_order_uq').on(t.orderId), index('credit_bills_user_idx').on(t.userId, t.status)],
);

/** Text of the e-contract (电子合同) the buyer signs before the first order. */
export const contractTexts = pgTable('contract_texts', {
  id: serial('id').primaryKey(),
  title: varchar('title', { length: 60 }).notNull(),
  content: text('content').notNull(),
  version: varchar('version', { length: 16 }).notNull(),
  createdAt: createdAt(),
});
