/**
 * Step 7: shipping. Free when every counted line is free-shipping goods bought in its free-shipping
 * quantity, or when the other lines reach the order amount for free shipping; else the shipping amount.
 */
import { fenToYuan } from '../money.js';
import { checkFen, sum } from './arithmetic.js';
import type { Fen, PricedCart, PricingGoods, ShippingRule } from './types.js';

/** A line of this goods ships free from its free-shipping quantity on (spec section 4). */
export function lineFreeShipping(goods: PricingGoods, number: number): boolean {
  return goods.is_free_shipping && number >= goods.free_shipping_number;
}

/**
 * The shipping of an order. `lines` are the counted lines with their free-shipping flag and the amount
 * that counts towards free shipping: what they cost at their unit prices (tiers, flash sale or daily
 * special, 94折), before 满减, the coupon and the red packet (/yx_rule says so). The cart, which chooses no
 * coupon, and checkout, which does, thus tell the buyer the same shortfall, and a coupon or a red packet
 * never costs free shipping.
 */
export function priceShipping(rule: ShippingRule, lines: readonly { free: boolean; amount: Fen }[]): PricedCart['shipping'] {
  const fee = checkFen(rule.shipping_amount, 'shipping_amount');
  const threshold = checkFen(rule.no_trans_order_amount, 'no_trans_order_amount');
  if (!lines.length) return { amount: 0, free: true, reason: 'empty', need: 0 };
  const others = lines.filter((l) => !l.free);
  if (!others.length) return { amount: 0, free: true, reason: 'all_free_shipping', need: 0 };
  const amount = sum(others.map((l) => l.amount));
  if (amount >= threshold) return { amount: 0, free: true, reason: 'threshold', need: 0 };
  return { amount: fee, free: fee === 0, reason: null, need: fee === 0 ? 0 : threshold - amount };
}

export const shippingHint = (need: Fen) => `再购¥${fenToYuan(need)}即可免运费`;
