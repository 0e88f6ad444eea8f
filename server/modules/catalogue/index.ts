/** What other modules and the app may use of catalogue. */
export { catalogueAdminRoutes } from './admin-routes.js';
export { goodsFileAdminRoutes } from './admin-file-routes.js';
export { taxonomyAdminRoutes } from './admin-taxonomy-routes.js';
export { setStockHeld } from './admin.js';
export { brandRoutes } from './brand-routes.js';
export { favoriteRoutes } from './favorite-routes.js';
export { recommendations } from './home.js';
export { catalogueRoutes } from './routes.js';
export { cartFacts, goodsByIds, goodsForPricing, goodsRow, goodsView, visibleAmong, visibleGoodsByIds } from './goods.js';
export type { CartFacts, GoodsCore, PricingRow } from './goods.js';
export { listGoods } from './lists.js';
export { foldSales, putBackStock, takeStocks } from './stock.js';
export { setGoodsTag } from './tags.js';
export { shownBrands, shownCategories, topCategoryNames } from './taxonomy.js';
export { warmCatalogue, warmPaths } from './warm.js';
export { viewerClass, viewerOf, viewerOfUser } from './viewer.js';
export type { Viewer } from './viewer.js';
