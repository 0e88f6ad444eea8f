/**
 * 常购清单 and 我的清单 (DESIGN.md section 18, docs/decisions/046-goods-lists.md): the goods a store bought in the
 * last 180 days with the quantity and price of the last purchase, the named lists a buyer keeps (每周补货 ...),
 * both added to the cart at their usual quantities and exported to Excel; and the cart's quick order by code
 * (a barcode, an approval number or the site's goods code).
 */
import { z } from 'zod';
import { freeText, id, optionalText, page, quantity } from './common.js';
import { bit, money, pageOf, unixTime } from './envelope.js';
import { Goods } from './goods.js';

/** The window of the usual goods: orders of the last 180 days, China time (today and the 179 days before it). */
export const USUAL_GOODS_DAYS = 180;
/** A buyer keeps at most this many named lists, each of at most this many goods. */
export const GOODS_LISTS_MAX = 20;
export const GOODS_LIST_ITEMS_MAX = 500;
export const GOODS_LIST_NAME_MAX = 20;
/** The most units a list line holds (a cart line is bounded by the stock anyway). */
export const GOODS_LIST_NUMBER_MAX = 99_999;

// ---- 常购清单 (GET /api/user/fast_buy) ----

/** Orders of the usual goods: last bought first, most often bought, most units bought. */
const FAST_BUY_ORDERS = ['time', 'count', 'number'] as const;
export const fastBuyQuery = z.object({
  page: page(),
  order: z
    .enum(FAST_BUY_ORDERS, { error: '排序方式不正确' })
    .optional()
    .default('time')
    .meta({ description: 'time: last bought first (default); count: most orders; number: most units' }),
  keywords: optionalText('关键词', 50).meta({ description: 'matches the name or the manufacturer' }),
});

/** A goods the store bought in the last 180 days, as 常购清单 lists it. */
export const FastBuyRow = z.object({
  goods: Goods,
  last_number: z.number().int().meta({ description: 'the quantity of the last purchase' }),
  last_price: money.nullable().meta({ description: 'the unit price paid in the last purchase; null where the viewer may not see prices' }),
  cart_number: z.number().int().meta({ description: 'what one click adds: the last quantity in whole middle packages, within the stock (0: none in stock)' }),
  price: money.nullable().meta({
    description: "today's unit price at `cart_number` (the ladder tier it reaches; a flash sale or 94折 shows in the cart); null where hidden",
  }),
  times: z.number().int().meta({ description: 'orders it was in, in the window' }),
  total_number: z.number().int().meta({ description: 'units bought in all, in the window' }),
  last_time: unixTime.meta({ description: 'when it was last ordered' }),
});
export type FastBuyRow = z.infer<typeof FastBuyRow>;

export const FastBuyPage = pageOf(FastBuyRow).extend({
  days: z.number().int().meta({ description: 'the window in days (180)' }),
});
export type FastBuyPage = z.infer<typeof FastBuyPage>;

/** `GET /api/user/fast_buy/export`: the whole list in the asked order, as .xlsx. */
export const fastBuyExportQuery = fastBuyQuery.omit({ page: true });

// ---- 我的清单 ----

const listName = () =>
  freeText('清单名称', GOODS_LIST_NAME_MAX)
    .min(1, { error: '请输入清单名称' })
    .refine((v) => !/[<>]/.test(v), { error: '清单名称不能包含 < 或 > 字符' });

/** A line put into a list: the goods and its quantity (whole middle packages, checked against the goods). */
export const goodsListLine = z.object({
  goods_id: id('商品ID'),
  number: quantity('数量', 1, GOODS_LIST_NUMBER_MAX),
});

const lines = (min: number) =>
  z
    .array(goodsListLine, { error: '请选择商品' })
    .min(min, { error: '请选择商品' })
    .max(GOODS_LIST_ITEMS_MAX, { error: `每个清单最多${GOODS_LIST_ITEMS_MAX}种商品` })
    .refine((l) => new Set(l.map((x) => x.goods_id)).size === l.length, { error: '商品重复' });

/** `POST /api/goods_list`: a new list, with lines to put in it at once (加入清单 from 常购清单 or a product page). */
export const goodsListCreateBody = z.object({ name: listName(), items: lines(0).optional().default([]) });
export type GoodsListCreateInput = z.input<typeof goodsListCreateBody>;

/** `POST /api/goods_list/{id}`: renames a list. */
export const goodsListRenameBody = z.object({ name: listName() });

/** `POST /api/goods_list/{id}/items`: puts lines in a list; a goods already in it takes the new quantity. */
export const goodsListItemsBody = z.object({ items: lines(1) });
export type GoodsListItemsInput = z.input<typeof goodsListItemsBody>;

const goodsIds = (required: boolean) =>
  z.preprocess(
    (v) => (Array.isArray(v) ? v : typeof v === 'string' ? v.split(',').filter(Boolean) : typeof v === 'number' ? [v] : v),
    z
      .array(id('商品ID'), { error: '请选择商品' })
      .min(required ? 1 : 0, { error: '请选择商品' })
      .max(GOODS_LIST_ITEMS_MAX, { error: `一次最多选择${GOODS_LIST_ITEMS_MAX}种商品` }),
  );

/** `POST /api/goods_list/{id}/remove`: takes goods out of a list. */
export const goodsListRemoveBody = z.object({ goods_ids: goodsIds(true) });

/** `POST /api/goods_list/{id}/cart`: the chosen lines (`goods_ids`), or every line when none is given. */
export const goodsListCartBody = z.object({ goods_ids: goodsIds(false).optional() });

export const goodsListParams = z.object({ id: id('清单ID') });

/** A list as the lists page names it. */
export const GoodsListSummary = z.object({
  id: z.number().int(),
  name: z.string(),
  count: z.number().int().meta({ description: 'goods in it' }),
  updated_at: unixTime,
});
export type GoodsListSummary = z.infer<typeof GoodsListSummary>;

export const GoodsLists = z.object({
  data: z.array(GoodsListSummary).meta({ description: 'the lists, the latest changed first' }),
  max: z.number().int().meta({ description: 'the most lists a buyer keeps (20)' }),
  items_max: z.number().int().meta({ description: 'the most goods a list holds (500)' }),
});
export type GoodsLists = z.infer<typeof GoodsLists>;

/** A line of a list with its goods as they are today. */
export const GoodsListItem = z.object({
  goods: Goods,
  number: z.number().int().meta({ description: 'the quantity kept in the list' }),
  cart_number: z.number().int().meta({ description: 'what adding the line puts in the cart: `number` within the stock, in whole middle packages (0: none)' }),
  price: money.nullable().meta({ description: "today's unit price at `number` (its ladder tier); null where hidden" }),
  on_sale: bit.meta({ description: '0: the goods is off sale or no longer shown to this buyer; the line stays but is not added' }),
  added_at: unixTime,
});
export type GoodsListItem = z.infer<typeof GoodsListItem>;

export const GoodsListDetail = GoodsListSummary.extend({ items: z.array(GoodsListItem).meta({ description: 'the lines, the latest added first' }) });
export type GoodsListDetail = z.infer<typeof GoodsListDetail>;

/** What putting lines in a list answers: the list as named, and how many lines are new. */
export const GoodsListSaved = GoodsListSummary.extend({
  added: z.number().int().meta({ description: 'lines new to the list (the others took the new quantity)' }),
});
export type GoodsListSaved = z.infer<typeof GoodsListSaved>;

/** What adding a list to the cart answers. */
export const GoodsListCarted = z.object({
  cart: z.number().int().meta({ description: 'lines in the cart now' }),
  added: z.number().int().meta({ description: 'lines added' }),
  skipped: z
    .array(z.object({ goods_id: z.number().int(), name: z.string(), reason: z.string() }))
    .meta({ description: 'lines left out, each with why (已下架, 已售罄, 超出经营范围 ...)' }),
});
export type GoodsListCarted = z.infer<typeof GoodsListCarted>;

// ---- Quick order by code (the cart page) ----

/** `GET /api/goods/by_code?code=`: a barcode (条形码), an approval number (批准文号) or the site's goods code (商品编码). */
export const goodsCodeQuery = z.object({
  code: freeText('条码', 60).min(1, { error: '请输入条码、批准文号或商品编码' }),
});

export const GoodsByCode = z.object({
  code: z.string().meta({ description: 'the code as matched: blanks removed, full-width characters made half-width, letters upper case' }),
  data: z
    .array(Goods)
    .meta({ description: 'the goods the code names that the buyer may see: several when an approval number is listed by several warehouses' }),
});
export type GoodsByCode = z.infer<typeof GoodsByCode>;
