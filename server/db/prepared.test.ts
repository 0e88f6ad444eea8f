/**
 * On PostgreSQL a connection keeps a statement it runs again prepared (client.ts): every run answers as a plain
 * one would, the statement is prepared once, and statements without values (which may hold several) run as
 * they are.
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dbLabel, openTestDatabase, type TestDatabase } from '../testing.js';
import { openDatabase } from './client.js';

let t: TestDatabase;
beforeAll(async () => {
  t = await openTestDatabase({ goods: 20 });
});
afterAll(async () => t?.dispose());

type Row = Record<string, unknown>;

describe.skipIf(dbLabel !== 'PostgreSQL')('statements kept prepared on a PostgreSQL connection', () => {
  it('prepares a statement at its second run, once, and answers every run for its own values', async () => {
    await t.db.transaction(async (tx) => {
      // One transaction: one connection, whose prepared statements pg_prepared_statements lists.
      const kept = async (marker: string) =>
        Number(
          (
            (await tx.execute(
              sql`select count(*)::int as n from pg_prepared_statements where statement like ${`%${marker}%`} and statement not like '%pg_prepared%'`,
            )) as unknown as { rows: Row[] }
          ).rows[0].n,
        );
      const run = async (n: number) =>
        ((await tx.execute(sql`select ${n}::int * 2 as twice, 'prepared_probe' as marker`)) as unknown as { rows: Row[] }).rows[0].twice;
      expect(await run(1)).toBe(2);
      expect(await kept('prepared_probe')).toBe(0);
      expect(await run(2)).toBe(4);
      expect(await kept('prepared_probe')).toBe(1);
      for (let n = 3; n <= 9; n++) expect(await run(n)).toBe(n * 2);
      expect(await kept('prepared_probe')).toBe(1);
      // Without values: sent as it is, several statements in one text included.
      await tx.execute(sql.raw(`select 'several_probe'; select 'several_probe'`));
      await tx.execute(sql.raw(`select 'several_probe'; select 'several_probe'`));
      expect(await kept('several_probe')).toBe(0);
    });
  });

  it('prepares the statements run outside a transaction too, which the pool sends with a callback', async () => {
    // One pooled connection: every statement below runs on it, and its prepared statements can be listed.
    const one = await openDatabase({ url: t.url!, poolSize: 1 });
    try {
      const kept = async () =>
        Number(
          (
            (await one.db.execute(
              sql`select count(*)::int as n from pg_prepared_statements where statement like '%pooled_probe%' and statement not like '%pg_prepared%'`,
            )) as unknown as { rows: Row[] }
          ).rows[0].n,
        );
      const run = async (n: number) =>
        ((await one.db.execute(sql`select ${n}::int + 1 as next, 'pooled_probe' as marker`)) as unknown as { rows: Row[] }).rows[0].next;
      expect(await run(1)).toBe(2);
      expect(await kept()).toBe(0);
      for (let n = 2; n <= 6; n++) expect(await run(n)).toBe(n + 1);
      expect(await kept()).toBe(1);
    } finally {
      await one.close();
    }
  });
});
