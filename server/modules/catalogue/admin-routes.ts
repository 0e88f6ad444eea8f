/**
 * HTTP of the console's goods and stock (catalogue/admin.ts). Each call checks its permission as the request
 * arrives, before its input is read: reads need `goods:read`, goods and prices `goods:write`, stock `stock:write`.
 */
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  AdminGoodsDetail,
  AdminGoodsPage,
  adminGoodsParams,
  adminGoodsQuery,
  goodsCreateBody,
  goodsUpdateBody,
  OnSaleResult,
  onSaleBody,
  StockChange,
  stockBody,
  StockLogPage,
  stockLogQuery,
} from '../../../core/schemas/admin-goods.js';
import { answers } from '../../../core/schemas/envelope.js';
import { AdminBatch } from '../../../core/schemas/quality.js';
import type { Deps } from '../../deps.js';
import { clearanceRoutes } from './clearance-routes.js';
import { needs } from '../../http/auth.js';
import { ok } from '../../http/envelope.js';
import * as admin from './admin.js';

/** Said of every write that changes what buyers see. */
const FRESH =
  'Once written, the shared storefront answers (lists, details, search, the category menu, promotions) are dropped in every server process, so buyers see the change on their next request; the search terms are rebuilt when a name, a manufacturer or what is on sale changed. Audited with the fields before and after.';

export async function catalogueAdminRoutes(root: FastifyInstance, deps: Deps) {
  const app = root.withTypeProvider<ZodTypeProvider>();
  const { db } = deps.database;
  const tags = ['admin-goods'];
  const params = adminGoodsParams;
  const read = needs('goods:read');
  const write = needs('goods:write');
  // A batch's near-expiry price (近效期价), a price of goods like the others (clearance-routes.ts).
  await clearanceRoutes(root, deps);
  app.get(
    '/api/admin/goods',
    {
      ...read,
      schema: {
        tags,
        summary: 'Goods for the console, newest first, 20 a page (goods:read).',
        description:
          '`keyword` matches the name, its pinyin and initials, the manufacturer and the approval number anywhere; `category` takes in its sub-categories; `is_buy` and `is_on_sale` are 0 or 1. Hidden, off-sale and controlled-sale goods are listed like any other, with their prices.',
        querystring: adminGoodsQuery,
        response: answers(AdminGoodsPage),
      },
    },
    async (req) => ok(await admin.adminListGoods(db, req.query)),
  );
  app.post(
    '/api/admin/goods',
    {
      ...write,
      schema: {
        tags,
        summary: 'Creates goods with every field; `number` is its first stock, logged like a stock change (goods:write).',
        description: `Prices are yuan with at most two decimals, above zero; ladder tiers (at most 5) rise in quantity from 2 and fall in price below \`base_price\`; \`scrq\` lies before \`xq\` and not after today; the category is a leaf that exists, the brand and the 经营范围 class (\`/api/user/jyfw\` ids) exist when given; pictures are uploaded first (\`POST /api/admin/images\`). Any field that does not hold answers 422 on that field and nothing is written. ${FRESH}`,
        body: goodsCreateBody,
        response: answers(AdminGoodsDetail),
      },
    },
    async (req) => ok(await admin.createGoods(db, req, req.body)),
  );
  app.post(
    '/api/admin/goods/on_sale',
    {
      ...write,
      schema: {
        tags,
        summary: 'Puts goods on or off sale in bulk (`ids[]`, at most 200) (goods:write).',
        description: `Any unknown id answers 404 and nothing changes; expired goods are refused (code 400) rather than put on sale. An audit row for each goods that changed. ${FRESH}`,
        body: onSaleBody,
        response: answers(OnSaleResult),
      },
    },
    async (req) => ok(await admin.setOnSale(db, req, req.body.ids, req.body.is_on_sale)),
  );
  app.get(
    '/api/admin/goods/:id',
    {
      ...read,
      schema: {
        tags,
        summary: 'One goods with every field, its package insert, category path and the units held by open orders (goods:read).',
        params,
        response: answers(AdminGoodsDetail),
      },
    },
    async (req) => ok(await admin.adminGoodsDetail(db, req.params.id)),
  );
  app.post(
    '/api/admin/goods/:id',
    {
      ...write,
      schema: {
        tags,
        summary: 'Changes the fields sent; the others stay (goods:write).',
        description: `The rules of the create call hold for the goods as they will be; pictures may be reordered or removed by sending the list of URLs, and new ones must have been uploaded. Stock is not changed here (\`/stock\`). 404 for an unknown id. ${FRESH}`,
        params,
        body: goodsUpdateBody,
        response: answers(AdminGoodsDetail),
      },
    },
    async (req) => ok(await admin.updateGoods(db, req, req.params.id, req.body)),
  );
  app.post(
    '/api/admin/goods/:id/stock',
    {
      ...needs('stock:write'),
      schema: {
        tags,
        summary: 'Adds `delta` units to the stock (takes them off when negative) with a reason, logged with the operator and the stock after (stock:write).',
        description:
          'Into or out of the batch `batch_id` names (one of this goods), never below what open orders hold of it (a batch of another goods: 422 on `batch_id`, nothing changed); without one, units added go to the batch the goods’ dates name and units taken come off the batches that sell, first-expiring first (docs/decisions/033-batches.md). One transaction holding the goods row: concurrent changes never lose one, and stock never goes below zero (refused with code 400 and the current stock).',
        params,
        body: stockBody,
        response: answers(StockChange),
      },
    },
    async (req) => ok(await admin.changeStock(db, req, req.params.id, req.body)),
  );
  app.get(
    '/api/admin/goods/:id/batches',
    {
      ...read,
      schema: {
        tags,
        summary: "The goods' batches, first expiring first: what each holds and where it sells, for the stock form's 批次 (goods:read).",
        description: 'As the batch list (`/api/admin/quality/batches`) shows them, every one of the goods (200 at most). 404 for an unknown goods.',
        params,
        response: answers(z.array(AdminBatch)),
      },
    },
    async (req) => ok(await admin.goodsBatchesOf(db, req.params.id)),
  );
  app.get(
    '/api/admin/goods/:id/stock_log',
    {
      ...read,
      schema: {
        tags,
        summary: "The goods' stock changes by hand, newest first, 20 a page (goods:read).",
        params,
        querystring: stockLogQuery,
        response: answers(StockLogPage),
      },
    },
    async (req) => ok(await admin.stockLogOf(db, req.params.id, req.query.page)),
  );
}
