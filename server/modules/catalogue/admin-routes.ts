/**
 * HTTP of the console's goods, stock, prices, categories and brands (catalogue/admin*.ts). Each call checks
 * its permission as the request arrives, before its input is read: reads need `goods:read`, goods and prices
 * `goods:write`, stock `stock:write`, categories and brands `category:write`.
 */
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  AdminBrand,
  AdminCategory,
  AdminGoodsDetail,
  AdminGoodsPage,
  adminGoodsParams,
  adminGoodsFilter,
  adminGoodsQuery,
  brandCreateBody,
  brandParams,
  brandUpdateBody,
  categoryCreateBody,
  categoryParams,
  categoryUpdateBody,
  goodsCreateBody,
  goodsUpdateBody,
  importQuery,
  ImportReport,
  OnSaleResult,
  onSaleBody,
  PICTURE_MAX_BYTES,
  StockChange,
  stockBody,
  StockLogPage,
  stockLogQuery,
} from '../../../core/schemas/admin-goods.js';
import { UPLOAD_MAX_BYTES } from '../../../core/constants.js';
import { answers } from '../../../core/schemas/envelope.js';
import { Uploaded } from '../../../core/schemas/user.js';
import type { Deps } from '../../deps.js';
import { needs, needsAny } from '../../http/auth.js';
import { invalid, ok } from '../../http/envelope.js';
import { fileRoutes, takeFile } from '../../http/files.js';
import { savePublicPicture } from '../uploads/index.js';
import * as admin from './admin.js';
import { exportGoods, importGoods, XLSX_TYPE } from './admin-excel.js';
import * as taxonomy from './admin-taxonomy.js';

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
    '/api/admin/goods/export',
    {
      ...read,
      schema: {
        tags,
        summary: "The goods of the list's filters as an Excel file (.xlsx) with Chinese column headers, newest first (goods:read).",
        description:
          'Streamed as it is read, whatever the number of goods. Its columns are what the import reads: 商品ID, names, codes, dates, 分类ID and 分类 (the path), 品牌 and 经营范围 by name, 价格（元）, 阶梯价 as `数量:单价;...`, 库存, 销量, flags as 是/否, 标签 joined by commas, 商品图片 one URL a line, 说明书.',
        querystring: adminGoodsFilter,
        produces: [XLSX_TYPE],
        response: { 200: z.string().meta({ description: 'the .xlsx file (Content-Disposition: attachment)' }) },
      },
    },
    async (req, reply) => {
      const day = new Date(Date.now() + 8 * 3_600_000).toISOString().slice(0, 10).replace(/-/g, '');
      return (
        reply
          .type(XLSX_TYPE)
          .header('content-disposition', `attachment; filename="goods-${day}.xlsx"; filename*=UTF-8''${encodeURIComponent(`商品-${day}.xlsx`)}`)
          .header('cache-control', 'no-store')
          // A stream is sent as it is, never through the response schema (which is there for the API reference).
          .send((await exportGoods(db, req.query)) as unknown as string)
      );
    },
  );
  await fileRoutes(root, (files) =>
    files.post(
      '/api/admin/goods/import',
      {
        ...write,
        schema: {
          tags,
          summary: "Imports goods from an Excel file (multipart field `file`, the export's columns): `dry_run=1` only checks (goods:write).",
          description:
            'Every row is checked with the rules of the goods form; each problem is listed with its 行号 (as Excel shows it), 列 (the header) and a Chinese 信息. A dry run answers the report and writes nothing. Without it every row is written in one transaction - a row with 商品ID changes that goods, one without creates goods - or, when any row is wrong, nothing is written and the answer is 422 with `data.errors.file` (the problems in words) and `data.rows` (the same as in the report). A blank cell means none for 批准文号, 剂型, 品牌, 经营范围, 阶梯价, 标签, 商品图片 and 说明书, and "not given" elsewhere; 库存 is read for new goods only (existing stock changes through `/stock`); 分类 is read when 分类ID is blank. At most 10,000 rows.',
          querystring: importQuery,
          response: answers(ImportReport),
        },
      },
      async (req) => {
        const { buffer } = await takeFile(req, UPLOAD_MAX_BYTES, { none: '请选择要导入的 Excel 文件', tooLarge: '文件不能超过10MB' });
        return ok(await importGoods(db, req, buffer, req.query.dry_run === '1'));
      },
    ),
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
          'One transaction with a conditional update: concurrent changes never lose one, and stock never goes below zero (refused with code 400 and the current stock). Open orders took their units when they were placed, so no other floor applies.',
        params,
        body: stockBody,
        response: answers(StockChange),
      },
    },
    async (req) => ok(await admin.changeStock(db, req, req.params.id, req.body)),
  );
  await fileRoutes(root, (files) =>
    files.post(
      '/api/admin/images',
      {
        ...needsAny('goods:write', 'category:write', 'promotion:write', 'content:write'),
        schema: {
          tags,
          summary:
            'Stores a picture for goods, brands, categories, promotions or content (multipart field `file`: JPG, PNG, GIF or WEBP, at most 2 MB) (goods:write, category:write, promotion:write or content:write).',
          description:
            "The file's own first bytes decide its type. The answer's `url` (`/uploads/public/...`, served to everybody) is what `goods_image`, a brand's `logo` and `banner`, a category's `logo1`, a points goods' `picture`, a prize's `image`, a lottery's `ads`, an activity page's banner and entrance pictures, a banner or ad's `image`, a nav entry's `image` and the pictures of an article take.",
          response: answers(Uploaded),
        },
      },
      async (req) => {
        const { buffer, filename } = await takeFile(req, PICTURE_MAX_BYTES, { none: '请选择要上传的图片', tooLarge: '图片不能超过2MB' });
        if (!buffer.length) throw invalid('file', '文件内容为空');
        const saved = await savePublicPicture(db, deps.config.uploadDir, buffer, filename);
        if (!saved) throw invalid('file', '仅支持 JPG、PNG、GIF、WEBP 图片');
        return ok(saved);
      },
    ),
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

  const taxonomyWrite = needs('category:write');
  const SHOWN =
    'Hiding (`is_show` 0) takes it out of the storefront at once; the shared answers are dropped in every server process. Audited with the fields before and after.';
  app.get(
    '/api/admin/categories',
    {
      ...read,
      schema: {
        tags,
        summary: 'Every category, hidden ones too, parents before their children in menu order, with its goods count (goods:read).',
        response: answers(z.array(AdminCategory)),
      },
    },
    async () => ok(await taxonomy.adminCategories(db)),
  );
  app.post(
    '/api/admin/categories',
    {
      ...taxonomyWrite,
      schema: {
        tags,
        summary: 'Adds a category under `parent_id` (0: the top level) (category:write).',
        description: `Names are unique among a parent's categories; a category holding goods takes no sub-categories (goods hang on the deepest level). ${SHOWN}`,
        body: categoryCreateBody,
        response: answers(AdminCategory),
      },
    },
    async (req) => ok(await taxonomy.createCategory(db, req, req.body)),
  );
  app.post(
    '/api/admin/categories/:id',
    {
      ...taxonomyWrite,
      schema: {
        tags,
        summary: 'Renames, moves, sorts, shows or hides a category; the fields sent change (category:write).',
        description: `A category never moves under itself or its own sub-categories, nor under one holding goods. 404 for an unknown id. ${SHOWN}`,
        params: categoryParams,
        body: categoryUpdateBody,
        response: answers(AdminCategory),
      },
    },
    async (req) => ok(await taxonomy.updateCategory(db, req, req.params.id, req.body)),
  );
  app.get(
    '/api/admin/brands',
    {
      ...read,
      schema: {
        tags,
        summary: "Every brand, hidden ones too, in the brand zone's order, with its goods count (goods:read).",
        response: answers(z.array(AdminBrand)),
      },
    },
    async () => ok(await taxonomy.adminBrands(db)),
  );
  app.post(
    '/api/admin/brands',
    {
      ...taxonomyWrite,
      schema: { tags, summary: 'Adds a brand; names are unique (category:write).', description: SHOWN, body: brandCreateBody, response: answers(AdminBrand) },
    },
    async (req) => ok(await taxonomy.createBrand(db, req, req.body)),
  );
  app.post(
    '/api/admin/brands/:id',
    {
      ...taxonomyWrite,
      schema: {
        tags,
        summary: 'Renames, sorts, shows or hides a brand, or changes its pictures and text; the fields sent change (category:write).',
        description: `404 for an unknown id. ${SHOWN}`,
        params: brandParams,
        body: brandUpdateBody,
        response: answers(AdminBrand),
      },
    },
    async (req) => ok(await taxonomy.updateBrand(db, req, req.params.id, req.body)),
  );
}
