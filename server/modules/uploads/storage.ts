/**
 * Where uploaded files' bytes lie (docs/decisions/043-uploads-storage.md). On PostgreSQL in its `upload_files`
 * table: every server process, on whichever machine, serves what any of them stored, and `pg_dump` keeps the files
 * with the rest. On the embedded database (PGlite, one process's own) in the uploads folder, DATA_DIR/uploads, which
 * `npm run backup` packs with the database. A file is named by the path it is served under (`/uploads/...`, what
 * its `uploads` row records) and never changes once stored: a new file gets a new name.
 */
import { createReadStream } from 'node:fs';
import fs from 'node:fs/promises';
import path from 'node:path';
import { Readable } from 'node:stream';
import { eq, inArray, sql } from 'drizzle-orm';
import type { Config } from '../../config.js';
import type { Database, Db } from '../../db/client.js';
import { uploadFiles, uploads } from '../../db/schema/uploads.js';

export type UploadStore = {
  /** `database` on PostgreSQL, `folder` on the embedded database. */
  kind: 'database' | 'folder';
  /** Stores `bytes` under `path` (`/uploads/...`). */
  put(path: string, bytes: Buffer): Promise<void>;
  /** The bytes stored under `path`, or null. */
  read(path: string): Promise<Buffer | null>;
  /** The file under `path` to send: its size, and its bytes (the database) or a stream of them (the folder); or null. */
  open(path: string): Promise<{ size: number; body: Buffer | Readable } | null>;
};

/** The paths files are stored under: the buyers' own, public pictures, first-business documents. */
const STORED = /^\/uploads\/((?:public\/|documents\/)?[a-z0-9]+-[a-f0-9]{16}\.(?:png|jpg|gif|webp|pdf))$/;

function notStored(p: string): never {
  throw new Error(`not the path of an uploaded file: ${p}`);
}

/**
 * A file sent from the database goes in slices of this many bytes, one statement each: a 10 MB file read whole held
 * the server's thread for 100-250 ms (its 20 MB of hex text decoded at once); a slice costs a few milliseconds.
 */
const SLICE_BYTES = 256 * 1024;

function databaseStore(db: Db): UploadStore {
  const read = async (p: string) => {
    const [row] = await db.select({ bytes: uploadFiles.bytes }).from(uploadFiles).where(eq(uploadFiles.path, p)).limit(1);
    return row?.bytes ?? null;
  };
  const slice = async (p: string, from: number) => {
    const [row] = await db
      .select({ bytes: sql<Buffer>`substring(${uploadFiles.bytes} from ${from + 1} for ${SLICE_BYTES})`.mapWith(uploadFiles.bytes) })
      .from(uploadFiles)
      .where(eq(uploadFiles.path, p));
    return row?.bytes ?? null;
  };
  return {
    kind: 'database',
    async put(p, bytes) {
      if (!STORED.test(p)) notStored(p);
      await db.insert(uploadFiles).values({ path: p, bytes });
    },
    read,
    async open(p) {
      const [row] = await db
        .select({ size: sql<number>`length(${uploadFiles.bytes})`.mapWith(Number) })
        .from(uploadFiles)
        .where(eq(uploadFiles.path, p));
      if (!row) return null;
      if (row.size <= SLICE_BYTES) {
        const bytes = await read(p);
        return bytes ? { size: bytes.length, body: bytes } : null;
      }
      async function* slices() {
        for (let from = 0; from < row.size; from += SLICE_BYTES) {
          const bytes = await slice(p, from);
          if (!bytes) throw new Error(`${p} went while it was being sent`);
          yield bytes;
        }
      }
      return { size: row.size, body: Readable.from(slices(), { objectMode: false }) };
    },
  };
}

function folderStore(dir: string): UploadStore {
  const fileOf = (p: string) => {
    const m = STORED.exec(p);
    return m ? path.join(dir, m[1]) : null;
  };
  return {
    kind: 'folder',
    async put(p, bytes) {
      const file = fileOf(p) ?? notStored(p);
      await fs.mkdir(path.dirname(file), { recursive: true });
      await fs.writeFile(file, bytes);
    },
    async read(p) {
      const file = fileOf(p);
      return file ? fs.readFile(file).catch(() => null) : null;
    },
    async open(p) {
      const file = fileOf(p);
      const stat = file ? await fs.stat(file).catch(() => null) : null;
      return file && stat?.isFile() ? { size: stat.size, body: createReadStream(file) } : null;
    },
  };
}

type Site = { config: Pick<Config, 'uploadDir'>; database: Pick<Database, 'kind' | 'db'> };

/** The store of the site's database: its `upload_files` on PostgreSQL, the uploads folder on the embedded database. */
export const uploadStore = ({ config, database }: Site): UploadStore =>
  database.kind === 'postgres' ? databaseStore(database.db) : folderStore(config.uploadDir);

/**
 * PostgreSQL: copies into `upload_files` the files an earlier version left in the uploads folder `dir` (each on
 * record in `uploads` and not yet in the database), so that every process serves them; answers how many. The
 * folder is left as it was. Each process runs it as it starts: two at once copy a file once.
 */
export async function copyFolderIntoDatabase(db: Db, dir: string): Promise<number> {
  const names = await fs.readdir(dir, { recursive: true }).catch(() => [] as string[]);
  const paths = names.map((n) => `/uploads/${n.split(path.sep).join('/')}`).filter((p) => STORED.test(p));
  let copied = 0;
  for (let i = 0; i < paths.length; i += 500) {
    const some = paths.slice(i, i + 500);
    const [known, stored] = await Promise.all([
      db.select({ path: uploads.path }).from(uploads).where(inArray(uploads.path, some)),
      db.select({ path: uploadFiles.path }).from(uploadFiles).where(inArray(uploadFiles.path, some)),
    ]);
    const there = new Set(stored.map((r) => r.path));
    for (const p of new Set(known.map((r) => r.path))) {
      if (there.has(p)) continue;
      const bytes = await fs.readFile(path.join(dir, STORED.exec(p)![1])).catch(() => null);
      if (!bytes) continue;
      const added = await db.insert(uploadFiles).values({ path: p, bytes }).onConflictDoNothing().returning({ path: uploadFiles.path });
      copied += added.length;
    }
  }
  return copied;
}
