/** Requests and answers of the catalogue calls (spec section 7 "Goods" and "Favourites", DESIGN.md section 6). */
import { z } from 'zod';
import { freeText, id, page, wholeNumber } from './common.js';
import { bit, money, pageOf, unixTime } from './envelope.js';

/** A search keyword: trimmed, at most 50 characters, no markup. Empty is allowed and finds nothing. */
const keywords = () => freeText('搜索关键词', 50).refine((v) => !/[<>]/.test(v), { error: '搜索关键词不能包含 < 或 > 字符' });

/** 1 drug names (Chinese, pinyin, initials, approval number); 2 manufacturers. */
const searchType = () =>
  z
    .enum(['1', '2'], { error: '搜索类型格式不正确' })
    .optional()
    .default('1')
    .transform((v) => Number(v) as 1 | 2);

export const searchQuery = z.object({ keywords: keywords().optional().default(''), type: searchType() });

export const GOODS_SORTS = ['default', 'sales', 'price', 'newest'] as const;
const GOODS_ZONES = ['yx', 'zy', 'qx', 'jxq', 'kx', 'youx'] as const;
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
    z.array(id('商品ID'), { error: '请选择商品' }).min(1, { error: '请选择商品' }).max(200, { error: '一次最多选择200件商品' }),
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

// ---- Answers ----

/** A quantity tier of the ladder price: from `number` units on, each costs `price`. */
const LadderTier = z.object({
  number: z.number().int().meta({ description: 'from this many units on' }),
  price: money.nullable().meta({ description: 'unit price from `number` on; null where the viewer may not see prices' }),
});
type LadderTier = z.infer<typeof LadderTier>;

/**
 * Goods as every list sends them (the catalogue's lists, search, home, promotions, favourites, the cart and the
 * member calls embed them): what a goods card and a list row show and what adding to the cart needs, nothing
 * more; the product page's facts are in `GoodsDetail`. Prices are `null` for guests (`price_tip` 登录可见) and
 * members waiting for review (资质审核通过后可见).
 */
export const Goods = z.object({
  id: z.number().int(),
  ck_id: z.number().int().meta({ description: '仓库: the warehouse that ships it (the same product may be listed once per warehouse or batch)' }),
  name: z.string(),
  sccj: z.string().meta({ description: '生产厂家, manufacturer' }),
  ypgg: z.string().meta({ description: '规格, specification (0.25g*24粒)' }),
  bzdw: z.string().meta({ description: '包装单位, unit (盒, 瓶, 袋)' }),
  goods_image: z.array(z.string()).meta({ description: 'picture URLs: in lists the main one alone, on the product page all of them, the main one first' }),
  base_price: money.nullable().meta({ description: 'unit price; null where the viewer may not see prices' }),
  price_tip: z
    .string()
    .nullable()
    .meta({ description: 'shown instead of a hidden price: 登录可见 (guest) or 资质审核通过后可见 (waiting for review); null when prices show' }),
  is_buy: bit.meta({ description: '0: listed but cannot be added to the cart' }),
  number: z.number().int().meta({ description: 'stock in units' }),
  is_youx: bit.meta({ description: '优选, preferred goods (tag 优)' }),
  type: z
    .number()
    .int()
    .meta({ description: "the cart line type a plain add uses: 0 plain, 1 flash sale, 3 combination, 4 near expiry (the near-expiry zone's cards)" }),
  ladder_price: z.array(LadderTier).meta({ description: 'quantity tiers, when `ladder_price_type` is 1' }),
  ladder_price_type: z.number().int().meta({ description: '0 no tiers; 1 the tiers are unit prices' }),
  is_free_shipping: bit.meta({ description: '包邮: a line ships free from `free_shipping_number` units on' }),
  free_shipping_number: z.number().int(),
  tags: z.array(z.string()).meta({ description: 'short labels shown on the picture (优, 秒, 特 ...)' }),
  zbz: z.number().int().meta({ description: '中包装, middle package: the default quantity and the step of the quantity stepper' }),
  cartNum: z.number().int().meta({ description: 'the quantity the add-to-cart button starts with (the middle package)' }),
  pzwh: z.string().meta({ description: '批准文号, approval number (国药准字H13023964); empty for decoction pieces' }),
  xq: z.string().meta({ description: '效期, expiry date of the batch on sale (YYYY-MM-DD)' }),
  is_ephedrine: bit.meta({ description: '含麻黄碱: quantity limited per order, bank transfer only, signed receipt afterwards' }),
  scope_id: z
    .number()
    .int()
    .nullable()
    .meta({ description: '经营范围 class (`/api/user/jyfw` ids): a buyer whose `scope_ids` lack it sees 超出经营范围; null for goods open to every buyer' }),
});
export type Goods = z.infer<typeof Goods>;

/** A goods list page; `total` counts at most 10,000 matches. */
export const GoodsPage = pageOf(Goods).extend({
  total_more: bit.meta({ description: '1: more than `total` (10,000) goods match; the list shows 10,000+' }),
});
export type GoodsPage = z.infer<typeof GoodsPage>;

/** The facts of a goods its product page shows besides what lists carry. */
export const GoodsFacts = z.object({
  jzl: z.number().int().meta({ description: '件装量, whole-case quantity' }),
  tm: z.string().meta({ description: '条形码, the package barcode (EAN-13, 69... for goods made in China); empty when unknown' }),
  jx: z.string().meta({ description: '剂型, dosage form' }),
  cfl: z.string().meta({ description: '处方分类: 处方药, 甲类OTC, 乙类OTC, 器械, 中药饮片, 保健食品' }),
  scrq: z.string().meta({ description: '生产日期, production date of the batch on sale (YYYY-MM-DD)' }),
  ccfs: z.string().meta({ description: '储存方式, storage: 常温, 阴凉, 冷藏' }),
  category_id: z.number().int(),
  brand_id: z.number().int().nullable(),
  is_kx: bit.meta({ description: '控销, controlled sale: only special (is_special) accounts see it' }),
  is_zy: bit.meta({ description: '中药专区' }),
  is_qx: bit.meta({ description: '器械专区' }),
  sales: z.number().int().meta({ description: 'units sold' }),
});
export type GoodsFacts = z.infer<typeof GoodsFacts>;

/** One goods' page: the goods with every picture and its facts. */
export const GoodsDetail = Goods.extend({
  ...GoodsFacts.shape,
  tym: z.string().meta({ description: '通用名, the generic name; blank when not given' }),
  spm: z.string().meta({ description: '商品名, the trade name; blank for none' }),
  gnzz: z.string().meta({ description: '功能主治/适应症, indications' }),
  expiries: z.array(z.object({ xq: z.string(), number: z.number().int() })).meta({
    description:
      'the expiry dates it ships with: its batches that sell, one per date, earliest first, with the units each can still give; an order takes them in this order (a quantity over the first spans the next)',
  }),
  instructions: z.string().meta({ description: '说明书, the package insert, plain text' }),
  category_path: z.array(z.object({ id: z.number().int(), name: z.string() })).meta({ description: 'its categories from the top level down' }),
  brand: z.object({ id: z.number().int(), name: z.string(), logo: z.string() }).nullable(),
  is_favorite: bit.meta({ description: '1: the buyer keeps it in their favourites (收藏); 0 for guests' }),
});
export type GoodsDetail = z.infer<typeof GoodsDetail>;

/** A category of the filter options, with those of its sub-categories that hold goods of the list. */
export type FilterCategory = { id: number; name: string; children: FilterCategory[] };
export const FilterCategory: z.ZodType<FilterCategory> = z
  .object({
    id: z.number().int(),
    name: z.string(),
    get children() {
      return z.array(FilterCategory);
    },
  })
  .meta({ id: 'FilterCategory' });

/** The filter options of a list page, from the goods that list can show. */
export const FilterOptions = z.object({
  category: z
    .array(FilterCategory)
    .meta({ description: 'categories with goods of the list, and their parents: a tree of `{id, name, children}`, `children` of the same shape' }),
  brand: z.array(z.object({ id: z.number().int(), name: z.string(), logo: z.string() })),
  sccj: z.array(z.string()).meta({ description: 'the 30 manufacturers with the most goods of the list' }),
  cfl: z.array(z.enum(PRESCRIPTION_CLASSES)).meta({ description: 'the prescription classes present, in their fixed order' }),
  jx: z.array(z.string()).meta({ description: 'the 20 commonest dosage forms' }),
});
export type FilterOptions = z.infer<typeof FilterOptions>;

/** A kept goods of the favourites (收藏) list. */
const FavoriteGoods = Goods.extend({ favorite_at: unixTime.meta({ description: 'when the buyer kept it' }) });
type FavoriteGoods = z.infer<typeof FavoriteGoods>;

export const FavoritePage = pageOf(FavoriteGoods);
export type FavoritePage = z.infer<typeof FavoritePage>;

/** The goods a favourites call added or removed (each id once). */
export const GoodsIds = z.object({ goods_ids: z.array(z.number().int()) });
export type GoodsIds = z.infer<typeof GoodsIds>;

/** A home page floor: a top category with its sub-categories and its best sellers in stock. */
export const Floor = z.object({
  floor: z.number().int().meta({ description: '1, 2, ... in menu order' }),
  id: z.number().int(),
  name: z.string(),
  logo1: z.string(),
  url: z.string(),
  children: z.array(z.object({ id: z.number().int(), name: z.string(), url: z.string() })),
  goods: z.array(Goods).meta({ description: 'the 5 best sellers in stock' }),
});
export type Floor = z.infer<typeof Floor>;

export const GoodsList = pageOf(Goods);
export type GoodsList = z.infer<typeof GoodsList>;

/** A brand of the brand zone (品牌专区). */
export const Brand = z.object({
  id: z.number().int(),
  name: z.string(),
  logo: z.string(),
  banner: z.string().meta({ description: "the wide picture at the top of the brand's page" }),
  description: z.string(),
  url: z.string().meta({ description: "the brand's page (/ppzq/info/{id})" }),
  goods_count: z.number().int().meta({ description: 'goods of the brand the viewer may see' }),
});
export type Brand = z.infer<typeof Brand>;

/** A brand's tile in the zone, with its best sellers. */
const BrandTile = Brand.extend({ goods: z.array(Goods).meta({ description: 'its 3 best sellers' }) });
type BrandTile = z.infer<typeof BrandTile>;

export const BrandPage = pageOf(BrandTile);
export type BrandPage = z.infer<typeof BrandPage>;
