/** HTTP for checkout, paying, orders, returns, receipts and the e-contract (DESIGN.md section 6). */
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { id, page } from '../../../core/schemas/common.js';
import { answers } from '../../../core/schemas/envelope.js';
import {
  AfterSale,
  afterSaleBody,
  AfterSaleDetail,
  BuyAgain,
  cancelOrderBody,
  Confirm,
  confirmQuery,
  Contract,
  CouponPage,
  CreatedOrders,
  createOrderBody,
  EphedrineOrderPage,
  OrderDetail,
  orderListQuery,
  OrderPage,
  payOrderBody,
  PayResult,
  PayState,
  receiptBody,
} from '../../../core/schemas/trade.js';
import type { Deps } from '../../deps.js';
import { requireSession, requireUser } from '../../http/auth.js';
import { ok } from '../../http/envelope.js';
import * as afterSales from './after-sales.js';
import * as checkout from './checkout.js';
import * as contract from './contract.js';
import * as lifecycle from './lifecycle.js';
import * as payment from './payment.js';
import * as orders from './service.js';

const params = z.object({ id: id('订单ID') });
const availableCouponQuery = z.object({
  type: z
    .enum(['1', '2'], { error: '优惠券类型不正确' })
    .optional()
    .default('1')
    .meta({ description: '1 usable on the lines chosen for checkout (the default), 2 not usable' })
    .transform((v) => Number(v) as 1 | 2),
  page: page(),
});

const APPROVED = 'Needs an approved account: a member waiting for review is refused (code 400).';
const OWN = "Another account's order answers 404.";
const EPHEDRINE =
  'Goods containing ephedrine (`is_ephedrine`) always form an order of their own, paid by bank transfer only, without coupon or red packet; ' +
  'at most `ephedrine_max_number` (200) units of one such goods per order.';
const EXPIRY =
  'An unpaid order is cancelled 24 hours after it was placed (7 days once bank transfer was chosen), checked every minute and whenever the buyer looks at the orders.';

export async function orderRoutes(root: FastifyInstance, deps: Deps) {
  const app = root.withTypeProvider<ZodTypeProvider>();
  const { db } = deps.database;
  const sandbox = deps.config.SMS_SANDBOX;
  const tags = ['orders'];

  app.get(
    '/api/cart/confirm',
    {
      schema: {
        tags,
        summary: 'Step 2 (确认订单): the selected cart lines priced exactly as the order would be, with coupons, red packet, addresses and wallet.',
        description:
          `${APPROVED} \`coupon_id\`: a held coupon's id, \`best\` (the default) for the largest saving, or 0 for none; a coupon that cannot be applied is reported in \`coupon_error\`. ` +
          `\`use_red_packet\` 1 lets the red packet pay its share. An \`address_id\` of another account answers 404. Refused when no line is selected. ${EPHEDRINE}`,
        querystring: confirmQuery,
        response: answers(Confirm),
      },
    },
    async (req) => ok(await checkout.confirm(db, requireUser(req), req.query)),
  );
  app.get(
    '/api/user/availableCoupon',
    {
      schema: {
        tags,
        summary: "The account's coupons for the lines chosen for checkout: usable ones (largest saving first) or the others with the reason; 10 a page.",
        description: `${APPROVED} Lines of goods containing ephedrine do not count: their order takes no coupon.`,
        querystring: availableCouponQuery,
        response: answers(CouponPage),
      },
    },
    async (req) => ok(await checkout.availableCoupons(db, requireUser(req), req.query.type, req.query.page)),
  );
  app.post(
    '/api/order',
    {
      schema: {
        tags,
        summary: 'Places the selected cart lines as one order (two when goods containing ephedrine are among them); answers the orders and where to pay.',
        description:
          `${APPROVED} The e-contract must be signed first: until it is, the answer is HTTP 200 with code **459** (首次下单前请先签署电子合同) and the browser goes to \`/dzht\`. ` +
          'In one transaction stock is reserved, the order written with every discount, gifts added while in stock, the coupon used and the red packet taken, and the ordered lines leave the cart; an order wholly paid by discounts is paid at once. ' +
          '`checkout_key` (16-64 letters, digits, `_` or `-`, made once by the confirm page): a second post of the same key answers the orders of the first; posts of one checkout take turns on its lines, so without a key the later ones are refused (请先在购物车中选择要结算的商品). ' +
          `Refused: stock short (…库存不足，请调整采购数量), nothing buyable among the lines; a coupon that cannot be used answers 422 on \`coupon_id\`. ${EPHEDRINE} ${EXPIRY}`,
        body: createOrderBody,
        response: answers(CreatedOrders),
      },
    },
    async (req) => ok(await checkout.createOrders(db, requireUser(req), req.body)),
  );

  app.post(
    '/api/pay/order',
    {
      schema: {
        tags,
        summary: 'Pays an order by balance, credit (账期), online (the gateway) or bank transfer; paying an order again charges nothing.',
        description:
          'balance / credit: `{method, paid: 1, already, order_id, next}`, charged in one transaction with a ledger row (`already` 1 when the order was paid before); a credit payment opens a bill due `credit_days` (30) days later. ' +
          'online: `{method, paid: 0, payment_id, trade_no, amount, qr_url, expires_in, order_id}`, the same waiting payment for 15 minutes (refused while no gateway is open); a payment that arrives after the order was cancelled goes to the balance. ' +
          'transfer: `{method, paid: 0, waiting: 1, order_id, bank: {bank_name, account_name, account_no, memo}}`; the order then waits up to 7 days for an operator to confirm the money. ' +
          'balance and credit need `pay_password`, the six-digit payment password, checked before any money moves: refused (400) `请先设置支付密码` when the account has none and `请输入支付密码` without it; a wrong one answers 422 on `pay_password` (`支付密码错误，还可尝试N次`), and the fifth wrong one in a row locks it for 15 minutes: code 429 `支付密码连续输错5次已锁定，请N分钟后再试`, even for the right one. A headquarters acting for a store gives its own. ' +
          `Refused: a cancelled order, an ephedrine order paid otherwise than by transfer, another method once transfer was chosen, too little balance or credit. ${OWN}`,
        body: payOrderBody,
        response: answers(PayResult),
      },
    },
    async (req) => {
      const session = requireSession(req);
      const auth = { payerId: (session.actor ?? session.user).id, password: req.body.pay_password };
      return ok(await payment.payOrder(db, session.user, req.body.order_id, req.body.method, auth, sandbox));
    },
  );
  app.get(
    '/api/pay/status/:id',
    { schema: { tags, summary: "An order's payment state, which step 3 polls while the buyer scans.", description: OWN, params, response: answers(PayState) } },
    async (req) => ok(await payment.payStatus(db, requireUser(req), req.params.id)),
  );

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
    '/api/order/after_sale/:id',
    {
      schema: {
        tags,
        summary: 'A return or after-sales request with its lines (/order/returnInfo/{id}, /order/afterSalesInfo/{id}).',
        description: "Another account's request answers 404.",
        params: z.object({ id: id('售后申请ID') }),
        response: answers(AfterSaleDetail),
      },
    },
    async (req) => ok(await afterSales.afterSaleDetail(db, requireUser(req), req.params.id)),
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
    '/api/order/:id/return',
    {
      schema: {
        tags,
        summary: 'Asks to return (退货) lines of a shipped or completed order; answers the request.',
        description: `At most what was bought and not yet returned or asked back (422 on \`lines.i.number\`); the refund is the lines' share of what was paid. Images are the account's own uploads. ${OWN}`,
        params,
        body: afterSaleBody,
        response: answers(AfterSale),
      },
    },
    async (req) => ok(await afterSales.requestAfterSale(db, requireUser(req), req.params.id, 'return', req.body)),
  );
  app.post(
    '/api/order/:id/after_sale',
    {
      schema: {
        tags,
        summary: 'Asks for after-sales service (售后) on lines of a shipped or completed order; answers the request.',
        description: `Only for accounts with \`is_AfterSale\`; others are refused. At most the units bought. ${OWN}`,
        params,
        body: afterSaleBody,
        response: answers(AfterSale),
      },
    },
    async (req) => ok(await afterSales.requestAfterSale(db, requireUser(req), req.params.id, 'after_sale', req.body)),
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
