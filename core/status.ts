/**
 * The states of orders, payments, after-sales, coupons, credit bills and licences: the numbers the API sends
 * (DESIGN.md section 7), named once here with the labels buyers and operators read.
 */

/** Orders: 待付款 -> 待发货 (paid, or a transfer confirmed) -> 已发货 -> 已完成; or 已取消 while unpaid. */
export const OrderStatus = { unpaid: 0, toShip: 1, shipped: 2, done: 3, cancelled: 4 } as const;
export type OrderStatus = (typeof OrderStatus)[keyof typeof OrderStatus];
export const ORDER_STATUS_TEXT: Record<OrderStatus, string> = { 0: '待付款', 1: '待发货', 2: '已发货', 3: '已完成', 4: '已取消' };
/** Paid and not ended: 待发货, 已发货 or 已完成. */
export const isPaidStatus = (status: number) => status >= OrderStatus.toShip && status <= OrderStatus.done;

/** How an order stands with its money: unpaid, paid, or waiting for an operator to confirm a bank transfer. */
export const PayStatus = { unpaid: 0, paid: 1, transferWaiting: 2 } as const;

/** The operator's check of an ephedrine order's signed receipt: waiting (a new upload), accepted, or asked for again. */
export const ReceiptStatus = { waiting: 0, accepted: 1, askedAgain: 2 } as const;

/** A gateway payment: waiting for the scan, paid, or closed (another payment of the same thing was paid first). */
export const PaymentStatus = { waiting: 0, paid: 1, closed: 2 } as const;

/** Returns (退货) and after-sales requests (售后). */
export const AfterSaleStatus = { pending: 0, approved: 1, rejected: 2, done: 3 } as const;
export const AFTER_SALE_STATUS_TEXT: Record<number, string> = { 0: '待审核', 1: '已同意', 2: '已拒绝', 3: '已完成' };

/** An account's coupon. */
export const CouponStatus = { unused: 0, used: 1, expired: 2 } as const;

/** A credit (账期) bill. */
export const CreditBillStatus = { unpaid: 0, repaid: 1 } as const;

/**
 * Lines of a cart or an order: ordinary, flash sale (秒杀), bundle (组合购), near expiry (近效期, the zone's batches at
 * their own price); order lines also gift and add-on.
 */
export const LineType = { normal: 0, spike: 1, bundle: 3, near: 4, gift: 8, addon: 9 } as const;

/** A licence (资质) and an account's review (`is_passed`). */
export const ReviewStatus = { waiting: 0, approved: 1, rejected: 2 } as const;

/** A batch (批号) of goods: 待验 until quality releases it, 合格 sells, 锁定 (a hold or recall) and 不合格 never do. */
export const BatchStatus = { pending: 0, released: 1, locked: 2, rejected: 3 } as const;
export type BatchStatus = (typeof BatchStatus)[keyof typeof BatchStatus];
