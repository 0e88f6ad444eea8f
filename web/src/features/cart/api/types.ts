/**
 * The cart as GET /api/cart/list and the calls that change it answer (server/modules/cart/view.ts,
 * docs/api.md "Cart"). Money is a two-decimal string the browser only shows.
 */
import type { GiftResult } from '@core/pricing/types';
import type { Goods } from '@core/schemas/goods';

/** Why a line is listed but not counted; `unselected` only means the buyer unticked it. */
export type ExcludedReason = 'unselected' | 'not_buyable' | 'sold_out' | 'insufficient_stock' | 'bundle_missing';

export type SegmentSource = 'ladder' | 'base' | 'spike' | 'everyday' | 'combination' | 'huangou';

/** Units of a line sold at one unit price. */
export type PriceSegment = { source: SegmentSource; activity_id: number | null; price: string; number: number; amount: string };

export type OfferStatus = 'on' | 'not_started' | 'ended' | 'limit_reached' | 'sold_out' | 'not_cheaper' | 'none';

export type LinePromo = {
  kind: 'spike' | 'everyday';
  activity_id: number | null;
  price: string | null;
  status: OfferStatus;
  remaining: number | null;
  applied: number;
  message: string;
};

export type BundleItem = { goods_id: number; number: number; name: string; ypgg: string; bzdw: string; image: string };

export type CartLine = {
  /** null for an add-on (换购) line. */
  id: number | null;
  source: 'cart' | 'huangou';
  goods_id: number;
  /** 0 plain, 1 flash sale, 3 combination. */
  type: 0 | 1 | 3;
  goods_type: number;
  /** Units; bundles for a combination line. */
  number: number;
  /** The normal unit price at this quantity (the bundle price of a combination). */
  price: string;
  amount: string;
  pay_amount: string;
  segments: PriceSegment[];
  /** After lines that cannot be bought were forced off. */
  is_selected: 0 | 1;
  /** What the buyer ticked. */
  chosen: 0 | 1;
  excluded: { reason: ExcludedReason; message: string } | null;
  promo: LinePromo | null;
  welfare_amount: string;
  manjian_activity_id: number | null;
  goods_manjian_amount: string;
  gift_data: { total: number; type: 1 | 2 } | null;
  huangou_activity_id: number | null;
  with_coupon: 0 | 1;
  coupon_amount: string;
  red_packet_amount: string;
  free_shipping: 0 | 1;
  goods: Goods | null;
  combination: { id: number; name: string; price: string; items: BundleItem[] } | null;
  created_at: number | null;
};

export type ManjianTier = { amount: string; reduce: string; status: 0 | 1 };

export type ManjianGroup = {
  activity_id: number;
  name: string;
  /** The eligible amount of the counted lines. */
  amount: string;
  /** The reduction taken now. */
  reduce: string;
  tiers: ManjianTier[];
  next: { amount: string; reduce: string; need: string } | null;
  line_ids: number[];
};

/** A gift activity as the cart answers it: counts only, no money, so the pricing engine's own shape. */
export type GiftActivity = GiftResult;

export type HuangouActivity = {
  activity_id: number;
  name: string;
  threshold: string;
  amount: string;
  reached: boolean;
  need: string;
  offers: { goods_id: number; price: string; limit: number; taken: number }[];
};

export type NextHint = { kind: 'manjian' | 'gift' | 'huangou' | 'shipping'; activity_id: number | null; need: string | number; message: string };

export type CartTotals = {
  count: number;
  selected_count: number;
  selected_number: number;
  goods_amount: string;
  welfare_amount: string;
  manjian_amount: string;
  coupon_amount: string;
  red_packet_amount: string;
  discount_amount: string;
  shipping_amount: string;
  pay_amount: string;
};

export type CartFilter = { id: number; name: string; count: number };

export type CartList = {
  list: CartLine[];
  addons: CartLine[];
  activity_data: { manjians: ManjianGroup[]; gifts: GiftActivity[]; huangous: HuangouActivity[] };
  shipping_data: { shipping_amount: string; no_trans_order_amount: string };
  shipping: { amount: string; free: 0 | 1; reason: 'empty' | 'all_free_shipping' | 'threshold' | null; need: string };
  next_hints: NextHint[];
  filter_data: { current: number; filters: CartFilter[] };
  total: CartTotals;
};
