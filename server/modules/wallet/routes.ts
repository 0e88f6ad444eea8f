/** HTTP for the wallet (我的钱包): balances and logs, recharge, cash vouchers, coupons, credit bills and repayment. */
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { id } from '../../../core/schemas/common.js';
import { couponListQuery, creditCheckBody, creditCreateBody, creditListQuery, creditPayBody, moneyLogQuery, rechargeBody, voucherBody, voucherListQuery } from '../../../core/schemas/wallet.js';
import type { Deps } from '../../deps.js';
import { ok } from '../../http/envelope.js';
import { requireUser } from '../../http/auth.js';
import * as coupons from './coupons.js';
import * as credit from './credit.js';
import * as wallet from './service.js';

export async function walletRoutes(root: FastifyInstance, deps: Deps) {
  const app = root.withTypeProvider<ZodTypeProvider>();
  const { db } = deps.database;
  const sandbox = deps.config.SMS_SANDBOX;
  // Guessing voucher codes is slowed down like guessing passwords.
  const redeemLimit = { rateLimit: { max: 20 * deps.config.RATE_LIMIT_FACTOR, timeWindow: 60_000 } };

  app.get('/api/user/user_money', async (req) => ok(await wallet.userMoney(db, requireUser(req))));
  app.get('/api/user/user_money_log', { schema: { querystring: moneyLogQuery } }, async (req) => ok(await wallet.moneyLog(db, requireUser(req), req.query)));

  app.get('/api/moneys/moneyConfig', async (req) => {
    requireUser(req);
    return ok(await wallet.moneyConfig(db, sandbox));
  });
  app.post('/api/moneys/recharge', { schema: { body: rechargeBody } }, async (req) => ok(await wallet.createRecharge(db, requireUser(req), req.body.amount, sandbox)));
  app.get('/api/moneys/recharge/:id', { schema: { params: z.object({ id: id('充值单ID') }) } }, async (req) => ok(await wallet.rechargeStatus(db, requireUser(req), req.params.id)));

  app.get('/api/cash_coupon/list', { schema: { querystring: voucherListQuery } }, async (req) => ok(await wallet.listVouchers(db, requireUser(req), req.query)));
  app.post('/api/cash_coupon/userRecharge', { schema: { body: voucherBody }, config: redeemLimit }, async (req) => ok(await wallet.redeemVoucher(db, requireUser(req), req.body.code)));

  app.get('/api/user/coupon', { schema: { querystring: couponListQuery } }, async (req) => ok(await coupons.listCoupons(db, requireUser(req), req.query)));
  app.get('/api/user/couponNum', async (req) => ok(await coupons.couponNum(db, requireUser(req))));

  app.get('/api/user/user_credit', async (req) => ok(await credit.userCredit(db, requireUser(req))));
  app.get('/api/user/user_credit_list', { schema: { querystring: creditListQuery } }, async (req) => ok(await credit.creditList(db, requireUser(req), req.query)));
  app.post('/api/pay/user_credit_create', { schema: { body: creditCreateBody } }, async (req) => ok(await credit.createRepay(db, requireUser(req), req.body.ids)));
  app.post('/api/pay/user_credit_pay', { schema: { body: creditPayBody } }, async (req) => ok(await credit.payRepay(db, requireUser(req), req.body.id, req.body.method, sandbox)));
  app.post('/api/pay/user_credit_check', { schema: { body: creditCheckBody } }, async (req) => ok(await credit.checkRepay(db, requireUser(req), req.body.id)));
}
