/** HTTP for the shell's content, banners and ads, page views and the demo drawings. */
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { LICENCE_TYPES } from '../../../core/constants.js';
import { id } from '../../../core/schemas/common.js';
import { AD_POSITIONS, AdEntry, FocusCommon, FriendlyLink, HelpGroup, Notice } from '../../../core/schemas/content.js';
import { BannerImageQuery, BrandImageQuery, GoodsImageQuery, IconImageQuery, LicenceImageQuery } from '../../../core/schemas/drawings.js';
import { HELP_CENTRE_CATEGORY, POST_LIST_PER_PAGE } from '../../../core/help.js';
import { answers } from '../../../core/schemas/envelope.js';
import { articleCategoryQuery, PostDetail, postDetailQuery, PostList, postListQuery } from '../../../core/schemas/help.js';
import type { Deps } from '../../deps.js';
import { notFound, ok, sendJson, withTimestamp } from '../../http/envelope.js';
import { bannerSvg, layoutOf } from './banners.js';
import { brandSvg, iconSvg, licenceSvg } from './drawings.js';
import { goodsSvg } from './packshots.js';
import { helpService } from './help.js';
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

function svg(reply: FastifyReply, body: string) {
  return reply
    .type('image/svg+xml; charset=utf-8')
    .header('cache-control', 'public, max-age=31536000, immutable')
    .header('content-security-policy', "default-src 'none'; style-src 'unsafe-inline'")
    .send(body);
}

/** Said of every content read. */
const CACHED = 'Content reads are kept in the process for 30 s, and a console write drops them at once.';
/** Said of every ads call. */
const AD =
  'Each ad is `{id, image, url, title}`; `url` is a site path or a full URL, empty (the page shows 活动暂未开始) or `*...#text` (the page shows the text instead of leaving).';

export async function contentRoutes(root: FastifyInstance, deps: Deps) {
  const app = root.withTypeProvider<ZodTypeProvider>();
  const content = contentService(deps.database.db);
  const help = helpService(deps.database.db);
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
    async (_req, reply) => sendJson(reply, withTimestamp(await content.commonText())),
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
    async (_req, reply) => sendJson(reply, await content.noticesText()),
  );
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
    async (_req, reply) => sendJson(reply, await content.helpText()),
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
      return sendJson(reply, await content.helpText());
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
    async (req, reply) => sendJson(reply, await help.detailText(req.query)),
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
    async (req, reply) => sendJson(reply, await help.listText(req.query)),
  );
  app.get(
    '/api/global/links',
    { schema: { tags, summary: "The footer's friendly links (友情链接).", description: CACHED, response: answers(z.array(FriendlyLink)) } },
    async (_req, reply) => sendJson(reply, await content.linksText()),
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

  // Drawings for the demo data: SVG, not the JSON envelope, kept by browsers for a year.
  const drawing = { tags, hide: true };
  app.get(
    '/api/img/goods.svg',
    {
      schema: {
        ...drawing,
        summary:
          'A drawn packshot of demo goods: name `n`, maker `m`, specification `g`, brand colour `c`, view `v` (absent: the pack with its contents, 1 the pack alone at an angle, 2 the back with the label text), form `f` (box, tablet, capsule, granule, bottle, vial, dropper, tube, spray, bag, jar, thermometer, monitor, mask, device; default box) and class `r` (rx, otc-a, otc-b, health, none); cached for a year.',
        querystring: GoodsImageQuery,
      },
    },
    async (req, reply) => {
      const q = req.query;
      return svg(reply, goodsSvg({ name: q.n, maker: q.m, spec: q.g, colour: q.c, view: Number(q.v ?? 0), form: q.f, cls: q.r }));
    },
  );
  app.get(
    '/api/img/banner.svg',
    {
      schema: {
        ...drawing,
        summary:
          'A drawn banner: title `t`, subtitle `s`, colour `c`, shape by ad position `p` (carousel, `top` strip, `login` backdrop, zone, tile, side), theme `th` (festival, flash, new, brand, ship, tcm, device, coupon, discount, expiry, control, daily, welcome; default plain), packshots `g` (up to four forms, comma separated) and what they say `gn` (names in the same order); cached for a year.',
        querystring: BannerImageQuery,
      },
    },
    async (req, reply) => {
      const q = req.query;
      return svg(reply, bannerSvg({ title: q.t, sub: q.s, colour: q.c, layout: layoutOf(q.p), theme: q.th, goods: q.g, names: q.gn }));
    },
  );
  app.get(
    '/api/img/brand.svg',
    { schema: { ...drawing, summary: 'A drawn brand logo: name `n`, colour `c`.', querystring: BrandImageQuery } },
    async (req, reply) => svg(reply, brandSvg({ name: req.query.n, colour: req.query.c })),
  );
  app.get(
    '/api/img/icon.svg',
    { schema: { ...drawing, summary: 'A drawn category icon by key `k` (pill, lung, heart, ...).', querystring: IconImageQuery } },
    async (req, reply) => svg(reply, iconSvg(req.query.k)),
  );
  app.get(
    '/api/img/licence.svg',
    { schema: { ...drawing, summary: 'A drawn licence for the demo accounts: licence type `t`, company `c`.', querystring: LicenceImageQuery } },
    async (req, reply) => svg(reply, licenceSvg({ title: LICENCE_TYPES[req.query.t as keyof typeof LICENCE_TYPES] ?? '证照', company: req.query.c })),
  );
}
