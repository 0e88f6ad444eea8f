/** HTTP of the console's 内容管理 (content/admin.ts): permission `content:write` for every call. */
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  adBody,
  AdminAd,
  adminAdQuery,
  AdminArticle,
  AdminArticleCategory,
  AdminArticleDetail,
  adminArticleParams,
  adminArticleQuery,
  adminContentParams,
  AdminHotSearch,
  AdminNavEntry,
  AdminNavLink,
  AdminSiteSettings,
  articleBody,
  articleShowBody,
  HOME_ENTRANCE_BANNER_ID,
  hotSearchBody,
  navBody,
  siteSettingsBody,
} from '../../../core/schemas/admin-content.js';
import { answers, pageOf } from '../../../core/schemas/envelope.js';
import type { Deps } from '../../deps.js';
import { needs } from '../../http/auth.js';
import { ok } from '../../http/envelope.js';
import * as admin from './admin.js';

const FRESH = 'The write is in the audit log and drops the shared answers at once: buyers see it on their next request.';
const BAD = 'A field that does not hold answers 422 on that field and nothing is written.';

export async function contentAdminRoutes(root: FastifyInstance, deps: Deps) {
  const app = root.withTypeProvider<ZodTypeProvider>();
  const { db } = deps.database;
  const tags = ['content'];
  const guard = needs('content:write');
  const removed = answers(z.null());

  // Articles: help pages, news and notices.
  app.get(
    '/api/admin/article-categories',
    {
      ...guard,
      schema: {
        tags,
        summary: 'The article categories: each help group followed by its news lists, with how many articles each holds (content:write).',
        response: answers(z.array(AdminArticleCategory)),
      },
    },
    async () => ok(await admin.listArticleCategories(db)),
  );
  app.get(
    '/api/admin/articles',
    {
      ...guard,
      schema: {
        tags,
        summary: 'Articles by category, title and state, 20 a page; hidden ones too (content:write).',
        querystring: adminArticleQuery,
        response: answers(pageOf(AdminArticle)),
      },
    },
    async (req) => ok(await admin.listArticles(db, req.query)),
  );
  app.get(
    '/api/admin/articles/:id',
    {
      ...guard,
      schema: {
        tags,
        summary: 'One article with its HTML body, for the editor (content:write).',
        params: adminArticleParams,
        response: answers(AdminArticleDetail),
      },
    },
    async (req) => ok(await admin.getArticle(db, req.params.id)),
  );
  const articleRules =
    'The body is kept through the allow-list sanitizer (no scripts, style sheets, frames, forms, event attributes or javascript: links); a body with nothing left to read answers 422. The category must hold articles (a list, or a group without lists: 422 otherwise); `code` is kept only in a help group and is unique there (422).';
  app.post(
    '/api/admin/articles',
    {
      ...guard,
      schema: {
        tags,
        summary: 'Writes a new help page, news article or notice (content:write).',
        description: `${articleRules} ${BAD} ${FRESH}`,
        body: articleBody,
        response: answers(AdminArticleDetail),
      },
    },
    async (req) => ok(await admin.createArticle(db, req, req.body)),
  );
  app.post(
    '/api/admin/articles/:id',
    {
      ...guard,
      schema: {
        tags,
        summary: 'Changes an article (content:write).',
        description: `${articleRules} ${BAD} ${FRESH}`,
        params: adminArticleParams,
        body: articleBody,
        response: answers(AdminArticleDetail),
      },
    },
    async (req) => ok(await admin.updateArticle(db, req, req.params.id, req.body)),
  );
  app.post(
    '/api/admin/articles/:id/show',
    {
      ...guard,
      schema: {
        tags,
        summary: 'Shows an article to buyers (1) or hides it (0) (content:write).',
        description: FRESH,
        params: adminArticleParams,
        body: articleShowBody,
        response: answers(AdminArticle),
      },
    },
    async (req) => ok(await admin.showArticle(db, req, req.params.id, req.body.is_show as 0 | 1)),
  );
  app.delete(
    '/api/admin/articles/:id',
    { ...guard, schema: { tags, summary: 'Deletes an article (content:write).', description: FRESH, params: adminArticleParams, response: removed } },
    async (req) => ok(await admin.deleteArticle(db, req, req.params.id)),
  );

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
