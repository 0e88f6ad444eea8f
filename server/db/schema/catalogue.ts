/** The catalogue: goods, their batches, categories, brands, favourites and the search terms view. */
import { sql } from 'drizzle-orm';
import type { BatchStatus } from '../../../core/status.js';
import {
  boolean,
  check,
  date,
  index,
  integer,
  jsonb,
  pgMaterializedView,
  pgTable,
  serial,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  varchar,
} from 'drizzle-orm/pg-core';

const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();

/** A quantity tier: buying `number` or more costs `price` fen a unit. */
export type LadderTier = { number: number; price: number };

/** Goods categories, two levels or more; goods hang on the deepest level. */
export const categories = pgTable(
  'categories',
  {
    id: serial('id').primaryKey(),
    /** 0 for a top-level category. */
    parentId: integer('parent_id').notNull().default(0),
    name: varchar('name', { length: 32 }).notNull(),
    logo1: varchar('logo1', { length: 1000 }).notNull().default(''),
    sort: integer('sort').notNull().default(0),
    isShow: boolean('is_show').notNull().default(true),
  },
  (t) => [index('categories_parent_idx').on(t.parentId, t.sort)],
);
export const brands = pgTable('brands', {
  id: serial('id').primaryKey(),
  name: varchar('name', { length: 32 }).notNull(),
  logo: varchar('logo', { length: 1000 }).notNull().default(''),
  /** Shown on the brand's page in the brand zone. */
  description: text('description').notNull().default(''),
  /** The wide picture at the top of the brand's page. */
  banner: varchar('banner', { length: 1000 }).notNull().default(''),
  sort: integer('sort').notNull().default(0),
  isShow: boolean('is_show').notNull().default(true),
});
/**
 * Goods as buyers see them. Column names follow the specification's wire names (sccj 生产厂家, ypgg 规格,
 * bzdw 包装单位, zbz 中包装, ...; see docs/glossary.md). Money is integer fen.
 */
export const goods = pgTable(
  'goods',
  {
    id: serial('id').primaryKey(),
    /** The warehouse that ships it; the same product may be listed once per warehouse or batch. */
    ckId: integer('ck_id').notNull().default(1),
    name: varchar('name', { length: 100 }).notNull(),
    /** Manufacturer (生产厂家). */
    sccj: varchar('sccj', { length: 100 }).notNull(),
    /** Specification (规格), e.g. 0.25g*24粒. */
    ypgg: varchar('ypgg', { length: 60 }).notNull(),
    /** Unit (包装单位): 盒, 瓶, 袋, 支, 台 ... */
    bzdw: varchar('bzdw', { length: 8 }).notNull(),
    images: jsonb('images').$type<string[]>().notNull().default([]),
    basePrice: integer('base_price').notNull(),
    /** Buyable at all; false keeps it listed but refuses the cart. */
    isBuy: boolean('is_buy').notNull().default(true),
    /** Stock in units: what its batches that sell still hold (goods_batches), kept in step by every change of them. */
    number: integer('number').notNull().default(0),
    /** 优选: preferred goods, tag 优. */
    isYoux: boolean('is_youx').notNull().default(false),
    /** The cart line type a plain add uses: 0 plain; activities list their goods as 1 flash sale or 3 combination. */
    type: smallint('type').notNull().default(0),
    ladderPrice: jsonb('ladder_price').$type<LadderTier[]>().notNull().default([]),
    /** 0 no tiers; 1 the tiers' prices are unit prices in fen. */
    ladderPriceType: smallint('ladder_price_type').notNull().default(0),
    isFreeShipping: boolean('is_free_shipping').notNull().default(false),
    /** A line of free-shipping goods ships free from this quantity on. */
    freeShippingNumber: integer('free_shipping_number').notNull().default(0),
    tags: jsonb('tags').$type<string[]>().notNull().default([]),
    /** Middle package (中包装): the default quantity and the stepper's step. */
    zbz: integer('zbz').notNull().default(1),
    /** Whole-case quantity (件装). */
    jzl: integer('jzl').notNull().default(1),
    /** Approval number (批准文号), e.g. 国药准字H13023964; empty for decoction pieces. */
    pzwh: varchar('pzwh', { length: 40 }).notNull().default(''),
    /** Barcode (条形码) of its package, EAN-13 (69... for goods made in China); empty when unknown. Listings of one product share it. */
    tm: varchar('tm', { length: 20 }).notNull().default(''),
    /** Dosage form (剂型). */
    jx: varchar('jx', { length: 16 }).notNull().default(''),
    /** Prescription class (处方分类): 处方药, 甲类OTC, 乙类OTC, 器械, 中药饮片, 保健食品. */
    cfl: varchar('cfl', { length: 8 }).notNull().default(''),
    /** Expiry date (效期) of the batch a buyer receives next (goods_batches keeps every batch). */
    xq: date('xq', { mode: 'string' }).notNull(),
    /** Production date (生产日期) of that batch. */
    scrq: date('scrq', { mode: 'string' }).notNull(),
    /**
     * Minimum remaining shelf life in days: a batch expiring sooner than this from today is near expiry and not
     * sold with this goods (docs/decisions/033-batches.md). 0 for a near-expiry listing (近效期), which sells its
     * batches until the day before they expire.
     */
    minShelfDays: integer('min_shelf_days').notNull().default(183),
    /** Storage (储存): 常温, 阴凉, 冷藏. */
    ccfs: varchar('ccfs', { length: 4 }).notNull().default('常温'),
    categoryId: integer('category_id').notNull(),
    /** Its 经营范围 class (business_scopes id): only buyers approved for that class may buy it; null for none. */
    scopeId: integer('scope_id'),
    brandId: integer('brand_id'),
    /** Contains ephedrine (含麻黄碱): order quantity limited, bank transfer only, signed receipt afterwards. */
    isEphedrine: boolean('is_ephedrine').notNull().default(false),
    /** Controlled sale (控销): only accounts with is_special see it. */
    isKx: boolean('is_kx').notNull().default(false),
    /** Traditional Chinese medicine (中药专区). */
    isZy: boolean('is_zy').notNull().default(false),
    /** Medical device (器械专区). */
    isQx: boolean('is_qx').notNull().default(false),
    isOnSale: boolean('is_on_sale').notNull().default(true),
    /** Units sold, for sorting by sales. */
    sales: integer('sales').notNull().default(0),
    /** Generic name (通用名) when the listed name is not it, e.g. a name with its brand; search finds it below the name. */
    tym: varchar('tym', { length: 100 }).notNull().default(''),
    /** Trade name (商品名), e.g. 芬必得 for 布洛芬缓释胶囊 of 中美史克; search finds it below the name. */
    spm: varchar('spm', { length: 60 }).notNull().default(''),
    /** Indications (功能主治/适应症), shown on the product page; search finds it below the name, category and numbers. */
    gnzz: varchar('gnzz', { length: 500 }).notNull().default(''),
    /** Package insert (说明书), plain text. */
    instructions: text('instructions').notNull().default(''),
    /** Pinyin of name and manufacturer, lower case without spaces: full (amoxilinjiaonang) and initials (amxljn). */
    namePy: varchar('name_py', { length: 400 }).notNull().default(''),
    nameSzm: varchar('name_szm', { length: 100 }).notNull().default(''),
    sccjPy: varchar('sccj_py', { length: 400 }).notNull().default(''),
    sccjSzm: varchar('sccj_szm', { length: 100 }).notNull().default(''),
    createdAt: createdAt(),
  },
  (t) => [
    index('goods_name_trgm').using('gin', sql`${t.name} gin_trgm_ops`),
    index('goods_sccj_trgm').using('gin', sql`${t.sccj} gin_trgm_ops`),
    index('goods_name_py_trgm').using('gin', sql`${t.namePy} gin_trgm_ops`),
    index('goods_name_szm_trgm').using('gin', sql`${t.nameSzm} gin_trgm_ops`),
    index('goods_sccj_py_trgm').using('gin', sql`${t.sccjPy} gin_trgm_ops`),
    index('goods_sccj_szm_trgm').using('gin', sql`${t.sccjSzm} gin_trgm_ops`),
    index('goods_pzwh_trgm').using('gin', sql`${t.pzwh} gin_trgm_ops`),
    // A purchase list's line or the cart's code box finds its goods by approval number or barcode, exactly.
    index('goods_pzwh_idx').on(t.pzwh),
    index('goods_tm_idx').on(t.tm),
    index('goods_category_idx').on(t.categoryId),
    index('goods_brand_idx').on(t.brandId),
    index('goods_sales_idx').on(t.sales),
    // Price order and narrow price ranges without reading the whole table.
    index('goods_price_idx').on(t.basePrice),
    // 最新上架: the list's order (created_at desc, sales desc, id) read straight from the index.
    index('goods_newest_idx').on(t.createdAt.desc().nullsFirst(), t.sales.desc().nullsFirst(), t.id),
    // The best sellers of one name or one manufacturer, for search results per matching term.
    index('goods_name_sales_idx').on(t.name, t.sales.desc()),
    index('goods_sccj_sales_idx').on(t.sccj, t.sales.desc()),
  ],
);
/**
 * Units sold and given back, not yet added to goods.sales: an order line writes a row here rather than the
 * goods row, whose sales are in four indexes, so that taking stock changes no indexed column (a heap-only
 * update, some 30 times cheaper, and the row's lock held that much shorter). The sweep folds them in every minute.
 */
export const salesTally = pgTable(
  'sales_tally',
  {
    id: serial('id').primaryKey(),
    goodsId: integer('goods_id').notNull(),
    number: integer('number').notNull(),
  },
  // The sweep's parts read and delete a few goods' rows each (stock.ts foldSales): without it, each part read the
  // whole tally twice.
  (t) => [index('sales_tally_goods_idx').on(t.goodsId, t.id)],
);

/** Every change of a goods' stock by hand, with the operator and the reason (orders change stock through their own rows). */
export const stockLog = pgTable(
  'stock_log',
  {
    id: serial('id').primaryKey(),
    goodsId: integer('goods_id').notNull(),
    /** The batch (goods_batches) the units went into or came from; null for changes made before batches, or spread over several. */
    batchId: integer('batch_id'),
    delta: integer('delta').notNull(),
    /** The stock after the change. */
    stockAfter: integer('stock_after').notNull(),
    reason: varchar('reason', { length: 200 }).notNull(),
    operatorId: integer('operator_id'),
    createdAt: createdAt(),
  },
  (t) => [index('stock_log_goods_idx').on(t.goodsId, t.createdAt)],
);
/*
 * Batches (批号) of goods and which batch every unit of an order came from (docs/decisions/033-batches.md): the
 * catalogue's, because one statement of its stock locks a goods row and then that goods' batches.
 */
/**
 * One batch of a goods in the warehouse. `quantity` is on hand; `held` of it belongs to open orders (placed and
 * not yet shipped), so `quantity - held` is what can still be sold. goods.number is the sum of that over the
 * batches that sell (合格, and expiring later than the goods' min_shelf_days from today), and goods.xq and
 * goods.scrq are the dates of the first of them: the batch a buyer receives next.
 */
export const goodsBatches = pgTable(
  'goods_batches',
  {
    id: serial('id').primaryKey(),
    goodsId: integer('goods_id')
      .notNull()
      .references(() => goods.id, { onDelete: 'cascade' }),
    /** The batch number (批号) printed on the box. */
    batchNo: varchar('batch_no', { length: 32 }).notNull(),
    /** Production date (生产日期). */
    scrq: date('scrq', { mode: 'string' }).notNull(),
    /** Expiry date (效期至): the last day it may be used. */
    xq: date('xq', { mode: 'string' }).notNull(),
    quantity: integer('quantity').notNull().default(0),
    held: integer('held').notNull().default(0),
    /**
     * Units back from buyers' returns, waiting for qa's inspection (退货待验): outside `quantity`, never sold, until
     * qa passes them into it or writes them off (docs/decisions/036-receiving-reports-recalls.md).
     */
    returnsPending: integer('returns_pending').notNull().default(0),
    /** 0 待验, 1 合格, 2 锁定, 3 不合格 (core/status.ts BatchStatus). */
    status: smallint('status').$type<BatchStatus>().notNull().default(0),
    /** The inspection report (检验报告书), an uploaded file; null until one is attached. */
    report: varchar('report', { length: 255 }),
    /** Where it was received from (供货单位). */
    supplier: varchar('supplier', { length: 100 }).notNull().default(''),
    /**
     * The near-expiry price (近效期价, fen) its units sell at in the near-expiry zone once the batch is within its
     * goods' minimum shelf life; null sells them at the site's default rate of the goods' base price
     * (docs/decisions/037-near-expiry-zone.md).
     */
    clearancePrice: integer('clearance_price'),
    /**
     * The China day of the near-expiry daily report (近效期批次日报) that told qa the batch had come within its goods'
     * minimum shelf life; null until one did. Each batch is reported once (docs/decisions/042-wallet-and-quality-jobs.md).
     */
    nearReportedOn: date('near_reported_on', { mode: 'string' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('goods_batches_no_uq').on(t.goodsId, t.batchNo),
    // First expiring first out: a goods' batches in the order they are sold.
    index('goods_batches_fefo_idx').on(t.goodsId, t.xq, t.id),
    // The batches crossing into the near-expiry window on a given day (the daily sweep).
    index('goods_batches_xq_idx').on(t.xq),
    // The daily reports' batches: the latest report and the batch list filtered to one.
    index('goods_batches_near_report_idx')
      .on(t.nearReportedOn)
      .where(sql`near_reported_on is not null`),
    check('goods_batches_units_ck', sql`${t.held} >= 0 and ${t.held} <= ${t.quantity}`),
    check('goods_batches_returns_ck', sql`${t.returnsPending} >= 0`),
    check('goods_batches_clearance_ck', sql`${t.clearancePrice} is null or ${t.clearancePrice} > 0`),
  ],
);

/**
 * Units of an order line taken from one batch (a line spanning batches has a row for each; a bundle line a row
 * per part's batch). Written when the order is placed, removed when the order is cancelled or refunded before
 * shipping; `returned` counts units that came back through a return.
 */
export const orderItemBatches = pgTable(
  'order_item_batches',
  {
    id: serial('id').primaryKey(),
    /** order_items.id: the orders module's line, named here without a reference across modules. */
    orderItemId: integer('order_item_id').notNull(),
    goodsId: integer('goods_id').notNull(),
    batchId: integer('batch_id')
      .notNull()
      .references(() => goodsBatches.id),
    units: integer('units').notNull(),
    returned: integer('returned').notNull().default(0),
  },
  (t) => [
    index('order_item_batches_item_idx').on(t.orderItemId),
    index('order_item_batches_batch_idx').on(t.batchId),
    check('order_item_batches_units_ck', sql`${t.units} > 0 and ${t.returned} >= 0 and ${t.returned} <= ${t.units}`),
  ],
);
/** 收藏: goods a buyer keeps to order again. */
export const favorites = pgTable(
  'favorites',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id').notNull(),
    goodsId: integer('goods_id').notNull(),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('favorites_user_goods_uq').on(t.userId, t.goodsId), index('favorites_user_idx').on(t.userId, t.createdAt)],
);
/**
 * The distinct drug names (kind 1) and manufacturers (kind 2) of the goods on sale, with their pinyin:
 * a few hundred rows where the goods are a hundred thousand. Search matches keywords against these terms
 * in memory and then reads the goods of the matching terms by index. Refreshed after goods are written
 * (`refreshGoodsTerms`).
 */
export const goodsTerms = pgMaterializedView('goods_terms', {
  kind: smallint('kind').notNull(),
  term: varchar('term', { length: 100 }).notNull(),
  py: varchar('py', { length: 400 }).notNull(),
  szm: varchar('szm', { length: 100 }).notNull(),
  goodsCount: integer('goods_count').notNull(),
  sales: integer('sales').notNull(),
}).as(
  sql`select 1::smallint as kind, name as term, name_py as py, name_szm as szm, count(*)::int as goods_count, sum(sales)::int as sales
      from goods where is_on_sale group by name, name_py, name_szm
      union all
      select 2::smallint, sccj, sccj_py, sccj_szm, count(*)::int, sum(sales)::int
      from goods where is_on_sale group by sccj, sccj_py, sccj_szm`,
);
