/** What other modules and the app may use of goods-lists. */
export { goodsListsRoutes } from './routes.js';
