/** HTTP for checkout, paying, orders, returns, receipts and the e-contract (DESIGN.md section 6). */
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { id, page } from '../../../core/schemas/common.js';
import { afterSaleBody, cancelOrderBody, confirmQuery, createOrderBody, orderListQuery, payOrderBody, receiptBody } from '../../../core/schemas/trade.js';
import type { Deps } from '../../deps.js';
import { requireUser } from '../../http/auth.js';
import { ok } from '../../http/envelope.js';
import * as afterSales from './after-sales.js';
import * as checkout from './checkout.js';
import * as contract from './contract.js';
import * as lifecycle from './lifecycle.js';
import * as payment from './payment.js';
import * as orders from './service.js';

const params = z.object({ id: id('订单ID') });
const availableCouponQuery = z.object({
  type: z.enum(['1', '2'], { error: '优惠券类型不正确' }).optional().default('1').transform((v) => Number(v) as 1 | 2),
  page: page(),
});

export async function orderRoutes(root: FastifyInstance, deps: Deps) {
  const app = root.withTypeProvider<ZodTypeProvider>();
  const { db } = deps.database;
  const sandbox = deps.config.SMS_SANDBOX;

  app.get('/api/cart/confirm', { schema: { querystring: confirmQuery } }, async (req) => ok(await checkout.confirm(db, requireUser(req), req.query)));
  app.get('/api/user/availableCoupon', { schema: { querystring: availableCouponQuery } }, async (req) =>
    ok(await checkout.availableCoupons(db, requireUser(req), req.query.type, req.query.page)),
  );
  app.post('/api/order', { schema: { body: createOrderBody } }, async (req) => ok(await checkout.createOrders(db, requireUser(req), req.body)));

  app.post('/api/pay/order', { schema: { body: payOrderBody } }, async (req) => ok(await payment.payOrder(db, requireUser(req), req.body.order_id, req.body.method, sandbox)));
  app.get('/api/pay/status/:id', { schema: { params } }, async (req) => ok(await payment.payStatus(db, requireUser(req), req.params.id)));

  app.get('/api/order', { schema: { querystring: orderListQuery } }, async (req) => ok(await orders.listOrders(db, requireUser(req), req.query)));
  app.get('/api/order/hmdd', { schema: { querystring: z.object({ page: page() }) } }, async (req) => ok(await orders.ephedrineOrders(db, requireUser(req), req.query.page)));
  app.get('/api/order/after_sale/:id', { schema: { params: z.object({ id: id('售后申请ID') }) } }, async (req) =>
    ok(await afterSales.afterSaleDetail(db, requireUser(req), req.params.id)),
  );
  app.get('/api/order/:id', { schema: { params } }, async (req) => ok(await orders.orderDetail(db, requireUser(req), req.params.id)));
  app.post('/api/order/:id/cancel', { schema: { params, body: cancelOrderBody.optional() } }, async (req) => {
    await lifecycle.cancelOrder(db, requireUser(req), req.params.id, req.body?.reason ?? '');
    return ok(await orders.orderDetail(db, requireUser(req), req.params.id));
  });
  app.post('/api/order/:id/receive', { schema: { params } }, async (req) => {
    await lifecycle.receiveOrder(db, requireUser(req), req.params.id);
    return ok(await orders.orderDetail(db, requireUser(req), req.params.id));
  });
  app.post('/api/order/:id/buy_again', { schema: { params } }, async (req) => ok(await orders.buyAgain(db, requireUser(req), req.params.id)));
  app.post('/api/order/:id/return', { schema: { params, body: afterSaleBody } }, async (req) =>
    ok(await afterSales.requestAfterSale(db, requireUser(req), req.params.id, 'return', req.body)),
  );
  app.post('/api/order/:id/after_sale', { schema: { params, body: afterSaleBody } }, async (req) =>
    ok(await afterSales.requestAfterSale(db, requireUser(req), req.params.id, 'after_sale', req.body)),
  );
  app.post('/api/order/:id/receipt', { schema: { params, body: receiptBody } }, async (req) => ok(await orders.uploadReceipt(db, requireUser(req), req.params.id, req.body.image)));

  app.get('/api/contract', async (req) => ok(await contract.contract(db, requireUser(req))));
  app.post('/api/contract/sign', async (req) => ok(await contract.signContract(db, requireUser(req))));
}
