/** HTTP for the drawings the demo data shows: goods packshots, banners, brand marks, icons and licences, as SVG. */
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { LICENCE_TYPES } from '../../../core/constants.js';
import { BannerImageQuery, BrandImageQuery, GoodsImageQuery, IconImageQuery, LicenceImageQuery } from '../../../core/schemas/drawings.js';
import { bannerSvg, layoutOf } from './banners.js';
import { brandSvg, iconSvg, licenceSvg } from './drawings.js';
import { goodsSvg } from './packshots.js';

function svg(reply: FastifyReply, body: string) {
  return reply
    .type('image/svg+xml; charset=utf-8')
    .header('cache-control', 'public, max-age=31536000, immutable')
    .header('content-security-policy', "default-src 'none'; style-src 'unsafe-inline'")
    .send(body);
}

export async function drawingRoutes(root: FastifyInstance) {
  const app = root.withTypeProvider<ZodTypeProvider>();
  const tags = ['content'];
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
