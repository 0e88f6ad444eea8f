/**
 * `npm run backup [-- FILE]` and `npm run restore -- FILE [--force]`: the embedded database under DATA_DIR and its
 * uploads, in one file and back (backup.ts). The server holds its database while it runs: back up a running site
 * from the console (后台任务, 备份内嵌数据库), or stop it first.
 */
import fs from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { loadConfig } from '../config.js';
import { heldBy, restoreBackup, writeBackup } from './backup.js';
import { openDatabase } from './client.js';

const [command, ...rest] = process.argv.slice(2);
const { values, positionals } = parseArgs({ args: rest, allowPositionals: true, options: { force: { type: 'boolean', default: false } } });
const config = loadConfig();
const dataDir = path.resolve(config.DATA_DIR);

function fail(message: string): never {
  console.error(message);
  process.exit(1);
}

if (config.DATABASE_URL)
  fail('DATABASE_URL is set: back up PostgreSQL with its own tools (pg_dump -Fc, restored with pg_restore; docs/deploy.md); the uploaded files are in it.');
const holder = heldBy(dataDir);
if (holder) fail(`The server (process ${holder}) holds ${dataDir}: stop it first, or run 备份内嵌数据库 in the console's 后台任务.`);

if (command === 'backup') {
  const stamp = new Date().toISOString().replace(/[-:]/g, '').replace('T', '-').slice(0, 15);
  const file = path.resolve(positionals[0] ?? path.join(dataDir, 'backups', `yct-${stamp}.zip`));
  if (!fs.existsSync(path.join(dataDir, 'pglite', 'PG_VERSION'))) fail(`No database under ${dataDir} to back up.`);
  const database = await openDatabase({ dataDir });
  try {
    const manifest = await writeBackup(database, config.uploadDir, file);
    console.log(`Backed up to ${file}: the database (${(manifest.database_bytes / 1e6).toFixed(1)} MB) and ${manifest.uploads} uploaded files.`);
  } finally {
    await database.close();
  }
} else if (command === 'restore') {
  const file = positionals[0] ? path.resolve(positionals[0]) : fail('Which backup? npm run restore -- FILE [--force]');
  if (!fs.existsSync(file)) fail(`${file} does not exist.`);
  const pgliteDir = path.join(dataDir, 'pglite');
  if (fs.existsSync(pgliteDir)) {
    if (!values.force) fail(`${dataDir} holds a database already: add --force to move it aside and restore over it.`);
    // Nothing is deleted: the database and uploads there are moved aside, and the restore goes in their place.
    const aside = path.join(dataDir, `before-restore-${Date.now()}`);
    fs.mkdirSync(aside, { recursive: true });
    fs.renameSync(pgliteDir, path.join(aside, 'pglite'));
    if (fs.existsSync(config.uploadDir)) fs.renameSync(config.uploadDir, path.join(aside, 'uploads'));
    console.log(`The database and uploads that were there are in ${aside}.`);
  }
  const manifest = await restoreBackup(file, dataDir, config.uploadDir);
  console.log(
    `Restored ${file} (made ${manifest.created_at}) into ${dataDir}: the database and ${manifest.uploads} uploaded files. Start the site with npm start.`,
  );
} else {
  fail('npm run backup [-- FILE] | npm run restore -- FILE [--force]');
}
