/** What other modules and the app may use of purchase-lists. */
export { purchaseListRoutes } from './routes.js';
