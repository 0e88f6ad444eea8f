/**
 * The downloads of an order's check: its trace codes (Excel or CSV, one row a box: goods, approval number, batch,
 * expiry, code) for the buying pharmacy to load into its own system, and the 随货同行单 as a PDF. A buyer gets
 * those of its own shipped orders; operators who read orders those of any order.
 */
import ExcelJS from 'exceljs';
import { isPaidStatus, OrderStatus } from '../../../core/status.js';
import type { Conn } from '../../db/client.js';
import { notFound, refuse } from '../../http/envelope.js';
import type { SessionUser } from '../../http/auth.js';
import { goodsByIds } from '../catalogue/index.js';
import { sealPicture } from '../documents/index.js';
import { orderFacts, ORDER_MISSING, type OrderFacts } from '../orders/index.js';
import type { UploadStore } from '../uploads/index.js';
import { deliveryNote } from './note.js';
import { deliveryNotePdf } from './note-pdf.js';
import { codesOfOrder } from './service.js';
import type { Download } from '../../http/download.js';

const HEADERS = ['商品名称', '通用名', '规格', '生产厂家', '批准文号', '批号', '有效期至', '追溯码'];

/** The order for its buyer (404 for anyone else's) or an operator (`user` null). */
async function orderFor(conn: Conn, user: SessionUser | null, orderId: number): Promise<OrderFacts> {
  const facts = await orderFacts(conn, orderId).catch(() => null);
  if (!facts || (user && facts.order.userId !== user.id)) throw notFound(ORDER_MISSING);
  return facts;
}

const shipped = (facts: OrderFacts) => facts.order.status === OrderStatus.shipped || facts.order.status === OrderStatus.done;

async function codeRows(conn: Conn, facts: OrderFacts) {
  const codes = await codesOfOrder(conn, facts);
  const goods = new Map(
    (
      await goodsByIds(
        conn,
        codes.map((c) => c.goodsId),
      )
    ).map((g) => [g.id, g]),
  );
  return codes.map((c) => {
    const g = goods.get(c.goodsId);
    return [g?.name ?? '', g?.tym || g?.name || '', g?.ypgg ?? '', g?.sccj ?? '', g?.pzwh ?? '', c.batchNo, c.xq, c.code.code];
  });
}

/** A CSV field, quoted when it must be. */
const csvField = (v: string) => (/[",\r\n]/.test(v) ? `"${v.replace(/"/g, '""')}"` : v);

/**
 * `GET /api/trace/order/{id}/codes` and the console's copy: the codes as .xlsx (the code a text cell, so Excel
 * keeps its 20 digits) or as .csv in UTF-8 with a BOM, which Chinese Excel opens without garbling.
 */
export async function codesDownload(conn: Conn, user: SessionUser | null, orderId: number, format: 'xlsx' | 'csv'): Promise<Download> {
  const facts = await orderFor(conn, user, orderId);
  if (user && !shipped(facts)) throw refuse('订单发货后可下载追溯码');
  const rows = await codeRows(conn, facts);
  if (user && !rows.length) throw refuse('本订单的商品无追溯码');
  const name = `追溯码-${facts.order.orderNo}.${format}`;
  if (format === 'csv') {
    // A tab before the code keeps Excel from showing 20 digits as a number in E notation.
    const lines = [HEADERS, ...rows.map((r) => [...r.slice(0, -1), `\t${r[r.length - 1]}`])].map((r) => r.map(csvField).join(','));
    return { file: Buffer.from(`\ufeff${lines.join('\r\n')}\r\n`, 'utf8'), mime: 'text/csv; charset=utf-8', name };
  }
  const book = new ExcelJS.Workbook();
  const sheet = book.addWorksheet('追溯码');
  sheet.columns = HEADERS.map((h, i) => ({ header: h, key: String(i), width: [24, 20, 16, 26, 22, 14, 12, 24][i], style: { numFmt: '@' } }));
  sheet.getRow(1).font = { bold: true };
  sheet.views = [{ state: 'frozen', ySplit: 1 }];
  for (const r of rows) sheet.addRow(r);
  const file = Buffer.from(await book.xlsx.writeBuffer());
  return { file, mime: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet', name };
}

/**
 * The 随货同行单 of an order: its buyer's once shipped; an operator's of any paid order (before shipping a preview);
 * with the 出库专用章 it is stamped with, when one is set.
 */
export async function deliveryNoteFor(conn: Conn, store: UploadStore, user: SessionUser | null, orderId: number) {
  const facts = await orderFor(conn, user, orderId);
  if (user && !shipped(facts)) throw refuse('订单发货后可下载随货同行单');
  if (!isPaidStatus(facts.order.status)) throw refuse('订单付款后才有随货同行单');
  const seal = await sealPicture(conn, store, 'outbound_seal');
  return { facts, seal, note: await deliveryNote(conn, facts, Boolean(seal)) };
}

/** `GET /api/trace/order/{id}/delivery-note` and the console's copy: the PDF, stamped with the 出库专用章. */
export async function deliveryNoteDownload(conn: Conn, store: UploadStore, user: SessionUser | null, orderId: number): Promise<Download> {
  const { note, seal } = await deliveryNoteFor(conn, store, user, orderId);
  const file = await deliveryNotePdf(note, seal?.file ?? null);
  return { file, mime: 'application/pdf', name: `随货同行单-${note.order_no}.pdf` };
}
