/** HTTP of the console's wallet calls (wallet/admin.ts): a buyer's money and credit, adjustments and the credit line. */
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { AdminWallet, adminUserParams, creditBody, walletAdjustBody } from '../../../core/schemas/admin-users.js';
import { answers } from '../../../core/schemas/envelope.js';
import type { Deps } from '../../deps.js';
import { needs, requirePermission } from '../../http/auth.js';
import { ok } from '../../http/envelope.js';
import { adjustWallet, adminWallet, setCredit } from './admin.js';
import {
  AdminCoupon,
  adminClaimQuery,
  AdminCouponClaimPage,
  adminCouponParams,
  adminCouponQuery,
  AdminCouponPage,
  couponIssueBody,
  CouponIssued,
  couponTemplateBody,
} from '../../../core/schemas/admin-promotions.js';
import { createTemplate, getTemplate, issueTemplate, listClaims, listTemplates, updateTemplate } from './coupon-admin.js';

export async function walletAdminRoutes(root: FastifyInstance, deps: Deps) {
  const app = root.withTypeProvider<ZodTypeProvider>();
  const { db } = deps.database;
  const tags = ['wallet'];
  const params = adminUserParams;

  app.get(
    '/api/admin/users/:id/wallet',
    {
      ...needs('user:read'),
      schema: {
        tags,
        summary: "A buyer's balance, red packet, points, credit line and latest ledger rows (user:read).",
        params,
        response: answers(AdminWallet),
      },
    },
    async (req) => {
      requirePermission(req, 'user:read');
      return ok(await adminWallet(db, req.params.id));
    },
  );
  app.post(
    '/api/admin/users/:id/wallet/adjust',
    {
      ...needs('wallet:adjust'),
      schema: {
        tags,
        summary: 'Adjusts balance, red packet or points with a reason, through the ledger, never below zero (wallet:adjust).',
        params,
        body: walletAdjustBody,
        response: answers(AdminWallet),
      },
    },
    async (req) => ok(await adjustWallet(db, req, req.params.id, req.body)),
  );
  app.post(
    '/api/admin/users/:id/credit',
    {
      ...needs('credit:write'),
      schema: {
        tags,
        summary: "Sets a buyer's credit line (never below what is in use) and own credit days (credit:write).",
        params,
        body: creditBody,
        response: answers(AdminWallet),
      },
    },
    async (req) => ok(await setCredit(db, req, req.params.id, req.body)),
  );

  // 营销活动 › 优惠券: the templates, the coupon centre's offer and issuing to chosen buyers.
  const promotion = { ...needs('promotion:write') };
  const couponTags = ['promotions'];
  app.get(
    '/api/admin/coupons',
    {
      ...promotion,
      schema: {
        tags: couponTags,
        summary: 'Coupon templates, newest first, with the copies handed out and used (promotion:write).',
        querystring: adminCouponQuery,
        response: answers(AdminCouponPage),
      },
    },
    async (req) => ok(await listTemplates(db, req.query)),
  );
  app.post(
    '/api/admin/coupons',
    {
      ...promotion,
      schema: {
        tags: couponTags,
        summary: 'Creates a coupon template; with `is_show` 1 the coupon centre offers it from `starts_at` (promotion:write).',
        description:
          '满减 needs `amount` below `threshold` (when there is one); 折扣 needs `rate` 10-99; a scope of categories or goods needs `scope_ids`; `ends_at` after `starts_at`. 422 on the field otherwise.',
        body: couponTemplateBody,
        response: answers(AdminCoupon),
      },
    },
    async (req) => ok(await createTemplate(db, req, req.body)),
  );
  app.post(
    '/api/admin/coupons/:id',
    {
      ...promotion,
      schema: {
        tags: couponTags,
        summary: 'Changes a coupon template; its total never below the copies handed out (promotion:write).',
        params: adminCouponParams,
        body: couponTemplateBody,
        response: answers(AdminCoupon),
      },
    },
    async (req) => ok(await updateTemplate(db, req, req.params.id, req.body)),
  );
  app.post(
    '/api/admin/coupons/:id/issue',
    {
      ...promotion,
      schema: {
        tags: couponTags,
        summary: "Gives one copy to each chosen approved buyer, counted against the template's total (promotion:write).",
        description: 'Refused whole (422 on `user_ids`) when a buyer is unknown or not approved, when too few copies are left, or once the coupon has ended.',
        params: adminCouponParams,
        body: couponIssueBody,
        response: answers(CouponIssued),
      },
    },
    async (req) => ok(await issueTemplate(db, req, req.params.id, req.body.user_ids)),
  );
  app.get(
    '/api/admin/coupons/:id',
    {
      ...promotion,
      schema: {
        tags: couponTags,
        summary: 'One coupon template, as the list shows it (promotion:write).',
        params: adminCouponParams,
        response: answers(AdminCoupon),
      },
    },
    async (req) => ok(await getTemplate(db, req.params.id)),
  );
  app.get(
    '/api/admin/coupons/:id/claims',
    {
      ...promotion,
      schema: {
        tags: couponTags,
        summary: "A template's copies handed out (claimed or issued), newest first, by state and buyer (company, username or phone) (promotion:write).",
        params: adminCouponParams,
        querystring: adminClaimQuery,
        response: answers(AdminCouponClaimPage),
      },
    },
    async (req) => ok(await listClaims(db, req.params.id, req.query)),
  );
}
