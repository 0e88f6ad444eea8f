/** POST /api/upload: licence images, receipts and feedback pictures, stored under DATA_DIR/uploads. */
import crypto from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { UPLOAD_MAX_BYTES } from '../../../core/constants.js';
import type { Deps } from '../../deps.js';
import { uploads } from '../../db/schema/index.js';
import { invalid, ok } from '../../http/envelope.js';
import { requireUser } from '../accounts/sessions.js';

/** The file's own first bytes decide its type; the name and the browser's claim do not. */
const SIGNATURES: { ext: string; mime: string; test: (b: Buffer) => boolean }[] = [
  { ext: 'png', mime: 'image/png', test: (b) => b.subarray(0, 8).equals(Buffer.from('89504e470d0a1a0a', 'hex')) },
  { ext: 'jpg', mime: 'image/jpeg', test: (b) => b[0] === 0xff && b[1] === 0xd8 && b[2] === 0xff },
  { ext: 'gif', mime: 'image/gif', test: (b) => b.subarray(0, 4).toString('latin1') === 'GIF8' },
  {
    ext: 'webp',
    mime: 'image/webp',
    test: (b) => b.subarray(0, 4).toString('latin1') === 'RIFF' && b.subarray(8, 12).toString('latin1') === 'WEBP',
  },
  { ext: 'pdf', mime: 'application/pdf', test: (b) => b.subarray(0, 5).toString('latin1') === '%PDF-' },
];

export async function uploadRoutes(app: FastifyInstance, deps: Deps) {
  const { db } = deps.database;
  await fs.mkdir(deps.config.uploadDir, { recursive: true });

  app.post('/api/upload', { config: { rateLimit: { max: 60 * deps.config.RATE_LIMIT_FACTOR, timeWindow: 60_000 } } }, async (req) => {
    const user = requireUser(req);
    if (!req.isMultipart()) throw invalid('file', '请选择要上传的文件');
    const file = await req.file({ limits: { fileSize: UPLOAD_MAX_BYTES, files: 1 } });
    if (!file) throw invalid('file', '请选择要上传的文件');
    const buffer = await file.toBuffer().catch(() => null);
    if (!buffer || file.file.truncated) throw invalid('file', '文件不能超过10MB');
    if (buffer.length === 0) throw invalid('file', '文件内容为空');
    const kind = SIGNATURES.find((s) => s.test(buffer));
    if (!kind) throw invalid('file', '仅支持 JPG、PNG、GIF、WEBP 图片或 PDF 文件');
    const name = `${Date.now().toString(36)}-${crypto.randomBytes(8).toString('hex')}.${kind.ext}`;
    await fs.writeFile(path.join(deps.config.uploadDir, name), buffer);
    const url = `/uploads/${name}`;
    await db.insert(uploads).values({
      userId: user.id,
      path: url,
      originalName: file.filename.slice(0, 255),
      mime: kind.mime,
      size: buffer.length,
    });
    return ok({ url, name: file.filename, size: buffer.length });
  });
}
