/** HTTP for the buyer's coupons and the coupon centre (领券中心). */
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { answers } from '../../../core/schemas/envelope.js';
import {
  couponCenterQuery,
  CouponCenterPage,
  couponReceiveBody,
  CouponReceived,
  CouponCounts,
  couponListQuery,
  CouponPage,
} from '../../../core/schemas/wallet.js';
import type { Deps } from '../../deps.js';
import { ok } from '../../http/envelope.js';
import { sendKept } from '../../http/kept-answer.js';
import { requireUser } from '../../http/auth.js';
import * as coupons from './coupons.js';
import * as center from './coupon-center.js';

export async function couponRoutes(root: FastifyInstance, deps: Deps) {
  const app = root.withTypeProvider<ZodTypeProvider>();
  const { db } = deps.database;
  const tags = ['wallet'];
  app.get(
    '/api/user/coupon',
    {
      schema: {
        tags,
        summary: "The account's coupons of one status (20 a page), unused ones ending soonest first, with the counts.",
        querystring: couponListQuery,
        response: answers(CouponPage),
      },
    },
    async (req) => ok(await coupons.listCoupons(db, requireUser(req), req.query)),
  );
  app.get(
    '/api/coupon/center',
    {
      schema: {
        tags,
        summary: '领券中心: the coupons open to claiming now (20 a page), those ending soonest first.',
        description:
          'Guests see them too (`mine` 0). Each says how many copies are left and whether this account may still claim one: `state` 0 立即领取, 1 已领取 (the account holds `per_user` copies), 2 已领完.',
        querystring: couponCenterQuery,
        response: answers(CouponCenterPage),
      },
    },
    async (req, reply) => sendKept(req, reply, await center.couponCenter(db, req.session?.user ?? null, req.query.page, req.query.ids)),
  );
  app.post(
    '/api/coupon/receive',
    {
      schema: {
        tags,
        summary: 'Claims one copy of a coupon of the coupon centre; it is usable at checkout at once.',
        description: `401 for a guest. Refused (code 400) for an account not yet approved (\`${center.CLAIM_NOT_APPROVED}\`), when every copy is gone (\`${center.CLAIM_GONE}\`), when the account already holds its limit (\`${center.CLAIM_LIMIT}\`) or outside the claiming period (\`${center.CLAIM_CLOSED}\`); 404 for a coupon not offered. Claims of one coupon take turns on its row: the copies handed out never pass its total, nor an account's its limit.`,
        body: couponReceiveBody,
        response: answers(CouponReceived),
      },
    },
    async (req) => ok(await center.receiveCoupon(db, requireUser(req), req.body.id)),
  );
  app.get(
    '/api/user/couponNum',
    { schema: { tags, summary: 'How many coupons the account holds in each status, and how many end within 3 days.', response: answers(CouponCounts) } },
    async (req) => ok(await coupons.couponNum(db, requireUser(req))),
  );
}
