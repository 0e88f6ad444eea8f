/** Uploaded files (licences, receipts, pictures) and their owners; on PostgreSQL, their bytes too. */
import { customType, integer, pgTable, serial, timestamp, varchar } from 'drizzle-orm/pg-core';
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

/** PostgreSQL's `bytea`: a Buffer in the server (node-postgres answers one; PGlite a Uint8Array). */
const bytea = customType<{ data: Buffer; driverData: Buffer | Uint8Array }>({
  dataType: () => 'bytea',
  fromDriver: (value) => (Buffer.isBuffer(value) ? value : Buffer.from(value)),
});

/**
 * The bytes of every uploaded file on PostgreSQL, by the path it is served under (an `uploads` row's `path`), so
 * that every server process serves what any of them stored, and `pg_dump` keeps them with the rest. A table of
 * their own, not a column of `uploads`: the lookups of `uploads` (whose is a file, is a picture on record) never
 * reach the bytes, whatever they select. On the embedded database the files lie in the uploads folder and this
 * table stays empty (docs/decisions/043-uploads-storage.md).
 */
export const uploadFiles = pgTable('upload_files', {
  path: varchar('path', { length: 255 }).primaryKey(),
  bytes: bytea('bytes').notNull(),
  createdAt: createdAt(),
});
