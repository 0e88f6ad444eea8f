/**
 * The console's goods, stock, prices, categories and brands (DESIGN.md sections 7 and 13): the list and the
 * goods form, stock changes with their log, on and off sale in bulk, the Excel export and import, and the
 * category and brand pages. Prices are yuan strings with at most two decimals, never negative; the server
 * keeps integer fen.
 */
import { z } from 'zod';
import { MIN_SHELF_DAYS_DEFAULT } from '../constants.js';
import { fenToYuan, yuanToFen } from '../money.js';
import { flag, freeText, id, page, quantity, text, wholeNumber } from './common.js';
import { bit, money, pageOf, unixTime } from './envelope.js';
import { PRESCRIPTION_CLASSES } from './goods.js';

export const STORAGE_CLASSES = ['常温', '阴凉', '冷藏'] as const;
/** Quantity tiers a goods may have. */
export const LADDER_MAX_TIERS = 5;
export const GOODS_IMAGES_MAX = 10;
export const GOODS_TAGS_MAX = 5;
/** A goods, brand or category picture: JPG, PNG, GIF or WEBP up to this size. */
export const PICTURE_MAX_BYTES = 2 * 1024 * 1024;
/** Rows one import file may hold. */
export const GOODS_IMPORT_MAX_ROWS = 10_000;
export const ADMIN_GOODS_PER_PAGE = 20;
export const STOCK_DELTA_MAX = 1_000_000;

/** Today in China (YYYY-MM-DD): production dates may not lie after it, goods on sale may not have expired before it. */
export const chinaToday = (now = Date.now()) => new Date(now + 8 * 3_600_000).toISOString().slice(0, 10);

const YUAN_RE = /^\d{1,7}(\.\d{1,2})?$/;
/** Fen of a yuan text, or null when it is not one (the rules between fields skip what a field's own rule refused). */
const fenOf = (v: string) => (YUAN_RE.test(v) ? yuanToFen(v) : null);

/** A price in yuan: digits with at most two decimals (a JSON number is read as its decimal text), above zero. */
export const yuanPrice = (label: string) =>
  z
    .union([z.string(), z.number()], { error: `请输入${label}` })
    .transform((v) => String(v).trim())
    .pipe(
      z
        .string()
        .min(1, { error: `请输入${label}` })
        .regex(YUAN_RE, { error: `${label}须为金额（元），不能为负数，最多两位小数` })
        .refine((v) => !YUAN_RE.test(v) || yuanToFen(v) > 0, { error: `${label}须大于0` })
        // 36.8 and 36.80 are one price: kept as the server writes it.
        .transform((v) => fenToYuan(yuanToFen(v))),
    );

const isCalendarDay = (v: string) => {
  const d = new Date(`${v}T00:00:00Z`);
  return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === v;
};

/** A date as YYYY-MM-DD that exists on the calendar. */
export const calendarDay = (label: string) =>
  z
    .string({ error: `请输入${label}` })
    .trim()
    .min(1, { error: `请输入${label}` })
    .regex(/^\d{4}-\d{2}-\d{2}$/, { error: `${label}格式应为 YYYY-MM-DD` })
    .refine(isCalendarDay, { error: `${label}不是有效日期` });

/** A required reference: `请选择分类` when missing. */
const ref = (label: string) =>
  wholeNumber(`${label}格式不正确`, `请选择${label}`).pipe(
    z
      .number()
      .positive({ error: `${label}格式不正确` })
      .max(2_147_483_647, { error: `${label}格式不正确` }),
  );

/** An optional reference (brand, 经营范围 class): empty, 0 or null for none. */
const optionalRef = (label: string) => z.preprocess((v) => (v === '' || v === '0' || v === 0 ? null : v), id(label).nullable());

/** A list as forms send it: `a[]=1&a[]=2`; an empty field is an empty list. */
const list = <T extends z.ZodType>(array: T) => z.preprocess((v) => (v === '' || v === null ? [] : v), array);

/** A picture: a path on this site (an uploaded picture, `/uploads/public/...`, or one the record already shows). */
export const pictureUrl = (label: string) =>
  z
    .string({ error: `${label}格式不正确` })
    .trim()
    .max(1000, { error: `${label}地址过长` })
    .regex(/^\/[^\s<>"'\\]*$/, { error: `${label}地址不正确` });

const optionalPicture = (label: string) => z.union([z.literal(''), pictureUrl(label)]);

/** `tags[]=优&tags[]=新`, or `优,新` as one text (the Excel column). */
const tags = z.preprocess(
  (v) =>
    typeof v === 'string'
      ? v
          .split(/[,，、]/)
          .map((t) => t.trim())
          .filter(Boolean)
      : v === null
        ? []
        : v,
  z
    .array(text('标签', 6), { error: '标签格式不正确' })
    .max(GOODS_TAGS_MAX, { error: `标签最多${GOODS_TAGS_MAX}个` })
    .refine((a) => new Set(a).size === a.length, { error: '标签不能重复' }),
);

export const LadderTierInput = z.object({
  number: quantity('阶梯数量', 2, 1_000_000),
  price: yuanPrice('阶梯单价'),
});

/** Every field of the goods form, each with its own rule; rules between fields are in `goodsProblems`. */
const fields = {
  name: text('商品名称', 100),
  sccj: text('生产厂家', 100),
  tym: freeText('通用名', 100),
  spm: freeText('商品名', 60),
  gnzz: freeText('功能主治', 500),
  ypgg: text('规格', 60),
  bzdw: text('包装单位', 8),
  pzwh: freeText('批准文号', 40).regex(/^[\u3400-\u9fffA-Za-z0-9()（）\-\s]*$/, { error: '批准文号只能包含中文、字母和数字' }),
  tm: freeText('条形码', 20).regex(/^(\d{8,14})?$/, { error: '条形码须为8-14位数字' }),
  jx: freeText('剂型', 16),
  cfl: z.enum(PRESCRIPTION_CLASSES, { error: `处方分类须为${PRESCRIPTION_CLASSES.join('、')}之一` }),
  scrq: calendarDay('生产日期'),
  xq: calendarDay('效期'),
  min_shelf_days: quantity('近效期天数', 0, 3650),
  zbz: quantity('中包装', 1, 100_000),
  jzl: quantity('件装量', 1, 1_000_000),
  ccfs: z.enum(STORAGE_CLASSES, { error: `储存方式须为${STORAGE_CLASSES.join('、')}之一` }),
  ck_id: quantity('仓库', 1, 999),
  category_id: ref('分类'),
  brand_id: optionalRef('品牌'),
  scope_id: optionalRef('经营范围'),
  is_youx: flag('优选'),
  is_kx: flag('控销'),
  is_zy: flag('中药'),
  is_qx: flag('器械'),
  is_ephedrine: flag('含麻黄碱'),
  is_free_shipping: flag('包邮'),
  free_shipping_number: quantity('包邮数量', 0, 1_000_000),
  is_buy: flag('可购买'),
  is_on_sale: flag('上架'),
  tags,
  base_price: yuanPrice('价格'),
  ladder_price: list(z.array(LadderTierInput, { error: '阶梯价格式不正确' }).max(LADDER_MAX_TIERS, { error: `阶梯价最多${LADDER_MAX_TIERS}档` })),
  goods_image: list(
    z
      .array(pictureUrl('商品图片'), { error: '商品图片格式不正确' })
      .max(GOODS_IMAGES_MAX, { error: `商品图片最多${GOODS_IMAGES_MAX}张` })
      .refine((a) => new Set(a).size === a.length, { error: '商品图片重复' }),
  ),
  instructions: freeText('说明书', 20_000),
};

/** The facts the rules between fields read. */
export type GoodsFacts = {
  scrq: string;
  xq: string;
  zbz: number;
  jzl: number;
  is_free_shipping: number;
  free_shipping_number: number;
  is_on_sale: number;
  base_price: string;
  ladder_price: { number: number; price: string }[];
};

/**
 * The rules between fields, as `[field, message]`: dates in order, a case no smaller than the middle package,
 * free shipping from some quantity, and ladder tiers whose quantities rise while their prices fall below the
 * base price. The same for the form, the update (after merging with the stored goods) and every import row.
 */
export function goodsProblems(g: GoodsFacts, today = chinaToday()): [string, string][] {
  const out: [string, string][] = [];
  if (g.scrq > today) out.push(['scrq', '生产日期不能晚于今天']);
  if (g.xq <= g.scrq) out.push(['xq', '效期须晚于生产日期']);
  else if (g.is_on_sale && g.xq < today) out.push(['xq', '商品已过效期，不能上架']);
  if (g.jzl < g.zbz) out.push(['jzl', '件装量不能小于中包装']);
  if (g.is_free_shipping && g.free_shipping_number < 1) out.push(['free_shipping_number', '包邮商品请填写包邮起订数量']);
  const base = fenOf(g.base_price);
  g.ladder_price.forEach((tier, i) => {
    const fen = fenOf(tier.price);
    const before = g.ladder_price[i - 1];
    const previous = before ? fenOf(before.price) : base;
    if (before && tier.number <= before.number) out.push([`ladder_price.${i}.number`, '阶梯数量须逐档递增']);
    if (fen !== null && previous !== null && fen >= previous)
      out.push([`ladder_price.${i}.price`, before ? '阶梯单价须随数量增加而降低' : '阶梯单价须低于价格']);
  });
  return out;
}

const withRules = <T extends GoodsFacts>(g: T, ctx: z.RefinementCtx) => {
  for (const [field, message] of goodsProblems(g))
    ctx.addIssue({ code: 'custom', path: field.split('.').map((p) => (/^\d+$/.test(p) ? Number(p) : p)), message });
};

/** `POST /api/admin/goods`: a new goods; `number` is its first stock (logged like any stock change). */
export const goodsCreateBody = z
  .object({
    ...fields,
    pzwh: fields.pzwh.optional().default(''),
    tm: fields.tm.optional().default(''),
    tym: fields.tym.optional().default(''),
    spm: fields.spm.optional().default(''),
    gnzz: fields.gnzz.optional().default(''),
    jx: fields.jx.optional().default(''),
    zbz: fields.zbz.optional().default(1),
    jzl: fields.jzl.optional().default(1),
    ccfs: fields.ccfs.optional().default('常温'),
    min_shelf_days: fields.min_shelf_days.optional().default(MIN_SHELF_DAYS_DEFAULT),
    ck_id: fields.ck_id.optional().default(1),
    brand_id: fields.brand_id.optional().default(null),
    scope_id: fields.scope_id.optional().default(null),
    is_youx: fields.is_youx.optional().default(0),
    is_kx: fields.is_kx.optional().default(0),
    is_zy: fields.is_zy.optional().default(0),
    is_qx: fields.is_qx.optional().default(0),
    is_ephedrine: fields.is_ephedrine.optional().default(0),
    is_free_shipping: fields.is_free_shipping.optional().default(0),
    free_shipping_number: fields.free_shipping_number.optional().default(0),
    is_buy: fields.is_buy.optional().default(1),
    is_on_sale: fields.is_on_sale.optional().default(1),
    tags: fields.tags.optional().default([]),
    ladder_price: fields.ladder_price.optional().default([]),
    goods_image: fields.goods_image.optional().default([]),
    instructions: fields.instructions.optional().default(''),
    number: quantity('初始库存', 0, STOCK_DELTA_MAX).optional().default(0),
  })
  // The rules between fields read whole fields: they wait until every field has passed its own rule.
  .superRefine(withRules, { when: (payload) => !payload.issues.length });
export type GoodsInput = z.output<typeof goodsCreateBody>;

/**
 * `POST /api/admin/goods/{id}`: the fields sent change, the others stay; the rules between fields hold for the
 * result. Stock is not among them: it changes through `/stock`, with a reason.
 */
export const goodsUpdateBody = z.object(fields).partial();
export type GoodsPatch = z.output<typeof goodsUpdateBody>;

export const adminGoodsParams = z.object({ id: id('商品ID') });

const yesNo = (label: string) => z.enum(['0', '1'], { error: `${label}筛选不正确` }).optional();

/** The list's and the export's filters. */
export const adminGoodsFilter = z.object({
  keyword: freeText('关键词', 50).optional().default(''),
  category: id('分类').optional(),
  is_buy: yesNo('可购买'),
  is_on_sale: yesNo('上架'),
});
export type AdminGoodsFilter = z.infer<typeof adminGoodsFilter>;
export const adminGoodsQuery = adminGoodsFilter.extend({ page: page() });
export type AdminGoodsQuery = z.infer<typeof adminGoodsQuery>;

export const stockBody = z.object({
  delta: wholeNumber('调整数量须为整数', '请输入调整数量').pipe(
    z
      .number()
      .min(-STOCK_DELTA_MAX, { error: `调整数量不能小于-${STOCK_DELTA_MAX}` })
      .max(STOCK_DELTA_MAX, { error: `调整数量不能超过${STOCK_DELTA_MAX}` })
      .refine((n) => n !== 0, { error: '调整数量不能为0' }),
  ),
  reason: text('调整原因', 200),
  /** The batch the units go into or come from; without one, see docs/decisions/033-batches.md. */
  batch_id: id('批号ID').optional(),
});

export const stockLogQuery = z.object({ page: page() });

export const onSaleBody = z.object({
  ids: z.preprocess(
    (v) => (typeof v === 'string' ? v.split(',') : typeof v === 'number' ? [v] : v),
    z.array(id('商品ID'), { error: '请选择商品' }).min(1, { error: '请选择商品' }).max(200, { error: '一次最多选择200件商品' }),
  ),
  is_on_sale: flag('上下架'),
});

export const importQuery = z.object({ dry_run: z.enum(['0', '1'], { error: '参数不正确' }).optional().default('0') });

// ---- categories and brands

const sortOrder = () => wholeNumber('排序须为整数').pipe(z.number().min(-100_000, { error: '排序须为整数' }).max(100_000, { error: '排序不能超过100000' }));

export const categoryCreateBody = z.object({
  name: text('分类名称', 32),
  parent_id: z
    .preprocess((v) => (v === '' || v === null ? 0 : v), wholeNumber('上级分类格式不正确'))
    .pipe(z.number().min(0, { error: '上级分类格式不正确' }).max(2_147_483_647, { error: '上级分类格式不正确' }))
    .optional()
    .default(0),
  sort: sortOrder().optional().default(0),
  is_show: flag('显示').optional().default(1),
  logo1: optionalPicture('分类图标').optional().default(''),
});
export const categoryUpdateBody = z
  .object({
    name: categoryCreateBody.shape.name,
    parent_id: categoryCreateBody.shape.parent_id.unwrap().unwrap(),
    sort: sortOrder(),
    is_show: flag('显示'),
    logo1: optionalPicture('分类图标'),
  })
  .partial();

export const brandCreateBody = z.object({
  name: text('品牌名称', 32),
  logo: optionalPicture('品牌标志').optional().default(''),
  banner: optionalPicture('品牌横幅').optional().default(''),
  description: freeText('品牌介绍', 500).optional().default(''),
  sort: sortOrder().optional().default(0),
  is_show: flag('显示').optional().default(1),
});
export const brandUpdateBody = z
  .object({
    name: brandCreateBody.shape.name,
    logo: optionalPicture('品牌标志'),
    banner: optionalPicture('品牌横幅'),
    description: freeText('品牌介绍', 500),
    sort: sortOrder(),
    is_show: flag('显示'),
  })
  .partial();

export const categoryParams = z.object({ id: id('分类ID') });
export const brandParams = z.object({ id: id('品牌ID') });

// ---- answers

export const AdminLadderTier = z.object({ number: z.number().int(), price: money });

/** Goods as the console lists them: every field but the package insert, prices always shown. */
export const AdminGoods = z.object({
  id: z.number().int(),
  ck_id: z.number().int(),
  name: z.string(),
  sccj: z.string(),
  tym: z.string().meta({ description: '通用名, blank when the name is the generic name' }),
  spm: z.string().meta({ description: '商品名 (trade name), blank for none' }),
  ypgg: z.string(),
  bzdw: z.string(),
  pzwh: z.string(),
  tm: z.string().meta({ description: '条形码, the package barcode (8-14 digits); empty when unknown' }),
  jx: z.string(),
  cfl: z.string(),
  scrq: z.string(),
  xq: z.string(),
  zbz: z.number().int(),
  jzl: z.number().int(),
  ccfs: z.string(),
  min_shelf_days: z.number().int().meta({
    description: 'minimum remaining shelf life in days: batches expiring sooner sell only in the near-expiry zone; 0 sells the goods as a near-expiry listing',
  }),
  category_id: z.number().int(),
  category_name: z.string().meta({ description: 'its categories from the top level down, joined by /' }),
  brand_id: z.number().int().nullable(),
  brand_name: z.string(),
  scope_id: z.number().int().nullable().meta({ description: '经营范围 class (`/api/user/jyfw` ids), null for none' }),
  scope_name: z.string(),
  is_youx: bit,
  is_kx: bit,
  is_zy: bit,
  is_qx: bit,
  is_ephedrine: bit,
  is_free_shipping: bit,
  free_shipping_number: z.number().int(),
  is_buy: bit,
  is_on_sale: bit,
  tags: z.array(z.string()),
  base_price: money,
  ladder_price: z.array(AdminLadderTier),
  goods_image: z.array(z.string()),
  number: z.number().int().meta({ description: 'stock in units (what open orders took is already off it)' }),
  sales: z.number().int(),
  created_at: unixTime,
});
export type AdminGoods = z.infer<typeof AdminGoods>;
export const AdminGoodsPage = pageOf(AdminGoods);

export const AdminGoodsDetail = AdminGoods.extend({
  gnzz: z.string().meta({ description: '功能主治/适应症' }),
  instructions: z.string(),
  category_path: z.array(z.object({ id: z.number().int(), name: z.string() })),
  held_number: z.number().int().meta({
    description: 'units in open orders (待付款, 待发货): taken from stock when the order was placed, given back if it is cancelled',
  }),
});
export type AdminGoodsDetail = z.infer<typeof AdminGoodsDetail>;

export const StockLogEntry = z.object({
  id: z.number().int(),
  goods_id: z.number().int(),
  delta: z.number().int(),
  batch_id: z.number().int().nullable().meta({ description: 'the batch changed; null when the units came off several batches or before batches' }),
  batch_no: z.string().nullable().meta({ description: "that batch's number (批号)" }),
  stock_after: z.number().int(),
  reason: z.string(),
  operator_id: z.number().int().nullable(),
  operator_name: z.string(),
  created_at: unixTime,
});
export type StockLogEntry = z.infer<typeof StockLogEntry>;
export const StockLogPage = pageOf(StockLogEntry);

export const StockChange = z.object({ goods_id: z.number().int(), number: z.number().int(), log: StockLogEntry });

export const OnSaleResult = z.object({
  ids: z.array(z.number().int()),
  is_on_sale: bit,
  changed: z.number().int().meta({ description: 'goods whose state changed (the others were already so)' }),
});

export const ImportProblem = z.object({
  row: z.number().int().meta({ description: '行号 as Excel shows it (the header is row 1)' }),
  column: z.string().meta({ description: '列: the column header' }),
  message: z.string(),
});
export type ImportProblem = z.infer<typeof ImportProblem>;

export const ImportReport = z.object({
  dry_run: bit,
  total: z.number().int().meta({ description: 'rows read (empty rows are skipped)' }),
  created: z.number().int().meta({ description: 'rows that create goods (written unless a dry run)' }),
  updated: z.number().int().meta({ description: 'rows that change goods by 商品ID' }),
  errors: z.array(ImportProblem),
});
export type ImportReport = z.infer<typeof ImportReport>;

export const AdminCategory = z.object({
  id: z.number().int(),
  parent_id: z.number().int().meta({ description: '0 for a top-level category' }),
  name: z.string(),
  logo1: z.string(),
  sort: z.number().int(),
  is_show: bit,
  is_leaf: bit.meta({ description: '1: no sub-categories; goods hang only on such categories' }),
  goods_count: z.number().int(),
});
export type AdminCategory = z.infer<typeof AdminCategory>;

export const AdminBrand = z.object({
  id: z.number().int(),
  name: z.string(),
  logo: z.string(),
  banner: z.string(),
  description: z.string(),
  sort: z.number().int(),
  is_show: bit,
  goods_count: z.number().int(),
});
export type AdminBrand = z.infer<typeof AdminBrand>;
