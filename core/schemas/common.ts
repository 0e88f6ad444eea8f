/** Building blocks for request schemas: every message is the Chinese text a buyer sees. */
import { z } from 'zod';
import {
  EMAIL_RE,
  hasControlChar,
  isSimplePayPassword,
  LANDLINE_RE,
  MOBILE_RE,
  PASSWORD_RE,
  PAY_PASSWORD_RE,
  SMS_CODE_RE,
  USERNAME_RE,
  WHOLE_NUMBER_RE,
} from '../validate.js';

/** Characters no name, address or remark of a buyer needs; refusing them keeps markup out of the data. */
const MARKUP_RE = /[<>]/;

/** A required text field, trimmed, with a length limit. */
export const text = (label: string, max = 100) =>
  z
    .string({ error: `请输入${label}` })
    .trim()
    .min(1, { error: `请输入${label}` })
    .max(max, { error: `${label}不能超过${max}个字符` })
    .refine((v) => !MARKUP_RE.test(v), { error: `${label}不能包含 < 或 > 字符` })
    .refine((v) => !hasControlChar(v), { error: `${label}不能包含控制字符` });

/** A person's name: Chinese or Latin letters, with the middle dot of minority and foreign names. */
export const personName = (label = '联系人') => text(label, 20).regex(/^[\u3400-\u9fffA-Za-z·.\s]{2,20}$/, { error: `${label}须为2-20个中文或英文字符` });

/** A company name as licences print it: letters, digits, brackets, hyphen, ampersand. */
export const companyName = (label = '企业名称') =>
  text(label, 60).regex(/^[\u3400-\u9fffA-Za-z0-9()（）·&\-\s]{4,60}$/, {
    error: `${label}须为4-60个字符，只能包含中文、字母、数字和括号`,
  });

/** An address: also numbers, commas and the signs house numbers use. */
export const addressText = (label = '详细地址') =>
  text(label, 100).regex(/^[\u3400-\u9fffA-Za-z0-9()（）·#＃,，、.\-/\s]{2,100}$/, {
    error: `${label}包含不支持的字符`,
  });

/** An optional text field: missing or empty becomes ''. */
export const optionalText = (label: string, max = 200) =>
  z
    .string({ error: `${label}格式不正确` })
    .trim()
    .max(max, { error: `${label}不能超过${max}个字符` })
    .refine((v) => !MARKUP_RE.test(v), { error: `${label}不能包含 < 或 > 字符` })
    .refine((v) => !hasControlChar(v), { error: `${label}不能包含控制字符` })
    .optional()
    .default('');

/** Free text that may hold any printable character (a remark, a reason, a search word): trimmed, no controls. */
export const freeText = (label: string, max = 200) =>
  z
    .string({ error: `${label}格式不正确` })
    .trim()
    .max(max, { error: `${label}不能超过${max}个字符` })
    .refine((v) => !hasControlChar(v), { error: `${label}不能包含控制字符` });

export const mobile = (label = '手机号') => text(label, 11).regex(MOBILE_RE, { error: `请输入正确的${label}` });

/** Mobile or landline (spec section 5). */
export const phoneOrLandline = (label = '联系电话') =>
  text(label, 20).refine((v) => MOBILE_RE.test(v) || LANDLINE_RE.test(v), {
    error: `请输入正确的${label}（手机号或区号-座机号）`,
  });

export const email = () => text('邮箱', 64).regex(EMAIL_RE, { error: '请输入正确的邮箱地址' });

export const password = (label = '密码') =>
  z
    .string({ error: `请输入${label}` })
    .min(1, { error: `请输入${label}` })
    .max(20, { error: `${label}长度为6-20位` })
    .regex(PASSWORD_RE, { error: `${label}为6-20位，须同时包含字母和数字` });

export const username = () => text('用户名', 20).regex(USERNAME_RE, { error: '用户名为4-20位字母、数字、下划线或横线，以字母开头' });

export const smsCode = () => text('短信验证码', 6).regex(SMS_CODE_RE, { error: '请输入6位短信验证码' });

/** A payment password being set: six digits, neither one digit repeated nor a run such as 123456. */
export const newPayPassword = () =>
  z
    .string({ error: '请输入6位数字支付密码' })
    .min(1, { error: '请输入6位数字支付密码' })
    .regex(PAY_PASSWORD_RE, { error: '支付密码须为6位数字' })
    .refine((v) => !isSimplePayPassword(v), { error: '支付密码过于简单，请勿使用相同或连续的数字' });

/**
 * The payment password entered to pay: six digits when given. Absent (or empty) is not a format error: the
 * payment refuses it with 请输入支付密码, and only a method that needs it asks.
 */
export const payPasswordInput = () =>
  z
    .union([z.literal(''), z.string({ error: '支付密码为6位数字' }).regex(PAY_PASSWORD_RE, { error: '支付密码为6位数字' })], { error: '支付密码为6位数字' })
    .optional()
    .transform((v) => v || undefined);

/**
 * A whole number as a form, a query or a path sends it: a JSON integer, or decimal digits with an optional
 * minus. `0x10`, `1e3`, ` 7` and `7.5` are refused, where `Number()` would read them.
 */
export const wholeNumber = (message: string, missing = message) =>
  z
    .union([z.number(), z.string()], { error: (issue) => (issue.input === undefined ? missing : message) })
    .refine((v) => (typeof v === 'number' ? Number.isSafeInteger(v) : WHOLE_NUMBER_RE.test(v)), { error: message })
    .transform(Number);

/** A positive integer id from a path, query or form value: decimal digits only. */
export const id = (label = 'ID') =>
  wholeNumber(`${label}格式不正确`).pipe(
    z
      .number()
      .positive({ error: `${label}格式不正确` })
      .max(2_147_483_647, { error: `${label}格式不正确` }),
  );

export const page = () =>
  wholeNumber('页码格式不正确')
    .pipe(z.number().min(1, { error: '页码格式不正确' }).max(100000, { error: '页码格式不正确' }))
    .optional()
    .default(1);

/** A whole quantity between `min` and `max`, with the messages a buyer reads. */
export const quantity = (label: string, min: number, max: number) =>
  wholeNumber(`${label}须为整数`, `请输入${label}`).pipe(
    z
      .number()
      .min(min, { error: `${label}至少为${min}` })
      .max(max, { error: `${label}不能超过${max}` }),
  );

/** A 0/1 flag as forms send it ("0", "1", true, false). */
export const flag = (label: string) =>
  z
    .union([z.literal('0'), z.literal('1'), z.literal(0), z.literal(1), z.boolean()], {
      error: `${label}格式不正确`,
    })
    .transform((v) => (v === true || v === 1 || v === '1' ? 1 : 0));

export type Paged<T> = {
  current_page: number;
  data: T[];
  last_page: number;
  per_page: number;
  total: number;
};
