/** HTTP for the running promotions: the flash sale (`/api/index/spike`) and the daily specials. */
import type { FastifyInstance } from 'fastify';
import type { Deps } from '../../deps.js';
import { sendJson, withTimestamp } from '../../http/envelope.js';
import { cachedJson } from '../../http/cache.js';
import { viewerClass, viewerOf } from '../catalogue/viewer.js';
import * as promotions from './service.js';

/** Sessions start and end on the minute: an answer kept a few seconds is never far behind. */
const TTL_MS = 5_000;

export async function promotionRoutes(app: FastifyInstance, deps: Deps) {
  const { db } = deps.database;
  app.get('/api/index/spike', async (req, reply) => {
    const viewer = viewerOf(req);
    return sendJson(reply, withTimestamp(await cachedJson(db, ['spike', viewerClass(viewer)], () => promotions.spike(db, viewer), TTL_MS)));
  });
  app.get('/api/activity/everyday_price', async (req, reply) => {
    const viewer = viewerOf(req);
    return sendJson(reply, withTimestamp(await cachedJson(db, ['everyday', viewerClass(viewer)], () => promotions.everydaySpecials(db, viewer), TTL_MS)));
  });
}
