/** What other modules and the app may use of content. */
export { adAdminRoutes } from './ad-admin-routes.js';
export { contentAdminRoutes } from './admin-routes.js';
export { shellAdminRoutes } from './shell-admin-routes.js';
export { pageRenderer } from './page.js';
export { contentRoutes } from './routes.js';
export { drawingRoutes } from './drawing-routes.js';
export { helpRoutes } from './help-routes.js';
