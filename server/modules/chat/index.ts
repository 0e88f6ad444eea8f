/** What other modules and the app may use of chat. */
export { cannedReplyAdminRoutes } from './canned-admin-routes.js';
export { chatRoutes } from './routes.js';
export { chatConnections } from './socket.js';
