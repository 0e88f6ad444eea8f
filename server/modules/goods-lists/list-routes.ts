/** HTTP of 我的清单: the named lists a buyer keeps, their lines, adding a list to the cart and its export. */
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { answers } from '../../../core/schemas/envelope.js';
import {
  GoodsListCarted,
  goodsListCartBody,
  goodsListCreateBody,
  GoodsListDetail,
  goodsListItemsBody,
  goodsListParams,
  goodsListRemoveBody,
  goodsListRenameBody,
  GoodsLists,
  GoodsListSaved,
  GoodsListSummary,
} from '../../../core/schemas/goods-lists.js';
import type { Deps } from '../../deps.js';
import { requireUser } from '../../http/auth.js';
import { ok } from '../../http/envelope.js';
import { viewerOf } from '../catalogue/index.js';
import { createList, deleteList, listDetail, listExport, listsOf, putItems, removeItems, renameList } from './lists.js';
import { sendDownload } from '../../http/download.js';
import { fileResponse, XLSX_TYPE } from './download.js';
import { listToCart } from './to-cart.js';

const OWN = "Another account's list answers 404; a guest 401. The lists are the session account's: a chain headquarters acting for a store keeps the store's.";
const LINES =
  'Each line is a goods the buyer may see and a quantity in whole middle packages (中包装; 422 on `items.i.number`); a goods already in the list takes the new quantity. At most 500 goods a list (422 每个清单最多500种商品).';

export async function goodsListRoutes(root: FastifyInstance, deps: Deps) {
  const app = root.withTypeProvider<ZodTypeProvider>();
  const { db } = deps.database;
  const tags = ['goods-lists'];

  app.get(
    '/api/goods_list',
    { schema: { tags, summary: '我的清单: the buyer’s named lists, the latest changed first.', description: OWN, response: answers(GoodsLists) } },
    async (req) => ok(await listsOf(db, requireUser(req).id)),
  );
  app.post(
    '/api/goods_list',
    {
      schema: {
        tags,
        summary: 'Creates a list (name 1-20 characters), with lines to put in it at once.',
        description: `${LINES} At most 20 lists (422 on \`name\`). A name the buyer already has answers that list with the lines put in it, so a create posted twice makes one list. ${OWN}`,
        body: goodsListCreateBody,
        response: answers(GoodsListSaved),
      },
    },
    async (req) => ok(await createList(db, requireUser(req), viewerOf(req), req.body)),
  );
  app.get(
    '/api/goods_list/:id',
    {
      schema: {
        tags,
        summary: 'A list with each line’s goods as they are today: price at the kept quantity, stock, expiry.',
        description: `Lines of goods off sale stay, with \`on_sale\` 0. ${OWN}`,
        params: goodsListParams,
        response: answers(GoodsListDetail),
      },
    },
    async (req) => ok(await listDetail(db, requireUser(req), viewerOf(req), req.params.id)),
  );
  app.post(
    '/api/goods_list/:id',
    {
      schema: {
        tags,
        summary: 'Renames a list.',
        description: `A name another of the buyer's lists has answers 422. ${OWN}`,
        params: goodsListParams,
        body: goodsListRenameBody,
        response: answers(GoodsListSummary),
      },
    },
    async (req) => ok(await renameList(db, requireUser(req), req.params.id, req.body.name)),
  );
  app.delete(
    '/api/goods_list/:id',
    { schema: { tags, summary: 'Deletes a list and its lines.', description: OWN, params: goodsListParams, response: answers(z.null()) } },
    async (req) => {
      await deleteList(db, requireUser(req), req.params.id);
      return ok(null);
    },
  );
  app.post(
    '/api/goods_list/:id/items',
    {
      schema: {
        tags,
        summary: 'Puts lines in a list, or changes their quantities.',
        description: `${LINES} ${OWN}`,
        params: goodsListParams,
        body: goodsListItemsBody,
        response: answers(GoodsListSaved),
      },
    },
    async (req) => ok(await putItems(db, requireUser(req), viewerOf(req), req.params.id, req.body.items)),
  );
  app.post(
    '/api/goods_list/:id/remove',
    {
      schema: {
        tags,
        summary: 'Takes goods out of a list.',
        description: `Goods not in the list are ignored. ${OWN}`,
        params: goodsListParams,
        body: goodsListRemoveBody,
        response: answers(GoodsListSummary),
      },
    },
    async (req) => ok(await removeItems(db, requireUser(req), req.params.id, req.body.goods_ids)),
  );
  app.post(
    '/api/goods_list/:id/cart',
    {
      schema: {
        tags,
        summary: 'Adds a list (or its chosen lines, `goods_ids`) to the cart at the kept quantities, in one request.',
        description: `Each line goes in at its quantity within the stock in whole middle packages. Lines that cannot be bought now (已下架, 暂不销售, 已售罄, 超出经营范围) are left out and listed in \`skipped\`; the others go in together or not at all, as POST /api/cart adds several lines (refused with code 400 and the cart's message, e.g. a member waiting for review). A list with nothing to add is refused (code 400). ${OWN}`,
        params: goodsListParams,
        body: goodsListCartBody,
        response: answers(GoodsListCarted),
      },
    },
    async (req) => ok(await listToCart(db, requireUser(req), req.params.id, req.body.goods_ids)),
  );
  app.get(
    '/api/goods_list/:id/export',
    {
      schema: {
        tags,
        summary: 'A list as an Excel file (.xlsx).',
        description: `Columns: 商品编码, 商品名称, 规格, 单位, 生产厂家, 批准文号, 条形码, 中包装, 数量, 今日单价, 库存, 效期, 状态. ${OWN}`,
        params: goodsListParams,
        produces: [XLSX_TYPE],
        response: fileResponse,
      },
    },
    async (req, reply) => sendDownload(reply, await listExport(db, requireUser(req), viewerOf(req), req.params.id)),
  );
}
