/**
 * A backup of the embedded database and its uploads in one file a new operator can copy elsewhere: a zip holding
 * the database's data directory as PGlite dumps it (`pglite.tar`), every uploaded file under `uploads/`, and a
 * manifest saying what it holds. Restored into a data folder, the site starts from it as it was. On PostgreSQL the
 * database is backed up with its own tools (docs/deploy.md); `npm run backup` says so.
 */
import fs from 'node:fs';
import path from 'node:path';
import { strToU8, strFromU8, unzipSync, zipSync, type Zippable } from 'fflate';
import { openDatabase, type Database } from './client.js';

const DUMP = 'pglite.tar';
const MANIFEST = 'manifest.json';
const UPLOADS = 'uploads/';

export type BackupManifest = { kind: 'yct-backup'; version: 1; created_at: string; database_bytes: number; uploads: number };

function filesUnder(dir: string): string[] {
  if (!fs.existsSync(dir)) return [];
  return (fs.readdirSync(dir, { recursive: true }) as string[]).filter((name) => fs.statSync(path.join(dir, name)).isFile()).sort();
}

/**
 * Writes a backup of `database` (PGlite: it dumps its data directory between transactions) and the files under
 * `uploadDir` to `file`; answers its manifest.
 */
export async function writeBackup(database: Database, uploadDir: string, file: string): Promise<BackupManifest> {
  if (!database.dump) throw new Error('only the embedded database is backed up this way: use pg_dump for PostgreSQL (docs/deploy.md)');
  const dump = await database.dump();
  const uploads = filesUnder(uploadDir);
  const manifest: BackupManifest = {
    kind: 'yct-backup',
    version: 1,
    created_at: new Date().toISOString(),
    database_bytes: dump.byteLength,
    uploads: uploads.length,
  };
  const entries: Zippable = { [MANIFEST]: strToU8(JSON.stringify(manifest, null, 2)), [DUMP]: dump };
  // Pictures and PDFs are compressed already; the database's pages are not.
  for (const name of uploads) entries[UPLOADS + name.split(path.sep).join('/')] = [new Uint8Array(fs.readFileSync(path.join(uploadDir, name))), { level: 0 }];
  fs.mkdirSync(path.dirname(path.resolve(file)), { recursive: true });
  const part = `${file}.part`;
  fs.writeFileSync(part, zipSync(entries, { level: 6 }));
  fs.renameSync(part, file);
  return manifest;
}

/** What a backup file holds, checked to be one. */
export function readBackup(file: string): { manifest: BackupManifest; dump: Uint8Array; uploads: [name: string, bytes: Uint8Array][] } {
  const entries = unzipSync(new Uint8Array(fs.readFileSync(file)));
  const manifest = entries[MANIFEST] ? (JSON.parse(strFromU8(entries[MANIFEST])) as BackupManifest) : null;
  if (manifest?.kind !== 'yct-backup' || !entries[DUMP]) throw new Error(`${file} is not a backup of this site (no ${MANIFEST} and ${DUMP} in it)`);
  const uploads = Object.entries(entries)
    .filter(([name]) => name.startsWith(UPLOADS) && !name.endsWith('/'))
    .map(([name, bytes]) => [name.slice(UPLOADS.length), bytes] as [string, Uint8Array]);
  return { manifest, dump: entries[DUMP], uploads };
}

/**
 * Restores `file` into `dataDir` (its database under `pglite/`) and `uploadDir`, which must hold no database: the
 * caller moves an old one aside first. Opens the restored database once, which checks it, and answers the manifest.
 */
export async function restoreBackup(file: string, dataDir: string, uploadDir: string): Promise<BackupManifest> {
  const { manifest, dump, uploads } = readBackup(file);
  const pgliteDir = path.join(dataDir, 'pglite');
  if (fs.existsSync(pgliteDir) && fs.readdirSync(pgliteDir).length) throw new Error(`${pgliteDir} holds a database already`);
  for (const [name, bytes] of uploads) {
    const target = path.resolve(uploadDir, name);
    // A name that climbs out of the folder is not one this site wrote.
    if (!target.startsWith(path.resolve(uploadDir) + path.sep)) throw new Error(`${file}: ${name} lies outside the uploads`);
    fs.mkdirSync(path.dirname(target), { recursive: true });
    fs.writeFileSync(target, bytes);
  }
  const database = await openDatabase({ dataDir, load: dump });
  await database.close();
  return manifest;
}

const PID_FILE = 'server.pid';

/**
 * Marks `dataDir` as held by this process (the server, on PGlite: its database opens in one process alone); answers
 * what lets it go. `heldBy` reads the mark.
 */
export function holdDataDir(dataDir: string): () => void {
  const file = path.join(dataDir, PID_FILE);
  fs.mkdirSync(dataDir, { recursive: true });
  fs.writeFileSync(file, String(process.pid));
  return () => {
    if (fs.existsSync(file) && fs.readFileSync(file, 'utf8') === String(process.pid)) fs.rmSync(file, { force: true });
  };
}

/** The process holding `dataDir` now, if one lives; a mark left by a process that died holds nothing. */
export function heldBy(dataDir: string): number | null {
  const file = path.join(dataDir, PID_FILE);
  if (!fs.existsSync(file)) return null;
  const pid = Number(fs.readFileSync(file, 'utf8'));
  if (!Number.isInteger(pid) || pid <= 0 || pid === process.pid) return null;
  try {
    process.kill(pid, 0);
    return pid;
  } catch {
    return null;
  }
}

/** Backups the server's job keeps: the newest this many, in `DATA_DIR/backups`. */
const KEPT_BACKUPS = 7;

/** The server's daily backup of its embedded database (a background job): a new file, the oldest beyond seven removed. */
export async function backupIntoDataDir(database: Database, dataDir: string, uploadDir: string): Promise<number> {
  const dir = path.join(dataDir, 'backups');
  const stamp = new Date().toISOString().replace(/[-:]/g, '').replace('T', '-').slice(0, 15);
  await writeBackup(database, uploadDir, path.join(dir, `yct-${stamp}.zip`));
  const kept = fs
    .readdirSync(dir)
    .filter((n) => /^yct-\d{8}-\d{6}\.zip$/.test(n))
    .sort();
  for (const old of kept.slice(0, Math.max(0, kept.length - KEPT_BACKUPS))) fs.rmSync(path.join(dir, old));
  return 1;
}
