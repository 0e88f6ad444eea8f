/**
 * What the order calls answer (server/modules/orders/service.ts, docs/api.md "Checkout and orders").
 * Money is a two-decimal string; times are 10-digit seconds.
 */
import type { OrderCounts, OrderItem, OrderStatus, OrderSummary } from '@core/schemas/trade';

export type OrderPage = {
  current_page: number;
  data: OrderSummary[];
  last_page: number;
  per_page: number;
  total: number;
  counts: OrderCounts;
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
