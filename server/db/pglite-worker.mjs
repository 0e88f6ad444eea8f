// The thread that owns the embedded database (PGlite). PostgreSQL compiled to WebAssembly runs a query
// synchronously in the thread that calls it: here, away from the server's event loop, a slow list does not
// hold up the answers the server keeps in memory. Plain JavaScript, so that it starts the same under tsx,
// node and the test runner. Messages: {id, op: 'query' | 'exec' | 'close', sql, params, rowMode}.
import { parentPort, workerData } from 'node:worker_threads';
import { PGlite, types } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';

// Dates, times and intervals arrive as PostgreSQL's text, as drizzle asks of PGlite (its parsers are
// functions, which cannot cross threads, and are all this identity).
const same = (value) => value;
const parsers = Object.fromEntries([types.TIMESTAMP, types.TIMESTAMPTZ, types.INTERVAL, types.DATE, 1231, 1115, 1185, 1187, 1182].map((oid) => [oid, same]));

const client = await PGlite.create({
  dataDir: workerData.dataDir ?? undefined,
  extensions: { pg_trgm },
  // On Node the data directory is the real one (NODEFS): PostgreSQL's writes reach the files as it makes
  // them, and the file-system sync PGlite runs after each query has nothing to do there.
  relaxedDurability: true,
});

/** An error as plain data: its message and PostgreSQL's fields (code, constraint, detail...), which a clone would drop. */
function plain(error) {
  const e = error instanceof Error ? error : new Error(String(error));
  const fields = {};
  for (const [k, v] of Object.entries(e)) if (v === null || ['string', 'number', 'boolean'].includes(typeof v)) fields[k] = v;
  return { message: e.message, name: e.name, fields };
}

parentPort.on('message', async ({ id, op, sql, params, rowMode }) => {
  try {
    let result = null;
    if (op === 'query') {
      const r = await client.query(sql, params, { rowMode, parsers });
      result = { rows: r.rows, fields: r.fields, affectedRows: r.affectedRows };
    } else if (op === 'exec') {
      result = (await client.exec(sql)).map((r) => ({ rows: r.rows, fields: r.fields, affectedRows: r.affectedRows }));
    } else if (op === 'close') {
      await client.close();
    }
    parentPort.postMessage({ id, result });
  } catch (error) {
    parentPort.postMessage({ id, error: plain(error) });
  }
});
parentPort.postMessage({ ready: true });
