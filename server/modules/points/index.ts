/** What other modules and the app may use of points. */
export { pointsAdminRoutes } from './admin-routes.js';
export { pointsRoutes } from './routes.js';
