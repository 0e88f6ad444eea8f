/** 发票抬头: the buyer's invoice titles, one the default (the first is); another account's id answers 404. */
import { and, asc, count, desc, eq, inArray, sql } from 'drizzle-orm';
import { INVOICE_TITLE_MAX, type InvoiceTitle, type InvoiceTitleInput } from '../../../core/schemas/invoices.js';
import type { Conn, Db, Tx } from '../../db/client.js';
import { invoiceTitles, type InvoiceTitleCopy } from '../../db/schema/invoices.js';
import { notFound, refuse } from '../../http/envelope.js';

export const TITLE_MISSING = '发票抬头不存在';

export type TitleRow = typeof invoiceTitles.$inferSelect;

/** The first key of the advisory lock of an account's titles; the second is the account. */
const TITLES_LOCK = 25_001;

/**
 * An account's title writes take turns until the transaction ends, so that two posts at once never leave two
 * defaults or pass the limit together.
 */
const takeTurn = (tx: Tx, userId: number) => tx.execute(sql`select pg_advisory_xact_lock(${TITLES_LOCK}::int, ${userId}::int)`);

const titleView = (t: TitleRow): InvoiceTitle => ({
  id: t.id,
  company: t.company,
  tax_no: t.taxNo,
  address_phone: t.addressPhone,
  bank_account: t.bankAccount,
  is_default: t.isDefault ? 1 : 0,
});

/** The title as an invoice keeps it. */
export const titleCopy = (t: TitleRow): InvoiceTitleCopy => ({ company: t.company, taxNo: t.taxNo, addressPhone: t.addressPhone, bankAccount: t.bankAccount });

/** The account's titles, the default first. */
export const titleRows = (conn: Conn, userId: number) =>
  conn.select().from(invoiceTitles).where(eq(invoiceTitles.userId, userId)).orderBy(desc(invoiceTitles.isDefault), asc(invoiceTitles.id));

/** Which of the accounts have at least one title. */
export async function havingTitles(conn: Conn, userIds: number[]): Promise<Set<number>> {
  if (!userIds.length) return new Set();
  const rows = await conn
    .selectDistinct({ userId: invoiceTitles.userId })
    .from(invoiceTitles)
    .where(inArray(invoiceTitles.userId, [...new Set(userIds)]));
  return new Set(rows.map((r) => r.userId));
}

export async function listTitles(conn: Conn, userId: number) {
  return (await titleRows(conn, userId)).map(titleView);
}

async function ownTitle(conn: Conn, userId: number, id: number): Promise<TitleRow> {
  const [row] = await conn
    .select()
    .from(invoiceTitles)
    .where(and(eq(invoiceTitles.id, id), eq(invoiceTitles.userId, userId)));
  if (!row) throw notFound(TITLE_MISSING);
  return row;
}

const values = (input: InvoiceTitleInput) => ({
  company: input.company,
  taxNo: input.tax_no,
  addressPhone: input.address_phone,
  bankAccount: input.bank_account,
});

export async function createTitle(db: Db, userId: number, input: InvoiceTitleInput) {
  return db.transaction(async (tx) => {
    await takeTurn(tx, userId);
    const [{ n }] = await tx.select({ n: count() }).from(invoiceTitles).where(eq(invoiceTitles.userId, userId));
    if (n >= INVOICE_TITLE_MAX) throw refuse(`最多保存${INVOICE_TITLE_MAX}个发票抬头`);
    const isDefault = n === 0 || input.is_default === 1;
    if (isDefault) await tx.update(invoiceTitles).set({ isDefault: false }).where(eq(invoiceTitles.userId, userId));
    const [row] = await tx
      .insert(invoiceTitles)
      .values({ userId, ...values(input), isDefault })
      .returning();
    return titleView(row);
  });
}

/** Changes a title; invoices issued with it keep the copy they were issued with. */
export async function updateTitle(db: Db, userId: number, id: number, input: InvoiceTitleInput) {
  return db.transaction(async (tx) => {
    await takeTurn(tx, userId);
    const current = await ownTitle(tx, userId, id);
    const isDefault = current.isDefault || input.is_default === 1;
    if (isDefault && !current.isDefault) await tx.update(invoiceTitles).set({ isDefault: false }).where(eq(invoiceTitles.userId, userId));
    const [row] = await tx
      .update(invoiceTitles)
      .set({ ...values(input), isDefault })
      .where(eq(invoiceTitles.id, id))
      .returning();
    return titleView(row);
  });
}

export async function deleteTitle(db: Db, userId: number, id: number) {
  return db.transaction(async (tx) => {
    await takeTurn(tx, userId);
    const current = await ownTitle(tx, userId, id);
    await tx.delete(invoiceTitles).where(eq(invoiceTitles.id, id));
    if (current.isDefault) {
      const [next] = await tx.select().from(invoiceTitles).where(eq(invoiceTitles.userId, userId)).orderBy(asc(invoiceTitles.id)).limit(1);
      if (next) await tx.update(invoiceTitles).set({ isDefault: true }).where(eq(invoiceTitles.id, next.id));
    }
    return { id };
  });
}

export async function setDefaultTitle(db: Db, userId: number, id: number) {
  return db.transaction(async (tx) => {
    await takeTurn(tx, userId);
    await ownTitle(tx, userId, id);
    await tx.update(invoiceTitles).set({ isDefault: false }).where(eq(invoiceTitles.userId, userId));
    await tx.update(invoiceTitles).set({ isDefault: true }).where(eq(invoiceTitles.id, id));
    return listTitles(tx, userId);
  });
}
