/** HTTP of the console's ads and banners (内容管理 › 广告, content/admin.ts): permission `content:write` for every call. */
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { adBody, AdminAd, adminAdQuery, adminContentParams, HOME_ENTRANCE_BANNER_ID } from '../../../core/schemas/admin-content.js';
import { answers } from '../../../core/schemas/envelope.js';
import type { Deps } from '../../deps.js';
import { needs } from '../../http/auth.js';
import { ok } from '../../http/envelope.js';
import * as admin from './admin.js';
import { BAD, FRESH } from './admin-routes.js';

export async function adAdminRoutes(root: FastifyInstance, deps: Deps) {
  const app = root.withTypeProvider<ZodTypeProvider>();
  const { db } = deps.database;
  const tags = ['content'];
  const guard = needs('content:write');
  const removed = answers(z.null());
  // Banners and ads.
  app.get(
    '/api/admin/ads',
    {
      ...guard,
      schema: {
        tags,
        summary: 'Banners and ads, hidden ones too, by position and order (content:write).',
        querystring: adminAdQuery,
        response: answers(z.array(AdminAd)),
      },
    },
    async (req) => ok(await admin.listAds(db, req.query.position)),
  );
  const adRules = `\`image\` a site path or an https address; \`url\` a site path, an http(s) address, empty (活动暂未开始) or \`*#text\`; the home page's activity entrances are position \`tile\` with \`banner_id\` ${HOME_ENTRANCE_BANNER_ID} (a \`tile\` needs its \`banner_id\`, 422).`;
  app.post(
    '/api/admin/ads',
    {
      ...guard,
      schema: {
        tags,
        summary: 'Places a banner or an ad (content:write).',
        description: `${adRules} ${BAD} ${FRESH}`,
        body: adBody,
        response: answers(AdminAd),
      },
    },
    async (req) => ok(await admin.createAd(db, req, req.body)),
  );
  app.post(
    '/api/admin/ads/:id',
    {
      ...guard,
      schema: {
        tags,
        summary: 'Changes a banner or an ad (content:write).',
        description: `${adRules} ${BAD} ${FRESH}`,
        params: adminContentParams,
        body: adBody,
        response: answers(AdminAd),
      },
    },
    async (req) => ok(await admin.updateAd(db, req, req.params.id, req.body)),
  );
  app.delete(
    '/api/admin/ads/:id',
    { ...guard, schema: { tags, summary: 'Removes a banner or an ad (content:write).', description: FRESH, params: adminContentParams, response: removed } },
    async (req) => ok(await admin.deleteAd(db, req, req.params.id)),
  );
}
