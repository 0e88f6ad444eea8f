/**
 * The people who run the site (DESIGN.md section 13): operators with their roles and two-factor secret,
 * their sessions (30 minutes idle, 12 hours in all), and the append-only audit log of every console write.
 */
import { bigserial, boolean, index, integer, jsonb, pgTable, serial, text, timestamp, uniqueIndex, varchar } from 'drizzle-orm/pg-core';

export const operators = pgTable(
  'operators',
  {
    id: serial('id').primaryKey(),
    username: varchar('username', { length: 32 }).notNull(),
    name: varchar('name', { length: 32 }).notNull(),
    passwordHash: text('password_hash').notNull(),
    roles: jsonb('roles').$type<string[]>().notNull().default([]),
    /** The TOTP secret, encrypted with a key derived from SESSION_SECRET; set while enrolling, kept once enabled. */
    totpSecret: text('totp_secret'),
    totpEnabledAt: timestamp('totp_enabled_at', { withTimezone: true }),
    isDisabled: boolean('is_disabled').notNull().default(false),
    /** Sessions started before this are over (a password reset, disabling). */
    sessionsValidAfter: timestamp('sessions_valid_after', { withTimezone: true }),
    lastLoginAt: timestamp('last_login_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('operators_username_uq').on(t.username)],
);

export const operatorSessions = pgTable(
  'operator_sessions',
  {
    /** sha256 of the cookie's token. */
    id: varchar('id', { length: 64 }).primaryKey(),
    operatorId: integer('operator_id')
      .notNull()
      .references(() => operators.id, { onDelete: 'cascade' }),
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    ip: varchar('ip', { length: 64 }).notNull().default(''),
    userAgent: varchar('user_agent', { length: 255 }).notNull().default(''),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('operator_sessions_operator_idx').on(t.operatorId)],
);

/** Every console write: who, with which permission, on what, the fields before and after. Never updated or deleted. */
export const auditLog = pgTable(
  'audit_log',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    operatorId: integer('operator_id').notNull(),
    operatorName: varchar('operator_name', { length: 64 }).notNull(),
    permission: varchar('permission', { length: 32 }).notNull(),
    action: varchar('action', { length: 64 }).notNull(),
    targetType: varchar('target_type', { length: 32 }).notNull(),
    targetId: varchar('target_id', { length: 64 }).notNull().default(''),
    before: jsonb('before').$type<Record<string, unknown> | null>(),
    after: jsonb('after').$type<Record<string, unknown> | null>(),
    ip: varchar('ip', { length: 64 }).notNull().default(''),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('audit_log_created_idx').on(t.createdAt),
    index('audit_log_operator_idx').on(t.operatorId, t.createdAt),
    index('audit_log_target_idx').on(t.targetType, t.targetId),
  ],
);
