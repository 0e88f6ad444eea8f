/** HTTP of 采购计划导入 (`/zzfw/kjcg/import`): read a list, match its lines, put the chosen lines in the cart. */
import type { FastifyError, FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { answers } from '../../../core/schemas/envelope.js';
import {
  PURCHASE_LIST_MAX_BYTES,
  PURCHASE_LIST_MAX_ROWS,
  PurchaseListCarted,
  purchaseListCartBody,
  PurchaseListMatch,
  purchaseListMatchBody,
  purchaseListPasteBody,
  PurchaseListSheet,
} from '../../../core/schemas/purchase-lists.js';
import type { Deps } from '../../deps.js';
import { requireUser } from '../../http/auth.js';
import { invalid, ok } from '../../http/envelope.js';
import { fileRoutes, takeFile } from '../../http/files.js';
import { cartFromList } from './cart.js';
import * as lists from './service.js';

const WHO =
  'An approved buyer whose licences are in date: a guest gets 401 before the input is read; an account waiting for review, or with a licence out of date, is refused (code 400) as the cart refuses it.';
const TOO_LARGE = '文件不能超过5MB，请分批导入';
const PASTE_TOO_LARGE = '粘贴的内容超过5MB，请分批导入';
/** A body this large is refused before it is read; a list of 2,000 rows of 30 columns fits well inside. */
const BODY_LIMIT = PURCHASE_LIST_MAX_BYTES + 1024 * 1024;

const members = {
  onRequest: async (request: FastifyRequest) => {
    requireUser(request);
  },
};

/** A body past the limit says so in the words of the list, not as an unreadable request. */
const tooLarge = (message: string, field: string) => (error: FastifyError) => {
  if (error.code === 'FST_ERR_CTP_BODY_TOO_LARGE') throw invalid(field, message);
  throw error;
};

export async function purchaseListRoutes(root: FastifyInstance, deps: Deps) {
  const app = root.withTypeProvider<ZodTypeProvider>();
  const { db } = deps.database;
  const tags = ['purchase-lists'];
  const limit = (max: number) => ({ rateLimit: { max: max * deps.config.RATE_LIMIT_FACTOR, timeWindow: 60_000 } });

  await fileRoutes(root, (files) =>
    files.post(
      '/api/purchase_list/read',
      {
        ...members,
        bodyLimit: BODY_LIMIT,
        errorHandler: tooLarge(PASTE_TOO_LARGE, 'text'),
        schema: {
          tags,
          summary:
            'Reads a purchase list: JSON `{text}` (rows pasted from a spreadsheet, tab-separated, the first line its headers) or multipart `file` (.xlsx, .xls or .csv, UTF-8 or GBK). Answers its header row, data rows and the field each column is taken for.',
          description:
            `${WHO} The header row is found among the first ten rows (an ERP export's title rows above it are left out); each column is taken by the buyer's remembered field for its header, else by its header's words (通用名/药品名称/品名, 规格, 生产厂家/厂家/产地, 批准文号, 条形码, 商品编码, 数量/采购数量, 单位, 单价/进价), else by its cells' look (国药准字…, 69… barcodes). ` +
            `Total rows and repeated header rows are listed in \`skipped\`. 422 on \`file\` (or \`text\`) with a Chinese message when it is not a spreadsheet, over 5 MB, over ${PURCHASE_LIST_MAX_ROWS} rows, empty, or has no column that finds goods (name, approval number, barcode or goods code). Nothing is written.`,
          body: purchaseListPasteBody.nullish(),
          response: answers(PurchaseListSheet),
        },
        config: limit(30),
      },
      async (req) => {
        const user = requireUser(req);
        if (req.isMultipart()) {
          const { buffer, filename } = await takeFile(req, PURCHASE_LIST_MAX_BYTES, { none: '请选择要导入的采购计划文件', tooLarge: TOO_LARGE });
          return ok(await lists.readUploadedList(db, user, buffer, filename));
        }
        if (!req.body) throw invalid('text', '请粘贴采购计划');
        return ok(await lists.readPastedList(db, user, req.body.text));
      },
    ),
  );

  app.post(
    '/api/purchase_list/match',
    {
      ...members,
      bodyLimit: BODY_LIMIT,
      errorHandler: tooLarge(PASTE_TOO_LARGE, 'rows'),
      schema: {
        tags,
        summary: "Matches a list's lines to goods; the field given each header is remembered for the buyer's next list.",
        description:
          `${WHO} Each line is matched, best first, by approval number and spec, barcode, goods code, the buyer's own earlier choice for that line (its \`key\`), then name, spec and manufacturer (pinyin, trade and generic names, short maker names); each candidate says why and how sure (0-100). ` +
          'Only goods the buyer may see (on sale; 控销 only for accounts that may buy it). Each candidate carries the quantity rounded up to whole middle packages with a note, the unit price at it as the cart prices it, stock, expiry, 首营 and whether it can go in the cart now. ' +
          'A row without a name or code, or whose quantity is not a whole number, is `invalid` with its row number; the others are matched. 422 when the mapping does not fit the headers, names a field twice or finds no goods. Nothing goes in the cart.',
        body: purchaseListMatchBody,
        response: answers(PurchaseListMatch),
      },
      config: limit(30),
    },
    async (req) => ok(await lists.matchList(db, requireUser(req), req.body)),
  );

  app.post(
    '/api/purchase_list/cart',
    {
      ...members,
      schema: {
        tags,
        summary: 'Puts the chosen lines in the cart in one add; answers the rows added and those refused with why.',
        description:
          `${WHO} Each line is checked as the cart checks an add (goods on sale and visible, buyable, in the buyer's 经营范围, whole middle packages, stock); the lines that pass go in together, a refused line never stops the others. ` +
          "The goods chosen for each line's key are remembered for the buyer's next list. The same lines posted again within seconds (a double click, a retry) are not added twice.",
        body: purchaseListCartBody,
        response: answers(PurchaseListCarted),
      },
      config: limit(20),
    },
    async (req) => ok(await cartFromList(db, requireUser(req), req.body)),
  );
}
