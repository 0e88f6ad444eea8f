/**
 * Which column of a purchase list holds what: the header row found below an ERP's title rows, each column taken
 * by the buyer's remembered choice for its header, by its header's words, or by the look of its cells.
 */
import { PURCHASE_LIST_FIELDS, type PurchaseListField } from '../../../core/schemas/purchase-lists.js';
import { halfWidth, looksLikeApproval, normBarcode, parseQuantity, specKey } from './normalise.js';

type Field = PurchaseListField;
type From = 'remembered' | 'header' | 'content';

/** The words ERPs (海典, 英克, 智慧药房, 万店掌 …) and hand-made lists head each column with. */
const FIELD_WORDS: Record<Exclude<Field, 'ignore'>, string[]> = {
  name: ['通用名', '通用名称', '商品名', '商品名称', '药品名称', '药品名', '品名', '名称', '产品名称', '货品名称', '药名', '品种', '品种名称'],
  spec: ['规格', '规格型号', '型号', '包装规格', '药品规格'],
  maker: ['生产厂家', '厂家', '生产企业', '产地', '厂商', '生产厂商', '生产单位', '厂家名称', '生产商', '上市许可持有人'],
  approval: ['批准文号', '批文', '批文号', '国药准字', '注册证号', '注册证', '批准文号/注册证号'],
  barcode: ['条形码', '条码', '国际条码', '商品条码', '69码', '商品条形码'],
  code: ['商品编码', '商品编号', '药品编码', '商品代码', '货号', '商品id', '编码', '编号'],
  quantity: ['数量', '采购数量', '计划数量', '订货数量', '需求数量', '申请数量', '采购量', '订购数量', '计划采购数量', '要货数量'],
  unit: ['单位', '包装单位', '计量单位', '基本单位'],
  price: ['单价', '参考价', '进价', '价格', '采购价', '参考进价', '最近进价', '含税进价', '采购单价'],
};

/** The longest header the words are looked for in. */
const HEADER_MAX_LENGTH = 10;

/** A header as compared with the words: no spaces, signs or the unit in brackets (单价(元) → 单价). */
const headerText = (s: string) =>
  halfWidth(s)
    .toLowerCase()
    .replace(/[(（[【].*?[)）\]】]/g, '')
    .replace(/[\s:：*＊#]/g, '');

/** The field a header's words name, and how long the word that named it is (longer is surer), or null. */
export function fieldOfHeader(header: string): { field: Field; weight: number } | null {
  const h = headerText(header);
  // A header is a few words: a long cell or one with a number in it is data (国药准字H13023964, 华北制药股份有限公司).
  if (!h || h.length > HEADER_MAX_LENGTH || /\d{3}/.test(h)) return null;
  let best: { field: Field; weight: number } | null = null;
  for (const field of Object.keys(FIELD_WORDS) as (keyof typeof FIELD_WORDS)[]) {
    for (const word of FIELD_WORDS[field]) {
      const weight = h === word ? 100 + word.length : h.includes(word) ? word.length : 0;
      if (weight > (best?.weight ?? 0)) best = { field, weight };
    }
  }
  return best;
}

/** How many cells of a row read as headers: the header row is the one with most, among the first rows. */
const headerHits = (row: string[]) => new Set(row.map((c) => fieldOfHeader(c)?.field).filter(Boolean)).size;

/** Rows looked at for the header row: an ERP export puts a title, a store and a date above it. */
const HEADER_SEARCH_ROWS = 10;

/** The index of the header row, or -1 when no row of the first ten names two fields (a list without headers). */
export function findHeaderRow(grid: string[][]): number {
  let best = -1;
  let hits = 1;
  for (let i = 0; i < Math.min(grid.length, HEADER_SEARCH_ROWS); i++) {
    const n = headerHits(grid[i]);
    if (n > hits) [best, hits] = [i, n];
  }
  if (best === -1) {
    // One recognised header is enough when it is the first row that holds anything.
    const first = grid.findIndex((r) => r.some((c) => c !== ''));
    if (first >= 0 && first < HEADER_SEARCH_ROWS && headerHits(grid[first]) === 1) return first;
  }
  return best;
}

/** The share of a column's filled cells that pass `test`. */
function share(cells: string[], test: (c: string) => boolean): number {
  const filled = cells.filter((c) => c !== '');
  return filled.length ? filled.filter(test).length / filled.length : 0;
}

/** How a drug's name ends: its dosage form (阿莫西林胶囊, 板蓝根颗粒, 红霉素软膏 …). */
const DRUG_NAME = /[\u4e00-\u9fa5].*(片|胶囊|颗粒|丸|液|膏|散|剂|贴|栓|针|糖浆|凝胶|酊|茶|锭|粉|露|油|口罩|试纸|血压计|体温计|棉签|纱布|绷带)$/;
const MAKER_LIKE = /(公司|厂|药业|制药|集团)$/;

/** The field a column's cells look like (国药准字…, 69… barcodes, specs, makers, quantities, names), or null. */
function fieldOfCells(cells: string[]): Field | null {
  if (!cells.some((c) => c !== '')) return null;
  if (share(cells, looksLikeApproval) >= 0.6) return 'approval';
  if (share(cells, (c) => normBarcode(c).length === 13 && c.trim().startsWith('69')) >= 0.6) return 'barcode';
  if (share(cells, (c) => /^\d/.test(c) && /\d\s*(mg|g|ml|μg|ug|iu|万单位|粒|片|袋|支|丸)/i.test(c) && specKey(c).includes('|')) >= 0.6) return 'spec';
  if (share(cells, (c) => MAKER_LIKE.test(c.trim())) >= 0.6) return 'maker';
  if (share(cells, (c) => parseQuantity(c) !== null && /^\d+$/.test(c.trim())) >= 0.8) return 'quantity';
  if (share(cells, (c) => /^(盒|瓶|袋|支|板|包|盒装|瓶装|件|个|台|贴|只)$/.test(c.trim())) >= 0.8) return 'unit';
  if (share(cells, (c) => DRUG_NAME.test(c.trim())) >= 0.5) return 'name';
  return null;
}

export type Mapping = { mapping: (Field | null)[]; from: (From | null)[] };

/**
 * The field of each column: the buyer's remembered field for its header first, then the header's words, then the
 * cells' look; a field is taken by one column only (the first, or the one named surest).
 */
export function mapColumns(headers: string[], rows: string[][], remembered: ReadonlyMap<string, Field>): Mapping {
  const mapping: (Field | null)[] = headers.map(() => null);
  const from: (From | null)[] = headers.map(() => null);
  const taken = new Set<Field>();
  const take = (i: number, field: Field, why: From) => {
    mapping[i] = field;
    from[i] = why;
    if (field !== 'ignore') taken.add(field);
  };
  headers.forEach((h, i) => {
    const field = remembered.get(h.trim());
    if (field && (field === 'ignore' || !taken.has(field))) take(i, field, 'remembered');
  });
  const named = headers
    .map((h, i) => ({ i, hit: mapping[i] === null ? fieldOfHeader(h) : null }))
    .filter((c): c is { i: number; hit: { field: Field; weight: number } } => c.hit !== null)
    .sort((a, b) => b.hit.weight - a.hit.weight || a.i - b.i);
  for (const { i, hit } of named) if (!taken.has(hit.field)) take(i, hit.field, 'header');
  headers.forEach((_, i) => {
    if (mapping[i] !== null) return;
    const field = fieldOfCells(rows.slice(0, 50).map((r) => r[i] ?? ''));
    if (field && !taken.has(field)) take(i, field, 'content');
  });
  return { mapping, from };
}

/** Whether a mapping can find goods at all: a name, an approval number, a barcode or a goods code. */
export const findsGoods = (mapping: readonly (Field | null)[]) => mapping.some((f) => f === 'name' || f === 'approval' || f === 'barcode' || f === 'code');

export const isField = (s: string): s is Field => (PURCHASE_LIST_FIELDS as readonly string[]).includes(s);
