/** HTTP of the console's 财务 › 电子发票 (invoices/admin.ts): permission `finance:invoice`. */
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { answers } from '../../../core/schemas/envelope.js';
import { z } from 'zod';
import {
  AdminInvoice,
  AdminInvoicePage,
  adminInvoiceParams,
  adminInvoiceQuery,
  adminIssueBody,
  adminReverseBody,
  adminUninvoicedQuery,
  InvoiceSettings,
  invoiceSettingsBody,
  UninvoicedOrder,
} from '../../../core/schemas/invoices.js';
import type { Deps } from '../../deps.js';
import { needs, requirePermission } from '../../http/auth.js';
import { ok } from '../../http/envelope.js';
import * as admin from './admin.js';
import { pdfResponse, sendPdf } from './routes.js';
import { invoiceSettings, saveInvoiceSettings } from './tax.js';

const AUDITED = 'Every write is in the audit log; the same action posted again changes nothing and writes no row.';

export async function invoiceAdminRoutes(root: FastifyInstance, deps: Deps) {
  const app = root.withTypeProvider<ZodTypeProvider>();
  const { db } = deps.database;
  const tags = ['invoices'];
  const guard = needs('finance:invoice');

  app.get(
    '/api/admin/invoices',
    {
      ...guard,
      schema: {
        tags,
        summary: 'Every invoice with its buyer and lines, newest first, by status, kind, order, buyer and the China days it was issued (finance:invoice).',
        description:
          '`order_no` finds part of the order number or the invoice number; `buyer` part of the buyer’s company, username or phone, or of the title’s company.',
        querystring: adminInvoiceQuery,
        response: answers(AdminInvoicePage),
      },
    },
    async (req) => {
      requirePermission(req, 'finance:invoice');
      return ok(await admin.adminListInvoices(db, req.query));
    },
  );
  app.get(
    '/api/admin/invoices/uninvoiced',
    {
      ...guard,
      schema: {
        tags,
        summary: 'Paid orders with no invoice in force (completed ones first), to issue now: at most 20 (finance:invoice).',
        description:
          '`keyword` finds part of the order number or of the buyer’s company, username or phone. `has_title` 0: the buyer has no title yet, and 立即开票 would be refused.',
        querystring: adminUninvoicedQuery,
        response: answers(z.array(UninvoicedOrder)),
      },
    },
    async (req) => {
      requirePermission(req, 'finance:invoice');
      return ok(await admin.adminUninvoiced(db, req.query));
    },
  );
  app.post(
    '/api/admin/invoices/issue',
    {
      ...guard,
      schema: {
        tags,
        summary: '立即开票: issues the blue invoice of a paid order now, with the title it asked for at checkout or the buyer’s default (finance:invoice).',
        description: `422 on \`order_no\` for an unknown order. Refused (400): an order not paid or cancelled, refunded in full, or whose buyer has no title. An order issued already answers its invoice. The buyer is told in 我的消息. ${AUDITED}`,
        body: adminIssueBody,
        response: answers(AdminInvoice),
      },
    },
    async (req) => ok(await admin.adminIssue(db, req, req.body.order_no)),
  );
  app.post(
    '/api/admin/invoices/:id/reverse',
    {
      ...guard,
      schema: {
        tags,
        summary: '红冲: reverses an issued blue invoice with a red one of negative amounts; answers the red one (finance:invoice).',
        description: `The order then has no invoice in force and can be issued again. Refused (400): a red invoice, a waiting one. Reversing a reversed invoice answers its red one. The buyer reads the reason in 我的消息. ${AUDITED}`,
        params: adminInvoiceParams,
        body: adminReverseBody,
        response: answers(AdminInvoice),
      },
    },
    async (req) => ok(await admin.adminReverse(db, req, req.params.id, req.body.reason)),
  );
  app.get(
    '/api/admin/invoices/:id/pdf',
    {
      ...guard,
      schema: {
        tags,
        summary: 'The PDF of an issued invoice, as the buyer downloads it (finance:invoice).',
        params: adminInvoiceParams,
        produces: ['application/pdf'],
        response: pdfResponse,
      },
    },
    async (req, reply) => {
      requirePermission(req, 'finance:invoice');
      return sendPdf(reply, await admin.adminPdf(db, req.params.id));
    },
  );
  app.get(
    '/api/admin/invoices/settings',
    {
      ...guard,
      schema: {
        tags,
        summary: '开票设置: the seller invoices name and the rate of each goods class, as stored now (finance:invoice).',
        description: 'Rates are percents. A class no operator has set has its default: 药品 13, 中药饮片 9, 医疗器械 13, 保健食品 13.',
        response: answers(InvoiceSettings),
      },
    },
    async (req) => {
      requirePermission(req, 'finance:invoice');
      return ok(await invoiceSettings(db));
    },
  );
  app.post(
    '/api/admin/invoices/settings',
    {
      ...guard,
      schema: {
        tags,
        summary: '开票设置: saves the seller’s name and 纳税人识别号 and the rate of each goods class, for invoices issued from now on (finance:invoice).',
        description: `Issued invoices keep the seller and rates they were issued with. 422 with each field’s message on bad input. ${AUDITED}`,
        body: invoiceSettingsBody,
        response: answers(InvoiceSettings),
      },
    },
    async (req) => ok(await saveInvoiceSettings(db, req, req.body)),
  );
}
