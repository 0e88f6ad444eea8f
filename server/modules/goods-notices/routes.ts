/** HTTP of 到货通知 and 降价提醒 for buyers (goods-notices/service.ts), the product page's buttons and /zzfw/dhtz. */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { answers } from '../../../core/schemas/envelope.js';
import {
  GoodsNotice,
  goodsNoticeBody,
  goodsNoticeGoodsParams,
  GoodsNoticePage,
  goodsNoticeParams,
  goodsNoticeQuery,
  GoodsNoticeSaved,
  GoodsNoticeState,
} from '../../../core/schemas/goods-notices.js';
import type { Deps } from '../../deps.js';
import { requireUser } from '../../http/auth.js';
import { ok } from '../../http/envelope.js';
import * as notices from './service.js';

const WHO = 'Any logged-in account; a guest gets 401. 降价提醒 is for buyers who see prices (licences approved).';

/** A guest is answered 401 before the input is read. */
const members = {
  onRequest: async (request: FastifyRequest) => {
    requireUser(request);
  },
};

export async function goodsNoticeRoutes(root: FastifyInstance, deps: Deps) {
  const app = root.withTypeProvider<ZodTypeProvider>();
  const { db } = deps.database;
  const tags = ['goods-notices'];
  const limit = { rateLimit: { max: 60 * deps.config.RATE_LIMIT_FACTOR, timeWindow: 60_000 } };

  app.post(
    '/api/goods_notice',
    {
      ...members,
      schema: {
        tags,
        summary:
          'Subscribes a goods: 到货通知 (told by a message when it is back in stock) or 降价提醒 (when its price falls, to the target when one is given).',
        description: `${WHO} 到货通知 only on a goods out of stock (422 \`${notices.IN_STOCK}\` on goods_id otherwise); a target price must be below today's price (422 on target_price). An account waiting for its review is refused 降价提醒 (code 400, \`${notices.PRICES_HIDDEN}\`). A goods not on sale (or controlled-sale for an account that may not see it) answers 404. The same subscription already waiting answers it again with \`already\` 1 (a 降价提醒 takes the new target); posts at once make one.`,
        body: goodsNoticeBody,
        response: answers(GoodsNoticeSaved),
      },
      config: limit,
    },
    async (req) => ok(await notices.subscribe(db, requireUser(req), req.body)),
  );
  app.get(
    '/api/goods_notice',
    {
      ...members,
      schema: {
        tags,
        summary:
          "The account's subscriptions of one kind (20 a page, newest first): the goods with its price now, the price when subscribed, the target, 等待中/已通知/已取消 and when told.",
        querystring: goodsNoticeQuery,
        response: answers(GoodsNoticePage),
      },
    },
    async (req) => ok(await notices.listNotices(db, requireUser(req), req.query)),
  );
  app.get(
    '/api/goods_notice/goods/:goods_id',
    {
      ...members,
      schema: {
        tags,
        summary: "The account's waiting 到货通知 and 降价提醒 of one goods (each null when none waits), for the product page's buttons.",
        params: goodsNoticeGoodsParams,
        response: answers(GoodsNoticeState),
      },
    },
    async (req) => ok(await notices.noticesOfGoods(db, requireUser(req), req.params.goods_id)),
  );
  app.post(
    '/api/goods_notice/:id/cancel',
    {
      ...members,
      schema: {
        tags,
        summary: 'Cancels a waiting subscription (已取消); one told or cancelled already is answered as it is.',
        description: "Another account's subscription answers 404.",
        params: goodsNoticeParams,
        response: answers(GoodsNotice),
      },
      config: limit,
    },
    async (req) => ok(await notices.cancel(db, requireUser(req), req.params.id)),
  );
}
