/** What other modules and the app may use of dashboard. */
export { dashboardRoutes } from './routes.js';
