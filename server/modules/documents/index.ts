/** What other modules and the app may use of documents. */
import type { FastifyInstance } from 'fastify';
import type { Deps } from '../../deps.js';
import { documentFileAdminRoutes } from './admin-file-routes.js';
import { documentAdminRoutes } from './admin-routes.js';
import { documentBuyerRoutes } from './routes.js';

/** The buyer's routes of 首营资料 and the console's. */
export async function documentRoutes(root: FastifyInstance, deps: Deps) {
  await documentBuyerRoutes(root, deps);
  await documentAdminRoutes(root, deps);
  await documentFileAdminRoutes(root, deps);
}
export { sealPicture } from './pack.js';
export { documentQueues } from './service.js';
