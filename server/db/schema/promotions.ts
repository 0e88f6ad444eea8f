/**
 * Promotions (DESIGN.md section 7): flash sales (秒杀), daily specials (每日特价) and, as the pricing engine
 * grows, manjian, 94% off, combinations, gifts and add-on purchases. An activity runs between `starts_at`
 * and `ends_at`; a flash sale also has a daily session in China time. Prices are integer fen.
 */
import { boolean, index, integer, jsonb, pgTable, serial, smallint, text, timestamp, uniqueIndex, varchar } from 'drizzle-orm/pg-core';

/**
 * spike 秒杀, everyday 每日特价, monthly 月月惠 (special prices on fixed days of each month, `rules.days`); the pricing
 * engine adds manjian, welfare, combination, gift, huangou, cashback.
 */
export const ACTIVITY_TYPES = ['spike', 'everyday', 'monthly', 'manjian', 'welfare', 'combination', 'gift', 'huangou', 'cashback'] as const;
export type ActivityType = (typeof ACTIVITY_TYPES)[number];

export const activities = pgTable(
  'activities',
  {
    id: serial('id').primaryKey(),
    type: varchar('type', { length: 16 }).$type<ActivityType>().notNull(),
    name: varchar('name', { length: 60 }).notNull(),
    description: text('description').notNull().default(''),
    startsAt: timestamp('starts_at', { withTimezone: true }).notNull(),
    endsAt: timestamp('ends_at', { withTimezone: true }).notNull(),
    /** A flash sale's daily session, minutes after midnight China time (600 = 10:00); null: all day. */
    dailyStart: smallint('daily_start'),
    dailyEnd: smallint('daily_end'),
    /** Rules of the other types (manjian tiers, discount rate, bundles), read by the pricing engine. */
    rules: jsonb('rules').$type<Record<string, unknown>>().notNull().default({}),
    image: varchar('image', { length: 1000 }).notNull().default(''),
    sort: integer('sort').notNull().default(0),
    isShow: boolean('is_show').notNull().default(true),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('activities_type_idx').on(t.type, t.endsAt)],
);
/** The goods of an activity with their activity price, per-account limit and quota. */
export const activityGoods = pgTable(
  'activity_goods',
  {
    id: serial('id').primaryKey(),
    activityId: integer('activity_id')
      .notNull()
      .references(() => activities.id, { onDelete: 'cascade' }),
    goodsId: integer('goods_id').notNull(),
    /** The activity's unit price in fen; null where the activity prices by its rules instead. */
    price: integer('price'),
    /** Most units one account may buy at this price a day; 0: no limit. */
    limitPerUser: integer('limit_per_user').notNull().default(0),
    /** Units offered at this price a day; 0: as many as the goods' stock. */
    quota: integer('quota').notNull().default(0),
    /** Daily specials: the weekday it is on special, 1 Monday ... 7 Sunday; 0 every day. */
    weekday: smallint('weekday').notNull().default(0),
    sort: integer('sort').notNull().default(0),
  },
  (t) => [uniqueIndex('activity_goods_uq').on(t.activityId, t.goodsId, t.weekday), index('activity_goods_goods_idx').on(t.goodsId)],
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
 * Units sold at a limited price (flash sale, daily special), a row per order line: what "bought today" and
 * the daily quota count. Written when an order is placed and deleted when it is cancelled (orders call the
 * promotions service for both).
 */
export const promoSales = pgTable(
  'promo_sales',
  {
    id: serial('id').primaryKey(),
    activityId: integer('activity_id').notNull(),
    goodsId: integer('goods_id').notNull(),
    userId: integer('user_id').notNull(),
    orderId: integer('order_id').notNull(),
    number: integer('number').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('promo_sales_offer_idx').on(t.activityId, t.goodsId, t.createdAt), index('promo_sales_order_idx').on(t.orderId)],
);
