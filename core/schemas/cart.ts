/** Requests and answers of the cart calls (spec section 7 "Cart"). */
import { z } from 'zod';
import { Goods } from './goods.js';
import { id, quantity, wholeNumber } from './common.js';
import { bit, money, unixTime } from './envelope.js';

/** One line as the browser adds it: goods_id, price (never trusted), number, ck_id, optional type. */
export const cartLine = z.object({
  goods_id: id('商品ID'),
  price: z.union([z.string(), z.number()], { error: '价格格式不正确' }).optional().meta({ description: 'Ignored: the server prices every line' }),
  number: quantity('采购数量', 1, 99999).meta({ description: 'Units, in whole middle packages (zbz); bundles for a combination line' }),
  ck_id: id('仓库').optional(),
  type: z
    .enum(['0', '1', '3', '4'], { error: '商品类型不正确' })
    .optional()
    .meta({ description: '0 plain (the default), 1 flash sale, 3 combination, 4 near expiry (the near-expiry zone: its batches at their own price)' }),
  /** The bundle of a combination line (type 3). */
  combination_id: id('组合ID').optional().meta({ description: 'The bundle of a combination line (type 3)' }),
});

export const addToCartBody = z.object({
  params: z.array(cartLine, { error: '请选择要加入购物车的商品' }).min(1, { error: '请选择要加入购物车的商品' }).max(100, { error: '一次最多加入100件商品' }),
});

/** `ids[]=1&ids[]=2`, `ids=1,2` or one id: cart line ids. */
const idsField = (label = '购物车商品') =>
  z.preprocess(
    (v) => (Array.isArray(v) ? v : typeof v === 'string' ? v.split(',').filter(Boolean) : typeof v === 'number' ? [v] : v),
    z
      .array(id(`${label}ID`), { error: `请选择${label}` })
      .min(1, { error: `请选择${label}` })
      .max(500, { error: `一次最多选择500件${label}` }),
  );

export const cartIdsBody = z.object({ ids: idsField() });

export const cartSelectBody = z.object({
  ids: idsField(),
  is_selected: z
    .union([z.literal('0'), z.literal('1'), z.literal(0), z.literal(1), z.boolean()], { error: '选择状态格式不正确' })
    .meta({ description: '1 ticks the lines, 0 unticks them' })
    .transform((v) => v === true || v === 1 || v === '1'),
});

export const cartEditBody = z.object({
  params: z.object(
    {
      number: quantity('采购数量', 1, 99999),
    },
    { error: '请输入采购数量' },
  ),
});

/** The activity whose lines the cart list shows: 99999 all (the default), 0 the lines that cannot be bought. */
export const CART_ALL = 99999;
export const cartListQuery = z.object({
  filters: wholeNumber('筛选条件格式不正确')
    .pipe(z.number().min(0, { error: '筛选条件格式不正确' }))
    .optional()
    .default(CART_ALL)
    .meta({ description: '99999 all lines (the default), 0 the lines that cannot be bought, else the lines of that manjian activity' }),
});

export const cartCopyBody = z.object({ ids: idsField(), other_user_ids: idsField('门店').meta({ description: "The chain's own stores" }) });

/** What the next-hint call asks about: one activity, or the whole cart. */
export const nextHintQuery = z.object({ activity_id: id('活动ID').optional().meta({ description: 'Only the hints of this activity (and of shipping)' }) });

export const quickAddBody = z.object({
  number: quantity('采购数量', 1, 99999).optional().meta({ description: 'Units; one middle package by default' }),
});

// ------------------------------------------------------------------------------------------------ answers

const int = () => z.number().int();
const activityRef = () => int().nullable();

export const PriceSegment = z.object({
  source: z.enum(['ladder', 'base', 'spike', 'everyday', 'combination', 'huangou', 'near']).meta({ description: "near: a near-expiry batch's own price" }),
  activity_id: activityRef(),
  price: money,
  number: int(),
  amount: money,
});
export type PriceSegment = z.infer<typeof PriceSegment>;

const LinePromo = z.object({
  kind: z.enum(['spike', 'everyday']),
  activity_id: activityRef(),
  price: money.nullable(),
  status: z.enum(['on', 'not_started', 'ended', 'limit_reached', 'sold_out', 'not_cheaper', 'none']).meta({
    description: '`on`: the price applied (to `applied` units); otherwise the line is at its normal price and `message` says why',
  }),
  remaining: int().nullable().meta({ description: 'Units still available at the price; null: no limit' }),
  applied: int(),
  message: z.string(),
});
type LinePromo = z.infer<typeof LinePromo>;

const BundleItem = z.object({ goods_id: int(), number: int(), name: z.string(), ypgg: z.string(), bzdw: z.string(), image: z.string() });

/** A priced cart line (spec section 3 "Cart item"), as the cart, the confirm page and the hints send it. */
export const CartLine = z.object({
  id: int().nullable().meta({ description: 'The cart line; null for an add-on (换购) line' }),
  source: z.enum(['cart', 'huangou']),
  goods_id: int(),
  type: z.union([z.literal(0), z.literal(1), z.literal(3), z.literal(4)]).meta({ description: '0 plain, 1 flash sale, 3 combination, 4 near expiry (近效期)' }),
  goods_type: z.union([z.literal(0), z.literal(1), z.literal(3), z.literal(4)]),
  number: int().meta({ description: 'Units; bundles for a combination line' }),
  price: money.meta({ description: 'The unit price at this quantity (tier or base); the bundle or add-on price for those lines' }),
  amount: money.meta({ description: 'Before any discount (shown even for a line that is not counted)' }),
  pay_amount: money.meta({ description: 'What the buyer pays for the line; 0.00 when not counted' }),
  segments: z.array(PriceSegment).meta({ description: 'Units sold at each unit price' }),
  is_selected: bit.meta({ description: 'After lines that cannot be bought were forced off' }),
  chosen: bit.meta({ description: 'What the buyer ticked' }),
  excluded: z
    .object({
      reason: z.enum(['unselected', 'out_of_scope', 'no_ephedrine', 'not_buyable', 'sold_out', 'insufficient_stock', 'bundle_missing']),
      message: z.string(),
    })
    .nullable()
    .meta({ description: 'Why the line is listed but not counted' }),
  promo: LinePromo.nullable().meta({ description: 'The flash-sale or daily-special price of the line' }),
  welfare_amount: money.meta({ description: 'Store-wide percentage off (94折)' }),
  manjian_activity_id: activityRef(),
  goods_manjian_amount: money.meta({ description: "The line's share of the manjian (满减) reduction" }),
  gift_data: z
    .object({ total: int(), type: z.union([z.literal(1), z.literal(2)]) })
    .nullable()
    .meta({ description: 'Gift units earned; type 1 每满, 2 满' }),
  huangou_activity_id: activityRef(),
  with_coupon: bit,
  coupon_amount: money,
  red_packet_amount: money,
  free_shipping: bit,
  expiry: z.object({ from: z.string(), to: z.string() }).nullable().meta({
    description:
      "the expiry dates the line's units ship with, its goods' batches first-expiring first after its earlier lines (from = to for one date); null for a bundle or when none sell",
  }),
  goods: Goods.extend({ brand_id: z.number().int().nullable().meta({ description: "the goods' brand: where 去凑单 of a 满减 group leads" }) }).nullable(),
  combination: z
    .object({ id: int(), name: z.string(), price: money, items: z.array(BundleItem) })
    .nullable()
    .meta({ description: 'The bundle of a combination line' }),
  created_at: unixTime.nullable(),
});
export type CartLine = z.infer<typeof CartLine>;

/** Totals (`total`) of the counted lines. */
export const CartTotals = z.object({
  count: int().meta({ description: 'Lines in the cart' }),
  selected_count: int().meta({ description: 'Counted lines (selected, buyable, in stock) and add-ons' }),
  selected_number: int(),
  goods_amount: money,
  welfare_amount: money,
  manjian_amount: money,
  coupon_amount: money,
  red_packet_amount: money,
  discount_amount: money,
  shipping_amount: money,
  pay_amount: money,
  cashback_amount: money.meta({ description: '预计返: account red packet granted when the order completes (满返); nothing off the order' }),
});
export type CartTotals = z.infer<typeof CartTotals>;

export const ManjianGroup = z.object({
  activity_id: int(),
  name: z.string(),
  amount: money.meta({ description: 'The eligible amount of the counted lines (after 94折)' }),
  reduce: money.meta({ description: 'The reduction taken: the highest tier reached' }),
  tiers: z.array(z.object({ amount: money, reduce: money, status: bit.meta({ description: '1 reached' }) })),
  next: z.object({ amount: money, reduce: money, need: money }).nullable().meta({ description: 'The next tier and what is still needed' }),
  line_ids: z.array(int()),
});
export type ManjianGroup = z.infer<typeof ManjianGroup>;

/** A gift (赠) activity as the pricing engine works it out: units and counts, no money. */
export const GiftGroup = z.object({
  activity_id: int(),
  name: z.string(),
  gift_goods_id: int(),
  gift_name: z.string(),
  per: z.enum(['line', 'activity']).meta({ description: '`line`: each line counts on its own; `activity`: the lines count together' }),
  by: z.enum(['number', 'amount']).meta({ description: 'The threshold counts units, or fen spent' }),
  type: z.union([z.literal(1), z.literal(2)]).meta({ description: '1 for every multiple of the threshold (每满), 2 once (满)' }),
  threshold: int(),
  measure: int().meta({ description: 'Units or fen counted' }),
  total: int().meta({ description: 'Gift units given' }),
  need: int().nullable().meta({ description: 'Units or fen to the next gift; null when no more can be earned' }),
  lines: z.array(z.object({ id: int(), total: int() })),
});
export type GiftGroup = z.infer<typeof GiftGroup>;

/** A 换购 activity: once its goods reach `threshold`, the offers may be added at their price. */
export const HuangouGroup = z.object({
  activity_id: int(),
  name: z.string(),
  threshold: money,
  amount: money,
  reached: z.boolean(),
  need: money,
  offers: z.array(z.object({ goods_id: int(), price: money, limit: int().meta({ description: 'Most units per order; 0 no limit' }), taken: int() })),
});
export type HuangouGroup = z.infer<typeof HuangouGroup>;

/** A 满返 activity: what the order pays for its goods against its tiers; the cashback comes when the order completes. */
const CashbackGroup = z.object({
  activity_id: int(),
  name: z.string(),
  amount: money.meta({ description: 'What the counted plain lines of its goods pay, after every discount' }),
  back: money.meta({ description: 'The cashback of the highest tier reached' }),
  tiers: z.array(z.object({ amount: money, back: money, status: bit.meta({ description: '1 reached' }) })),
  next: z.object({ amount: money, back: money, need: money }).nullable().meta({ description: 'The next tier and what is still needed' }),
  line_ids: z.array(int()),
});

export const ActivityData = z.object({
  manjians: z.array(ManjianGroup),
  cashbacks: z.array(CashbackGroup),
  gifts: z.array(GiftGroup),
  huangous: z.array(HuangouGroup),
});
export type ActivityData = z.infer<typeof ActivityData>;

/** The site's shipping rule and how it goes for the counted lines. */
export const CartShipping = z.object({
  shipping_data: z.object({
    shipping_amount: money.meta({ description: 'Shipping charged below the threshold' }),
    no_trans_order_amount: money.meta({ description: 'Orders from this amount ship free' }),
  }),
  shipping: z.object({
    amount: money,
    free: bit,
    reason: z.enum(['empty', 'all_free_shipping', 'threshold']).nullable(),
    need: money.meta({ description: 'More to buy for free shipping' }),
  }),
});
export type CartShipping = z.infer<typeof CartShipping>;

export const NextHint = z.object({
  kind: z.enum(['manjian', 'gift', 'huangou', 'shipping']),
  activity_id: activityRef(),
  need: z.union([money, int()]).meta({ description: 'Money to add; units for a gift measured in units' }),
  message: z.string(),
});
export type NextHint = z.infer<typeof NextHint>;

/** A filter tab of the cart: all lines, the lines that cannot be bought, or those of a manjian activity. */
export const CartFilterOption = z.object({
  id: int().meta({ description: '99999 all, 0 cannot be bought, else a manjian activity' }),
  name: z.string(),
  count: int(),
});
export type CartFilterOption = z.infer<typeof CartFilterOption>;

/** The priced cart (spec section 3 "Cart state"). */
export const CartList = z.object({
  list: z.array(CartLine),
  addons: z.array(CartLine).meta({ description: 'Add-on (换购) lines taken' }),
  activity_data: ActivityData,
  ...CartShipping.shape,
  next_hints: z.array(NextHint),
  filter_data: z.object({
    current: int(),
    filters: z.array(CartFilterOption),
  }),
  total: CartTotals,
});
export type CartList = z.infer<typeof CartList>;

/** The number of lines in the cart after an add. */
export const CartCount = z.object({ cart: int().meta({ description: 'Lines in the cart' }) });
export type CartCount = z.infer<typeof CartCount>;

export const CartTotal = z.object({ total: int().meta({ description: 'Lines in the cart' }) });
export type CartTotal = z.infer<typeof CartTotal>;

export const CartDeleted = z.object({ cart: int().meta({ description: 'Lines left' }), deleted: z.array(int()) });
export type CartDeleted = z.infer<typeof CartDeleted>;

export const CartCheckout = z.object({ ids: z.array(int()).meta({ description: 'The chosen lines that will be ordered' }), total: CartTotals });
export type CartCheckout = z.infer<typeof CartCheckout>;

export const CartHints = z.object({ hints: z.array(NextHint), ...CartShipping.shape, activity_data: ActivityData });
export type CartHints = z.infer<typeof CartHints>;

export const CartCopy = z.object({ stores: z.array(z.object({ store_id: int(), cart: int().meta({ description: "Lines in the store's cart" }) })) });
export type CartCopy = z.infer<typeof CartCopy>;
