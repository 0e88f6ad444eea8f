/** What the app may use of goods-notices: its routes, and what the catalogue's changes and the minute's sweep call. */
export { goodsNoticeRoutes } from './routes.js';
export { sweepGoodsNotices, tellGoodsNotices } from './tell.js';
