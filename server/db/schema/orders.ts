/** Orders, their lines, returns and after-sales requests, and the e-contract texts. */
import { sql } from 'drizzle-orm';
import { boolean, index, integer, jsonb, pgTable, serial, smallint, text, timestamp, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import type { OrderStatus } from '../../../core/status.js';
import { users } from './accounts.js';

const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();
const userRef = () =>
  integer('user_id')
    .notNull()
    .references(() => users.id, { onDelete: 'cascade' });

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
    status: smallint('status').$type<OrderStatus>().notNull().default(0),
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
    /**
     * 满返: red packet granted when the order completes (the sum of `cashback`'s `back`), lowered when a refund
     * lowers what was paid for the activities' goods.
     */
    cashbackAmount: integer('cashback_amount').notNull().default(0),
    /** The 满返 activities the order reached for, as priced: what it paid for their goods and their tiers. */
    cashback: jsonb('cashback')
      .$type<{ activity_id: number; name: string; amount: number; tiers: { amount: number; back: number }[]; back: number }[]>()
      .notNull()
      .default([]),
    userCouponId: integer('user_coupon_id'),
    /** The receiving address as it was when the order was placed. */
    address: jsonb('address').$type<{ name: string; phone: string; province: string; city: string; district: string; address: string }>().notNull(),
    invoice: jsonb('invoice').$type<{ type: number; title: string; tax_no: string; email: string } | null>(),
    remark: varchar('remark', { length: 200 }).notNull().default(''),
    /** Holds goods containing ephedrine: paid by bank transfer only, signed receipt afterwards. */
    isEphedrine: boolean('is_ephedrine').notNull().default(false),
    /** The signed receipt of an ephedrine order (含麻订单回执). */
    receiptImage: varchar('receipt_image', { length: 255 }).notNull().default(''),
    /** The operator's check of the signed receipt: 0 not checked, 1 accepted, 2 asked again (with a remark). */
    receiptStatus: smallint('receipt_status').notNull().default(0),
    receiptRemark: varchar('receipt_remark', { length: 200 }).notNull().default(''),
    /** The bank's reference of a confirmed transfer. */
    bankRef: varchar('bank_ref', { length: 64 }).notNull().default(''),
    /** Money given back by an operator's refund of the whole order (fen), and when. */
    refundedAmount: integer('refunded_amount').notNull().default(0),
    refundedAt: timestamp('refunded_at', { withTimezone: true }),
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
    uniqueIndex('orders_checkout_uq')
      .on(t.userId, t.checkoutKey, t.isEphedrine)
      .where(sql`checkout_key is not null`),
    index('orders_user_idx').on(t.userId, t.createdAt),
    index('orders_unpaid_idx')
      .on(t.expiresAt)
      .where(sql`status = 0`),
    // Paid orders not cancelled (待发货, 已发货, 已完成), completed first and then the newest: what the console's
    // 立即开票 reads a page at a time (orders/events.ts paidOrdersPage).
    index('orders_paid_idx')
      .on(sql`(status = 3)`, t.id)
      .where(sql`status in (1, 2, 3)`),
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
    /** `batch_no`: the batch a return's units are of (one the line was shipped from). */
    lines: jsonb('lines').$type<{ item_id: number; number: number; batch_no?: string }[]>().notNull().default([]),
    reason: varchar('reason', { length: 200 }).notNull(),
    images: jsonb('images').$type<string[]>().notNull().default([]),
    /** 0 submitted, 1 approved, 2 refused, 3 completed (refunded or resolved). */
    status: smallint('status').$type<0 | 1 | 2 | 3>().notNull().default(0),
    refundAmount: integer('refund_amount').notNull().default(0),
    reply: varchar('reply', { length: 200 }).notNull().default(''),
    /** Set by the operator: when the returned goods arrived, when the money went back. */
    receivedAt: timestamp('received_at', { withTimezone: true }),
    refundedAt: timestamp('refunded_at', { withTimezone: true }),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [index('after_sales_order_idx').on(t.orderId)],
);
/** Text of the e-contract (电子合同) the buyer signs before the first order. */
export const contractTexts = pgTable('contract_texts', {
  id: serial('id').primaryKey(),
  title: varchar('title', { length: 60 }).notNull(),
  content: text('content').notNull(),
  version: varchar('version', { length: 16 }).notNull(),
  createdAt: createdAt(),
});
