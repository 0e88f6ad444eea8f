/** The console's buyer calls: the list and detail, licence review, flags and scopes, service contacts, the wallet's adjustments and credit line. */
import { z } from 'zod';
import { COMPANY_TYPES } from '../constants.js';
import { flag, freeText, id, mobile, page, personName, wholeNumber } from './common.js';
import { bit, money, pageOf, unixTime } from './envelope.js';
import { Licence } from './member.js';

/** Reasons a reviewer picks from when refusing licences; free text may be added or used instead. */
export const REJECT_REASONS = [
  '营业执照已过期或即将过期',
  '药品经营许可证已过期或即将过期',
  '证照图片不清晰，无法辨认',
  '证照上的企业名称与注册名称不一致',
  '缺少必需的证照',
  '申请的经营范围超出许可证核定范围',
  '采购委托书未加盖公章',
] as const;

/** Member ranks an operator may give. */
export const RANKS = ['普通会员', '银牌会员', '金牌会员', '钻石会员'] as const;

const scopeIds = z
  .array(id('经营范围'), { error: '经营范围格式不正确' })
  .max(50, { error: '经营范围格式不正确' })
  .transform((ids) => [...new Set(ids)]);

export const adminUserQuery = z.object({
  page: page(),
  keyword: freeText('关键词', 40).optional().default(''),
  is_passed: z.enum(['0', '1', '2'], { error: '审核状态不正确' }).optional(),
  company_type: z.enum(COMPANY_TYPES, { error: '企业类型不正确' }).optional(),
  /** Only accounts that finished registering (licences uploaded): the review queue. */
  submitted: flag('资料已提交').optional(),
  /** Buyers with a licence that expires within this many days (or has expired). */
  expiring: wholeNumber('天数格式不正确')
    .pipe(z.number().min(1, { error: '天数格式不正确' }).max(365, { error: '天数格式不正确' }))
    .optional(),
});
export type AdminUserQuery = z.infer<typeof adminUserQuery>;

export const adminUserParams = z.object({ id: id('客户ID') });

export const reviewBody = z
  .object({
    is_passed: z.union([z.literal(1), z.literal(2), z.literal('1'), z.literal('2')], { error: '请选择审核结果' }).transform(Number),
    reason: freeText('驳回原因', 200).optional().default(''),
    /** Approval: the 经营范围 classes approved; absent, what the buyer declared. */
    scope_ids: scopeIds.optional(),
  })
  .superRefine((v, ctx) => {
    if (v.is_passed === 2 && !v.reason) ctx.addIssue({ code: 'custom', path: ['reason'], message: '驳回时请填写驳回原因' });
    if (v.is_passed === 1 && v.scope_ids && v.scope_ids.length === 0) ctx.addIssue({ code: 'custom', path: ['scope_ids'], message: '请至少核准一项经营范围' });
  });

export const userFlagsBody = z.object({
  is_special: flag('控销权限'),
  is_show_youx: flag('显示优选'),
  is_can_chat: flag('在线客服'),
  is_AfterSale: flag('售后权限'),
  may_buy_ephedrine: flag('含麻药品采购权限'),
  rank: z.enum(RANKS, { error: '会员等级不正确' }),
  /** A form body cannot send an empty list: absent is none. */
  scope_ids: scopeIds.optional().default([]),
});

export const contactsBody = z.object({
  contacts: z
    .array(z.object({ name: personName('客服姓名'), phone: mobile('客服手机号'), is_default: flag('默认客服') }), { error: '专属客服格式不正确' })
    .max(5, { error: '专属客服最多5位' })
    .refine((list) => list.length === 0 || list.filter((c) => c.is_default).length === 1, { error: '请指定一位默认客服' })
    .optional()
    .default([]),
});

/** A signed amount of yuan with at most two decimals, not zero. */
const signedYuan = (label: string) =>
  z
    .string({ error: `请输入${label}` })
    .trim()
    .regex(/^-?\d{1,9}(\.\d{1,2})?$/, { error: `${label}须为金额，最多两位小数，减少时填负数` })
    .refine((v) => Number(v) !== 0, { error: `${label}不能为0` });

export const walletAdjustBody = z
  .object({
    instrument: z.enum(['balance', 'red_packet', 'points'], { error: '请选择调整项目' }),
    /** Yuan for balance and red packet, whole points for points; negative takes away. */
    amount: signedYuan('调整数额'),
    reason: freeText('调整原因', 200).refine((v) => v.length >= 2, { error: '请填写调整原因' }),
  })
  .superRefine((v, ctx) => {
    if (v.instrument === 'points' && !/^-?\d+$/.test(v.amount)) ctx.addIssue({ code: 'custom', path: ['amount'], message: '积分须为整数' });
  });

export const creditBody = z.object({
  credit_limit: z
    .string({ error: '请输入账期额度' })
    .trim()
    .regex(/^\d{1,9}(\.\d{1,2})?$/, { error: '账期额度须为金额，最多两位小数' }),
  /** Empty: the site's credit days. */
  credit_days: z
    .union([
      z.literal(''),
      z.null(),
      wholeNumber('账期天数须为整数').pipe(z.number().min(1, { error: '账期天数为1-180天' }).max(180, { error: '账期天数为1-180天' })),
    ])
    .optional()
    .transform((v) => (v === '' || v === undefined ? null : v)),
});

// ---- answers

export const AdminUserRow = z.object({
  id: z.number().int(),
  username: z.string(),
  company: z.string(),
  company_type: z.string(),
  name: z.string(),
  phone: z.string(),
  region: z.string(),
  is_passed: z.number().int(),
  is_passed_text: z.string(),
  register_step: z.number().int(),
  rank: z.string(),
  parent_id: z.number().int().nullable(),
  /** The earliest expiry of its licences (YYYY-MM-DD), if any has one. */
  licence_expires: z.string().nullable(),
  created_at: unixTime,
});
export type AdminUserRow = z.infer<typeof AdminUserRow>;
export const AdminUserPage = pageOf(AdminUserRow);

const Scope = z.object({ id: z.number().int(), name: z.string() });

export const AdminUserDetail = AdminUserRow.extend({
  email: z.string(),
  contact_phone: z.string(),
  address: z.string(),
  reject_reason: z.string(),
  reviewed_at: unixTime.nullable(),
  /** Declared at registration. */
  jyfw: z.array(Scope),
  /** Approved at review: what the buyer may buy. */
  scope_ids: z.array(z.number().int()),
  is_special: bit,
  is_show_youx: bit,
  is_can_chat: bit,
  is_AfterSale: bit,
  may_buy_ephedrine: bit,
  licences: z.array(Licence),
  /** Licence types its company type needs that it has not uploaded. */
  missing_licences: z.array(z.string()),
  contacts: z.array(z.object({ id: z.number().int(), name: z.string(), phone: z.string(), is_default: bit })),
  parent: z.object({ id: z.number().int(), company: z.string() }).nullable(),
  stores: z.array(z.object({ id: z.number().int(), username: z.string(), company: z.string(), is_passed: z.number().int() })),
  /** Every scope class there is, for the review form. */
  all_scopes: z.array(Scope),
});
export type AdminUserDetail = z.infer<typeof AdminUserDetail>;

export const AdminWallet = z.object({
  balance: money,
  red_packet: money,
  points: z.number().int(),
  credit_limit: money,
  credit_used: money,
  /** Null: the site's credit days. */
  credit_days: z.number().int().nullable(),
  site_credit_days: z.number().int(),
  ledger: z.array(
    z.object({
      id: z.number().int(),
      instrument: z.string(),
      amount: z.string().meta({ description: 'yuan for money, whole points for points' }),
      balance_after: z.string(),
      kind: z.string(),
      memo: z.string(),
      created_at: unixTime,
    }),
  ),
});
export type AdminWallet = z.infer<typeof AdminWallet>;
