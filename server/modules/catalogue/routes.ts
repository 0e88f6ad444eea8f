/** HTTP for the catalogue's goods (spec section 7 "Goods"): search, lists, detail, filter options and the home page's goods. */
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { id, page } from '../../../core/schemas/common.js';
import { answers } from '../../../core/schemas/envelope.js';
import { FilterOptions, filterScopeQuery, Floor, Goods, GoodsDetail, GoodsList, goodsListQuery, GoodsPage, searchQuery } from '../../../core/schemas/goods.js';
import type { Deps } from '../../deps.js';
import { cachedJson } from '../../http/cache.js';
import { sendKept } from '../../http/kept-answer.js';
import { floors, recommendations } from './home.js';
import { goodsDetailAnswer } from './detail.js';
import { filterOptions, hotGoods, listGoods } from './lists.js';
import { searchGoods } from './search.js';
import { viewerClass, viewerOf } from './viewer.js';

/** Said of every call that answers goods. */
export const PRICES =
  'Prices are `null` for guests (`price_tip` 登录可见) and members waiting for review (资质审核通过后可见); controlled-sale goods (`is_kx`) exist only for `is_special` accounts.';
/** Said of the answers shared by viewers alike (cache.ts). */
export const SHARED =
  'The answer is shared for 30 s by viewers who see alike (guest, waiting, approved, special), so stock shown may lag by up to 40 s (the goods rows an answer is built from are kept 10 s).';

export async function catalogueRoutes(root: FastifyInstance, deps: Deps) {
  const app = root.withTypeProvider<ZodTypeProvider>();
  const { db } = deps.database;
  const tags = ['catalogue'];

  // Results depend only on the query and on what the viewer may see: viewers alike share them (cache.ts).
  app.get(
    '/api/goods/search',
    {
      schema: {
        tags,
        summary: "The header's suggestions: up to 10 goods matching a drug name (`type` 1) or a manufacturer (`type` 2).",
        description: `A drug name matches in Chinese, full pinyin, pinyin initials or, from 4 characters with a digit, the approval number. Goods are ranked by how their name (or manufacturer) matches: exact, prefix, pinyin or initials prefix, anywhere; best sellers first within a rank. An empty keyword finds nothing. The keyword is matched against the few thousand distinct names and manufacturers held in memory, then the goods of the matching terms are read by index, so one-character Chinese costs what initials cost. ${PRICES} ${SHARED}`,
        querystring: searchQuery,
        response: answers(z.array(Goods)),
      },
    },
    async (req, reply) => {
      const viewer = viewerOf(req);
      const { keywords, type } = req.query;
      return sendKept(req, reply, await cachedJson(db, ['search', keywords.trim(), type, viewerClass(viewer)], () => searchGoods(db, keywords, type, viewer)));
    },
  );
  app.get(
    '/api/goods/list',
    {
      schema: {
        tags,
        summary: 'A page of goods (20 by default, at most 100), filtered, searched and sorted.',
        description: `\`zone\`: yx 包邮, zy 中药, qx 器械, jxq 近效期 (goods with near-expiry batches, each card their offer: the near-expiry price, units and 效期, \`type\` 4; and near-expiry listings), kx 控销, youx 优选. \`category\` takes in its sub-categories. \`keywords\` ranks as the search does (best matches first unless a sort is chosen). \`sort\`: default, sales, price, newest; \`order\` asc or desc. Price ranges and price order apply to approved members only (others get every price range and the default order, which would otherwise reveal hidden prices). \`total\` counts at most 10,000 matches, and \`total_more\` 1 says there are more. ${PRICES} ${SHARED}`,
        querystring: goodsListQuery,
        response: answers(GoodsPage),
      },
    },
    async (req, reply) => {
      const viewer = viewerOf(req);
      return sendKept(req, reply, await cachedJson(db, ['list', req.query, viewerClass(viewer)], () => listGoods(db, req.query, viewer)));
    },
  );
  app.get(
    '/api/goods/detail/:id',
    {
      schema: {
        tags,
        summary: "One goods' page: the goods with its package insert, category path, brand and whether the buyer keeps it.",
        description: `404 商品不存在或已下架 when the goods is off sale or the viewer may not see it. ${PRICES} The detail is shared by viewers alike for 5 s.`,
        params: z.object({ id: id('商品ID') }),
        response: answers(GoodsDetail),
      },
    },
    async (req, reply) => sendKept(req, reply, await goodsDetailAnswer(db, req.params.id, viewerOf(req))),
  );
  app.get(
    '/api/goods/hot',
    { schema: { tags, summary: 'The 10 best sellers in stock.', description: `${PRICES} ${SHARED}`, response: answers(z.array(Goods)) } },
    async (req, reply) => {
      const viewer = viewerOf(req);
      return sendKept(req, reply, await cachedJson(db, ['hot', viewerClass(viewer)], () => hotGoods(db, viewer)));
    },
  );
  app.get(
    '/api/goods/fl',
    {
      schema: {
        tags,
        summary: 'The filter options of a list page, from the goods that list can show.',
        description: `The query names what the page fixes (its zone, brand, category or keyword): the options are the categories holding goods of that scope (with their parents), the brands, the 30 busiest manufacturers, the prescription classes and the dosage forms present. A brand's page thus offers only that brand's makers, the devices zone only device categories; a keyword that matches nothing gives empty options. ${SHARED}`,
        querystring: filterScopeQuery,
        response: answers(FilterOptions),
      },
    },
    async (req, reply) => {
      const viewer = viewerOf(req);
      const scope = { ...req.query, keywords: req.query.keywords.trim() };
      return sendKept(req, reply, await cachedJson(db, ['fl', viewerClass(viewer), scope], () => filterOptions(db, viewer, scope)));
    },
  );

  app.get(
    '/api/index/floors',
    {
      schema: {
        tags,
        summary: 'The home page floors: the first 6 top categories in menu order, each with its sub-categories and 5 best sellers in stock.',
        description: `${PRICES} ${SHARED}`,
        response: answers(z.array(Floor)),
      },
    },
    async (req, reply) => {
      const viewer = viewerOf(req);
      return sendKept(req, reply, await cachedJson(db, ['floors', viewerClass(viewer)], () => floors(db, viewer)));
    },
  );
  // Recommendations follow the buyer's favourites: kept per buyer, shared by all guests.
  app.get(
    '/api/index_wntj/:page',
    {
      schema: {
        tags,
        summary: '为你推荐: 10 recommendations a page, at most 10 pages.',
        description: `Buyable best sellers in stock, those of the categories of the buyer's favourites first; goods the buyer already keeps are left out. A page past the 10th is empty. ${PRICES} Kept 30 s per buyer, shared by all guests.`,
        params: z.object({ page: page() }),
        response: answers(GoodsList),
      },
    },
    async (req, reply) => {
      const viewer = viewerOf(req);
      const who = viewer.userId ? `user:${viewer.userId}:${viewerClass(viewer)}` : viewerClass(viewer);
      return sendKept(req, reply, await cachedJson(db, ['wntj', who, req.params.page], () => recommendations(db, viewer, req.params.page)));
    },
  );
}
