/**
 * Batches in the near-expiry daily report (近效期批次日报, docs/decisions/042-wallet-and-quality-jobs.md): those on
 * hand that have come within their goods' minimum shelf life (the window of decision 037) are marked with the
 * report's China day, each once; the latest report is read back for the console's 工作台.
 */
import { asc, count, desc, eq, isNotNull, sql } from 'drizzle-orm';
import { chinaToday } from '../../../core/schemas/admin-goods.js';
import { BatchStatus } from '../../../core/status.js';
import type { Conn, Db } from '../../db/client.js';
import { goods, goodsBatches } from '../../db/schema/catalogue.js';

/** Batches a step marks at most. */
const STEP = 500;

/**
 * Marks with `day` the batches not reported yet that hold units, are not 不合格 and expire within their goods'
 * minimum shelf life from `day` (expired ones included: a near-expiry listing's batch enters its window of 0 days
 * on the day it expires). Steps of one statement, each its own transaction, claiming the batch rows with `for
 * update skip locked` and marking only rows still unmarked: two runs at once never report a batch twice, and no
 * goods row is locked, so orders are not kept waiting. A batch an order holds locked at that moment is left to
 * the next report. Answers how many batches were reported.
 */
export async function reportNearBatches(db: Db, day = chinaToday(), size = STEP): Promise<number> {
  let total = 0;
  for (;;) {
    // Picked once (materialized): a subquery joined to the update may run again per row and pick more than `size`.
    const marked = (await db.execute(sql`
      with picked as materialized (
        select b.id from ${goodsBatches} b join ${goods} g on g.id = b.goods_id
        where b.near_reported_on is null and b.quantity > 0 and b.status <> ${BatchStatus.rejected}
          and b.xq <= ${day}::date + g.min_shelf_days
        order by b.xq, b.id limit ${size} for update of b skip locked
      )
      update ${goodsBatches} gb set near_reported_on = ${day}::date
      from picked where gb.id = picked.id and gb.near_reported_on is null
      returning gb.id`)) as unknown as { rows: unknown[] };
    total += marked.rows.length;
    if (marked.rows.length < size) return total;
  }
}

/** Batches of a report named in its summary. */
const NAMED = 3;

/** The latest report's day, how many batches it named and the first of them to expire; null before any report. */
export async function latestNearReport(conn: Conn) {
  const [last] = await conn
    .select({ day: goodsBatches.nearReportedOn })
    .from(goodsBatches)
    .where(isNotNull(goodsBatches.nearReportedOn))
    .orderBy(desc(goodsBatches.nearReportedOn))
    .limit(1);
  if (!last?.day) return null;
  const ofDay = eq(goodsBatches.nearReportedOn, last.day);
  const [[{ n }], first] = await Promise.all([
    conn.select({ n: count() }).from(goodsBatches).where(ofDay),
    conn
      .select({ name: goods.name, batchNo: goodsBatches.batchNo, xq: goodsBatches.xq })
      .from(goodsBatches)
      .innerJoin(goods, eq(goods.id, goodsBatches.goodsId))
      .where(ofDay)
      .orderBy(asc(goodsBatches.xq), asc(goodsBatches.id))
      .limit(NAMED),
  ]);
  return { day: last.day, batches: n, first };
}
