/**
 * Orders as several screens read them: the order list, the member centre and checkout
 * (server/modules/orders/service.ts, docs/api.md "Checkout and orders"). Money is a two-decimal string;
 * times are 10-digit seconds.
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
