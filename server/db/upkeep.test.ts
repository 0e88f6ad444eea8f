/**
 * The embedded database's autovacuum (upkeep.ts): a table that grew is analysed, one whose rows were deleted is
 * vacuumed, by autovacuum's thresholds, and a table left alone is not touched again.
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestDatabase, type TestDatabase } from '../testing.js';
import { tablesDue, upkeep } from './upkeep.js';

let database: TestDatabase;
beforeAll(async () => {
  database = await openTestDatabase({ goods: 20 });
});
afterAll(async () => database?.dispose());

const rows = async <T>(query: ReturnType<typeof sql>) => ((await database.db.execute(query)) as unknown as { rows: T[] }).rows;
const stats = async () =>
  (
    await rows<{ reltuples: number; dead: number; analysed: boolean }>(sql`
      select c.reltuples::int as reltuples, s.n_dead_tup::int as dead, s.last_analyze is not null as analysed
      from pg_stat_user_tables s join pg_class c on c.oid = s.relid where s.relname = 'upkeep_t'`)
  )[0];

/** PostgreSQL counts a table's changes a moment after they commit: waits until `ready` holds of the counts. */
async function countsSettle(ready: (due: Awaited<ReturnType<typeof tablesDue>>) => boolean) {
  for (let i = 0; i < 100; i++) {
    await database.db.execute(sql`select pg_stat_force_next_flush()`);
    const due = await tablesDue(database.db);
    if (ready(due)) return due;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error('the table counts never showed the changes');
}

describe('the embedded database’s upkeep', () => {
  it('analyses a table that grew, vacuums one that lost rows, and leaves them alone afterwards', async () => {
    await database.db.execute(sql`create table upkeep_t (id serial primary key, v int)`);
    await database.db.execute(sql`insert into upkeep_t (v) select g from generate_series(1, 2000) g`);
    const grown = await countsSettle((due) => due.some((t) => t.relname === 'upkeep_t'));
    expect(grown.find((t) => t.relname === 'upkeep_t')).toEqual({ relname: 'upkeep_t', vacuum: false });

    expect(await upkeep(database.db)).toBeGreaterThanOrEqual(1);
    expect(await stats()).toMatchObject({ reltuples: 2000, analysed: true });

    await database.db.execute(sql`delete from upkeep_t where id > 1000`);
    const shrunk = await countsSettle((due) => due.some((t) => t.relname === 'upkeep_t' && t.vacuum));
    expect(shrunk.find((t) => t.relname === 'upkeep_t')).toEqual({ relname: 'upkeep_t', vacuum: true });
    expect(await upkeep(database.db)).toBeGreaterThanOrEqual(1);
    await countsSettle((due) => !due.some((t) => t.relname === 'upkeep_t'));
    expect(await stats()).toMatchObject({ reltuples: 1000, dead: 0 });
    expect(await tablesDue(database.db)).not.toContainEqual(expect.objectContaining({ relname: 'upkeep_t' }));
  });
});
