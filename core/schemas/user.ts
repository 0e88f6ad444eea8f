/** Account calls: login, codes, registration, forgotten password, profile. */
import { z } from 'zod';
import { COMPANY_TYPES, LICENCE_TYPES } from '../constants.js';
import {
  addressText,
  companyName,
  email,
  id,
  mobile,
  optionalText,
  password,
  personName,
  phoneOrLandline,
  smsCode,
  text,
  username,
} from './common.js';

export const loginBody = z.object({
  username: text('用户名或手机号', 32),
  password: z.string({ error: '请输入密码' }).min(1, { error: '请输入密码' }).max(64, { error: '密码不正确' }),
});

export const loginCodeBody = z.object({ phone: mobile(), code: smsCode() });

export const CODE_TYPES = ['register', 'login', 'forget', 'update', 'bind'] as const;
export const createCodeBody = z.object({
  phone: mobile(),
  type: z.enum(CODE_TYPES, { error: '验证码类型不正确' }).optional().default('register'),
});

const passwordPair = {
  password: password(),
  password_confirmation: z.string({ error: '请再次输入密码' }).min(1, { error: '请再次输入密码' }).max(64),
};
const samePasswords = (v: { password: string; password_confirmation: string }) => v.password === v.password_confirmation;
const mismatch = { error: '两次输入的密码不一致', path: ['password_confirmation'] };

export const registerStep1Body = z
  .object({
    step: z.literal(['1', 1]),
    phone: mobile(),
    code: smsCode(),
    username: username(),
    ...passwordPair,
    agree: z.literal(['1', 1, true], { error: '请阅读并同意《用户注册协议》' }),
    /** Set by a chain headquarters registering a sub-store (/register/dd). */
    parent: id('总部账号').optional(),
    /** A scanned sandbox WeChat ticket to bind to the new account (/register/wechat). */
    wechat_ticket: z.string({ error: '微信授权已失效，请重新扫码' }).regex(/^[A-Za-z0-9_-]{8,64}$/, { error: '微信授权已失效，请重新扫码' }).optional(),
  })
  .refine(samePasswords, mismatch);

export const registerStep2Body = z.object({
  step: z.literal(['2', 2]),
  company: companyName(),
  type: z.enum(COMPANY_TYPES, { error: '请选择企业类型' }),
  name: personName(),
  contact_phone: phoneOrLandline(),
  province: text('省份', 20).regex(/^[\u3400-\u9fff]{2,20}$/, { error: '请选择省份' }),
  city: text('城市', 20).regex(/^[\u3400-\u9fff]{2,20}$/, { error: '请选择城市' }),
  district: text('区县', 20).regex(/^[\u3400-\u9fff]{2,20}$/, { error: '请选择区县' }),
  address: addressText(),
  jyfw: z
    .array(id('经营范围'), { error: '请选择经营范围' })
    .min(1, { error: '请选择经营范围' })
    .max(50, { error: '经营范围选择过多' }),
  parent: id('总部账号').optional(),
  store_id: id('门店').optional(),
});

const licenceTypes = Object.keys(LICENCE_TYPES) as [keyof typeof LICENCE_TYPES, ...(keyof typeof LICENCE_TYPES)[]];
export const licenceInput = z.object({
  type: z.enum(licenceTypes, { error: '资质类型不正确' }),
  image: text('资质图片', 255).regex(/^\/uploads\/[A-Za-z0-9._-]+$/, { error: '请上传资质图片' }),
  number: optionalText('证件编号', 60).refine((v) => /^[\u3400-\u9fffA-Za-z0-9()（）-]*$/.test(v), {
    error: '证件编号只能包含中文、字母、数字和括号',
  }),
  valid_until: z
    .string({ error: '有效期格式不正确' })
    .regex(/^\d{4}-\d{2}-\d{2}$/, { error: '有效期格式不正确' })
    .optional(),
});
export const registerStep3Body = z.object({
  step: z.literal(['3', 3]),
  licences: z.array(licenceInput, { error: '请上传资质' }).min(1, { error: '请上传资质' }).max(12, { error: '资质数量过多' }),
  parent: id('总部账号').optional(),
  store_id: id('门店').optional(),
});

export const registerBody = z.discriminatedUnion('step', [registerStep1Body, registerStep2Body, registerStep3Body], {
  error: '注册步骤不正确',
});

export const forgetStep1Body = z.object({ step: z.literal(['1', 1]), phone: mobile(), code: smsCode() });
export const forgetStep2Body = z
  .object({ step: z.literal(['2', 2]), ticket: text('重置凭证', 64), ...passwordPair })
  .refine(samePasswords, mismatch);
export const forgetBody = z.discriminatedUnion('step', [forgetStep1Body, forgetStep2Body], {
  error: '找回密码步骤不正确',
});

export const resetPasswordBody = z
  .object({
    old_password: z.string({ error: '请输入原密码' }).min(1, { error: '请输入原密码' }).max(64),
    ...passwordPair,
  })
  .refine(samePasswords, mismatch);

/**
 * The contact person, login phone and e-mail. A new phone logs in and receives reset codes, so changing it
 * needs the code sent to the new phone (type `update`) and the current password; the service asks for them.
 */
export const updateUserInfoBody = z.object({
  name: personName(),
  phone: mobile('手机号'),
  email: email().optional(),
  code: smsCode().optional(),
  password: z.string({ error: '请输入登录密码' }).max(64, { error: '登录密码不正确' }).optional(),
});

export const phoneParams = z.object({ value: z.string().max(32) });

export const ServiceContact = z.object({ name: z.string(), phone: z.string(), is_default: z.number() });

/** The user object of spec section 3 as GET /api/user/base answers it. `show` 0 is a guest. */
export type UserBase = {
  show: 0 | 1;
  id: number;
  username: string;
  name: string;
  phone: string;
  email: string;
  company: string;
  company_type: string;
  face: string;
  rank: string;
  admin: { name: string; phone: string; is_default: number }[];
  address: string;
  is_passed: number;
  reject_reason: string;
  register_step: number;
  points: number;
  cart: number;
  message_count: number;
  wechat: string;
  common_config: { hot_line: string; qq1: string; qq2: string };
  quality_inspection: { quality_inspection_url: string; msg: string };
  login_url: string;
  is_show_youx: number;
  is_special: number;
  is_can_chat: number;
  token: string;
  is_AfterSale: number;
  is_chain: number;
  parent_id: number;
  contract_signed: number;
  /** The chain headquarters acting for this store (多店管理), or null. */
  actor?: { id: number; username: string; company: string } | null;
};
