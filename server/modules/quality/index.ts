/** What the app may use of quality: its routes (receiving, verdicts, recalls, the near-expiry report and inspection reports). */
import type { FastifyInstance } from 'fastify';
import type { Deps } from '../../deps.js';
import { qualityReadRoutes } from './admin-read-routes.js';
import { qualityWriteRoutes } from './admin-routes.js';
import { qualityBuyerRoutes } from './routes.js';

export async function qualityRoutes(root: FastifyInstance, deps: Deps) {
  await qualityBuyerRoutes(root, deps);
  await qualityWriteRoutes(root, deps);
  await qualityReadRoutes(root, deps);
}
