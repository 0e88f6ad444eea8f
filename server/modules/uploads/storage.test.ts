/**
 * Where uploaded files' bytes lie (storage.ts): the site's store follows its database, both stores give back what
 * they were given and refuse what is not an upload's path, and on PostgreSQL the files an earlier version left in the
 * uploads folder are copied into the database once.
 */
import crypto from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { uploads } from '../../db/schema/index.js';
import { dbLabel, openTestDatabase, testConfig, type TestDatabase } from '../../testing.js';
import { copyFolderIntoDatabase, uploadStore, type UploadStore } from './storage.js';

let database: TestDatabase;
const config = testConfig();
beforeAll(async () => {
  database = await openTestDatabase({ goods: 20, accounts: false });
});
afterAll(async () => {
  await database?.dispose();
  await fs.rm(config.DATA_DIR, { recursive: true, force: true });
});

const newPath = (folder: string, ext = 'png') => `/uploads/${folder}${Date.now().toString(36)}-${crypto.randomBytes(8).toString('hex')}.${ext}`;

async function bodyOf(body: Buffer | Readable) {
  if (Buffer.isBuffer(body)) return body;
  const chunks: Buffer[] = [];
  for await (const c of body) chunks.push(c as Buffer);
  return Buffer.concat(chunks);
}

describe(`the uploads' store on ${dbLabel}`, () => {
  it('keeps the files in the database on PostgreSQL and in the uploads folder on the embedded database', () => {
    expect(uploadStore({ config, database }).kind).toBe(database.kind === 'postgres' ? 'database' : 'folder');
  });

  const stores: [string, () => UploadStore][] = [
    ['the database', () => uploadStore({ config, database: { kind: 'postgres', db: database.db } })],
    ['the folder', () => uploadStore({ config, database: { kind: 'pglite', db: database.db } })],
  ];
  it.each(stores)('gives back from %s the bytes it was given, under each kind of path', async (_, storeOf) => {
    const store = storeOf();
    // Small files, and one the database sends in several slices, the last one short.
    for (const [folder, size] of [
      ['', 70_000],
      ['public/', 70_000],
      ['documents/', 70_000],
      ['documents/', 1_300_000],
    ] as const) {
      const p = newPath(folder, folder === 'documents/' ? 'pdf' : 'png');
      const bytes = crypto.randomBytes(size);
      await store.put(p, bytes);
      expect((await store.read(p))?.equals(bytes)).toBe(true);
      const opened = await store.open(p);
      expect(opened?.size).toBe(bytes.length);
      expect((await bodyOf(opened!.body)).equals(bytes)).toBe(true);
    }
    expect(await store.read(newPath(''))).toBeNull();
    expect(await store.open(newPath('public/'))).toBeNull();
  });

  it.each(stores)('refuses to store in %s under a path that is not an upload’s, and finds nothing there', async (_, storeOf) => {
    const store = storeOf();
    for (const p of ['/uploads/../package.json', '/uploads/a.png', '/etc/passwd', '/uploads/other/abc-0123456789abcdef.png', '/uploads/public']) {
      await expect(store.put(p, Buffer.from('x'))).rejects.toThrow('not the path of an uploaded file');
      expect(await store.read(p)).toBeNull();
      expect(await store.open(p)).toBeNull();
    }
  });

  it('copies into the database, once, the files on record that an earlier version left in the folder', async () => {
    const dir = path.join(config.DATA_DIR, 'earlier');
    const onRecord = newPath('public/');
    const stray = newPath('');
    const bytes = crypto.randomBytes(20_000);
    for (const p of [onRecord, stray]) {
      await fs.mkdir(path.dirname(path.join(dir, p.slice('/uploads/'.length))), { recursive: true });
      await fs.writeFile(path.join(dir, p.slice('/uploads/'.length)), bytes);
    }
    await database.db.insert(uploads).values({ userId: null, path: onRecord, originalName: 'a.png', mime: 'image/png', size: bytes.length });
    const inDatabase = uploadStore({ config, database: { kind: 'postgres', db: database.db } });
    expect(await copyFolderIntoDatabase(database.db, dir)).toBe(1);
    expect((await inDatabase.read(onRecord))?.equals(bytes)).toBe(true);
    // A file nobody's upload records is never served: it stays behind.
    expect(await inDatabase.read(stray)).toBeNull();
    expect(await copyFolderIntoDatabase(database.db, dir)).toBe(0);
    expect(await copyFolderIntoDatabase(database.db, path.join(dir, 'none'))).toBe(0);
  });
});
