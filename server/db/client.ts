/** The database: PGlite under DATA_DIR by default, a PostgreSQL server when DATABASE_URL is set. */
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgQueryResultHKT, PgTransaction } from 'drizzle-orm/pg-core';
import type { ExtractTablesWithRelations } from 'drizzle-orm';
import pg from 'pg';
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

const migrationsFolder = path.resolve(path.dirname(fileURLToPath(import.meta.url)), 'migrations');

export type OpenOptions = {
  /** A PostgreSQL connection string; PGlite when absent. */
  url?: string;
  /** PGlite's data directory; in memory when absent. */
  dataDir?: string;
  poolSize?: number;
};

/**
 * Opens and migrates the database. PGlite has one connection: its own mutex makes each query wait for
 * a running transaction, so a request's statements never interleave with another request's transaction
 * (proved by the 200-concurrent-requests test). Code inside a transaction must use its `tx`, never `db`.
 */
export async function openDatabase(opts: OpenOptions): Promise<Database> {
  if (opts.url) {
    const pool = new pg.Pool({ connectionString: opts.url, max: opts.poolSize ?? 20 });
    pool.on('error', () => {}); // an idle client's error must not end the process; the next query reports it
    const db = drizzlePg(pool, { schema }) as unknown as Db;
    await pool.query('create extension if not exists pg_trgm');
    await migratePg(drizzlePg(pool), { migrationsFolder });
    return { db, kind: 'postgres', close: () => pool.end() };
  }
  if (opts.dataDir) fs.mkdirSync(opts.dataDir, { recursive: true });
  const client = await PGlite.create({
    dataDir: opts.dataDir ? path.resolve(opts.dataDir, 'pglite') : undefined,
    extensions: { pg_trgm },
    // On Node the data directory is the real one (NODEFS): PostgreSQL's writes reach the files as it makes
    // them, and the file-system sync PGlite runs after each query has nothing to do there. Not waiting for
    // it saves a turn of the event loop and a lock on every statement.
    relaxedDurability: true,
  });
  await client.exec('create extension if not exists pg_trgm');
  const db = drizzlePglite(client, { schema }) as unknown as Db;
  await migratePglite(drizzlePglite(client), { migrationsFolder });
  return { db, kind: 'pglite', close: () => client.close() };
}
