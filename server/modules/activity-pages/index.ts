/** What other modules and the app may use of activity-pages. */
export { activityPageAdminRoutes } from './admin-routes.js';
export { activityPageRoutes } from './routes.js';
