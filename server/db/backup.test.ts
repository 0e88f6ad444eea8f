/**
 * `npm run backup` and `npm run restore` (backup.ts, backup-cli.ts): a data folder's embedded database and uploads in
 * one file, restored into a fresh folder with every order, batch and ledger row and every uploaded file; refused
 * while the server holds the folder, or over a database without --force; and the server's daily backups, seven kept.
 */
import { spawnSync } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dbLabel, openTestDatabase, type TestDatabase } from '../testing.js';
import { backupIntoDataDir, readBackup } from './backup.js';
import { openDatabase, type Database } from './client.js';

const root = path.resolve(import.meta.dirname, '../..');
const temp = fs.mkdtempSync(path.join(os.tmpdir(), 'yct-backup-'));
const source = path.join(temp, 'site');
const file = path.join(temp, 'copy', 'site.zip');

/** The CLI as `npm run backup` / `npm run restore` runs it, on the data folder `dataDir`. */
function cli(dataDir: string, ...args: string[]) {
  const r = spawnSync(process.execPath, ['--import', 'tsx', 'server/db/backup-cli.ts', ...args], {
    cwd: root,
    env: { ...process.env, DATA_DIR: dataDir, DATABASE_URL: '', NODE_ENV: 'test' },
    encoding: 'utf8',
  });
  return { status: r.status, out: `${r.stdout}${r.stderr}` };
}

/** What a restore must bring back whole: orders and their lines, batches and what they hold, the wallets' ledger. */
async function contents(database: Database) {
  const one = async (query: ReturnType<typeof sql>) => ((await database.db.execute(query)) as unknown as { rows: Record<string, unknown>[] }).rows[0];
  return {
    orders: await one(
      sql`select count(*)::int as n, coalesce(sum(id), 0)::bigint::text as ids, coalesce(sum(pay_amount), 0)::bigint::text as paid from orders`,
    ),
    items: await one(sql`select count(*)::int as n, coalesce(sum(number), 0)::bigint::text as units from order_items`),
    batches: await one(
      sql`select count(*)::int as n, coalesce(sum(quantity), 0)::bigint::text as units, coalesce(sum(held), 0)::bigint::text as held from goods_batches`,
    ),
    taken: await one(sql`select count(*)::int as n from order_item_batches`),
    ledger: await one(sql`select count(*)::int as n, coalesce(sum(amount), 0)::bigint::text as amount from ledger`),
  };
}

const uploads = { 'licences/a.png': crypto.randomBytes(5000), 'documents/g1/report.pdf': crypto.randomBytes(20000) };

let seeded: TestDatabase;
let before: Awaited<ReturnType<typeof contents>>;
beforeAll(async () => {
  // A data folder as `npm start` leaves it: the seeded database in it, and some uploads.
  seeded = await openTestDatabase({ goods: 60 });
  const site = await openDatabase({ dataDir: source, load: await seeded.dump!() });
  before = await contents(site);
  await site.close();
  for (const [name, bytes] of Object.entries(uploads)) {
    fs.mkdirSync(path.dirname(path.join(source, 'uploads', name)), { recursive: true });
    fs.writeFileSync(path.join(source, 'uploads', name), bytes);
  }
});
afterAll(async () => {
  await seeded?.dispose();
  fs.rmSync(temp, { recursive: true, force: true });
});

describe.runIf(dbLabel === 'PGlite')('backups of the embedded database', () => {
  it('backs up a data folder into one file and restores it into a fresh one with every order, batch, ledger row and upload', { timeout: 120_000 }, async () => {
    expect(Number(before.orders.n)).toBeGreaterThan(0);
    expect(Number(before.ledger.n)).toBeGreaterThan(0);
    expect(Number(before.taken.n)).toBeGreaterThan(0);
    const made = cli(source, 'backup', file);
    expect(made.status, made.out).toBe(0);
    expect(made.out).toContain('2 uploaded files');
    expect(readBackup(file).manifest).toMatchObject({ kind: 'yct-backup', uploads: 2 });

    const fresh = path.join(temp, 'elsewhere');
    const restored = cli(fresh, 'restore', file);
    expect(restored.status, restored.out).toBe(0);
    const site = await openDatabase({ dataDir: fresh });
    try {
      expect(await contents(site)).toEqual(before);
    } finally {
      await site.close();
    }
    for (const [name, bytes] of Object.entries(uploads)) expect(fs.readFileSync(path.join(fresh, 'uploads', name)).equals(bytes)).toBe(true);

    // Over a database: refused without --force; with it, the old one is moved aside, not lost.
    const again = cli(fresh, 'restore', file);
    expect(again.status).toBe(1);
    expect(again.out).toContain('--force');
    const forced = cli(fresh, 'restore', file, '--force');
    expect(forced.status, forced.out).toBe(0);
    const aside = fs.readdirSync(fresh).filter((n) => n.startsWith('before-restore-'));
    expect(aside).toHaveLength(1);
    expect(fs.existsSync(path.join(fresh, aside[0], 'pglite', 'PG_VERSION'))).toBe(true);
  });

  it('refuses while the server holds the data folder, and says how to back up a running site', () => {
    const server = spawnSync('sh', ['-c', 'sleep 30 >/dev/null 2>&1 & echo $!'], { encoding: 'utf8' });
    const pid = Number(server.stdout.trim());
    fs.writeFileSync(path.join(source, 'server.pid'), String(pid));
    try {
      const refused = cli(source, 'backup', path.join(temp, 'never.zip'));
      expect(refused.status).toBe(1);
      expect(refused.out).toContain(`process ${pid}`);
      expect(refused.out).toContain('备份内嵌数据库');
      expect(fs.existsSync(path.join(temp, 'never.zip'))).toBe(false);
    } finally {
      process.kill(pid);
      fs.rmSync(path.join(source, 'server.pid'));
    }
  });

  it('keeps the newest seven of the server’s daily backups', async () => {
    const dataDir = path.join(temp, 'daily');
    const dir = path.join(dataDir, 'backups');
    fs.mkdirSync(dir, { recursive: true });
    const old = Array.from({ length: 8 }, (_, i) => `yct-2026010${i}-030000.zip`);
    for (const name of old) fs.writeFileSync(path.join(dir, name), 'old');
    expect(await backupIntoDataDir(seeded, dataDir, path.join(source, 'uploads'))).toBe(1);
    const kept = fs.readdirSync(dir).sort();
    expect(kept).toHaveLength(7);
    expect(kept.slice(0, 6)).toEqual(old.slice(2));
    expect(readBackup(path.join(dir, kept[6])).manifest.uploads).toBe(2);
  });
});
