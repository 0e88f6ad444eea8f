/**
 * Sample inspection reports (检验报告书, 样本) for a new site, so that the order detail's 批号与药检报告 and the
 * 药检报告查询 page have something to open: one PDF a batch, in Noto Sans SC, for the batches the seeded orders took
 * and the batches of the first goods. Runs once, after the 首营资料 samples (it stamps nothing: the stamp is put
 * on when a report is served). An operator replaces them with the real scans.
 */
import { and, asc, eq, inArray, isNull, sql } from 'drizzle-orm';
import PDFDocument from 'pdfkit';
import { BatchStatus } from '../../core/status.js';
import type { Db } from '../db/client.js';
import { goods, goodsBatches, orderItemBatches } from '../db/schema/index.js';
import { cjkFonts } from '../lib/cjk-font.js';
import { markSample } from './sample-mark.js';
import { saveDocumentFile, type UploadStore } from '../modules/uploads/index.js';

type Row = { id: number; batchNo: string; scrq: string; xq: string; name: string; ypgg: string; sccj: string; pzwh: string; jx: string };

/** A one-page 检验报告书 of a batch, as a maker's quality department issues it, marked 样本. */
function reportPdf(b: Row): Promise<Buffer> {
  const { regular, bold } = cjkFonts();
  const doc = new PDFDocument({ size: 'A4', margin: 50, info: { Title: `检验报告书 ${b.name} ${b.batchNo}（样本）`, Author: b.sccj } });
  doc.registerFont('regular', regular);
  doc.registerFont('bold', bold);
  const chunks: Buffer[] = [];
  doc.on('data', (c: Buffer) => chunks.push(c));
  const done = new Promise<Buffer>((resolve) => doc.on('end', () => resolve(Buffer.concat(chunks))));
  const { width } = doc.page;
  doc
    .font('bold')
    .fontSize(13)
    .fillColor('#333')
    .text(b.sccj, 50, 56, { width: width - 100, align: 'center' });
  doc
    .font('bold')
    .fontSize(24)
    .fillColor('#111')
    .text('检 验 报 告 书', 50, 82, { width: width - 100, align: 'center' });
  doc
    .font('regular')
    .fontSize(10)
    .fillColor('#666')
    .text(`报告编号：QC-${b.batchNo}`, 50, 120, { width: width - 100, align: 'right' });
  const facts: [string, string][] = [
    ['检品名称', b.name],
    ['规格', b.ypgg],
    ['剂型', b.jx || '—'],
    ['批准文号', b.pzwh || '—'],
    ['批号', b.batchNo],
    ['生产日期', b.scrq],
    ['有效期至', b.xq],
    ['检验依据', '《中华人民共和国药典》2025年版'],
  ];
  let y = 146;
  doc.lineWidth(0.8).strokeColor('#999');
  for (const [k, v] of facts) {
    doc.rect(50, y, 110, 26).stroke();
    doc.rect(160, y, width - 210, 26).stroke();
    doc
      .font('bold')
      .fontSize(11)
      .fillColor('#333')
      .text(k, 56, y + 7, { width: 98 });
    doc
      .font('regular')
      .fontSize(11)
      .fillColor('#111')
      .text(v, 168, y + 7, { width: width - 230 });
    y += 26;
  }
  y += 18;
  const items: [string, string, string][] = [
    ['性状', '应符合规定', '符合规定'],
    ['鉴别', '应呈正反应', '符合规定'],
    ['检查', '应符合规定', '符合规定'],
    ['含量测定', '应为标示量的90.0%～110.0%', `${(98 + (b.id % 30) / 10).toFixed(1)}%`],
  ];
  const cols = [50, 180, 380, width - 50];
  const head = ['检验项目', '标准规定', '检验结果'];
  for (const [i, t] of head.entries()) {
    doc.rect(cols[i], y, cols[i + 1] - cols[i], 26).fillAndStroke('#f3f3f3', '#999');
    doc
      .font('bold')
      .fontSize(11)
      .fillColor('#333')
      .text(t, cols[i] + 6, y + 7, { width: cols[i + 1] - cols[i] - 12 });
  }
  y += 26;
  for (const row of items) {
    for (const [i, t] of row.entries()) {
      doc.rect(cols[i], y, cols[i + 1] - cols[i], 26).stroke('#999');
      doc
        .font('regular')
        .fontSize(11)
        .fillColor('#111')
        .text(t, cols[i] + 6, y + 7, { width: cols[i + 1] - cols[i] - 12 });
    }
    y += 26;
  }
  y += 20;
  doc
    .font('bold')
    .fontSize(12)
    .fillColor('#111')
    .text('结论：本品按《中华人民共和国药典》2025年版检验，结果符合规定。', 50, y, { width: width - 100 });
  doc
    .font('regular')
    .fontSize(11)
    .fillColor('#333')
    .text(`检验人：张敏　　复核人：李建国　　质量受权人：王立新　　报告日期：${b.scrq}`, 50, y + 40, { width: width - 100 });
  markSample(doc, { angle: -30, opacity: 0.1 });
  doc.end();
  return done;
}

/**
 * Gives the batches the seeded orders took, and the released batches of the first `goodsCount` goods, a sample
 * report each (at most `most`: each PDF takes a tenth of a second to draw), when none has one; `store` is where
 * uploads lie. Answers how many.
 */
export async function seedReports(db: Db, store: UploadStore, goodsCount = 4, most = 24): Promise<number> {
  const [had] = await db
    .select({ id: goodsBatches.id })
    .from(goodsBatches)
    .where(sql`${goodsBatches.report} is not null`)
    .limit(1);
  if (had) return 0;
  const ordered = await db.selectDistinct({ id: orderItemBatches.batchId }).from(orderItemBatches).limit(most);
  const first = await db.select({ id: goods.id }).from(goods).where(eq(goods.isOnSale, true)).orderBy(asc(goods.id)).limit(goodsCount);
  const columns = {
    id: goodsBatches.id,
    batchNo: goodsBatches.batchNo,
    scrq: goodsBatches.scrq,
    xq: goodsBatches.xq,
    name: goods.name,
    ypgg: goods.ypgg,
    sccj: goods.sccj,
    pzwh: goods.pzwh,
    jx: goods.jx,
  };
  const rows = [
    ...(ordered.length
      ? await db
          .select(columns)
          .from(goodsBatches)
          .innerJoin(goods, eq(goods.id, goodsBatches.goodsId))
          .where(
            inArray(
              goodsBatches.id,
              ordered.map((o) => o.id),
            ),
          )
      : []),
    ...(first.length
      ? await db
          .select(columns)
          .from(goodsBatches)
          .innerJoin(goods, eq(goods.id, goodsBatches.goodsId))
          .where(
            and(
              inArray(
                goodsBatches.goodsId,
                first.map((g) => g.id),
              ),
              eq(goodsBatches.status, BatchStatus.released),
              isNull(goodsBatches.report),
            ),
          )
      : []),
  ];
  const seen = new Set<number>();
  for (const b of rows) {
    if (seen.has(b.id) || seen.size >= most) continue;
    seen.add(b.id);
    const file = await saveDocumentFile(db, store, await reportPdf(b), `检验报告书-${b.batchNo}（样本）.pdf`);
    if (file) await db.update(goodsBatches).set({ report: file.url }).where(eq(goodsBatches.id, b.id));
  }
  return seen.size;
}
