/** Small builders of carts and promotions for the pricing tests: plain goods at ¥10.00, a noon in China. */
import { priceCart } from './price-cart.js';
import type { CartLineInput, PriceOffer, PricingGoods, PricingInput, ShippingRule } from './types.js';

/** 2026-01-15 12:00 China time. */
export const NOW = Date.UTC(2026, 0, 15, 4, 0);
export const HOUR = 3_600_000;

const SHIPPING: ShippingRule = { shipping_amount: 1000, no_trans_order_amount: 100_000 };

export const goods = (over: Partial<PricingGoods> = {}): PricingGoods => ({
  id: 1,
  base_price: 1000,
  ladder_price: [],
  is_buy: true,
  number: 10_000,
  is_free_shipping: false,
  free_shipping_number: 0,
  category_id: 1,
  ...over,
});

export const line = (over: Partial<CartLineInput> = {}): CartLineInput => ({
  id: 1,
  type: 0,
  number: 1,
  is_selected: true,
  goods: goods(),
  ...over,
});

/** A plain line of `number` units of goods `id` at `price` fen. */
export const plain = (id: number, price: number, number = 1, over: Partial<PricingGoods> = {}) =>
  line({ id, number, goods: goods({ id, base_price: price, ...over }) });

export const offer = (over: Partial<PriceOffer> = {}): PriceOffer => ({
  activity_id: 1,
  goods_id: 1,
  price: 700,
  starts_at: NOW - HOUR,
  ends_at: NOW + HOUR,
  limit_per_user: 0,
  bought_today: 0,
  quota: 0,
  sold_today: 0,
  ...over,
});

export const price = (over: Partial<PricingInput>) => priceCart({ now: NOW, lines: [], shipping: SHIPPING, ...over });
