/** What other modules and the app may use of content. */
export { contentAdminRoutes } from './admin-routes.js';
export { pageRenderer } from './page.js';
export { contentRoutes } from './routes.js';
