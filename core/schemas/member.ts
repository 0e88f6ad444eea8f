/** Member-centre and account-centre calls: licences, messages, WeChat binding, stores, quick purchase. */
import { z } from 'zod';
import { LICENCE_TYPES } from '../constants.js';
import { id, optionalText, page } from './common.js';
import { licenceInput } from './user.js';

const licenceTypes = Object.keys(LICENCE_TYPES) as [keyof typeof LICENCE_TYPES, ...(keyof typeof LICENCE_TYPES)[]];

/** YYYY-MM-DD of a real calendar day. */
const isRealDate = (v: string) => {
  const d = new Date(`${v}T00:00:00Z`);
  return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === v;
};

/** Today in China (the site's calendar), as YYYY-MM-DD. */
export const chinaToday = (now = Date.now()) => new Date(now + 8 * 3_600_000).toISOString().slice(0, 10);

/** A new picture of a licence: the picture, its number and the date it is valid until (today or later). */
export const licenceUploadBody = z.object({
  image: licenceInput.shape.image,
  number: licenceInput.shape.number,
  valid_until: z
    .string({ error: '请选择有效期' })
    .trim()
    .min(1, { error: '请选择有效期', abort: true })
    .regex(/^\d{4}-\d{2}-\d{2}$/, { error: '有效期格式不正确', abort: true })
    .refine(isRealDate, { error: '有效期格式不正确', abort: true })
    .refine((v) => v >= chinaToday(), { error: '有效期不能早于今天' }),
});

/** POST /api/user/zizhi: a licence of a type the account does not hold yet (or a new one of a type it holds). */
export const licenceAddBody = licenceUploadBody.extend({ type: z.enum(licenceTypes, { error: '资质类型不正确' }) });

export const messageListQuery = z.object({
  page: page(),
  /** `unread`: only messages not read yet. */
  type: z.enum(['all', 'unread'], { error: '消息类型不正确' }).optional().default('all'),
});

/** POST /api/message/read: `ids[]` of the account's messages, or `all=1` for every one. */
export const messageReadBody = z
  .object({
    ids: z
      .preprocess(
        (v) => (Array.isArray(v) ? v : typeof v === 'string' ? v.split(',').filter(Boolean) : typeof v === 'number' ? [v] : v),
        z.array(id('消息ID'), { error: '请选择消息' }).min(1, { error: '请选择消息' }).max(200, { error: '一次最多选择200条消息' }),
      )
      .optional(),
    all: z.union([z.literal('1'), z.literal(1), z.literal(true)], { error: '参数格式不正确' }).optional(),
  })
  .refine((v) => v.ids || v.all, { error: '请选择消息', path: ['ids'] });

export const wechatTicketBody = z.object({
  ticket: z.string({ error: '二维码已失效，请刷新' }).regex(/^[A-Za-z0-9_-]{8,64}$/, { error: '二维码已失效，请刷新' }),
});

export const actForBody = z.object({ store_id: id('门店') });

/** Orders of the quick-purchase list: last bought first, most often bought, most units bought. */
export const FAST_BUY_ORDERS = ['time', 'count', 'number'] as const;
export const fastBuyQuery = z.object({
  page: page(),
  order: z.enum(FAST_BUY_ORDERS, { error: '排序方式不正确' }).optional().default('time'),
  keywords: optionalText('关键词', 50),
});
