/** HTTP for receiving addresses (DESIGN.md section 6). */
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { id } from '../../../core/schemas/common.js';
import { answers } from '../../../core/schemas/envelope.js';
import { Address, AddressDeleted, addressBody } from '../../../core/schemas/trade.js';
import type { Deps } from '../../deps.js';
import { ok } from '../../http/envelope.js';
import { requireUser } from '../../http/auth.js';
import * as book from './service.js';

const params = z.object({ id: id('收货地址ID') });

export async function addressRoutes(root: FastifyInstance, deps: Deps) {
  const app = root.withTypeProvider<ZodTypeProvider>();
  const { db } = deps.database;
  const tags = ['addresses'];
  app.get('/api/address', { schema: { tags, summary: "The account's addresses, the default first.", response: answers(z.array(Address)) } }, async (req) =>
    ok(await book.listAddresses(db, requireUser(req).id)),
  );
  app.post(
    '/api/address',
    { schema: { tags, summary: 'Adds an address: the first one is the default; at most 20.', body: addressBody, response: answers(Address) } },
    async (req) => ok(await book.createAddress(db, requireUser(req).id, req.body)),
  );
  app.post('/api/address/:id', { schema: { tags, summary: 'Changes an address.', params, body: addressBody, response: answers(Address) } }, async (req) =>
    ok(await book.updateAddress(db, requireUser(req).id, req.params.id, req.body)),
  );
  app.delete(
    '/api/address/:id',
    { schema: { tags, summary: 'Deletes an address; the next one becomes the default.', params, response: answers(AddressDeleted) } },
    async (req) => ok(await book.deleteAddress(db, requireUser(req).id, req.params.id)),
  );
  app.post(
    '/api/address/:id/default',
    { schema: { tags, summary: 'Makes an address the default; answers the addresses.', params, response: answers(z.array(Address)) } },
    async (req) => ok(await book.setDefaultAddress(db, requireUser(req).id, req.params.id)),
  );
}
