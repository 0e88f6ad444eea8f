/** The site's content: nav, ads, hot searches, articles, friendly links and page views. */
import { bigint, boolean, index, integer, pgTable, serial, smallint, text, timestamp, varchar } from 'drizzle-orm/pg-core';

const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();

/** The header's nav bar; children show in a pop-over. */
export const nav = pgTable('nav', {
  id: serial('id').primaryKey(),
  parentId: integer('parent_id').notNull().default(0),
  name: varchar('name', { length: 16 }).notNull(),
  /** A site path, a full URL, empty (活动暂未开始) or `*...#message` (shows the message). */
  url: varchar('url', { length: 255 }).notNull().default(''),
  image: varchar('image', { length: 1000 }).notNull().default(''),
  /** 1 opens in a new browser tab. */
  isOpen: smallint('is_open').notNull().default(0),
  sort: integer('sort').notNull().default(0),
  isShow: boolean('is_show').notNull().default(true),
});
/**
 * Banners and ads by position: index_banner (home carousel), top (header strip), login, right, xrtj, ppzq,
 * kxzq, zyzq, yx, new_kxzq, kxzq_ad ... `banner_id` groups the banners of one activity page.
 */
export const ads = pgTable(
  'ads',
  {
    id: serial('id').primaryKey(),
    position: varchar('position', { length: 32 }).notNull(),
    image: varchar('image', { length: 1000 }).notNull(),
    /** Same link rules as the nav. */
    url: varchar('url', { length: 255 }).notNull().default(''),
    title: varchar('title', { length: 60 }).notNull().default(''),
    sort: integer('sort').notNull().default(0),
    bannerId: integer('banner_id'),
    isShow: boolean('is_show').notNull().default(true),
  },
  (t) => [index('ads_position_idx').on(t.position, t.sort)],
);
/** 热门搜索 (rnss) under the search box. */
export const hotSearches = pgTable('hot_searches', {
  id: serial('id').primaryKey(),
  name: varchar('name', { length: 32 }).notNull(),
  url: varchar('url', { length: 255 }).notNull().default(''),
  sort: integer('sort').notNull().default(0),
});
/**
 * Article categories: the help groups (新手指南, 服务保障, ...) and their sub-groups (新闻中心's 行业新闻 and
 * 公司新闻), and the notice category behind the scrolling broadcast. `code` is the path segment of the help
 * routes (/help/xrzn/hyzc).
 */
export const articleCategories = pgTable(
  'article_categories',
  {
    id: serial('id').primaryKey(),
    parentId: integer('parent_id').notNull().default(0),
    name: varchar('name', { length: 32 }).notNull(),
    code: varchar('code', { length: 16 }).notNull().default(''),
    /** help: a help group listed by /api/help/category; notice: the broadcast notices. */
    kind: varchar('kind', { length: 8 }).notNull().default('help'),
    sort: integer('sort').notNull().default(0),
  },
  (t) => [index('article_categories_parent_idx').on(t.parentId, t.sort)],
);
export const articles = pgTable(
  'articles',
  {
    id: serial('id').primaryKey(),
    categoryId: integer('category_id').notNull(),
    title: varchar('title', { length: 120 }).notNull(),
    /** The path segment of a help page (hyzc, ddzf ...); empty for news and notices. */
    code: varchar('code', { length: 16 }).notNull().default(''),
    content: text('content').notNull(),
    sort: integer('sort').notNull().default(0),
    isShow: boolean('is_show').notNull().default(true),
    createdAt: createdAt(),
  },
  (t) => [index('articles_category_idx').on(t.categoryId, t.createdAt)],
);
/** 友情链接 in the footer. */
export const friendlyLinks = pgTable('friendly_links', {
  id: serial('id').primaryKey(),
  name: varchar('name', { length: 32 }).notNull(),
  url: varchar('url', { length: 255 }).notNull(),
  sort: integer('sort').notNull().default(0),
});
export const pageViews = pgTable(
  'page_views',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    path: varchar('path', { length: 255 }).notNull(),
    title: varchar('title', { length: 120 }).notNull().default(''),
    referrer: varchar('referrer', { length: 255 }).notNull().default(''),
    userId: integer('user_id'),
    createdAt: createdAt(),
  },
  (t) => [index('page_views_created_idx').on(t.createdAt)],
);
