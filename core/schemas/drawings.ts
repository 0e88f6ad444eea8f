/**
 * Queries of the drawn demo pictures (`/api/img/*.svg`): goods packshots, banners, brand logos, category icons
 * and licences. Stored URLs keep working: every parameter added later has a default.
 */
import { z } from 'zod';

const label = (max: number) => z.string({ error: '参数格式不正确' }).max(max, { error: '参数过长' });

const colour = z
  .string({ error: '颜色格式不正确' })
  .regex(/^[0-9a-f]{6}$/i, { error: '颜色格式不正确' })
  .optional()
  .default('e4393c');

/**
 * How a packshot is drawn, from the goods' dosage form (剂型) or category:
 * tablet/capsule a carton with its blister strip, granule a carton with a sachet, box a plain carton,
 * bottle an amber bottle (口服溶液, 糖浆, 合剂), vial a carton of oral-liquid vials, dropper an eye-drop bottle,
 * tube an ointment tube, spray a spray bottle, bag a pouch of decoction pieces (中药饮片), jar a health-food
 * or pill jar, thermometer/monitor/mask/device the medical devices.
 */
export const PACK_FORMS = [
  'box',
  'tablet',
  'capsule',
  'granule',
  'bottle',
  'vial',
  'dropper',
  'tube',
  'spray',
  'bag',
  'jar',
  'thermometer',
  'monitor',
  'mask',
  'device',
] as const;
export type PackForm = (typeof PACK_FORMS)[number];

/** The class printed on a pack: 处方药 Rx, 甲类OTC red, 乙类OTC green, 保健食品 blue hat; none for devices and herbs. */
const PACK_CLASSES = ['rx', 'otc-a', 'otc-b', 'health', 'none'] as const;
export type PackClass = (typeof PACK_CLASSES)[number];

/** `/api/img/goods.svg`: name, maker, specification, brand colour, view, and (later) form and class. */
export const GoodsImageQuery = z.object({
  n: label(60),
  m: label(40).default(''),
  g: label(40).default(''),
  c: colour,
  v: z.enum(['1', '2'], { error: '视角格式不正确' }).optional(),
  f: z.enum(PACK_FORMS, { error: '剂型格式不正确' }).optional().default('box'),
  r: z.enum(PACK_CLASSES, { error: '分类格式不正确' }).optional().default('none'),
});

/**
 * Banner looks: each activity its own palette and ornaments. plain draws from the colour alone (the banners
 * stored before themes existed).
 */
const BANNER_THEMES = [
  'plain',
  'festival',
  'flash',
  'new',
  'brand',
  'ship',
  'tcm',
  'device',
  'coupon',
  'discount',
  'expiry',
  'control',
  'daily',
  'welcome',
] as const;
export type BannerTheme = (typeof BANNER_THEMES)[number];

/** Packshots a banner shows: up to four forms, comma separated (`g=tablet,bottle,bag`). */
const bannerGoods = z
  .string({ error: '商品图格式不正确' })
  .max(60, { error: '参数过长' })
  .transform((v) => v.split(',').filter(Boolean))
  .pipe(z.array(z.enum(PACK_FORMS, { error: '商品图格式不正确' })).max(4, { error: '商品图过多' }));

/** What those packs say, in the same order (`gn=连花清瘟颗粒,连花清瘟胶囊`); a pack without a name says what its form usually holds. */
const bannerGoodsNames = z
  .string({ error: '商品名格式不正确' })
  .max(80, { error: '参数过长' })
  .transform((v) => v.split(','))
  .pipe(z.array(z.string().max(12, { error: '商品名过长' })).max(4, { error: '商品名过多' }));

/** `/api/img/banner.svg`: title, subtitle, colour, ad position, and (later) theme, drawn goods and their names. */
export const BannerImageQuery = z.object({
  t: label(40),
  s: label(60).default(''),
  c: colour,
  p: label(32).default(''),
  th: z.enum(BANNER_THEMES, { error: '主题格式不正确' }).optional().default('plain'),
  g: bannerGoods.optional().default([]),
  gn: bannerGoodsNames.optional().default([]),
});

export const BrandImageQuery = z.object({ n: label(20), c: colour });
export const IconImageQuery = z.object({ k: label(16) });
export const LicenceImageQuery = z.object({ t: label(16), c: label(80).default('') });
