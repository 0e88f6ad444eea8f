/**
 * The points mall (积分商城 `/jfsc`) and points orders (积分订单 `/jfdd`), for the storefront and the console:
 * goods bought with points, or points plus cash from the balance; physical goods are shipped, coupons and red
 * packets are credited at once (DESIGN.md section 14, docs/decisions/021-points-mall.md).
 */
import { z } from 'zod';
import { fenToYuan, yuanToFen } from '../money.js';
import { shipBody } from './admin-orders.js';
import { calendarDay } from './admin-goods.js';
import { flag, freeText, id, optionalText, page, payPasswordInput, quantity, text } from './common.js';
import { bit, money, pageOf, unixTime } from './envelope.js';

const POINTS_KINDS = ['physical', 'coupon', 'red_packet'] as const;
export type PointsKind = (typeof POINTS_KINDS)[number];
export const POINTS_KIND_TEXT: Record<PointsKind, string> = { physical: '实物商品', coupon: '优惠券', red_packet: '红包' };

/**
 * 0 待发货, 1 已发货, 2 已完成, 3 已取消. Coupons and red packets are complete when redeemed; a physical order an
 * operator cancels before shipping gives its points and cash back.
 */
export const PointsOrderStatus = { toShip: 0, shipped: 1, done: 2, cancelled: 3 } as const;
export const POINTS_ORDER_STATUS_TEXT: Record<number, string> = { 0: '待发货', 1: '已发货', 2: '已完成', 3: '已取消' };

/** Units one order may redeem. */
export const POINTS_ORDER_MAX_QUANTITY = 99;

const kind = (label = '商品类型') => z.enum(POINTS_KINDS, { error: `${label}不正确` });

// ------------------------------------------------------------------------------------------------ storefront

export const pointsGoodsQuery = z.object({
  page: page(),
  kind: kind().optional().meta({ description: 'physical 实物, coupon 优惠券, red_packet 红包; absent: all' }),
});

export const pointsGoodsParams = z.object({ id: id('商品ID') });

export const pointsOrderBody = z.object({
  goods_id: id('积分商品'),
  number: quantity('兑换数量', 1, POINTS_ORDER_MAX_QUANTITY),
  address_id: id('收货地址').optional().meta({ description: 'required for physical goods' }),
  pay_password: payPasswordInput().meta({ description: 'the six-digit payment password, needed when the goods costs cash too' }),
  request_key: z
    .string({ error: '请刷新页面后重新提交' })
    .regex(/^[A-Za-z0-9_-]{16,64}$/, { error: '请刷新页面后重新提交' })
    .optional()
    .meta({ description: 'Made once by the redeem dialog: a second post with it answers the order of the first' }),
});

export const pointsOrderQuery = z.object({
  page: page(),
  status: z
    .enum(['0', '1', '2', '3'], { error: '订单状态不正确' })
    .optional()
    .transform((v) => (v === undefined ? undefined : Number(v)))
    .meta({ description: '0 待发货, 1 已发货, 2 已完成, 3 已取消; absent: all' }),
});

export const pointsOrderParams = z.object({ id: id('订单ID') });

const int = () => z.number().int();

export const PointsGoods = z.object({
  id: int(),
  name: z.string(),
  kind: kind(),
  kind_text: z.string(),
  picture: z.string(),
  points: int(),
  cash: money.meta({ description: 'paid from the balance on top of the points; 0.00: points only' }),
  stock: int().meta({ description: 'units left' }),
  redeemed: int().meta({ description: 'units redeemed by everybody' }),
  per_user: int().meta({ description: 'units one account may redeem in all; 0: no limit' }),
  mine: int().meta({ description: 'units the account redeemed; 0 for a guest' }),
  /** 0 兑换, 1 已兑完 (no stock), 2 已达上限 (the account reached its limit). */
  state: z.union([z.literal(0), z.literal(1), z.literal(2)]),
  state_text: z.string(),
  /** What a coupon or red packet gives for one unit (满100减10 / ¥5.00 红包); '' for physical goods. */
  gives: z.string(),
});
export type PointsGoods = z.infer<typeof PointsGoods>;

export const PointsGoodsDetail = PointsGoods.extend({ description: z.string() });
export type PointsGoodsDetail = z.infer<typeof PointsGoodsDetail>;

export const PointsMall = pageOf(PointsGoods).extend({
  points: int().nullable().meta({ description: "the account's points now; null for a guest" }),
});
export type PointsMall = z.infer<typeof PointsMall>;

const PointsTraceStep = z.object({ title: z.string(), text: z.string(), at: unixTime });

export const PointsOrder = z.object({
  id: int(),
  order_no: z.string(),
  goods_id: int(),
  goods_name: z.string(),
  goods_picture: z.string(),
  kind: kind(),
  kind_text: z.string(),
  number: int(),
  points: int(),
  cash: money,
  status: int(),
  status_text: z.string(),
  credited: z.string().meta({ description: 'what a coupon or red packet order put in the wallet' }),
  consignee: z.string(),
  phone: z.string(),
  address: z.string(),
  carrier: z.string(),
  tracking_no: z.string(),
  created_at: unixTime,
  shipped_at: unixTime.nullable(),
  completed_at: unixTime.nullable(),
  cancelled_at: unixTime.nullable(),
  cancel_reason: z.string().meta({ description: 'why an operator cancelled it; empty otherwise' }),
  can_receive: bit,
});
export type PointsOrder = z.infer<typeof PointsOrder>;

export const PointsOrderPage = pageOf(PointsOrder).extend({
  counts: z.object({ all: int(), to_ship: int(), shipped: int(), done: int(), cancelled: int() }),
});
export type PointsOrderPage = z.infer<typeof PointsOrderPage>;

export const PointsOrderDetail = PointsOrder.extend({ trace: z.array(PointsTraceStep) });
export type PointsOrderDetail = z.infer<typeof PointsOrderDetail>;

export const PointsRedeemed = z.object({
  order: PointsOrderDetail,
  goods: PointsGoods,
  points: int().meta({ description: "the account's points after the order" }),
  already: bit.meta({ description: '1 when the same request_key was posted before: its order, nothing taken again' }),
});
export type PointsRedeemed = z.infer<typeof PointsRedeemed>;

// ------------------------------------------------------------------------------------------------ console

const YUAN_RE = /^\d{1,7}(\.\d{1,2})?$/;
const yuan = (label: string) =>
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

const picture = () => text('图片地址', 500).regex(/^(https?:\/\/|\/)[^\s"'<>]+$/, { error: '图片地址须以 http(s):// 或 / 开头，且不含空格' });

export const adminPointsGoodsQuery = z.object({
  page: page(),
  keyword: freeText('关键词', 50).optional().default(''),
  kind: kind().optional(),
  is_show: z.enum(['0', '1'], { error: '上架状态不正确' }).optional(),
});

export const adminPointsGoodsParams = z.object({ id: id('积分商品ID') });

/** `POST /api/admin/points/goods` and `.../{id}`: a points goods. */
export const pointsGoodsBody = z
  .object({
    name: text('商品名称', 60),
    kind: kind(),
    picture: picture(),
    description: optionalText('商品说明', 500),
    points: quantity('所需积分', 1, 10_000_000),
    cash: yuan('加价金额').optional().default('0.00').meta({ description: 'yuan paid from the balance per unit; 0: points only' }),
    stock: quantity('库存', 0, 10_000_000),
    per_user: quantity('每人限兑', 0, 9_999).optional().default(0).meta({ description: '0: no limit' }),
    coupon_id: id('优惠券').optional().meta({ description: 'the coupon template a coupon goods hands out' }),
    red_packet: yuan('红包金额').optional().default('0.00').meta({ description: 'yuan of red packet a red packet goods credits' }),
    sort: quantity('排序', 0, 9_999).optional().default(0),
    is_show: flag('是否上架').optional().default(1),
  })
  .superRefine((g, ctx) => {
    if (g.kind === 'coupon' && !g.coupon_id) ctx.addIssue({ code: 'custom', path: ['coupon_id'], message: '请选择兑换的优惠券' });
    if (g.kind === 'red_packet' && yuanToFen(g.red_packet) <= 0) ctx.addIssue({ code: 'custom', path: ['red_packet'], message: '请输入红包金额' });
  });
export type PointsGoodsInput = z.output<typeof pointsGoodsBody>;

export const pointsGoodsShowBody = z.object({ is_show: flag('是否上架') });

export const AdminPointsGoods = z.object({
  id: int(),
  name: z.string(),
  kind: kind(),
  kind_text: z.string(),
  picture: z.string(),
  description: z.string(),
  points: int(),
  cash: money,
  stock: int(),
  redeemed: int(),
  per_user: int(),
  coupon_id: int().nullable(),
  coupon_name: z.string(),
  red_packet: money,
  sort: int(),
  is_show: bit,
  created_at: unixTime,
});
export type AdminPointsGoods = z.infer<typeof AdminPointsGoods>;
export const AdminPointsGoodsPage = pageOf(AdminPointsGoods);

export const adminPointsOrderQuery = z.object({
  page: page(),
  status: z.enum(['0', '1', '2', '3'], { error: '订单状态不正确' }).optional(),
  kind: kind().optional(),
  keyword: freeText('关键词', 50).optional().default('').meta({ description: 'order number, goods name, or the buyer’s company, username or phone' }),
  date_from: calendarDay('开始日期').optional(),
  date_to: calendarDay('结束日期').optional(),
});

export const adminPointsOrderParams = z.object({ id: id('积分订单ID') });

export const pointsShipBody = shipBody;

/** `POST /api/admin/points/orders/{id}/cancel`: why a physical order waiting to ship is cancelled (the buyer reads it). */
export const pointsCancelBody = z.object({ reason: text('取消原因', 100) });

export const AdminPointsOrder = PointsOrder.extend({
  user_id: int(),
  username: z.string(),
  company: z.string(),
});
export type AdminPointsOrder = z.infer<typeof AdminPointsOrder>;
export const AdminPointsOrderPage = pageOf(AdminPointsOrder);
