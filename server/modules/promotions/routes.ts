/** HTTP for the running promotions: the flash sale (`/api/index/spike`) and the daily specials. */
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { id } from '../../../core/schemas/common.js';
import { answers } from '../../../core/schemas/envelope.js';
import { Bundles, Cashback, DailySpecials, GoodsOffer, Monthly, Spike, Welfare, welfareQuery } from '../../../core/schemas/promotions.js';
import type { Deps } from '../../deps.js';
import { cachedJson } from '../../http/cache.js';
import { ok } from '../../http/envelope.js';
import { keptWithTimestamp, sendKept } from '../../http/kept-answer.js';
import { viewerClass, viewerOf } from '../catalogue/index.js';
import { toSeconds } from './clock.js';
import { goodsOffer } from './goods-offer.js';
import { bundlesPage, cashbackPage, monthlyPage, welfarePage } from './pages.js';
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
      return sendKept(req, reply, keptWithTimestamp(await cachedJson(db, ['spike', viewerClass(viewer)], () => promotions.spike(db, viewer), TTL_MS)));
    },
  );
  app.get(
    '/api/goods/offer/:id',
    {
      schema: {
        tags,
        summary:
          "A goods' flash sale or daily special, for its product page: the price, the window, the limit and what this account may still buy at it today.",
        description: `\`offer\` is the flash-sale session on now, else the goods' daily special (or 月月惠 member day), else a session later today (status 0), \`null\` when none; the cart prices the goods at it while it is on (a plain add of goods in a live session is a flash-sale line, docs/decisions/006-pricing.md). \`remaining\` is the account's daily limit less what its orders bought today at the price, within the day's quota. Goods the viewer may not see answer 404. China time (UTC+8); \`price\` is \`null\` for guests and members waiting for review, like every price; \`timestamp\` is the server clock, which the page's countdown follows.`,
        params: z.object({ id: id('商品ID') }),
        response: answers(GoodsOffer),
      },
    },
    async (req) => ok({ ...(await goodsOffer(db, viewerOf(req), req.params.id)), timestamp: toSeconds(Date.now()) }),
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
      return sendKept(
        req,
        reply,
        keptWithTimestamp(await cachedJson(db, ['everyday', viewerClass(viewer)], () => promotions.everydaySpecials(db, viewer), TTL_MS)),
      );
    },
  );
  app.get(
    '/api/activity/welfare',
    {
      schema: {
        tags,
        summary: '全场94折: the activity and a page of its goods at the rate, in the sorts of the goods list.',
        description: `\`activity\` is the 94% off on now, else the next to start (status 0: its goods as a preview), else the last one over (status 2, no goods). \`activity_price\` is the unit price at \`rate\` percent, rounded down to the fen; the cart takes the rate off each line's amount. ${RULES}`,
        querystring: welfareQuery,
        response: answers(Welfare),
      },
    },
    async (req, reply) => {
      const viewer = viewerOf(req);
      return sendKept(
        req,
        reply,
        keptWithTimestamp(await cachedJson(db, ['welfare', req.query, viewerClass(viewer)], () => welfarePage(db, viewer, req.query), TTL_MS)),
      );
    },
  );
  app.get(
    '/api/activity/combination',
    {
      schema: {
        tags,
        summary: '组合购: the bundles on offer, each with its goods, bundle price, separate price, saving and stock.',
        description: `A bundle goes into the cart as one line of type 3 (\`POST /api/cart\` with \`combination_id\` and the first member's \`goods_id\`); \`stock\` is the number of bundles every member's stock makes up. Bundles are offered while their activity runs; \`activity\` says which (status 0 not started, 2 over: no bundles). ${RULES}`,
        response: answers(Bundles),
      },
    },
    async (req, reply) => {
      const viewer = viewerOf(req);
      return sendKept(req, reply, keptWithTimestamp(await cachedJson(db, ['bundles', viewerClass(viewer)], () => bundlesPage(db, viewer), TTL_MS)));
    },
  );
  app.get(
    '/api/activity/cashback',
    {
      schema: {
        tags,
        summary: '满返: the activity with its tiers and a page of its goods, in the sorts of the goods list.',
        description: `An order that pays a tier's \`amount\` for the activity's goods (plain lines, after every discount) gets the tier's \`back\` as account red packet when it completes; a refund lowers it in proportion. The buyer's progress is in the cart (\`activity_data.cashbacks\` of \`GET /api/cart/list\`) and the confirm page shows 预计返 (\`total.cashback_amount\`). \`activity\` is the one on now, else the next to start (status 0), else the last one over (status 2, no goods). ${RULES}`,
        querystring: welfareQuery,
        response: answers(Cashback),
      },
    },
    async (req, reply) => {
      const viewer = viewerOf(req);
      return sendKept(
        req,
        reply,
        keptWithTimestamp(await cachedJson(db, ['cashback', req.query, viewerClass(viewer)], () => cashbackPage(db, viewer, req.query), TTL_MS)),
      );
    },
  );
  app.get(
    '/api/activity/yyh',
    {
      schema: {
        tags,
        summary: '月月惠: the member days of this month, the one on now or the next, and the goods at the member-day price.',
        description: `On a member day (China time) the goods cost \`activity_price\` all day within \`limit\` per account, as daily specials do (the cart prices them so); on other days the page shows the next day with a countdown and the goods as a preview. ${RULES}`,
        response: answers(Monthly),
      },
    },
    async (req, reply) => {
      const viewer = viewerOf(req);
      return sendKept(req, reply, keptWithTimestamp(await cachedJson(db, ['monthly', viewerClass(viewer)], () => monthlyPage(db, viewer), TTL_MS)));
    },
  );
}
