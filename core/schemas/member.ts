/** Member-centre and account-centre calls (licences, messages, WeChat binding, stores): requests and answers. */
import { z } from 'zod';
import { Goods } from './goods.js';
import { OrderCounts, OrderSummary } from './trade.js';
import { LICENCE_TYPES } from '../constants.js';
import { id, page } from './common.js';
import { bit, money, pageOf, unixTime } from './envelope.js';
import { licenceInput, UserBase } from './user.js';

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
  type: z.enum(['all', 'unread'], { error: '消息类型不正确' }).optional().default('all').meta({ description: 'all (default), or unread only' }),
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

// ---- Answers ----

/** A licence (资质) of the account. */
export const Licence = z.object({
  id: z.number().int(),
  type: z.string().meta({ description: 'yyzz, ypjyxkz, ylqxxkz, yljgxkz, cgwts or sfz' }),
  type_name: z.string().meta({ description: '营业执照, ...' }),
  number: z.string(),
  valid_until: z.string().meta({ description: "YYYY-MM-DD; '' when it has no end date" }),
  image: z.string(),
  status: z.number().int().meta({ description: '0 审核中, 1 已通过, 2 未通过' }),
  status_text: z.string(),
  remark: z.string().meta({ description: "the reviewer's note" }),
  days_left: z.number().int().nullable().meta({ description: 'days until it expires (negative once past); null without an end date' }),
  expiry: z.union([z.literal(0), z.literal(1), z.literal(2)]).meta({ description: '1: expires within `warn_days` (30) days; 2: expired' }),
  updated_at: unixTime.meta({ description: 'when this picture was uploaded' }),
});
export type Licence = z.infer<typeof Licence>;

/**
 * Where the account stands with its licences and what to do next: `incomplete` (registration not finished),
 * `waiting` (in review), `rejected`, `expired`, `expiring` (a licence ends within 30 days) or `approved`.
 */
export const LicenceState = z.object({
  state: z.enum(['incomplete', 'rejected', 'waiting', 'expired', 'expiring', 'approved']),
  text: z.string().meta({ description: 'the headline (资质审核中, ...)' }),
  tip: z.string().meta({ description: 'what to do, or the reason of a refusal' }),
  action: z.object({ label: z.string(), to: z.string().meta({ description: 'the page to go to' }) }).nullable(),
});
export type LicenceState = z.infer<typeof LicenceState>;

export const LicenceList = z.object({
  is_passed: z.number().int().meta({ description: 'the account review: 0 waiting, 1 approved, 2 rejected' }),
  reject_reason: z.string(),
  state: LicenceState,
  warn_days: z.number().int().meta({ description: 'a licence ending within this many days (30) asks for renewal' }),
  required: z
    .array(z.object({ type: z.string(), name: z.string(), held: bit }))
    .meta({ description: 'the licence types the company type needs, and whether the account holds one' }),
  types: z.array(z.object({ type: z.string(), name: z.string() })).meta({ description: 'every licence type' }),
  list: z.array(Licence),
});
export type LicenceList = z.infer<typeof LicenceList>;

export const Message = z.object({ id: z.number().int(), title: z.string(), content: z.string(), is_read: bit, created_at: unixTime });
export type Message = z.infer<typeof Message>;

export const MessagePage = pageOf(Message).extend({ unread: z.number().int().meta({ description: 'unread messages of the account' }) });
export type MessagePage = z.infer<typeof MessagePage>;

export const MessagesRead = z.object({ unread: z.number().int().meta({ description: 'unread messages left' }) });
export type MessagesRead = z.infer<typeof MessagesRead>;

export const WechatBinding = z.object({
  bound: bit,
  nickname: z.string().meta({ description: "the bound WeChat's nickname; empty when none is bound" }),
  user: UserBase,
});
export type WechatBinding = z.infer<typeof WechatBinding>;

export const BindStatus = z.object({
  status: z.enum(['waiting', 'scanned', 'expired']),
  nickname: z.string().meta({ description: 'the WeChat that scanned; empty until then' }),
});
export type BindStatus = z.infer<typeof BindStatus>;

export const WechatBound = z.object({ bound: z.literal(1), nickname: z.string() });
export type WechatBound = z.infer<typeof WechatBound>;

export const WechatUnbound = z.object({ bound: z.literal(0) });
export type WechatUnbound = z.infer<typeof WechatUnbound>;

/** A store (连锁门店) of a chain headquarters. */
export const ChainStore = z.object({
  id: z.number().int(),
  username: z.string(),
  company: z.string(),
  name: z.string(),
  phone: z.string(),
  is_passed: z.number().int().meta({ description: '0 waiting for review, 1 approved, 2 rejected' }),
  register_step: z.number().int().meta({ description: 'registration steps done (1-3)' }),
  address: z.string(),
  created_at: unixTime,
});
export type ChainStore = z.infer<typeof ChainStore>;

export const ChainStores = z.object({
  is_chain: bit.meta({ description: 'the account logged in is a chain headquarters (it may have stores)' }),
  headquarters: z.object({ id: z.number().int(), username: z.string(), company: z.string() }),
  acting_for: z.number().int().meta({ description: 'the store this session acts for; 0 when none' }),
  stores: z.array(ChainStore).meta({ description: 'oldest first' }),
});
export type ChainStores = z.infer<typeof ChainStores>;

// Goods and orders as the catalogue and orders calls send them, embedded in the member centre.

/** GET /api/user/center: everything the member centre shows. */
export const MemberCentre = z.object({
  user: UserBase,
  licence: LicenceState.extend({ expiring: z.array(Licence).meta({ description: 'licences expired or ending within 30 days' }) }),
  wallet: z.object({
    balance: money,
    credit_limit: money,
    credit_used: money,
    credit_available: money,
    red_packet: money,
    points: z.number().int(),
    coupons: z.number().int().meta({ description: 'unused coupons' }),
    coupons_expiring: z.number().int().meta({ description: 'unused coupons ending within 3 days' }),
  }),
  order_counts: OrderCounts,
  recent_orders: z.array(OrderSummary).meta({ description: 'the 5 latest orders' }),
  recommend: z.array(Goods).meta({ description: '10 goods for this buyer' }),
});
export type MemberCentre = z.infer<typeof MemberCentre>;
