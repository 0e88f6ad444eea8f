/** HTTP for the shell's content, banners and ads, friendly links and page views. */
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { id } from '../../../core/schemas/common.js';
import { AD_POSITIONS, AdEntry, FocusCommon, FriendlyLink, Notice } from '../../../core/schemas/content.js';
import { answers } from '../../../core/schemas/envelope.js';
import type { Deps } from '../../deps.js';
import { ok } from '../../http/envelope.js';
import { keptWithTimestamp, sendKept } from '../../http/kept-answer.js';
import { contentService } from './service.js';

/** `ids=1,2` or `ids[]=1&ids[]=2`. */
const idList = z.preprocess(
  (v) => (Array.isArray(v) ? v : typeof v === 'string' ? v.split(',').filter(Boolean) : v),
  z.array(id('广告ID'), { error: '广告ID格式不正确' }).max(50, { error: '广告ID过多' }),
);

const pvBody = z.object({
  path: z
    .string({ error: '页面路径格式不正确' })
    .min(1, { error: '页面路径格式不正确' })
    .max(255, { error: '页面路径过长' })
    .regex(/^\//, { error: '页面路径格式不正确' }),
  title: z.string({ error: '页面标题格式不正确' }).max(120, { error: '页面标题过长' }).optional().default(''),
  /** Browsers send long referrers; the first 255 characters are kept. */
  referrer: z.string({ error: '来源格式不正确' }).max(2000, { error: '来源过长' }).optional().default(''),
});

/** Said of every content read. */
export const CACHED = 'Content reads are kept in the process for 30 s, and a console write drops them at once.';
/** Said of every ads call. */
const AD =
  'Each ad is `{id, image, url, title}`; `url` is a site path or a full URL, empty (the page shows 活动暂未开始) or `*...#text` (the page shows the text instead of leaving).';

export async function contentRoutes(root: FastifyInstance, deps: Deps) {
  const app = root.withTypeProvider<ZodTypeProvider>();
  const content = contentService(deps.database.db);
  const tags = ['content'];
  app.get(
    '/api/focus/common',
    {
      schema: {
        tags,
        summary: "The shell's content: hot searches, nav, the category menus, brands and the site's settings, with the server time.",
        description: `\`timestamp\` is always the current server time (the rest is kept). ${CACHED}`,
        response: answers(FocusCommon),
      },
    },
    async (req, reply) => sendKept(req, reply, keptWithTimestamp(await content.common())),
  );
  // Banners and ads by position; the home carousel is /api/focus itself.
  const ads = { tags, response: answers(z.array(AdEntry)) };
  app.get('/api/focus', { schema: { ...ads, summary: 'The home carousel.', description: `${AD} ${CACHED}` } }, async () =>
    ok(await content.ads('index_banner')),
  );
  for (const [position, summary] of Object.entries(AD_POSITIONS)) {
    app.get(`/api/focus/${position}`, { schema: { ...ads, summary, description: `${AD} ${CACHED}` } }, async () => ok(await content.ads(position)));
  }
  app.get(
    '/api/focus/kxzq_ad',
    {
      schema: {
        ...ads,
        summary: "The controlled-sale zone's sections: all, or those of `ids=1,2` (`ids[]=1&ids[]=2`).",
        description: `${AD} Here each \`url\` is \`/kxzq/goods/{category}/{ad}\`. ${CACHED}`,
        querystring: z.object({ ids: idList.optional() }),
      },
    },
    async (req) => {
      const all = await content.ads('kxzq_ad');
      const ids = req.query.ids;
      return ok(ids ? all.filter((a) => ids.includes(a.id)) : all);
    },
  );
  app.get(
    '/api/focus/demo',
    {
      schema: {
        ...ads,
        summary: "The banners of one activity page; 125 holds the home page's activity entrances.",
        description: `${AD} ${CACHED}`,
        querystring: z.object({ banner_id: id('活动ID') }),
      },
    },
    async (req) => ok(await content.bannerAds(req.query.banner_id)),
  );
  app.get(
    '/api/focus/postList',
    { schema: { tags, summary: 'The scrolling broadcast: the 10 latest notices, newest first.', description: CACHED, response: answers(z.array(Notice)) } },
    async (req, reply) => sendKept(req, reply, await content.notices()),
  );
  app.get(
    '/api/global/links',
    { schema: { tags, summary: "The footer's friendly links (友情链接).", description: CACHED, response: answers(z.array(FriendlyLink)) } },
    async (req, reply) => sendKept(req, reply, await content.links()),
  );
  app.post(
    '/api/stat/pv',
    {
      schema: {
        tags,
        summary: 'Records a page view (path, title, referrer), with the account when logged in.',
        description: 'The referrer is kept to its first 255 characters.',
        body: pvBody,
        response: answers(z.null()),
      },
    },
    async (req) => {
      const { path, title, referrer } = req.body;
      await content.recordView({ path, title, referrer: referrer.slice(0, 255), userId: req.session?.user.id ?? null });
      return ok(null);
    },
  );
}
