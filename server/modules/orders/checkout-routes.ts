/** HTTP for checkout and paying for orders (DESIGN.md section 6). */
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { page } from '../../../core/schemas/common.js';
import { answers } from '../../../core/schemas/envelope.js';
import { Confirm, confirmQuery, CouponPage, CreatedOrders, createOrderBody, payOrderBody, PayResult, PayState } from '../../../core/schemas/trade.js';
import type { Deps } from '../../deps.js';
import { requireSession, requireUser } from '../../http/auth.js';
import { ok } from '../../http/envelope.js';
import * as checkout from './checkout.js';
import * as payment from './payment.js';
import { APPROVED, EXPIRY, IN_DATE, OWN, params } from './routes.js';

const availableCouponQuery = z.object({
  type: z
    .enum(['1', '2'], { error: '优惠券类型不正确' })
    .optional()
    .default('1')
    .meta({ description: '1 usable on the lines chosen for checkout (the default), 2 not usable' })
    .transform((v) => Number(v) as 1 | 2),
  page: page(),
});

const EPHEDRINE =
  'Goods containing ephedrine (`is_ephedrine`) always form an order of their own, paid by bank transfer only, without coupon or red packet; ' +
  'at most `ephedrine_max_number` (200) units of one such goods per order.';

export async function checkoutRoutes(root: FastifyInstance, deps: Deps) {
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
          `${APPROVED} ${IN_DATE} \`coupon_id\`: a held coupon's id, \`best\` (the default) for the largest saving, or 0 for none; a coupon that cannot be applied is reported in \`coupon_error\`. ` +
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
          `${APPROVED} ${IN_DATE} The e-contract must be signed first: until it is, the answer is HTTP 200 with code **459** (首次下单前请先签署电子合同) and the browser goes to \`/dzht\`. ` +
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
}
