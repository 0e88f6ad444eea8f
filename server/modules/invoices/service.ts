/**
 * 电子发票 (DESIGN.md section 15, docs/decisions/025-invoices.md). An order's blue invoice is issued in the
 * transaction that completes it (orders' `onOrderCompleted`, wired by the app) or by an operator at any time
 * after payment, with the title the order asked for at checkout or else the buyer's default one; a buyer with
 * no title finds it 待开票 until they choose one. A refund of an order whose invoice is issued reverses it with
 * a red invoice and issues a new blue one for what is left. One blue invoice of an order is in force at a time
 * (a partial unique index), and a blue one is reversed once (a unique index on `reverses`).
 *
 * Locks are always taken order first, then invoice, whoever writes: the completion and the refunds hold the
 * order already, and the buyer's and the operator's writes lock it before the invoice.
 */
import { and, count, desc, eq, inArray, ne, type SQL } from 'drizzle-orm';
import { z } from 'zod';
import { amountInWords } from '../../../core/amount-words.js';
import { itemName, netUnitPrice } from '../../../core/invoice-tax.js';
import { fenToYuan } from '../../../core/money.js';
import { Licence } from '../../../core/schemas/content.js';
import {
  INVOICE_KIND_TEXT,
  INVOICE_STATUS_TEXT,
  InvoiceStatus,
  type Invoice,
  type InvoiceDetail,
  type InvoicePage,
  type invoiceQuery,
} from '../../../core/schemas/invoices.js';
import type { Conn, Db, Tx } from '../../db/client.js';
import { invoices, type InvoiceSellerCopy, type InvoiceTitleCopy } from '../../db/schema/invoices.js';
import type { SessionUser } from '../../http/auth.js';
import { invalid, notFound, refuse } from '../../http/envelope.js';
import { sendMessage } from '../accounts/index.js';
import { operatorNames } from '../operators/index.js';
import { orderFacts, type OrderFacts } from '../orders/index.js';
import { siteSettings } from '../settings/index.js';
import { draftOf, reversedLines, sameDraft, taxedLines, type Draft } from './draft.js';
import { invoicePdf, type InvoiceSheet } from './pdf.js';
import { invoiceSettings, sellerCopy, taxBookOf } from './tax.js';
import { TITLE_MISSING, titleCopy, titleRows } from './titles.js';

export const INVOICE_MISSING = '发票不存在';
export const NOT_ISSUED = '发票尚未开具，请先选择发票抬头';
export const ALREADY_ISSUED = '该发票已开具';
export const NOTHING_TO_INVOICE = '该订单已全额退款，无需开票';

const PER_PAGE = 20;
const CHINA_MS = 8 * 3_600_000;

export type InvoiceRow = typeof invoices.$inferSelect;
/** Who issues: an operator's id, or null for the site itself (completion, refunds, the buyer's choice). */
export type Issuer = { by: number | null; at: Date };

const seconds = (d: Date | null) => (d ? Math.floor(d.getTime() / 1000) : null);

// ------------------------------------------------------------------------------------------------ views

/** The numbers of the blue invoices red ones reverse, and of the red ones that reversed blue ones. */
async function relatedNumbers(conn: Conn, rows: InvoiceRow[]) {
  const reversed = rows.flatMap((r) => (r.reverses ? [r.reverses] : []));
  const blues = rows.filter((r) => r.kind === 'blue' && r.status === InvoiceStatus.reversed).map((r) => r.id);
  const [originals, reds] = await Promise.all([
    reversed.length ? conn.select({ id: invoices.id, no: invoices.invoiceNo }).from(invoices).where(inArray(invoices.id, reversed)) : [],
    blues.length ? conn.select({ reverses: invoices.reverses, no: invoices.invoiceNo }).from(invoices).where(inArray(invoices.reverses, blues)) : [],
  ]);
  return {
    reversesNo: new Map(originals.map((o) => [o.id, o.no ?? ''])),
    reversedByNo: new Map(reds.map((r) => [r.reverses!, r.no ?? ''])),
  };
}
type Related = Awaited<ReturnType<typeof relatedNumbers>>;

const titleView = (t: InvoiceTitleCopy | null) =>
  t ? { company: t.company, tax_no: t.taxNo, address_phone: t.addressPhone, bank_account: t.bankAccount } : null;

function invoiceView(r: InvoiceRow, related: Related): Invoice {
  return {
    id: r.id,
    order_id: r.orderId,
    order_no: r.orderNo,
    kind: r.kind,
    kind_text: INVOICE_KIND_TEXT[r.kind],
    status: r.status,
    status_text: INVOICE_STATUS_TEXT[r.status] ?? '未知',
    invoice_no: r.invoiceNo ?? '',
    reverses_no: r.reverses ? (related.reversesNo.get(r.reverses) ?? '') : '',
    reversed_by_no: related.reversedByNo.get(r.id) ?? '',
    title: titleView(r.title),
    amount: fenToYuan(r.amount),
    issued_at: seconds(r.issuedAt),
    created_at: seconds(r.createdAt)!,
    can_choose_title: r.status === InvoiceStatus.waiting ? 1 : 0,
    can_download: r.invoiceNo ? 1 : 0,
  };
}

function detailView(r: InvoiceRow, related: Related): InvoiceDetail {
  const lines = taxedLines(r.lines);
  return {
    ...invoiceView(r, related),
    lines: lines.map((l) => ({
      name: l.name,
      item_name: itemName(l.category, l.name),
      spec: l.spec,
      unit: l.unit,
      quantity: l.quantity,
      unit_price: fenToYuan(l.unitPrice),
      amount: fenToYuan(l.amount),
      net_unit_price: netUnitPrice(l.net, l.quantity),
      net_amount: fenToYuan(l.net),
      rate: l.rate,
      tax_amount: fenToYuan(l.tax),
    })),
    net_amount: fenToYuan(lines.reduce((s, l) => s + l.net, 0)),
    tax_amount: fenToYuan(lines.reduce((s, l) => s + l.tax, 0)),
    amount_words: amountInWords(r.amount),
  };
}

export async function viewsOf(conn: Conn, rows: InvoiceRow[]) {
  const related = await relatedNumbers(conn, rows);
  return rows.map((r) => detailView(r, related));
}

// ------------------------------------------------------------------------------------------------ issuing

/**
 * 20 digits: the China day it is issued, 1 for blue or 2 for red, and the row's id in eleven digits, so that
 * the number is unique without a counter of its own.
 */
const invoiceNo = (kind: 'blue' | 'red', id: number, at: Date) =>
  `${new Date(at.getTime() + CHINA_MS).toISOString().slice(0, 10).replace(/-/g, '')}${kind === 'blue' ? 1 : 2}${String(id).padStart(11, '0')}`;

async function numbered(tx: Tx, row: InvoiceRow, at: Date) {
  const [done] = await tx
    .update(invoices)
    .set({ invoiceNo: invoiceNo(row.kind, row.id, at) })
    .where(eq(invoices.id, row.id))
    .returning();
  return done;
}

/** The blue invoice of the order in force (waiting or issued), locked; the order must be locked already. */
async function blueInForce(tx: Tx, orderId: number) {
  const [row] = await tx
    .select()
    .from(invoices)
    .where(and(eq(invoices.orderId, orderId), eq(invoices.kind, 'blue'), ne(invoices.status, InvoiceStatus.reversed)))
    .for('update');
  return row ?? null;
}

type Chosen = { titleId: number | null; title: InvoiceTitleCopy };

/**
 * The title an order is invoiced with: the one it asked for at checkout when that names a tax number (the
 * buyer's saved title of that number if there is one), else the buyer's default title; null when neither.
 */
async function titleForOrder(tx: Tx, facts: OrderFacts): Promise<Chosen | null> {
  const saved = await titleRows(tx, facts.order.userId);
  const asked = facts.order.invoice;
  if (asked && asked.type !== 0 && asked.tax_no) {
    const taxNo = asked.tax_no.toUpperCase();
    const match = saved.find((t) => t.taxNo === taxNo);
    if (match) return { titleId: match.id, title: titleCopy(match) };
    return { titleId: null, title: { company: asked.title, taxNo, addressPhone: '', bankAccount: '' } };
  }
  const fallback = saved[0];
  return fallback ? { titleId: fallback.id, title: titleCopy(fallback) } : null;
}

/** What the order's invoice would say now, at the rates of now, and the seller it would name. */
type Drafted = { draft: Draft; seller: InvoiceSellerCopy };

async function drafted(tx: Tx, facts: OrderFacts): Promise<Drafted> {
  const settings = await invoiceSettings(tx);
  return { draft: draftOf(facts, await taxBookOf(tx, facts, settings)), seller: sellerCopy(settings) };
}

async function tellIssued(tx: Tx, row: InvoiceRow) {
  await sendMessage(
    tx,
    row.userId,
    '电子发票已开具',
    `您的订单 ${row.orderNo} 的电子发票（发票号码 ${row.invoiceNo}，金额 ¥${fenToYuan(row.amount)}）已开具，可在 自助服务 › 电子发票 下载。`,
  );
}

/** Issues a blue invoice (a waiting one now, or a new one) with its title, seller, lines and number. */
async function issueBlue(tx: Tx, facts: OrderFacts, { draft, seller }: Drafted, chosen: Chosen, who: Issuer, waiting: InvoiceRow | null) {
  const values = {
    status: InvoiceStatus.issued,
    titleId: chosen.titleId,
    title: chosen.title,
    seller,
    lines: draft.lines,
    amount: draft.amount,
    issuedAt: who.at,
    issuedBy: who.by,
  };
  const [row] = waiting
    ? await tx.update(invoices).set(values).where(eq(invoices.id, waiting.id)).returning()
    : await tx
        .insert(invoices)
        .values({ userId: facts.order.userId, orderId: facts.order.id, orderNo: facts.order.orderNo, kind: 'blue', ...values })
        .returning();
  const done = await numbered(tx, row, who.at);
  await tellIssued(tx, done);
  return done;
}

export type IssueResult = { row: InvoiceRow; issued: boolean } | null;

/**
 * The order's blue invoice, issued now when it was not (waiting, or none yet): with the order's title, or
 * left 待开票 when the buyer has none. `issued` says whether this call issued it. Null when nothing is left to
 * invoice. The order must be locked in `tx`.
 */
export async function issueInTx(tx: Tx, facts: OrderFacts, who: Issuer): Promise<IssueResult> {
  const current = await blueInForce(tx, facts.order.id);
  if (current?.status === InvoiceStatus.issued) return { row: current, issued: false };
  const made = await drafted(tx, facts);
  const { draft } = made;
  if (draft.amount <= 0) {
    if (current) await tx.delete(invoices).where(eq(invoices.id, current.id));
    return null;
  }
  const chosen = await titleForOrder(tx, facts);
  if (chosen) return { row: await issueBlue(tx, facts, made, chosen, who, current), issued: true };
  if (current) {
    const [row] = await tx.update(invoices).set({ lines: draft.lines, amount: draft.amount }).where(eq(invoices.id, current.id)).returning();
    return { row, issued: false };
  }
  const [row] = await tx
    .insert(invoices)
    .values({ userId: facts.order.userId, orderId: facts.order.id, orderNo: facts.order.orderNo, kind: 'blue', lines: draft.lines, amount: draft.amount })
    .returning();
  return { row, issued: false };
}

/** Reverses an issued blue invoice with a red one of negative amounts (红冲); answers the red one. */
export async function reverseInTx(tx: Tx, blue: InvoiceRow, who: Issuer): Promise<InvoiceRow> {
  await tx.update(invoices).set({ status: InvoiceStatus.reversed }).where(eq(invoices.id, blue.id));
  const [red] = await tx
    .insert(invoices)
    .values({
      userId: blue.userId,
      orderId: blue.orderId,
      orderNo: blue.orderNo,
      kind: 'red',
      reverses: blue.id,
      status: InvoiceStatus.issued,
      titleId: blue.titleId,
      title: blue.title,
      seller: blue.seller,
      lines: reversedLines(blue.lines),
      amount: -blue.amount,
      issuedAt: who.at,
      issuedBy: who.by,
    })
    .returning();
  return numbered(tx, red, who.at);
}

/** `onOrderCompleted`: the blue invoice, issued with the order's title or waiting for one. */
export async function issueOnCompletion(tx: Tx, facts: OrderFacts) {
  await issueInTx(tx, facts, { by: null, at: facts.order.receivedAt ?? new Date() });
}

/**
 * `onOrderRefunded`: an issued invoice that no longer says what the buyer kept is reversed, and a new blue
 * one issued with the same title for what is left (none when nothing is); a waiting one just follows.
 */
export async function settleOnRefund(tx: Tx, facts: OrderFacts) {
  const current = await blueInForce(tx, facts.order.id);
  if (!current) return;
  const made = await drafted(tx, facts);
  const { draft } = made;
  if (current.status === InvoiceStatus.waiting) {
    if (draft.amount <= 0) await tx.delete(invoices).where(eq(invoices.id, current.id));
    else await tx.update(invoices).set({ lines: draft.lines, amount: draft.amount }).where(eq(invoices.id, current.id));
    return;
  }
  if (sameDraft(draft, current)) return;
  const who = { by: null, at: new Date() };
  const red = await reverseInTx(tx, current, who);
  const left = draft.amount > 0 && current.title ? await issueBlue(tx, facts, made, { titleId: current.titleId, title: current.title }, who, null) : null;
  await sendMessage(
    tx,
    current.userId,
    '电子发票已红冲',
    `您的订单 ${current.orderNo} 已退款，原发票 ${current.invoiceNo} 已由红字发票 ${red.invoiceNo} 冲销${left ? `，剩余金额 ¥${fenToYuan(left.amount)} 已重新开具发票 ${left.invoiceNo}` : ''}。`,
  );
}

// ------------------------------------------------------------------------------------------------ the buyer

export async function listInvoices(db: Db, user: SessionUser, q: z.output<typeof invoiceQuery>): Promise<InvoicePage> {
  const where: SQL[] = [eq(invoices.userId, user.id)];
  if (q.status !== undefined) where.push(eq(invoices.status, q.status));
  if (q.order_id) where.push(eq(invoices.orderId, q.order_id));
  const cond = and(...where);
  const [rows, [{ n }]] = await Promise.all([
    db
      .select()
      .from(invoices)
      .where(cond)
      .orderBy(desc(invoices.id))
      .limit(PER_PAGE)
      .offset((q.page - 1) * PER_PAGE),
    db.select({ n: count() }).from(invoices).where(cond),
  ]);
  const related = await relatedNumbers(db, rows);
  return {
    current_page: q.page,
    data: rows.map((r) => invoiceView(r, related)),
    last_page: Math.max(1, Math.ceil(n / PER_PAGE)),
    per_page: PER_PAGE,
    total: n,
  };
}

async function ownInvoice(conn: Conn, userId: number, id: number) {
  const [row] = await conn
    .select()
    .from(invoices)
    .where(and(eq(invoices.id, id), eq(invoices.userId, userId)));
  if (!row) throw notFound(INVOICE_MISSING);
  return row;
}

export async function invoiceDetail(db: Db, user: SessionUser, id: number): Promise<InvoiceDetail> {
  const row = await ownInvoice(db, user.id, id);
  return (await viewsOf(db, [row]))[0];
}

/**
 * 选择抬头开票: a waiting invoice is issued with one of the buyer's titles. Posted again with the same title
 * once issued, it answers the invoice as it is; an invoice issued otherwise is refused.
 */
export async function chooseTitle(db: Db, user: SessionUser, id: number, titleId: number): Promise<InvoiceDetail> {
  const row = await db.transaction(async (tx) => {
    const seen = await ownInvoice(tx, user.id, id);
    const facts = await orderFacts(tx, seen.orderId, true);
    const current = await blueInForce(tx, seen.orderId);
    if (!current || current.id !== id) {
      if (seen.status === InvoiceStatus.issued && seen.titleId === titleId) return seen;
      throw refuse(ALREADY_ISSUED);
    }
    if (current.status === InvoiceStatus.issued) {
      if (current.titleId === titleId) return current;
      throw refuse(ALREADY_ISSUED);
    }
    const title = (await titleRows(tx, user.id)).find((t) => t.id === titleId);
    if (!title) throw invalid('title_id', TITLE_MISSING);
    const made = await drafted(tx, facts);
    if (made.draft.amount <= 0) throw refuse(NOTHING_TO_INVOICE);
    return issueBlue(tx, facts, made, { titleId: title.id, title: titleCopy(title) }, { by: null, at: new Date() }, current);
  });
  return (await viewsOf(db, [row]))[0];
}

// ------------------------------------------------------------------------------------------------ the PDF

/** What the PDF shows of the site: its name, the licence lines of the footer, the hot line. */
async function siteForSheet(db: Db): Promise<InvoiceSheet['site']> {
  const site = await siteSettings(db);
  let licences: InvoiceSheet['site']['licences'] = [];
  try {
    const parsed = z.array(Licence).safeParse(JSON.parse(site.licences ?? '[]'));
    if (parsed.success) licences = parsed.data;
  } catch {
    licences = [];
  }
  const title = site.title || '药采通';
  return { title, licences, hotLine: site.hot_line ?? '' };
}

/** Who issued each invoice: the operator's name, or 系统 for the site itself. */
export async function issuerNames(conn: Conn, rows: InvoiceRow[]) {
  const names = await operatorNames(
    conn,
    rows.flatMap((r) => (r.issuedBy ? [r.issuedBy] : [])),
  );
  return (r: InvoiceRow) => (r.issuedBy ? (names.get(r.issuedBy) ?? '财务') : '系统');
}

/** The PDF of an issued invoice (a waiting one is refused). */
export async function pdfOf(db: Db, row: InvoiceRow): Promise<{ file: Buffer; name: string }> {
  if (!row.invoiceNo || !row.title || !row.issuedAt) throw refuse(NOT_ISSUED);
  const [related, issuer, seller] = await Promise.all([
    relatedNumbers(db, [row]),
    issuerNames(db, [row]),
    // Invoices issued before the seller was copied name the seller of today.
    row.seller ?? invoiceSettings(db).then(sellerCopy),
  ]);
  const file = await invoicePdf({
    kind: row.kind,
    invoiceNo: row.invoiceNo,
    issuedAt: row.issuedAt,
    orderNo: row.orderNo,
    reversesNo: row.reverses ? (related.reversesNo.get(row.reverses) ?? '') : '',
    title: row.title,
    seller,
    lines: row.lines,
    amount: row.amount,
    // The operator's name without the console's username.
    issuer: issuer(row).replace(/（[^）]*）$/, ''),
    site: await siteForSheet(db),
  });
  return { file, name: `${row.kind === 'red' ? '红字发票' : '电子发票'}-${row.invoiceNo}.pdf` };
}

export async function buyerPdf(db: Db, user: SessionUser, id: number) {
  return pdfOf(db, await ownInvoice(db, user.id, id));
}
