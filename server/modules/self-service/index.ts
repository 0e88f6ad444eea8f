/** What other modules and the app may use of self-service. */
export { selfServiceAdminRoutes } from './admin-routes.js';
export { selfServiceRoutes } from './routes.js';
