/** HTTP of the buyer's 首营资料: the site's documents, the 首营 mark, and the document packs of orders. */
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  BuyerSiteDocuments,
  documentFileParams,
  documentOrdersQuery,
  FirstGoods,
  firstGoodsQuery,
  OrderPack,
  OrderPackPage,
  orderPackParams,
} from '../../../core/schemas/documents.js';
import { answers } from '../../../core/schemas/envelope.js';
import type { Deps } from '../../deps.js';
import { downloadResponse, sendDownload } from '../../http/download.js';
import { requireUser } from '../../http/auth.js';
import { ok } from '../../http/envelope.js';
import { uploadStore } from '../uploads/index.js';
import * as pack from './pack.js';

/** The file itself, or (as JSON) the refusal of one that cannot be served. */
export const fileResponse = downloadResponse();

const OWN = "Another account's order answers 404; a guest 401.";
const APPROVED = `An account whose licences are not approved yet is refused (400 \`${pack.NOT_APPROVED}\`).`;

export async function documentBuyerRoutes(root: FastifyInstance, deps: Deps) {
  const app = root.withTypeProvider<ZodTypeProvider>();
  const { db } = deps.database;
  const store = uploadStore(deps);
  const tags = ['documents'];
  // A zip is drawn and packed for each request: 30 a minute per address is more than any buyer downloads.
  const zipLimit = { rateLimit: { max: 30 * deps.config.RATE_LIMIT_FACTOR, timeWindow: 60_000 } };

  app.get(
    '/api/documents/site',
    {
      schema: {
        tags,
        summary: "The site's first-business documents (营业执照, 药品经营许可证, GSP, seals ...) with their numbers and validity.",
        description:
          'Kinds the site has not set are left out. Files are listed (and served) only once the account is approved (`may_download` 1). A guest gets 401.',
        response: answers(BuyerSiteDocuments),
      },
    },
    async (req) => ok(await pack.buyerSiteDocuments(db, requireUser(req))),
  );
  app.get(
    '/api/documents/site/zip',
    {
      config: zipLimit,
      schema: {
        tags,
        summary: 'Every site document in one zip (本站首营资料), with a 资料清单 PDF listing them.',
        description: `${APPROVED} Refused (400) while the site has none.`,
        produces: ['application/zip'],
        response: fileResponse,
      },
    },
    async (req, reply) => sendDownload(reply, await pack.sitePack(db, store, requireUser(req))),
  );
  app.get(
    '/api/documents/site/:kind/:index',
    {
      schema: {
        tags,
        summary: 'One file (PDF or picture) of one of the site’s documents, as an attachment.',
        description: `${APPROVED} A kind not set or a file that is not there answers 404.`,
        params: documentFileParams,
        produces: ['application/pdf', 'image/jpeg', 'image/png'],
        response: fileResponse,
      },
    },
    async (req, reply) => sendDownload(reply, await pack.siteDocumentFile(db, store, requireUser(req), req.params.kind, req.params.index)),
  );
  app.get(
    '/api/documents/first',
    {
      schema: {
        tags,
        summary: '首营: of the goods named, those the account has never bought (in an order not cancelled); the cart and the confirm page mark them.',
        description: 'Any logged-in account; a guest gets 401.',
        querystring: firstGoodsQuery,
        response: answers(FirstGoods),
      },
    },
    async (req) => ok({ ids: await pack.firstGoods(db, requireUser(req), req.query.ids) }),
  );
  app.get(
    '/api/documents/orders',
    {
      schema: {
        tags,
        summary: "The account's orders, newest first (10 a page), each with what its document pack holds: the 首营 goods and their documents.",
        querystring: documentOrdersQuery,
        response: answers(OrderPackPage),
      },
    },
    async (req) => ok(await pack.orderPackPage(db, requireUser(req), req.query.page)),
  );
  app.get(
    '/api/documents/order/:id',
    {
      schema: {
        tags,
        summary: 'What one order’s document pack holds: the site’s documents and the goods the order bought first, with their documents.',
        description: OWN,
        params: orderPackParams,
        response: answers(OrderPack),
      },
    },
    async (req) => ok(await pack.orderPackInfo(db, requireUser(req), req.params.id)),
  );
  app.get(
    '/api/documents/order/:id/pack',
    {
      config: zipLimit,
      schema: {
        tags,
        summary:
          "An order's document pack: one zip of the 资料清单 PDF, the site's documents and each 首营 goods' documents (注册证或批件, 说明书, 质量标准, 包装图).",
        description: `Any order of the account, whatever its status. ${OWN}`,
        params: orderPackParams,
        produces: ['application/zip'],
        response: fileResponse,
      },
    },
    async (req, reply) => sendDownload(reply, await pack.orderPack(db, store, requireUser(req), req.params.id)),
  );
}
