/**
 * The pricing engine's public API: `priceCart` prices a cart or an order in the seven steps of DESIGN.md
 * section 7; the step functions are exported for the screens that show one part (a goods card's tier
 * price, a coupon list, the next-tier hint). Pure functions, integer fen, no clock of their own.
 */
export { priceCart } from './price-cart.js';
export { ladderUnitPrice, chooseOffer, offerRemaining, priceUnits, priceBundle } from './unit-price.js';
export { exclusion, EXCLUDED_MESSAGES } from './eligibility.js';
export { welfareDiscount } from './welfare.js';
export { manjianTiers, priceManjians } from './manjian.js';
export { giftUnits, priceGifts, priceHuangous } from './gifts.js';
export { coverage, couponDiscount, evaluateCoupon, orderCoupons, chooseCoupon, COUPON_MESSAGES } from './coupon.js';
export { redPacketMax, priceRedPacket } from './red-packet.js';
export { lineFreeShipping, priceShipping } from './shipping.js';
export { percentDown, spread } from './arithmetic.js';
export type { ActivityLine } from './membership.js';
export type { CouponLine, CouponEvaluation } from './coupon.js';
export type { UnitPricing } from './unit-price.js';
export type { AddonLine, AddonRejection } from './gifts.js';
export type * from './types.js';
