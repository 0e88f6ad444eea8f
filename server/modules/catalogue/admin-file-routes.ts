/**
 * HTTP of the console's files: goods out to Excel and back in (catalogue/admin-excel.ts), and the pictures
 * goods, brands, categories, promotions and content show. Each call checks its permission before its input is read.
 */
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { adminGoodsFilter, importQuery, ImportReport, PICTURE_MAX_BYTES } from '../../../core/schemas/admin-goods.js';
import { UPLOAD_MAX_BYTES } from '../../../core/constants.js';
import { answers } from '../../../core/schemas/envelope.js';
import { Uploaded } from '../../../core/schemas/user.js';
import type { Deps } from '../../deps.js';
import { needs, needsAny } from '../../http/auth.js';
import { invalid, ok } from '../../http/envelope.js';
import { fileRoutes, takeFile } from '../../http/files.js';
import { savePublicPicture, uploadStore } from '../uploads/index.js';
import { exportGoods, importGoods, XLSX_TYPE } from './admin-excel.js';

export async function goodsFileAdminRoutes(root: FastifyInstance, deps: Deps) {
  const app = root.withTypeProvider<ZodTypeProvider>();
  const { db } = deps.database;
  const store = uploadStore(deps);
  const tags = ['admin-goods'];
  const read = needs('goods:read');
  const write = needs('goods:write');
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
        const saved = await savePublicPicture(db, store, buffer, filename);
        if (!saved) throw invalid('file', '仅支持 JPG、PNG、GIF、WEBP 图片');
        return ok(saved);
      },
    ),
  );
}
