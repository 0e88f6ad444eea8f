/**
 * Activity pages made of blocks (DESIGN.md section 14, docs/decisions/023-activity-pages.md): owned by the
 * activity-pages module.
 */
import { boolean, index, jsonb, pgTable, serial, timestamp, varchar } from 'drizzle-orm/pg-core';

/**
 * Activity pages made of blocks (`/yjh/{id}`, `/Hdzx/{ids}/{id}`, `/zqmb?id=`, `/hdmb?id=`): the blocks in their
 * order, as core/schemas/activity-pages.ts `blockInput` writes them (a text block's HTML already sanitized).
 */
export const activityPages = pgTable(
  'activity_pages',
  {
    id: serial('id').primaryKey(),
    /** yjh 活动专区, zqmb 专题专区, hdmb 活动专题: where the page is linked from; one renderer shows them all. */
    kind: varchar('kind', { length: 8 }).notNull(),
    title: varchar('title', { length: 60 }).notNull(),
    theme: varchar('theme', { length: 7 }).notNull().default('#e4393c'),
    startsAt: timestamp('starts_at', { withTimezone: true }).notNull(),
    endsAt: timestamp('ends_at', { withTimezone: true }).notNull(),
    isShow: boolean('is_show').notNull().default(true),
    blocks: jsonb('blocks').$type<Record<string, unknown>[]>().notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('activity_pages_kind_idx').on(t.kind, t.endsAt)],
);
