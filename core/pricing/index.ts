/**
 * The pricing engine's public API: `priceCart` prices a cart or an order in the seven steps of DESIGN.md
 * section 7, with the shapes it reads and writes. The step functions live in their own modules (unit-price,
 * manjian, gifts, coupon, red-packet, shipping), where their tests import them. Pure functions, integer fen,
 * no clock of their own.
 */
export { priceCart } from './price-cart.js';
export type * from './types.js';
