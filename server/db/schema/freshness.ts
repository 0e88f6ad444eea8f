/** The version of what every server process may keep from the database (http/freshness.ts). */
import { bigint, check, pgTable, smallint, timestamp, varchar } from 'drizzle-orm/pg-core';
import { sql } from 'drizzle-orm';

/**
 * One row: bumped in the transaction of every write that makes kept answers stale (a console write, named by
 * its `stale` area), so that a process that missed the notice of it finds the new version when it looks.
 */
export const staleMarks = pgTable(
  'stale_marks',
  {
    id: smallint('id').primaryKey().default(1),
    version: bigint('version', { mode: 'number' }).notNull().default(0),
    /** What the last write made stale, for whoever reads the row. */
    area: varchar('area', { length: 20 }).notNull().default(''),
    markedAt: timestamp('marked_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [check('stale_marks_one_row', sql`${t.id} = 1`)],
);
