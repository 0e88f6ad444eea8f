/**
 * A purchase list read into rows of text: rows pasted from a spreadsheet, or a file as .xlsx (exceljs), .xls
 * (SheetJS CE, republished as @e965/xlsx) or .csv in UTF-8 or GBK (papaparse); then its header row found, its
 * columns guessed (columns.ts), and the rows that are no goods (a total, a repeated header) left out.
 */
import ExcelJS from 'exceljs';
import Papa from 'papaparse';
import * as XLS from '@e965/xlsx';
import {
  PURCHASE_LIST_MAX_CELL,
  PURCHASE_LIST_MAX_COLUMNS,
  PURCHASE_LIST_MAX_ROWS,
  type PurchaseListField,
  type PurchaseListSheet,
} from '../../../core/schemas/purchase-lists.js';
import { stripControlChars } from '../../../core/validate.js';
import { invalid } from '../../http/envelope.js';
import { findHeaderRow, findsGoods, mapColumns } from './columns.js';

/** A sheet as read: each row's number in the sheet (1-based) and its cells as text. */
export type Grid = { row: number; cells: string[] }[];

const NOT_A_SHEET = '文件不是表格，请上传 .xlsx、.xls 或 .csv 文件';
const TOO_MANY_ROWS = `采购计划不能超过${PURCHASE_LIST_MAX_ROWS}行，请分批导入`;
const EMPTY_LIST = '采购计划没有数据行';
export const NO_COLUMN = '没有找到可识别的列：请确认表头包含药品名称（通用名）、批准文号、条形码或商品编码之一';
const UNREADABLE = '无法读取该表格文件，请用 Excel 另存为 .xlsx 后再试';

/** A cell as the list shows it: trimmed, one line, at most 100 characters. */
const cellOf = (v: unknown) =>
  stripControlChars((v === null || v === undefined ? '' : String(v)).replace(/[\r\n\t]+/g, ' '))
    .trim()
    .slice(0, PURCHASE_LIST_MAX_CELL);

/** Rows past the limit (with room for title rows and a header) are not read: the list is refused instead. */
const READ_ROWS = PURCHASE_LIST_MAX_ROWS + 20;

function gridOf(rows: unknown[][], firstRow = 1): Grid {
  const grid: Grid = [];
  rows.forEach((r, i) => {
    const cells = r.slice(0, PURCHASE_LIST_MAX_COLUMNS).map(cellOf);
    if (cells.some((c) => c !== '')) grid.push({ row: firstRow + i, cells });
  });
  return grid;
}

/** Rows pasted from a spreadsheet: tab-separated (what Excel and WPS copy), or commas. */
export function readPasted(text: string): Grid {
  const parsed = Papa.parse<string[]>(text.replace(/^\uFEFF/, ''), { skipEmptyLines: false, delimitersToGuess: ['\t', ',', ';', '|'] });
  return gridOf(parsed.data);
}

/** Text of a CSV file: UTF-8 when its bytes are, else GBK/GB18030 (what Chinese Excel saves). */
export function decodeCsv(bytes: Uint8Array): string {
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(bytes).replace(/^\uFEFF/, '');
  } catch {
    return new TextDecoder('gb18030').decode(bytes);
  }
}

type Kind = 'xlsx' | 'xls' | 'csv';

/** What a file is, by its first bytes and its name; null when it is no spreadsheet (a picture, a PDF, a Word file). */
function kindOf(bytes: Buffer, fileName: string): Kind | null {
  const ext = /\.([a-z0-9]+)$/i.exec(fileName)?.[1]?.toLowerCase() ?? '';
  const head = bytes.subarray(0, 8);
  if (head.subarray(0, 4).toString('latin1') === 'PK\x03\x04') return ext === 'xlsx' || ext === 'xlsm' || ext === '' ? 'xlsx' : null;
  if (head.toString('hex') === 'd0cf11e0a1b11ae1') return ext === 'xls' || ext === '' ? 'xls' : null;
  if (!['csv', 'txt', 'tsv', ''].includes(ext)) return null;
  // Text has no NUL byte; pictures, PDFs and zips do within their first bytes.
  return bytes.subarray(0, 8192).includes(0) ? null : 'csv';
}

/** The value of an exceljs cell as its text: numbers in full, dates as YYYY-MM-DD, formulas by their result. */
function excelText(v: ExcelJS.CellValue): string {
  if (v === null || v === undefined) return '';
  if (v instanceof Date) return Number.isNaN(v.getTime()) ? '' : v.toISOString().slice(0, 10);
  if (typeof v === 'number') return Number.isInteger(v) ? v.toFixed(0) : String(v);
  if (typeof v === 'string' || typeof v === 'boolean') return String(v);
  if ('richText' in v) return v.richText.map((r) => r.text).join('');
  if ('text' in v && typeof v.text === 'string') return v.text;
  if ('result' in v) return excelText(v.result as ExcelJS.CellValue);
  return '';
}

async function readXlsx(bytes: Buffer): Promise<Grid> {
  const book = new ExcelJS.Workbook();
  try {
    await book.xlsx.load(bytes as unknown as ArrayBuffer);
  } catch {
    throw invalid('file', UNREADABLE);
  }
  // The first sheet that holds anything: an ERP's export may open with an empty or a cover sheet.
  const sheet = book.worksheets.find((s) => s.actualRowCount > 0);
  if (!sheet) throw invalid('file', EMPTY_LIST);
  if (sheet.actualRowCount > READ_ROWS) throw invalid('file', TOO_MANY_ROWS);
  const rows: unknown[][] = [];
  sheet.eachRow({ includeEmpty: false }, (r, n) => {
    const cells: string[] = [];
    r.eachCell({ includeEmpty: true }, (cell, col) => {
      if (col <= PURCHASE_LIST_MAX_COLUMNS) cells[col - 1] = excelText(cell.value);
    });
    rows[n - 1] = Array.from(cells, (c) => c ?? '');
  });
  return gridOf(Array.from(rows, (r) => r ?? []));
}

function readXls(bytes: Buffer): Grid {
  let book: XLS.WorkBook;
  try {
    book = XLS.read(bytes, { type: 'buffer', sheetRows: READ_ROWS + 1, cellDates: true, dense: true });
  } catch {
    throw invalid('file', UNREADABLE);
  }
  const sheet = book.SheetNames.map((n) => book.Sheets[n]).find((s) => s?.['!ref']);
  if (!sheet) throw invalid('file', EMPTY_LIST);
  const range = XLS.utils.decode_range(sheet['!ref']!);
  if (range.e.r - range.s.r + 1 > READ_ROWS) throw invalid('file', TOO_MANY_ROWS);
  const rows = XLS.utils.sheet_to_json<unknown[]>(sheet, { header: 1, raw: false, defval: '', blankrows: true, dateNF: 'yyyy-mm-dd' });
  return gridOf(rows, range.s.r + 1);
}

/** The rows of an uploaded file; 422 on `file` when it is no spreadsheet or cannot be read. */
export async function readFile(bytes: Buffer, fileName: string): Promise<Grid> {
  const kind = kindOf(bytes, fileName);
  if (!kind) throw invalid('file', NOT_A_SHEET);
  if (kind === 'xlsx') return readXlsx(bytes);
  if (kind === 'xls') return readXls(bytes);
  return readPasted(decodeCsv(bytes));
}

/** Cells in the first columns that say a row is a total, not goods. */
const TOTAL_ROW = /^(合计|总计|小计|共计|合\s*计)/;

/**
 * A grid as the list it is: its header row (below any title rows), its data rows, each column's field and why,
 * and the rows left out with why. 422 on `file` (or `text`) when it has no data rows, too many, or no column that
 * can find goods.
 */
export function sheetOf(grid: Grid, fileName: string, remembered: ReadonlyMap<string, PurchaseListField>, field = 'file'): PurchaseListSheet {
  if (!grid.length) throw invalid(field, EMPTY_LIST);
  const at = findHeaderRow(grid.map((r) => r.cells));
  const width = Math.max(...grid.map((r) => r.cells.length));
  const headers = at >= 0 ? Array.from({ length: width }, (_, i) => grid[at].cells[i] ?? '') : Array.from({ length: width }, () => '');
  const body = grid.slice(at + 1);
  const skipped: PurchaseListSheet['skipped'] = [];
  const rows: PurchaseListSheet['rows'] = [];
  const headerLine = headers.join('\u0001');
  for (const r of body) {
    const cells = Array.from({ length: width }, (_, i) => r.cells[i] ?? '');
    if (at >= 0 && cells.join('\u0001') === headerLine) skipped.push({ row: r.row, message: '重复的表头行' });
    else if (cells.slice(0, 3).some((c) => TOTAL_ROW.test(c))) skipped.push({ row: r.row, message: '合计行' });
    else rows.push({ row: r.row, cells });
  }
  if (!rows.length) throw invalid(field, EMPTY_LIST);
  if (rows.length > PURCHASE_LIST_MAX_ROWS) throw invalid(field, TOO_MANY_ROWS);
  const { mapping, from } = mapColumns(
    headers,
    rows.map((r) => r.cells),
    remembered,
  );
  if (!findsGoods(mapping)) throw invalid(field, NO_COLUMN);
  return { file_name: fileName, headers, rows, mapping, mapping_from: from, skipped };
}
