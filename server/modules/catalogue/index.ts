/** What other modules and the app may use of catalogue. */
export { catalogueAdminRoutes } from './admin-routes.js';
export { setStockHeld } from './admin.js';
export { recommendations } from './home.js';
export { catalogueRoutes } from './routes.js';
export {
  cartFacts,
  foldSales,
  goodsByIds,
  goodsForPricing,
  goodsRow,
  goodsView,
  listGoods,
  putBackStock,
  setGoodsTag,
  shownBrands,
  shownCategories,
  takeStocks,
  topCategoryNames,
  visibleAmong,
  visibleGoodsByIds,
  warmCatalogue,
  warmPaths,
} from './service.js';
export type { CartFacts, GoodsCore, PricingRow } from './service.js';
export { viewerClass, viewerOf, viewerOfUser } from './viewer.js';
export type { Viewer } from './viewer.js';
