/** HTTP of 常购清单 (the usual goods and their export) and of the cart's quick order by code. */
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { answers } from '../../../core/schemas/envelope.js';
import { FastBuyPage, fastBuyExportQuery, fastBuyQuery, GoodsByCode, goodsCodeQuery } from '../../../core/schemas/goods-lists.js';
import type { Deps } from '../../deps.js';
import { requireUser } from '../../http/auth.js';
import { invalid, ok } from '../../http/envelope.js';
import { goodsByCode, goodsView, normaliseCode, viewerOf } from '../catalogue/index.js';
import { sendDownload } from '../../http/download.js';
import { fileResponse, XLSX_TYPE } from './download.js';
import { goodsListRoutes } from './list-routes.js';
import { usualGoodsExport, usualGoodsPage } from './usual.js';

const WINDOW =
  'Goods of the paid orders (待发货, 已发货, 已完成) placed in the last 180 days, China time (today and the 179 days before), gifts, add-ons and bundles left out, that the buyer may still see (docs/decisions/046-goods-lists.md). A chain headquarters acting for a store gets the store’s.';

export async function goodsListsRoutes(root: FastifyInstance, deps: Deps) {
  const app = root.withTypeProvider<ZodTypeProvider>();
  const { db } = deps.database;
  const tags = ['goods-lists'];

  app.get(
    '/api/user/fast_buy',
    {
      schema: {
        tags,
        summary: '常购清单: the goods the store bought in the last 180 days (20 a page), with the last quantity and price and today’s price.',
        description: `${WINDOW} \`order\` is \`time\` (last bought first, the default), \`count\` (most orders) or \`number\` (most units); \`keywords\` matches the name or the manufacturer. \`cart_number\` is the last quantity in whole middle packages within the stock; the chosen rows go to the cart through POST /api/cart.`,
        querystring: fastBuyQuery,
        response: answers(FastBuyPage),
      },
    },
    async (req) => ok(await usualGoodsPage(db, requireUser(req), viewerOf(req), req.query)),
  );

  app.get(
    '/api/user/fast_buy/export',
    {
      schema: {
        tags,
        summary: '常购清单 as an Excel file (.xlsx), every row in the asked order.',
        description: `${WINDOW} Columns: 商品编码, 商品名称, 规格, 单位, 生产厂家, 批准文号, 条形码, 中包装, 采购次数, 累计数量, 最近采购日期, 最近采购数量, 最近采购单价, 今日单价, 库存, 效期 (prices empty where hidden).`,
        querystring: fastBuyExportQuery,
        produces: [XLSX_TYPE],
        response: fileResponse,
      },
    },
    async (req, reply) => sendDownload(reply, await usualGoodsExport(db, requireUser(req), viewerOf(req), req.query)),
  );

  app.get(
    '/api/goods/by_code',
    {
      schema: {
        tags,
        summary: 'Quick order by code: the goods a barcode (条形码), an approval number (批准文号) or the site’s goods code (商品编码) names.',
        description:
          'Matched exactly after blanks are removed, full-width characters made half-width and letters upper case: 8-14 digits a barcode, up to 9 digits a goods code (the id), anything else an approval number (a letter and 8 digits also with 国药准字 before them). Only goods the buyer may see; several when an approval number is listed by several warehouses (at most 20). An unknown code answers 422 未找到条码/批准文号为 … 的商品. Needs a logged-in account.',
        querystring: goodsCodeQuery,
        response: answers(GoodsByCode),
      },
    },
    async (req) => {
      requireUser(req);
      const viewer = viewerOf(req);
      const found = await goodsByCode(db, req.query.code, viewer);
      if (!found.length) throw invalid('code', `未找到条码/批准文号为 ${req.query.code} 的商品`);
      return ok({ code: normaliseCode(req.query.code), data: found.map((g) => goodsView(g, viewer)) });
    },
  );

  await goodsListRoutes(root, deps);
}
