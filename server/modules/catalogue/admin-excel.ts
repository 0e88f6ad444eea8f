/**
 * Goods in Excel: the export streams the console's list (same filters) as an .xlsx with Chinese column
 * headers, and the import reads the same columns back. An import checks every row with the rules of the goods
 * form and lists each problem by 行号, 列 and 信息; a dry run stops there and writes nothing, a real one writes
 * every row in one transaction (a row with 商品ID changes that goods, one without creates goods) or, if any
 * row is wrong, nothing at all.
 *
 * Blank cells: for 批准文号, 剂型, 品牌, 经营范围, 阶梯价, 标签, 商品图片 and 说明书 a blank cell means none;
 * for every other column it means "not given" (the default for new goods, unchanged for goods with an id).
 * 库存 is read for new goods only: stock of existing goods changes through the stock call, with a reason, so
 * that an old file can never overwrite what orders took since it was exported. 分类 is read when 分类ID is
 * blank (a path such as 西药/抗感染 or a leaf name that is unique); 销量 is never read.
 */
import { PassThrough, type Readable } from 'node:stream';
import ExcelJS from 'exceljs';
import type { FastifyRequest } from 'fastify';
import type { z } from 'zod';
import { Code } from '../../../core/codes.js';
import { fenToYuan } from '../../../core/money.js';
import {
  chinaToday,
  GOODS_IMPORT_MAX_ROWS,
  goodsCreateBody,
  goodsProblems,
  goodsUpdateBody,
  type AdminGoodsFilter,
  type ImportProblem,
  type ImportReport,
} from '../../../core/schemas/admin-goods.js';
import { insertMany, nextIds, updateManyById } from '../../db/bulk.js';
import type { Conn, Db } from '../../db/client.js';
import { goods, stockLog } from '../../db/schema/catalogue.js';
import { AppError, invalid } from '../../http/envelope.js';
import { businessScopeList } from '../accounts/index.js';
import { auditedMany, type TargetChange } from '../operators/index.js';
import { knownPublicPictures } from '../uploads/index.js';
import { afterGoodsWrite, exportPage, formRewritten, goodsFilter, goodsRowsByIds } from './admin.js';
import { correctBatchDates, firstBatches } from './batches.js';
import {
  categoryPath,
  columnsOf,
  descendants,
  formOf,
  goodsTrail,
  ladderText,
  loadRefs,
  pictureProblems,
  refProblems,
  type GoodsForm,
  type Refs,
} from './admin-form.js';

type GoodsRow = typeof goods.$inferSelect;
type ExportRow = Awaited<ReturnType<typeof exportPage>>[number];

/** How a column is read back: plain text, 是/否, a reference by name, a list, or not at all. */
type Kind = 'text' | 'flag' | 'ladder' | 'pictures' | 'brand' | 'scope' | 'category' | 'categoryPath' | 'stock' | 'id' | 'none';

type Column = {
  header: string;
  width: number;
  /** The form field the column fills on import. */
  field?: keyof GoodsForm;
  kind: Kind;
  /** A blank cell means none ('' or an empty list), not "not given". */
  blankIsNone?: boolean;
  numFmt?: string;
  value: (row: ExportRow, refs: Refs) => string | number;
};

const yes = (v: boolean) => (v ? '是' : '否');
const text = (field: keyof GoodsForm, header: string, width: number, value: Column['value'], blankIsNone = false): Column => ({
  header,
  width,
  field,
  kind: 'text',
  blankIsNone,
  value,
});
const flag = (field: keyof GoodsForm, header: string, value: (row: ExportRow) => boolean): Column => ({
  header,
  width: 8,
  field,
  kind: 'flag',
  value: (row) => yes(value(row)),
});

export const COLUMNS: Column[] = [
  { header: '商品ID', width: 9, kind: 'id', value: (r) => r.id },
  text('name', '商品名称', 24, (r) => r.name),
  text('sccj', '生产厂家', 24, (r) => r.sccj),
  text('tym', '通用名', 20, (r) => r.tym, true),
  text('spm', '商品名', 12, (r) => r.spm, true),
  text('ypgg', '规格', 16, (r) => r.ypgg),
  text('bzdw', '包装单位', 8, (r) => r.bzdw),
  text('pzwh', '批准文号', 20, (r) => r.pzwh, true),
  { ...text('tm', '条形码', 16, (r) => r.tm, true), numFmt: '@' },
  text('jx', '剂型', 10, (r) => r.jx, true),
  text('cfl', '处方分类', 10, (r) => r.cfl),
  text('scrq', '生产日期', 12, (r) => r.scrq),
  text('xq', '效期', 12, (r) => r.xq),
  text('zbz', '中包装', 8, (r) => r.zbz),
  text('jzl', '件装量', 8, (r) => r.jzl),
  text('ccfs', '储存方式', 9, (r) => r.ccfs),
  text('min_shelf_days', '近效期天数', 10, (r) => r.minShelfDays),
  text('ck_id', '仓库', 6, (r) => r.ckId),
  { header: '分类ID', width: 8, field: 'category_id', kind: 'category', value: (r) => r.categoryId },
  {
    header: '分类',
    width: 20,
    kind: 'categoryPath',
    value: (r, refs) =>
      categoryPath(refs, r.categoryId)
        .map((c) => c.name)
        .join('/'),
  },
  { header: '品牌', width: 14, field: 'brand_id', kind: 'brand', blankIsNone: true, value: (r, refs) => (r.brandId ? (refs.brands.get(r.brandId) ?? '') : '') },
  {
    header: '经营范围',
    width: 12,
    field: 'scope_id',
    kind: 'scope',
    blankIsNone: true,
    value: (r, refs) => (r.scopeId ? (refs.scopes.get(r.scopeId) ?? '') : ''),
  },
  { ...text('base_price', '价格（元）', 11, (r) => Number(fenToYuan(r.basePrice))), numFmt: '0.00' },
  {
    header: '阶梯价',
    width: 22,
    field: 'ladder_price',
    kind: 'ladder',
    blankIsNone: true,
    value: (r) => ladderText(r.ladderPrice.map((t) => ({ number: t.number, price: fenToYuan(t.price) }))),
  },
  { header: '库存', width: 9, kind: 'stock', value: (r) => r.number },
  { header: '销量', width: 9, kind: 'none', value: (r) => r.sales },
  flag('is_youx', '优选', (r) => r.isYoux),
  flag('is_kx', '控销', (r) => r.isKx),
  flag('is_zy', '中药', (r) => r.isZy),
  flag('is_qx', '器械', (r) => r.isQx),
  flag('is_ephedrine', '含麻黄碱', (r) => r.isEphedrine),
  flag('is_free_shipping', '包邮', (r) => r.isFreeShipping),
  text('free_shipping_number', '包邮数量', 9, (r) => r.freeShippingNumber),
  flag('is_buy', '可购买', (r) => r.isBuy),
  flag('is_on_sale', '上架', (r) => r.isOnSale),
  text('tags', '标签', 10, (r) => r.tags.join(','), true),
  { header: '商品图片', width: 40, field: 'goods_image', kind: 'pictures', blankIsNone: true, value: (r) => r.images.join('\n') },
  text('gnzz', '功能主治', 30, (r) => r.gnzz, true),
  text('instructions', '说明书', 40, (r) => r.instructions, true),
];

const HEADER_OF = new Map<string, string>(COLUMNS.flatMap((c) => (c.field ? [[c.field, c.header] as [string, string]] : [])));
HEADER_OF.set('number', '库存');
/** Columns a file must have, whatever its rows do. */
const REQUIRED_HEADERS = ['商品ID', '商品名称', '生产厂家', '规格', '包装单位', '处方分类', '生产日期', '效期', '价格（元）'];
export const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
const EXPORT_PAGE = 1000;

/** `GET /api/admin/goods/export`: the goods of the filters, newest first, streamed as they are read. */
export async function exportGoods(db: Db, q: AdminGoodsFilter): Promise<Readable> {
  const refs = await loadRefs(db, await businessScopeList(db));
  const where = await goodsFilter(q, async (id) => descendants(refs, id));
  const stream = new PassThrough();
  const book = new ExcelJS.stream.xlsx.WorkbookWriter({ stream, useStyles: true, useSharedStrings: false });
  const sheet = book.addWorksheet('商品', { views: [{ state: 'frozen', ySplit: 1 }] });
  sheet.columns = COLUMNS.map((c) => ({ header: c.header, key: c.header, width: c.width, ...(c.numFmt ? { style: { numFmt: c.numFmt } } : {}) }));
  sheet.getRow(1).font = { bold: true };
  const write = async () => {
    let before: number | null = null;
    for (;;) {
      const rows = await exportPage(db, where, before, EXPORT_PAGE);
      for (const r of rows) sheet.addRow(COLUMNS.map((c) => c.value(r, refs))).commit();
      if (rows.length < EXPORT_PAGE) break;
      before = rows[rows.length - 1].id;
    }
    sheet.commit();
    await book.commit();
  };
  write().catch((err: unknown) => stream.destroy(err as Error));
  return stream;
}

type SheetRow = { row: number; cells: Map<string, string> };

/** A cell as text: dates as YYYY-MM-DD, numbers as their decimal text, rich text and links by their text. */
function cellText(v: ExcelJS.CellValue): string {
  if (v === null || v === undefined) return '';
  if (v instanceof Date) return Number.isNaN(v.getTime()) ? '' : v.toISOString().slice(0, 10);
  if (typeof v === 'number') return String(v);
  if (typeof v === 'boolean') return v ? '是' : '否';
  if (typeof v === 'string') return v.trim();
  if ('richText' in v)
    return v.richText
      .map((r) => r.text)
      .join('')
      .trim();
  if ('text' in v && typeof v.text === 'string') return v.text.trim();
  if ('result' in v) return cellText(v.result as ExcelJS.CellValue);
  return '';
}

/** The rows of the file's first sheet by header, empty rows left out. */
async function readSheet(buffer: Buffer): Promise<{ headers: Set<string>; rows: SheetRow[] }> {
  if (buffer.subarray(0, 4).toString('latin1') !== 'PK\x03\x04') throw invalid('file', '请上传 .xlsx 格式的 Excel 文件');
  const book = new ExcelJS.Workbook();
  try {
    await book.xlsx.load(buffer as unknown as ArrayBuffer);
  } catch {
    throw invalid('file', '无法读取该 Excel 文件，请用导出的模板重新保存后再试');
  }
  const sheet = book.worksheets[0];
  if (!sheet) throw invalid('file', 'Excel 文件中没有工作表');
  const byIndex = new Map<number, string>();
  sheet.getRow(1).eachCell((cell, col) => {
    const header = cellText(cell.value);
    if (header) byIndex.set(col, header);
  });
  const headers = new Set(byIndex.values());
  const missing = REQUIRED_HEADERS.filter((h) => !headers.has(h));
  if (!headers.has('分类ID') && !headers.has('分类')) missing.push('分类ID');
  if (missing.length) throw invalid('file', `缺少列：${missing.join('、')}（请使用导出的文件作为模板）`);
  const rows: SheetRow[] = [];
  sheet.eachRow((r, n) => {
    if (n === 1) return;
    const cells = new Map<string, string>();
    for (const [col, header] of byIndex) cells.set(header, cellText(r.getCell(col).value));
    if ([...cells.values()].some(Boolean)) rows.push({ row: n, cells });
  });
  if (!rows.length) throw invalid('file', 'Excel 文件中没有商品数据');
  if (rows.length > GOODS_IMPORT_MAX_ROWS) throw invalid('file', `一次最多导入${GOODS_IMPORT_MAX_ROWS}行，请分批导入`);
  return { headers, rows };
}

/** Ladder text `10:35.50;50:34.00` (full-width colons and semicolons too) as tiers, or null when it is not. */
function parseLadder(v: string): { number: string; price: string }[] | null {
  const tiers = v
    .split(/[;；\n]/)
    .map((s) => s.trim())
    .filter(Boolean)
    .map((s) => /^(\d+)\s*[:：]\s*([^:：]+)$/.exec(s));
  if (tiers.some((m) => !m)) return null;
  return tiers.map((m) => ({ number: m![1], price: m![2].trim() }));
}

/** Where a field's problem is shown: its column, and for a ladder tier or a picture which one. */
function placeOf(path: string): { column: string; prefix: string } {
  const [field, index] = path.split('.');
  const column = HEADER_OF.get(field) ?? field;
  if (index !== undefined && field === 'ladder_price') return { column, prefix: `第${Number(index) + 1}档：` };
  if (index !== undefined && field === 'goods_image') return { column, prefix: `第${Number(index) + 1}张：` };
  return { column, prefix: '' };
}

type Planned = {
  creates: { row: number; form: GoodsForm; number: number }[];
  updates: { row: number; existing: GoodsRow; form: GoodsForm }[];
  errors: ImportProblem[];
};

/** Reads every row into a goods form with the form's own rules, and lists what does not hold. */
async function plan(conn: Conn, scopes: { id: number; name: string }[], sheet: { headers: Set<string>; rows: SheetRow[] }, lock: boolean): Promise<Planned> {
  const refs = await loadRefs(conn, scopes);
  const pathOf = new Map(
    [...refs.categories.keys()].map((id) => [
      categoryPath(refs, id)
        .map((c) => c.name)
        .join('/'),
      id,
    ]),
  );
  const brandByName = new Map([...refs.brands].map(([id, name]) => [name, id]));
  const scopeByName = new Map([...refs.scopes].map(([id, name]) => [name, id]));
  const ids = sheet.rows
    .map((r) => r.cells.get('商品ID') ?? '')
    .filter((v) => /^\d{1,9}$/.test(v))
    .map(Number);
  const existing = await goodsRowsByIds(conn, [...new Set(ids)], lock);
  const known = await knownPublicPictures(
    conn,
    sheet.rows.flatMap((r) => (r.cells.get('商品图片') ?? '').split(/\s+/)),
  );
  const out: Planned = { creates: [], updates: [], errors: [] };
  const seen = new Set<number>();
  const today = chinaToday();

  for (const { row, cells } of sheet.rows) {
    const problems: ImportProblem[] = [];
    const problem = (column: string, message: string) => problems.push({ row, column, message });
    const idText = cells.get('商品ID') ?? '';
    let target: GoodsRow | undefined;
    if (idText) {
      const id = /^\d{1,9}$/.test(idText) ? Number(idText) : 0;
      target = existing.get(id);
      if (!target) problem('商品ID', idText && id ? '商品不存在' : '商品ID格式不正确');
      else if (seen.has(id)) problem('商品ID', '商品ID重复：同一商品只能出现一行');
      seen.add(id);
    }
    const body: Record<string, unknown> = {};
    for (const col of COLUMNS) {
      if (!col.field || !sheet.headers.has(col.header)) continue;
      const v = cells.get(col.header) ?? '';
      if (!v && !col.blankIsNone) continue;
      switch (col.kind) {
        case 'flag':
          if (v === '是' || v === '1') body[col.field] = 1;
          else if (v === '否' || v === '0') body[col.field] = 0;
          else problem(col.header, `${col.header}须填“是”或“否”`);
          break;
        case 'ladder': {
          const tiers = v ? parseLadder(v) : [];
          if (tiers) body.ladder_price = tiers;
          else problem(col.header, '阶梯价格式应为 数量:单价，多档用分号分隔，如 10:35.50;50:34.00');
          break;
        }
        case 'pictures':
          body.goods_image = v.split(/\s+/).filter(Boolean);
          break;
        case 'brand':
          if (!v) body.brand_id = null;
          else if (brandByName.has(v)) body.brand_id = brandByName.get(v);
          else problem(col.header, `品牌不存在：${v}`);
          break;
        case 'scope':
          if (!v) body.scope_id = null;
          else if (scopeByName.has(v)) body.scope_id = scopeByName.get(v);
          else problem(col.header, `经营范围不存在：${v}`);
          break;
        case 'category':
          body.category_id = v;
          break;
        default:
          body[col.field] = v;
      }
    }
    // A category by its path or a unique leaf name when its id is not given.
    const categoryText = cells.get('分类') ?? '';
    if (body.category_id === undefined && categoryText) {
      const byName = [...refs.categories.values()].filter((c) => c.name === categoryText && !refs.parents.has(c.id));
      const found = pathOf.get(categoryText.replace(/\s*[/／>]\s*/g, '/')) ?? (byName.length === 1 ? byName[0].id : undefined);
      if (found) body.category_id = found;
      else problem('分类', byName.length > 1 ? `分类名称不唯一，请填写分类ID：${categoryText}` : `分类不存在：${categoryText}`);
    }
    // A category named but not found is told once, on 分类, not again as a missing 分类ID.
    const categoryTold = problems.some((p) => p.column === '分类');
    const stock = cells.get('库存') ?? '';
    if (!target && stock) body.number = stock;

    let form: GoodsForm | null = null;
    let number = 0;
    const zodProblems = (error: z.ZodError) => {
      for (const issue of error.issues) {
        if (categoryTold && issue.path[0] === 'category_id') continue;
        const place = placeOf(issue.path.map(String).join('.'));
        problem(place.column, `${place.prefix}${issue.message}`);
      }
    };
    if (target) {
      const parsed = goodsUpdateBody.safeParse(body);
      if (parsed.success)
        form = { ...formOf(target), ...(Object.fromEntries(Object.entries(parsed.data).filter(([, v]) => v !== undefined)) as Partial<GoodsForm>) };
      else zodProblems(parsed.error);
    } else if (!idText) {
      const parsed = goodsCreateBody.safeParse(body);
      if (parsed.success) ({ number, ...form } = parsed.data);
      else zodProblems(parsed.error);
    }
    if (form) {
      const more = [
        ...(target ? goodsProblems(form, today) : []),
        ...refProblems(refs, form),
        ...pictureProblems(form.goods_image, target?.images ?? [], known),
      ];
      for (const [field, message] of more) {
        const place = placeOf(field);
        problem(field === 'category_id' && !cells.get('分类ID') ? '分类' : place.column, `${place.prefix}${message}`);
      }
    }
    if (problems.length) out.errors.push(...problems);
    else if (form && target) out.updates.push({ row, existing: target, form });
    else if (form) out.creates.push({ row, form, number });
  }
  return out;
}

const report = (sheet: { rows: SheetRow[] }, p: Planned, dryRun: boolean): ImportReport => {
  const withId = sheet.rows.filter((r) => r.cells.get('商品ID')).length;
  return { dry_run: dryRun ? 1 : 0, total: sheet.rows.length, created: sheet.rows.length - withId, updated: withId, errors: p.errors };
};

const described = (e: ImportProblem) => `第${e.row}行【${e.column}】${e.message}`;

/** An import with wrong rows: 422 with every problem, in words (`data.errors.file`) and by row (`data.rows`). */
const refused = (errors: ImportProblem[]) =>
  new AppError(Code.invalid, `导入失败，共${errors.length}处错误，未写入任何数据。${described(errors[0])}`, 422, {
    errors: { file: errors.slice(0, 200).map(described) },
    rows: errors,
  });

/** `POST /api/admin/goods/import`: checks every row (a dry run stops there) and writes them all or nothing. */
export async function importGoods(db: Db, req: FastifyRequest, buffer: Buffer, dryRun: boolean): Promise<ImportReport> {
  const sheet = await readSheet(buffer);
  const scopes = await businessScopeList(db);
  if (dryRun) return report(sheet, await plan(db, scopes, sheet, false), true);
  const result = await auditedMany(
    db,
    req,
    { permission: 'goods:write', stale: 'catalogue', action: 'goods.import', targetType: 'goods' },
    async (tx, operator) => {
      const p = await plan(tx, scopes, sheet, true);
      if (p.errors.length) throw refused(p.errors);
      const changes: TargetChange[] = [];
      // Ids first, so that the stock log and the audit rows can name the new goods.
      const ids = await nextIds(tx, 'goods', 'id', p.creates.length);
      await insertMany(
        tx,
        goods,
        p.creates.map((c, k) => ({ id: ids[k], ...columnsOf(c.form), number: c.number })),
      );
      // Each new goods' stock is its first batch, with the row's dates; it sells unless those are near expiry.
      const stock = await firstBatches(
        tx,
        p.creates.map((c, k) => ({ goodsId: ids[k], scrq: c.form.scrq, xq: c.form.xq, number: c.number })),
      );
      await insertMany(
        tx,
        stockLog,
        p.creates.flatMap((c, k) =>
          c.number > 0 ? [{ goodsId: ids[k], delta: c.number, stockAfter: stock.get(ids[k]) ?? 0, reason: '导入新建', operatorId: operator.id }] : [],
        ),
      );
      p.creates.forEach((c, k) => changes.push({ targetId: ids[k], before: null, after: { ...goodsTrail(c.form), number: c.number } }));
      const changed = p.updates.flatMap((u) => {
        const before = goodsTrail(formOf(u.existing));
        const after = goodsTrail(u.form);
        return JSON.stringify(before) === JSON.stringify(after) ? [] : [{ u, before, after }];
      });
      await updateManyById(
        tx,
        goods,
        changed.map(({ u }) => ({ id: u.existing.id, ...columnsOf(u.form) })),
      );
      for (const { u } of changed) await correctBatchDates(tx, u.existing.id, u.existing, u.form);
      for (const { u } of changed) await formRewritten(tx, u.existing, u.form);
      for (const { u, before, after } of changed) changes.push({ targetId: u.existing.id, before, after });
      return { changes, result: report(sheet, p, false) };
    },
  );
  await afterGoodsWrite(db, true);
  return result;
}
