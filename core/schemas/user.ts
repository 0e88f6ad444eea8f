/** Account calls (login, codes, registration, forgotten password, profile, WeChat login, uploads): requests and answers. */
import { z } from 'zod';
import { COMPANY_TYPES, LICENCE_TYPES } from '../constants.js';
import {
  addressText,
  companyName,
  email,
  id,
  mobile,
  newPayPassword,
  optionalText,
  password,
  personName,
  phoneOrLandline,
  smsCode,
  text,
  username,
} from './common.js';
import { bit, unixTime } from './envelope.js';

export const loginBody = z.object({
  username: text('用户名或手机号', 32).meta({ description: 'the username or the login phone' }),
  password: z.string({ error: '请输入密码' }).min(1, { error: '请输入密码' }).max(64, { error: '密码不正确' }),
});

export const loginCodeBody = z.object({ phone: mobile(), code: smsCode() });

/** `pay_password`: setting the payment password, sent only to the logged-in account's own phone. */
export const CODE_TYPES = ['register', 'login', 'forget', 'update', 'bind', 'pay_password'] as const;
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
    parent: id('总部账号').optional().meta({ description: 'a chain headquarters registering a store (/register/dd): its own id' }),
    wechat_ticket: z
      .string({ error: '微信授权已失效，请重新扫码' })
      .regex(/^[A-Za-z0-9_-]{8,64}$/, { error: '微信授权已失效，请重新扫码' })
      .optional()
      .meta({ description: 'a scanned login QR code whose WeChat the new account binds (/register/wechat)' }),
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
  jyfw: z.array(id('经营范围'), { error: '请选择经营范围' }).min(1, { error: '请选择经营范围' }).max(50, { error: '经营范围选择过多' }),
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
export const forgetStep2Body = z.object({ step: z.literal(['2', 2]), ticket: text('重置凭证', 64), ...passwordPair }).refine(samePasswords, mismatch);
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

/**
 * Sets or changes the payment password (支付密码) with the code sent to the account's phone (type
 * `pay_password`); the web form asks for it twice, the call takes it once.
 */
export const payPasswordBody = z.object({
  password: newPayPassword().meta({ description: 'six digits, neither one digit repeated nor a run such as 123456' }),
  code: smsCode(),
});

// ---- Answers ----

/** One of the account's service contacts (专属客服). */
const ServiceContact = z.object({ name: z.string(), phone: z.string(), is_default: bit });
type ServiceContact = z.infer<typeof ServiceContact>;

/**
 * The user object of spec section 3: GET /api/user/base, the logins, the profile change and acting for a store
 * answer it. A guest gets `show` 0 with the account fields empty and the site fields filled, so the header
 * renders for everybody.
 */
export const UserBase = z.object({
  show: bit.meta({ description: '0: a guest' }),
  id: z.number().int(),
  username: z.string(),
  name: z.string().meta({ description: 'contact person' }),
  phone: z.string().meta({ description: 'the login phone' }),
  email: z.string(),
  company: z.string(),
  company_type: z.string().meta({ description: '单体药店, 连锁总部, 连锁门店, 诊所 or 医药公司; empty for a guest' }),
  face: z.string().meta({ description: 'avatar URL' }),
  rank: z.string().meta({ description: 'member level' }),
  admin: z.array(ServiceContact).meta({ description: "the account's service contacts, the default first" }),
  address: z.string().meta({ description: 'province, city, district and street in one line' }),
  is_passed: z.number().int().meta({ description: 'licence review: 0 waiting, 1 approved, 2 rejected' }),
  reject_reason: z.string(),
  register_step: z.number().int().meta({ description: 'registration steps done (1-3); 0 for a guest' }),
  points: z.number().int(),
  cart: z.number().int().meta({ description: 'lines in the cart' }),
  message_count: z.number().int().meta({ description: 'unread messages' }),
  wechat: z.string().meta({ description: "the bound WeChat's nickname (已绑定 without one); empty when none is bound" }),
  common_config: z.object({ hot_line: z.string(), qq1: z.string(), qq2: z.string() }),
  quality_inspection: z.object({ quality_inspection_url: z.string(), msg: z.string() }),
  login_url: z.string(),
  is_show_youx: bit.meta({ description: 'sees the 优选 zone' }),
  is_special: bit.meta({ description: 'may see and buy controlled-sale (控销) goods' }),
  is_can_chat: bit,
  token: z.string().meta({ description: "the session's token, accepted as `Authorization: Bearer` (mini-program); empty for a guest" }),
  is_AfterSale: bit.meta({ description: 'may ask for after-sales service (售后)' }),
  is_chain: bit.meta({ description: 'a chain headquarters (连锁总部), which manages stores' }),
  parent_id: z.number().int().meta({ description: 'the headquarters of a chain store; 0 otherwise' }),
  contract_signed: bit.meta({ description: 'the e-contract is signed (needed before the first order)' }),
  scope_ids: z
    .array(z.number().int())
    .meta({ description: '经营范围 classes approved at licence review: goods whose `scope_id` is not among them show 超出经营范围' }),
  may_buy_ephedrine: bit.meta({ description: 'may buy goods containing ephedrine (含麻黄碱)' }),
  has_pay_password: bit.meta({
    description: 'the payment password (支付密码) that balance and credit payments need is set; while a headquarters acts for a store, the headquarters’ own',
  }),
  actor: z
    .object({ id: z.number().int(), username: z.string(), company: z.string() })
    .nullable()
    .meta({ description: 'the chain headquarters acting for this store (多店管理), or null' }),
});
export type UserBase = z.infer<typeof UserBase>;

export const PhoneExists = z.object({ exists: bit.meta({ description: '1: an account uses this phone' }) });
export type PhoneExists = z.infer<typeof PhoneExists>;

export const CodeSent = z.object({
  expires_in: z.number().int().meta({ description: 'seconds the code stays valid (300)' }),
  resend_in: z.number().int().meta({ description: 'seconds before another code may be sent to the phone (60)' }),
});
export type CodeSent = z.infer<typeof CodeSent>;

/** The latest code sent to a phone, as the sandbox outbox shows it; null when none was sent. */
export const SentCode = z.object({ phone: z.string(), code: z.string(), purpose: z.enum(CODE_TYPES), created_at: unixTime }).nullable();
export type SentCode = z.infer<typeof SentCode>;

/** A business scope (经营范围) a buyer chooses at registration. */
export const BusinessScope = z.object({ id: z.number().int(), name: z.string() });
export type BusinessScope = z.infer<typeof BusinessScope>;

const licenceType = z.enum(licenceTypes);
export const LicenceTypes = z.object({
  types: z.record(licenceType, z.string()).meta({ description: 'licence names by type (yyzz: 营业执照, ...)' }),
  required: z.record(z.enum(COMPANY_TYPES), z.array(licenceType)).meta({ description: 'the licences each company type must upload' }),
});
export type LicenceTypes = z.infer<typeof LicenceTypes>;

/** Step 1 of registration: the account exists; a headquarters adding a store gets `store_id` and stays logged in. */
export const RegisteredStep1 = z.object({
  next: z.literal(2),
  user_id: z.number().int().optional().meta({ description: 'the new account, now logged in' }),
  store_id: z.number().int().optional().meta({ description: 'the new store, when a headquarters registers one (`parent`); the headquarters stays logged in' }),
});
export type RegisteredStep1 = z.infer<typeof RegisteredStep1>;
export const RegisteredStep2 = z.object({ next: z.literal(3) });
export type RegisteredStep2 = z.infer<typeof RegisteredStep2>;
/** Done: the account (or store) waits for the licence review (`is_passed` 0). */
export const Done = z.object({ done: z.literal(1) });
export type Done = z.infer<typeof Done>;
export const Registered = z.union([RegisteredStep1, RegisteredStep2, Done]);
export type Registered = z.infer<typeof Registered>;

/** Step 1 of the forgotten password: a ticket (30 minutes) for step 2. */
export const ResetTicket = z.object({ ticket: z.string() });
export type ResetTicket = z.infer<typeof ResetTicket>;
export const PasswordForgotten = z.union([ResetTicket, Done]);
export type PasswordForgotten = z.infer<typeof PasswordForgotten>;

export const WechatQrcode = z.object({
  ticket: z.string(),
  scan_url: z.string().meta({ description: 'what the QR code encodes (the sandbox page that plays the phone)' }),
  expires_in: z.number().int().meta({ description: 'seconds (300)' }),
});
export type WechatQrcode = z.infer<typeof WechatQrcode>;

/** Where a login QR code stands; a scan by a WeChat bound to an account logs that account in once. */
export const WechatLoginStatus = z.object({
  status: z.enum(['waiting', 'scanned', 'expired']),
  bound: bit.meta({ description: '1: the scanned WeChat is bound to an account, now logged in' }),
  nickname: z.string().optional().meta({ description: 'the WeChat that scanned, when it is bound to no account (to register with it)' }),
  user: UserBase.optional().meta({ description: 'the account logged in, when `bound` is 1' }),
});
export type WechatLoginStatus = z.infer<typeof WechatLoginStatus>;

export const SandboxScan = z.object({
  nickname: z.string(),
  device: z.string().meta({ description: "the phone's WeChat identity, to send again as `device` on a later scan" }),
});
export type SandboxScan = z.infer<typeof SandboxScan>;

/** A stored file (POST /api/upload), served to its owner only. */
export const Uploaded = z.object({
  url: z.string().meta({ description: '/uploads/{name}: what licence, receipt and after-sale fields take' }),
  name: z.string().meta({ description: 'the original file name' }),
  size: z.number().int().meta({ description: 'bytes' }),
});
export type Uploaded = z.infer<typeof Uploaded>;
