/** HTTP for credit (账期): the credit line, its bills and their repayment. */
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { answers } from '../../../core/schemas/envelope.js';
import { Credit, CreditBillPage, creditCheckBody, creditCreateBody, creditListQuery, creditPayBody, Repay, RepayPaid } from '../../../core/schemas/wallet.js';
import type { Deps } from '../../deps.js';
import { ok } from '../../http/envelope.js';
import { requireSession, requireUser } from '../../http/auth.js';
import * as credit from './credit.js';

export async function creditRoutes(root: FastifyInstance, deps: Deps) {
  const app = root.withTypeProvider<ZodTypeProvider>();
  const { db } = deps.database;
  const sandbox = deps.config.SMS_SANDBOX;
  const tags = ['wallet'];
  app.get(
    '/api/user/user_credit',
    {
      schema: {
        tags,
        summary: 'The credit (账期) line, what is in use and available, and the bills to repay.',
        description:
          'An unpaid bill past its due date (China days) is overdue: `overdue_count`, `overdue_amount` and `overdue_since` count it, and `credit_paused` is 1 while any is, since paying an order on credit is then refused until the overdue bills are repaid.',
        response: answers(Credit),
      },
    },
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
