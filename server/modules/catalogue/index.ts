/** What other modules and the app may use of catalogue. */
export { catalogueAdminRoutes } from './admin-routes.js';
export { goodsFileAdminRoutes } from './admin-file-routes.js';
export { taxonomyAdminRoutes } from './admin-taxonomy-routes.js';
export { setStockHeld } from './admin.js';
export { brandRoutes } from './brand-routes.js';
export { favoriteRoutes } from './favorite-routes.js';
export { onGoodsChanged } from './goods-events.js';
export { recommendations } from './home.js';
export { catalogueRoutes } from './routes.js';
export {
  cartFacts,
  goodsByIds,
  keptCartFacts,
  sellableUnitsSql,
  goodsForPricing,
  goodsJsonSql,
  goodsOfJson,
  goodsRow,
  goodsView,
  visibleAmong,
  visibleGoodsByIds,
} from './goods.js';
export type { CartFacts, GoodsCore, PricingRow } from './goods.js';
export { goodsByCode, normaliseCode } from './codes.js';
export { listGoods } from './lists.js';
export { goodsIndexBuiltAt } from './list-index.js';
export { itemBatches } from './item-batches.js';
export type { ItemBatch } from './item-batches.js';
export { batchesOfItems, foldSales, putBackStock, shipStock, takeStocks } from './stock.js';
export type { StockLine } from './stock.js';
export { sweepNearExpiry } from './batches.js';
export { latestNearReport, reportNearBatches } from './near-report.js';
export { expiriesOfGoodsJsonSql, expiriesOfJson, sellingExpiries } from './expiries.js';
export { nearLots } from './near-offers.js';
export { nearRateOf } from './near-rate.js';
export type { NearLot } from './near-offers.js';
export {
  batchByNo,
  batchPage,
  batchParts,
  batchReport,
  batchView1,
  heldBatchNotes,
  nearExpiryPage,
  reportBatches,
  reportBatchesOfItems,
  stoppedBatchesOfItems,
} from './batch-views.js';
export { judgeBatch, receiveBatch, setBatchReport } from './receiving.js';
export type { BatchRow } from './receiving.js';
export { inspectReturns, returnToInspection } from './returns.js';
export { setGoodsTag } from './tags.js';
export { shownBrands, shownCategories, topCategoryNames } from './taxonomy.js';
export { warmCatalogue, warmPaths } from './warm.js';
export { viewerClass, viewerOf, viewerOfUser } from './viewer.js';
export type { Viewer } from './viewer.js';
export { goodsAliases, goodsNear, goodsOfCodes, productsNamed } from './list-match.js';
export type { GoodsAlias } from './list-match.js';
