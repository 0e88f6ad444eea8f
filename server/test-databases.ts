/**
 * The API tests' databases, each a copy of a migrated and seeded one. Building a database (migrations, 200-600
 * goods, the demo accounts with their argon2 hashes) takes seconds; copying one takes a fraction of that: PGlite
 * starts from a dump of its data directory, PostgreSQL creates the database from a template. Each kind of
 * database (goods, accounts) is built once per run, by whichever test file asks first, and kept in the folder
 * or under the name that the run's global setup (test-global-setup.ts) chose; without it each file builds its own.
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import { openDatabase, type Database } from './db/client.js';
import { hashPassword } from './lib/passwords.js';
import { seedOperators } from './modules/operators/index.js';
import { seedAccounts, seedIfEmpty } from './seed/seed.js';

export type SeedOptions = { goods: number; accounts: boolean };

/** Set by the global setup for the whole run: where PGlite's dumps are kept, and the prefix of PostgreSQL's templates. */
export const TEMPLATE_DIR_ENV = 'YCT_TEST_TEMPLATE_DIR';
export const TEMPLATE_PREFIX_ENV = 'YCT_TEST_TEMPLATE_PREFIX';

async function seed(database: Database, opts: SeedOptions) {
  await seedIfEmpty(database.db, { goods: opts.goods });
  if (opts.accounts) {
    await seedAccounts(database.db, hashPassword);
    await seedOperators(database.db);
  }
}

const keyOf = (opts: SeedOptions) => `${opts.goods}_${opts.accounts ? 'accounts' : 'bare'}`;

/** Runs `make` once among all the run's processes: the first to take the lock makes, the others wait for it. */
async function once(lock: string, done: () => boolean, make: () => Promise<void>) {
  for (;;) {
    if (done()) return;
    try {
      fs.mkdirSync(lock);
    } catch (e) {
      if ((e as NodeJS.ErrnoException).code !== 'EEXIST') throw e;
      await new Promise((r) => setTimeout(r, 100));
      continue;
    }
    try {
      if (!done()) await make();
    } finally {
      fs.rmSync(lock, { recursive: true, force: true });
    }
  }
}

/** A PGlite database in memory, seeded as asked: loaded from the run's dump of such a database. */
export async function seededPglite(opts: SeedOptions): Promise<Database> {
  const dir = process.env[TEMPLATE_DIR_ENV];
  if (!dir) {
    const database = await openDatabase({});
    await seed(database, opts);
    return database;
  }
  const file = path.join(dir, `pglite_${keyOf(opts)}.tar`);
  await once(
    `${file}.lock`,
    () => fs.existsSync(file),
    async () => {
      const database = await openDatabase({});
      try {
        await seed(database, opts);
        const tar = await database.dump!();
        fs.writeFileSync(`${file}.part`, tar);
        fs.renameSync(`${file}.part`, file);
      } finally {
        await database.close();
      }
    },
  );
  return openDatabase({ load: fs.readFileSync(file) });
}

async function onServer<T>(base: string, run: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: base });
  await client.connect();
  try {
    return await run(client);
  } finally {
    await client.end();
  }
}

const databaseUrl = (base: string, name: string) => {
  const url = new URL(base);
  url.pathname = `/${name}`;
  return url.toString();
};

/** A new PostgreSQL database on the server of `base`, seeded as asked: a copy of the run's template of such a database. */
export async function seededPostgres(base: string, opts: SeedOptions): Promise<{ url: string; drop: () => Promise<void> }> {
  const name = `yct_test_${crypto.randomBytes(6).toString('hex')}`;
  const prefix = process.env[TEMPLATE_PREFIX_ENV];
  const dir = process.env[TEMPLATE_DIR_ENV];
  const drop = () => onServer(base, (c) => c.query(`drop database if exists ${name} with (force)`).then(() => undefined));
  if (!prefix || !dir) {
    await onServer(base, (c) => c.query(`create database ${name}`));
    const database = await openDatabase({ url: databaseUrl(base, name), poolSize: 2 });
    try {
      await seed(database, opts);
    } finally {
      await database.close();
    }
    return { url: databaseUrl(base, name), drop };
  }
  const template = `${prefix}_${keyOf(opts)}`;
  const made = path.join(dir, `${template}.made`);
  await once(
    `${made}.lock`,
    () => fs.existsSync(made),
    async () => {
      await onServer(base, (c) => c.query(`drop database if exists ${template} with (force)`).then(() => c.query(`create database ${template}`)));
      const database = await openDatabase({ url: databaseUrl(base, template), poolSize: 2 });
      try {
        await seed(database, opts);
      } finally {
        await database.close();
      }
      fs.writeFileSync(made, template);
    },
  );
  await onServer(base, (c) => c.query(`create database ${name} template ${template}`));
  return { url: databaseUrl(base, name), drop };
}

/** Drops the run's PostgreSQL templates (the global setup's teardown). */
export async function dropTemplates(base: string, prefix: string) {
  await onServer(base, async (c) => {
    const { rows } = await c.query<{ datname: string }>('select datname from pg_database where datname like $1', [`${prefix}\\_%`]);
    for (const { datname } of rows) await c.query(`drop database if exists ${datname} with (force)`);
  });
}
