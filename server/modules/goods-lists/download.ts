/** How the exports go out: an .xlsx as a download. */
import type { FastifyReply } from 'fastify';
import { z } from 'zod';
import { answers } from '../../../core/schemas/envelope.js';
import type { Download } from './excel.js';

/** A file as a download: the Chinese name for browsers that read it, ASCII for the rest; never kept by a cache. */
export function sendFile(reply: FastifyReply, d: Download) {
  const ascii = d.name.replace(/[^\x20-\x7e]/g, '').replace(/["\\]/g, '') || 'download.xlsx';
  return reply
    .type(d.mime)
    .header('content-disposition', `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(d.name)}`)
    .header('cache-control', 'private, no-store')
    .header('x-content-type-options', 'nosniff')
    .send(d.file as unknown as string);
}

export const fileResponse = { 200: z.union([z.string().meta({ description: 'the .xlsx file (Content-Disposition: attachment)' }), answers(z.null())[200]]) };
export const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
