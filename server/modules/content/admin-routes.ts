/** HTTP of the console's articles (内容管理 › 文章, content/admin.ts): permission `content:write` for every call. */
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  AdminArticle,
  AdminArticleCategory,
  AdminArticleDetail,
  adminArticleParams,
  adminArticleQuery,
  articleBody,
  articleShowBody,
} from '../../../core/schemas/admin-content.js';
import { answers, pageOf } from '../../../core/schemas/envelope.js';
import type { Deps } from '../../deps.js';
import { needs } from '../../http/auth.js';
import { ok } from '../../http/envelope.js';
import * as admin from './admin.js';

export const FRESH = 'The write is in the audit log and drops the shared answers at once: buyers see it on their next request.';
export const BAD = 'A field that does not hold answers 422 on that field and nothing is written.';

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
}
