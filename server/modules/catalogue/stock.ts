/**
 * Stock and sales: an order takes its goods' units in one statement and a cancellation gives them back, each
 * writing the units to the sales tally that a sweep folds into goods.sales.
 */
import { asc, eq, inArray, sql } from 'drizzle-orm';
import type { Conn, Db } from '../../db/client.js';
import { goods, salesTally } from '../../db/schema/catalogue.js';

/**
 * Takes the units of every goods of `needs` off their stock, or none of them, in one statement: answers the
 * first goods (by id) short of stock, or null when all were taken (the caller then ends its transaction; on a
 * shortage it rolls back). The rows are locked in id order, so two orders never wait on each other in a
 * circle, and one round trip before the commit keeps them locked as briefly as can be.
 */
export async function takeStocks(tx: Conn, needs: [goodsId: number, number: number][]): Promise<number | null> {
  if (!needs.length) return null;
  const sorted = [...needs].sort((a, b) => a[0] - b[0]);
  const values = sql.join(
    sorted.map(([id, n]) => sql`(${id}::int, ${n}::int)`),
    sql`, `,
  );
  const result = (await tx.execute(sql`
    with wanted(id, n) as (values ${values}),
    locked as materialized (select g.id, g.number from ${goods} g join wanted w on g.id = w.id order by g.id for update of g),
    short as (select w.id from wanted w left join locked l on l.id = w.id where coalesce(l.number, 0) < w.n order by w.id limit 1),
    taken as (
      update ${goods} set number = ${goods.number} - w.n from wanted w
      where ${goods.id} = w.id and not exists (select 1 from short) returning ${goods.id} as id, w.n as n),
    tally as (insert into ${salesTally} (goods_id, number) select id, n from taken)
    select (select id from short) as short, (select count(*) from taken)::int as taken`)) as unknown as { rows: { short: number | null; taken: number }[] };
  const [row] = result.rows;
  if (row.short !== null) return Number(row.short);
  if (row.taken !== sorted.length) throw new Error(`takeStocks: ${row.taken} of ${sorted.length} goods taken`);
  return null;
}

/** Gives `number` units back to the goods' stock (a cancelled or refunded order), and takes them off its sales. */
export async function putBackStock(tx: Conn, goodsId: number, number: number) {
  await tx
    .update(goods)
    .set({ number: sql`${goods.number} + ${number}` })
    .where(eq(goods.id, goodsId));
  await tx.insert(salesTally).values({ goodsId, number: -number });
}

/**
 * Adds the units sold and given back since the last sweep to goods.sales; answers how many goods changed. The
 * goods rows are locked in id order first, as an order locks them, so the sweep and an order never wait on each
 * other in a circle.
 */
export async function foldSales(db: Db): Promise<number> {
  return db.transaction(async (tx) => {
    const taken = (await tx.execute(
      sql`with taken as (delete from ${salesTally} returning goods_id, number) select goods_id as id, sum(number)::int as n from taken group by goods_id`,
    )) as unknown as { rows: { id: number | string; n: number | string }[] };
    const sums = taken.rows.map((r) => [Number(r.id), Number(r.n)] as const).filter(([, n]) => n !== 0);
    if (!sums.length) return 0;
    const ids = sums.map(([id]) => id).sort((a, b) => a - b);
    await tx.select({ id: goods.id }).from(goods).where(inArray(goods.id, ids)).orderBy(asc(goods.id)).for('update');
    const values = sql.join(
      sums.map(([id, n]) => sql`(${id}::int, ${n}::int)`),
      sql`, `,
    );
    await tx.execute(sql`update ${goods} set sales = greatest(${goods.sales} + t.n, 0) from (values ${values}) as t(id, n) where ${goods.id} = t.id`);
    return sums.length;
  });
}
