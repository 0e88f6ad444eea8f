/** What other modules and the app may use of member. */
export { memberRoutes } from './routes.js';
