/**
 * The console's promotions (营销活动, permission `promotion:write`): coupon templates, the coupon centre's offer
 * and issuing coupons to chosen buyers.
 */
import { z } from 'zod';
import { fenToYuan, yuanToFen } from '../money.js';
import { calendarDay } from './admin-goods.js';
import { flag, freeText, id, optionalText, page, quantity, text } from './common.js';
import { bit, money, pageOf, unixTime } from './envelope.js';

const YUAN_RE = /^\d{1,7}(\.\d{1,2})?$/;

/** An amount in yuan, zero allowed: digits with at most two decimals, kept as the server writes it. */
const yuanOrZero = (label: string) =>
  z
    .union([z.string(), z.number()], { error: `请输入${label}` })
    .transform((v) => String(v).trim())
    .pipe(
      z
        .string()
        .min(1, { error: `请输入${label}` })
        .regex(YUAN_RE, { error: `${label}须为金额（元），不能为负数，最多两位小数` })
        .transform((v) => fenToYuan(yuanToFen(v))),
    );

export const COUPON_SCOPE_MAX_IDS = 200;

/** `POST /api/admin/coupons` and `POST /api/admin/coupons/{id}`: a coupon template. */
export const couponTemplateBody = z
  .object({
    name: text('优惠券名称', 60),
    type: z.enum(['manjian', 'discount'], { error: '请选择优惠券类型' }),
    threshold: yuanOrZero('使用门槛'),
    amount: yuanOrZero('减免金额').optional().default('0.00'),
    rate: quantity('折扣', 10, 99).optional().meta({ description: 'percent paid, for 折扣 (95: 9.5折)' }),
    max_discount: yuanOrZero('最高减免').optional().default('0.00').meta({ description: '0.00: no cap' }),
    scope: z.enum(['all', 'categories', 'goods'], { error: '请选择适用范围' }).optional().default('all'),
    scope_ids: z
      .array(id('适用范围ID'), { error: '适用范围格式不正确' })
      .max(COUPON_SCOPE_MAX_IDS, { error: `适用范围最多选择${COUPON_SCOPE_MAX_IDS}项` })
      .optional()
      .default([]),
    valid_days: quantity('有效天数', 0, 365).optional().default(0).meta({ description: 'days valid after claiming; 0: until ends_at' }),
    starts_at: calendarDay('开始领取日期'),
    ends_at: calendarDay('结束领取日期'),
    total: quantity('发放总量', 0, 10_000_000).optional().default(0).meta({ description: '0: no limit' }),
    per_user: quantity('每人限领', 1, 99).optional().default(1),
    is_show: flag('是否在领券中心展示').optional().default(1),
  })
  .superRefine((c, ctx) => {
    const problem = (path: string, message: string) => ctx.addIssue({ code: 'custom', path: [path], message });
    if (c.type === 'manjian') {
      if (yuanToFen(c.amount) <= 0) problem('amount', '请输入减免金额');
      else if (yuanToFen(c.threshold) > 0 && yuanToFen(c.amount) >= yuanToFen(c.threshold)) problem('amount', '减免金额须小于使用门槛');
    } else if (c.rate === undefined) problem('rate', '请输入折扣（10-99，如 95 为9.5折）');
    if (c.scope !== 'all' && !c.scope_ids.length) problem('scope_ids', c.scope === 'goods' ? '请选择适用商品' : '请选择适用分类');
    if (c.ends_at < c.starts_at) problem('ends_at', '结束领取日期不能早于开始领取日期');
  });
export type CouponTemplateInput = z.output<typeof couponTemplateBody>;

export const adminCouponParams = z.object({ id: id('优惠券ID') });
export const adminCouponQuery = z.object({ page: page(), keyword: freeText('关键词', 30).optional().default('') });

/** `POST /api/admin/coupons/{id}/issue`: one copy to each chosen buyer (approved accounts only). */
export const couponIssueBody = z.object({
  user_ids: z.array(id('客户ID'), { error: '请选择要发放的客户' }).min(1, { error: '请选择要发放的客户' }).max(500, { error: '一次最多发放给500个客户' }),
});

/** A coupon template as the console lists it. */
export const AdminCoupon = z.object({
  id: z.number().int(),
  name: z.string(),
  type: z.enum(['manjian', 'discount']),
  threshold: money,
  amount: money,
  rate: z.number().int(),
  max_discount: money,
  scope: z.enum(['all', 'categories', 'goods']),
  scope_ids: z.array(z.number().int()),
  valid_days: z.number().int(),
  starts_at: z.string().meta({ description: 'first day of claiming, YYYY-MM-DD (China)' }),
  ends_at: z.string().meta({ description: 'last day of claiming, YYYY-MM-DD (China), included' }),
  total: z.number().int(),
  claimed: z.number().int().meta({ description: 'copies handed out: claimed in the centre or issued' }),
  used: z.number().int().meta({ description: 'copies used on orders' }),
  per_user: z.number().int(),
  is_show: bit,
  state_text: z.string().meta({ description: '未开始, 领取中, 已领完, 已结束 or 未展示' }),
  created_at: unixTime,
});
export type AdminCoupon = z.infer<typeof AdminCoupon>;
export const AdminCouponPage = pageOf(AdminCoupon);
export type AdminCouponPage = z.infer<typeof AdminCouponPage>;

export const CouponIssued = z.object({
  issued: z.number().int().meta({ description: 'buyers who received a copy' }),
  coupon: AdminCoupon,
});
export type CouponIssued = z.infer<typeof CouponIssued>;

/** `GET /api/admin/coupons/{id}/claims`: the copies of a template handed out, by state and buyer. */
export const adminClaimQuery = z.object({
  page: page(),
  status: z
    .enum(['', '0', '1', '2'], { error: '状态不正确' })
    .optional()
    .transform((v) => (v ? (Number(v) as 0 | 1 | 2) : undefined))
    .meta({ description: '0 未使用, 1 已使用, 2 已过期 (unused past its end counts here); absent: all' }),
  keyword: freeText('关键词', 30).optional().default('').meta({ description: 'company, username or phone of the buyer' }),
});

/** A copy of a coupon as the console lists it: who holds it, since when, and where it was used. */
export const AdminCouponClaim = z.object({
  id: z.number().int(),
  user_id: z.number().int(),
  username: z.string(),
  company: z.string(),
  user_phone: z.string(),
  status: z.number().int().meta({ description: '0 未使用, 1 已使用, 2 已过期' }),
  status_text: z.string(),
  starts_at: unixTime,
  ends_at: unixTime,
  order_no: z.string().meta({ description: 'the order it was used on; empty while unused' }),
  used_at: unixTime.nullable(),
  created_at: unixTime.meta({ description: 'when it was claimed or issued' }),
});
export type AdminCouponClaim = z.infer<typeof AdminCouponClaim>;
export const AdminCouponClaimPage = pageOf(AdminCouponClaim);
export type AdminCouponClaimPage = z.infer<typeof AdminCouponClaimPage>;

// ---- 营销活动 › 促销活动: the activities the pricing engine applies

/** The activities an operator composes in the console, and how the console names every type. */
export const EDITABLE_ACTIVITY_TYPES = ['spike', 'everyday', 'monthly', 'manjian', 'welfare', 'cashback', 'gift', 'huangou'] as const;
export const ACTIVITY_TYPE_TEXT: Record<string, string> = {
  spike: '限时秒杀',
  everyday: '每日特价',
  monthly: '月月惠',
  manjian: '满减',
  welfare: '全场折扣',
  cashback: '满返',
  gift: '买赠',
  huangou: '换购',
  combination: '组合购',
};
/** The types whose goods carry an activity price (the others price by their rules). */
export const PRICED_ACTIVITY_TYPES = ['spike', 'everyday', 'monthly'] as const;

const MINUTE_RE = /^(\d{4})-(\d{2})-(\d{2}) (\d{2}):(\d{2})$/;
const isMinute = (v: string) => {
  const m = MINUTE_RE.exec(v);
  if (!m) return false;
  const d = new Date(Date.UTC(+m[1], +m[2] - 1, +m[3], +m[4], +m[5]));
  return d.getUTCMonth() === +m[2] - 1 && d.getUTCDate() === +m[3] && +m[4] < 24 && +m[5] < 60;
};
/** A China wall-clock minute, `YYYY-MM-DD HH:mm`. */
export const chinaMinute = (label: string) =>
  z
    .string({ error: `请输入${label}` })
    .trim()
    .min(1, { error: `请输入${label}` })
    .regex(MINUTE_RE, { error: `${label}格式应为 YYYY-MM-DD HH:mm` })
    .refine(isMinute, { error: `${label}不是有效时间` });
/** A time of day, `HH:mm` (24:00 for the end of the day). */
const clock = (label: string) =>
  z
    .string({ error: `请输入${label}` })
    .trim()
    .regex(/^([01]\d|2[0-3]):[0-5]\d$|^24:00$/, { error: `${label}格式应为 HH:mm` });
/** `HH:mm` as minutes after midnight. */
export const clockMinutes = (v: string) => Number(v.slice(0, 2)) * 60 + Number(v.slice(3, 5));

/** Most units a 买赠 threshold may ask for, and most gift units one reaching of it gives. */
export const GIFT_MAX_THRESHOLD_UNITS = 99_999;
export const GIFT_MAX_NUMBER = 999;

/**
 * 买赠's rules: what is measured (units bought or money spent), over each line alone or the activity's lines together,
 * against what threshold, and the gift given for every multiple of it (每满) or once (满).
 */
const giftRules = z
  .object({
    goods_id: id('赠品'),
    number: quantity('赠送数量', 1, GIFT_MAX_NUMBER),
    per: z
      .enum(['line', 'activity'], { error: '请选择计算范围' })
      .meta({ description: 'line: each line on its own (买10盒赠1盒); activity: the lines together' }),
    by: z.enum(['number', 'amount'], { error: '请选择门槛类型' }).meta({ description: 'number: units bought; amount: money spent' }),
    threshold: z
      .union([z.string(), z.number()], { error: '请输入赠送门槛' })
      .transform((v) => String(v).trim())
      .meta({ description: 'units (a whole number) when `by` is number, yuan when amount' }),
    repeat: flag('每满赠送').meta({ description: '1: the gift for every multiple of the threshold (每满); 0: once when reached (满)' }),
  })
  .meta({ description: '买赠 only' });

/** `POST /api/admin/activities` and `POST /api/admin/activities/{id}`: an activity and its rules. */
export const activityBody = z
  .object({
    type: z.enum(EDITABLE_ACTIVITY_TYPES, { error: '请选择活动类型' }),
    name: text('活动名称', 60),
    description: optionalText('活动说明', 500),
    starts_at: chinaMinute('开始时间'),
    ends_at: chinaMinute('结束时间'),
    daily_start: clock('场次开始时间').optional().meta({ description: 'a flash sale’s daily session, HH:mm China time' }),
    daily_end: clock('场次结束时间').optional(),
    rate: quantity('折扣', 10, 99).optional().meta({ description: 'percent paid, for 全场折扣 (94: 9.4折)' }),
    days: z
      .array(quantity('会员日', 1, 31), { error: '会员日格式不正确' })
      .max(31, { error: '会员日最多31天' })
      .optional()
      .default([])
      .meta({ description: '月月惠: the member days of each month (1-31) its goods are on special all day' }),
    tiers: z
      .array(z.object({ amount: yuanOrZero('满足金额'), value: yuanOrZero('减免或返现金额') }), { error: '活动档位格式不正确' })
      .max(10, { error: '最多设置10个档位' })
      .optional()
      .default([])
      .meta({ description: 'manjian: 满 amount 减 value; cashback: 满 amount 返 value (red packet)' }),
    gift: giftRules.optional(),
    threshold: yuanOrZero('换购门槛').optional().meta({ description: '换购: the spend on its goods that opens the add-on offers, yuan' }),
    is_show: flag('是否启用').optional().default(1),
    sort: quantity('排序', 0, 9999).optional().default(0),
  })
  .superRefine((a, ctx) => {
    const problem = (path: (string | number)[], message: string) => ctx.addIssue({ code: 'custom', path, message });
    if (a.ends_at <= a.starts_at) problem(['ends_at'], '结束时间须晚于开始时间');
    if (a.type === 'spike') {
      if (!a.daily_start) problem(['daily_start'], '请输入场次开始时间');
      else if (!a.daily_end) problem(['daily_end'], '请输入场次结束时间');
      else if (clockMinutes(a.daily_end) <= clockMinutes(a.daily_start)) problem(['daily_end'], '场次结束时间须晚于开始时间');
    }
    if (a.type === 'welfare' && a.rate === undefined) problem(['rate'], '请输入折扣（10-99，如 94 为9.4折）');
    if (a.type === 'monthly') {
      if (!a.days.length) problem(['days'], '请选择会员日');
      else if (new Set(a.days).size !== a.days.length) problem(['days'], '会员日不能重复');
    }
    if (a.type === 'manjian' || a.type === 'cashback') {
      if (!a.tiers.length) problem(['tiers'], '请至少设置一个档位');
      const word = a.type === 'manjian' ? '减免' : '返现';
      a.tiers.forEach((t, i) => {
        const amount = yuanToFen(t.amount);
        const value = yuanToFen(t.value);
        if (amount <= 0) problem(['tiers', i, 'amount'], '满足金额须大于0');
        else if (value <= 0) problem(['tiers', i, 'value'], `${word}金额须大于0`);
        else if (value >= amount) problem(['tiers', i, 'value'], `${word}金额须小于满足金额`);
        else if (i > 0 && amount <= yuanToFen(a.tiers[i - 1].amount)) problem(['tiers', i, 'amount'], '满足金额须逐档递增');
        else if (i > 0 && value <= yuanToFen(a.tiers[i - 1].value)) problem(['tiers', i, 'value'], `${word}金额须逐档递增`);
      });
    }
    if (a.type === 'gift') {
      if (!a.gift) problem(['gift', 'goods_id'], '请选择赠品');
      else if (a.gift.by === 'number') {
        const n = Number(a.gift.threshold);
        if (!/^\d+$/.test(a.gift.threshold) || n < 1 || n > GIFT_MAX_THRESHOLD_UNITS)
          problem(['gift', 'threshold'], `按件数赠送时，门槛须为1-${GIFT_MAX_THRESHOLD_UNITS}的整数`);
      } else if (!YUAN_RE.test(a.gift.threshold) || yuanToFen(a.gift.threshold) <= 0) problem(['gift', 'threshold'], '按金额赠送时，门槛须为大于0的金额（元）');
    }
    if (a.type === 'huangou' && (a.threshold === undefined || yuanToFen(a.threshold) <= 0)) problem(['threshold'], '请输入换购门槛（大于0的金额）');
  });
export type ActivityInput = z.output<typeof activityBody>;

export const adminActivityParams = z.object({ id: id('活动ID') });
export const adminActivityQuery = z.object({
  page: page(),
  type: z.enum(Object.keys(ACTIVITY_TYPE_TEXT) as [string, ...string[]], { error: '活动类型格式不正确' }).optional(),
  keyword: freeText('关键词', 30).optional().default(''),
});

/** An activity as the console lists it. */
export const AdminActivity = z.object({
  id: z.number().int(),
  type: z.string(),
  type_text: z.string(),
  editable: bit.meta({ description: '1 for the types composed here (秒杀, 每日特价, 月月惠, 满减, 全场折扣, 满返, 买赠, 换购)' }),
  name: z.string(),
  description: z.string(),
  starts_at: z.string().meta({ description: 'YYYY-MM-DD HH:mm, China' }),
  ends_at: z.string(),
  daily_start: z.string().nullable().meta({ description: 'HH:mm, a flash sale’s daily session' }),
  daily_end: z.string().nullable(),
  rate: z.number().int().nullable(),
  days: z.array(z.number().int()).meta({ description: '月月惠: the member days of each month, in order' }),
  tiers: z.array(z.object({ amount: money, value: money })),
  gift: z
    .object({
      goods_id: z.number().int(),
      name: z.string().meta({ description: 'the gift goods’ name' }),
      number: z.number().int(),
      per: z.enum(['line', 'activity']),
      by: z.enum(['number', 'amount']),
      threshold: z.string().meta({ description: 'units, or yuan with two decimals' }),
      repeat: bit,
    })
    .nullable()
    .meta({ description: '买赠’s rules; null for the other types' }),
  threshold: money.nullable().meta({ description: '换购: the spend that opens the offers; null for the other types' }),
  is_show: bit,
  sort: z.number().int(),
  goods_count: z.number().int(),
  state_text: z.string().meta({ description: '进行中, 未开始, 已结束 or 已停用' }),
  created_at: unixTime,
});
export type AdminActivity = z.infer<typeof AdminActivity>;
export const AdminActivityPage = pageOf(AdminActivity);
export type AdminActivityPage = z.infer<typeof AdminActivityPage>;

/** `POST /api/admin/activities/{id}/goods`: goods added to the activity, or their terms changed. */
export const activityGoodsBody = z.object({
  goods_ids: z.array(id('商品ID'), { error: '请选择商品' }).min(1, { error: '请选择商品' }).max(500, { error: '一次最多选择500个商品' }),
  price: yuanOrZero('活动价').optional().meta({
    description: 'the activity price, for 秒杀, 每日特价 and 月月惠 (then required); for 换购 the add-on price, absent for the goods that reach the threshold',
  }),
  limit_per_user: quantity('每人每日限购', 0, 99999)
    .optional()
    .default(0)
    .meta({ description: '秒杀, 每日特价, 月月惠: units per account a day; 换购: add-on units per order; 0 no limit' }),
  quota: quantity('每日限量', 0, 9_999_999).optional().default(0),
  weekday: quantity('星期', 0, 7).optional().default(0).meta({ description: '每日特价: 1 Monday ... 7 Sunday, 0 every day' }),
});
export const activityGoodsRemoveBody = z.object({
  goods_ids: z.array(id('商品ID'), { error: '请选择商品' }).min(1, { error: '请选择商品' }).max(500, { error: '一次最多选择500个商品' }),
});
export const adminActivityGoodsQuery = z.object({ page: page() });

export const AdminActivityGoods = z.object({
  goods_id: z.number().int(),
  name: z.string(),
  ypgg: z.string(),
  sccj: z.string(),
  base_price: money,
  price: money.nullable().meta({ description: 'the activity price; null where the activity prices by its rules' }),
  limit_per_user: z.number().int(),
  quota: z.number().int(),
  weekday: z.number().int(),
  is_on_sale: bit,
  number: z.number().int().meta({ description: 'stock' }),
});
export const AdminActivityGoodsPage = pageOf(AdminActivityGoods);
export type AdminActivityGoodsPage = z.infer<typeof AdminActivityGoodsPage>;

export const activityShowBody = z.object({ is_show: flag('是否启用') });
export const ActivityGoodsAdded = z.object({ added: z.number().int().meta({ description: 'goods added or changed' }) });
export const ActivityGoodsRemoved = z.object({ removed: z.number().int() });

// ---- 营销活动 › 组合购: the bundles of the 组合购 activities

export const BUNDLE_MIN_ITEMS = 2;
export const BUNDLE_MAX_ITEMS = 10;

/** `POST /api/admin/bundles` and `POST /api/admin/bundles/{id}`: a bundle, its goods and its one price. */
export const bundleBody = z
  .object({
    activity_id: id('组合购活动'),
    name: text('组合名称', 60),
    price: yuanOrZero('组合价').refine((v) => yuanToFen(v) > 0, { error: '组合价须大于0' }),
    items: z
      .array(z.object({ goods_id: id('商品ID'), number: quantity('数量', 1, 9999) }), { error: '请添加组合商品' })
      .min(BUNDLE_MIN_ITEMS, { error: `组合至少包含${BUNDLE_MIN_ITEMS}个商品` })
      .max(BUNDLE_MAX_ITEMS, { error: `组合最多包含${BUNDLE_MAX_ITEMS}个商品` }),
    is_show: flag('是否上架').optional().default(1),
    sort: quantity('排序', 0, 9999).optional().default(0),
  })
  .superRefine((b, ctx) => {
    const seen = new Set<number>();
    b.items.forEach((item, i) => {
      if (seen.has(item.goods_id)) ctx.addIssue({ code: 'custom', path: ['items', i, 'goods_id'], message: '组合中的商品不能重复' });
      seen.add(item.goods_id);
    });
  });
export type BundleInput = z.output<typeof bundleBody>;

export const adminBundleParams = z.object({ id: id('组合ID') });
export const adminBundleQuery = z.object({
  page: page(),
  keyword: freeText('关键词', 30).optional().default('').meta({ description: 'part of the bundle’s name' }),
});
export const bundleShowBody = z.object({ is_show: flag('是否上架') });

/** A bundle as the console lists it: its goods at their own prices, the bundle price and what it saves. */
export const AdminBundle = z.object({
  id: z.number().int(),
  activity_id: z.number().int(),
  activity_name: z.string(),
  activity_state: z.string().meta({ description: 'the activity’s state: 进行中, 未开始, 已结束 or 已停用' }),
  name: z.string(),
  price: money,
  separate_price: money.meta({ description: 'the members at their own prices (base price × number)' }),
  saving: money,
  stock: z.number().int().meta({ description: 'bundles the members’ stock allows' }),
  items: z.array(
    z.object({
      goods_id: z.number().int(),
      name: z.string(),
      ypgg: z.string(),
      sccj: z.string(),
      base_price: money,
      number: z.number().int(),
      stock: z.number().int(),
      is_on_sale: bit,
    }),
  ),
  is_show: bit,
  sort: z.number().int(),
});
export type AdminBundle = z.infer<typeof AdminBundle>;
export const AdminBundlePage = pageOf(AdminBundle);
export type AdminBundlePage = z.infer<typeof AdminBundlePage>;
