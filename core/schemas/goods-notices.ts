/**
 * 到货通知 and 降价提醒 (DESIGN.md section 18, docs/decisions/047-goods-notices.md): a buyer asks to be told, by a
 * message, when a goods out of stock returns or when its price falls (to a target price, when one is given). The
 * product page's buttons, the member page /zzfw/dhtz and the server read these same schemas.
 */
import { z } from 'zod';
import { fenToYuan, yuanToFen } from '../money.js';
import { id, page } from './common.js';
import { bit, money, pageOf, unixTime } from './envelope.js';

const int = () => z.number().int();

export const GOODS_NOTICE_KIND_TEXT = { arrival: '到货通知', price: '降价提醒' } as const;
export type GoodsNoticeKind = keyof typeof GOODS_NOTICE_KIND_TEXT;

/** 0 等待中, 1 已通知, 2 已取消. */
export const GoodsNoticeStatus = { waiting: 0, told: 1, cancelled: 2 } as const;
export const GOODS_NOTICE_STATUS_TEXT: Record<number, string> = { 0: '等待中', 1: '已通知', 2: '已取消' };

/** The highest target price a buyer may set, in fen (¥99,999.99). */
const TARGET_MAX_FEN = 9_999_999;
const PRICE_RE = /^\d{1,5}(\.\d{1,2})?$/;

const kind = () => z.enum(['arrival', 'price'], { error: '请选择通知类型' }).meta({ description: 'arrival 到货通知, price 降价提醒' });

/** A target price in yuan: empty or absent is none (null); else 0.01 to 99,999.99, given back as two decimals. */
const targetPrice = () =>
  z
    .union([z.string(), z.number()], { error: '目标价格式不正确' })
    .nullable()
    .optional()
    .transform((v) => (v === undefined || v === null ? '' : String(v).trim()))
    .pipe(
      z
        .string()
        .refine((v) => v === '' || PRICE_RE.test(v), { error: '目标价须为金额（元），最多两位小数' })
        .transform((v) => (v === '' ? null : yuanToFen(v)))
        .refine((fen) => fen === null || (fen > 0 && fen <= TARGET_MAX_FEN), { error: '目标价须在0.01至99999.99元之间' }),
    )
    .transform((fen) => (fen === null ? null : fenToYuan(fen)));

/** `POST /api/goods_notice`: subscribes one goods. */
export const goodsNoticeBody = z.object({
  goods_id: id('商品ID'),
  kind: kind(),
  target_price: targetPrice().meta({
    description: '降价提醒 only: yuan; told when the price is at or below it (it must be below today’s price). Empty: told at any fall',
  }),
});
export type GoodsNoticeInput = z.input<typeof goodsNoticeBody>;

export const goodsNoticeQuery = z.object({
  kind: kind().optional().default('arrival'),
  page: page(),
});

export const goodsNoticeParams = z.object({ id: id('订阅ID') });
export const goodsNoticeGoodsParams = z.object({ goods_id: id('商品ID') });

/** The goods of a subscription as the member page shows it: enough for a row and its link. */
const NoticeGoods = z.object({
  id: int(),
  name: z.string(),
  ypgg: z.string(),
  sccj: z.string(),
  bzdw: z.string(),
  image: z.string().meta({ description: 'the main picture; empty when it has none' }),
  base_price: money.nullable().meta({ description: 'today’s price; null when the buyer may not see prices (see price_tip)' }),
  price_tip: z.string().nullable(),
  number: int().meta({ description: 'stock now' }),
  zbz: int(),
  is_buy: bit,
  on_sale: bit.meta({ description: '0: taken off sale since (the goods page answers 商品不存在或已下架)' }),
});

export const GoodsNotice = z.object({
  id: int(),
  kind: kind(),
  kind_text: z.string(),
  goods: NoticeGoods,
  price: money.nullable().meta({ description: 'the price when subscribed (降价提醒: when told, the price it fell from); null when prices are hidden' }),
  target_price: money.nullable().meta({ description: '降价提醒’s target; null: any fall' }),
  status: int().meta({ description: '0 等待中, 1 已通知, 2 已取消' }),
  status_text: z.string(),
  created_at: unixTime,
  told_at: unixTime.nullable(),
});
export type GoodsNotice = z.infer<typeof GoodsNotice>;

export const GoodsNoticePage = pageOf(GoodsNotice).extend({
  counts: z.object({ arrival: int(), price: int() }).meta({ description: 'the subscriptions of each kind waiting (等待中)' }),
});
export type GoodsNoticePage = z.infer<typeof GoodsNoticePage>;

export const GoodsNoticeSaved = GoodsNotice.extend({
  already: bit.meta({ description: '1 when the buyer had this subscription waiting already: that one (a 降价提醒 takes the new target)' }),
});
export type GoodsNoticeSaved = z.infer<typeof GoodsNoticeSaved>;

/** `GET /api/goods_notice/goods/{goods_id}`: the buyer's waiting subscriptions of one goods, for the product page's buttons. */
export const GoodsNoticeState = z.object({
  arrival: GoodsNotice.nullable(),
  price: GoodsNotice.nullable(),
});
export type GoodsNoticeState = z.infer<typeof GoodsNoticeState>;
