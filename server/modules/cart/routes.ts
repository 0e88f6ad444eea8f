/** HTTP for the cart (spec section 7 "Cart"); every call needs a logged-in account. */
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  addToCartBody,
  CartCheckout,
  cartCopyBody,
  CartCopy,
  CartCount,
  CartDeleted,
  cartEditBody,
  CartHints,
  cartIdsBody,
  CartList,
  cartListQuery,
  cartSelectBody,
  CartTotal,
  nextHintQuery,
  quickAddBody,
} from '../../../core/schemas/cart.js';
import { id } from '../../../core/schemas/common.js';
import { answers } from '../../../core/schemas/envelope.js';
import type { Deps } from '../../deps.js';
import { ok } from '../../http/envelope.js';
import { requireUser } from '../../http/auth.js';
import * as cart from './service.js';

const lineParams = z.object({ id: id('购物车商品ID') });

/** What every call that reads or changes lines shares. */
const RULES =
  'Needs an approved account: a member waiting for review is refused (code 400) with a message pointing to 账户中心-资质证件 (`/zhzx/zzzj`). ' +
  "Another account's line ids answer 404. Prices come from the pricing engine (core/pricing, docs/decisions/006-pricing.md); a price the browser sends is never used.";
/** Said by the calls that buy: an account with an expired licence still lists its cart, but adds and checks out nothing. */
const IN_DATE =
  'An account with a licence past its approved 有效期至 (the last valid day, China time) is refused (code 400) with a message naming the licence and pointing to 账户中心-资质证件, until a new one is approved (docs/decisions/041-licence-expiry.md).';

export async function cartRoutes(root: FastifyInstance, deps: Deps) {
  const app = root.withTypeProvider<ZodTypeProvider>();
  const { db } = deps.database;
  const tags = ['cart'];
  app.post(
    '/api/cart',
    {
      schema: {
        tags,
        summary: 'Adds lines to the cart; answers the number of lines.',
        description:
          `${RULES} ${IN_DATE} Each line is checked against its goods as they are now: on sale and buyable, the quantity in whole middle packages (中包装; 422 on \`params.i.number\`), ` +
          'within stock, a flash-sale line (type 1) only during its session, a combination line (type 3) of a bundle on offer; at most 500 lines in a cart. ' +
          'Adding goods already in the cart adds to that line and selects it: a goods is one line, plain or flash sale, and a plain add of goods whose flash-sale session is on is a flash-sale line (docs/decisions/006-pricing.md). Several lines go in together or not at all; one line is merged in a single statement bounded by the stock and the line limit.',
        body: addToCartBody,
        response: answers(CartCount),
      },
    },
    async (req) => ok(await cart.addToCart(db, requireUser(req), req.body.params)),
  );
  app.get('/api/cart/total', { schema: { tags, summary: 'The number of lines in the cart.', response: answers(CartTotal) } }, async (req) =>
    ok(await cart.cartTotal(db, requireUser(req).id)),
  );
  app.get(
    '/api/cart/list',
    {
      schema: {
        tags,
        summary: 'The priced cart: its lines, add-ons, activities, shipping, hints, filters and totals.',
        description: `${RULES} \`filters\` keeps the lines of one manjian activity (its id), 0 the lines that cannot be bought, 99999 (the default) all; the totals always count the whole cart. Lines that cannot be bought (not buyable, sold out, short of stock) are listed unselected with the reason.`,
        querystring: cartListQuery,
        response: answers(CartList),
      },
    },
    async (req) => ok(await cart.listCart(db, requireUser(req), req.query.filters)),
  );
  app.post(
    '/api/cart/:id/edit',
    {
      schema: {
        tags,
        summary: "Changes a line's quantity; answers the priced cart.",
        description: `${RULES} The quantity must be whole middle packages (422 on \`params.number\`) and within stock (a combination line counts bundles).`,
        params: lineParams,
        body: cartEditBody,
        response: answers(CartList),
      },
    },
    async (req) => ok(await cart.editNumber(db, requireUser(req), req.params.id, req.body.params.number)),
  );
  app.post(
    '/api/cart/batch_select',
    { schema: { tags, summary: 'Ticks or unticks lines; answers the priced cart.', description: RULES, body: cartSelectBody, response: answers(CartList) } },
    async (req) => ok(await cart.batchSelect(db, requireUser(req), req.body.ids, req.body.is_selected)),
  );
  app.post(
    '/api/cart/batch_delete',
    {
      schema: {
        tags,
        summary: 'Deletes lines; answers the lines left and those deleted.',
        description: "Another account's line ids answer 404 and delete nothing.",
        body: cartIdsBody,
        response: answers(CartDeleted),
      },
    },
    async (req) => ok(await cart.batchDelete(db, requireUser(req), req.body.ids)),
  );
  app.post(
    '/api/cart/quick_add/:id',
    {
      schema: {
        tags,
        summary: '快速加购: adds one middle package (or `number`) of a goods; answers the number of lines.',
        description: 'The same checks as adding a line.',
        params: z.object({ id: id('商品ID') }),
        body: quickAddBody.optional(),
        response: answers(CartCount),
      },
    },
    async (req) => ok(await cart.quickAdd(db, requireUser(req), req.params.id, req.body?.number)),
  );
  app.post(
    '/api/cart/checkout',
    {
      schema: {
        tags,
        summary: '去结算: exactly these lines become the selection; answers those that will be ordered and their totals.',
        description: `${RULES} ${IN_DATE} The selection changes in one statement: an id of another account answers 404 and changes nothing. Refused when none of the lines can be bought now.`,
        body: cartIdsBody,
        response: answers(CartCheckout),
      },
    },
    async (req) => ok(await cart.checkout(db, requireUser(req), req.body.ids)),
  );
  app.post(
    '/api/cart/next_hint',
    {
      schema: {
        tags,
        summary: 'What to add to reach the next manjian tier, gift, add-on threshold or free shipping.',
        description: 'With `activity_id`, the hints of that activity and of shipping only.',
        querystring: nextHintQuery,
        response: answers(CartHints),
      },
    },
    async (req) => ok(await cart.nextHint(db, requireUser(req), req.query.activity_id)),
  );
  app.post(
    '/api/cart/copy',
    {
      schema: {
        tags,
        summary: "A chain headquarters copies lines into its stores' carts, all or nothing.",
        description:
          "`other_user_ids` are the chain's own stores: another account's store answers 404; a store whose licences are not approved, or that may not buy a line, refuses the whole copy.",
        body: cartCopyBody,
        response: answers(CartCopy),
      },
    },
    async (req) => ok(await cart.copyToStores(db, requireUser(req), req.body.ids, req.body.other_user_ids)),
  );
}
