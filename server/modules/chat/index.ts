/** What other modules and the app may use of chat. */
export { chatRoutes } from './routes.js';
