/** Requests and answers of the wallet (我的钱包): logs, recharge, cash vouchers, coupons and credit repayment. */
import { z } from 'zod';
import { id, page, payPasswordInput, wholeNumber } from './common.js';
import { bit, money, pageOf, unixTime } from './envelope.js';

/** The ledgers a log can be read from: balance (余额), red packets (账户红包), points (积分), credit (账期). */
const WALLET_INSTRUMENTS = ['balance', 'red_packet', 'points', 'credit'] as const;
export type WalletInstrument = (typeof WALLET_INSTRUMENTS)[number];

/** A day as `YYYY-MM-DD` or a 10-digit Unix time (DESIGN.md section 5). */
const day = (label: string) =>
  z
    .union([z.string(), z.number()], { error: `${label}格式不正确` })
    .transform((v) => String(v).trim())
    .refine((v) => v === '' || /^\d{10}$/.test(v) || (/^\d{4}-\d{2}-\d{2}$/.test(v) && !Number.isNaN(Date.parse(`${v}T00:00:00+08:00`))), {
      error: `${label}格式不正确，请选择日期`,
    })
    .optional()
    .transform((v) => (v ? v : undefined));

const choice = <T extends readonly [string, ...string[]]>(values: T, message: string) => z.enum(values, { error: message });

export const moneyLogQuery = z
  .object({
    instrument: choice(WALLET_INSTRUMENTS, '账户类型不正确')
      .optional()
      .default('balance')
      .meta({ description: 'the ledger: balance (default), red_packet, points or credit' }),
    use_type: z
      .union([z.literal(''), z.literal('0'), z.literal('1'), z.literal('2')], { error: '收支类型不正确' })
      .optional()
      .transform((v) => (v === '1' ? 1 : v === '2' ? 2 : 0))
      .meta({ description: '1 收入 (points earned), 2 支出 (points spent); absent: both' }),
    start_time: day('开始日期').meta({ description: 'the first day: YYYY-MM-DD (China time) or 10-digit seconds' }),
    end_time: day('结束日期').meta({ description: 'the last day, included: YYYY-MM-DD (China time) or 10-digit seconds' }),
    page: page(),
  })
  .refine((q) => !q.start_time || !q.end_time || dayStart(q.start_time) <= dayStart(q.end_time), { error: '结束日期不能早于开始日期', path: ['end_time'] });

/** The first second of a day given as `YYYY-MM-DD` (China time) or as a Unix time. */
export function dayStart(v: string): number {
  return /^\d{10}$/.test(v) ? Number(v) * 1000 : Date.parse(`${v}T00:00:00+08:00`);
}

/** A recharge amount in yuan: whole yuan from 100 to 500,000. */
export const RECHARGE_MIN_YUAN = 100;
export const RECHARGE_MAX_YUAN = 500_000;
export const rechargeBody = z.object({
  amount: wholeNumber('充值金额须为整数元', '请输入充值金额')
    .refine((v) => v >= RECHARGE_MIN_YUAN, { error: `单次充值金额不能低于${RECHARGE_MIN_YUAN}元` })
    .refine((v) => v <= RECHARGE_MAX_YUAN, { error: `单次充值金额不能超过${RECHARGE_MAX_YUAN}元` })
    .meta({ description: `whole yuan, ${RECHARGE_MIN_YUAN} to ${RECHARGE_MAX_YUAN}` }),
});

/** A cash-voucher code as printed (letters and digits, any spaces or hyphens dropped). */
export const voucherBody = z.object({
  code: z
    .string({ error: '请输入现金券券码' })
    .transform((v) => v.replace(/[\s-]/g, '').toUpperCase())
    .refine((v) => v.length > 0, { error: '请输入现金券券码' })
    .refine((v) => /^[A-Z0-9]{8,20}$/.test(v), { error: '券码为8-20位字母或数字，请核对后重新输入' })
    .meta({ description: '8-20 letters or digits; spaces, hyphens and case are ignored' }),
});

/** Coupons (优惠券) by status: 0 unused, 1 used, 2 expired; type 1 满减 or 2 折扣 (absent: both). */
export const couponListQuery = z.object({
  status: z
    .enum(['0', '1', '2'], { error: '优惠券状态不正确' })
    .optional()
    .default('0')
    .transform(Number)
    .meta({ description: '0 unused (default), 1 used, 2 expired' }),
  type: z
    .enum(['', '0', '1', '2'], { error: '优惠券类型不正确' })
    .optional()
    .transform((v) => (v === '1' ? 1 : v === '2' ? 2 : 0))
    .meta({ description: '1 满减, 2 折扣; absent: both' }),
  page: page(),
});

/** Cash vouchers by status: 0 unused, 1 redeemed, 2 expired (absent: all). */
export const voucherListQuery = z.object({
  status: z
    .enum(['', '0', '1', '2'], { error: '现金券状态不正确' })
    .optional()
    .transform((v) => (v === undefined || v === '' ? undefined : Number(v)))
    .meta({ description: '0 unused, 1 redeemed, 2 expired; absent: all' }),
  page: page(),
});

/** Credit bills: 1 to repay (待还款), 2 repaid (已还款), 3 overdue (已逾期); absent: all. */
export const creditListQuery = z.object({
  type: z
    .enum(['', '0', '1', '2', '3'], { error: '账单类型不正确' })
    .optional()
    .transform((v) => (v ? Number(v) : 0))
    .meta({ description: '1 待还款, 2 已还款, 3 已逾期; absent: all' }),
  page: page(),
});

export const creditCreateBody = z.object({
  ids: z
    .array(id('账单'), { error: '请选择要还款的账单' })
    .min(1, { error: '请选择要还款的账单' })
    .max(100, { error: '一次最多还款100张账单' })
    .meta({ description: "the account's unpaid bills, 1-100" }),
});

export const creditPayBody = z.object({
  id: id('还款单'),
  method: z.enum(['balance', 'online'], { error: '请选择还款方式' }),
  pay_password: payPasswordInput().meta({ description: 'the six-digit payment password (支付密码), which repaying from the balance needs' }),
});

export const creditCheckBody = z.object({ id: id('还款单') });

// ---- Answers ----

/** Every instrument's figure, from the wallet row the ledger keeps. */
export const UserMoney = z.object({
  balance: money.meta({ description: '账户余额' }),
  red_packet: money.meta({ description: '账户红包' }),
  red_packet_share: z.number().int().meta({ description: 'percent of an order the red packet may pay' }),
  points: z.number().int(),
  credit_limit: money.meta({ description: '账期 line' }),
  credit_used: money,
  credit_available: money,
  coupon_count: z.number().int().meta({ description: 'unused coupons' }),
  voucher_count: z.number().int().meta({ description: 'unused cash vouchers' }),
});
export type UserMoney = z.infer<typeof UserMoney>;

/** Money of an instrument's log: a two-decimal string, or whole points for `points`. */
const amountOf = z.union([money, z.number().int()]);

/** One ledger row, as the buyer reads it. */
export const MoneyLogRow = z.object({
  id: z.number().int(),
  amount: amountOf.meta({
    description: 'signed: what it did to what the buyer may spend (for credit, using it is negative); whole numbers for points',
  }),
  balance_after: amountOf.meta({ description: 'the balance after it (for credit, the credit in use)' }),
  use_type: z.union([z.literal(1), z.literal(2)]).meta({ description: '1 收入 (points earned), 2 支出 (points spent)' }),
  kind: z.string().meta({ description: 'open, pay, refund, recharge, bonus, voucher, repay, grant, exchange, cashback or adjust' }),
  kind_text: z.string(),
  memo: z.string(),
  ref_type: z.string().meta({ description: 'what it belongs to: order, cash_coupon, credit_repay, ...' }),
  ref_id: z.number().int(),
  order_id: z.number().int().nullable().meta({ description: 'the order, when it belongs to one' }),
  created_at: unixTime,
});
export type MoneyLogRow = z.infer<typeof MoneyLogRow>;

export const MoneyLogPage = pageOf(MoneyLogRow).extend({
  instrument: z.enum(WALLET_INSTRUMENTS),
  summary: z.object({ in: amountOf, out: amountOf }).meta({ description: 'what came in and went out over the whole filter' }),
});
export type MoneyLogPage = z.infer<typeof MoneyLogPage>;

export const MoneyConfig = z.object({
  options: z
    .array(z.object({ amount: money, bonus: money, text: z.string().meta({ description: '充5000元送50元' }) }))
    .meta({ description: "the recharge options; the site setting `recharge_options` ('100000:0,500000:5000' in fen) replaces the built-in ones" }),
  min: money,
  max: money,
  custom: z.literal(1).meta({ description: 'any whole amount between `min` and `max` may be recharged' }),
  online: bit.meta({ description: 'online recharge is open' }),
  notice: z.string(),
});
export type MoneyConfig = z.infer<typeof MoneyConfig>;

/** A gateway payment waiting for the buyer's scan. */
export const GatewayPayment = z.object({
  payment_id: z.number().int(),
  trade_no: z.string(),
  amount: money,
  qr_url: z.string().meta({ description: 'what the QR code opens (the sandbox gateway page /pay/sandbox/{trade_no})' }),
  expires_in: z.number().int().meta({ description: 'seconds the QR code stays valid' }),
});
export type GatewayPayment = z.infer<typeof GatewayPayment>;

export const Recharge = GatewayPayment.extend({
  id: z.number().int(),
  recharge_no: z.string(),
  bonus: money.meta({ description: 'the bonus of the largest option the amount reaches, credited with it' }),
  status: z.literal(0),
});
export type Recharge = z.infer<typeof Recharge>;

export const RechargeStatus = z.object({
  id: z.number().int(),
  recharge_no: z.string(),
  amount: money,
  bonus: money,
  status: z.number().int().meta({ description: '0 waiting, 1 paid, 2 closed' }),
  paid: bit,
  paid_at: unixTime.nullable(),
});
export type RechargeStatus = z.infer<typeof RechargeStatus>;

/** A cash voucher (现金券) of the account: handed to it, or redeemed by it. */
export const Voucher = z.object({
  id: z.number().int(),
  code: z.string(),
  name: z.string(),
  amount: money,
  status: z.union([z.literal(0), z.literal(1), z.literal(2)]).meta({ description: '0 未使用, 1 已使用, 2 已过期' }),
  status_text: z.string(),
  expires_at: unixTime,
  used_at: unixTime.nullable(),
  created_at: unixTime,
});
export type Voucher = z.infer<typeof Voucher>;

const VoucherCounts = z.object({ unused: z.number().int(), used: z.number().int(), expired: z.number().int() });
type VoucherCounts = z.infer<typeof VoucherCounts>;

export const VoucherPage = pageOf(Voucher).extend({ counts: VoucherCounts });
export type VoucherPage = z.infer<typeof VoucherPage>;

export const VoucherRedeemed = z.object({
  amount: money.meta({ description: 'what went to the balance' }),
  balance: money.meta({ description: 'the balance now' }),
  voucher: Voucher,
});
export type VoucherRedeemed = z.infer<typeof VoucherRedeemed>;

/** A coupon (优惠券) the account holds. */
export const Coupon = z.object({
  id: z.number().int().meta({ description: "the account's copy (what checkout takes as `coupon_id`)" }),
  coupon_id: z.number().int(),
  name: z.string(),
  type: z.enum(['manjian', 'discount']).meta({ description: 'manjian 满减, discount 折扣' }),
  type_text: z.string(),
  threshold: money.meta({ description: 'the goods amount from which it applies' }),
  amount: money.meta({ description: 'off, for 满减' }),
  rate: z.number().int().meta({ description: 'percent paid, for 折扣 (85: 8.5折)' }),
  max_discount: money.meta({ description: 'the most a 折扣 coupon saves (0.00: no limit)' }),
  face: z.string().meta({ description: "what the coupon shows: the amount off ('20.00') or the discount ('8.5')" }),
  condition: z.string().meta({ description: '满500元可用, or 无门槛' }),
  limit_text: z.string().meta({ description: '最高减50元, or empty' }),
  scope_text: z.string().meta({ description: '全场通用, 限指定商品, 限抗感染药商品' }),
  starts_at: unixTime,
  ends_at: unixTime,
  status: z.union([z.literal(0), z.literal(1), z.literal(2)]).meta({ description: '0 未使用, 1 已使用, 2 已过期' }),
  status_text: z.string(),
  expiring: bit.meta({ description: 'unused and ending within 3 days' }),
  used_at: unixTime.nullable(),
  order_id: z.number().int().nullable().meta({ description: 'the order it was used on' }),
  order_no: z.string().nullable(),
});
export type Coupon = z.infer<typeof Coupon>;

export const CouponCounts = z.object({
  unused: z.number().int(),
  used: z.number().int(),
  expired: z.number().int(),
  expiring: z.number().int().meta({ description: 'unused and ending within 3 days' }),
});
export type CouponCounts = z.infer<typeof CouponCounts>;

export const CouponPage = pageOf(Coupon).extend({ counts: CouponCounts });
export type CouponPage = z.infer<typeof CouponPage>;

/** 领券中心 (`/lqzx`): the coupons open to claiming, 20 a page. */
export const couponCenterQuery = z.object({
  page: page(),
  ids: z
    .string({ error: '优惠券ID格式不正确' })
    .trim()
    .regex(/^\d{1,9}(,\d{1,9}){0,19}$/, { error: '优惠券ID格式不正确' })
    .transform((v) => v.split(',').map(Number))
    .optional()
    .meta({ description: 'only these coupons, comma-separated, in this order (an activity page’s coupon strip)' }),
});
export const couponReceiveBody = z.object({ id: id('优惠券') });

/** A coupon of the coupon centre, with what this account may still do with it. */
export const CenterCoupon = Coupon.pick({
  name: true,
  type: true,
  type_text: true,
  threshold: true,
  amount: true,
  rate: true,
  max_discount: true,
  face: true,
  condition: true,
  limit_text: true,
  scope_text: true,
}).extend({
  id: z.number().int().meta({ description: 'the coupon (what `POST /api/coupon/receive` takes)' }),
  valid_text: z.string().meta({ description: '领取后30天内有效, or the dates 2026.11.01-2026.12.31' }),
  ends_at: unixTime.meta({ description: 'when it can no longer be claimed' }),
  total: z.number().int().meta({ description: 'copies handed out in all (0: no limit)' }),
  left: z.number().int().nullable().meta({ description: 'copies left (null: no limit)' }),
  claimed_percent: z.number().int().meta({ description: 'share of the copies claimed, 0-100 (0 without a limit)' }),
  per_user: z.number().int().meta({ description: 'copies one account may claim' }),
  mine: z.number().int().meta({ description: 'copies this account has claimed (0 for a guest)' }),
  state: z.union([z.literal(0), z.literal(1), z.literal(2)]).meta({ description: '0 立即领取, 1 已领取 (the account reached its limit), 2 已领完' }),
  state_text: z.string(),
});
export type CenterCoupon = z.infer<typeof CenterCoupon>;
export const CouponCenterPage = pageOf(CenterCoupon);
export type CouponCenterPage = z.infer<typeof CouponCenterPage>;

/** What a claim answers: the coupon's new state for this account, and the copy now held. */
export const CouponReceived = z.object({
  coupon: CenterCoupon,
  user_coupon_id: z.number().int().meta({ description: "the account's copy, usable at checkout at once" }),
});
export type CouponReceived = z.infer<typeof CouponReceived>;

/** The credit (账期) line, what is in use and available, and the bills to repay. */
export const Credit = z.object({
  credit_limit: money,
  credit_used: money,
  credit_available: money,
  credit_days: z.number().int().meta({ description: 'days an order paid on credit may stay unpaid' }),
  unpaid_count: z.number().int(),
  unpaid_amount: money,
  overdue_count: z.number().int(),
  overdue_amount: money,
  /** The earliest due date among the overdue bills: what the refusal to pay on credit names. */
  overdue_since: z.string().nullable().meta({ description: 'YYYY-MM-DD: the earliest due date of an overdue bill; null when none is overdue' }),
  credit_paused: bit.meta({ description: '1 while a bill is overdue: paying on credit (账期支付) is refused until the overdue bills are repaid' }),
  next_due_date: z.string().nullable().meta({ description: 'YYYY-MM-DD of the first unpaid bill due; null when none' }),
});
export type Credit = z.infer<typeof Credit>;

/** A credit bill: what an order paid on credit owes. */
export const CreditBill = z.object({
  id: z.number().int(),
  order_id: z.number().int(),
  order_no: z.string(),
  amount: money,
  repaid: money,
  remaining: money,
  due_date: z.string().meta({ description: 'YYYY-MM-DD' }),
  days_left: z.number().int().nullable().meta({ description: 'days until it is due (negative when overdue); null once repaid' }),
  overdue: bit.meta({ description: 'unpaid and past its due date (China days), marked or not' }),
  overdue_at: unixTime.nullable().meta({ description: 'when the overdue job marked it (kept once repaid); null before' }),
  status: z.number().int().meta({ description: '0 unpaid, 1 repaid' }),
  status_text: z.string().meta({ description: '待还款, 已还款 or 已逾期' }),
  created_at: unixTime,
  repaid_at: unixTime.nullable(),
});
export type CreditBill = z.infer<typeof CreditBill>;

export const CreditBillPage = pageOf(CreditBill);
export type CreditBillPage = z.infer<typeof CreditBillPage>;

/** A repayment (还款单) of credit bills, in full. */
export const Repay = z.object({
  id: z.number().int(),
  repay_no: z.string(),
  amount: money,
  bill_ids: z.array(z.number().int()),
  bill_count: z.number().int(),
  method: z.string().meta({ description: "balance or online once paid; '' before" }),
  status: z.number().int().meta({ description: '0 waiting, 1 paid, 2 closed (a bill was repaid another way meanwhile)' }),
  paid: bit,
  paid_at: unixTime.nullable(),
  created_at: unixTime,
});
export type Repay = z.infer<typeof Repay>;

/** A repayment paid from the balance, or (online) with the gateway's payment to scan. */
export const RepayPaid = Repay.extend({
  already: bit.meta({ description: '1: it was paid before; nothing was charged again' }),
  payment_id: GatewayPayment.shape.payment_id.optional(),
  trade_no: GatewayPayment.shape.trade_no.optional(),
  qr_url: GatewayPayment.shape.qr_url.optional(),
  expires_in: GatewayPayment.shape.expires_in.optional(),
});
export type RepayPaid = z.infer<typeof RepayPaid>;
