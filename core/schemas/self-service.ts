/**
 * Self-service (自助服务, DESIGN.md section 15, docs/decisions/024-self-service.md): 品种求购, a buyer's request for
 * goods the catalogue lacks, and 意见反馈, a buyer's feedback with pictures; operators answer both from the console
 * (permission `service:reply`). The storefront's forms check each field with these same schemas.
 */
import { z } from 'zod';
import { fenToYuan, yuanToFen } from '../money.js';
import { freeText, id, optionalText, page, personName, phoneOrLandline, quantity, text, wholeNumber } from './common.js';
import { bit, money, pageOf, unixTime } from './envelope.js';

const int = () => z.number().int();

// ------------------------------------------------------------------------------------------------ 品种求购

/** 0 待处理, 1 已回复, 2 已上架 (with the goods now listed), 3 无法采购. */
export const BuyRequestStatus = { pending: 0, replied: 1, listed: 2, unavailable: 3 } as const;
export const BUY_STATUS_TEXT: Record<number, string> = { 0: '待处理', 1: '已回复', 2: '已上架', 3: '无法采购' };

/** The units a request is counted in most often; the form offers them, and any other 1-8 characters are accepted. */
export const BUY_UNITS = ['盒', '瓶', '支', '袋', '板', '包', '盒装', '件', '箱', '贴', '片', '粒', '台', '个'] as const;

/** A buyer's quantity: up to this many units in one request. */
export const BUY_MAX_QUANTITY = 999_999;
/** The most a buyer may expect to pay for one unit, in fen (¥99,999.99). */
const BUY_MAX_PRICE_FEN = 9_999_999;

const PRICE_RE = /^\d{1,5}(\.\d{1,2})?$/;

/** The price the buyer expects per unit, in yuan: empty or absent is none (null); else 0.01 to 99,999.99. */
const expectedPrice = () =>
  z
    .union([z.string(), z.number()], { error: '期望价格格式不正确' })
    .optional()
    .transform((v) => (v === undefined ? '' : String(v).trim()))
    .pipe(
      z
        .string()
        .refine((v) => v === '' || PRICE_RE.test(v), { error: '期望价格须为金额（元），最多两位小数' })
        .transform((v) => (v === '' ? null : yuanToFen(v)))
        .refine((fen) => fen === null || (fen > 0 && fen <= BUY_MAX_PRICE_FEN), { error: '期望价格须在0.01至99999.99元之间' }),
    )
    .transform((fen) => (fen === null ? null : fenToYuan(fen)));

const unit = () => text('单位', 8).regex(/^[\u3400-\u9fffA-Za-z]{1,8}$/, { error: '单位须为1-8个中文或字母，如 盒、瓶、支' });

/** `POST /api/user/buy`: what a buyer asks for. The wire names of goods fields follow the goods' own (docs/glossary.md). */
export const buyRequestBody = z.object({
  name: text('药品名称', 60),
  sccj: optionalText('生产厂家', 60),
  ypgg: optionalText('规格', 60).meta({ description: 'the specification (规格), e.g. 0.25g*24粒' }),
  number: quantity('求购数量', 1, BUY_MAX_QUANTITY),
  bzdw: unit().meta({ description: 'the unit the quantity is counted in (盒, 瓶 ...)' }),
  expected_price: expectedPrice().meta({ description: 'yuan per unit the buyer expects to pay; empty: none' }),
  contact: personName('联系人'),
  phone: phoneOrLandline('联系电话'),
  remark: optionalText('备注', 200),
});
export type BuyRequestInput = z.input<typeof buyRequestBody>;

const buyStatus = () =>
  wholeNumber('求购状态不正确')
    .pipe(z.union([z.literal(0), z.literal(1), z.literal(2), z.literal(3)], { error: '求购状态不正确' }))
    .meta({ description: '0 待处理, 1 已回复, 2 已上架, 3 无法采购' });

export const buyRequestQuery = z.object({
  page: page(),
  status: buyStatus().optional().meta({ description: '0 待处理, 1 已回复, 2 已上架, 3 无法采购; absent: all' }),
});

export const buyRequestParams = z.object({ id: id('求购ID') });

/** The goods an operator listed for a request: enough to link to it. */
const ListedGoods = z.object({ id: int(), name: z.string(), ypgg: z.string(), sccj: z.string() });

export const BuyRequest = z.object({
  id: int(),
  name: z.string(),
  sccj: z.string(),
  ypgg: z.string(),
  number: int(),
  bzdw: z.string(),
  expected_price: money.nullable().meta({ description: 'yuan per unit; null: none given' }),
  contact: z.string(),
  phone: z.string(),
  remark: z.string(),
  status: int().meta({ description: '0 待处理, 1 已回复, 2 已上架, 3 无法采购' }),
  status_text: z.string(),
  reply: z.string().meta({ description: "the operator's reply; empty until answered" }),
  goods: ListedGoods.nullable().meta({ description: 'the goods now listed for it (已上架); null otherwise or when it is gone' }),
  created_at: unixTime,
  replied_at: unixTime.nullable(),
});
export type BuyRequest = z.infer<typeof BuyRequest>;

export const BuyRequestPage = pageOf(BuyRequest).extend({
  counts: z.object({ all: int(), pending: int(), replied: int(), listed: int(), unavailable: int() }),
});
export type BuyRequestPage = z.infer<typeof BuyRequestPage>;

export const BuyRequestSaved = BuyRequest.extend({
  already: bit.meta({ description: '1 when the same request was posted moments before: that one, nothing written again' }),
});
export type BuyRequestSaved = z.infer<typeof BuyRequestSaved>;

// ------------------------------------------------------------------------------------------------ 意见反馈

export const FEEDBACK_TYPE_TEXT = { goods: '商品', logistics: '物流', service: '服务', website: '网站', complaint: '投诉', other: '其他' } as const;
export type FeedbackKind = keyof typeof FEEDBACK_TYPE_TEXT;
export const FEEDBACK_KINDS = Object.keys(FEEDBACK_TYPE_TEXT) as FeedbackKind[];

/** 0 待处理, 1 已回复, 2 已关闭. */
export const FeedbackStatus = { pending: 0, replied: 1, closed: 2 } as const;
export const FEEDBACK_STATUS_TEXT: Record<number, string> = { 0: '待处理', 1: '已回复', 2: '已关闭' };

export const FEEDBACK_MAX_IMAGES = 4;
const FEEDBACK_MIN_CONTENT = 5;

/** A picture the account uploaded through `POST /api/upload` (never a PDF). */
const picturePath = z
  .string({ error: '图片格式不正确' })
  .regex(/^\/uploads\/[a-z0-9]+-[a-f0-9]{16}\.(png|jpg|gif|webp)$/, { error: '请上传 JPG、PNG、GIF 或 WEBP 图片' });

const feedbackKind = () => z.enum(FEEDBACK_KINDS as [FeedbackKind, ...FeedbackKind[]], { error: '请选择反馈类型' });

/** `POST /api/user/feedback`. */
export const feedbackBody = z.object({
  type: feedbackKind().meta({ description: 'goods 商品, logistics 物流, service 服务, website 网站, complaint 投诉, other 其他' }),
  content: text('反馈内容', 500).refine((v) => !v || v.length >= FEEDBACK_MIN_CONTENT, { error: `反馈内容至少${FEEDBACK_MIN_CONTENT}个字` }),
  images: z
    .array(picturePath, { error: '图片格式不正确' })
    .max(FEEDBACK_MAX_IMAGES, { error: `最多上传${FEEDBACK_MAX_IMAGES}张图片` })
    .optional()
    .default([])
    .meta({ description: `Paths of the account's own pictures (POST /api/upload), at most ${FEEDBACK_MAX_IMAGES}` }),
  contact: optionalText('联系方式', 40).meta({ description: 'a phone, QQ or e-mail to reach the buyer; empty: the account’s own' }),
});
export type FeedbackInput = z.input<typeof feedbackBody>;

export const feedbackQuery = z.object({ page: page() });

export const Feedback = z.object({
  id: int(),
  type: feedbackKind(),
  type_text: z.string(),
  content: z.string(),
  images: z.array(z.string()),
  contact: z.string(),
  status: int().meta({ description: '0 待处理, 1 已回复, 2 已关闭' }),
  status_text: z.string(),
  reply: z.string().meta({ description: "the operator's reply; empty until answered" }),
  created_at: unixTime,
  replied_at: unixTime.nullable(),
});
export type Feedback = z.infer<typeof Feedback>;

export const FeedbackPage = pageOf(Feedback);
export type FeedbackPage = z.infer<typeof FeedbackPage>;

export const FeedbackSaved = Feedback.extend({
  already: bit.meta({ description: '1 when the same feedback was posted moments before: that one, nothing written again' }),
});
export type FeedbackSaved = z.infer<typeof FeedbackSaved>;

// ------------------------------------------------------------------------------------------------ console

const keyword = () => freeText('关键词', 50).optional().default('');

export const adminBuyRequestQuery = z.object({
  page: page(),
  status: z.enum(['0', '1', '2', '3'], { error: '求购状态不正确' }).optional(),
  keyword: keyword().meta({ description: 'the goods name or maker asked for, or the buyer’s company, username or phone' }),
});

/** `POST /api/admin/buy-requests/{id}/reply`: the state and the reply the buyer reads; 已上架 names the goods. */
export const buyReplyBody = z
  .object({
    status: buyStatus(),
    reply: text('回复内容', 500),
    goods_id: id('上架商品').optional().meta({ description: 'the goods now listed; needed for 已上架 (2), ignored otherwise' }),
  })
  .superRefine((b, ctx) => {
    if (b.status === BuyRequestStatus.listed && !b.goods_id) ctx.addIssue({ code: 'custom', path: ['goods_id'], message: '请选择已上架的商品' });
  });
export type BuyReplyInput = z.input<typeof buyReplyBody>;

const Buyer = { user_id: int(), username: z.string(), company: z.string() };

export const AdminBuyRequest = BuyRequest.extend({
  ...Buyer,
  replied_by: z.string().meta({ description: 'the operator who answered last (`name（username）`); empty until answered' }),
});
export type AdminBuyRequest = z.infer<typeof AdminBuyRequest>;
export const AdminBuyRequestPage = pageOf(AdminBuyRequest);

export const adminFeedbackQuery = z.object({
  page: page(),
  status: z.enum(['0', '1', '2'], { error: '反馈状态不正确' }).optional(),
  type: feedbackKind().optional(),
  keyword: keyword().meta({ description: 'words of the content, or the buyer’s company, username or phone' }),
});

export const feedbackReplyBody = z.object({ reply: text('回复内容', 500) });
export const feedbackCloseBody = z.object({
  reply: optionalText('处理说明', 500).meta({ description: 'what the buyer reads with the closing; empty: the reply stays as it was' }),
});

export const AdminFeedback = Feedback.extend({ ...Buyer, replied_by: z.string() });
export type AdminFeedback = z.infer<typeof AdminFeedback>;
export const AdminFeedbackPage = pageOf(AdminFeedback);

export const adminSelfServiceParams = z.object({ id: id('ID') });
