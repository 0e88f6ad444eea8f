/**
 * `--keep-seed`: each database seeded once and copied for every later run, instead of seeded again (five minutes
 * at 100,000 goods for the two). A run still starts from exactly what the seed writes: a PGlite folder copied whole, a
 * PostgreSQL database made from a template. The copy is keyed by the goods and buyers asked for and by the seed's,
 * the schema's and the migrations' files; a change elsewhere that changes what the seed writes needs a run without it.
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { root, run } from './servers.js';

const KEPT = path.join(os.tmpdir(), 'yct-bench-seeded');
const TEMPLATE_PREFIX = 'yct_bench_seed_';

function seedKey(goods: number, buyers: number) {
  const hash = crypto.createHash('sha1');
  for (const dir of ['server/seed', 'server/db/schema', 'server/db/migrations'])
    for (const name of (fs.readdirSync(path.join(root, dir), { recursive: true }) as string[]).sort()) {
      const file = path.join(root, dir, name);
      if (fs.statSync(file).isFile()) hash.update(name).update(fs.readFileSync(file));
    }
  return `${goods}_${buyers}_${hash.digest('hex').slice(0, 12)}`;
}

/** Seeds the database `env` names, or copies the one kept for the same seed; says which. */
export async function seedDatabase(env: Record<string, string>, goods: number, buyers: number, keep: boolean): Promise<string> {
  const seed = () => run(process.execPath, ['--import', 'tsx', 'server/seed/cli.ts', '--goods', String(goods), '--buyers', String(buyers)], env);
  if (!keep) {
    await seed();
    return 'seeded';
  }
  const key = seedKey(goods, buyers);
  return env.DATABASE_URL ? keptPostgres(env.DATABASE_URL, key, seed) : keptPglite(env.DATA_DIR, key, seed);
}

async function keptPglite(dataDir: string, key: string, seed: () => Promise<void>) {
  const kept = path.join(KEPT, `pglite_${key}`);
  if (fs.existsSync(kept)) {
    fs.cpSync(kept, dataDir, { recursive: true });
    return `copied from ${kept}`;
  }
  await seed();
  fs.rmSync(KEPT, { recursive: true, force: true });
  fs.cpSync(dataDir, `${kept}.part`, { recursive: true });
  fs.renameSync(`${kept}.part`, kept);
  return `seeded, kept in ${kept}`;
}

async function keptPostgres(url: string, key: string, seed: () => Promise<void>) {
  const target = new URL(url).pathname.slice(1);
  const template = `${TEMPLATE_PREFIX}${key}`;
  const server = new URL(url);
  server.pathname = '/postgres';
  const admin = new pg.Client({ connectionString: server.toString() });
  await admin.connect();
  try {
    const found = await admin.query('select 1 from pg_database where datname = $1', [template]);
    if (found.rowCount) {
      await admin.query(`drop database if exists "${target}" with (force)`);
      await admin.query(`create database "${target}" template "${template}"`);
      return `copied from the template ${template}`;
    }
    await seed();
    const older = await admin.query('select datname from pg_database where datname like $1', [`${TEMPLATE_PREFIX}%`]);
    for (const { datname } of older.rows as { datname: string }[]) await admin.query(`drop database if exists "${datname}" with (force)`);
    await admin.query(`create database "${template}" template "${target}"`);
    return `seeded, kept as the template ${template}`;
  } finally {
    await admin.end();
  }
}
