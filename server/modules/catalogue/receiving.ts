/**
 * Batches coming in and their quality verdicts (docs/decisions/036-receiving-reports-recalls.md): a receipt (入库)
 * lands as 待验, qa releases it to 合格 or rejects it, locks a batch that sells (a hold or a recall) and lifts the
 * hold. Each locks the goods row first, as every write of batches does (decision 033), moves goods.number and its
 * dates with syncGoodsStock in the same transaction, and writes a stock log row naming the batch, with the change
 * of the stock that sells and the reason.
 */
import { and, eq, sql } from 'drizzle-orm';
import { chinaToday } from '../../../core/schemas/admin-goods.js';
import { BATCH_STATUS_TEXT } from '../../../core/schemas/quality.js';
import { BatchStatus } from '../../../core/status.js';
import type { Conn } from '../../db/client.js';
import { goods, goodsBatches, stockLog } from '../../db/schema/catalogue.js';
import { notFound, refuse } from '../../http/envelope.js';
import { lockGoods, syncGoodsStock } from './batches.js';

export type BatchRow = typeof goodsBatches.$inferSelect;
export const BATCH_MISSING = '批次不存在';

/** The words a stock log row of a verdict starts with; the batch's reason is what follows the colon. */
const VERDICT_WORDS = { release: '放行', reject: '不合格', lock: '锁定', unlock: '解除锁定' } as const;
export type Verdict = keyof typeof VERDICT_WORDS;

async function goodsNumber(tx: Conn, goodsId: number) {
  const [g] = await tx.select({ number: goods.number, bzdw: goods.bzdw }).from(goods).where(eq(goods.id, goodsId));
  return g;
}

/**
 * 入库: a new batch of a goods, 待验 (not sold until qa releases it). A batch number the goods already has is
 * refused: a second delivery of a batch is counted into it by a stock change once released.
 */
export async function receiveBatch(
  tx: Conn,
  input: { goodsId: number; batchNo: string; scrq: string; xq: string; quantity: number; supplier: string; report: string | null },
  operatorId: number,
): Promise<BatchRow> {
  await lockGoods(tx, [input.goodsId]);
  const g = await goodsNumber(tx, input.goodsId);
  if (!g) throw notFound('商品不存在');
  const [had] = await tx
    .select({ status: goodsBatches.status })
    .from(goodsBatches)
    .where(and(eq(goodsBatches.goodsId, input.goodsId), eq(goodsBatches.batchNo, input.batchNo)));
  if (had) throw refuse(`批号${input.batchNo}已在库（${BATCH_STATUS_TEXT[had.status]}），请核对批号；同批号再次到货请在库存中调整该批号数量`);
  const [row] = await tx
    .insert(goodsBatches)
    .values({ ...input, status: BatchStatus.pending })
    .returning();
  await tx.insert(stockLog).values({
    goodsId: input.goodsId,
    batchId: row.id,
    delta: 0,
    stockAfter: g.number,
    reason: `入库 批号${row.batchNo} ${row.quantity}${g.bzdw}，待验（${row.supplier}）`,
    operatorId,
  });
  return row;
}

/** Which statuses each verdict leaves from, and what it makes of the batch. */
const MOVES: Record<Verdict, { from: BatchStatus[]; to: BatchStatus; refused: string }> = {
  release: { from: [BatchStatus.pending], to: BatchStatus.released, refused: '只有待验的批号可以放行' },
  reject: { from: [BatchStatus.pending, BatchStatus.locked], to: BatchStatus.rejected, refused: '只有待验或锁定的批号可以判定不合格' },
  lock: { from: [BatchStatus.released, BatchStatus.pending], to: BatchStatus.locked, refused: '不合格的批号已停止销售，无需锁定' },
  unlock: { from: [BatchStatus.locked], to: BatchStatus.released, refused: '只有锁定的批号可以解除锁定' },
};

/** The batch by id with its goods row locked first, then the batch itself. */
export async function lockedBatch(tx: Conn, batchId: number): Promise<BatchRow> {
  const [found] = await tx.select({ goodsId: goodsBatches.goodsId }).from(goodsBatches).where(eq(goodsBatches.id, batchId));
  if (!found) throw notFound(BATCH_MISSING);
  await lockGoods(tx, [found.goodsId]);
  const [b] = await tx.select().from(goodsBatches).where(eq(goodsBatches.id, batchId)).for('update');
  return b;
}

/**
 * A quality verdict on a batch: 放行 (待验 to 合格), 不合格, 锁定 (a hold or a recall: it stops selling at once)
 * and 解除锁定. The same verdict again changes nothing (`changed` false). The goods' stock follows in the same
 * transaction; the stock log row says by how much and why.
 */
export async function judgeBatch(tx: Conn, batchId: number, verdict: Verdict, reason: string, operatorId: number, today = chinaToday()) {
  const before = await lockedBatch(tx, batchId);
  const move = MOVES[verdict];
  if (before.status === move.to) return { before, after: before, changed: false };
  if (!move.from.includes(before.status)) throw refuse(move.refused);
  const was = await goodsNumber(tx, before.goodsId);
  const [after] = await tx.update(goodsBatches).set({ status: move.to }).where(eq(goodsBatches.id, batchId)).returning();
  await syncGoodsStock(tx, [before.goodsId], today);
  const now = await goodsNumber(tx, before.goodsId);
  await tx.insert(stockLog).values({
    goodsId: before.goodsId,
    batchId,
    delta: now.number - was.number,
    stockAfter: now.number,
    reason: `${VERDICT_WORDS[verdict]} 批号${before.batchNo}：${reason || (verdict === 'release' ? '验收合格' : '—')}`.slice(0, 200),
    operatorId,
  });
  return { before, after, changed: true };
}

/** Attaches (or replaces) the batch's inspection report, an uploaded file's address. */
export async function setBatchReport(tx: Conn, batchId: number, report: string) {
  const before = await lockedBatch(tx, batchId);
  if (before.report === report) return { before, after: before };
  const [after] = await tx.update(goodsBatches).set({ report }).where(eq(goodsBatches.id, batchId)).returning();
  return { before, after };
}

/** Why each batch is 锁定 or 不合格: the words after the colon of its last lock or rejection in the stock log. */
export async function verdictReasons(conn: Conn, batchIds: number[]): Promise<Map<number, string>> {
  const out = new Map<number, string>();
  if (!batchIds.length) return out;
  const rows = (await conn.execute(sql`
    select distinct on (batch_id) batch_id, reason from ${stockLog}
    where batch_id in (${sql.join(
      batchIds.map((i) => sql`${i}::int`),
      sql`, `,
    )}) and (reason like ${`${VERDICT_WORDS.lock} %`} or reason like ${`${VERDICT_WORDS.reject} %`})
    order by batch_id, id desc`)) as unknown as { rows: { batch_id: number | string; reason: string }[] };
  for (const r of rows.rows) out.set(Number(r.batch_id), r.reason.slice(r.reason.indexOf('：') + 1));
  return out;
}
