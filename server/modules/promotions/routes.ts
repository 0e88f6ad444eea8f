/** HTTP for the running promotions: the flash sale (`/api/index/spike`) and the daily specials. */
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { answers } from '../../../core/schemas/envelope.js';
import { DailySpecials, Spike } from '../../../core/schemas/promotions.js';
import type { Deps } from '../../deps.js';
import { sendJson, withTimestamp } from '../../http/envelope.js';
import { cachedJson } from '../../http/cache.js';
import { viewerClass, viewerOf } from '../catalogue/viewer.js';
import * as promotions from './service.js';

/** Sessions start and end on the minute: an answer kept a few seconds is never far behind. */
const TTL_MS = 5_000;

/** Said of both calls. */
const RULES =
  "China time (UTC+8). Activity prices follow the rule of every price: `null` for guests (`price_tip` 登录可见) and members waiting for review (资质审核通过后可见). Goods the viewer may not see (off sale, controlled sale) are left out. The answer is shared for 5 s by viewers who see alike; `timestamp` is the server clock at the reply, which the browser's countdowns follow.";

export async function promotionRoutes(root: FastifyInstance, deps: Deps) {
  const app = root.withTypeProvider<ZodTypeProvider>();
  const { db } = deps.database;
  const tags = ['promotions'];
  app.get(
    '/api/index/spike',
    {
      schema: {
        tags,
        summary: "The flash sale (限时秒杀): today's sessions and the goods of the one on now or next.",
        description: `Sessions are daily windows of their activity (早场 08:00-12:00, 午场 12:00-18:00, 晚场 18:00-24:00 in the demo data). \`current\` is today's session that is on (status 1), else the next to start (status 0, today's or tomorrow's first), \`null\` when none is planned; \`goods\` are its goods with \`activity_price\`, \`limit\` (per account a day) and \`quota\`. ${RULES}`,
        response: answers(Spike),
      },
    },
    async (req, reply) => {
      const viewer = viewerOf(req);
      return sendJson(reply, withTimestamp(await cachedJson(db, ['spike', viewerClass(viewer)], () => promotions.spike(db, viewer), TTL_MS)));
    },
  );
  app.get(
    '/api/activity/everyday_price',
    {
      schema: {
        tags,
        summary: "Today's daily specials (每日特价) by China weekday, until midnight.",
        description: `The goods on special every day and those of today's weekday, each once, with \`activity_price\` and \`limit\` (per account a day); they change at midnight China time. ${RULES}`,
        response: answers(DailySpecials),
      },
    },
    async (req, reply) => {
      const viewer = viewerOf(req);
      return sendJson(reply, withTimestamp(await cachedJson(db, ['everyday', viewerClass(viewer)], () => promotions.everydaySpecials(db, viewer), TTL_MS)));
    },
  );
}
