/**
 * Stock and sales: an order takes its lines' units from the goods' batches first-expiring-first-out in one
 * statement, cancelling gives them back to the same batches, shipping takes them out of the warehouse (a return
 * brings them back to be inspected: returns.ts); each writes the units to the sales tally that a sweep folds into goods.sales
 * (docs/decisions/033-batches.md).
 */
import { and, asc, eq, gt, inArray, lte, max, sql } from 'drizzle-orm';
import type { LineBatch } from '../../../core/schemas/trade.js';
import { chinaToday } from '../../../core/schemas/admin-goods.js';
import { sqlOnce } from '../../db/built-once.js';
import { anyId } from '../../db/params.js';
import { endsWithNext, type Conn, type Db } from '../../db/client.js';
import { goods, goodsBatches, orderItemBatches, salesTally } from '../../db/schema/catalogue.js';
import { dateBatch, lockGoods, syncGoodsStock } from './batches.js';

/**
 * Units of one goods on one order line (a bundle line has one per part); `near`, a near-expiry line: its units
 * come only from the goods' near-expiry batches (docs/decisions/037-near-expiry-zone.md).
 */
export type StockLine = { item: number; goodsId: number; number: number; near?: boolean };

/** The lines with their units of one goods on one line added up, none empty, in goods then line order. */
function merged(lines: StockLine[]): StockLine[] {
  const sums = new Map<string, StockLine>();
  for (const l of lines) {
    if (l.number <= 0) continue;
    const key = `${l.item}:${l.goodsId}:${l.near === true}`;
    const had = sums.get(key);
    sums.set(key, { ...l, number: (had?.number ?? 0) + l.number });
  }
  return [...sums.values()].sort((a, b) => a.goodsId - b.goodsId || a.item - b.item);
}

/** `whole`: every goods and batch taken as the lines want (short is null, and the counts agree). */
type Taken = { short: number | string | null; taken: number; held: number; batches: number; whole: boolean };

/**
 * Takes the units of every line off their goods' batches, or none of them, in one statement: answers the first
 * goods (by id) short of stock, or null when all were taken (the caller then ends its transaction; on a shortage
 * it rolls back). The goods rows are locked in id order, then their batches that sell in (goods, expiry, id)
 * order; each goods' lines, in line order, take the earliest-expiring batches first, a line spanning batches
 * taking a part of each, and every part is written to order_item_batches. A batch's units are held (`held`)
 * only while what it holds stays within its quantity, and goods.number and the next batch's dates move with
 * them. One round trip before the commit keeps the goods rows locked as briefly as can be.
 */
export async function takeStocks(tx: Conn, lines: StockLine[], { last = false, today = chinaToday() } = {}): Promise<number | null> {
  const wanted = merged(lines);
  if (!wanted.length) return null;
  // The transaction's last statement: ended with it, committed when every unit was taken (db/client.ts).
  if (last) endsWithNext(tx, 'whole');
  const [row] = await takeStatement(tx, {
    items: wanted.map((l) => l.item),
    goods: wanted.map((l) => l.goodsId),
    near: wanted.map((l) => l.near === true),
    units: wanted.map((l) => l.number),
    today,
  });
  if (row.short !== null) return Number(row.short);
  const goodsCount = new Set(wanted.map((l) => l.goodsId)).size;
  if (Number(row.taken) !== goodsCount || Number(row.held) !== Number(row.batches))
    throw new Error(`takeStocks: ${row.taken} of ${goodsCount} goods, ${row.held} of ${row.batches} batches taken`);
  return null;
}

/**
 * `takeStocks`' statement (built once below, and explained by bench/explain.ts): the lines come as four arrays (line, goods, near, units) and the day as a
 * value, so its text is the same for every order. Near-expiry lines take the batches within the goods' minimum
 * shelf life (not expired), the others the batches that sell: each kind its own running sums, first-expiring
 * first, in the one locked statement.
 */
export function stockTakeSql() {
  const today = sql`${sql.placeholder('today')}::date`;
  return sql`
    with wanted(item, goods_id, near, n) as (
      select * from unnest(${sql.placeholder('items')}::int[], ${sql.placeholder('goods')}::int[], ${sql.placeholder('near')}::boolean[], ${sql.placeholder('units')}::int[])),
    need as (
      select goods_id as id, coalesce(sum(n) filter (where not near), 0)::int as n, coalesce(sum(n) filter (where near), 0)::int as nn
      from wanted group by goods_id),
    locked as materialized (
      select g.id, g.number, g.min_shelf_days, w.nn > 0 as near from ${goods} g join need w on g.id = w.id order by g.id for update of g),
    lots as materialized (
      select b.id, b.goods_id, b.xq <= ${today} + l.min_shelf_days as near, b.quantity - b.held as free, b.xq, b.scrq
      from ${goodsBatches} b join locked l on l.id = b.goods_id
      where b.status = 1 and b.quantity > b.held and (b.xq > ${today} + l.min_shelf_days or (l.near and b.xq > ${today}))
      order by b.goods_id, b.xq, b.id for update of b),
    ranked as (
      select id, goods_id, near, free, xq, scrq, (sum(free) over (partition by goods_id, near order by xq, id))::int as upto from lots),
    supply as (select goods_id as id, near, max(upto) as n from ranked group by goods_id, near),
    short as (
      select w.id from need w left join locked l on l.id = w.id
        left join supply s on s.id = w.id and not s.near left join supply sn on sn.id = w.id and sn.near
      where coalesce(l.number, 0) < w.n or coalesce(s.n, 0) < w.n or coalesce(sn.n, 0) < w.nn order by w.id limit 1),
    spans as (select item, goods_id, near, n, (sum(n) over (partition by goods_id, near order by item))::int as upto from wanted),
    alloc as (
      select s.item, s.goods_id, r.id as batch_id, least(s.upto, r.upto) - greatest(s.upto - s.n, r.upto - r.free) as units
      from spans s join ranked r on r.goods_id = s.goods_id and r.near = s.near
      where r.upto - r.free < s.upto and s.upto - s.n < r.upto and not exists (select 1 from short)),
    per_batch as (select batch_id, sum(units)::int as units from alloc group by batch_id),
    held as (
      update ${goodsBatches} b set held = b.held + p.units from per_batch p
      where b.id = p.batch_id and b.held + p.units <= b.quantity returning b.id),
    written as (
      insert into ${orderItemBatches} (order_item_id, goods_id, batch_id, units) select item, goods_id, batch_id, units from alloc),
    next as (
      select distinct on (r.goods_id) r.goods_id, r.xq, r.scrq from ranked r join need w on w.id = r.goods_id
      where not r.near and r.upto > w.n order by r.goods_id, r.xq, r.id),
    taken as (
      update ${goods} g set number = g.number - w.n, xq = coalesce(x.xq, g.xq), scrq = coalesce(x.scrq, g.scrq)
      from need w left join next x on x.goods_id = w.id
      where g.id = w.id and not exists (select 1 from short) returning g.id as id, w.n + w.nn as n),
    tally as (insert into ${salesTally} (goods_id, number) select id, n from taken)
    select (select id from short) as short, (select count(*) from taken)::int as taken,
      (select count(*) from held)::int as held, (select count(*) from per_batch)::int as batches,
      not exists (select 1 from short) and (select count(*) from taken) = (select count(*) from need)
        and (select count(*) from held) = (select count(*) from per_batch) as whole`;
}

const takeStatement = sqlOnce<Taken>('stock_take', stockTakeSql);

type Release = { item: number; goods_id: number; units: number };

/**
 * Gives the units of an order's lines back before they shipped (a cancelled or refunded order): each to the
 * batch it was taken from, and off the sales. Units of a line placed before batches existed, which were taken
 * off the stock alone, go to the batch the goods' dates name.
 */
export async function putBackStock(tx: Conn, lines: StockLine[], today = chinaToday()) {
  const wanted = merged(lines);
  if (!wanted.length) return;
  const ids = [...new Set(wanted.map((l) => l.goodsId))];
  await lockGoods(tx, ids);
  const items = [...new Set(wanted.map((l) => l.item))];
  const released = (await tx.execute(sql`
    with gone as (
      delete from ${orderItemBatches} where order_item_id in (${sql.join(
        items.map((i) => sql`${i}::int`),
        sql`, `,
      )}) and returned = 0 returning order_item_id, goods_id, batch_id, units),
    per_batch as (select batch_id, sum(units)::int as units from gone group by batch_id),
    freed as (update ${goodsBatches} b set held = b.held - p.units from per_batch p where b.id = p.batch_id)
    select order_item_id as item, goods_id, sum(units)::int as units from gone group by order_item_id, goods_id`)) as unknown as { rows: Release[] };
  const back = new Map(released.rows.map((r) => [`${r.item}:${r.goods_id}`, Number(r.units)]));
  for (const l of wanted) {
    const rest = l.number - (back.get(`${l.item}:${l.goodsId}`) ?? 0);
    if (rest > 0) await addToBatch(tx, await dateBatch(tx, l.goodsId), rest);
  }
  await tally(tx, wanted);
  await syncGoodsStock(tx, ids, today);
}

async function addToBatch(tx: Conn, batchId: number, units: number) {
  await tx.execute(sql`update ${goodsBatches} set quantity = quantity + ${units}::int where id = ${batchId}`);
}

async function tally(tx: Conn, lines: StockLine[]) {
  const sums = new Map<number, number>();
  for (const l of lines) sums.set(l.goodsId, (sums.get(l.goodsId) ?? 0) + l.number);
  await tx.insert(salesTally).values([...sums].map(([goodsId, n]) => ({ goodsId, number: -n })));
}

/** The units an order's lines hold leave the warehouse: off their batches' quantity and held alike. */
export async function shipStock(tx: Conn, items: number[]) {
  if (!items.length) return;
  const parts = await tx.select({ goodsId: orderItemBatches.goodsId }).from(orderItemBatches).where(inArray(orderItemBatches.orderItemId, items));
  if (!parts.length) return;
  await lockGoods(tx, [...new Set(parts.map((p) => p.goodsId))]);
  await tx.execute(sql`
    with per_batch as (
      select batch_id, sum(units)::int as units from ${orderItemBatches}
      where order_item_id in (${sql.join(
        items.map((i) => sql`${i}::int`),
        sql`, `,
      )}) group by batch_id)
    update ${goodsBatches} b set quantity = b.quantity - p.units, held = b.held - p.units from per_batch p where b.id = p.batch_id`);
}

/**
 * Goods whose sales one transaction of the sweep adds up. Changing goods.sales, an indexed column, writes every
 * index of the goods, some 0.6 ms a goods on PGlite's one thread: 350 goods in one transaction held the database
 * some 250 ms, and the sweep after a busy minute (a thousand goods) paused every order for most of a second. A
 * chunk of 10 holds it about as long as an order does; on PGlite each waits until no request's statement is
 * queued (the sweep runs on the database's background connection), so orders go ahead of the chunks.
 */
const FOLD_CHUNK = 10;

/**
 * Adds the units sold and given back since the last sweep to goods.sales, FOLD_CHUNK goods per transaction in goods
 * order; answers how many goods changed. Each chunk locks its goods rows in id order first, as an order locks them,
 * so the sweep and an order never wait on each other in a circle. Units tallied while it runs wait for the next
 * sweep (the tally's last id is read first), so a sweep ends however fast orders come.
 */
export async function foldSales(db: Db): Promise<number> {
  const [{ upto }] = await db.select({ upto: max(salesTally.id) }).from(salesTally);
  if (upto === null) return 0;
  let after = 0;
  let changed = 0;
  for (;;) {
    const chunk = await db.transaction(async (tx) => {
      const ids = (
        await tx
          .selectDistinct({ id: salesTally.goodsId })
          .from(salesTally)
          .where(and(lte(salesTally.id, upto), gt(salesTally.goodsId, after)))
          .orderBy(asc(salesTally.goodsId))
          .limit(FOLD_CHUNK)
      ).map((r) => r.id);
      if (!ids.length) return { ids, changed: 0 };
      await lockGoods(tx, ids);
      const folded = (await tx.execute(sql`
        with taken as (delete from ${salesTally} where ${anyId(salesTally.goodsId, ids)} and ${salesTally.id} <= ${upto} returning goods_id, number),
        sums as (select goods_id as id, sum(number)::int as n from taken group by goods_id)
        update ${goods} set sales = greatest(${goods.sales} + s.n, 0) from sums s where ${goods.id} = s.id and s.n <> 0
        returning ${goods.id}`)) as unknown as { rows: unknown[] };
      return { ids, changed: folded.rows.length };
    });
    changed += chunk.changed;
    if (chunk.ids.length < FOLD_CHUNK) return changed;
    after = chunk.ids[chunk.ids.length - 1];
  }
}

/** The batches each order line's units came from, earliest expiry first (the order's detail and delivery note). */
export async function batchesOfItems(conn: Conn, items: number[]): Promise<Map<number, LineBatch[]>> {
  const out = new Map<number, LineBatch[]>();
  if (!items.length) return out;
  const rows = await conn
    .select({
      item: orderItemBatches.orderItemId,
      goodsId: orderItemBatches.goodsId,
      batchNo: goodsBatches.batchNo,
      scrq: goodsBatches.scrq,
      xq: goodsBatches.xq,
      units: orderItemBatches.units,
    })
    .from(orderItemBatches)
    .innerJoin(goodsBatches, eq(goodsBatches.id, orderItemBatches.batchId))
    .where(inArray(orderItemBatches.orderItemId, items))
    .orderBy(asc(orderItemBatches.orderItemId), asc(goodsBatches.xq), asc(goodsBatches.id));
  for (const r of rows) {
    const list = out.get(r.item) ?? [];
    list.push({ goods_id: r.goodsId, batch_no: r.batchNo, scrq: r.scrq, xq: r.xq, number: r.units });
    out.set(r.item, list);
  }
  return out;
}
