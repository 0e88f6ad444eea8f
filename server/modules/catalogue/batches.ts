/**
 * Keeping goods whole with their batches (docs/decisions/033-batches.md): goods.number is what the batches that
 * sell still hold, goods.xq and goods.scrq the dates of the first of them. Every write of batches locks its goods
 * rows first, in id order, as an order does, so that two of them never wait on each other in a circle.
 */
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import { chinaToday } from '../../../core/schemas/admin-goods.js';
import { BatchStatus } from '../../../core/status.js';
import { insertMany } from '../../db/bulk.js';
import type { Conn, Db } from '../../db/client.js';
import { goods, goodsBatches } from '../../db/schema/catalogue.js';
import { invalid, refuse } from '../../http/envelope.js';
import { goodsChanged } from './goods-events.js';

const ids = (list: number[]) =>
  sql.join(
    list.map((id) => sql`${id}::int`),
    sql`, `,
  );

/** Locks the goods rows in id order, before any of their batches. */
export async function lockGoods(tx: Conn, goodsIds: number[]) {
  if (!goodsIds.length) return;
  await tx
    .select({ id: goods.id })
    .from(goods)
    .where(inArray(goods.id, [...new Set(goodsIds)]))
    .orderBy(asc(goods.id))
    .for('update');
}

/**
 * Works goods.number out again from the batches that sell (released, expiring later than min_shelf_days from
 * today), with the dates of the first of them that holds units; a goods with none keeps the dates it had. The
 * goods rows must already be locked. Goods that had less than a middle package and now have one or more are
 * told to the catalogue's listeners (goods-events.ts) in the same transaction; answers their ids.
 */
export async function syncGoodsStock(tx: Conn, goodsIds: number[], today = chinaToday()): Promise<number[]> {
  if (!goodsIds.length) return [];
  // `o` is the row as the statement found it, `g` as it leaves it.
  const came = (await tx.execute(sql`
    with synced as (
      update ${goods} g set number = coalesce(s.n, 0), xq = coalesce(f.xq, g.xq), scrq = coalesce(f.scrq, g.scrq)
      from ${goods} o
      left join lateral (
        select sum(b.quantity - b.held)::int as n from ${goodsBatches} b
        where b.goods_id = o.id and b.status = ${BatchStatus.released} and b.xq > ${today}::date + o.min_shelf_days) s on true
      left join lateral (
        select b.xq, b.scrq from ${goodsBatches} b
        where b.goods_id = o.id and b.status = ${BatchStatus.released} and b.xq > ${today}::date + o.min_shelf_days and b.quantity > b.held
        order by b.xq, b.id limit 1) f on true
      where g.id = o.id and o.id in (${ids(goodsIds)})
      returning g.id, o.number as was, g.number as now, greatest(g.zbz, 1) as unit)
    select id from synced where was < unit and now >= unit`)) as unknown as { rows: { id: number | string }[] };
  const arrived = came.rows.map((r) => Number(r.id));
  await goodsChanged(tx, arrived);
  return arrived;
}

/** The number of the batch a goods' own dates name: its production date (2025-03-12 gives 20250312). */
const dateBatchNo = (scrq: string) => scrq.replaceAll('-', '');

/** The first batches of goods made in this transaction (an import), released; answers each goods' stock. */
export async function firstBatches(tx: Conn, made: { goodsId: number; scrq: string; xq: string; number: number }[], today = chinaToday()) {
  await insertMany(
    tx,
    goodsBatches,
    made.map((m) => ({ goodsId: m.goodsId, batchNo: dateBatchNo(m.scrq), scrq: m.scrq, xq: m.xq, quantity: m.number, status: BatchStatus.released })),
  );
  const out = new Map<number, number>();
  for (let i = 0; i < made.length; i += 1000) {
    const part = made.slice(i, i + 1000).map((m) => m.goodsId);
    await syncGoodsStock(tx, part, today);
    for (const r of await tx.select({ id: goods.id, number: goods.number }).from(goods).where(inArray(goods.id, part))) out.set(r.id, r.number);
  }
  return out;
}

/**
 * The batch the goods' own dates name, numbered by its production date as the migration numbered every goods'
 * first batch (20250312), made released and empty when it is not there: where units go that name no batch.
 */
export async function dateBatch(tx: Conn, goodsId: number): Promise<number> {
  const made = (await tx.execute(sql`
    insert into ${goodsBatches} (goods_id, batch_no, scrq, xq, status)
    select id, to_char(scrq, 'YYYYMMDD'), scrq, xq, ${BatchStatus.released} from ${goods} where id = ${goodsId}
    on conflict (goods_id, batch_no) do update set batch_no = excluded.batch_no
    returning id`)) as unknown as { rows: { id: number }[] };
  return Number(made.rows[0].id);
}

/** A new goods' first batch: its form's dates and first stock, released (a goods made in the console). */
export async function firstBatch(tx: Conn, goodsId: number, number: number, today = chinaToday()) {
  const batchId = await dateBatch(tx, goodsId);
  await tx.update(goodsBatches).set({ quantity: number }).where(eq(goodsBatches.id, batchId));
  await syncGoodsStock(tx, [goodsId], today);
  return batchId;
}

/**
 * The goods form changed the goods' dates: they were the dates of the batch a buyer receives next, so that
 * batch's dates are corrected (a goods with no batch takes them as they are). The goods row must be locked.
 */
export async function correctBatchDates(tx: Conn, goodsId: number, was: { xq: string; scrq: string }, now: { xq: string; scrq: string }, today = chinaToday()) {
  if (was.xq === now.xq && was.scrq === now.scrq) return;
  const [named] = await tx
    .select({ id: goodsBatches.id })
    .from(goodsBatches)
    .where(and(eq(goodsBatches.goodsId, goodsId), eq(goodsBatches.xq, was.xq), eq(goodsBatches.scrq, was.scrq)))
    .orderBy(asc(goodsBatches.id))
    .limit(1)
    .for('update');
  if (!named) return;
  await tx.update(goodsBatches).set(now).where(eq(goodsBatches.id, named.id));
  await syncGoodsStock(tx, [goodsId], today);
}

/**
 * A change of stock by hand. Into or out of the batch named; with none named, units added go to the batch the
 * goods' dates name, and units taken come off the batches that sell, first-expiring first, never more than they
 * hold free of open orders. No batch holds less than its open orders hold. Answers the batch changed (null when
 * spread over several) and the goods' stock after it. The goods row must be locked.
 */
export async function changeBatchStock(tx: Conn, goodsId: number, delta: number, batchId: number | null, today = chinaToday()) {
  const [g] = await tx.select({ number: goods.number, minShelfDays: goods.minShelfDays }).from(goods).where(eq(goods.id, goodsId));
  let changed: number | null = batchId;
  if (batchId !== null) {
    const [b] = await tx
      .select()
      .from(goodsBatches)
      .where(and(eq(goodsBatches.id, batchId), eq(goodsBatches.goodsId, goodsId)))
      .for('update');
    // A batch of another goods is a wrong field, as an unknown one is: nothing changes.
    if (!b) throw invalid('batch_id', '该批号不属于此商品');
    if (b.quantity + delta < b.held) throw refuse(`批号${b.batchNo}库存不足：现有${b.quantity}，其中${b.held}已被订单占用`);
    await tx
      .update(goodsBatches)
      .set({ quantity: b.quantity + delta })
      .where(eq(goodsBatches.id, b.id));
  } else if (delta >= 0) {
    changed = await dateBatch(tx, goodsId);
    await tx
      .update(goodsBatches)
      .set({ quantity: sql`${goodsBatches.quantity} + ${delta}` })
      .where(eq(goodsBatches.id, changed));
  } else {
    if (g.number + delta < 0) throw refuse(`库存不足：当前库存${g.number}，调整后不能小于0`);
    const lots = await tx
      .select()
      .from(goodsBatches)
      .where(
        and(
          eq(goodsBatches.goodsId, goodsId),
          eq(goodsBatches.status, BatchStatus.released),
          sql`${goodsBatches.xq} > ${today}::date + ${g.minShelfDays}::int and ${goodsBatches.quantity} > ${goodsBatches.held}`,
        ),
      )
      .orderBy(asc(goodsBatches.xq), asc(goodsBatches.id))
      .for('update');
    let rest = -delta;
    const touched: number[] = [];
    for (const b of lots) {
      const n = Math.min(rest, b.quantity - b.held);
      if (n <= 0) break;
      await tx
        .update(goodsBatches)
        .set({ quantity: b.quantity - n })
        .where(eq(goodsBatches.id, b.id));
      touched.push(b.id);
      rest -= n;
    }
    if (rest > 0) throw refuse(`库存不足：当前库存${g.number}，调整后不能小于0`);
    changed = touched.length === 1 ? touched[0] : null;
  }
  await syncGoodsStock(tx, [goodsId], today);
  const [after] = await tx.select({ number: goods.number }).from(goods).where(eq(goods.id, goodsId));
  return { batchId: changed, number: after.number, before: g.number };
}

/** The China day the near-expiry sweep last ran for in this process. */
let sweptDay = '';

/**
 * Once a China day: the goods whose batches have come within their minimum shelf life (or expired) since the
 * day before have their stock worked out again, a few hundred at a time; answers how many. The server runs it
 * with the minute's jobs.
 */
export async function sweepNearExpiry(db: Db, today = chinaToday(), chunk = 500): Promise<number> {
  if (sweptDay === today) return 0;
  const due = (await db.execute(sql`
    select distinct b.goods_id as id from ${goodsBatches} b join ${goods} g on g.id = b.goods_id
    where b.status = ${BatchStatus.released} and b.quantity > b.held
      and b.xq <= ${today}::date + g.min_shelf_days and b.xq > ${today}::date + g.min_shelf_days - 3
    order by b.goods_id`)) as unknown as { rows: { id: number | string }[] };
  const goodsIds = due.rows.map((r) => Number(r.id));
  for (let i = 0; i < goodsIds.length; i += chunk) {
    const part = goodsIds.slice(i, i + chunk);
    await db.transaction(async (tx) => {
      await lockGoods(tx, part);
      await syncGoodsStock(tx, part, today);
    });
  }
  sweptDay = today;
  return goodsIds.length;
}
