/** HTTP of the points mall (积分商城 `/jfsc`) and the account's points orders (积分订单 `/jfdd`). */
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { answers } from '../../../core/schemas/envelope.js';
import {
  PointsGoodsDetail,
  pointsGoodsParams,
  pointsGoodsQuery,
  PointsMall,
  pointsOrderBody,
  PointsOrderDetail,
  PointsOrderPage,
  pointsOrderParams,
  pointsOrderQuery,
  PointsRedeemed,
} from '../../../core/schemas/points.js';
import type { Deps } from '../../deps.js';
import { requireSession, requireUser } from '../../http/auth.js';
import { ok } from '../../http/envelope.js';
import * as points from './service.js';

const OWN = "Another account's order answers 404.";

export async function pointsRoutes(root: FastifyInstance, deps: Deps) {
  const app = root.withTypeProvider<ZodTypeProvider>();
  const { db } = deps.database;
  const tags = ['promotions'];

  app.get(
    '/api/points/goods',
    {
      schema: {
        tags,
        summary: 'The points mall: the goods on the shelf (20 a page), by kind, with the viewer’s points and how many of each they redeemed.',
        description:
          'A guest sees the goods too (`points` null, `mine` 0). `state` 0 立即兑换, 1 已兑完 (no stock), 2 已达上限 (the account redeemed `per_user`). The shelf is shared for 5 s; an operator’s change and a redemption drop it at once (other server processes follow within 5 s).',
        querystring: pointsGoodsQuery,
        response: answers(PointsMall),
      },
    },
    async (req) => ok(await points.pointsMall(db, req.session?.user ?? null, req.query)),
  );
  app.get(
    '/api/points/goods/:id',
    {
      schema: {
        tags,
        summary: 'One goods of the points mall with its description.',
        description: `404 \`${points.GOODS_MISSING}\` for goods that are not on the shelf.`,
        params: pointsGoodsParams,
        response: answers(PointsGoodsDetail),
      },
    },
    async (req) => ok(await points.pointsGoodsDetail(db, req.session?.user ?? null, req.params.id)),
  );

  app.post(
    '/api/points/order',
    {
      schema: {
        tags,
        summary: 'Redeems `number` units of a points goods: points (and cash from the balance) taken, stock taken, coupons and red packets credited at once.',
        description:
          'One transaction: the stock by conditional update, a points ledger row (`exchange`, `points_order`), a balance ledger row for the cash part, and for a coupon goods a copy per unit in 我的钱包-优惠券, for a red packet goods the amount in 账户红包 with its ledger row. Physical goods need `address_id` (422 `请选择收货地址`; another account’s address 404) and wait for shipping (status 0). Cash needs `pay_password` like paying an order from the balance (decision 016). ' +
          `Refused (code 400), nothing taken: an account not yet approved (\`${points.REDEEM_NOT_APPROVED}\`), off the shelf (\`${points.GOODS_OFF_SHELF}\`), none left (\`${points.GOODS_GONE}\`) or fewer than asked (\`库存不足，仅剩N件\`), past the per-account limit (\`每个账户限兑N件，您已兑换M件\`), too few points (\`积分不足\`) or too little balance (\`账户余额不足\`). ` +
          'A second post with the same `request_key` answers the first order (`already` 1) and takes nothing.',
        body: pointsOrderBody,
        response: answers(PointsRedeemed),
      },
    },
    async (req) => ok(await points.redeem(db, requireSession(req), req.body)),
  );

  app.get(
    '/api/points/order',
    {
      schema: {
        tags,
        summary: "The account's points orders (20 a page, newest first) by status, with the count of each status.",
        querystring: pointsOrderQuery,
        response: answers(PointsOrderPage),
      },
    },
    async (req) => ok(await points.listPointsOrders(db, requireUser(req), req.query)),
  );
  app.get(
    '/api/points/order/:id',
    {
      schema: {
        tags,
        summary: 'One points order with its trace: placed, credited, or shipped (carrier and tracking number) and received.',
        description: OWN,
        params: pointsOrderParams,
        response: answers(PointsOrderDetail),
      },
    },
    async (req) => ok(await points.pointsOrderDetail(db, requireUser(req), req.params.id)),
  );
  app.post(
    '/api/points/order/:id/receive',
    {
      schema: {
        tags,
        summary: 'Confirms receipt of a shipped points order: 已完成. Asked again, it answers the order as it is.',
        description: `Refused (400) \`${points.NOT_SHIPPED}\` before it is shipped. ${OWN}`,
        params: pointsOrderParams,
        response: answers(PointsOrderDetail),
      },
    },
    async (req) => ok(await points.receivePointsOrder(db, requireUser(req), req.params.id)),
  );
}
