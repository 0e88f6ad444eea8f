/** What other modules and the app may use of cart. */
export { cartEntries, cartEntriesForPricing, lineCountSql, lockedSelection, priceEntries, removeLinesSql, sharedPricing } from './pricing.js';
export type { Besides, Buyer, CartEntry, PricedEntries, SharedPricing } from './pricing.js';
export { cartRoutes } from './routes.js';
export { addToCart } from './add.js';
export { activityView, lineExpiries, lineView, shippingView, totalsView } from './view.js';
