/**
 * Routes that take a file, and how they read it. The multipart parser lives only in the scope of those routes:
 * registered for the whole API it would add a hook to every answer (it cleans up files saved to disk, which
 * these routes never do) and eight fields to every request, and any other route would take a multipart body.
 * Elsewhere a multipart body is refused like any unreadable one (422).
 */
import multipart from '@fastify/multipart';
import type { FastifyBaseLogger, FastifyInstance, FastifyRequest, RawReplyDefaultExpression, RawRequestDefaultExpression, RawServerDefault } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { UPLOAD_MAX_BYTES } from '../../core/constants.js';
import { invalid } from './envelope.js';

/** A scope of routes whose schemas are Zod's. */
export type ZodApp = FastifyInstance<RawServerDefault, RawRequestDefaultExpression, RawReplyDefaultExpression, FastifyBaseLogger, ZodTypeProvider>;

/** Declares, in a scope of their own that reads multipart bodies, the routes `routes` adds. */
export async function fileRoutes(app: FastifyInstance, routes: (scope: ZodApp) => void) {
  await app.register(async (scope) => {
    await scope.register(multipart, { limits: { fileSize: UPLOAD_MAX_BYTES, files: 1, fields: 20 } });
    routes(scope.withTypeProvider<ZodTypeProvider>());
  });
}

/**
 * The one file of a multipart request (field `file`), at most `maxBytes`, or 422 on the field with `none` when
 * none was sent (or the body is not multipart) and with `tooLarge` when it is larger.
 */
export async function takeFile(req: FastifyRequest, maxBytes: number, messages: { none: string; tooLarge: string }) {
  if (!req.isMultipart()) throw invalid('file', messages.none);
  const file = await req.file({ limits: { fileSize: maxBytes, files: 1 } });
  if (!file) throw invalid('file', messages.none);
  const buffer = await file.toBuffer().catch(() => null);
  if (!buffer || file.file.truncated) throw invalid('file', messages.tooLarge);
  return { buffer, filename: file.filename };
}
