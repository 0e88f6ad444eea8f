/** HTTP for the wallet (我的钱包): balances and logs, recharge, cash vouchers, coupons, credit bills and repayment. */
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { id } from '../../../core/schemas/common.js';
import { answers } from '../../../core/schemas/envelope.js';
import {
  couponCenterQuery,
  CouponCenterPage,
  couponReceiveBody,
  CouponReceived,
  CouponCounts,
  couponListQuery,
  CouponPage,
  Credit,
  CreditBillPage,
  creditCheckBody,
  creditCreateBody,
  creditListQuery,
  creditPayBody,
  MoneyConfig,
  MoneyLogPage,
  moneyLogQuery,
  Recharge,
  rechargeBody,
  RechargeStatus,
  Repay,
  RepayPaid,
  UserMoney,
  voucherBody,
  voucherListQuery,
  VoucherPage,
  VoucherRedeemed,
} from '../../../core/schemas/wallet.js';
import type { Deps } from '../../deps.js';
import { ok, sendJson } from '../../http/envelope.js';
import { requireSession, requireUser } from '../../http/auth.js';
import * as coupons from './coupons.js';
import * as center from './coupon-center.js';
import * as credit from './credit.js';
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
    async (req, reply) => sendJson(reply, await center.couponCenter(db, req.session?.user ?? null, req.query.page, req.query.ids)),
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

  app.get(
    '/api/user/user_credit',
    { schema: { tags, summary: 'The credit (账期) line, what is in use and available, and the bills to repay.', response: answers(Credit) } },
    async (req) => ok(await credit.userCredit(db, requireUser(req))),
  );
  app.get(
    '/api/user/user_credit_list',
    {
      schema: {
        tags,
        summary: 'Credit bills (20 a page): to repay (due soonest first), repaid, or overdue.',
        querystring: creditListQuery,
        response: answers(CreditBillPage),
      },
    },
    async (req) => ok(await credit.creditList(db, requireUser(req), req.query)),
  );
  app.post(
    '/api/pay/user_credit_create',
    {
      schema: {
        tags,
        summary: "A repayment of the account's unpaid bills (1-100), in full.",
        description: "Another account's bill answers 404; a bill already repaid is refused (400).",
        body: creditCreateBody,
        response: answers(Repay),
      },
    },
    async (req) => ok(await credit.createRepay(db, requireUser(req), req.body.ids)),
  );
  app.post(
    '/api/pay/user_credit_pay',
    {
      schema: {
        tags,
        summary: "Pays a repayment from the balance at once, or online with the gateway's QR code.",
        description:
          "`balance`: the bills are repaid in one transaction (ledger: `repay` on the balance, `repay` on the credit of each bill), once however often it is asked (`already` 1). `online`: the answer carries the gateway's payment to scan, and its notify repays the bills (what it paid for a bill repaid another way meanwhile goes to the balance). A closed repayment is refused (400). From the balance it needs `pay_password`, the six-digit payment password, checked before any money moves: refused (400) `请先设置支付密码` or `请输入支付密码`, 422 on `pay_password` when wrong (`支付密码错误，还可尝试N次`), code 429 with the minutes left once five wrong tries in a row locked it for 15 minutes.",
        body: creditPayBody,
        response: answers(RepayPaid),
      },
    },
    async (req) => {
      const session = requireSession(req);
      const auth = { payerId: (session.actor ?? session.user).id, password: req.body.pay_password };
      return ok(await credit.payRepay(db, session.user, req.body.id, req.body.method, auth, sandbox));
    },
  );
  app.post(
    '/api/pay/user_credit_check',
    { schema: { tags, summary: 'The repayment, polled while the buyer scans.', body: creditCheckBody, response: answers(Repay) } },
    async (req) => ok(await credit.checkRepay(db, requireUser(req), req.body.id)),
  );
}
