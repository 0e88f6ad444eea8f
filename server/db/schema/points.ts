/**
 * The points mall (积分商城, DESIGN.md section 14): goods bought with points, or points plus cash from the
 * balance, and the orders that redeem them. What an order does to points, balance, coupons and red packets is
 * written by the wallet's services in the order's transaction; these tables hold the goods and the orders.
 */
import { boolean, index, integer, pgTable, serial, smallint, timestamp, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import { users } from './accounts.js';

export const POINTS_GOODS_KINDS = ['physical', 'coupon', 'red_packet'] as const;
export type PointsGoodsKind = (typeof POINTS_GOODS_KINDS)[number];

/** A points-mall goods: its price in points and cash (fen), stock left and what one account may redeem. */
export const pointsGoods = pgTable(
  'points_goods',
  {
    id: serial('id').primaryKey(),
    name: varchar('name', { length: 60 }).notNull(),
    /** physical: shipped to an address; coupon: a copy of `coupon_id` per unit; red_packet: `red_packet` fen per unit. */
    kind: varchar('kind', { length: 16 }).$type<PointsGoodsKind>().notNull(),
    picture: varchar('picture', { length: 500 }).notNull().default(''),
    description: varchar('description', { length: 500 }).notNull().default(''),
    points: integer('points').notNull(),
    /** Cash paid from the balance on top of the points, fen per unit; 0: points only. */
    cash: integer('cash').notNull().default(0),
    /** Units left; taken by conditional update, never below zero. */
    stock: integer('stock').notNull().default(0),
    redeemed: integer('redeemed').notNull().default(0),
    /** Units one account may redeem in all; 0: no limit. */
    perUser: integer('per_user').notNull().default(0),
    couponId: integer('coupon_id'),
    redPacket: integer('red_packet').notNull().default(0),
    isShow: boolean('is_show').notNull().default(true),
    sort: integer('sort').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('points_goods_shelf_idx').on(t.isShow, t.sort, t.id)],
);

/** 0 待发货, 1 已发货, 2 已完成: coupons and red packets are credited at once and complete with the order. */
export const pointsOrders = pgTable(
  'points_orders',
  {
    id: serial('id').primaryKey(),
    orderNo: varchar('order_no', { length: 24 }).notNull(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    goodsId: integer('goods_id')
      .notNull()
      .references(() => pointsGoods.id),
    /** The goods as it was redeemed: later edits by operators do not rewrite an order. */
    goodsName: varchar('goods_name', { length: 60 }).notNull(),
    goodsPicture: varchar('goods_picture', { length: 500 }).notNull().default(''),
    kind: varchar('kind', { length: 16 }).$type<PointsGoodsKind>().notNull(),
    quantity: integer('quantity').notNull(),
    points: integer('points').notNull(),
    cash: integer('cash').notNull().default(0),
    status: smallint('status').notNull().default(0),
    /** What was credited for a coupon or red packet, as the buyer reads it (满100减10券 ×2). */
    credited: varchar('credited', { length: 120 }).notNull().default(''),
    consignee: varchar('consignee', { length: 32 }).notNull().default(''),
    phone: varchar('phone', { length: 20 }).notNull().default(''),
    address: varchar('address', { length: 200 }).notNull().default(''),
    carrier: varchar('carrier', { length: 32 }).notNull().default(''),
    trackingNo: varchar('tracking_no', { length: 40 }).notNull().default(''),
    /** The key the redeem dialog made once: a second post of it answers the first order. */
    requestKey: varchar('request_key', { length: 64 }),
    shippedAt: timestamp('shipped_at', { withTimezone: true }),
    completedAt: timestamp('completed_at', { withTimezone: true }),
    /** An operator's cancelling of a physical order before it shipped: when and why (the buyer reads it). */
    cancelledAt: timestamp('cancelled_at', { withTimezone: true }),
    cancelReason: varchar('cancel_reason', { length: 100 }).notNull().default(''),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('points_orders_no_uq').on(t.orderNo),
    uniqueIndex('points_orders_key_uq').on(t.userId, t.requestKey),
    index('points_orders_user_idx').on(t.userId, t.goodsId),
    index('points_orders_status_idx').on(t.status, t.id),
  ],
);
