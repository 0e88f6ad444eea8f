/** HTTP of the console's lottery (营销活动 › 抽奖活动, lottery/admin.ts): permission `promotion:write`. */
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { answers } from '../../../core/schemas/envelope.js';
import {
  AdminDraw,
  adminDrawParams,
  AdminDrawPage,
  adminDrawQuery,
  AdminLottery,
  AdminLotteryPage,
  adminLotteryParams,
  adminLotteryQuery,
  drawShipBody,
  lotteryBody,
  lotteryShowBody,
} from '../../../core/schemas/lottery.js';
import type { Deps } from '../../deps.js';
import { needs, requirePermission } from '../../http/auth.js';
import { ok } from '../../http/envelope.js';
import { createLottery, listDraws, listLotteries, shipDraw, showLottery, updateLottery } from './admin.js';

const RULES = 'Times are China wall-clock minutes, `YYYY-MM-DD HH:mm`. Every write is in the audit log and drops the shared answers at once.';

export async function lotteryAdminRoutes(root: FastifyInstance, deps: Deps) {
  const app = root.withTypeProvider<ZodTypeProvider>();
  const { db } = deps.database;
  const tags = ['promotions'];
  const guard = { ...needs('promotion:write') };
  app.get(
    '/api/admin/lotteries',
    {
      ...guard,
      schema: {
        tags,
        summary: 'Lottery activities, latest first, each with its eight prizes (weights, stock, won), draws and prizes to ship (promotion:write).',
        querystring: adminLotteryQuery,
        response: answers(AdminLotteryPage),
      },
    },
    async (req) => {
      requirePermission(req, 'promotion:write');
      return ok(await listLotteries(db, req.query));
    },
  );
  const bodyRules = `Exactly 8 \`prizes\` in grid order, at least one 谢谢参与 (\`none\`), each weight 1 or more; points need \`points\`, a red packet \`amount\` (yuan), a coupon an existing \`coupon_id\`. A points lottery needs \`cost_points\`, a free one \`draws_per_order\`; \`total_limit\` 0 or at least \`daily_limit\`. 422 on the field otherwise. ${RULES}`;
  app.post(
    '/api/admin/lotteries',
    {
      ...guard,
      schema: {
        tags,
        summary: 'Creates a lottery activity with its eight prizes (promotion:write).',
        description: bodyRules,
        body: lotteryBody,
        response: answers(AdminLottery),
      },
    },
    async (req) => ok(await createLottery(db, req, req.body)),
  );
  app.post(
    '/api/admin/lotteries/:id',
    {
      ...guard,
      schema: {
        tags,
        summary: 'Changes a lottery activity and its prizes slot by slot; what each prize has been won stays (promotion:write).',
        description: bodyRules,
        params: adminLotteryParams,
        body: lotteryBody,
        response: answers(AdminLottery),
      },
    },
    async (req) => ok(await updateLottery(db, req, req.params.id, req.body)),
  );
  app.post(
    '/api/admin/lotteries/:id/show',
    {
      ...guard,
      schema: {
        tags,
        summary: 'Switches a lottery activity on or off (promotion:write).',
        description: RULES,
        params: adminLotteryParams,
        body: lotteryShowBody,
        response: answers(AdminLottery),
      },
    },
    async (req) => ok(await showLottery(db, req, req.params.id, req.body.is_show === 1)),
  );
  app.get(
    '/api/admin/lotteries/:id/draws',
    {
      ...guard,
      schema: {
        tags,
        summary: "An activity's draws, newest first, by status, prize kind and buyer (company, username or phone) (promotion:write).",
        params: adminLotteryParams,
        querystring: adminDrawQuery,
        response: answers(AdminDrawPage),
      },
    },
    async (req) => {
      requirePermission(req, 'promotion:write');
      return ok(await listDraws(db, req.params.id, req.query));
    },
  );
  app.post(
    '/api/admin/lottery-draws/:id/ship',
    {
      ...guard,
      schema: {
        tags,
        summary: 'Ships a physical prize whose address the buyer gave: 待发货 to 已发货 with carrier and tracking number (promotion:write).',
        description: `Refused (code 400) before the buyer gave an address and once shipped. ${RULES}`,
        params: adminDrawParams,
        body: drawShipBody,
        response: answers(AdminDraw),
      },
    },
    async (req) => ok(await shipDraw(db, req, req.params.id, req.body)),
  );
}
