/**
 * 电子发票 (DESIGN.md section 15): the buyer's invoice titles and the invoices of paid orders. An order's blue
 * invoice is issued when it completes (or by an operator at any time) with the title and lines of that moment;
 * a refund of a completed order reverses it with a red-letter invoice of negative amounts. These are the site's
 * invoice documents; a tax-bureau e-invoice provider would plug in behind the same interface.
 */
import { sql } from 'drizzle-orm';
import { boolean, index, integer, jsonb, pgTable, serial, smallint, timestamp, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import { users } from './accounts.js';

const userRef = () =>
  integer('user_id')
    .notNull()
    .references(() => users.id, { onDelete: 'cascade' });

/** 发票抬头: the company's name, its tax number (15-20 capitals and digits), address and phone, bank and account. */
export const invoiceTitles = pgTable(
  'invoice_titles',
  {
    id: serial('id').primaryKey(),
    userId: userRef(),
    company: varchar('company', { length: 60 }).notNull(),
    taxNo: varchar('tax_no', { length: 20 }).notNull(),
    addressPhone: varchar('address_phone', { length: 120 }).notNull().default(''),
    bankAccount: varchar('bank_account', { length: 120 }).notNull().default(''),
    isDefault: boolean('is_default').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('invoice_titles_user_idx').on(t.userId, t.id)],
);

/**
 * One line of an invoice as issued: fen, units. `unitPrice` and `amount` include tax; `net` (金额) and `tax`
 * (税额) split `amount` at `rate` (percent), and `category` is the 简称 of its 税收分类 (化学药品制剂). Lines issued
 * before rates were kept lack the four, and are read at the drugs' rate (invoices/draft.ts `taxedLines`).
 */
export type InvoiceLine = {
  name: string;
  spec: string;
  unit: string;
  quantity: number;
  unitPrice: number;
  amount: number;
  category?: string;
  rate?: number;
  net?: number;
  tax?: number;
};
/** The title as it was when the invoice was issued. */
export type InvoiceTitleCopy = { company: string; taxNo: string; addressPhone: string; bankAccount: string };
/** The seller as it was when the invoice was issued: its name and 纳税人识别号. */
export type InvoiceSellerCopy = { name: string; taxNo: string };

/**
 * `kind` blue (蓝字) or red (红字, reversing `reverses`). Status 0 待开票 (waiting for the order to complete),
 * 1 已开票, 2 已红冲 (a blue one reversed). Amounts are fen, negative on a red invoice.
 */
export const invoices = pgTable(
  'invoices',
  {
    id: serial('id').primaryKey(),
    userId: userRef(),
    orderId: integer('order_id').notNull(),
    orderNo: varchar('order_no', { length: 24 }).notNull(),
    kind: varchar('kind', { length: 8 }).$type<'blue' | 'red'>().notNull().default('blue'),
    /** The blue invoice a red one reverses. */
    reverses: integer('reverses'),
    invoiceNo: varchar('invoice_no', { length: 24 }),
    status: smallint('status').notNull().default(0),
    titleId: integer('title_id'),
    title: jsonb('title').$type<InvoiceTitleCopy>(),
    /** Null on invoices issued before the seller was copied: they show the seller of today. */
    seller: jsonb('seller').$type<InvoiceSellerCopy>(),
    lines: jsonb('lines').$type<InvoiceLine[]>().notNull().default([]),
    /** Goods net of returns, before tax is shown apart (the site's documents show the amount with tax). */
    amount: integer('amount').notNull().default(0),
    issuedAt: timestamp('issued_at', { withTimezone: true }),
    issuedBy: integer('issued_by'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('invoices_user_idx').on(t.userId, t.id),
    index('invoices_order_idx').on(t.orderId),
    uniqueIndex('invoices_no_uq').on(t.invoiceNo),
    // One blue invoice of an order in force at a time (a partial refund reverses it and issues one for what
    // remains), and one red invoice per blue.
    uniqueIndex('invoices_active_uq')
      .on(t.orderId)
      .where(sql`${t.kind} = 'blue' and ${t.status} <> 2`),
    uniqueIndex('invoices_red_uq').on(t.reverses),
    index('invoices_status_idx').on(t.status, t.id),
  ],
);
