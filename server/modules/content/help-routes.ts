/** HTTP for the help centre and the articles (news, notices) with their categories. */
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { HelpGroup } from '../../../core/schemas/content.js';
import { HELP_CENTRE_CATEGORY, POST_LIST_PER_PAGE } from '../../../core/help.js';
import { answers } from '../../../core/schemas/envelope.js';
import { articleCategoryQuery, PostDetail, postDetailQuery, PostList, postListQuery } from '../../../core/schemas/help.js';
import type { Deps } from '../../deps.js';
import { notFound } from '../../http/envelope.js';
import { sendKept } from '../../http/kept-answer.js';
import { helpService } from './help.js';
import { contentService } from './service.js';
import { CACHED } from './routes.js';

export async function helpRoutes(root: FastifyInstance, deps: Deps) {
  const app = root.withTypeProvider<ZodTypeProvider>();
  const content = contentService(deps.database.db);
  const help = helpService(deps.database.db);
  const tags = ['content'];
  app.get(
    '/api/help/category',
    {
      schema: {
        tags,
        summary: 'The help groups with links to their articles, in footer order (the footer shows the first 4).',
        description: CACHED,
        response: answers(z.array(HelpGroup)),
      },
    },
    async (req, reply) => sendKept(req, reply, await content.helpGroups()),
  );
  app.get(
    '/api/article/category',
    {
      schema: {
        tags,
        summary: `The help centre's menu: every help group with its pages and news lists, as \`/api/help/category\` (category_id ${HELP_CENTRE_CATEGORY}, the help centre).`,
        description: `The browser keeps it in localStorage (spec section 3) and refreshes it in the background. Another \`category_id\` answers 404. ${CACHED}`,
        querystring: articleCategoryQuery,
        response: answers(z.array(HelpGroup)),
      },
    },
    async (req, reply) => {
      if (req.query.category_id !== HELP_CENTRE_CATEGORY) throw notFound('分类不存在');
      return sendKept(req, reply, await content.helpGroups());
    },
  );
  app.get(
    '/api/post/postDetail',
    {
      schema: {
        tags,
        summary: 'One help page or news article, with the articles before and after it in its category and the way back to its list.',
        description: `\`type\` is the category (code or id), \`id\` the article (id, or its code in a help group: \`type=xrzn&id=hyzc\`). The body is HTML through the allow-list sanitizer. 404 for a category or article that does not exist or is hidden. Guests may read. ${CACHED} A console write shows at once.`,
        querystring: postDetailQuery,
        response: answers(PostDetail),
      },
    },
    async (req, reply) => sendKept(req, reply, await help.detail(req.query)),
  );
  app.get(
    '/api/post/list',
    {
      schema: {
        tags,
        summary: `A page of a category's articles with summaries: a news list newest first, a help group in its order; ${POST_LIST_PER_PAGE} a page.`,
        description: `\`type\` is the category's code (\`hyxw\`, \`gsxw\`, \`notice\`) or id; 404 for one that does not exist. Guests may read. ${CACHED} A console write shows at once.`,
        querystring: postListQuery,
        response: answers(PostList),
      },
    },
    async (req, reply) => sendKept(req, reply, await help.list(req.query)),
  );
}
