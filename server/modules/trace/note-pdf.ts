/**
 * The 随货同行单 as a PDF: A4 landscape in Noto Sans SC with pdfkit, as the e-invoice is drawn, so its text
 * (batch numbers, dates) can be copied, searched and checked; the 出库专用章 picture over the supplier's name.
 */
import PDFDocument from 'pdfkit';
import type { DeliveryNote } from '../../../core/schemas/trace.js';
import { cjkFonts } from '../../lib/cjk-font.js';

const INK = '#1f1f1f';
const MUTED = '#595959';
const FRAME = '#1f1f1f';
const TINT = '#f2f2f2';
const MARGIN = 32;
const PAGE_W = 841.89;
const PAGE_H = 595.28;
const WIDTH = PAGE_W - MARGIN * 2;
const BOTTOM = PAGE_H - 70;
const PAD = 3;
const COLUMNS: { title: string; width: number; align?: 'left' | 'right' | 'center' }[] = [
  { title: '序号', width: 28, align: 'center' },
  { title: '通用名称', width: 96 },
  { title: '剂型', width: 50 },
  { title: '规格', width: 70 },
  { title: '生产厂家', width: 94 },
  { title: '批准文号', width: 86 },
  { title: '批号', width: 62 },
  { title: '生产日期', width: 56, align: 'center' },
  { title: '有效期至', width: 56, align: 'center' },
  { title: '数量', width: 36, align: 'right' },
  { title: '单位', width: 28, align: 'center' },
  { title: '单价', width: 50, align: 'right' },
  { title: '金额', width: WIDTH - 712, align: 'right' },
];

export function deliveryNotePdf(note: DeliveryNote, seal: Buffer | null): Promise<Buffer> {
  const { regular, bold } = cjkFonts();
  const doc = new PDFDocument({ size: 'A4', layout: 'landscape', margin: MARGIN, info: { Title: `随货同行单 ${note.order_no}`, Author: note.supplier } });
  doc.registerFont('regular', regular);
  doc.registerFont('bold', bold);
  const chunks: Buffer[] = [];
  doc.on('data', (c: Buffer) => chunks.push(c));
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });

  const heightOf = (value: string, width: number, font: string) =>
    doc
      .font(font)
      .fontSize(8)
      .heightOfString(value || ' ', { width });
  const row = (values: string[], y: number, font = 'regular', fill?: string) => {
    const height = Math.max(...values.map((v, i) => heightOf(v, COLUMNS[i].width - PAD * 2, font))) + PAD * 2;
    if (fill) doc.rect(MARGIN, y, WIDTH, height).fill(fill);
    let x = MARGIN;
    values.forEach((v, i) => {
      doc
        .font(font)
        .fontSize(8)
        .fillColor(INK)
        .text(v, x + PAD, y + PAD, { width: COLUMNS[i].width - PAD * 2, align: COLUMNS[i].align ?? 'left' });
      doc.strokeColor(FRAME).lineWidth(0.4).rect(x, y, COLUMNS[i].width, height).stroke();
      x += COLUMNS[i].width;
    });
    return y + height;
  };
  const head = () => {
    doc.font('bold').fontSize(16).fillColor(INK).text(`${note.supplier}  随货同行单`, MARGIN, MARGIN, { width: WIDTH, align: 'center' });
    if (!note.shipped)
      doc
        .font('regular')
        .fontSize(9)
        .fillColor('#cf1322')
        .text('（未发货，仅供备货核对）', MARGIN, MARGIN + 22, { width: WIDTH, align: 'center' });
    const facts = [
      [`购货单位：${note.receiver}`, `订单编号：${note.order_no}`],
      [`收货人：${note.contact}  ${note.phone}`, `发货日期：${note.shipped_at || '—'}`],
      [`收货地址：${note.address}`, note.carrier ? `承运：${note.carrier} ${note.tracking_no}` : '承运：—'],
    ];
    let y = MARGIN + 38;
    for (const [a, b] of facts) {
      doc
        .font('regular')
        .fontSize(9)
        .fillColor(INK)
        .text(a, MARGIN, y, { width: WIDTH * 0.64 });
      doc.text(b, MARGIN + WIDTH * 0.66, y, { width: WIDTH * 0.34 });
      y += 14;
    }
    return row(
      COLUMNS.map((c) => c.title),
      y + 4,
      'bold',
      TINT,
    );
  };

  let y = head();
  note.rows.forEach((r, i) => {
    const values = [String(i + 1), r.name, r.jx, r.ypgg, r.sccj, r.pzwh, r.batch_no, r.scrq, r.xq, String(r.number), r.bzdw, r.price, r.amount];
    const height = Math.max(...values.map((v, k) => heightOf(v, COLUMNS[k].width - PAD * 2, 'regular'))) + PAD * 2;
    if (y + height > BOTTOM) {
      doc.addPage();
      y = head();
    }
    y = row(values, y);
  });
  const totalWidth = COLUMNS.slice(0, 9).reduce((n, c) => n + c.width, 0);
  const totalHeight = 16;
  doc.rect(MARGIN, y, WIDTH, totalHeight).strokeColor(FRAME).lineWidth(0.4).stroke();
  doc
    .font('bold')
    .fontSize(8)
    .fillColor(INK)
    .text(`合计（大写）：${note.total_words}`, MARGIN + PAD, y + 4, { width: totalWidth - PAD * 2 });
  doc.text(String(note.total_number), MARGIN + totalWidth, y + 4, { width: COLUMNS[9].width - PAD, align: 'right' });
  doc.text(`¥${note.total_amount}`, PAGE_W - MARGIN - 110, y + 4, { width: 110 - PAD, align: 'right' });
  y += totalHeight + 30;

  if (y + 100 > PAGE_H - MARGIN) {
    doc.addPage();
    y = MARGIN;
  }
  doc.font('regular').fontSize(9).fillColor(INK);
  doc.text(`供货单位（盖章）：${note.supplier}`, MARGIN, y, { width: 300 });
  doc.text('发货人：', MARGIN + 320, y);
  doc.text('复核人：', MARGIN + 440, y);
  doc.text('收货人签收：', MARGIN + 560, y);
  if (seal) doc.image(seal, MARGIN + 110, y - 24, { fit: [78, 78] });
  doc
    .font('regular')
    .fontSize(7.5)
    .fillColor(MUTED)
    .text('本单一式两联：第一联供货单位留存，第二联随货同行。收货时请逐批核对品名、规格、批号、效期与数量，并查验药检报告。', MARGIN, y + 66, { width: WIDTH });
  doc.end();
  return done;
}
