/**
 * 采购计划导入 (DESIGN.md section 18, docs/decisions/045-purchase-lists.md): a pharmacy's purchase list, pasted
 * from a spreadsheet or uploaded as .xlsx, .xls or .csv, read by its headers, each line matched to goods, and
 * the lines the buyer keeps put in the cart in one request. Three calls: read (the cells and the guessed
 * columns), match (the lines with their candidates), cart (the chosen lines into the cart).
 */
import { z } from 'zod';
import { id, quantity } from './common.js';
import { bit, money } from './envelope.js';
import { Goods } from './goods.js';

/** What a column of a purchase list holds; `ignore` is a column the buyer said to leave out. */
export const PURCHASE_LIST_FIELDS = ['name', 'spec', 'maker', 'approval', 'barcode', 'code', 'quantity', 'unit', 'price', 'ignore'] as const;
export type PurchaseListField = (typeof PURCHASE_LIST_FIELDS)[number];
export const PURCHASE_LIST_FIELD_TEXT: Record<PurchaseListField, string> = {
  name: '药品名称',
  spec: '规格',
  maker: '生产厂家',
  approval: '批准文号',
  barcode: '条形码',
  code: '商品编码',
  quantity: '采购数量',
  unit: '单位',
  price: '参考价格',
  ignore: '不导入',
};

/** The limits of one list: the file's size and its rows (not counting the header row). */
export const PURCHASE_LIST_MAX_BYTES = 5 * 1024 * 1024;
export const PURCHASE_LIST_MAX_ROWS = 2000;
/** Columns read of a row; cells are cut to this many characters. */
export const PURCHASE_LIST_MAX_COLUMNS = 30;
export const PURCHASE_LIST_MAX_CELL = 100;

const cell = () => z.string().max(PURCHASE_LIST_MAX_CELL, { error: `单元格不能超过${PURCHASE_LIST_MAX_CELL}个字符` });

/**
 * `POST /api/purchase_list/read` with JSON: rows pasted from a spreadsheet (tab-separated, or commas), the first
 * line its headers. An upload is the same call as multipart/form-data with one `file` (.xlsx, .xls or .csv).
 */
export const purchaseListPasteBody = z.object({
  text: z.string({ error: '请粘贴采购计划' }).min(1, { error: '请粘贴采购计划' }).max(PURCHASE_LIST_MAX_BYTES, { error: '粘贴的内容超过5MB，请分批导入' }),
});

/** A list as read: the header row, the data rows' cells, and the field each column is taken for. */
export const PurchaseListSheet = z.object({
  file_name: z.string().meta({ description: 'the uploaded file’s name; 粘贴内容 for pasted rows' }),
  headers: z.array(z.string()).meta({ description: 'the header row’s cells, trimmed' }),
  rows: z
    .array(
      z.object({ row: z.number().int().meta({ description: 'the row number in the sheet (the header row counts, 1-based)' }), cells: z.array(z.string()) }),
    )
    .meta({ description: 'the data rows that hold anything, as text, in sheet order' }),
  mapping: z
    .array(z.enum(PURCHASE_LIST_FIELDS).nullable())
    .meta({ description: 'per column: the field it is taken for, null for a column not recognised (left out)' }),
  mapping_from: z.array(z.enum(['remembered', 'header', 'content']).nullable()).meta({
    description: 'per column: why — the buyer’s own earlier choice for that header, the header’s words, or the cells’ look (国药准字…, 69… barcodes)',
  }),
  skipped: z
    .array(z.object({ row: z.number().int(), message: z.string() }))
    .meta({ description: 'rows left out as read (a total line, a repeated header), each with why' }),
});
export type PurchaseListSheet = z.infer<typeof PurchaseListSheet>;

/** `POST /api/purchase_list/match`: the rows as read with the mapping as the buyer left it (remembered per header). */
export const purchaseListMatchBody = z.object({
  headers: z.array(cell()).max(PURCHASE_LIST_MAX_COLUMNS, { error: `最多读取${PURCHASE_LIST_MAX_COLUMNS}列` }),
  rows: z
    .array(z.object({ row: z.number().int().positive(), cells: z.array(cell()).max(PURCHASE_LIST_MAX_COLUMNS) }))
    .min(1, { error: '采购计划没有数据行' })
    .max(PURCHASE_LIST_MAX_ROWS, { error: `采购计划不能超过${PURCHASE_LIST_MAX_ROWS}行，请分批导入` }),
  mapping: z.array(z.enum(PURCHASE_LIST_FIELDS, { error: '列的对应关系不正确' }).nullable()),
});
export type PurchaseListMatchInput = z.input<typeof purchaseListMatchBody>;

/** Why a candidate matched, best first; `certainty` is 0-100. */
const MATCH_REASONS = ['approval_spec', 'barcode', 'code', 'chosen', 'approval', 'name_spec_maker', 'name_spec', 'name_maker', 'name'] as const;
export type MatchReason = (typeof MATCH_REASONS)[number];

export const PurchaseListCandidate = z.object({
  goods: Goods,
  reason: z.enum(MATCH_REASONS),
  reason_text: z.string().meta({ description: 'the reason as the buyer reads it: 批准文号+规格一致, 条形码一致, 上次选择, 名称、规格、厂家相近 …' }),
  certainty: z.number().int().min(0).max(100),
  number: z.number().int().meta({ description: 'the quantity that would go in the cart: the list’s, rounded up to whole middle packages (中包装)' }),
  number_note: z.string().meta({ description: 'why the quantity differs from the list’s (按中包装10取整), empty when it does not' }),
  price: money.nullable().meta({ description: 'unit price at that quantity (tiers and promotions as the cart prices it)' }),
  first_business: bit.meta({ description: '首营: the buyer has never bought this goods; its first-business documents come with the order' }),
  sellable: bit.meta({ description: '1 when it can go in the cart now at that quantity' }),
  problem: z.string().meta({ description: 'why not, when `sellable` is 0: 暂无库存, 库存不足, 超出经营范围, 已下架 …' }),
});
export type PurchaseListCandidate = z.infer<typeof PurchaseListCandidate>;

/** The fields of a line as the buyer's list gave them. */
const PurchaseListInput = z.object({
  name: z.string(),
  spec: z.string(),
  maker: z.string(),
  approval: z.string(),
  barcode: z.string(),
  code: z.string(),
  quantity: z.number().int().nullable().meta({ description: 'null when the cell was empty or not a number (see `problem`)' }),
  unit: z.string(),
});

/** matched: one candidate is sure enough to be taken; choose: several are close; none: nothing close (nearest goods in `candidates`); invalid: the row cannot be read (`problem`). */
const PURCHASE_LINE_STATES = ['matched', 'choose', 'none', 'invalid'] as const;

export const PurchaseListLine = z.object({
  row: z.number().int(),
  key: z.string().meta({ description: 'the line’s key: its codes, name, spec and maker normalised; a choice is remembered by it' }),
  input: PurchaseListInput,
  state: z.enum(PURCHASE_LINE_STATES),
  problem: z.string().meta({ description: 'for an invalid row: what is wrong with it, naming the column (第12行：采购数量须为正整数)' }),
  candidates: z.array(PurchaseListCandidate).meta({ description: 'best first, at most 5; for `none` the nearest goods' }),
  chosen: z.number().int().nullable().meta({ description: 'the goods id taken for a matched line; null for the others until the buyer chooses' }),
});
export type PurchaseListLine = z.infer<typeof PurchaseListLine>;

export const PurchaseListMatch = z.object({
  lines: z.array(PurchaseListLine),
  counts: z.object({ matched: z.number().int(), choose: z.number().int(), none: z.number().int(), invalid: z.number().int() }),
});
export type PurchaseListMatch = z.infer<typeof PurchaseListMatch>;

/** `POST /api/purchase_list/cart`: the lines the buyer keeps, each with its goods and quantity; the choices are remembered. */
export const purchaseListCartBody = z.object({
  lines: z
    .array(
      z.object({
        row: z.number().int().positive(),
        key: z.string().max(200),
        goods_id: id('商品ID'),
        number: quantity('采购数量', 1, 999_999),
      }),
    )
    .min(1, { error: '请选择要加入购物车的商品' })
    .max(PURCHASE_LIST_MAX_ROWS, { error: `一次最多加入${PURCHASE_LIST_MAX_ROWS}行` }),
});
export type PurchaseListCartInput = z.input<typeof purchaseListCartBody>;

export const PurchaseListCarted = z.object({
  cart: z.number().int().meta({ description: 'the cart’s line count after the add' }),
  added: z.array(z.number().int()).meta({ description: 'the rows that went in' }),
  refused: z
    .array(z.object({ row: z.number().int(), message: z.string() }))
    .meta({ description: 'the rows that could not go in, each with why; the others went in' }),
});
export type PurchaseListCarted = z.infer<typeof PurchaseListCarted>;
