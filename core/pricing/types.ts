/**
 * The shapes the pricing engine reads and writes. Field names follow the specification's wire names
 * (`base_price`, `ladder_price`, `goods_manjian_amount`, `with_coupon`, `gift_data`, `shipping_data`, ...),
 * so the server's cart and order responses can be built from the result without renaming.
 * Every amount is integer fen; every time is epoch milliseconds, supplied by the caller.
 */
import type { Fen } from '../money.js';

export type { Fen };

/** Cart line types (spec section 3): 0 plain, 1 flash sale, 3 combination; 4 near expiry (the near-expiry zone's batches). */
export type LineType = 0 | 1 | 3 | 4;

/** Buying `number` units or more costs `price` fen a unit. */
type LadderTier = { number: number; price: Fen };

/** The goods fields pricing needs, as the catalogue holds them. */
export type PricingGoods = {
  id: number;
  base_price: Fen;
  ladder_price?: readonly LadderTier[];
  /** 0: the goods has no tiers, whatever `ladder_price` holds; absent or 1: tiers are unit prices. */
  ladder_price_type?: number;
  is_buy: boolean;
  /** Stock in units. */
  number: number;
  is_free_shipping: boolean;
  /** A free-shipping line ships free from this quantity on; 0: from any quantity. */
  free_shipping_number: number;
  category_id?: number | null;
  /** The buyer may not buy it (core/scope.ts): outside the approved 经营范围, or ephedrine not allowed. */
  blocked?: 'out_of_scope' | 'no_ephedrine' | null;
};

/** A combination (组合购): fixed goods and quantities for one fixed price. */
export type Bundle = {
  id: number;
  activity_id?: number;
  /** The price of one bundle. */
  price: Fen;
  items: readonly { goods: PricingGoods; number: number }[];
};

/** A cart line as the cart holds it (spec section 3 "Cart item"). */
export type CartLineInput = {
  id: number;
  type: LineType;
  /** Units; bundles for a combination line. */
  number: number;
  is_selected: boolean;
  /** The line's goods; for a combination line the goods the bundle is listed under. */
  goods: PricingGoods;
  /** Required for a combination line (type 3). */
  combination?: Bundle | null;
  /**
   * A near-expiry line's (type 4) batches, first-expiring first: each one's near-expiry price and the units it can
   * give. Its `goods.number` is their units together.
   */
  near?: readonly NearBatch[];
};

/** A batch the near-expiry zone sells: its own price a unit and the units it can still give. */
export type NearBatch = { price: Fen; number: number };

/**
 * A flash-sale (秒杀) or daily-special (每日特价) price of one goods. The caller works out the window from
 * the calendar (today's session, today in China time) and counts what was bought today; the engine only
 * compares `now` with the window and subtracts.
 */
export type PriceOffer = {
  activity_id: number;
  goods_id: number;
  price: Fen;
  /** The price holds from `starts_at` (inclusive) to `ends_at` (exclusive), epoch ms. */
  starts_at: number;
  ends_at: number;
  /** Most units one account may buy at this price a day; 0: no limit. */
  limit_per_user: number;
  /** Units this account already bought at this price today. */
  bought_today: number;
  /** Units offered at this price a day; 0: no quota. */
  quota: number;
  /** Units all accounts bought at this price today. */
  sold_today: number;
};

/** Store-wide 94% off (`welfare`): goods of the activity cost `rate` percent of their amount. */
export type WelfareActivity = {
  id: number;
  name?: string;
  /** Percent of the amount that is paid: 94 means 94%. */
  rate: number;
  goods_ids: readonly number[];
};

export type ManjianTier = { amount: Fen; reduce: Fen };

/** 满减: when the activity's goods reach a tier's amount, the tier's reduction comes off. */
export type ManjianActivity = {
  id: number;
  name?: string;
  goods_ids: readonly number[];
  tiers: readonly ManjianTier[];
};

export type CashbackTier = { amount: Fen; back: Fen };

/**
 * 满返: when what an order pays for the activity's goods reaches a tier's amount, the tier's cashback is
 * granted as account red packet once the order completes. Nothing comes off the order itself.
 */
export type CashbackActivity = {
  id: number;
  name?: string;
  goods_ids: readonly number[];
  tiers: readonly CashbackTier[];
};

/** 赠: reaching the threshold gives `gift.number` units of the gift goods, free. */
export type GiftActivity = {
  id: number;
  name?: string;
  goods_ids: readonly number[];
  /** `line`: each line counts on its own (买10盒赠1盒); `activity`: the activity's lines count together. */
  per: 'line' | 'activity';
  /** What the threshold measures: units bought or fen spent. */
  by: 'number' | 'amount';
  threshold: number;
  /** 1: for every multiple of the threshold (每满); 2: once when reached (满). This is `gift_data.type`. */
  type: 1 | 2;
  gift: { goods_id: number; name?: string; number: number; /** Units left to give; absent: no limit. */ stock?: number };
};

/** 换购: when the activity's goods reach `threshold`, the listed goods may be added at their special price. */
export type HuangouActivity = {
  id: number;
  name?: string;
  goods_ids: readonly number[];
  threshold: Fen;
  offers: readonly { goods: PricingGoods; price: Fen; /** Most units per order; 0: no limit. */ limit: number }[];
};

/** An add-on the buyer chose to take from a 换购 activity. */
export type AddonPick = { activity_id: number; goods_id: number; number: number };

export type CouponScope = { kind: 'all' } | { kind: 'categories'; ids: readonly number[] } | { kind: 'goods'; ids: readonly number[] };

/** One coupon of the account. */
export type CouponInput = {
  id: number;
  name?: string;
  /** 满减: `amount` off; 折扣: pay `rate` percent, saving at most `max_discount`. */
  type: 'manjian' | 'discount';
  /** The eligible amount must reach this; 0: no threshold. */
  threshold: Fen;
  amount?: Fen;
  /** Percent that is paid: 90 means 九折. */
  rate?: number;
  /** Largest saving of a discount coupon; absent or 0: no cap. */
  max_discount?: Fen;
  scope: CouponScope;
  starts_at: number;
  ends_at: number;
  used?: boolean;
};

/** The account red packet (账户红包): a balance that may pay up to `share_percent` of the goods. */
export type RedPacketInput = { balance: Fen; share_percent: number; use: boolean };

/** The cart's `shipping_data` (spec section 3). */
export type ShippingRule = { shipping_amount: Fen; no_trans_order_amount: Fen };

export type PricingInput = {
  /** The instant to price at, epoch ms. */
  now: number;
  lines: readonly CartLineInput[];
  /** Flash-sale prices, for lines of type 1. */
  spikes?: readonly PriceOffer[];
  /** Today's daily specials, for plain lines (type 0). */
  specials?: readonly PriceOffer[];
  welfare?: WelfareActivity | null;
  manjians?: readonly ManjianActivity[];
  gifts?: readonly GiftActivity[];
  huangous?: readonly HuangouActivity[];
  cashbacks?: readonly CashbackActivity[];
  addons?: readonly AddonPick[];
  coupons?: readonly CouponInput[];
  /** The coupon to apply: an id, `best` for the largest saving, or null/absent for none. */
  coupon_id?: number | 'best' | null;
  red_packet?: RedPacketInput | null;
  shipping: ShippingRule;
};

// ---- results ----

/** Why a line is listed but not counted (spec section 4: is_buy 0 or no stock forces it unselected). */
export type ExcludedReason = 'unselected' | 'out_of_scope' | 'no_ephedrine' | 'not_buyable' | 'sold_out' | 'insufficient_stock' | 'bundle_missing';

type SegmentSource = 'ladder' | 'base' | 'spike' | 'everyday' | 'combination' | 'huangou' | 'near';

/** Units of a line sold at one unit price. */
export type PriceSegment = { source: SegmentSource; activity_id: number | null; price: Fen; number: number; amount: Fen };

/**
 * How a flash-sale or daily-special price went for a line: `on` it applied (to `applied` units);
 * otherwise the line is at its normal price and `message` tells the buyer why.
 */
export type OfferStatus = 'on' | 'not_started' | 'ended' | 'limit_reached' | 'sold_out' | 'not_cheaper' | 'none';

export type LinePromo = {
  kind: 'spike' | 'everyday';
  activity_id: number | null;
  price: Fen | null;
  status: OfferStatus;
  /** Units still available at the price before this line; null: no limit. */
  remaining: number | null;
  /** Units of this line at the price. */
  applied: number;
  message: string;
};

export type GiftData = { total: number; type: 1 | 2 };

export type PricedLine = {
  /** The cart line's id; null for an add-on (换购) line. */
  id: number | null;
  source: 'cart' | 'huangou';
  type: LineType;
  goods_id: number;
  number: number;
  /** After forcing: 0 for every line that is not counted. */
  is_selected: 0 | 1;
  counted: boolean;
  excluded: { reason: ExcludedReason; message: string } | null;
  /** The normal unit price at this quantity (tier or base); the bundle or add-on price for those lines. */
  unit_price: Fen;
  segments: PriceSegment[];
  /** What the units cost before any discount (shown even for a line that is not counted). */
  amount: Fen;
  promo: LinePromo | null;
  welfare_amount: Fen;
  manjian_activity_id: number | null;
  goods_manjian_amount: Fen;
  gift_data: GiftData | null;
  huangou_activity_id: number | null;
  coupon_amount: Fen;
  with_coupon: 0 | 1;
  red_packet_amount: Fen;
  /** What the buyer pays for the line; 0 for a line that is not counted. */
  pay_amount: Fen;
  free_shipping: boolean;
};

export type ManjianResult = {
  activity_id: number;
  name: string;
  /** The eligible amount of the counted lines (after 94% off). */
  amount: Fen;
  tiers: { amount: Fen; reduce: Fen; status: 0 | 1 }[];
  /** The reduction taken: the highest reached tier's, never above `amount`. */
  reduce: Fen;
  next: { amount: Fen; reduce: Fen; need: Fen } | null;
  line_ids: number[];
};

export type CashbackResult = {
  activity_id: number;
  name: string;
  /** What the counted plain lines of its goods pay, after every discount. */
  amount: Fen;
  tiers: { amount: Fen; back: Fen; status: 0 | 1 }[];
  /** The cashback of the highest tier reached; 0 below the first. */
  back: Fen;
  next: { amount: Fen; back: Fen; need: Fen } | null;
  line_ids: number[];
};

export type GiftResult = {
  activity_id: number;
  name: string;
  gift_goods_id: number;
  gift_name: string;
  per: 'line' | 'activity';
  by: 'number' | 'amount';
  type: 1 | 2;
  threshold: number;
  /** Units or fen counted (for `per: 'line'`, the sum over lines). */
  measure: number;
  /** Gift units given. */
  total: number;
  /** More units or fen to reach the next gift (for `per: 'activity'` only); null when no more can be earned. */
  need: number | null;
  lines: { id: number; total: number }[];
};

export type HuangouResult = {
  activity_id: number;
  name: string;
  threshold: Fen;
  amount: Fen;
  reached: boolean;
  need: Fen;
  offers: { goods_id: number; price: Fen; limit: number; taken: number }[];
};

export type CouponReason = 'used' | 'expired' | 'not_started' | 'no_goods' | 'threshold';

export type CouponOption = {
  id: number;
  name: string;
  type: 'manjian' | 'discount';
  usable: boolean;
  reason: CouponReason | null;
  message: string;
  /** The amount of the counted lines in the coupon's scope, after manjian. */
  eligible_amount: Fen;
  /** More fen needed to reach the threshold; 0 once reached. */
  need: Fen;
  /** What it would take off this order. */
  discount: Fen;
  ends_at: number;
};

export type NextHint = {
  kind: 'manjian' | 'gift' | 'huangou' | 'shipping';
  activity_id: number | null;
  need: number;
  message: string;
};

export type PricedCart = {
  lines: PricedLine[];
  /** Counted lines (selected, buyable, in stock) and add-ons. */
  counted_count: number;
  goods_amount: Fen;
  welfare_amount: Fen;
  manjian_amount: Fen;
  coupon_amount: Fen;
  red_packet_amount: Fen;
  discount_amount: Fen;
  shipping_amount: Fen;
  /** Σ line pay_amount + shipping_amount. */
  pay_amount: Fen;
  activity_data: { manjians: ManjianResult[]; cashbacks: CashbackResult[] };
  /** Red packet granted when the order completes (满返): the sum of the activities' `back`. */
  cashback_amount: Fen;
  gifts: GiftResult[];
  huangous: HuangouResult[];
  /** Add-ons the buyer picked that could not be taken, with the reason. */
  addon_rejected: (AddonPick & { reason: string })[];
  /** Every coupon of the account, usable first (largest saving first), then unusable. */
  coupons: CouponOption[];
  coupon: CouponOption | null;
  /** Why the requested coupon was not applied. */
  coupon_error: string | null;
  red_packet: { balance: Fen; share_percent: number; max: Fen; amount: Fen };
  shipping_data: ShippingRule;
  shipping: { amount: Fen; free: boolean; reason: 'empty' | 'all_free_shipping' | 'threshold' | null; need: Fen };
  next_hints: NextHint[];
};
