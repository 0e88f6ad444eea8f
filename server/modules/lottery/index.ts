/** What other modules and the app may use of lottery. */
export { lotteryAdminRoutes } from './admin-routes.js';
export { lotteryRoutes } from './routes.js';
