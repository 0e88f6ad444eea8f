/** HTTP of inspection reports for buyers: the 质检报告查询 page, an order's reports and a report's file. */
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { answers } from '../../../core/schemas/envelope.js';
import { orderReportParams, ReportBatch, reportParams, reportSearchQuery } from '../../../core/schemas/quality.js';
import type { Deps } from '../../deps.js';
import { downloadResponse, sendDownload } from '../../http/download.js';
import { requireUser } from '../../http/auth.js';
import { ok } from '../../http/envelope.js';
import { uploadStore } from '../uploads/index.js';
import { buyerReport, orderReports, searchReports } from './reports.js';

/** The file itself, or (as JSON) the refusal of one that cannot be served. */
export const fileResponse = downloadResponse('the file');

export async function qualityBuyerRoutes(root: FastifyInstance, deps: Deps) {
  const app = root.withTypeProvider<ZodTypeProvider>();
  const { db } = deps.database;
  const store = uploadStore(deps);
  const tags = ['quality'];
  // A report is stamped for each request: 60 a minute per address is more than any buyer reads.
  const stampLimit = { rateLimit: { max: 60 * deps.config.RATE_LIMIT_FACTOR, timeWindow: 60_000 } };

  app.get(
    '/api/reports',
    {
      schema: {
        tags,
        summary: '质检报告查询: the batches the site sells (合格) with this exact batch number whose goods’ name, generic name or pinyin holds `keyword`.',
        description: 'For approved accounts (others are refused with 400); a guest gets 401. 422 with a Chinese message for a batch number that cannot be one.',
        querystring: reportSearchQuery,
        response: answers(z.array(ReportBatch)),
      },
    },
    async (req) => ok(await searchReports(db, requireUser(req), req.query.keyword, req.query.batch_no)),
  );
  app.get(
    '/api/reports/order/:id',
    {
      schema: {
        tags,
        summary: 'The batches an order of the account took units from, each with whether its report is there.',
        description: "Another account's order answers 404; a guest 401.",
        params: orderReportParams,
        response: answers(z.array(ReportBatch)),
      },
    },
    async (req) => ok(await orderReports(db, requireUser(req), req.params.id)),
  );
  app.get(
    '/api/reports/:goods_id/:batch_no',
    {
      config: stampLimit,
      schema: {
        tags,
        summary: "A batch's inspection report, a PDF with the site's 质量管理专用章 on every page.",
        description:
          'To the account whose orders took units of the batch, and to approved accounts for a batch the site sells; anything else answers 404 as a batch without a report does. `cache-control: private, no-store`.',
        params: reportParams,
        produces: ['application/pdf'],
        response: fileResponse,
      },
    },
    async (req, reply) => sendDownload(reply, await buyerReport(db, store, requireUser(req), req.params.goods_id, req.params.batch_no), { inline: true }),
  );
}
