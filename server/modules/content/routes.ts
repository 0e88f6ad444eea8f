/** HTTP for the shell's content (docs/api.md "Shell and content"), page views and the demo drawings. */
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { LICENCE_TYPES } from '../../../core/constants.js';
import { id } from '../../../core/schemas/common.js';
import type { Deps } from '../../deps.js';
import { ok, sendJson, withTimestamp } from '../../http/envelope.js';
import { bannerSvg, brandSvg, goodsSvg, iconSvg, layoutOf, licenceSvg } from './drawings.js';
import { contentService } from './service.js';

const label = (max: number) => z.string({ error: '参数格式不正确' }).max(max, { error: '参数过长' });
const colour = z
  .string({ error: '颜色格式不正确' })
  .regex(/^[0-9a-f]{6}$/i, { error: '颜色格式不正确' })
  .optional()
  .default('e4393c');

/** Positions whose ads a page asks for by name (spec section 7 "Content and ads"). */
const AD_POSITIONS = ['top', 'login', 'right', 'xrtj', 'ppzq', 'kxzq', 'new_kxzq', 'zyzq', 'qxzq', 'yx', 'jxqzc', 'mrtj'] as const;

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

export async function contentRoutes(root: FastifyInstance, deps: Deps) {
  const app = root.withTypeProvider<ZodTypeProvider>();
  const content = contentService(deps.database.db);

  app.get('/api/focus/common', async (_req, reply) => sendJson(reply, withTimestamp(await content.commonText())));
  // Banners and ads by position (docs/api.md "Banners and ads"); the home carousel is /api/focus itself.
  app.get('/api/focus', async () => ok(await content.ads('index_banner')));
  for (const position of AD_POSITIONS) app.get(`/api/focus/${position}`, async () => ok(await content.ads(position)));
  app.get('/api/focus/kxzq_ad', { schema: { querystring: z.object({ ids: idList.optional() }) } }, async (req) => {
    const all = await content.ads('kxzq_ad');
    const ids = req.query.ids;
    return ok(ids ? all.filter((a) => ids.includes(a.id)) : all);
  });
  app.get('/api/focus/demo', { schema: { querystring: z.object({ banner_id: id('活动ID') }) } }, async (req) => ok(await content.bannerAds(req.query.banner_id)));
  app.get('/api/focus/postList', async () => ok(await content.notices()));
  app.get('/api/help/category', async () => ok(await content.help()));
  app.get('/api/global/links', async () => ok(await content.links()));

  app.post('/api/stat/pv', { schema: { body: pvBody } }, async (req) => {
    const { path, title, referrer } = req.body;
    await content.recordView({ path, title, referrer: referrer.slice(0, 255), userId: req.session?.user.id ?? null });
    return ok(null);
  });

  app.get(
    '/api/img/goods.svg',
    { schema: { querystring: z.object({ n: label(60), m: label(40).default(''), g: label(40).default(''), c: colour, v: z.enum(['1', '2']).optional() }) } },
    async (req, reply) => {
      const q = req.query;
      return svg(reply, goodsSvg({ name: q.n, maker: q.m, spec: q.g, colour: q.c, view: Number(q.v ?? 0) }));
    },
  );
  app.get(
    '/api/img/banner.svg',
    { schema: { querystring: z.object({ t: label(40), s: label(60).default(''), c: colour, p: label(32).default('') }) } },
    async (req, reply) => svg(reply, bannerSvg({ title: req.query.t, sub: req.query.s, colour: req.query.c, layout: layoutOf(req.query.p) })),
  );
  app.get('/api/img/brand.svg', { schema: { querystring: z.object({ n: label(20), c: colour }) } }, async (req, reply) =>
    svg(reply, brandSvg({ name: req.query.n, colour: req.query.c })),
  );
  app.get('/api/img/icon.svg', { schema: { querystring: z.object({ k: label(16) }) } }, async (req, reply) =>
    svg(reply, iconSvg(req.query.k)),
  );
  app.get('/api/img/licence.svg', { schema: { querystring: z.object({ t: label(16), c: label(80).default('') }) } }, async (req, reply) =>
    svg(reply, licenceSvg({ title: LICENCE_TYPES[req.query.t as keyof typeof LICENCE_TYPES] ?? '证照', company: req.query.c })),
  );
}
