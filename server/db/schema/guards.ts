/** Limits that protect logins: failed attempts per account (or name) and per address (modules/guards). */
import { integer, pgTable, timestamp, varchar } from 'drizzle-orm/pg-core';

/**
 * Failed logins counted per account (or per name that is no account) and per address, over a window; at the
 * limit the key is locked for a while (guards/login-guard.ts).
 */
export const loginFailures = pgTable('login_failures', {
  key: varchar('key', { length: 100 }).primaryKey(),
  count: integer('count').notNull().default(0),
  windowStart: timestamp('window_start', { withTimezone: true }).notNull(),
  lockedUntil: timestamp('locked_until', { withTimezone: true }),
});
