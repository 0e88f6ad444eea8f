/** Site settings: key-value configuration an operator changes without a release. */
import { pgTable, text, varchar } from 'drizzle-orm/pg-core';

/** Site-wide settings an operator edits: hot line, QQ, quality inspection link, licences in the footer. */
export const siteConfig = pgTable('site_config', {
  key: varchar('key', { length: 64 }).primaryKey(),
  value: text('value').notNull(),
});
