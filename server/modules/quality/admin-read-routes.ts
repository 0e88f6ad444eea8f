/** HTTP of the console's batch reads: the batch list, a recall's list, the near-expiry report, exports and reports. */
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { answers } from '../../../core/schemas/envelope.js';
import { AdminBatchPage, adminBatchQuery, BatchRecall, batchParams, NearExpiryReport, nearExpiryQuery } from '../../../core/schemas/quality.js';
import type { Deps } from '../../deps.js';
import { needs, needsAny } from '../../http/auth.js';
import { ok } from '../../http/envelope.js';
import { batchPage, nearExpiryPage } from '../catalogue/index.js';
import { uploadStore } from '../uploads/index.js';
import { sendDownload } from '../../http/download.js';
import { fileResponse } from './routes.js';
import { adminReport, nearExpiryExcel, recallExcel } from './reports.js';
import { recall } from './service.js';

const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

export async function qualityReadRoutes(root: FastifyInstance, deps: Deps) {
  const app = root.withTypeProvider<ZodTypeProvider>();
  const { db } = deps.database;
  const store = uploadStore(deps);
  const tags = ['quality'];
  const reads = needsAny('goods:read', 'batch:receive', 'batch:quality');
  const quality = needs('batch:quality');

  app.get(
    '/api/admin/quality/batches',
    {
      ...reads,
      schema: {
        tags,
        summary:
          'Batches of every goods (or one, `goods_id`), by status, a word of the name, its initials or the batch number, or the near-expiry daily report that named them (`near_report`, its day); 待验 first, then the newest, 20 a page (goods:read).',
        description: 'Each with what it holds on hand, what open orders hold of it, whether it sells, its report and why it is 锁定 or 不合格.',
        querystring: adminBatchQuery,
        response: answers(AdminBatchPage),
      },
    },
    async (req) => ok(await batchPage(db, req.query)),
  );
  app.get(
    '/api/admin/quality/near_expiry',
    {
      ...reads,
      schema: {
        tags,
        summary:
          'Batches on hand (not 不合格) expiring within 30, 90 or 180 days, expired ones included, the first expiring first, with units and value (goods:read).',
        description: "Value is quantity × the goods' selling price (base_price): no cost is kept. `units` and `value` sum the whole window.",
        querystring: nearExpiryQuery,
        response: answers(NearExpiryReport),
      },
    },
    async (req) => ok(await nearExpiryPage(db, req.query.days, req.query.page)),
  );
  app.get(
    '/api/admin/quality/near_expiry/export',
    {
      ...reads,
      schema: {
        tags,
        summary: 'The near-expiry report of a window as an Excel workbook, with its sums (goods:read).',
        querystring: nearExpiryQuery,
        produces: [XLSX],
        response: fileResponse,
      },
    },
    async (req, reply) => sendDownload(reply, await nearExpiryExcel(db, req.query.days)),
  );
  app.get(
    '/api/admin/quality/batches/:id/recall',
    {
      ...quality,
      schema: {
        tags,
        summary:
          "A batch's recall list: every order not cancelled that took units of it, with buyer, units, returns, receiver, phone and address (batch:quality).",
        params: batchParams,
        response: answers(BatchRecall),
      },
    },
    async (req) => ok(await recall(db, req.params.id)),
  );
  app.get(
    '/api/admin/quality/batches/:id/recall/export',
    {
      ...quality,
      schema: {
        tags,
        summary: "A batch's recall list as an Excel workbook (batch:quality).",
        params: batchParams,
        produces: [XLSX],
        response: fileResponse,
      },
    },
    async (req, reply) => sendDownload(reply, await recallExcel(db, req.params.id)),
  );
  app.get(
    '/api/admin/quality/batches/:id/report',
    {
      ...reads,
      schema: {
        tags,
        summary: "The batch's inspection report as buyers receive it: a PDF with the site's 质量管理专用章 on every page (goods:read).",
        description: '`cache-control: private, no-store`. 404 when none is attached.',
        params: batchParams,
        produces: ['application/pdf'],
        response: fileResponse,
      },
    },
    async (req, reply) => sendDownload(reply, await adminReport(db, store, req.params.id), { inline: true }),
  );
}
