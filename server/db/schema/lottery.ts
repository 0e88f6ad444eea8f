/**
 * The lottery (抽奖): activities with their eight prizes, each account's chances taken in an activity, and
 * the draws. A prize's stock is taken by a conditional update; an account's draws of one activity take turns
 * on its entrant row, so neither a prize's stock nor an account's allowance is ever passed.
 */
import { boolean, index, integer, jsonb, pgTable, serial, smallint, text, timestamp, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import type { CostKind, DrawStatus, PrizeKind } from '../../../core/schemas/lottery.js';
import { users } from './accounts.js';

const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();

export const lotteries = pgTable('lotteries', {
  id: serial('id').primaryKey(),
  name: varchar('name', { length: 40 }).notNull(),
  /** One line under the name in the pop-up (spec section 3's `remarks`). */
  remarks: varchar('remarks', { length: 60 }).notNull().default(''),
  rules: text('rules').notNull().default(''),
  startsAt: timestamp('starts_at', { withTimezone: true }).notNull(),
  endsAt: timestamp('ends_at', { withTimezone: true }).notNull(),
  costKind: varchar('cost_kind', { length: 8 }).$type<CostKind>().notNull(),
  /** Points one draw costs (`points`). */
  costPoints: integer('cost_points').notNull().default(0),
  /** Free draws each paid order earns (`orders`). */
  drawsPerOrder: integer('draws_per_order').notNull().default(0),
  dailyLimit: integer('daily_limit').notNull(),
  /** 0: no limit beyond the daily one. */
  totalLimit: integer('total_limit').notNull().default(0),
  /** The pop-up's pictures (`/api/draw/ads`). */
  ads: jsonb('ads').$type<string[]>().notNull().default([]),
  isShow: boolean('is_show').notNull().default(true),
  createdAt: createdAt(),
});

export const lotteryPrizes = pgTable(
  'lottery_prizes',
  {
    id: serial('id').primaryKey(),
    lotteryId: integer('lottery_id')
      .notNull()
      .references(() => lotteries.id, { onDelete: 'cascade' }),
    /** 0-7 round the grid. */
    slot: smallint('slot').notNull(),
    kind: varchar('kind', { length: 12 }).$type<PrizeKind>().notNull(),
    name: varchar('name', { length: 30 }).notNull(),
    /** Points for `points`, fen for `red_packet`. */
    value: integer('value').notNull().default(0),
    /** The coupon template an account is handed for `coupon` (the wallet's). */
    couponId: integer('coupon_id'),
    image: varchar('image', { length: 1000 }).notNull().default(''),
    weight: integer('weight').notNull(),
    stock: integer('stock').notNull().default(0),
    won: integer('won').notNull().default(0),
  },
  (t) => [uniqueIndex('lottery_prizes_slot_uq').on(t.lotteryId, t.slot)],
);

/** An account in an activity: what it drew in all and on its last day (China), locked while it draws. */
export const lotteryEntrants = pgTable(
  'lottery_entrants',
  {
    lotteryId: integer('lottery_id')
      .notNull()
      .references(() => lotteries.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    drawn: integer('drawn').notNull().default(0),
    day: varchar('day', { length: 10 }).notNull().default(''),
    dayDrawn: integer('day_drawn').notNull().default(0),
  },
  (t) => [uniqueIndex('lottery_entrants_uq').on(t.lotteryId, t.userId)],
);

export const lotteryDraws = pgTable(
  'lottery_draws',
  {
    id: serial('id').primaryKey(),
    lotteryId: integer('lottery_id')
      .notNull()
      .references(() => lotteries.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    prizeId: integer('prize_id').notNull(),
    /** The prize as it was won: an operator may change the grid afterwards. */
    prizeKind: varchar('prize_kind', { length: 12 }).$type<PrizeKind>().notNull(),
    prizeName: varchar('prize_name', { length: 30 }).notNull(),
    prizeImage: varchar('prize_image', { length: 1000 }).notNull().default(''),
    value: integer('value').notNull().default(0),
    /** Points the draw cost (0 for a free draw). */
    cost: integer('cost').notNull().default(0),
    status: smallint('status').$type<DrawStatus>().notNull().default(0),
    consignee: varchar('consignee', { length: 20 }).notNull().default(''),
    phone: varchar('phone', { length: 20 }).notNull().default(''),
    address: varchar('address', { length: 200 }).notNull().default(''),
    carrier: varchar('carrier', { length: 32 }).notNull().default(''),
    trackingNo: varchar('tracking_no', { length: 40 }).notNull().default(''),
    shippedAt: timestamp('shipped_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [index('lottery_draws_user_idx').on(t.userId, t.id), index('lottery_draws_lottery_idx').on(t.lotteryId, t.id)],
);
