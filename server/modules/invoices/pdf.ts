/**
 * The invoice as a PDF (A4), laid out as a 电子发票（普通发票）: the site's name, the seller's name, 纳税人识别号
 * and licence numbers, the buyer's title and tax number, a row per line with 项目名称 (*化学药品制剂*阿莫西林胶囊),
 * spec, unit, quantity, unit price and 金额 without tax, 税率 and 税额, 合计 of 金额 and 税额, 价税合计 in figures and
 * in Chinese capitals, the invoice number and date, and for a red invoice the number of the blue one it reverses. Drawn
 * with pdfkit in Noto Sans SC, a TrueType font the `@expo-google-fonts/noto-sans-sc` package ships (SIL Open
 * Font License): pdfkit embeds only the glyphs used, with their Unicode map, so the text can be copied and
 * searched.
 */
import fs from 'node:fs';
import { createRequire } from 'node:module';
import PDFDocument from 'pdfkit';
import { amountInWords } from '../../../core/amount-words.js';
import { fenToYuan, formatMoney } from '../../../core/money.js';
import { itemName, netUnitPrice } from '../../../core/invoice-tax.js';
import type { InvoiceLine, InvoiceSellerCopy, InvoiceTitleCopy } from '../../db/schema/invoices.js';
import { taxedLines, type TaxedLine } from './draft.js';

export type InvoiceSheet = {
  kind: 'blue' | 'red';
  invoiceNo: string;
  issuedAt: Date;
  orderNo: string;
  /** A red invoice: the blue one it reverses. */
  reversesNo: string;
  title: InvoiceTitleCopy;
  seller: InvoiceSellerCopy;
  lines: InvoiceLine[];
  amount: number;
  issuer: string;
  site: { title: string; licences: { name: string; number: string }[]; hotLine: string };
};

const require = createRequire(import.meta.url);
let fonts: { regular: Buffer; bold: Buffer } | null = null;
/** Read once, then kept: each document parses its own copy and embeds a subset. */
function fontData() {
  fonts ??= {
    regular: fs.readFileSync(require.resolve('@expo-google-fonts/noto-sans-sc/400Regular/NotoSansSC_400Regular.ttf')),
    bold: fs.readFileSync(require.resolve('@expo-google-fonts/noto-sans-sc/700Bold/NotoSansSC_700Bold.ttf')),
  };
  return fonts;
}

const INK = '#1f1f1f';
const MUTED = '#6b6b6b';
const FRAME = '#9a4a2b';
const TINT = '#fbf4ef';
const RED = '#cf1322';

const PAGE = { width: 595.28, height: 841.89, margin: 40 };
const WIDTH = PAGE.width - PAGE.margin * 2;
const BOTTOM = PAGE.height - 56;
const left = PAGE.margin;
/** 项目名称, 规格型号, 单位, 数量, 单价, 金额 (both without tax), 税率/征收率, 税额: 515 points, the page's width. */
const COLUMNS = [
  { title: '项目名称', width: 138, align: 'left' },
  { title: '规格型号', width: 70, align: 'left' },
  { title: '单位', width: 30, align: 'center' },
  { title: '数量', width: 40, align: 'right' },
  { title: '单价', width: 58, align: 'right' },
  { title: '金额', width: 62, align: 'right' },
  { title: '税率/征收率', width: 64, align: 'center' },
  { title: '税额', width: 53, align: 'right' },
] as const;
/** Where the 金额 and 税额 columns start, for the 合计 row under them. */
const NET_X = left + COLUMNS.slice(0, 5).reduce((w, c) => w + c.width, 0);
const TAX_X = left + COLUMNS.slice(0, 7).reduce((w, c) => w + c.width, 0);
const PAD = 5;

/** 2026年03月12日 in China time. */
const chinaDate = (d: Date) => {
  const [y, m, day] = new Date(d.getTime() + 8 * 3_600_000).toISOString().slice(0, 10).split('-');
  return `${y}年${m}月${day}日`;
};

/** An amount in yuan with its sign before the ¥: -¥12.50. */
const yuanText = (fen: number) => formatMoney(fen).replace('¥-', '-¥');

type TextOptions = PDFKit.Mixins.TextOptions & { font?: string; size?: number; color?: string };

/** The document and the two ways the sheet writes on it: a text at a place, and the height a text takes. */
type Pen = {
  doc: PDFKit.PDFDocument;
  text: (value: string, x: number, y: number, options?: TextOptions) => void;
  heightOf: (value: string, width: number, size?: number, font?: string) => number;
};

function penOf(doc: PDFKit.PDFDocument): Pen {
  return {
    doc,
    text: (value, x, y, options = {}) => {
      const { font = 'regular', size = 9, color = INK, ...rest } = options;
      doc
        .font(font)
        .fontSize(size)
        .fillColor(color)
        .text(value, x, y, { lineBreak: true, ...rest });
    },
    heightOf: (value, width, size = 9, font = 'regular') =>
      doc
        .font(font)
        .fontSize(size)
        .heightOfString(value || ' ', { width }),
  };
}

export function invoicePdf(sheet: InvoiceSheet): Promise<Buffer> {
  const { regular, bold } = fontData();
  const doc = new PDFDocument({
    size: 'A4',
    margin: PAGE.margin,
    // The foot of each page is written once the page count is known.
    bufferPages: true,
    info: { Title: `${sheet.site.title}电子发票 ${sheet.invoiceNo}`, Author: sheet.seller.name, Subject: `订单 ${sheet.orderNo}` },
  });
  doc.registerFont('regular', regular);
  doc.registerFont('bold', bold);
  const chunks: Buffer[] = [];
  doc.on('data', (c: Buffer) => chunks.push(c));
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
  const pen = penOf(doc);
  const y = lines(pen, sheet, parties(pen, sheet, heading(pen, sheet) + 4));
  totals(pen, sheet, y);
  feet(pen, sheet);
  doc.end();
  return done;
}

/** The site, the kind of invoice and its number, date and order at the top of a page; answers where it ends. */
function heading({ doc, text }: Pen, sheet: InvoiceSheet) {
  const red = sheet.kind === 'red';
  const top = PAGE.margin;
  text(sheet.site.title, left, top + 2, { font: 'bold', size: 14, color: FRAME });
  text(sheet.seller.name, left, top + 22, { size: 8, color: MUTED, width: 170 });
  text(red ? '电子发票（红字）' : '电子发票（普通发票）', left, top + 10, {
    font: 'bold',
    size: 18,
    color: red ? RED : FRAME,
    width: WIDTH,
    align: 'center',
  });
  const lineY = top + 38;
  doc
    .strokeColor(red ? RED : FRAME)
    .lineWidth(0.8)
    .moveTo(PAGE.width / 2 - 100, lineY)
    .lineTo(PAGE.width / 2 + 100, lineY)
    .moveTo(PAGE.width / 2 - 100, lineY + 3)
    .lineTo(PAGE.width / 2 + 100, lineY + 3)
    .stroke();
  const infoWidth = 148;
  const infoX = PAGE.width - PAGE.margin - infoWidth;
  text(`发票号码：${sheet.invoiceNo}`, infoX, top + 4, { width: infoWidth, size: 8.5 });
  text(`开票日期：${chinaDate(sheet.issuedAt)}`, infoX, top + 18, { width: infoWidth, size: 8.5 });
  text(`订单编号：${sheet.orderNo}`, infoX, top + 32, { width: infoWidth, size: 8.5 });
  return top + 56;
}

/** The buyer's and the seller's particulars side by side. */
function parties({ doc, text, heightOf }: Pen, sheet: InvoiceSheet, top: number) {
  const half = WIDTH / 2;
  const buyer: [string, string][] = [
    ['名称', sheet.title.company],
    ['统一社会信用代码/纳税人识别号', sheet.title.taxNo],
    ['地址、电话', sheet.title.addressPhone || '—'],
    ['开户行及账号', sheet.title.bankAccount || '—'],
  ];
  const seller: [string, string][] = [
    ['名称', sheet.seller.name],
    ['统一社会信用代码/纳税人识别号', sheet.seller.taxNo || '—'],
    ['网站', sheet.site.title],
    ...sheet.site.licences.map((l): [string, string] => [l.name, l.number]),
    ...(sheet.site.hotLine ? [['客服电话', sheet.site.hotLine] as [string, string]] : []),
  ];
  const rowsHeight = (rows: [string, string][]) => rows.reduce((h, [k, v]) => h + heightOf(`${k}：${v}`, half - PAD * 2 - 4) + 3, 0);
  const bandHeight = 18;
  const height = bandHeight + Math.max(rowsHeight(buyer), rowsHeight(seller)) + PAD * 2;
  doc.rect(left, top, half, bandHeight).fill(TINT);
  doc.rect(left + half, top, half, bandHeight).fill(TINT);
  text('购买方信息', left + PAD, top + 4, { font: 'bold', size: 9.5, color: FRAME });
  text('销售方信息', left + half + PAD, top + 4, { font: 'bold', size: 9.5, color: FRAME });
  const fill = (rows: [string, string][], x: number) => {
    let y = top + bandHeight + PAD;
    for (const [k, v] of rows) {
      doc
        .font('regular')
        .fontSize(9)
        .fillColor(MUTED)
        .text(`${k}：`, x, y, { width: half - PAD * 2 - 4, continued: true })
        .fillColor(INK)
        .text(v);
      y += heightOf(`${k}：${v}`, half - PAD * 2 - 4) + 3;
    }
  };
  fill(buyer, left + PAD + 2);
  fill(seller, left + half + PAD + 2);
  doc
    .strokeColor(FRAME)
    .lineWidth(0.8)
    .rect(left, top, WIDTH, height)
    .moveTo(left + half, top)
    .lineTo(left + half, top + height)
    .moveTo(left, top + bandHeight)
    .lineTo(left + WIDTH, top + bandHeight)
    .stroke();
  return top + height;
}

/** One row of the lines' table; answers where it ends. */
function row({ doc, text, heightOf }: Pen, values: string[], top: number, options: { font?: string; fill?: string; color?: string } = {}) {
  const height = Math.max(...values.map((v, i) => heightOf(v, COLUMNS[i].width - PAD * 2, 9, options.font))) + PAD * 2;
  if (options.fill) doc.rect(left, top, WIDTH, height).fill(options.fill);
  let x = left;
  values.forEach((v, i) => {
    const c = COLUMNS[i];
    text(v, x + PAD, top + PAD, { width: c.width - PAD * 2, align: c.align, font: options.font, color: options.color });
    x += c.width;
  });
  doc.strokeColor(FRAME).lineWidth(0.5).rect(left, top, WIDTH, height).stroke();
  x = left;
  for (const c of COLUMNS.slice(0, -1)) {
    x += c.width;
    doc
      .moveTo(x, top)
      .lineTo(x, top + height)
      .stroke();
  }
  return top + height;
}

/** The lines' table from `top`, its head again on every new page; answers where it ends. */
function lines(pen: Pen, sheet: InvoiceSheet, top: number) {
  const cells = (l: TaxedLine) => [
    itemName(l.category, l.name),
    l.spec,
    l.unit,
    String(l.quantity),
    netUnitPrice(l.net, l.quantity),
    fenToYuan(l.net),
    `${l.rate}%`,
    fenToYuan(l.tax),
  ];
  const head = (at: number) =>
    row(
      pen,
      COLUMNS.map((c) => c.title),
      at,
      { font: 'bold', fill: TINT, color: FRAME },
    );
  let y = head(top);
  for (const line of taxedLines(sheet.lines)) {
    const values = cells(line);
    const height = Math.max(...values.map((v, i) => pen.heightOf(v, COLUMNS[i].width - PAD * 2))) + PAD * 2;
    if (y + height > BOTTOM) {
      pen.doc.addPage();
      y = head(heading(pen, sheet) + 4);
    }
    y = row(pen, values, y);
  }
  return y;
}

/** 合计, 价税合计 in figures and in Chinese capitals, 备注, and who issued it. */
function totals(pen: Pen, sheet: InvoiceSheet, from: number) {
  const { doc, text, heightOf } = pen;
  const red = sheet.kind === 'red';
  let y = from;
  const words = amountInWords(sheet.amount);
  const remarks = [
    red ? `对应蓝字发票号码：${sheet.reversesNo}` : '',
    `订单编号：${sheet.orderNo}`,
    red ? '本红字发票冲销上述蓝字发票，金额、税额为负数。' : '单价、金额不含税；价税合计为实付金额，已扣除退货及售后退款。',
  ].filter(Boolean);
  const remarkHeight = remarks.reduce((h, r) => h + heightOf(r, WIDTH - 80) + 2, 0) + PAD * 2;
  if (y + 22 + 26 + remarkHeight + 40 > BOTTOM) {
    doc.addPage();
    y = heading(pen, sheet) + 4;
  }
  // 合计: 金额 and 税额 under their columns.
  const taxed = taxedLines(sheet.lines);
  const net = taxed.reduce((sum, l) => sum + l.net, 0);
  const tax = taxed.reduce((sum, l) => sum + l.tax, 0);
  doc.strokeColor(FRAME).lineWidth(0.5).rect(left, y, WIDTH, 22).stroke();
  text('合　　计', left + PAD, y + 6, { font: 'bold', color: FRAME });
  text(yuanText(net), NET_X, y + 6, { width: COLUMNS[5].width - PAD, align: 'right', font: 'bold' });
  text(yuanText(tax), TAX_X, y + 6, { width: COLUMNS[7].width - PAD, align: 'right', font: 'bold' });
  y += 22;
  // 价税合计
  doc.rect(left, y, WIDTH, 26).stroke();
  doc
    .moveTo(left + 110, y)
    .lineTo(left + 110, y + 26)
    .stroke();
  text('价税合计（大写）', left + PAD, y + 8, { font: 'bold', color: FRAME });
  text(words, left + 110 + PAD * 2, y + 6.5, { font: 'bold', size: 11, width: WIDTH - 110 - 170 });
  text(`（小写）${yuanText(sheet.amount)}`, left + WIDTH - 170, y + 7, { width: 170 - PAD, align: 'right', font: 'bold', size: 10.5 });
  y += 26;
  // 备注
  doc.rect(left, y, WIDTH, remarkHeight).stroke();
  doc
    .moveTo(left + 60, y)
    .lineTo(left + 60, y + remarkHeight)
    .stroke();
  text('备　注', left + PAD, y + PAD, { font: 'bold', color: FRAME });
  let ry = y + PAD;
  for (const r of remarks) {
    text(r, left + 60 + PAD * 2, ry, { width: WIDTH - 80, color: r.startsWith('对应') ? RED : INK });
    ry += heightOf(r, WIDTH - 80) + 2;
  }
  y += remarkHeight + 10;
  text(`开票人：${sheet.issuer}`, left, y, { color: MUTED });
  text(`销售方：${sheet.seller.name}`, left, y, { width: WIDTH, align: 'right', color: MUTED });
}

/** The foot of every page, with its number of the page count. */
function feet({ doc, text }: Pen, sheet: InvoiceSheet) {
  const range = doc.bufferedPageRange();
  for (let i = range.start; i < range.start + range.count; i++) {
    doc.switchToPage(i);
    // Below the bottom margin pdfkit would start a new page for it.
    doc.page.margins.bottom = 0;
    text(
      `本电子发票由${sheet.site.title}依据订单开具，可在 会员中心 › 电子发票 查询下载。第 ${i - range.start + 1} / ${range.count} 页`,
      left,
      PAGE.height - 40,
      { width: WIDTH, align: 'center', size: 8, color: MUTED, lineBreak: false },
    );
  }
}
