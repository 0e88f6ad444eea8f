/**
 * The lottery (抽奖, DESIGN.md section 14): the pop-up's calls of spec section 7 and the console's lottery
 * activities. A prize's weight is the console's alone: no storefront answer declares it, so the serializer
 * could not send it even by mistake.
 */
import { z } from 'zod';
import { fenToYuan, yuanToFen } from '../money.js';
import { flag, freeText, id, optionalText, page, quantity, text } from './common.js';
import { shipBody } from './admin-orders.js';
import { bit, money, pageOf, unixTime } from './envelope.js';

/** A nine-square grid: eight prizes round the button in the middle. */
export const LOTTERY_SLOTS = 8;

/** points 积分, red_packet 账户红包 (fen), coupon 优惠券 (a template), goods 实物 (shipped), none 谢谢参与. */
const PRIZE_KINDS = ['points', 'red_packet', 'coupon', 'goods', 'none'] as const;
export type PrizeKind = (typeof PRIZE_KINDS)[number];
export const PRIZE_KIND_TEXT: Record<PrizeKind, string> = { points: '积分', red_packet: '红包', coupon: '优惠券', goods: '实物', none: '谢谢参与' };

/** How a draw is paid for: points each, or free draws earned by paid orders. */
const COST_KINDS = ['points', 'orders'] as const;
export type CostKind = (typeof COST_KINDS)[number];

/**
 * A draw's record: 0 nothing to do (credited at once, or 谢谢参与), 1 待填写地址 (a physical prize waits for the
 * buyer's address), 2 待发货, 3 已发货.
 */
const DRAW_STATUS_TEXT = ['已发放', '待填写地址', '待发货', '已发货'] as const;
export type DrawStatus = 0 | 1 | 2 | 3;

/** A record's state as the buyer reads it; 谢谢参与 has nothing to hand over. */
export const drawStatusText = (kind: PrizeKind, status: number) => (kind === 'none' ? '未中奖' : (DRAW_STATUS_TEXT[status] ?? ''));

// ------------------------------------------------------------------------------------------- storefront

export const drawIdQuery = z.object({ id: id('抽奖活动') });
export const drawParams = z.object({ id: id('抽奖活动') });
export const drawRecordQuery = z.object({ page: page() });
export const drawRecordParams = z.object({ id: id('抽奖记录') });
export const drawAddressBody = z.object({ address_id: id('收货地址').meta({ description: 'one of the account’s own addresses' }) });

/** `GET /api/draw/simple`: the activity the pop-up offers (spec section 3: id, is_join, name, remarks); null when none. */
export const DrawSimple = z
  .object({
    id: z.number().int(),
    is_join: bit.meta({ description: '1: the account has no draw left now (the pop-up does not show)' }),
    name: z.string(),
    remarks: z.string(),
  })
  .nullable();

/** A prize as the buyer sees it: never its weight, nor its stock. */
const DrawPrize = z.object({
  id: z.number().int(),
  slot: z.number().int().meta({ description: '0-7, clockwise from the top left of the grid' }),
  kind: z.enum(PRIZE_KINDS),
  name: z.string(),
  image: z.string(),
});

/** What an account may still draw, and what one more draw costs it. */
const Chances = z.object({
  left_today: z.number().int(),
  left_total: z
    .number()
    .int()
    .meta({ description: 'draws left in the whole activity (its limit, or what paid orders earned); -1: only the daily limit applies' }),
  is_join: bit,
  points: z.number().int().meta({ description: 'the account’s points now' }),
});

/** `GET /api/draw/{id}/activity`: the rules, the grid's prizes and the account's draws left. */
export const DrawActivity = Chances.extend({
  id: z.number().int(),
  name: z.string(),
  remarks: z.string(),
  rules: z.string(),
  starts_at: unixTime,
  ends_at: unixTime,
  cost_kind: z.enum(COST_KINDS),
  cost_points: z.number().int(),
  draws_per_order: z.number().int(),
  daily_limit: z.number().int(),
  total_limit: z.number().int().meta({ description: '0: no limit beyond the daily one' }),
  cost_text: z.string().meta({ description: '每次消耗50积分, 每支付1笔订单获得1次抽奖机会' }),
  prizes: z.array(DrawPrize),
});

/** `GET /api/draw?id`: one draw, its prize and what it did. */
export const DrawResult = Chances.extend({
  record_id: z.number().int(),
  prize: DrawPrize,
  won: bit.meta({ description: '0: 谢谢参与' }),
  remarks: z.string().meta({ description: 'what became of the prize, for 恭喜您抽中{奖品名称}（{remarks}）' }),
  status: z.number().int(),
  status_text: z.string(),
});

/** `GET /api/draw/new_record?id`: the latest winners, names masked. */
export const DrawWinner = z.object({ id: z.number().int(), user_name: z.string(), prize_name: z.string(), created_at: unixTime });
export const DrawWinners = z.array(DrawWinner);

/** One of the account's draws (`GET /api/draw/record`). */
export const DrawRecord = z.object({
  id: z.number().int(),
  lottery_id: z.number().int(),
  lottery_name: z.string(),
  prize_kind: z.enum(PRIZE_KINDS),
  prize_name: z.string(),
  prize_image: z.string(),
  cost_text: z.string(),
  status: z.number().int(),
  status_text: z.string(),
  consignee: z.string(),
  phone: z.string(),
  address: z.string(),
  carrier: z.string(),
  tracking_no: z.string(),
  created_at: unixTime,
  shipped_at: unixTime.nullable(),
});
export const DrawRecordPage = pageOf(DrawRecord);

/** `GET /api/draw/ads`: the pop-up's pictures. */
export const DrawAd = z.object({ image: z.string(), url: z.string() });
export const DrawAds = z.array(DrawAd);

export type DrawSimple = z.infer<typeof DrawSimple>;
export type DrawPrize = z.infer<typeof DrawPrize>;
export type DrawActivity = z.infer<typeof DrawActivity>;
export type DrawResult = z.infer<typeof DrawResult>;
export type DrawWinner = z.infer<typeof DrawWinner>;
export type DrawRecord = z.infer<typeof DrawRecord>;
export type DrawRecordPage = z.infer<typeof DrawRecordPage>;
export type DrawAd = z.infer<typeof DrawAd>;

// ---------------------------------------------------------------------------------------------- console

const MINUTE_RE = /^(\d{4})-(\d{2})-(\d{2}) (\d{2}):(\d{2})$/;
const isMinute = (v: string) => {
  const m = MINUTE_RE.exec(v);
  if (!m) return false;
  const d = new Date(Date.UTC(+m[1], +m[2] - 1, +m[3], +m[4], +m[5]));
  return d.getUTCMonth() === +m[2] - 1 && d.getUTCDate() === +m[3] && +m[4] < 24 && +m[5] < 60;
};
/** A China wall-clock minute, `YYYY-MM-DD HH:mm`. */
const chinaMinute = (label: string) =>
  z
    .string({ error: `请输入${label}` })
    .trim()
    .min(1, { error: `请输入${label}` })
    .regex(MINUTE_RE, { error: `${label}格式应为 YYYY-MM-DD HH:mm` })
    .refine(isMinute, { error: `${label}不是有效时间` });

/** A red packet's amount in yuan: more than nothing, at most ¥10,000, two decimals. */
const packetYuan = z
  .union([z.string(), z.number()], { error: '请输入红包金额' })
  .transform((v) => String(v).trim())
  .pipe(
    z
      .string()
      .regex(/^\d{1,5}(\.\d{1,2})?$/, { error: '红包金额须为金额（元），最多两位小数' })
      .transform((v) => fenToYuan(yuanToFen(v))),
  );

/** A picture: a path of the site or an http(s) address. */
const picture = (label: string) =>
  optionalText(label, 1000).refine((v) => v === '' || /^(\/|https?:\/\/)\S+$/.test(v), { error: `${label}须为站内路径或 http(s) 地址` });

export const prizeBody = z
  .object({
    kind: z.enum(PRIZE_KINDS, { error: '请选择奖品类型' }),
    name: text('奖品名称', 30),
    points: quantity('积分数', 0, 1_000_000).optional().default(0),
    amount: packetYuan.optional().default('0.00').meta({ description: 'red packet in yuan' }),
    coupon_id: z
      .union([z.literal(''), z.literal(0), z.literal('0'), id('优惠券')], { error: '优惠券格式不正确' })
      .optional()
      .transform((v) => (typeof v === 'number' && v > 0 ? v : null)),
    image: picture('奖品图片'),
    weight: quantity('中奖权重', 1, 1_000_000).meta({ description: 'relative chance among the prizes still in stock; never shown to buyers' }),
    stock: quantity('奖品库存', 0, 10_000_000).meta({ description: 'prizes left to win (谢谢参与: ignored)' }),
  })
  .superRefine((p, ctx) => {
    const problem = (path: string, message: string) => ctx.addIssue({ code: 'custom', path: [path], message });
    if (p.kind === 'points' && p.points <= 0) problem('points', '请输入积分数');
    if (p.kind === 'red_packet' && /^\d+(\.\d+)?$/.test(p.amount ?? '') && yuanToFen(p.amount) <= 0) problem('amount', '请输入红包金额');
    if (p.kind === 'coupon' && p.coupon_id === null) problem('coupon_id', '请选择优惠券');
  });

/** `POST /api/admin/lotteries` and `POST /api/admin/lotteries/{id}`: an activity with its eight prizes. */
export const lotteryBody = z
  .object({
    name: text('活动名称', 40),
    remarks: optionalText('活动简介', 60),
    rules: optionalText('活动规则', 2000),
    starts_at: chinaMinute('开始时间'),
    ends_at: chinaMinute('结束时间'),
    cost_kind: z.enum(COST_KINDS, { error: '请选择抽奖方式' }),
    cost_points: quantity('每次消耗积分', 0, 100_000).optional().default(0),
    draws_per_order: quantity('每笔订单获得次数', 0, 100).optional().default(0),
    daily_limit: quantity('每日抽奖次数', 1, 100),
    total_limit: quantity('总抽奖次数', 0, 10_000).optional().default(0).meta({ description: '0: no limit beyond the daily one' }),
    ads: z
      .array(picture('弹窗图片'), { error: '弹窗图片格式不正确' })
      .max(5, { error: '弹窗图片最多5张' })
      .optional()
      .default([])
      .transform((v) => v.filter(Boolean)),
    is_show: flag('是否启用').optional().default(1),
    prizes: z.array(prizeBody, { error: '请设置奖品' }).meta({ description: `exactly ${LOTTERY_SLOTS}, in grid order` }),
  })
  .superRefine((a, ctx) => {
    const problem = (path: (string | number)[], message: string) => ctx.addIssue({ code: 'custom', path, message });
    if (a.ends_at <= a.starts_at) problem(['ends_at'], '结束时间须晚于开始时间');
    if (a.cost_kind === 'points' && a.cost_points <= 0) problem(['cost_points'], '请输入每次抽奖消耗的积分');
    if (a.cost_kind === 'orders' && a.draws_per_order <= 0) problem(['draws_per_order'], '请输入每笔订单获得的抽奖次数');
    if (a.total_limit > 0 && a.total_limit < a.daily_limit) problem(['total_limit'], '总抽奖次数不能少于每日抽奖次数');
    // Checked even when a field inside failed: the grid's shape is said once, on `prizes`.
    if (!Array.isArray(a.prizes)) return;
    if (a.prizes.length !== LOTTERY_SLOTS) problem(['prizes'], `奖品须为${LOTTERY_SLOTS}个（九宫格），当前${a.prizes.length}个`);
    else if (!a.prizes.some((p) => p?.kind === 'none')) problem(['prizes'], '至少设置一个“谢谢参与”');
  });
export type LotteryInput = z.output<typeof lotteryBody>;

export const adminLotteryParams = z.object({ id: id('抽奖活动ID') });
export const adminLotteryQuery = z.object({ page: page(), keyword: freeText('关键词', 30).optional().default('') });
export const lotteryShowBody = z.object({ is_show: flag('是否启用') });

export const adminDrawQuery = z.object({
  page: page(),
  status: z
    .enum(['', '0', '1', '2', '3'], { error: '状态不正确' })
    .optional()
    .transform((v) => (v ? (Number(v) as DrawStatus) : undefined))
    .meta({ description: '0 已发放, 1 待填写地址, 2 待发货, 3 已发货; absent: all' }),
  kind: z
    .enum(['', ...PRIZE_KINDS], { error: '奖品类型不正确' })
    .optional()
    .transform((v) => (v ? (v as PrizeKind) : undefined)),
  keyword: freeText('关键词', 30).optional().default('').meta({ description: 'company, username or phone of the buyer' }),
});
export const adminDrawParams = z.object({ id: id('抽奖记录ID') });
/** A physical prize ships as an order does. */
export const drawShipBody = shipBody;

/** A prize as the console sees it, weight and stock included. */
const AdminPrize = z.object({
  id: z.number().int(),
  slot: z.number().int(),
  kind: z.enum(PRIZE_KINDS),
  name: z.string(),
  points: z.number().int(),
  amount: money,
  coupon_id: z.number().int().nullable(),
  image: z.string(),
  weight: z.number().int(),
  stock: z.number().int(),
  won: z.number().int(),
  chance: z.string().meta({ description: 'the weight as a share of all weights, e.g. 12.50%' }),
});

export const AdminLottery = z.object({
  id: z.number().int(),
  name: z.string(),
  remarks: z.string(),
  rules: z.string(),
  starts_at: z.string().meta({ description: 'YYYY-MM-DD HH:mm, China' }),
  ends_at: z.string(),
  cost_kind: z.enum(COST_KINDS),
  cost_points: z.number().int(),
  draws_per_order: z.number().int(),
  daily_limit: z.number().int(),
  total_limit: z.number().int(),
  ads: z.array(z.string()),
  is_show: bit,
  state_text: z.string().meta({ description: '进行中, 未开始, 已结束, 已停用' }),
  draws: z.number().int(),
  waiting: z.number().int().meta({ description: 'physical prizes to ship (待发货)' }),
  prizes: z.array(AdminPrize),
  created_at: unixTime,
});
export const AdminLotteryPage = pageOf(AdminLottery);

export const AdminDraw = DrawRecord.extend({ user_id: z.number().int(), username: z.string(), company: z.string(), user_phone: z.string() });
export const AdminDrawPage = pageOf(AdminDraw);

type AdminPrize = z.infer<typeof AdminPrize>;
export type AdminLottery = z.infer<typeof AdminLottery>;
export type AdminLotteryPage = z.infer<typeof AdminLotteryPage>;
export type AdminDraw = z.infer<typeof AdminDraw>;
export type AdminDrawPage = z.infer<typeof AdminDrawPage>;
