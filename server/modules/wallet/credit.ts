/** Credit (账期): the line and what is in use, bills by state, repaying them, and a bill for an order paid on credit. */
import { and, asc, count, desc, eq, inArray, lt, sql, sum, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import { fenToYuan } from '../../../core/money.js';
import type { OrderCreditBill } from '../../../core/schemas/trade.js';
import type { Credit, CreditBill, CreditBillPage, creditListQuery, Repay, RepayPaid } from '../../../core/schemas/wallet.js';
import type { Conn, Db, Tx } from '../../db/client.js';
import { creditBills, creditRepays, wallets } from '../../db/schema/wallet.js';
import type { SessionUser } from '../../http/auth.js';
import { notFound, refuse } from '../../http/envelope.js';
import { DAY_MS, seconds, today } from '../../lib/china-time.js';
import { paged, PER_PAGE } from '../../lib/paged.js';
import { serialNo } from '../../lib/serial.js';
import { checkPayPassword } from '../accounts/index.js';
import { closeWaiting, openPayment } from '../pay/index.js';
import { intSetting, siteSettings } from '../settings/index.js';
import { move } from './ledger.js';
import { REPAY_PAYMENT, repayBills } from './settle.js';
import { walletOf } from './service.js';

const y = fenToYuan;
/** Days an order paid on credit may stay unpaid, unless the site says otherwise. */
export const CREDIT_DAYS = 30;

type Bill = typeof creditBills.$inferSelect;

function billView(b: Bill, day: string): CreditBill {
  const overdue = b.status === 0 && b.dueDate < day;
  const daysLeft = Math.round((Date.parse(`${b.dueDate}T00:00:00Z`) - Date.parse(`${day}T00:00:00Z`)) / DAY_MS);
  return {
    id: b.id,
    order_id: b.orderId,
    order_no: b.orderNo,
    amount: y(b.amount),
    repaid: y(b.repaid),
    remaining: y(b.amount - b.repaid),
    due_date: b.dueDate,
    days_left: b.status === 0 ? daysLeft : null,
    overdue: overdue ? 1 : 0,
    overdue_at: seconds(b.overdueAt),
    status: b.status,
    status_text: b.status === 1 ? '已还款' : overdue ? '已逾期' : '待还款',
    created_at: seconds(b.createdAt),
    repaid_at: seconds(b.repaidAt),
  };
}

/** `GET /api/user/user_credit`: the credit line, what is in use and available, and the bills to repay. */
export async function userCredit(db: Db, user: SessionUser): Promise<Credit> {
  const day = today();
  const [w, site, [agg]] = await Promise.all([
    walletOf(db, user.id),
    siteSettings(db),
    db
      .select({
        unpaid: count(),
        unpaidAmount: sum(sql`${creditBills.amount} - ${creditBills.repaid}`).mapWith(Number),
        overdue: sql<number>`count(*) filter (where ${creditBills.dueDate} < ${day})`.mapWith(Number),
        overdueAmount: sql<number>`coalesce(sum(${creditBills.amount} - ${creditBills.repaid}) filter (where ${creditBills.dueDate} < ${day}), 0)`.mapWith(
          Number,
        ),
        overdueSince: sql<string | null>`min(${creditBills.dueDate}) filter (where ${creditBills.dueDate} < ${day})`,
        nextDue: sql<string | null>`min(${creditBills.dueDate})`,
      })
      .from(creditBills)
      .where(and(eq(creditBills.userId, user.id), eq(creditBills.status, 0))),
  ]);
  return {
    credit_limit: y(w.creditLimit),
    credit_used: y(w.creditUsed),
    credit_available: y(Math.max(0, w.creditLimit - w.creditUsed)),
    credit_days: w.creditDays ?? intSetting(site, 'credit_days', CREDIT_DAYS),
    unpaid_count: agg.unpaid,
    unpaid_amount: y(agg.unpaidAmount ?? 0),
    overdue_count: agg.overdue,
    overdue_amount: y(agg.overdueAmount ?? 0),
    overdue_since: agg.overdueSince ? String(agg.overdueSince).slice(0, 10) : null,
    credit_paused: agg.overdue > 0 ? 1 : 0,
    next_due_date: agg.nextDue ? String(agg.nextDue).slice(0, 10) : null,
  };
}

/** `GET /api/user/user_credit_list?type&page`: bills to repay (due soonest first), repaid, or overdue. */
export async function creditList(db: Db, user: SessionUser, q: z.infer<typeof creditListQuery>): Promise<CreditBillPage> {
  const day = today();
  const where: SQL[] = [eq(creditBills.userId, user.id)];
  if (q.type === 1) where.push(eq(creditBills.status, 0));
  if (q.type === 2) where.push(eq(creditBills.status, 1));
  if (q.type === 3) where.push(eq(creditBills.status, 0), lt(creditBills.dueDate, day));
  const cond = and(...where);
  const [rows, [{ n }]] = await Promise.all([
    db
      .select()
      .from(creditBills)
      .where(cond)
      .orderBy(
        asc(creditBills.status),
        sql`case when ${creditBills.status} = 0 then ${creditBills.dueDate} end asc`,
        desc(creditBills.repaidAt),
        desc(creditBills.id),
      )
      .limit(PER_PAGE)
      .offset((q.page - 1) * PER_PAGE),
    db.select({ n: count() }).from(creditBills).where(cond),
  ]);
  return paged(
    rows.map((b) => billView(b, day)),
    n,
    q.page,
  );
}

function repayView(r: typeof creditRepays.$inferSelect): Repay {
  return {
    id: r.id,
    repay_no: r.repayNo,
    amount: y(r.amount),
    bill_ids: r.billIds,
    bill_count: r.billIds.length,
    method: r.method,
    status: r.status,
    paid: r.status === 1 ? 1 : 0,
    paid_at: seconds(r.paidAt),
    created_at: seconds(r.createdAt),
  };
}

/** `POST /api/pay/user_credit_create {ids}`: a repayment of these unpaid bills of the account, in full. */
export async function createRepay(db: Db, user: SessionUser, ids: number[]): Promise<Repay> {
  const unique = [...new Set(ids)];
  const bills = await db
    .select()
    .from(creditBills)
    .where(and(inArray(creditBills.id, unique), eq(creditBills.userId, user.id)));
  if (bills.length !== unique.length) throw notFound('账单不存在');
  const repaid = bills.find((b) => b.status !== 0);
  if (repaid) throw refuse('所选账单已还款，请刷新后重试');
  const amount = bills.reduce((s, b) => s + b.amount - b.repaid, 0);
  const [r] = await db
    .insert(creditRepays)
    .values({ repayNo: serialNo('HK', Date.now()), userId: user.id, billIds: bills.map((b) => b.id).sort((a, b) => a - b), amount })
    .returning();
  return repayView(r);
}

async function ownRepay(db: Db, userId: number, id: number) {
  const [r] = await db
    .select()
    .from(creditRepays)
    .where(and(eq(creditRepays.id, id), eq(creditRepays.userId, userId)));
  if (!r) throw notFound('还款单不存在');
  return r;
}

/**
 * `POST /api/pay/user_credit_pay {id, method, pay_password}`: from the balance the bills are repaid at once (in
 * one transaction, once however often it is asked), with the payment password of `auth.payerId` (the person
 * logged in) checked first; online answers the gateway's QR code.
 */
export async function payRepay(
  db: Db,
  user: SessionUser,
  id: number,
  method: 'balance' | 'online',
  auth: { payerId: number; password: string | undefined },
  sandbox: boolean,
): Promise<RepayPaid> {
  const repay = await ownRepay(db, user.id, id);
  if (repay.status === 1) return { ...repayView(repay), already: 1 };
  if (repay.status === 2) throw refuse('该还款单已关闭，请重新选择账单还款');
  if (method === 'online') {
    if (!sandbox) throw refuse('在线支付暂未开通，请使用余额还款');
    return {
      ...repayView(repay),
      already: 0,
      ...(await openPayment(db, { refType: REPAY_PAYMENT, refId: repay.id, userId: user.id, amount: repay.amount, serial: repay.repayNo })),
    };
  }
  await checkPayPassword(db, auth.payerId, auth.password);
  const now = Date.now();
  const done = await db.transaction(async (tx): Promise<{ row: typeof creditRepays.$inferSelect; already: 0 | 1 }> => {
    const [r] = await tx.select().from(creditRepays).where(eq(creditRepays.id, repay.id)).for('update');
    if (r.status === 1) return { row: r, already: 1 };
    const bills = await tx.select().from(creditBills).where(inArray(creditBills.id, r.billIds)).for('update');
    if (bills.some((b) => b.status !== 0)) {
      await tx.update(creditRepays).set({ status: 2 }).where(eq(creditRepays.id, r.id));
      return { row: { ...r, status: 2 }, already: 0 };
    }
    await move(tx, {
      userId: user.id,
      instrument: 'balance',
      amount: -r.amount,
      kind: 'repay',
      refType: 'credit_repay',
      refId: r.id,
      memo: `账期还款 ${r.repayNo}（${r.billIds.length}张账单）`,
    });
    await repayBills(tx, r, 'balance', now);
    await closeWaiting(tx, REPAY_PAYMENT, r.id);
    const [fresh] = await tx.select().from(creditRepays).where(eq(creditRepays.id, r.id));
    return { row: fresh, already: 0 };
  });
  if (done.row.status === 2) throw refuse('所选账单已还款，请刷新后重试');
  return { ...repayView(done.row), already: done.already };
}

/** `POST /api/pay/user_credit_check {id}`: whether the repayment is paid (polled while the buyer scans). */
export async function checkRepay(db: Db, user: SessionUser, id: number): Promise<Repay> {
  return repayView(await ownRepay(db, user.id, id));
}

function dueDate(now: number, days: number) {
  return new Date(now + 8 * 3_600_000 + days * DAY_MS).toISOString().slice(0, 10);
}

/**
 * Refused while the account has an unpaid bill past its due date (China days): it repays first. Read from the
 * bills themselves (the account's unpaid ones, by `credit_bills_user_idx`), so the refusal holds from the day after
 * the due date whether or not the overdue job has marked the bill yet.
 */
async function refuseWhileOverdue(conn: Conn, userId: number, day: string) {
  const [late] = await conn
    .select({
      n: count(),
      owed: sql<number>`coalesce(sum(${creditBills.amount} - ${creditBills.repaid}), 0)`.mapWith(Number),
      since: sql<string | null>`min(${creditBills.dueDate})`,
    })
    .from(creditBills)
    .where(and(eq(creditBills.userId, userId), eq(creditBills.status, 0), lt(creditBills.dueDate, day)));
  if (!late.n) return;
  const bills =
    late.n > 1
      ? `${late.n}张账期账单已逾期，共 ¥${y(late.owed)}（最早应还款日 ${String(late.since).slice(0, 10)}）`
      : `账期账单 ¥${y(late.owed)} 已逾期（应还款日 ${String(late.since).slice(0, 10)}）`;
  throw refuse(`您有${bills}，还清前暂不能使用账期支付。请到「我的钱包 › 账期管理」还款，或选择其他支付方式`);
}

/**
 * Pays an order on credit in its transaction: refused while a bill is overdue; the credit in use grows through
 * the ledger (refused past the line) and a bill falls due after the account's credit days (the site's unless an
 * operator set its own).
 */
export async function chargeCredit(
  tx: Tx,
  o: { userId: number; orderId: number; orderNo: string; amount: number; now: number; site: Record<string, string | undefined> },
) {
  await refuseWhileOverdue(tx, o.userId, today(o.now));
  await move(tx, {
    userId: o.userId,
    instrument: 'credit',
    amount: o.amount,
    kind: 'pay',
    refType: 'order',
    refId: o.orderId,
    memo: `账期支付订单 ${o.orderNo}`,
  });
  const [wallet] = await tx.select({ days: wallets.creditDays }).from(wallets).where(eq(wallets.userId, o.userId));
  const days = wallet?.days ?? intSetting(o.site, 'credit_days', CREDIT_DAYS);
  await tx.insert(creditBills).values({ userId: o.userId, orderId: o.orderId, orderNo: o.orderNo, amount: o.amount, dueDate: dueDate(o.now, days) });
}

/** The credit bill of an order, if it was paid on credit. */
export async function creditBillOfOrder(conn: Conn, orderId: number): Promise<OrderCreditBill | null> {
  const [bill] = await conn.select().from(creditBills).where(eq(creditBills.orderId, orderId));
  if (!bill) return null;
  return {
    id: bill.id,
    amount: y(bill.amount),
    repaid: y(bill.repaid),
    due_date: bill.dueDate,
    status: bill.status,
    overdue: bill.status === 0 && bill.dueDate < today() ? 1 : 0,
    overdue_at: seconds(bill.overdueAt),
  };
}
