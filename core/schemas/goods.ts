/** Requests of the catalogue calls (spec section 7 "Goods" and "Favourites", DESIGN.md section 6). */
import { z } from 'zod';
import { freeText, id, page, wholeNumber } from './common.js';

/** A search keyword: trimmed, at most 50 characters, no markup. Empty is allowed and finds nothing. */
export const keywords = () =>
  freeText('搜索关键词', 50).refine((v) => !/[<>]/.test(v), { error: '搜索关键词不能包含 < 或 > 字符' });

/** 1 drug names (Chinese, pinyin, initials, approval number); 2 manufacturers. */
export const searchType = () =>
  z
    .enum(['1', '2'], { error: '搜索类型格式不正确' })
    .optional()
    .default('1')
    .transform((v) => Number(v) as 1 | 2);

export const searchQuery = z.object({ keywords: keywords().optional().default(''), type: searchType() });

export const GOODS_SORTS = ['default', 'sales', 'price', 'newest'] as const;
export const GOODS_ZONES = ['yx', 'zy', 'qx', 'jxq', 'kx', 'youx'] as const;
export const PRESCRIPTION_CLASSES = ['处方药', '甲类OTC', '乙类OTC', '器械', '中药饮片', '保健食品'] as const;

const yuan = (label: string) =>
  z
    .string({ error: `${label}格式不正确` })
    .trim()
    .regex(/^\d{1,7}(\.\d{1,2})?$/, { error: `${label}格式不正确` })
    .optional();

export const goodsListQuery = z
  .object({
    page: page(),
    per_page: wholeNumber('每页数量格式不正确')
      .pipe(z.number().min(1, { error: '每页数量格式不正确' }).max(100, { error: '每页数量不能超过100' }))
      .optional()
      .default(20),
    keywords: keywords().optional().default(''),
    type: searchType(),
    category: id('分类').optional(),
    brand: id('品牌').optional(),
    sccj: freeText('生产厂家', 100).optional(),
    zone: z.enum(GOODS_ZONES, { error: '专区格式不正确' }).optional(),
    cfl: z.enum(PRESCRIPTION_CLASSES, { error: '处方分类格式不正确' }).optional(),
    in_stock: z.enum(['0', '1'], { error: '库存筛选格式不正确' }).optional(),
    price_min: yuan('最低价'),
    price_max: yuan('最高价'),
    sort: z.enum(GOODS_SORTS, { error: '排序方式格式不正确' }).optional().default('default'),
    order: z.enum(['asc', 'desc'], { error: '排序方向格式不正确' }).optional(),
  })
  .refine((q) => !q.price_min || !q.price_max || Number(q.price_min) <= Number(q.price_max), {
    error: '最低价不能高于最高价',
    path: ['price_max'],
  });

export type GoodsListQuery = z.infer<typeof goodsListQuery>;

/** `goods_ids` as forms send it: `goods_ids[]=1&goods_ids[]=2`, `goods_ids=1,2` or a single id. */
export const goodsIdsBody = z.object({
  goods_ids: z.preprocess(
    (v) => (Array.isArray(v) ? v : typeof v === 'string' ? v.split(',') : typeof v === 'number' ? [v] : v),
    z
      .array(id('商品ID'), { error: '请选择商品' })
      .min(1, { error: '请选择商品' })
      .max(200, { error: '一次最多选择200件商品' }),
  ),
});

export const favoriteListQuery = z.object({ page: page() });

/** What narrows the filter options of a list page (`GET /api/goods/fl`): the parts of its query fixed by the page. */
export const filterScopeQuery = z.object({
  keywords: keywords().optional().default(''),
  type: searchType(),
  category: id('分类').optional(),
  brand: id('品牌').optional(),
  zone: z.enum(GOODS_ZONES, { error: '专区格式不正确' }).optional(),
});

export type FilterScope = Partial<Omit<z.infer<typeof filterScopeQuery>, 'type'>> & { type: 1 | 2 };
