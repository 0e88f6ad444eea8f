/** HTTP of the lottery (抽奖, spec section 7): the pop-up's activity, drawing, winners, my draws and pictures. */
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { answers } from '../../../core/schemas/envelope.js';
import {
  DrawActivity,
  drawAddressBody,
  DrawAds,
  drawIdQuery,
  drawParams,
  DrawRecord,
  DrawRecordPage,
  drawRecordParams,
  drawRecordQuery,
  DrawResult,
  DrawSimple,
  DrawWinners,
} from '../../../core/schemas/lottery.js';
import type { Deps } from '../../deps.js';
import { requireUser } from '../../http/auth.js';
import { changesState } from '../../http/csrf.js';
import { ok } from '../../http/envelope.js';
import { setCachedPoints } from '../accounts/index.js';
import { draw, DRAW_NOT_APPROVED } from './draw.js';
import { drawActivity, drawAds, drawSimple, giveDrawAddress, latestWinners, myDraws } from './service.js';

const WEIGHTS = 'Prizes never carry their weights or stock.';
const REFUSED = `401 for a guest; refused (code 400) for an account not yet approved (\`${DRAW_NOT_APPROVED}\`).`;

export async function lotteryRoutes(root: FastifyInstance, deps: Deps) {
  const app = root.withTypeProvider<ZodTypeProvider>();
  const { db } = deps.database;
  const tags = ['promotions'];

  app.get(
    '/api/draw/simple',
    {
      schema: {
        tags,
        summary:
          "The pop-up's activity: the one running now, with `is_join` 1 when the account cannot draw now (no draw left today or in all, or too few points).",
        description: `\`null\` for a guest and when no activity runs. Refused (code 400) for an account not yet approved (\`${DRAW_NOT_APPROVED}\`).`,
        response: answers(DrawSimple),
      },
    },
    async (req) => ok(await drawSimple(db, req.session?.user ?? null)),
  );
  app.get(
    '/api/draw/:id/activity',
    {
      schema: {
        tags,
        summary: "An activity's rules, its eight prizes in grid order (slot 0-7 clockwise from the top left) and the account's draws left.",
        description: `${WEIGHTS} ${REFUSED} 404 for an activity switched off or unknown.`,
        params: drawParams,
        response: answers(DrawActivity),
      },
    },
    async (req) => ok(await drawActivity(db, requireUser(req), req.params.id)),
  );
  app.get(
    '/api/draw',
    {
      ...changesState,
      // A buyer draws a few times a day: a flood of draws is a script, slowed down like guessing codes.
      config: { rateLimit: { max: 60 * deps.config.RATE_LIMIT_FACTOR, timeWindow: 60_000 } },
      schema: {
        tags,
        summary:
          'Draws once: spends the chance, picks a prize over the weights of those in stock, writes the record and credits the prize, in one transaction.',
        description: `A GET by the specification that changes state: it needs \`X-Requested-With: XMLHttpRequest\` and a same-site Origin/Referer like every unsafe call (403 otherwise). Points are spent and won through the points ledger (kinds \`draw\` and \`lottery\`), a red packet through the red-packet ledger, a coupon is handed to the account; a prize whose stock ran out gives 谢谢参与. A physical prize waits for an address (status 1 待填写地址). Refused (code 400): not started, ended, ${'`今日抽奖次数已用完，明天再来吧`'}, no draw left, too few points. ${REFUSED}`,
        querystring: drawIdQuery,
        response: answers(DrawResult),
      },
    },
    async (req) => {
      const user = requireUser(req);
      const drawn = await draw(db, user, req.query.id);
      // A GET that changes the account's points: its cached copy of the account takes the points it now has.
      setCachedPoints(user.id, drawn.points);
      return ok(drawn);
    },
  );
  app.get(
    '/api/draw/new_record',
    {
      schema: {
        tags,
        summary: 'The latest 20 prizes won in an activity (谢谢参与 left out), the winners’ names masked (杭州***公司).',
        description: 'Open to guests. 404 for an activity switched off or unknown.',
        querystring: drawIdQuery,
        response: answers(DrawWinners),
      },
    },
    async (req) => ok(await latestWinners(db, req.query.id)),
  );
  app.get(
    '/api/draw/record',
    {
      schema: {
        tags,
        summary: "The account's draws, newest first, 20 a page, with what became of each prize (已发放, 待填写地址, 待发货, 已发货, 未中奖).",
        description: '401 for a guest.',
        querystring: drawRecordQuery,
        response: answers(DrawRecordPage),
      },
    },
    async (req) => ok(await myDraws(db, requireUser(req), req.query.page)),
  );
  app.get(
    '/api/draw/ads',
    { schema: { tags, summary: "The pop-up's pictures: those of the activity running now (empty when none).", response: answers(DrawAds) } },
    async () => ok(await drawAds(db)),
  );
  app.post(
    '/api/draw/record/:id/address',
    {
      schema: {
        tags,
        summary: 'Where a physical prize is shipped: one of the account’s own addresses; the record then waits to be shipped (status 2 待发货).',
        description:
          "401 for a guest; 404 for another account's record or address. Refused (code 400) for a prize that is not shipped (`该奖品无需填写收货地址`) and once an address was given.",
        params: drawRecordParams,
        body: drawAddressBody,
        response: answers(DrawRecord),
      },
    },
    async (req) => ok(await giveDrawAddress(db, requireUser(req), req.params.id, req.body.address_id)),
  );
}
