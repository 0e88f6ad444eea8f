/**
 * 财务 › 电子发票 (permission `finance:invoice`): every invoice with its buyer, by status, kind, keyword and the
 * China days it was issued; the paid orders with none in force; 立即开票 of a paid order (found by its number) that has none in force; 红冲 of an
 * issued blue invoice; the PDF. Each write goes through `audited`; the same action posted again changes
 * nothing and writes no audit row.
 */
import { and, count, desc, eq, gte, ilike, inArray, lt, ne, or, sql, type SQL } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import type { z } from 'zod';
import { isPaidStatus, ORDER_STATUS_TEXT, OrderStatus } from '../../../core/status.js';
import { fenToYuan } from '../../../core/money.js';
import {
  InvoiceStatus,
  type AdminInvoice,
  type AdminInvoicePage,
  type adminInvoiceQuery,
  type adminUninvoicedQuery,
  type UninvoicedOrder,
} from '../../../core/schemas/invoices.js';
import type { Db, Tx } from '../../db/client.js';
import { containing } from '../../db/like.js';
import { invoices } from '../../db/schema/invoices.js';
import { invalid, notFound, refuse } from '../../http/envelope.js';
import { briefOf, buyersMatching, userBriefs, sendMessage } from '../accounts/index.js';
import { audited } from '../operators/index.js';
import { orderFacts, orderIdByNo, paidOrdersPage, type OrderRow } from '../orders/index.js';
import { havingTitles } from './titles.js';
import { INVOICE_MISSING, issueInTx, issuerNames, NOTHING_TO_INVOICE, pdfOf, reverseInTx, viewsOf, type InvoiceRow } from './service.js';

const PER_PAGE = 20;
const DAY_MS = 86_400_000;
const chinaDay = (day: string) => new Date(`${day}T00:00:00+08:00`);

async function adminViews(db: Db | Tx, rows: InvoiceRow[]): Promise<AdminInvoice[]> {
  const [views, buyers, issuer] = await Promise.all([
    viewsOf(db, rows),
    userBriefs(
      db,
      rows.map((r) => r.userId),
    ),
    issuerNames(db, rows),
  ]);
  return rows.map((r, i) => ({ ...views[i], buyer: briefOf(buyers, r.userId), issued_by: r.status === InvoiceStatus.waiting ? '' : issuer(r) }));
}

/** `GET /api/admin/invoices`: newest first; `order_no` finds the order or invoice number, `buyer` the buyer or the title. */
export async function adminListInvoices(db: Db, q: z.output<typeof adminInvoiceQuery>): Promise<AdminInvoicePage> {
  const where: SQL[] = [];
  if (q.status !== undefined) where.push(eq(invoices.status, Number(q.status)));
  if (q.kind) where.push(eq(invoices.kind, q.kind));
  // An issued invoice is dated by its issue; a waiting one by when it was made.
  const day = sql`coalesce(${invoices.issuedAt}, ${invoices.createdAt})`;
  if (q.date_from) where.push(gte(day, chinaDay(q.date_from)));
  if (q.date_to) where.push(lt(day, new Date(chinaDay(q.date_to).getTime() + DAY_MS)));
  if (q.order_no) {
    const like = containing(q.order_no);
    where.push(or(ilike(invoices.orderNo, like), ilike(invoices.invoiceNo, like))!);
  }
  if (q.buyer) {
    const buyers = await buyersMatching(db, q.buyer);
    where.push(or(sql`${invoices.title}->>'company' ilike ${containing(q.buyer)}`, ...(buyers.length ? [inArray(invoices.userId, buyers)] : []))!);
  }
  const cond = where.length ? and(...where) : undefined;
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
  return {
    current_page: q.page,
    data: await adminViews(db, rows),
    last_page: Math.max(1, Math.ceil(n / PER_PAGE)),
    per_page: PER_PAGE,
    total: n,
  };
}

const SCAN_PAGE = 50;
const SCAN_PAGES = 10;
const UNINVOICED_MAX = 20;

/**
 * `GET /api/admin/invoices/uninvoiced`: paid orders (completed ones first) with no blue invoice in force and money
 * left to invoice, at most 20 of the newest 500 that match, each saying whether it has a title to be issued with.
 */
export async function adminUninvoiced(db: Db, q: z.output<typeof adminUninvoicedQuery>): Promise<UninvoicedOrder[]> {
  const filter = q.keyword ? { orderNo: q.keyword, userIds: await buyersMatching(db, q.keyword) } : {};
  const found: OrderRow[] = [];
  for (let page = 0; page < SCAN_PAGES && found.length < UNINVOICED_MAX; page++) {
    const rows = await paidOrdersPage(db, { ...filter, offset: page * SCAN_PAGE, limit: SCAN_PAGE });
    if (!rows.length) break;
    const covered = new Set(
      (
        await db
          .select({ orderId: invoices.orderId })
          .from(invoices)
          .where(
            and(
              inArray(
                invoices.orderId,
                rows.map((r) => r.id),
              ),
              eq(invoices.kind, 'blue'),
              ne(invoices.status, InvoiceStatus.reversed),
            ),
          )
      ).map((r) => r.orderId),
    );
    found.push(...rows.filter((r) => !covered.has(r.id) && r.payAmount > r.refundedAmount));
    if (rows.length < SCAN_PAGE) break;
  }
  const picked = found.slice(0, UNINVOICED_MAX);
  const [buyers, titled] = await Promise.all([
    userBriefs(
      db,
      picked.map((o) => o.userId),
    ),
    havingTitles(
      db,
      picked.map((o) => o.userId),
    ),
  ]);
  const seconds = (d: Date | null) => (d ? Math.floor(d.getTime() / 1000) : null);
  return picked.map((o) => ({
    order_id: o.id,
    order_no: o.orderNo,
    status: o.status,
    status_text: ORDER_STATUS_TEXT[o.status as OrderStatus] ?? '',
    buyer: briefOf(buyers, o.userId),
    amount: fenToYuan(o.payAmount - o.refundedAmount),
    paid_at: seconds(o.paidAt),
    received_at: seconds(o.receivedAt),
    has_title: titled.has(o.userId) || Boolean(o.invoice && o.invoice.type !== 0 && o.invoice.tax_no) ? 1 : 0,
  }));
}

async function invoiceRow(conn: Db | Tx, id: number, lock = false) {
  const query = conn.select().from(invoices).where(eq(invoices.id, id));
  const [row] = lock ? await query.for('update') : await query;
  if (!row) throw notFound(INVOICE_MISSING);
  return row;
}

/** The fields of an invoice an audit row keeps. */
const trail = (r: InvoiceRow) => ({
  order_no: r.orderNo,
  kind: r.kind,
  status: r.status,
  invoice_no: r.invoiceNo,
  company: r.title?.company ?? null,
  tax_no: r.title?.taxNo ?? null,
  amount: fenToYuan(r.amount),
});

/**
 * 立即开票: the paid order's blue invoice, issued now with the order's title (the one it asked for at checkout,
 * else the buyer's default). An order issued already answers its invoice; one not paid, cancelled, refunded in
 * full or whose buyer has no title is refused.
 */
export async function adminIssue(db: Db, req: FastifyRequest, orderNo: string): Promise<AdminInvoice> {
  const orderId = await orderIdByNo(db, orderNo);
  if (!orderId) throw invalid('order_no', '订单不存在，请核对订单号');
  const row = await audited(
    db,
    req,
    { permission: 'finance:invoice', stale: 'nothing', action: 'invoice.issue', targetType: 'invoice', targetId: `order:${orderId}` },
    async (tx, operator) => {
      const facts = await orderFacts(tx, orderId, true);
      if (!isPaidStatus(facts.order.status))
        throw refuse(facts.order.status === OrderStatus.cancelled ? '订单已取消，不能开票' : '订单尚未付款，付款后才能开票');
      const result = await issueInTx(tx, facts, { by: operator.id, at: new Date() });
      if (!result) throw refuse(NOTHING_TO_INVOICE);
      if (!result.issued) {
        if (result.row.status === InvoiceStatus.waiting) throw refuse('该客户尚未添加发票抬头，请提醒客户在“电子发票”页添加抬头后再开票');
        return { before: null, after: null, result: result.row };
      }
      return { before: null, after: trail(result.row), result: result.row, targetId: result.row.id };
    },
  );
  return (await adminViews(db, [row]))[0];
}

/**
 * 红冲: an issued blue invoice is reversed by a red one of negative amounts; the order then has none in force, so
 * that it can be issued again (with a corrected title, say). Reversing a reversed invoice answers its red one.
 */
export async function adminReverse(db: Db, req: FastifyRequest, id: number, reason: string): Promise<AdminInvoice> {
  const seen = await invoiceRow(db, id);
  const row = await audited(
    db,
    req,
    { permission: 'finance:invoice', stale: 'nothing', action: 'invoice.reverse', targetType: 'invoice', targetId: id },
    async (tx, operator) => {
      await orderFacts(tx, seen.orderId, true);
      const blue = await invoiceRow(tx, id, true);
      if (blue.kind === 'red') throw refuse('红字发票不能再红冲');
      if (blue.status === InvoiceStatus.waiting) throw refuse('该发票尚未开具，无需红冲');
      if (blue.status === InvoiceStatus.reversed) {
        const [red] = await tx.select().from(invoices).where(eq(invoices.reverses, id));
        return { before: null, after: null, result: red ?? blue };
      }
      const red = await reverseInTx(tx, blue, { by: operator.id, at: new Date() });
      await sendMessage(
        tx,
        blue.userId,
        '电子发票已红冲',
        `您的订单 ${blue.orderNo} 的发票 ${blue.invoiceNo} 已红冲（红字发票 ${red.invoiceNo}）：${reason}。`,
      );
      return { before: trail(blue), after: { ...trail({ ...blue, status: InvoiceStatus.reversed }), red_invoice_no: red.invoiceNo, reason }, result: red };
    },
  );
  return (await adminViews(db, [row]))[0];
}

export async function adminPdf(db: Db, id: number) {
  return pdfOf(db, await invoiceRow(db, id));
}
