/**
 * Accounts: buyers, their payment passwords, sessions, SMS codes, password resets, WeChat tickets, licences and
 * the expiry reminders sent of them, service contacts, messages and business scopes.
 */
import { sql } from 'drizzle-orm';
import { boolean, index, integer, jsonb, pgTable, primaryKey, serial, smallint, text, timestamp, uniqueIndex, varchar } from 'drizzle-orm/pg-core';

const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();

export const users = pgTable(
  'users',
  {
    id: serial('id').primaryKey(),
    username: varchar('username', { length: 32 }).notNull(),
    phone: varchar('phone', { length: 20 }).notNull(),
    email: varchar('email', { length: 64 }).notNull().default(''),
    passwordHash: text('password_hash').notNull(),
    /** Contact person. */
    name: varchar('name', { length: 32 }).notNull().default(''),
    contactPhone: varchar('contact_phone', { length: 20 }).notNull().default(''),
    company: varchar('company', { length: 80 }).notNull().default(''),
    companyType: varchar('company_type', { length: 16 }).notNull().default('单体药店'),
    province: varchar('province', { length: 20 }).notNull().default(''),
    city: varchar('city', { length: 20 }).notNull().default(''),
    district: varchar('district', { length: 20 }).notNull().default(''),
    address: varchar('address', { length: 120 }).notNull().default(''),
    /** 经营范围 the buyer declared at registration (business_scopes ids). */
    jyfw: jsonb('jyfw').$type<number[]>().notNull().default([]),
    /** 经营范围 approved at licence review: goods of another scope class are refused (DESIGN.md section 13). */
    scopeIds: jsonb('scope_ids').$type<number[]>().notNull().default([]),
    /** May buy goods containing ephedrine (含麻黄碱); an operator may withdraw it. */
    mayBuyEphedrine: boolean('may_buy_ephedrine').notNull().default(true),
    reviewedAt: timestamp('reviewed_at', { withTimezone: true }),
    face: varchar('face', { length: 255 }).notNull().default(''),
    rank: varchar('rank', { length: 8 }).notNull().default('普通会员'),
    /** 0 waiting for licence review, 1 approved, 2 rejected. */
    isPassed: smallint('is_passed').notNull().default(0),
    rejectReason: varchar('reject_reason', { length: 200 }).notNull().default(''),
    /** Registration progress: 1 account made, 2 company filled, 3 licences uploaded. */
    registerStep: smallint('register_step').notNull().default(1),
    points: integer('points').notNull().default(0),
    isSpecial: boolean('is_special').notNull().default(false),
    isShowYoux: boolean('is_show_youx').notNull().default(true),
    isCanChat: boolean('is_can_chat').notNull().default(false),
    isAfterSale: boolean('is_after_sale').notNull().default(true),
    parentId: integer('parent_id'),
    wechatOpenid: varchar('wechat_openid', { length: 64 }),
    wechatNickname: varchar('wechat_nickname', { length: 64 }).notNull().default(''),
    contractSignedAt: timestamp('contract_signed_at', { withTimezone: true }),
    /** Sessions issued before this moment are void (set by a password reset). */
    sessionsValidAfter: timestamp('sessions_valid_after', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('users_username_uq').on(sql`lower(${t.username})`),
    uniqueIndex('users_phone_uq').on(t.phone),
    uniqueIndex('users_wechat_uq').on(t.wechatOpenid),
    index('users_parent_idx').on(t.parentId),
  ],
);
/**
 * The payment password (支付密码) balance and credit payments need: an argon2id hash, the wrong tries in a row
 * and, after five, the end of the lock (accounts/pay-password.ts). A row of its own rather than columns of
 * `users`, which every request's session reads.
 */
export const payPasswords = pgTable('pay_passwords', {
  userId: integer('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  hash: text('hash').notNull(),
  failures: smallint('failures').notNull().default(0),
  lockedUntil: timestamp('locked_until', { withTimezone: true }),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});
export const sessions = pgTable(
  'sessions',
  {
    /** sha256 of the token the browser holds; the token itself is never stored. */
    id: varchar('id', { length: 64 }).primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** The sub-store a chain headquarters acts for, if any. */
    actingFor: integer('acting_for'),
    createdAt: createdAt(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    ip: varchar('ip', { length: 64 }).notNull().default(''),
    userAgent: varchar('user_agent', { length: 255 }).notNull().default(''),
  },
  (t) => [index('sessions_user_idx').on(t.userId)],
);
/** The SMS outbox: the sandbox sender writes codes here; a real provider sends them as well. */
export const smsCodes = pgTable(
  'sms_codes',
  {
    id: serial('id').primaryKey(),
    phone: varchar('phone', { length: 20 }).notNull(),
    purpose: varchar('purpose', { length: 16 }).notNull(),
    code: varchar('code', { length: 8 }).notNull(),
    attempts: smallint('attempts').notNull().default(0),
    usedAt: timestamp('used_at', { withTimezone: true }),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    ip: varchar('ip', { length: 64 }).notNull().default(''),
    createdAt: createdAt(),
  },
  (t) => [index('sms_codes_phone_idx').on(t.phone, t.purpose, t.createdAt)],
);
export const passwordResets = pgTable('password_resets', {
  ticket: varchar('ticket', { length: 64 }).primaryKey(),
  userId: integer('user_id')
    .notNull()
    .references(() => users.id, { onDelete: 'cascade' }),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  usedAt: timestamp('used_at', { withTimezone: true }),
  createdAt: createdAt(),
});
/** Sandbox WeChat QR logins: a ticket is scanned on the sandbox page and then bound or used to log in. */
export const wechatTickets = pgTable('wechat_tickets', {
  ticket: varchar('ticket', { length: 64 }).primaryKey(),
  openid: varchar('openid', { length: 64 }),
  nickname: varchar('nickname', { length: 64 }).notNull().default(''),
  scannedAt: timestamp('scanned_at', { withTimezone: true }),
  usedAt: timestamp('used_at', { withTimezone: true }),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  createdAt: createdAt(),
});
export const licences = pgTable(
  'licences',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    type: varchar('type', { length: 16 }).notNull(),
    number: varchar('number', { length: 60 }).notNull().default(''),
    /** The last day the licence is valid (YYYY-MM-DD, China, inclusive); null when it has no end. */
    validUntil: varchar('valid_until', { length: 10 }),
    image: varchar('image', { length: 1000 }).notNull(),
    /** 0 waiting, 1 approved, 2 rejected. */
    status: smallint('status').notNull().default(0),
    remark: varchar('remark', { length: 200 }).notNull().default(''),
    /**
     * The `validUntil` an operator approved, kept while a new picture of the licence waits for review (null
     * otherwise): buying goes by approved dates, so uploading a new date does not by itself lift an expiry's
     * refusal (accounts/licence-expiry.ts).
     */
    approvedUntil: varchar('approved_until', { length: 10 }),
    createdAt: createdAt(),
  },
  (t) => [index('licences_user_idx').on(t.userId)],
);
/**
 * The licence expiry reminders sent (站内信 at 30 and 7 days before, and once expired): one row per licence, date
 * and threshold, written with its message, so that a reminder goes once however often the job runs.
 */
export const licenceReminders = pgTable(
  'licence_reminders',
  {
    licenceId: integer('licence_id')
      .notNull()
      .references(() => licences.id, { onDelete: 'cascade' }),
    /** The expiry reminded of: a licence renewed with a new date is reminded of that one afresh. */
    validUntil: varchar('valid_until', { length: 10 }).notNull(),
    /** 30, 7, or 0 for expired. */
    days: smallint('days').notNull(),
    sentAt: timestamp('sent_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.licenceId, t.validUntil, t.days] })],
);
/** The account's dedicated service contacts (`admin` of the user object). */
export const serviceContacts = pgTable(
  'service_contacts',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    name: varchar('name', { length: 32 }).notNull(),
    phone: varchar('phone', { length: 20 }).notNull(),
    isDefault: boolean('is_default').notNull().default(false),
  },
  (t) => [index('service_contacts_user_idx').on(t.userId)],
);
export const messages = pgTable(
  'messages',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    title: varchar('title', { length: 120 }).notNull(),
    content: text('content').notNull().default(''),
    isRead: boolean('is_read').notNull().default(false),
    createdAt: createdAt(),
  },
  (t) => [index('messages_user_idx').on(t.userId, t.isRead)],
);
/** 经营范围 a buyer declares at registration (step 2). */
export const businessScopes = pgTable('business_scopes', {
  id: serial('id').primaryKey(),
  name: varchar('name', { length: 32 }).notNull(),
  sort: integer('sort').notNull().default(0),
});
