/** HTTP of 电子发票 `/dzfp`: the account's invoices, their PDFs, and its invoice titles (DESIGN.md section 6). */
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { answers } from '../../../core/schemas/envelope.js';
import {
  chooseTitleBody,
  INVOICE_TITLE_MAX,
  InvoiceDetail,
  InvoicePage,
  invoiceParams,
  invoiceQuery,
  InvoiceTitle,
  invoiceTitleBody,
  InvoiceTitleDeleted,
  invoiceTitleParams,
} from '../../../core/schemas/invoices.js';
import type { Deps } from '../../deps.js';
import { requireUser } from '../../http/auth.js';
import { ok } from '../../http/envelope.js';
import * as service from './service.js';
import * as titles from './titles.js';

const OWN = "Another account's id answers 404; a guest 401.";
const PDF_TYPE = 'application/pdf';

/** Sends a PDF as a download; the file name in Chinese for browsers that read it, in ASCII for the rest. */
export function sendPdf(reply: FastifyReply, pdf: { file: Buffer; name: string }) {
  const ascii = pdf.name.replace(/[^\x20-\x7e]/g, '').replace(/^-/, 'invoice-');
  return reply
    .type(PDF_TYPE)
    .header('content-disposition', `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(pdf.name)}`)
    .header('cache-control', 'private, no-store')
    .send(pdf.file as unknown as string);
}

/** The PDF itself, or (as JSON) the refusal of one that cannot be made. */
export const pdfResponse = { 200: z.union([z.string().meta({ description: 'the PDF (Content-Disposition: attachment)' }), answers(z.null())[200]]) };

export async function invoiceRoutes(root: FastifyInstance, deps: Deps) {
  const app = root.withTypeProvider<ZodTypeProvider>();
  const { db } = deps.database;
  const tags = ['invoices'];

  app.get(
    '/api/invoice',
    {
      schema: {
        tags,
        summary: "The account's invoices, newest first (20 a page), by status and order: blue ones of paid orders and the red ones reversing them.",
        description:
          'A blue invoice is issued when its order completes, with the title the order asked for at checkout (when it named a tax number) or else the default title; with no title it waits (status 0 待开票, `can_choose_title` 1). A refund reverses an issued invoice (status 2 已红冲, with `reversed_by_no`) by a red one of negative amounts (`reverses_no`), and a new blue one is issued for what is left. ' +
          OWN,
        querystring: invoiceQuery,
        response: answers(InvoicePage),
      },
    },
    async (req) => ok(await service.listInvoices(db, requireUser(req), req.query)),
  );

  app.get(
    '/api/invoice/title',
    { schema: { tags, summary: "The account's invoice titles, the default first.", response: answers(z.array(InvoiceTitle)) } },
    async (req) => ok(await titles.listTitles(db, requireUser(req).id)),
  );
  app.post(
    '/api/invoice/title',
    {
      schema: {
        tags,
        summary: `Adds an invoice title: the first one is the default; at most ${INVOICE_TITLE_MAX}.`,
        description: `Tax numbers are 15-20 capitals and digits (small letters are read as capitals); each field's Chinese message on 422, nothing written. Refused (400) past ${INVOICE_TITLE_MAX} titles.`,
        body: invoiceTitleBody,
        response: answers(InvoiceTitle),
      },
    },
    async (req) => ok(await titles.createTitle(db, requireUser(req).id, req.body)),
  );
  app.post(
    '/api/invoice/title/:id',
    {
      schema: {
        tags,
        summary: 'Changes an invoice title; invoices issued with it keep the title they were issued with.',
        description: OWN,
        params: invoiceTitleParams,
        body: invoiceTitleBody,
        response: answers(InvoiceTitle),
      },
    },
    async (req) => ok(await titles.updateTitle(db, requireUser(req).id, req.params.id, req.body)),
  );
  app.delete(
    '/api/invoice/title/:id',
    {
      schema: {
        tags,
        summary: 'Deletes an invoice title; the next one becomes the default.',
        description: OWN,
        params: invoiceTitleParams,
        response: answers(InvoiceTitleDeleted),
      },
    },
    async (req) => ok(await titles.deleteTitle(db, requireUser(req).id, req.params.id)),
  );
  app.post(
    '/api/invoice/title/:id/default',
    {
      schema: {
        tags,
        summary: 'Makes an invoice title the default; answers the titles.',
        description: OWN,
        params: invoiceTitleParams,
        response: answers(z.array(InvoiceTitle)),
      },
    },
    async (req) => ok(await titles.setDefaultTitle(db, requireUser(req).id, req.params.id)),
  );

  app.get(
    '/api/invoice/:id',
    {
      schema: {
        tags,
        summary: 'One invoice with its lines (name, spec, unit, quantity, unit price, amount) and the amount in Chinese capitals.',
        description: OWN,
        params: invoiceParams,
        response: answers(InvoiceDetail),
      },
    },
    async (req) => ok(await service.invoiceDetail(db, requireUser(req), req.params.id)),
  );
  app.post(
    '/api/invoice/:id/title',
    {
      schema: {
        tags,
        summary: 'Issues a waiting invoice (待开票) with one of the account’s titles: numbered and dated now.',
        description: `Posted again with the same title once issued, it answers the invoice as it is; an invoice issued already (or a red one) is refused (400 \`${service.ALREADY_ISSUED}\`). A title of another account answers 422 on \`title_id\`. ${OWN}`,
        params: invoiceParams,
        body: chooseTitleBody,
        response: answers(InvoiceDetail),
      },
    },
    async (req) => ok(await service.chooseTitle(db, requireUser(req), req.params.id, req.body.title_id)),
  );
  app.get(
    '/api/invoice/:id/pdf',
    {
      schema: {
        tags,
        summary:
          "The invoice as a PDF: the site's name and licences, the buyer's title and tax number, the lines, the total in figures and in Chinese capitals, number and date.",
        description: `A waiting invoice is refused (400 \`${service.NOT_ISSUED}\`). ${OWN}`,
        params: invoiceParams,
        produces: [PDF_TYPE],
        response: pdfResponse,
      },
    },
    async (req, reply) => sendPdf(reply, await service.buyerPdf(db, requireUser(req), req.params.id)),
  );
}
