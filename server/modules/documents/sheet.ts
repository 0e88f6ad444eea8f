/**
 * 资料清单: the first page of a document pack, listing what the zip holds (the site's documents with their numbers
 * and validity, then each 首营 goods and its documents), so that the buying pharmacy can file and check it. A4 in
 * Noto Sans SC with pdfkit, as the e-invoice is drawn: its text can be copied and searched.
 */
import PDFDocument from 'pdfkit';
import { cjkFonts } from '../../lib/cjk-font.js';

export type SheetRow = { name: string; number: string; validity: string; state: string; files: string[] };
type SheetGoods = { title: string; rows: SheetRow[] };
export type PackSheet = {
  siteTitle: string;
  heading: string;
  /** Lines under the heading: the order, the buyer, the day. */
  facts: string[];
  site: SheetRow[];
  goods: SheetGoods[];
  note: string;
};

const INK = '#1f1f1f';
const MUTED = '#6b6b6b';
const FRAME = '#1f4e8c';
const TINT = '#eef3fa';
const MARGIN = 40;
const WIDTH = 595.28 - MARGIN * 2;
const BOTTOM = 841.89 - 50;
const COLUMNS = [
  { title: '资料名称', width: 150 },
  { title: '证号/编号', width: 120 },
  { title: '有效期至', width: 80 },
  { title: '状态', width: 55 },
  { title: '包内文件', width: WIDTH - 405 },
];
const PAD = 4;

export function packSheetPdf(sheet: PackSheet): Promise<Buffer> {
  const { regular, bold } = cjkFonts();
  const doc = new PDFDocument({ size: 'A4', margin: MARGIN, info: { Title: sheet.heading, Author: sheet.siteTitle } });
  doc.registerFont('regular', regular);
  doc.registerFont('bold', bold);
  const chunks: Buffer[] = [];
  doc.on('data', (c: Buffer) => chunks.push(c));
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });

  const heightOf = (value: string, width: number, font = 'regular') =>
    doc
      .font(font)
      .fontSize(9)
      .heightOfString(value || ' ', { width });
  const rowOf = (values: string[], y: number, options: { font?: string; fill?: string } = {}) => {
    const height = Math.max(...values.map((v, i) => heightOf(v, COLUMNS[i].width - PAD * 2, options.font))) + PAD * 2;
    if (y + height > BOTTOM) {
      doc.addPage();
      y = MARGIN;
    }
    if (options.fill) doc.rect(MARGIN, y, WIDTH, height).fill(options.fill);
    let x = MARGIN;
    values.forEach((v, i) => {
      doc
        .font(options.font ?? 'regular')
        .fontSize(9)
        .fillColor(INK)
        .text(v, x + PAD, y + PAD, { width: COLUMNS[i].width - PAD * 2 });
      x += COLUMNS[i].width;
    });
    doc.strokeColor(FRAME).lineWidth(0.4).rect(MARGIN, y, WIDTH, height).stroke();
    return y + height;
  };
  const section = (title: string, y: number) => {
    if (y + 40 > BOTTOM) {
      doc.addPage();
      y = MARGIN;
    }
    doc
      .font('bold')
      .fontSize(11)
      .fillColor(FRAME)
      .text(title, MARGIN, y + 6, { width: WIDTH });
    return rowOf(
      COLUMNS.map((c) => c.title),
      y + 24,
      { font: 'bold', fill: TINT },
    );
  };
  /** A row across the whole table: a goods' name, spec, maker and approval number over its documents. */
  const band = (value: string, y: number) => {
    const height = heightOf(value, WIDTH - PAD * 2, 'bold') + PAD * 2;
    if (y + height > BOTTOM) {
      doc.addPage();
      y = MARGIN;
    }
    doc.rect(MARGIN, y, WIDTH, height).fill('#f7f7f7');
    doc
      .font('bold')
      .fontSize(9)
      .fillColor(INK)
      .text(value, MARGIN + PAD, y + PAD, { width: WIDTH - PAD * 2 });
    doc.strokeColor(FRAME).lineWidth(0.4).rect(MARGIN, y, WIDTH, height).stroke();
    return y + height;
  };
  const lines = (rows: SheetRow[], y: number) =>
    rows.reduce((at, r) => rowOf([r.name, r.number || '—', r.validity, r.state, r.files.join('\n') || '—'], at), y);

  doc.font('bold').fontSize(16).fillColor(FRAME).text(sheet.heading, MARGIN, MARGIN, { width: WIDTH, align: 'center' });
  let y = MARGIN + 28;
  for (const fact of sheet.facts) {
    doc.font('regular').fontSize(9).fillColor(MUTED).text(fact, MARGIN, y, { width: WIDTH });
    y += 14;
  }
  y = lines(sheet.site, section(`一、${sheet.siteTitle}首营资料`, y + 4));
  if (sheet.goods.length) {
    y = section('二、首营品种资料', y + 8);
    for (const g of sheet.goods) {
      y = band(g.title, y);
      y = lines(g.rows, y);
    }
  }
  if (y + 40 > BOTTOM) {
    doc.addPage();
    y = MARGIN;
  }
  doc
    .font('regular')
    .fontSize(8.5)
    .fillColor(MUTED)
    .text(sheet.note, MARGIN, y + 12, { width: WIDTH });
  doc.end();
  return done;
}
