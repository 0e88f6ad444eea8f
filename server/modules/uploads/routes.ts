/**
 * POST /api/upload stores licence images, receipts and after-sale pictures; GET /uploads/{name} serves one
 * to its owner and to the operators who review buyers' papers (`user:read` or `order:read`), never to a
 * guest or another account (404, as if it did not exist), and never cached by a shared cache.
 * GET /uploads/public/{name} serves the goods, brand and category pictures operators upload, to everybody.
 */
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Permission } from '../../../core/admin.js';
import { UPLOAD_MAX_BYTES } from '../../../core/constants.js';
import { Code, Message } from '../../../core/codes.js';
import { answers } from '../../../core/schemas/envelope.js';
import { Uploaded } from '../../../core/schemas/user.js';
import type { Deps } from '../../deps.js';
import { invalid, ok } from '../../http/envelope.js';
import { requireUser } from '../../http/auth.js';
import { fileRoutes, takeFile } from '../../http/files.js';
import { operatorOf } from '../operators/index.js';
import { publicPicture, saveUpload, uploadFor } from './service.js';
import { uploadStore } from './storage.js';

const fileName = z.string().regex(/^[a-z0-9]+-[a-f0-9]{16}\.(png|jpg|gif|webp|pdf)$/);
const pictureName = z.string().regex(/^[a-z0-9]+-[a-f0-9]{16}\.(png|jpg|gif|webp)$/);
/** Operators holding one of these open any buyer's file: licences under review, receipts beside their orders. */
const REVIEWS: Permission[] = ['user:read', 'order:read'];

export async function uploadRoutes(root: FastifyInstance, deps: Deps) {
  const app = root.withTypeProvider<ZodTypeProvider>();
  const { db } = deps.database;
  const store = uploadStore(deps);
  const tags = ['uploads'];

  await fileRoutes(root, (files) =>
    files.post(
      '/api/upload',
      {
        schema: {
          tags,
          summary: 'Stores a file (multipart field `file`: JPG, PNG, GIF, WEBP or PDF, at most 10 MB) for licences, receipts and after-sales.',
          description:
            "The file's own first bytes decide its type, not its name. Only its owner (or the headquarters acting for it) may open it afterwards, and the console's operators who read customers or orders.",
          response: answers(Uploaded),
        },
        config: { rateLimit: { max: 60 * deps.config.RATE_LIMIT_FACTOR, timeWindow: 60_000 } },
      },
      async (req) => {
        const user = requireUser(req);
        const { buffer, filename } = await takeFile(req, UPLOAD_MAX_BYTES, { none: '请选择要上传的文件', tooLarge: '文件不能超过10MB' });
        if (buffer.length === 0) throw invalid('file', '文件内容为空');
        const saved = await saveUpload(db, store, user.id, buffer, filename);
        if (!saved) throw invalid('file', '仅支持 JPG、PNG、GIF、WEBP 图片或 PDF 文件');
        return ok(saved);
      },
    ),
  );

  const served = {
    tags,
    summary:
      'A stored file, to its owner (or the headquarters acting for it) and to operators with `user:read` or `order:read` only; anyone else, a guest included, gets 404.',
    description: 'Sent with `cache-control: private`, `X-Content-Type-Options: nosniff`, and a PDF as `Content-Disposition: attachment`.',
    hide: true,
  };
  app.get('/uploads/:name', { schema: served }, async (req, reply) => {
    const name = fileName.safeParse((req.params as { name?: string }).name);
    const session = req.session;
    const viewers = session ? [session.user.id, ...(session.actor ? [session.actor.id] : [])] : [];
    let row = name.success && viewers.length ? await uploadFor(db, name.data, viewers) : null;
    if (!row && name.success) {
      const operator = await operatorOf(db, req);
      if (operator && REVIEWS.some((p) => operator.permissions.has(p))) row = await uploadFor(db, name.data, [], true);
    }
    const file = row ? await store.open(row.path) : null;
    if (!row || !file) {
      return reply.status(404).header('cache-control', 'no-store').send({ code: Code.notFound, message: Message.notFound, data: null });
    }
    reply
      .type(row.mime)
      .header('content-length', file.size)
      .header('cache-control', 'private, max-age=3600')
      .header('x-content-type-options', 'nosniff')
      .header('content-security-policy', "default-src 'none'; img-src 'self'; style-src 'unsafe-inline'; sandbox");
    if (row.mime === 'application/pdf') {
      // A PDF is downloaded, never opened inside the site's own origin.
      reply.header('content-disposition', `attachment; filename="${name.data}"; filename*=UTF-8''${encodeURIComponent(row.originalName || name.data!)}`);
    }
    return reply.send(file.body);
  });

  app.get(
    '/uploads/public/:name',
    {
      schema: {
        ...served,
        summary: 'A goods, brand or category picture an operator uploaded, to everybody; kept by browsers and proxies for a year (the name never changes).',
      },
    },
    async (req, reply) => {
      const name = pictureName.safeParse((req.params as { name?: string }).name);
      const row = name.success ? await publicPicture(db, name.data) : null;
      const file = row ? await store.open(row.path) : null;
      if (!row || !file) {
        return reply.status(404).header('cache-control', 'no-store').send({ code: Code.notFound, message: Message.notFound, data: null });
      }
      return reply
        .type(row.mime)
        .header('content-length', file.size)
        .header('cache-control', 'public, max-age=31536000, immutable')
        .header('x-content-type-options', 'nosniff')
        .header('content-security-policy', "default-src 'none'; img-src 'self'; style-src 'unsafe-inline'; sandbox")
        .send(file.body);
    },
  );
}
