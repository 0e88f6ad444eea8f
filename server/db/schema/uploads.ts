/** Uploaded files (licences, receipts, pictures) and their owners. */
import { integer, pgTable, serial, timestamp, varchar } from 'drizzle-orm/pg-core';
import { users } from './accounts.js';

const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();

export const uploads = pgTable('uploads', {
  id: serial('id').primaryKey(),
  userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
  path: varchar('path', { length: 255 }).notNull(),
  originalName: varchar('original_name', { length: 255 }).notNull().default(''),
  mime: varchar('mime', { length: 64 }).notNull(),
  size: integer('size').notNull(),
  createdAt: createdAt(),
});
