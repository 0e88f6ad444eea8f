// The thread that owns the embedded database (PGlite). PostgreSQL compiled to WebAssembly runs a query
// synchronously in the thread that calls it: here, away from the server's event loop, a slow list does not
// hold up the answers the server keeps in memory. Plain JavaScript, so that it starts the same under tsx,
// node and the test runner. Messages: {id, op: 'query' | 'exec' | 'dump' | 'close', sql, params, rowMode, begin, commitIf}.
import { parentPort, workerData } from 'node:worker_threads';
import { PGlite, types } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { preparable } from './preparable.mjs';

// Dates, times and intervals arrive as PostgreSQL's text, as drizzle asks of PGlite (its parsers are
// functions, which cannot cross threads, and are all this identity).
const same = (value) => value;
const parsers = Object.fromEntries([types.TIMESTAMP, types.TIMESTAMPTZ, types.INTERVAL, types.DATE, 1231, 1115, 1185, 1187, 1182].map((oid) => [oid, same]));
// JSON too crosses as its text, parsed by the server's thread (pglite-thread.ts): a string is copied across in
// one piece, where a parsed value would be parsed here and then cloned object by object on both sides.
parsers[types.JSON] = same;
parsers[types.JSONB] = same;

const client = await PGlite.create({
  dataDir: workerData.dataDir ?? undefined,
  // A copy of a database dumped before (dumpDataDir): the test suite starts each file from a seeded one.
  loadDataDir: workerData.load ? new Blob([workerData.load]) : undefined,
  extensions: { pg_trgm },
  // On Node the data directory is the real one (NODEFS): PostgreSQL's writes reach the files as it makes
  // them, and the file-system sync PGlite runs after each query has nothing to do there.
  relaxedDurability: true,
});
// Set once on the client: a query given its own parsers has them merged with the client's 300 every time.
Object.assign(client.parsers, parsers);

/** An error as plain data: its message and PostgreSQL's fields (code, constraint, detail...), which a clone would drop. */
function plain(error) {
  const e = error instanceof Error ? error : new Error(String(error));
  const fields = {};
  for (const [k, v] of Object.entries(e)) if (v === null || ['string', 'number', 'boolean'].includes(typeof v)) fields[k] = v;
  return { message: e.message, name: e.name, fields };
}

// Statements kept prepared. PGlite's `query` sends a statement in six protocol steps (parse, describe, bind,
// describe, execute, sync), each a call into PostgreSQL, and plans it every time; for a read of one goods that
// is three quarters of its cost. A statement seen a second time is prepared once (PREPARE, its parameter types
// inferred as the parse step infers them) and then run in one step as EXECUTE with each parameter written as a
// literal, made by the serializer `query` would use for that parameter's type.
const PREPARED_MAX = 500;
const PARAMS_MAX = 64;
const prepared = new Map(); // text -> { name, types }, oldest first
const seen = new Map(); // text -> true, texts run once
let named = 0;

/** A value as a literal of unknown type, which PostgreSQL reads with the parameter type's input function. */
function literal(value, type) {
  if (value === null || value === undefined) return 'null';
  const serialize = client.serializers[type];
  const text = serialize ? serialize(value) : value.toString();
  return `E'${String(text).replace(/\\/g, '\\\\').replace(/'/g, "''")}'`;
}

async function preparedFor(sql) {
  const kept = prepared.get(sql);
  if (kept) {
    prepared.delete(sql);
    prepared.set(sql, kept);
    return kept;
  }
  const name = `s${++named}`;
  await client.exec(`prepare ${name} as ${sql}`);
  const [row] = (await client.query('select parameter_types::oid[] as types from pg_prepared_statements where name = $1', [name])).rows;
  const entry = { name, types: row.types.map(Number) };
  prepared.set(sql, entry);
  if (prepared.size > PREPARED_MAX) {
    const [oldest, { name: gone }] = prepared.entries().next().value;
    prepared.delete(oldest);
    await client.exec(`deallocate ${gone}`).catch(() => {});
  }
  return entry;
}

async function query(sql, params, rowMode) {
  const reusable = params.length <= PARAMS_MAX && preparable.test(sql) && (prepared.has(sql) || seen.has(sql));
  if (!reusable) {
    if (params.length <= PARAMS_MAX && preparable.test(sql)) {
      seen.set(sql, true);
      if (seen.size > PREPARED_MAX * 4) seen.delete(seen.keys().next().value);
    }
    return client.query(sql, params, { rowMode });
  }
  seen.delete(sql);
  const { name, types } = await preparedFor(sql);
  const args = params.map((value, i) => literal(value, types[i]));
  try {
    const [r] = await client.exec(`execute ${name}${args.length ? `(${args.join(', ')})` : ''}`, { rowMode });
    return r;
  } catch (error) {
    // The error names the statement as written, not the literals of its parameters.
    if (error && typeof error === 'object') error.query = sql;
    throw error;
  }
}

/** The value of the column `name` in the first row of a result, whichever way its rows are given. */
function firstValue(r, name) {
  const row = r.rows[0];
  if (row === undefined) return undefined;
  if (!Array.isArray(row)) return row[name];
  const i = r.fields.findIndex((f) => f.name === name);
  return i < 0 ? undefined : row[i];
}

parentPort.on('message', async ({ id, op, sql, params, rowMode, begin, commitIf }) => {
  try {
    let result = null;
    // A transaction's first statement carries its begin (the simple protocol: one call into PostgreSQL, where a
    // query with values takes six).
    if (begin) await client.exec('begin');
    if (op === 'query') {
      let r;
      try {
        r = await query(sql, params, rowMode);
      } catch (error) {
        // The transaction's last statement failed: it ends here, as the server's thread expects of it.
        if (commitIf) await client.exec('rollback').catch(() => {});
        throw error;
      }
      // The transaction's last statement: committed here when its column `commitIf` answers true, rolled back
      // otherwise, without a message to the server's thread and back in between.
      if (commitIf) await client.exec(firstValue(r, commitIf) === true ? 'commit' : 'rollback');
      result = { rows: r.rows, fields: r.fields, affectedRows: r.affectedRows };
    } else if (op === 'exec') {
      result = (await client.exec(sql)).map((r) => ({ rows: r.rows, fields: r.fields, affectedRows: r.affectedRows }));
    } else if (op === 'dump') {
      result = new Uint8Array(await (await client.dumpDataDir('none')).arrayBuffer());
    } else if (op === 'close') {
      await client.close();
    }
    parentPort.postMessage({ id, result });
  } catch (error) {
    parentPort.postMessage({ id, error: plain(error) });
  }
});
parentPort.postMessage({ ready: true });
