/** HTTP for the member centre (快捷采购's 常购清单 is the goods-lists module's). */
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { answers } from '../../../core/schemas/envelope.js';
import { MemberCentre } from '../../../core/schemas/member.js';
import type { Deps } from '../../deps.js';
import { requireSession as sessionOf } from '../../http/auth.js';
import { ok } from '../../http/envelope.js';
import { viewerOf } from '../catalogue/index.js';
import * as member from './service.js';

export async function memberRoutes(root: FastifyInstance, deps: Deps) {
  const app = root.withTypeProvider<ZodTypeProvider>();
  const { db } = deps.database;
  const tags = ['member'];

  app.get(
    '/api/user/center',
    {
      schema: {
        tags,
        summary: 'The member centre in one answer: the user object, licences, wallet, orders and recommendations.',
        description:
          'The /user page skips GET /api/user/base (spec section 6): this answer carries the user object. `licence` says where the account stands (`incomplete`, `waiting`, `rejected`, `expired`, `expiring` when a licence ends within 30 days, `approved`) with the licences expired or ending soon; `recent_orders` are the 5 latest, as GET /api/order lists them; `recommend` 10 goods.',
        response: answers(MemberCentre),
      },
    },
    async (req) => ok(await member.memberCentre(db, sessionOf(req), viewerOf(req))),
  );
}
