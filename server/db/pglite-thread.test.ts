/**
 * PGlite's thread keeps a statement seen twice prepared and runs it as EXECUTE with its parameters written as
 * literals (pglite-worker.mjs): every later run must answer exactly what the first run, sent as a plain
 * parameterized query, answered, for every kind of value, and a value must never become SQL.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startPgliteThread, type ThreadedPglite } from './pglite-thread.js';

let db: ThreadedPglite;
beforeAll(async () => {
  db = await startPgliteThread(undefined);
  await db.exec(`
    create table t (id serial primary key, code text unique, n int, flag boolean, doc jsonb, at timestamptz, price numeric(10, 2), tags int[]);
    insert into t (code, n, flag, doc, at, price, tags) values ('a', 1, true, '{"k": "值"}', '2026-11-25 08:00:00+00', 12.5, '{1,2}');
  `);
});
afterAll(async () => db?.close());

/** Statements prepared now, asked by a plain query (which itself is never kept). */
const preparedCount = async () => Number(((await db.exec('select count(*)::int as n from pg_prepared_statements'))[0].rows[0] as { n: number }).n);

describe('statements kept prepared in PGlite’s thread', () => {
  it('answer every run as the first, plain run did, for each kind of parameter', async () => {
    const sql = `select $1::text as s, $2::int as i, $3::boolean as b, $4::jsonb as j, $5::timestamptz as ts, $6::numeric as num, $7::int[] as arr, $8::text as nothing,
      (select count(*)::int from t where id = any($7::int[])) as found`;
    const values = [
      `它's \\ "引号" ${'长'.repeat(300)}`,
      -42,
      false,
      JSON.stringify({ a: [1, "x'y"], b: null }),
      '2026-11-25T08:00:00.000Z',
      '1234.56',
      [1, 2, 3],
      null,
    ];
    const before = await preparedCount();
    const first = await db.query(sql, values, { rowMode: 'array' });
    const again = await db.query(sql, values, { rowMode: 'array' });
    const third = await db.query(sql, values, { rowMode: 'array' });
    expect(await preparedCount()).toBe(before + 1);
    expect(again.rows).toEqual(first.rows);
    expect(third.rows).toEqual(first.rows);
    expect(again.fields).toEqual(first.fields);
    const [row] = third.rows as unknown[][];
    expect(row[0]).toBe(values[0]);
    expect(row[1]).toBe(-42);
    expect(row[2]).toBe(false);
    expect(row[3]).toEqual({ a: [1, "x'y"], b: null });
    expect(row[6]).toEqual([1, 2, 3]);
    expect(row[7]).toBeNull();
    expect(row[8]).toBe(1);
  });

  it('keep a value a value: quotes and backslashes in a parameter never reach the SQL', async () => {
    const sql = 'select count(*)::int as n from t where code = $1';
    for (const attack of ["a' or '1'='1", "a\\' or 1=1 --", "'); drop table t; --", 'a'])
      for (let run = 0; run < 3; run++) {
        const { rows } = await db.query(sql, [attack]);
        expect((rows[0] as { n: number }).n).toBe(attack === 'a' ? 1 : 0);
      }
    expect((await db.query('select count(*)::int as n from t')).rows).toEqual([{ n: 1 }]);
  });

  it('report a refused write with PostgreSQL’s code and constraint, naming the statement as written', async () => {
    const insert = 'insert into t (code, n) values ($1, $2) returning id';
    await db.query(insert, ['b', 2]);
    await db.query(insert, ['c', 3]);
    const error = (await db.query(insert, ['b', 4]).catch((e: unknown) => e)) as Record<string, unknown>;
    expect(error).toBeInstanceOf(Error);
    expect(error.code).toBe('23505');
    expect(error.constraint).toBe('t_code_key');
    expect(error.query).toBe(insert);
    const { rows } = await db.query('select code, n from t where code in ($1, $2) order by code', ['b', 'c']);
    expect(rows).toEqual([
      { code: 'b', n: 2 },
      { code: 'c', n: 3 },
    ]);
  });

  it('count the rows a prepared write changed, and roll them back with their transaction', async () => {
    const update = 'update t set n = n + $1 where code = any($2::text[])';
    await db.query(update, [0, ['a']]);
    const counted = await db.query(update, [0, ['a', 'b', 'c']]);
    expect(counted.affectedRows).toBe(3);
    await expect(
      db.transaction(async (tx) => {
        await tx.query(update, [100, ['a', 'b', 'c']]);
        throw new Error('refused');
      }),
    ).rejects.toThrow('refused');
    expect((await db.query('select sum(n)::int as total from t')).rows).toEqual([{ total: 6 }]);
  });

  it('keep at most 500 statements prepared, and run one whose statement was let go', async () => {
    const texts = Array.from({ length: 520 }, (_, i) => `select $1::int + ${i} as v`);
    for (const text of texts) {
      await db.query(text, [1]);
      await db.query(text, [1]);
    }
    expect(await preparedCount()).toBeLessThanOrEqual(500);
    for (const text of texts.slice(0, 3)) {
      const { rows } = await db.query(text, [2]);
      expect(rows).toEqual([{ v: 2 + texts.indexOf(text) }]);
    }
  });

  it('run transactions queued at once in order, each seeing the one before, and fail only the one whose commit fails', async () => {
    await db.exec('create table pairs (k int primary key, v int not null)');
    await db.exec('create table once (k int, constraint once_k unique (k) deferrable initially deferred)');
    // Fifty transactions queued at once, each reading what the one before wrote and adding one.
    await db.query('insert into pairs (k, v) values (1, 0)');
    const seen = await Promise.all(
      Array.from({ length: 50 }, () =>
        db.transaction(async (tx) => {
          const { rows } = await tx.query('select v from pairs where k = 1');
          await tx.query('update pairs set v = v + 1 where k = 1');
          return (rows[0] as { v: number }).v;
        }),
      ),
    );
    expect(seen).toEqual(Array.from({ length: 50 }, (_, i) => i));
    // A duplicate checked only at commit: that transaction fails with PostgreSQL's code, the one queued behind it commits.
    const [refused, next] = await Promise.allSettled([
      db.transaction(async (tx) => {
        await tx.query('insert into once (k) values (1), (1)');
        return 'written';
      }),
      db.transaction(async (tx) => {
        await tx.query('insert into once (k) values (2)');
        return 'written';
      }),
    ]);
    expect(refused).toMatchObject({ status: 'rejected', reason: { code: '23505' } });
    expect(next).toEqual({ status: 'fulfilled', value: 'written' });
    expect((await db.query('select k from once order by k')).rows).toEqual([{ k: 2 }]);
  });

  it('end a transaction with its last statement: committed when its column is true, rolled back when false or failed', async () => {
    await db.exec('create table stock (k int primary key, n int not null check (n >= 0))');
    await db.query('insert into stock (k, n) values (1, 5)');
    const take = (units: number, first = 0) =>
      db.transaction(async (tx) => {
        if (first) await tx.query('update stock set n = n - $1 where k = 1', [first]);
        tx.endWith('whole');
        const { rows } = await tx.query(
          'with t as (update stock set n = n - $1 where k = 1 and n >= $1 returning n) select exists (select 1 from t) as whole',
          [units],
        );
        return (rows[0] as { whole: boolean }).whole;
      });
    const units = async () => (await db.query('select n from stock where k = 1')).rows;
    // Taken: committed in the thread; the transaction's function sends nothing more.
    expect(await take(2)).toBe(true);
    expect(await units()).toEqual([{ n: 3 }]);
    // Not taken: the column is false, so the unit taken before it in the same transaction is given back too.
    expect(await take(5, 1)).toBe(false);
    expect(await units()).toEqual([{ n: 3 }]);
    // The last statement fails (the check): rolled back with what came before, and the next transaction runs.
    await expect(
      db.transaction(async (tx) => {
        await tx.query('update stock set n = n - 1 where k = 1');
        tx.endWith('whole');
        await tx.query('update stock set n = -1 where k = 1 returning true as whole');
      }),
    ).rejects.toMatchObject({ code: '23514' });
    expect(await units()).toEqual([{ n: 3 }]);
    // Nothing more can be sent in a transaction that has ended.
    await expect(
      db.transaction(async (tx) => {
        tx.endWith('whole');
        await tx.query('select true as whole');
        await tx.query('update stock set n = 0 where k = 1');
      }),
    ).rejects.toThrow('事务已结束');
    expect(await units()).toEqual([{ n: 3 }]);
    expect(await take(1)).toBe(true);
    expect(await units()).toEqual([{ n: 2 }]);
  });

  it('run background work after the requests queued before and while it waits, and within a second under constant load', async () => {
    await db.exec('create table turns (seq serial primary key, who text not null)');
    const write = (who: string) =>
      db.transaction(async (tx) => {
        await tx.query('select pg_sleep(0.01)');
        await tx.query('insert into turns (who) values ($1)', [who]);
      });
    const first = [write('a'), write('b'), write('c')];
    const background = db.background.transaction(async (tx) => {
      await tx.query('insert into turns (who) values ($1)', ['sweep']);
    });
    const later = [write('d'), write('e')];
    await Promise.all([...first, background, ...later]);
    expect((await db.query('select who from turns order by seq')).rows.map((r) => (r as { who: string }).who)).toEqual(['a', 'b', 'c', 'd', 'e', 'sweep']);

    // Requests that never stop: the background transaction still runs, after waiting at most a second.
    let swept = false;
    const started = performance.now();
    const done = db.background.query('select 1').then(() => (swept = true));
    while (!swept && performance.now() - started < 5_000) await db.query('select pg_sleep(0.002)');
    await done;
    expect(performance.now() - started).toBeLessThan(2_000);
  });
});
