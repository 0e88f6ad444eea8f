/** HTTP for the cart (spec section 7 "Cart"): adding lines and the count; the cart screens come later. */
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { addToCartBody } from '../../../core/schemas/cart.js';
import type { Deps } from '../../deps.js';
import { ok } from '../../http/envelope.js';
import { requireUser } from '../accounts/sessions.js';
import { addToCart, cartTotal } from './service.js';

export async function cartRoutes(root: FastifyInstance, deps: Deps) {
  const app = root.withTypeProvider<ZodTypeProvider>();
  const { db } = deps.database;
  app.post('/api/cart', { schema: { body: addToCartBody } }, async (req) => ok(await addToCart(db, requireUser(req), req.body.params)));
  app.get('/api/cart/total', async (req) => ok(await cartTotal(db, requireUser(req).id)));
}
