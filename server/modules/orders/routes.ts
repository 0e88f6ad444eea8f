/** HTTP for the buyer's orders, their receipts and the e-contract (DESIGN.md section 6). */
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { id, page } from '../../../core/schemas/common.js';
import { answers } from '../../../core/schemas/envelope.js';
import { BuyAgain, cancelOrderBody, Contract, EphedrineOrderPage, OrderDetail, orderListQuery, OrderPage, receiptBody } from '../../../core/schemas/trade.js';
import type { Deps } from '../../deps.js';
import { requireUser } from '../../http/auth.js';
import { ok } from '../../http/envelope.js';
import * as contract from './contract.js';
import * as lifecycle from './lifecycle.js';
import * as orders from './service.js';

/** The order of a call on one order; it and the texts below are said by checkout-routes.ts and after-sale-routes.ts too. */
export const params = z.object({ id: id('订单ID') });

export const APPROVED = 'Needs an approved account: a member waiting for review is refused (code 400).';
/** Said by the confirm page and placing an order. */
export const IN_DATE =
  'An account with a licence past its approved 有效期至 (the last valid day, China time) is refused too (code 400), naming the licence and pointing to 账户中心-资质证件 (docs/decisions/041-licence-expiry.md).';
export const OWN = "Another account's order answers 404.";
export const EXPIRY =
  'An unpaid order is cancelled 24 hours after it was placed (7 days once bank transfer was chosen), checked every minute and whenever the buyer looks at the orders.';

export async function orderRoutes(root: FastifyInstance, deps: Deps) {
  const app = root.withTypeProvider<ZodTypeProvider>();
  const { db } = deps.database;
  const tags = ['orders'];
  app.get(
    '/api/order',
    {
      schema: {
        tags,
        summary: "The account's orders, newest first, 10 a page, with the count of each status.",
        description: `\`keywords\` matches the order number or a goods name. ${EXPIRY}`,
        querystring: orderListQuery,
        response: answers(OrderPage),
      },
    },
    async (req) => ok(await orders.listOrders(db, requireUser(req), req.query)),
  );
  app.get(
    '/api/order/hmdd',
    {
      schema: {
        tags,
        summary: "含麻订单: the account's orders of goods containing ephedrine with their signed receipts, 10 a page.",
        querystring: z.object({ page: page() }),
        response: answers(EphedrineOrderPage),
      },
    },
    async (req) => ok(await orders.ephedrineOrders(db, requireUser(req), req.query.page)),
  );
  app.get(
    '/api/order/:id',
    {
      schema: {
        tags,
        summary: 'An order with every line and discount, the address, invoice, shipping, timeline, after-sales, credit bill and payments.',
        description: OWN,
        params,
        response: answers(OrderDetail),
      },
    },
    async (req) => ok(await orders.orderDetail(db, requireUser(req), req.params.id)),
  );
  app.post(
    '/api/order/:id/cancel',
    {
      schema: {
        tags,
        summary: 'Cancels an unpaid order; stock, coupon, red packet and limited-price buys go back. Answers the order.',
        description: `Only unpaid orders can be cancelled. ${OWN}`,
        params,
        body: cancelOrderBody.optional(),
        response: answers(OrderDetail),
      },
    },
    async (req) => {
      await lifecycle.cancelOrder(db, requireUser(req), req.params.id, req.body?.reason ?? '');
      return ok(await orders.orderDetail(db, requireUser(req), req.params.id));
    },
  );
  app.post(
    '/api/order/:id/receive',
    {
      schema: {
        tags,
        summary: '确认收货: a shipped order becomes 已完成 and a point per yuan paid is granted. Answers the order.',
        description: `Only shipped orders; one not confirmed completes by itself 15 days after shipping. ${OWN}`,
        params,
        response: answers(OrderDetail),
      },
    },
    async (req) => {
      await lifecycle.receiveOrder(db, requireUser(req), req.params.id);
      return ok(await orders.orderDetail(db, requireUser(req), req.params.id));
    },
  );
  app.post(
    '/api/order/:id/buy_again',
    {
      schema: {
        tags,
        summary: "再次购买: the order's goods go back into the cart; goods that can no longer be bought are listed with the reason.",
        description: `Gifts, add-ons and bundles came with a promotion and are not bought again alone; a quantity is cut to the stock. Refused when nothing could be added. ${OWN}`,
        params,
        response: answers(BuyAgain),
      },
    },
    async (req) => ok(await orders.buyAgain(db, requireUser(req), req.params.id)),
  );
  app.post(
    '/api/order/:id/receipt',
    {
      schema: {
        tags,
        summary: 'Uploads the signed receipt of a paid ephedrine order (/hmdd); answers the order.',
        description: `\`image\` is an upload of the account (POST /api/upload). Refused for an order without ephedrine goods or not yet paid. ${OWN}`,
        params,
        body: receiptBody,
        response: answers(OrderDetail),
      },
    },
    async (req) => ok(await orders.uploadReceipt(db, requireUser(req), req.params.id, req.body.image)),
  );
  app.get(
    '/api/contract',
    { schema: { tags, summary: 'The e-contract (电子合同) and whether the account signed it.', response: answers(Contract) } },
    async (req) => ok(await contract.contract(db, requireUser(req))),
  );
  app.post(
    '/api/contract/sign',
    {
      schema: {
        tags,
        summary: 'Signs the e-contract, needed before the first order; signing again changes nothing. Answers the contract.',
        description: APPROVED,
        response: answers(Contract),
      },
    },
    async (req) => ok(await contract.signContract(db, requireUser(req))),
  );
}
