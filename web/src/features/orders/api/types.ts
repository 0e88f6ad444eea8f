/**
 * What the order calls answer (server/modules/orders/service.ts, docs/api.md "Checkout and orders").
 * Money is a two-decimal string; times are 10-digit seconds.
 */

/** 0 待付款, 1 待发货, 2 已发货, 3 已完成, 4 已取消 (DESIGN.md section 7). */
export type OrderStatus = 0 | 1 | 2 | 3 | 4;

/** What the buyer may do with the order now, 1 or 0 each. */
export type OrderActions = {
  pay: 0 | 1;
  cancel: 0 | 1;
  receive: 0 | 1;
  buy_again: 0 | 1;
  return: 0 | 1;
  after_sale: 0 | 1;
  receipt: 0 | 1;
};

export type OrderSummaryItem = { id: number; goods_id: number; name: string; image: string; number: number; bzdw: string };

/** An order as the list shows it. */
export type OrderSummary = {
  id: number;
  order_no: string;
  status: OrderStatus;
  /** 待确认转账 for an unpaid order waiting for its bank transfer to be confirmed. */
  status_text: string;
  /** 0 unpaid, 1 paid, 2 waiting for the bank transfer to be confirmed. */
  pay_status: number;
  pay_method: string;
  goods_amount: string;
  discount_amount: string;
  shipping_amount: string;
  pay_amount: string;
  is_ephedrine: 0 | 1;
  created_at: number;
  /** When an unpaid order is cancelled by itself; null for every other status. */
  expires_at: number | null;
  item_count: number;
  number_total: number;
  /** The first five lines. */
  items: OrderSummaryItem[];
  actions: OrderActions;
};

export type OrderCounts = { all: number; 0: number; 1: number; 2: number; 3: number; 4: number };

export type OrderPage = {
  current_page: number;
  data: OrderSummary[];
  last_page: number;
  per_page: number;
  total: number;
  counts: OrderCounts;
};

/** Line types: 0 ordinary, 1 flash sale, 3 combination, 8 gift (赠品), 9 add-on purchase (换购). */
export type OrderItem = {
  id: number;
  goods_id: number;
  type: number;
  name: string;
  sccj: string;
  ypgg: string;
  bzdw: string;
  image: string;
  number: number;
  returned_number: number;
  price: string;
  amount: string;
  welfare_amount: string;
  manjian_amount: string;
  coupon_amount: string;
  red_packet_amount: string;
  pay_amount: string;
};

export type OrderAmounts = {
  goods_amount: string;
  welfare_amount: string;
  manjian_amount: string;
  coupon_amount: string;
  red_packet_amount: string;
  shipping_amount: string;
  pay_amount: string;
};

/** 0 待审核, 1 已同意, 2 已拒绝, 3 已完成. */
export type AfterSaleStatus = 0 | 1 | 2 | 3;
export type AfterSaleKind = 'return' | 'after_sale';

export type AfterSale = {
  id: number;
  order_id: number;
  kind: AfterSaleKind;
  lines: { item_id: number; number: number }[];
  reason: string;
  images: string[];
  status: AfterSaleStatus;
  status_text: string;
  refund_amount: string;
  reply: string;
  created_at: number;
};

/** 0 to be repaid, 1 repaid. */
export type CreditBill = { id: number; amount: string; repaid: string; due_date: string; status: number };

export type Payment = { id: number; provider: string; trade_no: string; amount: string; status: number; paid_at: number | null };

export type Invoice = { type: number; title: string; tax_no: string; email: string };

export type OrderDetail = Omit<OrderSummary, 'items'> & {
  items: OrderItem[];
  amounts: OrderAmounts;
  address: { name: string; phone: string; province: string; city: string; district: string; address: string; full: string };
  invoice: Invoice | null;
  remark: string;
  carrier: string;
  tracking_no: string;
  receipt_image: string;
  cancel_reason: string;
  paid_at: number | null;
  shipped_at: number | null;
  received_at: number | null;
  cancelled_at: number | null;
  /** Oldest first, as the server sends it. */
  timeline: { time: number; text: string }[];
  after_sales: AfterSale[];
  credit_bill: CreditBill | null;
  payments: Payment[];
};

/** A return or after-sales request with its lines (GET /api/order/after_sale/{id}). */
export type AfterSaleDetail = AfterSale & {
  order: { id: number; order_no: string; status: OrderStatus; status_text: string };
  items: { item_id: number; number: number; name: string; image: string; ypgg: string; bzdw: string; price: string }[];
};

export type EphedrineOrder = OrderSummary & { receipt_image: string };

export type EphedrineOrderPage = { current_page: number; data: EphedrineOrder[]; last_page: number; per_page: number; total: number };

export type BuyAgainResult = { added: number[]; skipped: { goods_id: number; name: string; reason: string }[] };
