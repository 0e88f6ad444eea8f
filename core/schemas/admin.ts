/** Requests and answers of the operator console's own calls: login, two-factor, operators, the audit log. */
import { z } from 'zod';
import { PERMISSIONS, ROLE_KEYS } from '../admin.js';
import { id, page, password, personName, text } from './common.js';
import { bit, pageOf, unixTime } from './envelope.js';

const otp = z
  .string({ error: '请输入6位动态验证码' })
  .trim()
  .regex(/^\d{6}$/, { error: '请输入6位动态验证码' });

export const adminLoginBody = z.object({
  username: text('用户名', 32),
  password: z.string({ error: '请输入密码' }).min(1, { error: '请输入密码' }).max(64, { error: '密码不正确' }),
  otp: otp.optional().or(z.literal('').transform(() => undefined)),
});

export const totpEnableBody = z.object({ otp });

const operatorUsername = () => text('用户名', 32).regex(/^[a-z][a-z0-9_-]{2,31}$/, { error: '用户名为3-32位小写字母、数字、下划线或横线，以字母开头' });
const roles = z.array(z.enum(ROLE_KEYS as [string, ...string[]], { error: '角色不正确' }), { error: '请选择角色' }).min(1, { error: '请至少选择一个角色' });

export const operatorCreateBody = z.object({
  username: operatorUsername(),
  name: personName('姓名'),
  password: password(),
  roles,
});

export const operatorUpdateBody = z.object({
  name: personName('姓名'),
  roles,
  is_disabled: z
    .union([z.literal('0'), z.literal('1'), z.literal(0), z.literal(1), z.boolean()], { error: '状态不正确' })
    .transform((v) => v === true || v === 1 || v === '1'),
});

export const operatorPasswordBody = z.object({ password: password('新密码') });

export const auditQuery = z.object({
  page: page(),
  operator: id('操作员').optional(),
  action: z.string().trim().max(64, { error: '操作不正确' }).optional().default(''),
  target: z.string().trim().max(64, { error: '对象不正确' }).optional().default(''),
});

export const operatorParams = z.object({ id: id('操作员ID') });

// ---- answers

export const Operator = z.object({
  id: z.number().int(),
  username: z.string(),
  name: z.string(),
  roles: z.array(z.string()),
  role_names: z.array(z.string()),
  totp_enabled: bit,
  is_disabled: bit,
  last_login_at: unixTime.nullable(),
  created_at: unixTime,
});
export type Operator = z.infer<typeof Operator>;

export const AdminMe = z.object({
  operator: Operator,
  permissions: z.array(z.enum(Object.keys(PERMISSIONS) as [string, ...string[]])),
  /** Every role and permission with its Chinese name, for the operator page. */
  roles: z.array(z.object({ key: z.string(), name: z.string(), permissions: z.array(z.string()) })),
  permission_names: z.record(z.string(), z.string()),
});
export type AdminMe = z.infer<typeof AdminMe>;

export const TotpSetup = z.object({ secret: z.string(), uri: z.string() });

export const AuditEntry = z.object({
  id: z.number().int(),
  operator_id: z.number().int(),
  operator_name: z.string(),
  permission: z.string(),
  action: z.string(),
  target_type: z.string(),
  target_id: z.string(),
  before: z.record(z.string(), z.unknown()).nullable(),
  after: z.record(z.string(), z.unknown()).nullable(),
  ip: z.string(),
  created_at: unixTime,
});
export type AuditEntry = z.infer<typeof AuditEntry>;
export const AuditPage = pageOf(AuditEntry);
