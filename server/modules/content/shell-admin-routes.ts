/**
 * HTTP of the console's navigation, hot searches and site settings (内容管理, content/admin.ts): permission
 * `content:write` for every call.
 */
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  adminContentParams,
  AdminHotSearch,
  AdminNavEntry,
  AdminNavLink,
  AdminSiteSettings,
  hotSearchBody,
  navBody,
  siteSettingsBody,
} from '../../../core/schemas/admin-content.js';
import { answers } from '../../../core/schemas/envelope.js';
import type { Deps } from '../../deps.js';
import { needs } from '../../http/auth.js';
import { ok } from '../../http/envelope.js';
import * as admin from './admin.js';
import { BAD, FRESH } from './admin-routes.js';

export async function shellAdminRoutes(root: FastifyInstance, deps: Deps) {
  const app = root.withTypeProvider<ZodTypeProvider>();
  const { db } = deps.database;
  const tags = ['content'];
  const guard = needs('content:write');
  const removed = answers(z.null());
  // The nav bar.
  app.get(
    '/api/admin/nav',
    {
      ...guard,
      schema: { tags, summary: "The nav bar's entries with their children, hidden ones too (content:write).", response: answers(z.array(AdminNavEntry)) },
    },
    async () => ok(await admin.listNav(db)),
  );
  const navRules =
    'Two levels: `parent_id` 0 is an entry of the bar, otherwise an entry of the bar whose pop-over shows it; an entry with children stays on the bar (422). The bar shows the first 9 entries.';
  app.post(
    '/api/admin/nav',
    {
      ...guard,
      schema: {
        tags,
        summary: 'Adds a nav entry (content:write).',
        description: `${navRules} ${BAD} ${FRESH}`,
        body: navBody,
        response: answers(AdminNavLink),
      },
    },
    async (req) => ok(await admin.createNav(db, req, req.body)),
  );
  app.post(
    '/api/admin/nav/:id',
    {
      ...guard,
      schema: {
        tags,
        summary: 'Changes a nav entry (content:write).',
        description: `${navRules} ${BAD} ${FRESH}`,
        params: adminContentParams,
        body: navBody,
        response: answers(AdminNavLink),
      },
    },
    async (req) => ok(await admin.updateNav(db, req, req.params.id, req.body)),
  );
  app.delete(
    '/api/admin/nav/:id',
    {
      ...guard,
      schema: {
        tags,
        summary: 'Removes a nav entry; one with children is refused (400) until they are removed (content:write).',
        description: FRESH,
        params: adminContentParams,
        response: removed,
      },
    },
    async (req) => ok(await admin.deleteNav(db, req, req.params.id)),
  );
  // Hot searches.
  app.get(
    '/api/admin/hot-searches',
    { ...guard, schema: { tags, summary: 'The hot searches under the search box, in order (content:write).', response: answers(z.array(AdminHotSearch)) } },
    async () => ok(await admin.listHotSearches(db)),
  );
  const hotRules = 'Without `url` the link searches for the name.';
  app.post(
    '/api/admin/hot-searches',
    {
      ...guard,
      schema: {
        tags,
        summary: 'Adds a hot search (content:write).',
        description: `${hotRules} ${BAD} ${FRESH}`,
        body: hotSearchBody,
        response: answers(AdminHotSearch),
      },
    },
    async (req) => ok(await admin.createHotSearch(db, req, req.body)),
  );
  app.post(
    '/api/admin/hot-searches/:id',
    {
      ...guard,
      schema: {
        tags,
        summary: 'Changes a hot search (content:write).',
        description: `${hotRules} ${BAD} ${FRESH}`,
        params: adminContentParams,
        body: hotSearchBody,
        response: answers(AdminHotSearch),
      },
    },
    async (req) => ok(await admin.updateHotSearch(db, req, req.params.id, req.body)),
  );
  app.delete(
    '/api/admin/hot-searches/:id',
    { ...guard, schema: { tags, summary: 'Removes a hot search (content:write).', description: FRESH, params: adminContentParams, response: removed } },
    async (req) => ok(await admin.deleteHotSearch(db, req, req.params.id)),
  );
  // Site settings of the header and footer.
  app.get(
    '/api/admin/site-settings',
    {
      ...guard,
      schema: {
        tags,
        summary: "The header's and footer's settings: hot line, QQ, the quality-inspection link, licence lines, the notice and the copyright (content:write).",
        response: answers(AdminSiteSettings),
      },
    },
    async () => ok(await admin.getSiteSettings(db)),
  );
  app.post(
    '/api/admin/site-settings',
    {
      ...guard,
      schema: {
        tags,
        summary: 'Changes them all at once (content:write).',
        description: `\`hot_line\` is the header's 投诉热线 and the user object's \`common_config.hot_line\`; \`qq1\`, \`qq2\` the QQ links of accounts without in-site chat; \`licences\` at most 8 lines. ${BAD} ${FRESH}`,
        body: siteSettingsBody,
        response: answers(AdminSiteSettings),
      },
    },
    async (req) => ok(await admin.saveSiteSettings(db, req, req.body)),
  );
}
