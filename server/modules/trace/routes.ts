/** HTTP of trace codes and the 随货同行单: the buyer's downloads and the console's outbound check (出库复核). */
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { answers } from '../../../core/schemas/envelope.js';
import {
  DeliveryNote,
  TraceGoods,
  traceGoodsBody,
  traceGoodsParams,
  TraceOrder,
  TraceScanResult,
  traceCodeParams,
  traceDownloadQuery,
  traceOrderParams,
  traceScanBody,
} from '../../../core/schemas/trace.js';
import type { Deps } from '../../deps.js';
import { downloadResponse, sendDownload } from '../../http/download.js';
import { needs, requireUser } from '../../http/auth.js';
import { notFound, ok } from '../../http/envelope.js';
import { codesDownload, deliveryNoteDownload, deliveryNoteFor } from './downloads.js';
import { sealPicture } from '../documents/index.js';
import { uploadStore } from '../uploads/index.js';
import { goodsTrace, setGoodsTrace } from './goods.js';
import * as service from './service.js';

const fileResponse = downloadResponse();
const OWN = "Another account's order answers 404; a guest 401.";
const CODES = 'One row a box: 商品名称, 通用名, 规格, 生产厂家, 批准文号, 批号, 有效期至, 追溯码. `format=csv` is UTF-8 with a BOM.';
const AUDITED = 'Every write is in the audit log (出库复核扫码, 撤销追溯码).';

async function buyerRoutes(app: FastifyInstance, deps: Deps) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const { db } = deps.database;
  const store = uploadStore(deps);
  const tags = ['trace'];
  api.get(
    '/api/trace/order/:id/codes',
    {
      schema: {
        tags,
        summary: "The trace codes (追溯码) of the account's shipped order, as Excel or CSV.",
        description: `${CODES} Refused (400) before shipping or when no goods of the order carries codes. ${OWN}`,
        params: traceOrderParams,
        querystring: traceDownloadQuery,
        produces: ['application/vnd.openxmlformats-officedocument.spreadsheetml.sheet', 'text/csv'],
        response: fileResponse,
      },
    },
    async (req, reply) => sendDownload(reply, await codesDownload(db, requireUser(req), req.params.id, req.query.format)),
  );
  api.get(
    '/api/trace/order/:id/delivery-note',
    {
      schema: {
        tags,
        summary: "The 随货同行单 of the account's shipped order as a PDF, stamped with the 出库专用章.",
        description: `Refused (400) before shipping. ${OWN}`,
        params: traceOrderParams,
        produces: ['application/pdf'],
        response: fileResponse,
      },
    },
    async (req, reply) => sendDownload(reply, await deliveryNoteDownload(db, store, requireUser(req), req.params.id)),
  );
}

async function adminRoutes(app: FastifyInstance, deps: Deps) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const { db } = deps.database;
  const store = uploadStore(deps);
  const tags = ['trace'];
  const read = needs('order:read');
  const ship = needs('order:ship');
  api.get(
    '/api/admin/trace/orders/:id',
    {
      ...read,
      schema: {
        tags,
        summary: "出库复核: the order's lines with the codes each needs and has, per batch (order:read).",
        params: traceOrderParams,
        response: answers(TraceOrder),
      },
    },
    async (req) => ok(await service.traceOrder(db, req.params.id)),
  );
  api.post(
    '/api/admin/trace/orders/:id/codes',
    {
      ...ship,
      schema: {
        tags,
        summary: 'Scanned codes of a 待发货 order, up to 200 a post; each is taken or refused with its reason (order:ship).',
        description: `A code is 20 digits opening with its goods' 药品标识码, for a line with boxes left, bound to the line's first batch with room (or \`batch_no\`), and never scanned before anywhere. When none is taken the answer is 422 with each code's reason under \`codes.{index}\` and nothing is written; the same code sent twice at once is written once. Refused (400) unless the order is 待发货. ${AUDITED}`,
        params: traceOrderParams,
        body: traceScanBody,
        response: answers(TraceScanResult),
      },
    },
    async (req) => ok(await service.scanCodes(db, req, req.params.id, req.body)),
  );
  api.delete(
    '/api/admin/trace/orders/:id/codes/:code',
    {
      ...ship,
      schema: {
        tags,
        summary: 'Takes a scanned code back before the order ships (order:ship).',
        description: `A code not on the order changes nothing. ${AUDITED}`,
        params: traceCodeParams,
        response: answers(TraceOrder),
      },
    },
    async (req) => ok(await service.removeCode(db, req, req.params.id, req.params.code)),
  );
  api.get(
    '/api/admin/trace/orders/:id/codes',
    {
      ...read,
      schema: {
        tags,
        summary: "An order's trace codes as its buyer downloads them, at any state (order:read).",
        description: CODES,
        params: traceOrderParams,
        querystring: traceDownloadQuery,
        produces: ['application/vnd.openxmlformats-officedocument.spreadsheetml.sheet', 'text/csv'],
        response: fileResponse,
      },
    },
    async (req, reply) => sendDownload(reply, await codesDownload(db, null, req.params.id, req.query.format)),
  );
  api.get(
    '/api/admin/trace/orders/:id/delivery-note',
    {
      ...read,
      schema: {
        tags,
        summary: "The 随货同行单 of a paid order for the console's printable page (order:read); before shipping a preview without a shipping date.",
        params: traceOrderParams,
        response: answers(DeliveryNote),
      },
    },
    async (req) => ok((await deliveryNoteFor(db, store, null, req.params.id)).note),
  );
  api.get(
    '/api/admin/trace/orders/:id/delivery-note.pdf',
    {
      ...read,
      schema: {
        tags,
        summary: 'The same 随货同行单 as a PDF (order:read).',
        params: traceOrderParams,
        produces: ['application/pdf'],
        response: fileResponse,
      },
    },
    async (req, reply) => sendDownload(reply, await deliveryNoteDownload(db, store, null, req.params.id)),
  );
  api.get(
    '/api/admin/trace/seal',
    {
      ...read,
      schema: {
        tags,
        summary: 'The 出库专用章 picture the printable 随货同行单 carries (order:read); 404 while none is set in 首营资料.',
        produces: ['image/png', 'image/jpeg'],
        response: fileResponse,
      },
    },
    async (_req, reply) => {
      const seal = await sealPicture(db, store, 'outbound_seal');
      if (!seal) throw notFound('尚未设置出库专用章印模');
      return reply
        .type(seal.mime)
        .header('cache-control', 'private, max-age=300')
        .send(seal.file as unknown as string);
    },
  );
}

async function goodsRoutes(app: FastifyInstance, deps: Deps) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const { db } = deps.database;
  const tags = ['trace'];
  api.get(
    '/api/admin/trace/goods/:id',
    {
      ...needs('goods:read'),
      schema: {
        tags,
        summary: "A goods' 药品标识码 and whether it sells without codes (goods:read).",
        params: traceGoodsParams,
        response: answers(TraceGoods),
      },
    },
    async (req) => ok(await goodsTrace(db, req.params.id)),
  );
  api.post(
    '/api/admin/trace/goods/:id',
    {
      ...needs('goods:write'),
      schema: {
        tags,
        summary: "Sets a goods' 药品标识码 (7 digits) or marks it sold without codes (goods:write).",
        description: `422 with a Chinese message on \`prefix\` for a malformed prefix, none without 无追溯码, or one another goods holds; nothing written. Codes scanned before keep their goods. Audited (设置药品标识码).`,
        params: traceGoodsParams,
        body: traceGoodsBody,
        response: answers(TraceGoods),
      },
    },
    async (req) => ok(await setGoodsTrace(db, req, req.params.id, req.body)),
  );
}

/** The buyer's downloads and the console's check. */
export async function traceRoutes(app: FastifyInstance, deps: Deps) {
  service.enforceCheck(deps.config.TRACE_CHECK === 'on');
  await buyerRoutes(app, deps);
  await adminRoutes(app, deps);
  await goodsRoutes(app, deps);
}
