/** HTTP of the console's batch writes: 入库 and reports (batch:receive), qa's verdicts and locks (batch:quality). */
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { DOCUMENT_FILE_MAX_BYTES, DocumentFileInfo } from '../../../core/schemas/documents.js';
import { answers } from '../../../core/schemas/envelope.js';
import { AdminBatch, batchParams, lockBody, LockResult, receiveBody, releaseBody, reportBody, returnsBody } from '../../../core/schemas/quality.js';
import type { Deps } from '../../deps.js';
import { needs } from '../../http/auth.js';
import { invalid, ok } from '../../http/envelope.js';
import { fileRoutes, takeFile } from '../../http/files.js';
import { saveDocumentFile, uploadStore } from '../uploads/index.js';
import * as service from './service.js';
import { REPORT_MIMES } from './stamp.js';

const AUDITED = 'In the audit log with the fields before and after; the same post again changes nothing and writes no row.';
const STOCK = "The goods' stock (goods.number and its dates) follows in the same transaction, with a stock log row naming the batch and the reason.";

export async function qualityWriteRoutes(root: FastifyInstance, deps: Deps) {
  const app = root.withTypeProvider<ZodTypeProvider>();
  const { db } = deps.database;
  const store = uploadStore(deps);
  const tags = ['quality'];
  const receiving = needs('batch:receive');
  const quality = needs('batch:quality');

  await fileRoutes(root, (files) =>
    files.post(
      '/api/admin/quality/upload',
      {
        ...receiving,
        schema: {
          tags,
          summary: "Stores a batch's inspection report (multipart field `file`: PDF, JPG or PNG, at most 10 MB) (batch:receive).",
          description:
            "The file's own first bytes decide its type. The answer's `url` is what `report` takes; it is never served as it is, only stamped through the reports' routes.",
          response: answers(DocumentFileInfo),
        },
      },
      async (req) => {
        const { buffer, filename } = await takeFile(req, DOCUMENT_FILE_MAX_BYTES, { none: '请选择要上传的文件', tooLarge: '文件不能超过10MB' });
        if (!buffer.length) throw invalid('file', '文件内容为空');
        const saved = await saveDocumentFile(db, store, buffer, filename);
        if (!saved || !REPORT_MIMES.includes(saved.mime)) throw invalid('file', '药检报告仅支持 PDF 或 JPG、PNG 图片');
        return ok(saved);
      },
    ),
  );
  app.post(
    '/api/admin/quality/batches',
    {
      ...receiving,
      schema: {
        tags,
        summary: '入库: receives a batch of a goods (batch number, dates, quantity, supplier, optional report), 待验 until qa releases it (batch:receive).',
        description: `A batch number the goods already has is refused (400). Production date not after today, expiry after it and after today; 422 with each field's Chinese message, nothing written. A 待验 batch does not sell. ${AUDITED}`,
        body: receiveBody,
        response: answers(AdminBatch),
      },
    },
    async (req) => ok(await service.receive(db, req, req.body)),
  );
  app.post(
    '/api/admin/quality/batches/:id/report',
    {
      ...receiving,
      schema: {
        tags,
        summary: "Attaches or replaces the batch's inspection report, uploaded first (batch:receive).",
        description: AUDITED,
        params: batchParams,
        body: reportBody,
        response: answers(AdminBatch),
      },
    },
    async (req) => ok(await service.attachReport(db, req, req.params.id, req.body.report)),
  );
  app.post(
    '/api/admin/quality/batches/:id/release',
    {
      ...quality,
      schema: {
        tags,
        summary: "qa's verdict on a 待验 batch: `release` (合格, it sells) or `reject` (不合格, with a reason) (batch:quality).",
        description: `${STOCK} ${AUDITED}`,
        params: batchParams,
        body: releaseBody,
        response: answers(AdminBatch),
      },
    },
    async (req) => ok(await service.release(db, req, req.params.id, req.body)),
  );
  app.post(
    '/api/admin/quality/batches/:id/lock',
    {
      ...quality,
      schema: {
        tags,
        summary:
          '锁定 (a quality hold or recall): the batch stops selling at once and every buyer whose order took units of it gets a 站内消息 naming the goods and the batch (batch:quality).',
        description: `Answers the recall's list. ${STOCK} ${AUDITED}`,
        params: batchParams,
        body: lockBody,
        response: answers(LockResult),
      },
    },
    async (req) => ok(await service.lock(db, req, req.params.id, req.body.reason)),
  );
  app.post(
    '/api/admin/quality/batches/:id/returns',
    {
      ...quality,
      schema: {
        tags,
        summary:
          "qa's inspection of the units back from buyers' returns (退货待验): `release` puts them into what the batch holds, `reject` writes them off (batch:quality).",
        description: `400 when none wait. ${STOCK} In the audit log.`,
        params: batchParams,
        body: returnsBody,
        response: answers(AdminBatch),
      },
    },
    async (req) => ok(await service.inspectReturned(db, req, req.params.id, req.body.decision)),
  );
  app.post(
    '/api/admin/quality/batches/:id/unlock',
    {
      ...quality,
      schema: {
        tags,
        summary: 'Lifts a hold: a 锁定 batch is 合格 again and sells (batch:quality).',
        description: `${STOCK} ${AUDITED}`,
        params: batchParams,
        response: answers(AdminBatch),
      },
    },
    async (req) => ok(await service.unlock(db, req, req.params.id)),
  );
}
