/**
 * The embedded database's autovacuum. PGlite runs PostgreSQL in this process alone, with no background workers:
 * nothing analyses a table as it grows or clears its dead rows. Without it the tables a site fills as it sells
 * (orders, their lines, carts, the ledger) keep the statistics of the seed, and statements cached since keep the
 * plans of nearly empty tables: each order line's foreign-key check reads all of orders. The job does what
 * autovacuum does, by its default thresholds: ANALYZE a table once the rows changed since its last analysis pass
 * 50 + 10 % of its rows, VACUUM it (with ANALYZE) once its dead rows pass 50 + 20 %. A PostgreSQL server has
 * autovacuum of its own (docs/deploy.md).
 */
import { sql } from 'drizzle-orm';
import type { Db } from './client.js';

type Due = { relname: string; vacuum: boolean };

/** The tables due, by the counts PostgreSQL keeps of each (`pg_stat_user_tables`). */
export async function tablesDue(db: Db): Promise<Due[]> {
  const result = (await db.execute(sql`
      select s.relname, s.n_dead_tup > 50 + 0.2 * greatest(c.reltuples, 0) as vacuum
      from pg_stat_user_tables s join pg_class c on c.oid = s.relid
      where s.schemaname = 'public'
        and (s.n_mod_since_analyze > 50 + 0.1 * greatest(c.reltuples, 0) or s.n_dead_tup > 50 + 0.2 * greatest(c.reltuples, 0))
      order by s.relname`)) as unknown as { rows: Due[] };
  return result.rows;
}

/** Analyses (and vacuums) the tables due, one statement each, outside any transaction; answers how many. */
export async function upkeep(db: Db): Promise<number> {
  const due = await tablesDue(db);
  for (const t of due) {
    const name = sql.identifier(t.relname);
    await db.execute(t.vacuum ? sql`vacuum (analyze) ${name}` : sql`analyze ${name}`);
  }
  return due.length;
}
