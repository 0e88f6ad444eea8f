/** What other modules and the app may use of promotions. */
export { promotionAdminRoutes } from './admin-routes.js';
export { bundleAdminRoutes } from './bundle-admin-routes.js';
export { fromMinute, minuteOf, toSeconds } from './clock.js';
export { bundleOf, pricingGoods, promotionContext } from './context.js';
export type { OfferBase, PromotionContext } from './context.js';
export { bundlesPage } from './pages.js';
export { promotionRoutes } from './routes.js';
export { boughtTodaySql, offerIds, recordSales, releaseSales } from './sales.js';
