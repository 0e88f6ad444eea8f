/**
 * The wallet (我的钱包, DESIGN.md section 7): balance, credit, red packets and points as the ledger holds
 * them, with their logs; recharging the balance through the gateway with the bonus of the option reached;
 * cash-voucher codes that recharge the balance; the account's coupons; credit bills and their repayment
 * from the balance or online. Every change of money is a `move()` in a transaction; every read is scoped
 * to the session's account, and another account's ids answer 404.
 */
import crypto from 'node:crypto';
import { and, asc, count, desc, eq, gt, gte, inArray, lt, or, sql, sum, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import { fenToYuan } from '../../../core/money.js';
import { dayStart, RECHARGE_MAX_YUAN, RECHARGE_MIN_YUAN, type couponListQuery, type creditListQuery, type moneyLogQuery, type voucherListQuery } from '../../../core/schemas/wallet.js';
import type { Paged } from '../../../core/schemas/common.js';
import type { Db } from '../../db/client.js';
import { cashCoupons, categories, coupons, creditBills, creditRepays, ledger, orders, payments, recharges, userCoupons, users, wallets } from '../../db/schema/index.js';
import { invalid, notFound, refuse } from '../../http/envelope.js';
import type { SessionUser } from '../accounts/sessions.js';
import { intSetting, siteSettings } from '../content/settings.js';
import { ONLINE_TTL_MS, SANDBOX_PROVIDER } from '../pay/service.js';
import { move } from './ledger.js';
import { repayBills } from './settle.js';

const y = fenToYuan;
const DAY_MS = 86_400_000;
const CHINA_MS = 8 * 3_600_000;
export const PER_PAGE = 20;
/** Share of an order the red packet may pay, unless the site says otherwise (the cart's rule). */
const RED_PACKET_SHARE = 10;
const CREDIT_DAYS = 30;
/** A coupon ending within this many days is flagged 即将过期. */
const EXPIRING_DAYS = 3;

const seconds = (d: Date | null | undefined) => (d ? Math.floor(d.getTime() / 1000) : null);
const today = (now = Date.now()) => new Date(now + CHINA_MS).toISOString().slice(0, 10);

function paged<T>(rows: T[], total: number, page: number, perPage = PER_PAGE): Paged<T> {
  return { current_page: page, data: rows, last_page: Math.max(1, Math.ceil(total / perPage)), per_page: perPage, total };
}

/** A serial number for recharges (CZ) and repayments (HK): prefix, China time to the second, four digits. */
function serialNo(prefix: string, now: number) {
  const stamp = new Date(now + CHINA_MS).toISOString().replace(/\D/g, '').slice(0, 14);
  return `${prefix}${stamp}${crypto.randomInt(0, 10_000).toString().padStart(4, '0')}`;
}

async function walletOf(db: Db, userId: number) {
  const [w] = await db.select().from(wallets).where(eq(wallets.userId, userId));
  return w ?? { userId, balance: 0, creditLimit: 0, creditUsed: 0, redPacket: 0, updatedAt: new Date() };
}

async function pointsOf(db: Db, userId: number) {
  const [u] = await db.select({ points: users.points }).from(users).where(eq(users.id, userId));
  return u?.points ?? 0;
}

// ---------------------------------------------------------------------------------------------- balances

/** `GET /api/user/user_money`: every instrument's figure, from the wallet row the ledger keeps. */
export async function userMoney(db: Db, user: SessionUser) {
  const [w, points, site, couponCounts, vouchers] = await Promise.all([walletOf(db, user.id), pointsOf(db, user.id), siteSettings(db), couponNum(db, user), voucherCounts(db, user.id)]);
  return {
    balance: y(w.balance),
    red_packet: y(w.redPacket),
    red_packet_share: intSetting(site, 'red_packet_share', RED_PACKET_SHARE),
    points,
    credit_limit: y(w.creditLimit),
    credit_used: y(w.creditUsed),
    credit_available: y(Math.max(0, w.creditLimit - w.creditUsed)),
    coupon_count: couponCounts.unused,
    voucher_count: vouchers.unused,
  };
}

const KIND_TEXT: Record<string, string> = {
  open: '期初',
  pay: '订单支付',
  refund: '退款',
  recharge: '在线充值',
  bonus: '充值赠送',
  voucher: '现金券充值',
  repay: '账期还款',
  grant: '赠送',
  exchange: '积分兑换',
  cashback: '满返',
  adjust: '调整',
};

/** Texts that read better for one instrument. */
const KIND_TEXT_BY: Partial<Record<string, Record<string, string>>> = {
  red_packet: { open: '发放', pay: '订单抵扣', refund: '取消退回', grant: '活动发放' },
  points: { open: '期初积分', grant: '订单赠送', refund: '退回', pay: '积分抵扣' },
  credit: { pay: '账期支付', repay: '还款', open: '期初' },
};

const kindText = (instrument: string, kind: string) => KIND_TEXT_BY[instrument]?.[kind] ?? KIND_TEXT[kind] ?? kind;

type LogQuery = z.infer<typeof moneyLogQuery>;

/**
 * `GET /api/user/user_money_log`: one instrument's ledger, newest first, by use type (1 in, 2 out) and days
 * (China time, both ends included), with what came in and went out over the same filter.
 */
export async function moneyLog(db: Db, user: SessionUser, q: LogQuery) {
  const where: SQL[] = [eq(ledger.userId, user.id), eq(ledger.instrument, q.instrument)];
  // For credit, using credit is positive; for the buyer, "in" is always what adds to what they may spend.
  const sign = q.instrument === 'credit' ? -1 : 1;
  if (q.use_type === 1) where.push(sign > 0 ? gt(ledger.amount, 0) : lt(ledger.amount, 0));
  if (q.use_type === 2) where.push(sign > 0 ? lt(ledger.amount, 0) : gt(ledger.amount, 0));
  if (q.start_time) where.push(gte(ledger.createdAt, new Date(dayStart(q.start_time))));
  if (q.end_time) where.push(lt(ledger.createdAt, new Date(dayStart(q.end_time) + (/^\d{10}$/.test(q.end_time) ? 1000 : DAY_MS))));
  const cond = and(...where);
  const [rows, [totals]] = await Promise.all([
    db
      .select()
      .from(ledger)
      .where(cond)
      .orderBy(desc(ledger.createdAt), desc(ledger.id))
      .limit(PER_PAGE)
      .offset((q.page - 1) * PER_PAGE),
    db
      .select({
        n: count(),
        plus: sql<string>`coalesce(sum(case when ${ledger.amount} > 0 then ${ledger.amount} else 0 end), 0)`,
        minus: sql<string>`coalesce(sum(case when ${ledger.amount} < 0 then -${ledger.amount} else 0 end), 0)`,
      })
      .from(ledger)
      .where(cond),
  ]);
  const points = q.instrument === 'points';
  const fmt = (v: number) => (points ? v : y(v));
  const plus = Number(totals.plus);
  const minus = Number(totals.minus);
  return {
    ...paged(
      rows.map((r) => ({
        id: r.id,
        amount: fmt(r.amount * sign),
        balance_after: fmt(r.balanceAfter),
        use_type: r.amount * sign > 0 ? 1 : 2,
        kind: r.kind,
        kind_text: kindText(q.instrument, r.kind),
        memo: r.memo,
        ref_type: r.refType,
        ref_id: r.refId,
        order_id: r.refType === 'order' ? r.refId : null,
        created_at: seconds(r.createdAt),
      })),
      totals.n,
      q.page,
    ),
    instrument: q.instrument,
    summary: { in: fmt(sign > 0 ? plus : minus), out: fmt(sign > 0 ? minus : plus) },
  };
}

// ---------------------------------------------------------------------------------------------- recharge

/** Recharge options and their bonuses (fen): the site's `recharge_options` ("100000:0,500000:5000"), else these. */
const RECHARGE_OPTIONS = [
  { amount: 100_000, bonus: 0 },
  { amount: 500_000, bonus: 5_000 },
  { amount: 1_000_000, bonus: 15_000 },
  { amount: 2_000_000, bonus: 40_000 },
  { amount: 5_000_000, bonus: 120_000 },
];

function rechargeOptions(site: Record<string, string | undefined>) {
  const text = site.recharge_options;
  if (text && /^\d+:\d+(,\d+:\d+)*$/.test(text)) {
    return text
      .split(',')
      .map((pair) => pair.split(':').map(Number))
      .map(([amount, bonus]) => ({ amount, bonus }))
      .sort((a, b) => a.amount - b.amount);
  }
  return RECHARGE_OPTIONS;
}

/** The bonus of the largest option the amount reaches. */
const bonusFor = (options: { amount: number; bonus: number }[], amount: number) => options.filter((o) => o.amount <= amount).reduce((b, o) => Math.max(b, o.bonus), 0);

/** `GET /api/moneys/moneyConfig`: the recharge options with their bonuses, and the limits of any other amount. */
export async function moneyConfig(db: Db, sandbox: boolean) {
  const options = rechargeOptions(await siteSettings(db));
  return {
    options: options.map((o) => ({
      amount: y(o.amount),
      bonus: y(o.bonus),
      text: o.bonus > 0 ? `充${o.amount / 100}元送${y(o.bonus).replace(/\.00$/, '')}元` : `充${o.amount / 100}元`,
    })),
    min: y(RECHARGE_MIN_YUAN * 100),
    max: y(RECHARGE_MAX_YUAN * 100),
    custom: 1,
    online: sandbox ? 1 : 0,
    notice: '充值金额实时到账，赠送金额与充值金额一同计入账户余额，可用于支付订单和账期还款；余额不支持提现。',
  };
}

/** Opens a gateway payment of a recharge or repayment (one waiting payment reused while it is valid). */
async function openPayment(db: Db, refType: 'recharge' | 'credit_repay', refId: number, userId: number, amount: number, serial: string) {
  const now = Date.now();
  const [waiting] = await db
    .select()
    .from(payments)
    .where(and(eq(payments.refType, refType), eq(payments.refId, refId), eq(payments.status, 0), gt(payments.createdAt, new Date(now - ONLINE_TTL_MS))))
    .orderBy(desc(payments.id))
    .limit(1);
  const payment =
    waiting && waiting.amount === amount
      ? waiting
      : (await db.insert(payments).values({ refType, refId, userId, provider: SANDBOX_PROVIDER, tradeNo: `SB${serial}${crypto.randomInt(100, 999)}`, amount }).returning())[0];
  return {
    payment_id: payment.id,
    trade_no: payment.tradeNo,
    amount: y(payment.amount),
    qr_url: `/pay/sandbox/${payment.tradeNo}`,
    expires_in: Math.max(0, Math.floor((payment.createdAt.getTime() + ONLINE_TTL_MS - now) / 1000)),
  };
}

/** `POST /api/moneys/recharge`: a recharge waiting for the gateway, with the bonus of the option reached. */
export async function createRecharge(db: Db, user: SessionUser, yuan: number, sandbox: boolean) {
  if (!sandbox) throw refuse('在线充值暂未开通，请联系客服通过对公转账充值');
  const amount = yuan * 100;
  const bonus = bonusFor(rechargeOptions(await siteSettings(db)), amount);
  const rechargeNo = serialNo('CZ', Date.now());
  const [r] = await db.insert(recharges).values({ rechargeNo, userId: user.id, amount, bonus }).returning();
  return { id: r.id, recharge_no: r.rechargeNo, bonus: y(bonus), status: 0, ...(await openPayment(db, 'recharge', r.id, user.id, amount, rechargeNo)) };
}

/** `GET /api/moneys/recharge/{id}`: polled while the buyer scans. */
export async function rechargeStatus(db: Db, user: SessionUser, id: number) {
  const [r] = await db.select().from(recharges).where(and(eq(recharges.id, id), eq(recharges.userId, user.id)));
  if (!r) throw notFound('充值单不存在');
  return { id: r.id, recharge_no: r.rechargeNo, amount: y(r.amount), bonus: y(r.bonus), status: r.status, paid: r.status === 1 ? 1 : 0, paid_at: seconds(r.paidAt) };
}

// ---------------------------------------------------------------------------------------------- cash vouchers

const voucherState = (v: typeof cashCoupons.$inferSelect, now: number) => (v.status === 1 ? 1 : v.expiresAt.getTime() < now ? 2 : 0);
const VOUCHER_TEXT = ['未使用', '已使用', '已过期'] as const;

/** The account's vouchers: handed to it and not redeemed, or redeemed by it. */
const heldBy = (userId: number) => or(and(eq(cashCoupons.userId, userId), eq(cashCoupons.status, 0)), eq(cashCoupons.usedBy, userId))!;

async function voucherCounts(db: Db, userId: number) {
  const now = new Date();
  const [row] = await db
    .select({
      unused: sql<number>`count(*) filter (where ${cashCoupons.status} = 0 and ${cashCoupons.expiresAt} >= ${now})`.mapWith(Number),
      used: sql<number>`count(*) filter (where ${cashCoupons.status} = 1)`.mapWith(Number),
      expired: sql<number>`count(*) filter (where ${cashCoupons.status} = 0 and ${cashCoupons.expiresAt} < ${now})`.mapWith(Number),
    })
    .from(cashCoupons)
    .where(heldBy(userId));
  return row;
}

/** `GET /api/cash_coupon/list?status&page`: the account's cash vouchers with the count of each status. */
export async function listVouchers(db: Db, user: SessionUser, q: z.infer<typeof voucherListQuery>) {
  const now = Date.now();
  const where: SQL[] = [heldBy(user.id)];
  if (q.status === 0) where.push(eq(cashCoupons.status, 0), gte(cashCoupons.expiresAt, new Date(now)));
  if (q.status === 1) where.push(eq(cashCoupons.status, 1));
  if (q.status === 2) where.push(eq(cashCoupons.status, 0), lt(cashCoupons.expiresAt, new Date(now)));
  const cond = and(...where);
  const [rows, [{ n }], counts] = await Promise.all([
    db
      .select()
      .from(cashCoupons)
      .where(cond)
      .orderBy(
        // Those still to redeem first (soonest to expire first), then the redeemed, then the expired.
        sql`case when ${cashCoupons.status} = 1 then 1 when ${cashCoupons.expiresAt} < ${new Date(now)} then 2 else 0 end`,
        desc(cashCoupons.usedAt),
        asc(cashCoupons.expiresAt),
        desc(cashCoupons.id),
      )
      .limit(PER_PAGE)
      .offset((q.page - 1) * PER_PAGE),
    db.select({ n: count() }).from(cashCoupons).where(cond),
    voucherCounts(db, user.id),
  ]);
  return {
    ...paged(rows.map((v) => voucherView(v, now)), n, q.page),
    counts,
  };
}

function voucherView(v: typeof cashCoupons.$inferSelect, now: number) {
  const status = voucherState(v, now);
  return { id: v.id, code: v.code, name: v.name, amount: y(v.amount), status, status_text: VOUCHER_TEXT[status], expires_at: seconds(v.expiresAt), used_at: seconds(v.usedAt), created_at: seconds(v.createdAt) };
}

/**
 * `POST /api/cash_coupon/userRecharge {code}`: the voucher's amount goes to the balance, once. A code handed to
 * another account reads as unknown; a used or expired one is refused on the field.
 */
export async function redeemVoucher(db: Db, user: SessionUser, code: string) {
  const now = Date.now();
  return db.transaction(async (tx) => {
    const [v] = await tx.select().from(cashCoupons).where(eq(cashCoupons.code, code)).for('update');
    if (!v || (v.userId !== null && v.userId !== user.id)) throw invalid('code', '券码不存在，请核对后重新输入');
    if (v.status === 1) throw invalid('code', v.usedBy === user.id ? '该现金券已使用，请勿重复充值' : '该现金券已被使用');
    if (v.expiresAt.getTime() < now) throw invalid('code', '该现金券已过期');
    await move(tx, { userId: user.id, instrument: 'balance', amount: v.amount, kind: 'voucher', refType: 'cash_coupon', refId: v.id, memo: `现金券充值 ${v.name}（券码 ${v.code}）` });
    const [used] = await tx.update(cashCoupons).set({ status: 1, usedBy: user.id, usedAt: new Date(now) }).where(eq(cashCoupons.id, v.id)).returning();
    const [w] = await tx.select({ balance: wallets.balance }).from(wallets).where(eq(wallets.userId, user.id));
    return { amount: y(v.amount), balance: y(w.balance), voucher: voucherView(used, now) };
  });
}

// ---------------------------------------------------------------------------------------------- coupons

/** Coupon status as the buyer sees it: 0 unused, 1 used, 2 expired (held but past its end). */
function couponStatusWhere(status: number, now: Date): SQL {
  if (status === 1) return eq(userCoupons.status, 1);
  if (status === 2) return or(eq(userCoupons.status, 2), and(eq(userCoupons.status, 0), lt(userCoupons.endsAt, now)))!;
  return and(eq(userCoupons.status, 0), gte(userCoupons.endsAt, now))!;
}

/** `GET /api/user/couponNum`: how many coupons the account holds in each status, and how many end within 3 days. */
export async function couponNum(db: Db, user: SessionUser) {
  const now = new Date();
  const soon = new Date(now.getTime() + EXPIRING_DAYS * DAY_MS);
  const [row] = await db
    .select({
      unused: sql<number>`count(*) filter (where ${userCoupons.status} = 0 and ${userCoupons.endsAt} >= ${now})`.mapWith(Number),
      used: sql<number>`count(*) filter (where ${userCoupons.status} = 1)`.mapWith(Number),
      expired: sql<number>`count(*) filter (where ${userCoupons.status} = 2 or (${userCoupons.status} = 0 and ${userCoupons.endsAt} < ${now}))`.mapWith(Number),
      expiring: sql<number>`count(*) filter (where ${userCoupons.status} = 0 and ${userCoupons.endsAt} >= ${now} and ${userCoupons.endsAt} < ${soon})`.mapWith(Number),
    })
    .from(userCoupons)
    .where(eq(userCoupons.userId, user.id));
  return row;
}

/** `GET /api/user/coupon?status&type&page`: the account's coupons of one status, those ending soonest first while unused. */
export async function listCoupons(db: Db, user: SessionUser, q: z.infer<typeof couponListQuery>) {
  const now = new Date();
  const where: SQL[] = [eq(userCoupons.userId, user.id), couponStatusWhere(q.status, now)];
  if (q.type === 1) where.push(eq(coupons.type, 'manjian'));
  if (q.type === 2) where.push(eq(coupons.type, 'discount'));
  const cond = and(...where);
  const order = q.status === 0 ? [asc(userCoupons.endsAt), asc(userCoupons.id)] : q.status === 1 ? [desc(userCoupons.usedAt), desc(userCoupons.id)] : [desc(userCoupons.endsAt), desc(userCoupons.id)];
  const [rows, [{ n }], counts] = await Promise.all([
    db
      .select({ uc: userCoupons, c: coupons, orderNo: orders.orderNo })
      .from(userCoupons)
      .innerJoin(coupons, eq(coupons.id, userCoupons.couponId))
      .leftJoin(orders, and(eq(orders.id, userCoupons.orderId), eq(orders.userId, user.id)))
      .where(cond)
      .orderBy(...order)
      .limit(PER_PAGE)
      .offset((q.page - 1) * PER_PAGE),
    db.select({ n: count() }).from(userCoupons).innerJoin(coupons, eq(coupons.id, userCoupons.couponId)).where(cond),
    couponNum(db, user),
  ]);
  const categoryIds = [...new Set(rows.flatMap((r) => (r.c.scope.kind === 'categories' ? r.c.scope.ids : [])))];
  const names = categoryIds.length
    ? new Map((await db.select({ id: categories.id, name: categories.name, parentId: categories.parentId }).from(categories).where(and(inArray(categories.id, categoryIds), eq(categories.parentId, 0)))).map((c) => [c.id, c.name]))
    : new Map<number, string>();
  const soon = now.getTime() + EXPIRING_DAYS * DAY_MS;
  const data = rows.map(({ uc, c, orderNo }) => {
    const status = uc.status === 1 ? 1 : uc.status === 2 || uc.endsAt < now ? 2 : 0;
    const scope = c.scope.kind === 'all' ? '全场通用' : c.scope.kind === 'goods' ? '限指定商品' : `限${c.scope.ids.map((i) => names.get(i)).filter(Boolean).join('、') || '指定分类'}商品`;
    return {
      id: uc.id,
      coupon_id: c.id,
      name: c.name,
      type: c.type,
      type_text: c.type === 'manjian' ? '满减券' : '折扣券',
      threshold: y(c.threshold),
      amount: y(c.amount),
      rate: c.rate,
      max_discount: y(c.maxDiscount),
      face: c.type === 'manjian' ? y(c.amount) : `${c.rate / 10}`.replace(/\.0$/, ''),
      condition: c.threshold > 0 ? `满${y(c.threshold).replace(/\.00$/, '')}元可用` : '无门槛',
      limit_text: c.type === 'discount' && c.maxDiscount > 0 ? `最高减${y(c.maxDiscount).replace(/\.00$/, '')}元` : '',
      scope_text: scope,
      starts_at: seconds(uc.startsAt),
      ends_at: seconds(uc.endsAt),
      status,
      status_text: ['未使用', '已使用', '已过期'][status],
      expiring: status === 0 && uc.endsAt.getTime() < soon ? 1 : 0,
      used_at: seconds(uc.usedAt),
      order_id: orderNo ? uc.orderId : null,
      order_no: orderNo ?? null,
    };
  });
  return { ...paged(data, n, q.page), counts };
}

// ---------------------------------------------------------------------------------------------- credit

type Bill = typeof creditBills.$inferSelect;

function billView(b: Bill & { orderNo: string | null }, day: string) {
  const overdue = b.status === 0 && b.dueDate < day;
  const daysLeft = Math.round((Date.parse(`${b.dueDate}T00:00:00Z`) - Date.parse(`${day}T00:00:00Z`)) / DAY_MS);
  return {
    id: b.id,
    order_id: b.orderId,
    order_no: b.orderNo ?? '',
    amount: y(b.amount),
    repaid: y(b.repaid),
    remaining: y(b.amount - b.repaid),
    due_date: b.dueDate,
    days_left: b.status === 0 ? daysLeft : null,
    overdue: overdue ? 1 : 0,
    status: b.status,
    status_text: b.status === 1 ? '已还款' : overdue ? '已逾期' : '待还款',
    created_at: seconds(b.createdAt),
    repaid_at: seconds(b.repaidAt),
  };
}

/** `GET /api/user/user_credit`: the credit line, what is in use and available, and the bills to repay. */
export async function userCredit(db: Db, user: SessionUser) {
  const day = today();
  const [w, site, [agg]] = await Promise.all([
    walletOf(db, user.id),
    siteSettings(db),
    db
      .select({
        unpaid: count(),
        unpaidAmount: sum(sql`${creditBills.amount} - ${creditBills.repaid}`).mapWith(Number),
        overdue: sql<number>`count(*) filter (where ${creditBills.dueDate} < ${day})`.mapWith(Number),
        overdueAmount: sql<number>`coalesce(sum(${creditBills.amount} - ${creditBills.repaid}) filter (where ${creditBills.dueDate} < ${day}), 0)`.mapWith(Number),
        nextDue: sql<string | null>`min(${creditBills.dueDate})`,
      })
      .from(creditBills)
      .where(and(eq(creditBills.userId, user.id), eq(creditBills.status, 0))),
  ]);
  return {
    credit_limit: y(w.creditLimit),
    credit_used: y(w.creditUsed),
    credit_available: y(Math.max(0, w.creditLimit - w.creditUsed)),
    credit_days: intSetting(site, 'credit_days', CREDIT_DAYS),
    unpaid_count: agg.unpaid,
    unpaid_amount: y(agg.unpaidAmount ?? 0),
    overdue_count: agg.overdue,
    overdue_amount: y(agg.overdueAmount ?? 0),
    next_due_date: agg.nextDue ? String(agg.nextDue).slice(0, 10) : null,
  };
}

/** `GET /api/user/user_credit_list?type&page`: bills to repay (due soonest first), repaid, or overdue. */
export async function creditList(db: Db, user: SessionUser, q: z.infer<typeof creditListQuery>) {
  const day = today();
  const where: SQL[] = [eq(creditBills.userId, user.id)];
  if (q.type === 1) where.push(eq(creditBills.status, 0));
  if (q.type === 2) where.push(eq(creditBills.status, 1));
  if (q.type === 3) where.push(eq(creditBills.status, 0), lt(creditBills.dueDate, day));
  const cond = and(...where);
  const [rows, [{ n }]] = await Promise.all([
    db
      .select({ bill: creditBills, orderNo: orders.orderNo })
      .from(creditBills)
      .leftJoin(orders, eq(orders.id, creditBills.orderId))
      .where(cond)
      .orderBy(asc(creditBills.status), sql`case when ${creditBills.status} = 0 then ${creditBills.dueDate} end asc`, desc(creditBills.repaidAt), desc(creditBills.id))
      .limit(PER_PAGE)
      .offset((q.page - 1) * PER_PAGE),
    db.select({ n: count() }).from(creditBills).where(cond),
  ]);
  return paged(
    rows.map((r) => billView({ ...r.bill, orderNo: r.orderNo }, day)),
    n,
    q.page,
  );
}

function repayView(r: typeof creditRepays.$inferSelect) {
  return { id: r.id, repay_no: r.repayNo, amount: y(r.amount), bill_ids: r.billIds, bill_count: r.billIds.length, method: r.method, status: r.status, paid: r.status === 1 ? 1 : 0, paid_at: seconds(r.paidAt), created_at: seconds(r.createdAt) };
}

/** `POST /api/pay/user_credit_create {ids}`: a repayment of these unpaid bills of the account, in full. */
export async function createRepay(db: Db, user: SessionUser, ids: number[]) {
  const unique = [...new Set(ids)];
  const bills = await db.select().from(creditBills).where(and(inArray(creditBills.id, unique), eq(creditBills.userId, user.id)));
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
  const [r] = await db.select().from(creditRepays).where(and(eq(creditRepays.id, id), eq(creditRepays.userId, userId)));
  if (!r) throw notFound('还款单不存在');
  return r;
}

/**
 * `POST /api/pay/user_credit_pay {id, method}`: from the balance the bills are repaid at once (in one
 * transaction, once however often it is asked); online answers the gateway's QR code.
 */
export async function payRepay(db: Db, user: SessionUser, id: number, method: 'balance' | 'online', sandbox: boolean) {
  const repay = await ownRepay(db, user.id, id);
  if (repay.status === 1) return { ...repayView(repay), already: 1 };
  if (repay.status === 2) throw refuse('该还款单已关闭，请重新选择账单还款');
  if (method === 'online') {
    if (!sandbox) throw refuse('在线支付暂未开通，请使用余额还款');
    return { ...repayView(repay), already: 0, ...(await openPayment(db, 'credit_repay', repay.id, user.id, repay.amount, repay.repayNo)) };
  }
  const now = Date.now();
  const done = await db.transaction(async (tx) => {
    const [r] = await tx.select().from(creditRepays).where(eq(creditRepays.id, repay.id)).for('update');
    if (r.status === 1) return { row: r, already: 1 };
    const bills = await tx.select().from(creditBills).where(inArray(creditBills.id, r.billIds)).for('update');
    if (bills.some((b) => b.status !== 0)) {
      await tx.update(creditRepays).set({ status: 2 }).where(eq(creditRepays.id, r.id));
      return { row: { ...r, status: 2 }, already: 0 };
    }
    await move(tx, { userId: user.id, instrument: 'balance', amount: -r.amount, kind: 'repay', refType: 'credit_repay', refId: r.id, memo: `账期还款 ${r.repayNo}（${r.billIds.length}张账单）` });
    await repayBills(tx, r, 'balance', now);
    await tx.update(payments).set({ status: 2 }).where(and(eq(payments.refType, 'credit_repay'), eq(payments.refId, r.id), eq(payments.status, 0)));
    const [fresh] = await tx.select().from(creditRepays).where(eq(creditRepays.id, r.id));
    return { row: fresh, already: 0 };
  });
  if (done.row.status === 2) throw refuse('所选账单已还款，请刷新后重试');
  return { ...repayView(done.row), already: done.already };
}

/** `POST /api/pay/user_credit_check {id}`: whether the repayment is paid (polled while the buyer scans). */
export async function checkRepay(db: Db, user: SessionUser, id: number) {
  return repayView(await ownRepay(db, user.id, id));
}
