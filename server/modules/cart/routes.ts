/** HTTP for the cart (spec section 7 "Cart"); every call needs a logged-in account. */
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { addToCartBody, cartCopyBody, cartEditBody, cartIdsBody, cartListQuery, cartSelectBody, nextHintQuery, quickAddBody } from '../../../core/schemas/cart.js';
import { id } from '../../../core/schemas/common.js';
import type { Deps } from '../../deps.js';
import { ok } from '../../http/envelope.js';
import { requireUser } from '../../http/auth.js';
import * as cart from './service.js';

const lineParams = z.object({ id: id('购物车商品ID') });

export async function cartRoutes(root: FastifyInstance, deps: Deps) {
  const app = root.withTypeProvider<ZodTypeProvider>();
  const { db } = deps.database;
  app.post('/api/cart', { schema: { body: addToCartBody } }, async (req) => ok(await cart.addToCart(db, requireUser(req), req.body.params)));
  app.get('/api/cart/total', async (req) => ok(await cart.cartTotal(db, requireUser(req).id)));
  app.get('/api/cart/list', { schema: { querystring: cartListQuery } }, async (req) => ok(await cart.listCart(db, requireUser(req), req.query.filters)));
  app.post('/api/cart/:id/edit', { schema: { params: lineParams, body: cartEditBody } }, async (req) =>
    ok(await cart.editNumber(db, requireUser(req), req.params.id, req.body.params.number)),
  );
  app.post('/api/cart/batch_select', { schema: { body: cartSelectBody } }, async (req) => ok(await cart.batchSelect(db, requireUser(req), req.body.ids, req.body.is_selected)));
  app.post('/api/cart/batch_delete', { schema: { body: cartIdsBody } }, async (req) => ok(await cart.batchDelete(db, requireUser(req), req.body.ids)));
  app.post('/api/cart/quick_add/:id', { schema: { params: z.object({ id: id('商品ID') }), body: quickAddBody.optional() } }, async (req) =>
    ok(await cart.quickAdd(db, requireUser(req), req.params.id, req.body?.number)),
  );
  app.post('/api/cart/checkout', { schema: { body: cartIdsBody } }, async (req) => ok(await cart.checkout(db, requireUser(req), req.body.ids)));
  app.post('/api/cart/next_hint', { schema: { querystring: nextHintQuery } }, async (req) => ok(await cart.nextHint(db, requireUser(req), req.query.activity_id)));
  app.post('/api/cart/copy', { schema: { body: cartCopyBody } }, async (req) => ok(await cart.copyToStores(db, requireUser(req), req.body.ids, req.body.other_user_ids)));
}
