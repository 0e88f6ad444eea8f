/**
 * HTTP of the console's document files: uploading one, looking at one (document:write or order:read), and an
 * order's document pack as its buyer downloads it (order:read).
 */
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { adminDocumentFileQuery, DOCUMENT_FILE_MAX_BYTES, DocumentFileInfo, orderPackParams } from '../../../core/schemas/documents.js';
import { answers } from '../../../core/schemas/envelope.js';
import type { Deps } from '../../deps.js';
import { needs, needsAny } from '../../http/auth.js';
import { invalid, notFound, ok } from '../../http/envelope.js';
import { fileRoutes, takeFile } from '../../http/files.js';
import { knownDocumentFiles, readDocumentFile, saveDocumentFile, uploadStore } from '../uploads/index.js';
import { NO_FILE, orderPack } from './pack.js';
import { sendDownload } from '../../http/download.js';
import { fileResponse } from './routes.js';

export async function documentFileAdminRoutes(root: FastifyInstance, deps: Deps) {
  const app = root.withTypeProvider<ZodTypeProvider>();
  const { db } = deps.database;
  const store = uploadStore(deps);
  const tags = ['documents'];
  const write = needs('document:write');

  await fileRoutes(root, (files) =>
    files.post(
      '/api/admin/documents/upload',
      {
        ...write,
        schema: {
          tags,
          summary: "Stores a document's file (multipart field `file`: PDF, JPG, PNG, GIF or WEBP, at most 10 MB) (document:write).",
          description:
            "The file's own first bytes decide its type. The answer's `url` (`/uploads/documents/...`) is what a document's `files` take; it is never served to the public, only through the documents' own routes.",
          response: answers(DocumentFileInfo),
        },
      },
      async (req) => {
        const { buffer, filename } = await takeFile(req, DOCUMENT_FILE_MAX_BYTES, { none: '请选择要上传的文件', tooLarge: '文件不能超过10MB' });
        if (!buffer.length) throw invalid('file', '文件内容为空');
        const saved = await saveDocumentFile(db, store, buffer, filename);
        if (!saved) throw invalid('file', '仅支持 PDF 或 JPG、PNG、GIF、WEBP 图片');
        return ok(saved);
      },
    ),
  );
  app.get(
    '/api/admin/documents/file',
    {
      ...needsAny('document:write', 'order:read'),
      schema: {
        tags,
        summary: "A document's file as it was uploaded, to look at in the console (document:write or order:read).",
        description: 'Pictures are shown inline, PDFs downloaded; `cache-control: private, no-store`.',
        querystring: adminDocumentFileQuery,
        produces: ['application/pdf', 'image/jpeg', 'image/png'],
        response: fileResponse,
      },
    },
    async (req, reply) => {
      const known = (await knownDocumentFiles(db, [req.query.url])).get(req.query.url);
      const file = known ? await readDocumentFile(store, known.url) : null;
      if (!known || !file) throw notFound(NO_FILE);
      if (known.mime.startsWith('image/')) {
        return reply
          .type(known.mime)
          .header('cache-control', 'private, no-store')
          .header('x-content-type-options', 'nosniff')
          .header('content-security-policy', "default-src 'none'; img-src 'self'; style-src 'unsafe-inline'; sandbox")
          .send(file as unknown as string);
      }
      return sendDownload(reply, { file, mime: known.mime, name: known.name || 'document.pdf' });
    },
  );
  app.get(
    '/api/admin/documents/orders/:id/pack',
    {
      ...needs('order:read'),
      schema: {
        tags,
        summary: "An order's document pack exactly as its buyer downloads it (order:read).",
        params: orderPackParams,
        produces: ['application/zip'],
        response: fileResponse,
      },
    },
    async (req, reply) => sendDownload(reply, await orderPack(db, store, null, req.params.id)),
  );
}
