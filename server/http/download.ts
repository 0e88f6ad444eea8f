/** Files sent to their reader: the exports, packs, reports and papers of every module. */
import type { FastifyReply } from 'fastify';
import { z } from 'zod';
import { answers } from '../../core/schemas/envelope.js';

export type Download = { file: Buffer; mime: string; name: string };

/**
 * A file as an attachment, or shown in the browser (`inline`, a PDF): the name in Chinese for browsers that read it,
 * in ASCII for the rest; never kept by a shared cache.
 */
export function sendDownload(reply: FastifyReply, d: Download, { inline = false } = {}) {
  const ascii = d.name.replace(/[^\x20-\x7e]/g, '').replace(/["\\]/g, '') || 'download';
  return reply
    .type(d.mime)
    .header('content-disposition', `${inline ? 'inline' : 'attachment'}; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(d.name)}`)
    .header('cache-control', 'private, no-store')
    .header('x-content-type-options', 'nosniff')
    .send(d.file as unknown as string);
}

/** The file itself, or (as JSON) the refusal of one that cannot be served. */
export const downloadResponse = (description = 'the file (Content-Disposition: attachment)') => ({
  200: z.union([z.string().meta({ description }), answers(z.null())[200]]),
});
