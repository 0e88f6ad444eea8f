/** Requests of the wallet (我的钱包): logs, recharge, cash vouchers, coupons and credit repayment. */
import { z } from 'zod';
import { id, page, wholeNumber } from './common.js';

/** The ledgers a log can be read from: balance (余额), red packets (账户红包), points (积分), credit (账期). */
export const WALLET_INSTRUMENTS = ['balance', 'red_packet', 'points', 'credit'] as const;
export type WalletInstrument = (typeof WALLET_INSTRUMENTS)[number];

/** `use_type` of a log: 1 money in (收入, points earned), 2 money out (支出, points spent). */
export const USE_TYPES = { 1: '收入', 2: '支出' } as const;

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
    instrument: choice(WALLET_INSTRUMENTS, '账户类型不正确').optional().default('balance'),
    use_type: z
      .union([z.literal(''), z.literal('0'), z.literal('1'), z.literal('2')], { error: '收支类型不正确' })
      .optional()
      .transform((v) => (v === '1' ? 1 : v === '2' ? 2 : 0)),
    start_time: day('开始日期'),
    end_time: day('结束日期'),
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
    .refine((v) => v <= RECHARGE_MAX_YUAN, { error: `单次充值金额不能超过${RECHARGE_MAX_YUAN}元` }),
});

/** A cash-voucher code as printed (letters and digits, any spaces or hyphens dropped). */
export const voucherBody = z.object({
  code: z
    .string({ error: '请输入现金券券码' })
    .transform((v) => v.replace(/[\s-]/g, '').toUpperCase())
    .refine((v) => v.length > 0, { error: '请输入现金券券码' })
    .refine((v) => /^[A-Z0-9]{8,20}$/.test(v), { error: '券码为8-20位字母或数字，请核对后重新输入' }),
});

/** Coupons (优惠券) by status: 0 unused, 1 used, 2 expired; type 1 满减 or 2 折扣 (absent: both). */
export const COUPON_STATUSES = { 0: '未使用', 1: '已使用', 2: '已过期' } as const;
export const couponListQuery = z.object({
  status: z.enum(['0', '1', '2'], { error: '优惠券状态不正确' }).optional().default('0').transform(Number),
  type: z.enum(['', '0', '1', '2'], { error: '优惠券类型不正确' }).optional().transform((v) => (v === '1' ? 1 : v === '2' ? 2 : 0)),
  page: page(),
});

/** Cash vouchers by status: 0 unused, 1 redeemed, 2 expired (absent: all). */
export const VOUCHER_STATUSES = { 0: '未使用', 1: '已使用', 2: '已过期' } as const;
export const voucherListQuery = z.object({
  status: z.enum(['', '0', '1', '2'], { error: '现金券状态不正确' }).optional().transform((v) => (v === undefined || v === '' ? undefined : Number(v))),
  page: page(),
});

/** Credit bills: 1 to repay (待还款), 2 repaid (已还款), 3 overdue (已逾期); absent: all. */
export const CREDIT_BILL_TYPES = { 1: '待还款', 2: '已还款', 3: '已逾期' } as const;
export const creditListQuery = z.object({
  type: z.enum(['', '0', '1', '2', '3'], { error: '账单类型不正确' }).optional().transform((v) => (v ? Number(v) : 0)),
  page: page(),
});

export const creditCreateBody = z.object({
  ids: z.array(id('账单'), { error: '请选择要还款的账单' }).min(1, { error: '请选择要还款的账单' }).max(100, { error: '一次最多还款100张账单' }),
});

export const creditPayBody = z.object({
  id: id('还款单'),
  method: z.enum(['balance', 'online'], { error: '请选择还款方式' }),
});

export const creditCheckBody = z.object({ id: id('还款单') });
