/**
 * 质量管理 of batches in the console (docs/decisions/036-receiving-reports-recalls.md): receiving (入库, 待验),
 * qa's verdicts, the lock that stops a batch and reaches every buyer who received it, reports attached to
 * batches, and the near-expiry report. Every write goes through `audited`; the batches themselves change only
 * through the catalogue's functions, which keep goods whole.
 */
import type { FastifyRequest } from 'fastify';
import type { BatchRecall, ReceiveInput, RecallRecipient } from '../../../core/schemas/quality.js';
import type { Conn, Db, Tx } from '../../db/client.js';
import { invalid, refuse } from '../../http/envelope.js';
import { seconds } from '../../lib/china-time.js';
import { sendMessage, userBriefs } from '../accounts/index.js';
import { batchParts, batchView1, inspectReturns, judgeBatch, receiveBatch, setBatchReport, stoppedBatchesOfItems, type BatchRow } from '../catalogue/index.js';
import { audited, type Fields } from '../operators/index.js';
import { itemOrders, type OrderFacts } from '../orders/index.js';
import { knownDocumentFiles } from '../uploads/index.js';
import { REPORT_MIMES } from './stamp.js';

const trail = (b: BatchRow): Fields => ({
  goods_id: b.goodsId,
  batch_no: b.batchNo,
  scrq: b.scrq,
  xq: b.xq,
  quantity: b.quantity,
  supplier: b.supplier,
  status: b.status,
  report: b.report ? '已上传' : '',
});

/** A report's address, checked: an uploaded document file that is a PDF or a JPG/PNG picture; 422 on `report` otherwise. */
async function reportFile(conn: Conn, url: string) {
  const known = (await knownDocumentFiles(conn, [url])).get(url);
  if (!known) throw invalid('report', '药检报告须为本站上传的文件，请重新上传');
  if (!REPORT_MIMES.includes(known.mime)) throw invalid('report', '药检报告须为 PDF 或 JPG、PNG 图片');
  return url;
}

/** `POST /api/admin/quality/batches`: 入库 of a batch, 待验. */
export async function receive(db: Db, req: FastifyRequest, input: ReceiveInput) {
  const row = await audited(
    db,
    req,
    { permission: 'batch:receive', stale: 'nothing', action: 'batch.receive', targetType: 'batch', targetId: '' },
    async (tx, operator) => {
      const report = input.report ? await reportFile(tx, input.report) : null;
      const made = await receiveBatch(
        tx,
        { goodsId: input.goods_id, batchNo: input.batch_no, scrq: input.scrq, xq: input.xq, quantity: input.quantity, supplier: input.supplier, report },
        operator.id,
      );
      return { before: null, after: trail(made), result: made, targetId: made.id };
    },
  );
  return batchView1(db, row.id);
}

/** `POST /api/admin/quality/batches/{id}/report`: attaches the batch's inspection report. */
export async function attachReport(db: Db, req: FastifyRequest, id: number, url: string) {
  await audited(db, req, { permission: 'batch:receive', stale: 'nothing', action: 'batch.report', targetType: 'batch', targetId: id }, async (tx) => {
    const { before, after } = await setBatchReport(tx, id, await reportFile(tx, url));
    return { before: { report: before.report ?? '' }, after: { report: after.report ?? '' }, result: null };
  });
  return batchView1(db, id);
}

/** `POST /api/admin/quality/batches/{id}/release`: 放行 (待验 to 合格) or 不合格. */
export async function release(db: Db, req: FastifyRequest, id: number, body: { decision: 'release' | 'reject'; reason: string }) {
  await audited(
    db,
    req,
    { permission: 'batch:quality', stale: 'catalogue', action: `batch.${body.decision}`, targetType: 'batch', targetId: id },
    async (tx, operator) => {
      const { before, after, changed } = await judgeBatch(tx, id, body.decision, body.reason, operator.id);
      return changed
        ? { before: { status: before.status }, after: { status: after.status, reason: body.reason }, result: null }
        : { before: null, after: null, result: null };
    },
  );
  return batchView1(db, id);
}

/** `POST /api/admin/quality/batches/{id}/unlock`: a hold lifted, the batch sells again. */
export async function unlock(db: Db, req: FastifyRequest, id: number) {
  await audited(
    db,
    req,
    { permission: 'batch:quality', stale: 'catalogue', action: 'batch.unlock', targetType: 'batch', targetId: id },
    async (tx, operator) => {
      const { before, after, changed } = await judgeBatch(tx, id, 'unlock', '', operator.id);
      return changed ? { before: { status: before.status }, after: { status: after.status }, result: null } : { before: null, after: null, result: null };
    },
  );
  return batchView1(db, id);
}

/** `POST /api/admin/quality/batches/{id}/returns`: the units back from returns pass into the batch or are written off. */
export async function inspectReturned(db: Db, req: FastifyRequest, id: number, decision: 'release' | 'reject') {
  await audited(
    db,
    req,
    { permission: 'batch:quality', stale: 'catalogue', action: 'batch.returns', targetType: 'batch', targetId: id },
    async (tx, operator) => {
      const { batch, units } = await inspectReturns(tx, id, decision, operator.id);
      return {
        before: { returns_pending: units, quantity: batch.quantity },
        after: { returns_pending: 0, quantity: batch.quantity + (decision === 'release' ? units : 0) },
        result: null,
      };
    },
  );
  return batchView1(db, id);
}

/** Every order not cancelled that took units of the batch, with its buyer and where it went. */
async function recipientsOf(conn: Conn, batchId: number): Promise<RecallRecipient[]> {
  const parts = await batchParts(conn, batchId);
  const orders = await itemOrders(
    conn,
    parts.map((p) => p.item),
  );
  const byItem = new Map(orders.map((o) => [o.item, o]));
  const briefs = await userBriefs(
    conn,
    orders.map((o) => o.userId),
  );
  const byOrder = new Map<number, RecallRecipient>();
  for (const p of parts) {
    const o = byItem.get(p.item);
    if (!o) continue;
    const had = byOrder.get(o.orderId);
    if (had) {
      had.units += p.units;
      had.returned += p.returned;
      continue;
    }
    const buyer = briefs.get(o.userId);
    byOrder.set(o.orderId, {
      order_id: o.orderId,
      order_no: o.orderNo,
      order_status: o.statusText,
      user_id: o.userId,
      company: buyer?.company ?? '',
      username: buyer?.username ?? '',
      receiver: o.receiver,
      phone: o.phone || buyer?.phone || '',
      address: o.address,
      units: p.units,
      returned: p.returned,
      shipped_at: seconds(o.shippedAt),
    });
  }
  return [...byOrder.values()];
}

/** `GET /api/admin/quality/batches/{id}/recall`: the batch and every buyer who received it or holds it on an open order. */
export async function recall(conn: Conn, id: number): Promise<BatchRecall> {
  const batch = await batchView1(conn, id);
  const recipients = await recipientsOf(conn, id);
  return {
    batch,
    recipients,
    buyers: new Set(recipients.map((r) => r.user_id)).size,
    units: recipients.reduce((n, r) => n + r.units - r.returned, 0),
  };
}

/**
 * `POST /api/admin/quality/batches/{id}/lock`: the batch stops selling at once (its units leave the goods' stock
 * in the same transaction) and every buyer on its recall list gets a 站内消息 naming the goods and the batch. Locking
 * a locked batch again changes nothing and sends nothing.
 */
export async function lock(db: Db, req: FastifyRequest, id: number, reason: string) {
  const notified = await audited(
    db,
    req,
    { permission: 'batch:quality', stale: 'catalogue', action: 'batch.lock', targetType: 'batch', targetId: id },
    async (tx, operator) => {
      const { before, after, changed } = await judgeBatch(tx, id, 'lock', reason, operator.id);
      if (!changed) return { before: null, after: null, result: 0 };
      const view = await batchView1(tx, id);
      const list = await recipientsOf(tx, id);
      const users = new Map<number, RecallRecipient[]>();
      for (const r of list) users.set(r.user_id, [...(users.get(r.user_id) ?? []), r]);
      for (const [userId, orders] of users) {
        const received = orders.filter((o) => o.shipped_at !== null);
        const waiting = orders.filter((o) => o.shipped_at === null);
        const goods = `${view.name}（${view.ypgg}，${view.sccj}）批号 ${view.batch_no}`;
        const parts = [
          `您采购的 ${goods} 因质量原因暂停销售并召回：${reason}。`,
          received.length ? `涉及订单 ${received.map((o) => o.order_no).join('、')}，请立即停止销售和使用该批号药品，就地封存，并联系客服办理退货。` : '',
          waiting.length ? `订单 ${waiting.map((o) => o.order_no).join('、')} 中该批号尚未发货，我们将为您另行处理。` : '',
        ];
        await sendMessage(tx, userId, `药品召回通知：${view.name} 批号${view.batch_no}`, parts.join(''));
      }
      return { before: { status: before.status }, after: { status: after.status, reason, notified: users.size }, result: users.size };
    },
  );
  return { ...(await recall(db, id)), notified };
}

/**
 * Before an order ships: units of a 锁定 or 不合格 batch do not leave the warehouse. The order is refused with the
 * batches named; it ships once qa lifts the hold, or its money goes back (a cancel or refund gives the units back).
 */
export async function refuseStoppedBatches(tx: Tx, facts: OrderFacts) {
  const stopped = await stoppedBatchesOfItems(
    tx,
    facts.items.map((i) => i.id),
  );
  if (stopped.length)
    throw refuse(
      `${stopped.map((b) => `${b.name}批号${b.batchNo}`).join('、')}已${stopped.some((b) => b.status === 3) ? '停售' : '锁定'}，不能发货：请待质管解除锁定，或取消该订单`,
    );
}
