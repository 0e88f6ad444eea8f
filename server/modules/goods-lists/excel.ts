/**
 * The Excel exports of 常购清单 and of a named list: one row a goods with what a pharmacy's purchaser compares
 * and loads into the store's ERP (name, spec, maker, approval number, barcode, the site's goods code, the
 * quantities and prices). Codes are text cells, so that Excel keeps a barcode's 13 digits.
 */
import ExcelJS from 'exceljs';
import type { FastBuyRow, GoodsListDetail } from '../../../core/schemas/goods-lists.js';
import { today } from '../../lib/china-time.js';
import type { Download } from '../../http/download.js';

type Column = { header: string; width: number; text?: boolean };

const GOODS_COLUMNS: Column[] = [
  { header: '商品编码', width: 10, text: true },
  { header: '商品名称', width: 26 },
  { header: '规格', width: 16 },
  { header: '单位', width: 6 },
  { header: '生产厂家', width: 28 },
  { header: '批准文号', width: 22, text: true },
  { header: '条形码', width: 16, text: true },
  { header: '中包装', width: 8 },
];

const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

async function workbook(sheetName: string, columns: Column[], rows: (string | number)[][]): Promise<Buffer> {
  const book = new ExcelJS.Workbook();
  const sheet = book.addWorksheet(sheetName);
  sheet.columns = columns.map((c, i) => ({ header: c.header, key: String(i), width: c.width, style: c.text ? { numFmt: '@' } : {} }));
  sheet.getRow(1).font = { bold: true };
  sheet.views = [{ state: 'frozen', ySplit: 1 }];
  for (const r of rows) sheet.addRow(r);
  return Buffer.from(await book.xlsx.writeBuffer());
}

type GoodsCells = { id: number; name: string; ypgg: string; bzdw: string; sccj: string; pzwh: string; zbz: number };
const goodsCells = (g: GoodsCells, tm: string) => [String(g.id), g.name, g.ypgg, g.bzdw, g.sccj, g.pzwh, tm, g.zbz];
const yuan = (v: string | null) => (v === null ? '' : Number(v));
const day = (unix: number) => today(unix * 1000);

/** 常购清单 as .xlsx: the rows in the order the page shows them. */
export async function usualGoodsWorkbook(rows: FastBuyRow[], barcodes: ReadonlyMap<number, string>): Promise<Download> {
  const columns: Column[] = [
    ...GOODS_COLUMNS,
    { header: '采购次数', width: 9 },
    { header: '累计数量', width: 9 },
    { header: '最近采购日期', width: 13 },
    { header: '最近采购数量', width: 12 },
    { header: '最近采购单价', width: 12 },
    { header: '今日单价', width: 10 },
    { header: '库存', width: 8 },
    { header: '效期', width: 12 },
  ];
  const cells = rows.map((r) => [
    ...goodsCells(r.goods, barcodes.get(r.goods.id) ?? ''),
    r.times,
    r.total_number,
    day(r.last_time),
    r.last_number,
    yuan(r.last_price),
    yuan(r.price),
    r.goods.number,
    r.goods.xq,
  ]);
  return { file: await workbook('常购清单', columns, cells), mime: XLSX, name: `常购清单-${today()}.xlsx` };
}

/** A named list as .xlsx: its lines, the latest added first. */
export async function goodsListWorkbook(list: GoodsListDetail, barcodes: ReadonlyMap<number, string>): Promise<Download> {
  const columns: Column[] = [
    ...GOODS_COLUMNS,
    { header: '数量', width: 8 },
    { header: '今日单价', width: 10 },
    { header: '库存', width: 8 },
    { header: '效期', width: 12 },
    { header: '状态', width: 8 },
  ];
  const cells = list.items.map((i) => [
    ...goodsCells(i.goods, barcodes.get(i.goods.id) ?? ''),
    i.number,
    yuan(i.price),
    i.goods.number,
    i.goods.xq,
    i.on_sale ? (i.cart_number ? '可采购' : '缺货') : '已下架',
  ]);
  // Excel refuses a sheet name holding any of []:*?/\ ; a file name holding / or \ would name a folder.
  const plain = list.name.replace(/[[\]:*?/\\]/g, '_');
  return { file: await workbook(plain.slice(0, 31), columns, cells), mime: XLSX, name: `${plain}-${today()}.xlsx` };
}
