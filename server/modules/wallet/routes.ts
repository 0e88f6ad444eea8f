/** HTTP for the wallet (我的钱包): balances and logs, recharge and cash vouchers. */
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { id } from '../../../core/schemas/common.js';
import { answers } from '../../../core/schemas/envelope.js';
import {
  MoneyConfig,
  MoneyLogPage,
  moneyLogQuery,
  Recharge,
  rechargeBody,
  RechargeStatus,
  UserMoney,
  voucherBody,
  voucherListQuery,
  VoucherPage,
  VoucherRedeemed,
} from '../../../core/schemas/wallet.js';
import type { Deps } from '../../deps.js';
import { ok } from '../../http/envelope.js';
import { requireUser } from '../../http/auth.js';
import * as wallet from './service.js';

export async function walletRoutes(root: FastifyInstance, deps: Deps) {
  const app = root.withTypeProvider<ZodTypeProvider>();
  const { db } = deps.database;
  const sandbox = deps.config.SMS_SANDBOX;
  const tags = ['wallet'];
  // Guessing voucher codes is slowed down like guessing passwords.
  const redeemLimit = { rateLimit: { max: 20 * deps.config.RATE_LIMIT_FACTOR, timeWindow: 60_000 } };
  app.get(
    '/api/user/user_money',
    {
      schema: {
        tags,
        summary: "Every instrument's figure: balance, red packet, points, credit, and the coupons and vouchers unused.",
        description:
          "Every figure comes from the ledger: each movement of balance, credit, red packet or points is one row with the balance after it, written in the transaction that makes the change, so an instrument's log always adds up to its balance.",
        response: answers(UserMoney),
      },
    },
    async (req) => ok(await wallet.userMoney(db, requireUser(req))),
  );
  app.get(
    '/api/user/user_money_log',
    {
      schema: {
        tags,
        summary: "One instrument's ledger (20 a page, newest first), with what came in and went out over the filter.",
        description:
          '`start_time` and `end_time` are days (`YYYY-MM-DD` in China time, both included) or 10-digit seconds; an end before the start answers 422 on `end_time`. Points are whole numbers; for `credit` the amount is what it did to the available credit (using it is negative) and `balance_after` is the credit in use.',
        querystring: moneyLogQuery,
        response: answers(MoneyLogPage),
      },
    },
    async (req) => ok(await wallet.moneyLog(db, requireUser(req), req.query)),
  );
  app.get(
    '/api/moneys/moneyConfig',
    { schema: { tags, summary: 'The recharge options with their bonuses, and the limits of any other amount.', response: answers(MoneyConfig) } },
    async (req) => {
      requireUser(req);
      return ok(await wallet.moneyConfig(db, sandbox));
    },
  );
  app.post(
    '/api/moneys/recharge',
    {
      schema: {
        tags,
        summary: "A recharge of the balance (whole yuan, 100 to 500,000), with the gateway's QR code to scan.",
        description:
          'The bonus is that of the largest option the amount reaches. The QR code opens the sandbox gateway (/pay/sandbox/{trade_no}), whose notify credits the amount and the bonus to the balance once (ledger rows `recharge` and `bonus`). Refused (400) where online payment is not open.',
        body: rechargeBody,
        response: answers(Recharge),
      },
    },
    async (req) => ok(await wallet.createRecharge(db, requireUser(req), req.body.amount, sandbox)),
  );
  app.get(
    '/api/moneys/recharge/:id',
    {
      schema: {
        tags,
        summary: 'Whether a recharge is paid, polled while the buyer scans.',
        params: z.object({ id: id('充值单ID') }),
        response: answers(RechargeStatus),
      },
    },
    async (req) => ok(await wallet.rechargeStatus(db, requireUser(req), req.params.id)),
  );
  app.get(
    '/api/cash_coupon/list',
    {
      schema: {
        tags,
        summary: "The account's cash vouchers (20 a page; handed to it, or redeemed by it), usable ones first, with the count of each status.",
        querystring: voucherListQuery,
        response: answers(VoucherPage),
      },
    },
    async (req) => ok(await wallet.listVouchers(db, requireUser(req), req.query)),
  );
  app.post(
    '/api/cash_coupon/userRecharge',
    {
      schema: {
        tags,
        summary: "Redeems a cash voucher's code: its amount goes to the balance, once.",
        description:
          'The code is 8-20 letters or digits; spaces, hyphens and case are ignored. An unknown code, or one handed to another account, answers 422 on `code` (`券码不存在，请核对后重新输入`), as does a used (`该现金券已使用，请勿重复充值`) or expired (`该现金券已过期`) one; 20 tries a minute.',
        body: voucherBody,
        response: answers(VoucherRedeemed),
      },
      config: redeemLimit,
    },
    async (req) => ok(await wallet.redeemVoucher(db, requireUser(req), req.body.code)),
  );
}
