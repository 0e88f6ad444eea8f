/**
 * The wallet (我的钱包, DESIGN.md section 7): balance, credit, red packets and points as the ledger holds
 * them, with their logs; recharging the balance through the gateway with the bonus of the option reached;
 * cash-voucher codes that recharge the balance; the account's coupons; credit bills and their repayment
 * from the balance or online. Every change of money is a `move()` in a transaction; every read is scoped
 * to the session's account, and another account's ids answer 404.
 */
import { and, asc, count, desc, eq, gt, gte, lt, or, sql, type Placeholder, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import { fenToYuan } from '../../../core/money.js';
import {
  dayStart,
  RECHARGE_MAX_YUAN,
  RECHARGE_MIN_YUAN,
  type MoneyConfig,
  type MoneyLogPage,
  type moneyLogQuery,
  type Recharge,
  type RechargeStatus,
  type UserMoney,
  type Voucher,
  type voucherListQuery,
  type VoucherPage,
  type VoucherRedeemed,
} from '../../../core/schemas/wallet.js';
import type { Conn, Db } from '../../db/client.js';
import { cashCoupons, ledger, recharges, wallets } from '../../db/schema/wallet.js';
import { invalid, notFound, refuse } from '../../http/envelope.js';
import type { SessionUser } from '../../http/auth.js';
import { DAY_MS, seconds } from '../../lib/china-time.js';
import { paged, PER_PAGE } from '../../lib/paged.js';
import { serialNo } from '../../lib/serial.js';
import { pointsOf } from '../accounts/index.js';
import { openPayment } from '../pay/index.js';
import { intSetting, siteSettings } from '../settings/index.js';
import { couponNum } from './coupons.js';
import { move } from './ledger.js';
import { RECHARGE_PAYMENT } from './settle.js';

const y = fenToYuan;
/** Share of an order the red packet may pay, unless the site says otherwise (the cart's rule). */
const RED_PACKET_SHARE = 10;

/** The account's wallet row (an empty one when it has none yet). */
export async function walletOf(conn: Conn, userId: number) {
  const [w] = await conn.select().from(wallets).where(eq(wallets.userId, userId));
  return w ?? { userId, balance: 0, creditLimit: 0, creditUsed: 0, redPacket: 0, updatedAt: new Date() };
}

/** SQL for the account's red packet balance (fen, or null without a wallet), for embedding in the pricing statement. */
export function redPacketSql(userId: number | Placeholder) {
  return sql`(select ${wallets.redPacket} from ${wallets} where ${wallets.userId} = ${userId})`;
}

// ---------------------------------------------------------------------------------------------- balances

/** `GET /api/user/user_money`: every instrument's figure, from the wallet row the ledger keeps. */
export async function userMoney(db: Db, user: SessionUser): Promise<UserMoney> {
  const [w, points, site, couponCounts, vouchers] = await Promise.all([
    walletOf(db, user.id),
    pointsOf(db, user.id),
    siteSettings(db),
    couponNum(db, user),
    voucherCounts(db, user.id),
  ]);
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
  cashback_back: '满返收回',
  adjust: '调整',
  draw: '抽奖消耗',
  lottery: '抽奖奖励',
};

/** Texts that read better for one instrument. */
const KIND_TEXT_BY: Partial<Record<string, Record<string, string>>> = {
  red_packet: {
    open: '发放',
    pay: '订单抵扣',
    refund: '取消退回',
    grant: '活动发放',
    cashback: '满返红包',
    cashback_back: '退款收回满返',
    lottery: '抽奖红包',
  },
  points: { open: '期初积分', grant: '订单赠送', refund: '退回', pay: '积分抵扣' },
  credit: { pay: '账期支付', repay: '还款', open: '期初' },
};

const kindText = (instrument: string, kind: string) => KIND_TEXT_BY[instrument]?.[kind] ?? KIND_TEXT[kind] ?? kind;

type LogQuery = z.infer<typeof moneyLogQuery>;

/**
 * `GET /api/user/user_money_log`: one instrument's ledger, newest first, by use type (1 in, 2 out) and days
 * (China time, both ends included), with what came in and went out over the same filter.
 */
export async function moneyLog(db: Db, user: SessionUser, q: LogQuery): Promise<MoneyLogPage> {
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
const bonusFor = (options: { amount: number; bonus: number }[], amount: number) =>
  options.filter((o) => o.amount <= amount).reduce((b, o) => Math.max(b, o.bonus), 0);

/** `GET /api/moneys/moneyConfig`: the recharge options with their bonuses, and the limits of any other amount. */
export async function moneyConfig(db: Db, sandbox: boolean): Promise<MoneyConfig> {
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

/** `POST /api/moneys/recharge`: a recharge waiting for the gateway, with the bonus of the option reached. */
export async function createRecharge(db: Db, user: SessionUser, yuan: number, sandbox: boolean): Promise<Recharge> {
  if (!sandbox) throw refuse('在线充值暂未开通，请联系客服通过对公转账充值');
  const amount = yuan * 100;
  const bonus = bonusFor(rechargeOptions(await siteSettings(db)), amount);
  const rechargeNo = serialNo('CZ', Date.now());
  const [r] = await db.insert(recharges).values({ rechargeNo, userId: user.id, amount, bonus }).returning();
  return {
    id: r.id,
    recharge_no: r.rechargeNo,
    bonus: y(bonus),
    status: 0,
    ...(await openPayment(db, { refType: RECHARGE_PAYMENT, refId: r.id, userId: user.id, amount, serial: rechargeNo })),
  };
}

/** `GET /api/moneys/recharge/{id}`: polled while the buyer scans. */
export async function rechargeStatus(db: Db, user: SessionUser, id: number): Promise<RechargeStatus> {
  const [r] = await db
    .select()
    .from(recharges)
    .where(and(eq(recharges.id, id), eq(recharges.userId, user.id)));
  if (!r) throw notFound('充值单不存在');
  return {
    id: r.id,
    recharge_no: r.rechargeNo,
    amount: y(r.amount),
    bonus: y(r.bonus),
    status: r.status,
    paid: r.status === 1 ? 1 : 0,
    paid_at: seconds(r.paidAt),
  };
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
export async function listVouchers(db: Db, user: SessionUser, q: z.infer<typeof voucherListQuery>): Promise<VoucherPage> {
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
    ...paged(
      rows.map((v) => voucherView(v, now)),
      n,
      q.page,
    ),
    counts,
  };
}

function voucherView(v: typeof cashCoupons.$inferSelect, now: number): Voucher {
  const status = voucherState(v, now);
  return {
    id: v.id,
    code: v.code,
    name: v.name,
    amount: y(v.amount),
    status,
    status_text: VOUCHER_TEXT[status],
    expires_at: seconds(v.expiresAt),
    used_at: seconds(v.usedAt),
    created_at: seconds(v.createdAt),
  };
}

/**
 * `POST /api/cash_coupon/userRecharge {code}`: the voucher's amount goes to the balance, once. A code handed to
 * another account reads as unknown; a used or expired one is refused on the field.
 */
export async function redeemVoucher(db: Db, user: SessionUser, code: string): Promise<VoucherRedeemed> {
  const now = Date.now();
  return db.transaction(async (tx) => {
    const [v] = await tx.select().from(cashCoupons).where(eq(cashCoupons.code, code)).for('update');
    if (!v || (v.userId !== null && v.userId !== user.id)) throw invalid('code', '券码不存在，请核对后重新输入');
    if (v.status === 1) throw invalid('code', v.usedBy === user.id ? '该现金券已使用，请勿重复充值' : '该现金券已被使用');
    if (v.expiresAt.getTime() < now) throw invalid('code', '该现金券已过期');
    await move(tx, {
      userId: user.id,
      instrument: 'balance',
      amount: v.amount,
      kind: 'voucher',
      refType: 'cash_coupon',
      refId: v.id,
      memo: `现金券充值 ${v.name}（券码 ${v.code}）`,
    });
    const [used] = await tx
      .update(cashCoupons)
      .set({ status: 1, usedBy: user.id, usedAt: new Date(now) })
      .where(eq(cashCoupons.id, v.id))
      .returning();
    const [w] = await tx.select({ balance: wallets.balance }).from(wallets).where(eq(wallets.userId, user.id));
    return { amount: y(v.amount), balance: y(w.balance), voucher: voucherView(used, now) };
  });
}
