/** The database: PGlite under DATA_DIR by default, a PostgreSQL server when DATABASE_URL is set. */
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { PGlite } from '@electric-sql/pglite';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgQueryResultHKT, PgTransaction } from 'drizzle-orm/pg-core';
import type { ExtractTablesWithRelations } from 'drizzle-orm';
import pg from 'pg';
import { startPgliteThread } from './pglite-thread.js';
import * as schema from './schema/index.js';

type Schema = typeof schema;
export type Db = PgDatabase<PgQueryResultHKT, Schema>;
export type Tx = PgTransaction<PgQueryResultHKT, Schema, ExtractTablesWithRelations<Schema>>;
/** What a service function accepts: the database or a transaction already open. */
export type Conn = Db | Tx;

export type Database = {
  db: Db;
  kind: 'pglite' | 'postgres';
  close(): Promise<void>;
};

const STATEMENT_TIMEOUT_MS = 10_000;

const migrationsFolder = path.resolve(path.dirname(fileURLToPath(import.meta.url)), 'migrations');

export type OpenOptions = {
  /** A PostgreSQL connection string; PGlite when absent. */
  url?: string;
  /** PGlite's data directory; in memory when absent. */
  dataDir?: string;
  poolSize?: number;
};

/**
 * Opens and migrates the database. PGlite has one connection: a running transaction makes each query sent
 * from outside it wait (pglite-thread.ts), so a request's statements never interleave with another request's
 * transaction (proved by the 200-concurrent-requests test). Code inside a transaction must use its `tx`, never `db`.
 */
export async function openDatabase(opts: OpenOptions): Promise<Database> {
  if (opts.url) {
    // A statement that runs away is ended after 10 s rather than holding one of the pool's connections.
    const pool = new pg.Pool({ connectionString: opts.url, max: opts.poolSize ?? 20, statement_timeout: STATEMENT_TIMEOUT_MS });
    pool.on('error', () => {}); // an idle client's error must not end the process; the next query reports it
    const db = drizzlePg(pool, { schema }) as unknown as Db;
    await pool.query('create extension if not exists pg_trgm');
    await migratePg(drizzlePg(pool), { migrationsFolder });
    return { db, kind: 'postgres', close: () => pool.end() };
  }
  if (opts.dataDir) fs.mkdirSync(opts.dataDir, { recursive: true });
  // PGlite runs each query synchronously in its thread: in a thread of its own, the server's event loop
  // keeps answering (kept answers, static files) while a query runs (pglite-thread.ts).
  const client = await startPgliteThread(opts.dataDir ? path.resolve(opts.dataDir, 'pglite') : undefined);
  await client.exec('create extension if not exists pg_trgm');
  const db = drizzlePglite(client as unknown as PGlite, { schema }) as unknown as Db;
  await migratePglite(drizzlePglite(client as unknown as PGlite), { migrationsFolder });
  return { db, kind: 'pglite', close: () => client.close() };
}
