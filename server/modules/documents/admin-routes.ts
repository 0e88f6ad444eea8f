/** HTTP of the console's 质量管理 › 首营资料 (document:write): the site's documents and each goods' documents. */
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  AdminGoodsDocumentPage,
  AdminGoodsDocuments,
  adminGoodsDocumentsQuery,
  goodsDocumentBody,
  goodsDocumentKindParams,
  goodsDocumentParams,
  SiteDocument,
  siteDocumentBody,
  siteDocumentKindParams,
} from '../../../core/schemas/documents.js';
import { answers } from '../../../core/schemas/envelope.js';
import type { Deps } from '../../deps.js';
import { needs } from '../../http/auth.js';
import { ok } from '../../http/envelope.js';
import * as service from './service.js';

const AUDITED = 'Every write is in the audit log with the fields before and after; the same post again changes nothing and writes no row.';

export async function documentAdminRoutes(root: FastifyInstance, deps: Deps) {
  const app = root.withTypeProvider<ZodTypeProvider>();
  const { db } = deps.database;
  const tags = ['documents'];
  const write = needs('document:write');

  app.get(
    '/api/admin/documents/site',
    {
      ...write,
      schema: {
        tags,
        summary: "The site's documents, every kind in order, set or not, with validity state (document:write).",
        response: answers(z.array(SiteDocument)),
      },
    },
    async () => ok(await service.siteDocumentList(db)),
  );
  app.post(
    '/api/admin/documents/site',
    {
      ...write,
      schema: {
        tags,
        summary: "Sets one of the site's documents whole: number, 发证日期, 有效期至, files and remark (document:write).",
        description: `Files are uploaded first (\`POST /api/admin/documents/upload\`). 药品经营许可证, GSP and 质量保证协议 need 有效期至; seals, 开户许可证 and the 随货同行单 sample take none. 422 with each field's Chinese message, nothing written. ${AUDITED}`,
        body: siteDocumentBody,
        response: answers(SiteDocument),
      },
    },
    async (req) => ok(await service.saveSiteDocument(db, req, req.body)),
  );
  app.delete(
    '/api/admin/documents/site/:kind',
    {
      ...write,
      schema: {
        tags,
        summary: "Takes one of the site's documents away (document:write).",
        description: AUDITED,
        params: siteDocumentKindParams,
        response: answers(SiteDocument),
      },
    },
    async (req) => ok(await service.removeSiteDocument(db, req, req.params.kind)),
  );

  app.get(
    '/api/admin/documents/goods',
    {
      ...write,
      schema: {
        tags,
        summary: 'Goods with at least one document, the latest changed first, 20 a page, with the kinds each has (document:write).',
        querystring: adminGoodsDocumentsQuery,
        response: answers(AdminGoodsDocumentPage),
      },
    },
    async (req) => ok(await service.goodsDocumentPage(db, req.query)),
  );
  app.get(
    '/api/admin/documents/goods/:id',
    {
      ...write,
      schema: {
        tags,
        summary: "A goods' four kinds of documents, set or not (document:write).",
        params: goodsDocumentParams,
        response: answers(AdminGoodsDocuments),
      },
    },
    async (req) => ok(await service.goodsDocumentList(db, req.params.id)),
  );
  app.post(
    '/api/admin/documents/goods/:id',
    {
      ...write,
      schema: {
        tags,
        summary: "Sets one of a goods' documents whole (注册证或批件, 说明书, 质量标准, 包装图) (document:write).",
        description: `Unknown goods answer 404. ${AUDITED}`,
        params: goodsDocumentParams,
        body: goodsDocumentBody,
        response: answers(AdminGoodsDocuments),
      },
    },
    async (req) => ok(await service.saveGoodsDocument(db, req, req.params.id, req.body)),
  );
  app.delete(
    '/api/admin/documents/goods/:id/:kind',
    {
      ...write,
      schema: {
        tags,
        summary: "Takes one of a goods' documents away (document:write).",
        description: AUDITED,
        params: goodsDocumentKindParams,
        response: answers(AdminGoodsDocuments),
      },
    },
    async (req) => ok(await service.removeGoodsDocument(db, req, req.params.id, req.params.kind)),
  );
}
