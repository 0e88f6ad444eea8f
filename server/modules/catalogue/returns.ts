/**
 * Returned units (docs/decisions/036-receiving-reports-recalls.md): a received return brings its units back to
 * the batch the buyer named, or those its line left from, as 退货待验 (`returns_pending`), never straight to sale;
 * qa passes them into what the batch holds or writes them off. The goods rows are locked first, as every write of
 * batches does.
 */
import { sql } from 'drizzle-orm';
import { chinaToday } from '../../../core/schemas/admin-goods.js';
import type { Conn } from '../../db/client.js';
import { goods, goodsBatches, orderItemBatches, salesTally, stockLog } from '../../db/schema/catalogue.js';
import { refuse } from '../../http/envelope.js';
import { dateBatch, lockGoods, syncGoodsStock } from './batches.js';
import { lockedBatch } from './receiving.js';

/** Units of one goods of a shipped line coming back, and the batch the buyer says they are of. */
export type ReturnLine = { item: number; goodsId: number; number: number; batchNo?: string };

async function toPending(tx: Conn, batchId: number, units: number) {
  await tx.execute(sql`update ${goodsBatches} set returns_pending = returns_pending + ${units}::int where id = ${batchId}`);
}

/**
 * A received return: each line's units are counted as returned on the parts of its line, the named batch first
 * and then the latest-expiring, never more to a batch than it gave, and wait in those batches for inspection;
 * units of lines placed before batches wait in the batch the goods' dates name. Off the sales too.
 */
export async function returnToInspection(tx: Conn, lines: ReturnLine[]) {
  const wanted = lines.filter((l) => l.number > 0);
  if (!wanted.length) return;
  await lockGoods(
    tx,
    wanted.map((l) => l.goodsId),
  );
  for (const l of wanted) {
    const parts = (await tx.execute(sql`
      select p.id, p.batch_id, p.units - p.returned as left_units from ${orderItemBatches} p join ${goodsBatches} b on b.id = p.batch_id
      where p.order_item_id = ${l.item} and p.goods_id = ${l.goodsId} and p.returned < p.units
      order by (b.batch_no = ${l.batchNo ?? ''}) desc, b.xq desc, b.id desc`)) as unknown as { rows: { id: number; batch_id: number; left_units: number }[] };
    let rest = l.number;
    for (const p of parts.rows) {
      const n = Math.min(rest, Number(p.left_units));
      if (n <= 0) break;
      await tx.execute(sql`update ${orderItemBatches} set returned = returned + ${n}::int where id = ${p.id}`);
      await toPending(tx, Number(p.batch_id), n);
      rest -= n;
    }
    if (rest > 0) await toPending(tx, await dateBatch(tx, l.goodsId), rest);
  }
  const sums = new Map<number, number>();
  for (const l of wanted) sums.set(l.goodsId, (sums.get(l.goodsId) ?? 0) + l.number);
  await tx.insert(salesTally).values([...sums].map(([goodsId, n]) => ({ goodsId, number: -n })));
}

/**
 * qa's inspection of a batch's returned units: `release` puts them into what the batch holds (they sell again
 * when the batch does), `reject` writes them off (退货报损). Answers how many; the stock log says which and why.
 */
export async function inspectReturns(tx: Conn, batchId: number, decision: 'release' | 'reject', operatorId: number, today = chinaToday()) {
  const b = await lockedBatch(tx, batchId);
  const n = b.returnsPending;
  if (n <= 0) throw refuse('该批号没有退货待验的数量');
  const [was] = await tx
    .select({ number: goods.number, bzdw: goods.bzdw })
    .from(goods)
    .where(sql`${goods.id} = ${b.goodsId}`);
  await tx.execute(
    decision === 'release'
      ? sql`update ${goodsBatches} set quantity = quantity + returns_pending, returns_pending = 0 where id = ${batchId}`
      : sql`update ${goodsBatches} set returns_pending = 0 where id = ${batchId}`,
  );
  await syncGoodsStock(tx, [b.goodsId], today);
  const [now] = await tx
    .select({ number: goods.number })
    .from(goods)
    .where(sql`${goods.id} = ${b.goodsId}`);
  await tx.insert(stockLog).values({
    goodsId: b.goodsId,
    batchId,
    delta: now.number - was.number,
    stockAfter: now.number,
    reason: `${decision === 'release' ? '退货验收合格' : '退货不合格报损'} 批号${b.batchNo} ${n}${was.bzdw}`,
    operatorId,
  });
  return { batch: b, units: n };
}
