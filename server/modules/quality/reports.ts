/**
 * Inspection reports (药检报告) as buyers and operators receive them, stamped with the site's 质量管理专用章, and the
 * console's exports (the near-expiry report and a recall's list) as Excel workbooks.
 */
import ExcelJS from 'exceljs';
import { ReviewStatus } from '../../../core/status.js';
import type { ReportBatch } from '../../../core/schemas/quality.js';
import type { Conn } from '../../db/client.js';
import type { SessionUser } from '../../http/auth.js';
import { notFound, refuse } from '../../http/envelope.js';
import { today } from '../../lib/china-time.js';
import { batchByNo, batchParts, batchReport, nearExpiryPage, reportBatches, reportBatchesOfItems, viewerOfUser } from '../catalogue/index.js';
import { sealPicture } from '../documents/index.js';
import { itemOrders, ORDER_MISSING, ownOrderItems } from '../orders/index.js';
import { knownDocumentFiles, readDocumentFile, type UploadStore } from '../uploads/index.js';
import { recall } from './service.js';
import { stampedReport } from './stamp.js';
import type { Download } from '../../http/download.js';

const NO_REPORT = '未找到该批号的药检报告';
const NOT_APPROVED = '资质审核通过后可查询药检报告';

/** `GET /api/reports`: the batches the site sells with this number whose goods' name or pinyin holds the keyword. */
export async function searchReports(conn: Conn, user: SessionUser, keyword: string, batchNo: string): Promise<ReportBatch[]> {
  if (user.isPassed !== ReviewStatus.approved) throw refuse(NOT_APPROVED);
  return reportBatches(conn, viewerOfUser(user), keyword, batchNo);
}

/** `GET /api/reports/order/{id}`: every batch the account's order took units from, with whether its report is there. */
export async function orderReports(conn: Conn, user: SessionUser, orderId: number): Promise<ReportBatch[]> {
  const items = await ownOrderItems(conn, user.id, orderId);
  if (!items) throw notFound(ORDER_MISSING);
  return reportBatchesOfItems(conn, items);
}

/** Whether an order of the account, not cancelled, took units of the batch. */
async function bought(conn: Conn, userId: number, batchId: number) {
  const parts = await batchParts(conn, batchId);
  const orders = await itemOrders(
    conn,
    parts.map((p) => p.item),
  );
  return orders.some((o) => o.userId === userId);
}

async function stamped(conn: Conn, store: UploadStore, url: string, title: string): Promise<Download> {
  const known = (await knownDocumentFiles(conn, [url])).get(url);
  const file = known ? await readDocumentFile(store, url) : null;
  if (!known || !file) throw notFound(NO_REPORT);
  const seal = await sealPicture(conn, store, 'quality_seal');
  return { file: await stampedReport({ file, mime: known.mime }, seal, title), mime: 'application/pdf', name: `${title}.pdf` };
}

const reportTitle = (name: string, batchNo: string) => `药检报告-${name}-${batchNo}`.replace(/[\\/:*?"<>|\s]+/g, '');

/**
 * `GET /api/reports/{goods_id}/{batch_no}`: the report, stamped, to the account whose orders took units of the
 * batch, or to an approved account looking up a batch the site sells (合格, goods it may see). Anything else, and
 * a batch without a report, answers 404 alike: a batch number is not confirmed to whoever guesses it.
 */
export async function buyerReport(conn: Conn, store: UploadStore, user: SessionUser, goodsId: number, batchNo: string): Promise<Download> {
  const b = await batchByNo(conn, goodsId, batchNo);
  if (!b?.report) throw notFound(NO_REPORT);
  const mine = await bought(conn, user.id, b.id);
  if (!mine) {
    if (user.isPassed !== ReviewStatus.approved) throw notFound(NO_REPORT);
    const sold = await reportBatches(conn, viewerOfUser(user), '', batchNo);
    if (!sold.some((r) => r.goods_id === goodsId)) throw notFound(NO_REPORT);
  }
  return stamped(conn, store, b.report, reportTitle(b.name, batchNo));
}

/** `GET /api/admin/quality/batches/{id}/report`: the report as buyers receive it. */
export async function adminReport(conn: Conn, store: UploadStore, batchId: number): Promise<Download> {
  const b = await batchReport(conn, batchId);
  if (!b.report) throw notFound('该批号尚未上传药检报告');
  return stamped(conn, store, b.report, reportTitle(b.name, b.batchNo));
}

const xlsx = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

async function workbook(sheetName: string, head: string[], widths: number[], rows: (string | number)[][], foot?: (string | number)[]) {
  const book = new ExcelJS.Workbook();
  const sheet = book.addWorksheet(sheetName, { views: [{ state: 'frozen', ySplit: 1 }] });
  sheet.columns = head.map((h, i) => ({ header: h, width: widths[i] ?? 12 }));
  sheet.getRow(1).font = { bold: true };
  for (const r of rows) sheet.addRow(r);
  if (foot) sheet.addRow(foot).font = { bold: true };
  return Buffer.from(await book.xlsx.writeBuffer());
}

/** `GET /api/admin/quality/near_expiry/export`: every batch of the window, valued at the selling price. */
export async function nearExpiryExcel(conn: Conn, days: number): Promise<Download> {
  const report = await nearExpiryPage(conn, days, 1, 0);
  const file = await workbook(
    `${days}天内近效期`,
    [
      '商品名称',
      '规格',
      '生产厂家',
      '批号',
      '生产日期',
      '效期至',
      '剩余天数',
      '状态',
      '在库数量',
      '订单占用',
      '单位',
      '售价（元）',
      '货值（元，按售价）',
      '供货单位',
    ],
    [28, 16, 28, 14, 12, 12, 10, 8, 10, 10, 6, 12, 16, 24],
    report.data.map((r) => [
      r.name,
      r.ypgg,
      r.sccj,
      r.batch_no,
      r.scrq,
      r.xq,
      r.days_left,
      r.status_text,
      r.quantity,
      r.held,
      r.bzdw,
      Number(r.price),
      Number(r.value),
      r.supplier,
    ]),
    ['合计', '', '', '', '', '', '', '', report.units, '', '', '', Number(report.value), ''],
  );
  return { file, mime: xlsx, name: `近效期报表-${days}天-${today()}.xlsx` };
}

/** `GET /api/admin/quality/batches/{id}/recall/export`: the recall's list of buyers and orders. */
export async function recallExcel(conn: Conn, id: number): Promise<Download> {
  const r = await recall(conn, id);
  const file = await workbook(
    '召回客户清单',
    ['客户', '账号', '订单号', '订单状态', '发货时间', '数量', '已退回', '收货人', '电话', '收货地址'],
    [30, 14, 24, 10, 18, 8, 8, 10, 14, 40],
    r.recipients.map((x) => [
      x.company,
      x.username,
      x.order_no,
      x.order_status,
      x.shipped_at ? new Date((x.shipped_at + 8 * 3600) * 1000).toISOString().slice(0, 16).replace('T', ' ') : '未发货',
      x.units,
      x.returned,
      x.receiver,
      x.phone,
      x.address,
    ]),
  );
  return { file, mime: xlsx, name: `召回清单-${r.batch.name}-${r.batch.batch_no}.xlsx` };
}
