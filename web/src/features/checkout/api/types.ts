/**
 * What the checkout, order, payment and contract calls answer (server/modules/orders, pay and addresses,
 * docs/api.md). Money is a two-decimal string; times are 10-digit seconds.
 */
import type { Address } from '@core/schemas/trade';
import type { Goods } from '@core/schemas/goods';
import type { OrderItem } from '@core/schemas/trade';

/** The address book's own shape (the confirm page chooses from it). */
export type { Address } from '@core/schemas/trade';

export type LinePromo = {
  kind: 'spike' | 'everyday';
  activity_id: number | null;
  price: string | null;
  status: 'on' | 'not_started' | 'ended' | 'limit_reached' | 'sold_out' | 'not_cheaper' | 'none';
  remaining: number | null;
  applied: number;
  message: string;
};

/** A priced cart line as step 2 shows it. */
export type ConfirmLine = {
  id: number | null;
  source: 'cart' | 'huangou';
  goods_id: number;
  type: number;
  number: number;
  price: string;
  amount: string;
  pay_amount: string;
  excluded: { reason: string; message: string } | null;
  promo: LinePromo | null;
  welfare_amount: string;
  goods_manjian_amount: string;
  gift_data: { total: number; type: 1 | 2 } | null;
  coupon_amount: string;
  red_packet_amount: string;
  free_shipping: 0 | 1;
  goods: Goods | null;
  combination: { id: number; name: string; price: string; items: { goods_id: number; number: number; name: string; ypgg: string; bzdw: string; image: string }[] } | null;
};

export type Totals = {
  goods_amount: string;
  welfare_amount: string;
  manjian_amount: string;
  coupon_amount: string;
  red_packet_amount: string;
  discount_amount: string;
  shipping_amount: string;
  pay_amount: string;
};

export type GiftResult = {
  activity_id: number;
  name: string;
  gift_goods_id: number;
  gift_name: string;
  total: number;
  lines: { id: number; total: number }[];
};

export type ManjianResult = {
  activity_id: number;
  name: string;
  amount: string;
  reduce: string;
  tiers: { amount: string; reduce: string; status: 0 | 1 }[];
  next: { amount: string; reduce: string; need: string } | null;
  line_ids: number[];
};

export type ConfirmGroup = {
  key: 'normal' | 'ephedrine';
  is_ephedrine: 0 | 1;
  list: ConfirmLine[];
  excluded: ConfirmLine[];
  total: Totals & { selected_count: number; selected_number: number };
  shipping_data: { shipping_amount: string; no_trans_order_amount: string };
  shipping: { amount: string; free: 0 | 1; reason: 'empty' | 'all_free_shipping' | 'threshold' | null; need: string };
  activity_data: { manjians: ManjianResult[]; gifts: GiftResult[] };
};

export type CouponOption = {
  id: number;
  name: string;
  type: 'manjian' | 'discount';
  usable: boolean;
  reason: string | null;
  message: string;
  eligible_amount: string;
  need: string;
  discount: string;
  ends_at: number;
};

export type Wallet = { balance: string; credit_available: string };

export type Confirm = {
  groups: ConfirmGroup[];
  coupons: CouponOption[];
  coupon: { id: number; name: string; discount: string } | null;
  coupon_error: string | null;
  red_packet: { balance: string; share_percent: number; max: string; amount: string; use: 0 | 1 };
  addresses: Address[];
  address_id: number | null;
  invoice_types: { type: 0 | 1 | 2; name: string }[];
  total: Totals;
  wallet: Wallet;
  contract_signed: 0 | 1;
};

export type CreatedOrders = {
  orders: { id: number; order_no: string; pay_amount: string; is_ephedrine: 0 | 1 }[];
  next: string;
};

/** A line of an order, as the order calls answer it. */
export type { OrderItem } from '@core/schemas/trade';

export type Order = {
  id: number;
  order_no: string;
  /** 0 待付款, 1 待发货, 2 已发货, 3 已完成, 4 已取消. */
  status: number;
  status_text: string;
  /** 0 unpaid, 1 paid, 2 waiting for the bank transfer to be confirmed. */
  pay_status: number;
  pay_method: string;
  pay_amount: string;
  is_ephedrine: 0 | 1;
  created_at: number;
  expires_at: number | null;
  item_count: number;
  number_total: number;
  items: OrderItem[];
  amounts: Totals;
  address: { name: string; phone: string; full: string };
  paid_at: number | null;
  cancel_reason: string;
};

export type PayMethod = 'balance' | 'credit' | 'online' | 'transfer';

export type BankDetails = { bank_name: string; account_name: string; account_no: string; memo: string };

export type PayResult =
  | { method: 'balance' | 'credit'; paid: 1; already: 0 | 1; order_id: number; next: string }
  | { method: 'online'; paid: 0; payment_id: number; trade_no: string; amount: string; qr_url: string; expires_in: number; order_id: number }
  | { method: 'transfer'; paid: 0; waiting: 1; order_id: number; bank: BankDetails };

export type PayStatus = { order_id: number; status: number; pay_status: number; pay_method: string; paid: 0 | 1; pay_amount: string };

export type Contract = { title: string; content: string; version: string; company: string; signed: 0 | 1; signed_at: number | null };
