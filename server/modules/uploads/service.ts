/**
 * Uploaded files (licences, receipts, after-sale and feedback pictures): recorded with their owner in `uploads`,
 * their bytes in the site's store (storage.ts: in the database on PostgreSQL, so that every server process serves
 * them; under DATA_DIR/uploads on the embedded database; docs/decisions/043-uploads-storage.md). They are a
 * business's private papers: only the owner sees them, and the operators who review them (those who read
 * customers or orders). Pictures operators upload for goods, brands and categories are public (`/uploads/public/...`,
 * recorded without an owner) and served to everybody. The site's and the goods' first-business documents
 * (`/uploads/documents/...`, recorded without an owner) are served only by the documents module, to the buyers and
 * operators who may read them.
 */
import crypto from 'node:crypto';
import path from 'node:path';
import { and, eq, inArray, isNull } from 'drizzle-orm';
import type { Uploaded } from '../../../core/schemas/user.js';
import { stripControlChars } from '../../../core/validate.js';
import type { Conn, Db } from '../../db/client.js';
import { uploads } from '../../db/schema/uploads.js';
import type { UploadStore } from './storage.js';

/** The file's own first bytes decide its type; the name and the browser's claim do not. */
const SIGNATURES: { ext: string; mime: string; test: (b: Buffer) => boolean }[] = [
  { ext: 'png', mime: 'image/png', test: (b) => b.subarray(0, 8).equals(Buffer.from('89504e470d0a1a0a', 'hex')) },
  { ext: 'jpg', mime: 'image/jpeg', test: (b) => b[0] === 0xff && b[1] === 0xd8 && b[2] === 0xff },
  { ext: 'gif', mime: 'image/gif', test: (b) => b.subarray(0, 4).toString('latin1') === 'GIF8' },
  {
    ext: 'webp',
    mime: 'image/webp',
    test: (b) => b.subarray(0, 4).toString('latin1') === 'RIFF' && b.subarray(8, 12).toString('latin1') === 'WEBP',
  },
  { ext: 'pdf', mime: 'application/pdf', test: (b) => b.subarray(0, 5).toString('latin1') === '%PDF-' },
];

const kindOf = (buffer: Buffer) => SIGNATURES.find((s) => s.test(buffer)) ?? null;

/** A file name as shown back to its owner: no path, no control characters, at most 255 characters. */
const cleanName = (name: string) => path.basename(stripControlChars(name).replace(/\\/g, '/')).slice(0, 255);

/** A new file's name: never one stored before, so a stored file never changes. */
const newName = (ext: string) => `${Date.now().toString(36)}-${crypto.randomBytes(8).toString('hex')}.${ext}`;

export async function saveUpload(db: Db, store: UploadStore, userId: number, buffer: Buffer, originalName: string): Promise<Uploaded | null> {
  const kind = kindOf(buffer);
  if (!kind) return null;
  const url = `/uploads/${newName(kind.ext)}`;
  await store.put(url, buffer);
  const original = cleanName(originalName);
  await db.insert(uploads).values({ userId, path: url, originalName: original, mime: kind.mime, size: buffer.length });
  return { url, name: original, size: buffer.length };
}

/** Whether every one of `paths` is a file the account uploaded itself. */
export async function ownsUploads(conn: Conn, userId: number, paths: string[]) {
  const wanted = [...new Set(paths)];
  if (!wanted.length) return true;
  const owned = await conn
    .select({ path: uploads.path })
    .from(uploads)
    .where(and(inArray(uploads.path, wanted), eq(uploads.userId, userId)));
  return owned.length === wanted.length;
}

/**
 * The stored file `name` if `viewerIds` (the account, and the headquarters acting for it) may see it, or if
 * the viewer is an operator who reviews the buyers' papers (`reviewer`): any buyer's file.
 */
export async function uploadFor(db: Db, name: string, viewerIds: number[], reviewer = false) {
  const [row] = await db
    .select()
    .from(uploads)
    .where(eq(uploads.path, `/uploads/${name}`))
    .limit(1);
  if (!row || row.userId === null || !(reviewer || viewerIds.includes(row.userId))) return null;
  return row;
}

/** Where public pictures are served from. */
export const PUBLIC_PICTURES = '/uploads/public/';

/** Stores a public picture (JPG, PNG, GIF or WEBP by its own first bytes); null when the file is no such picture. */
export async function savePublicPicture(db: Db, store: UploadStore, buffer: Buffer, originalName: string): Promise<Uploaded | null> {
  const kind = kindOf(buffer);
  if (!kind || !kind.mime.startsWith('image/')) return null;
  const url = `${PUBLIC_PICTURES}${newName(kind.ext)}`;
  await store.put(url, buffer);
  const original = cleanName(originalName);
  await db.insert(uploads).values({ userId: null, path: url, originalName: original, mime: kind.mime, size: buffer.length });
  return { url, name: original, size: buffer.length };
}

/** Of `urls`, those that are public pictures on record. */
export async function knownPublicPictures(conn: Conn, urls: string[]): Promise<Set<string>> {
  const wanted = [...new Set(urls.filter((u) => u.startsWith(PUBLIC_PICTURES)))];
  const found = new Set<string>();
  for (let i = 0; i < wanted.length; i += 1000) {
    const rows = await conn
      .select({ path: uploads.path })
      .from(uploads)
      .where(and(inArray(uploads.path, wanted.slice(i, i + 1000)), isNull(uploads.userId)));
    for (const r of rows) found.add(r.path);
  }
  return found;
}

/** The public picture `name`, or null. */
export async function publicPicture(db: Db, name: string) {
  const [row] = await db
    .select()
    .from(uploads)
    .where(and(eq(uploads.path, `${PUBLIC_PICTURES}${name}`), isNull(uploads.userId)))
    .limit(1);
  return row ?? null;
}

/** Where first-business documents lie, apart from the other uploads: never served by the routes of this module. */
const DOCUMENTS = '/uploads/documents/';

/** Stores a document's file (a PDF or a picture, by its own first bytes), owned by nobody; null when it is neither. */
export async function saveDocumentFile(db: Db, store: UploadStore, buffer: Buffer, originalName: string) {
  const kind = kindOf(buffer);
  if (!kind) return null;
  const url = `${DOCUMENTS}${newName(kind.ext)}`;
  await store.put(url, buffer);
  const original = cleanName(originalName);
  await db.insert(uploads).values({ userId: null, path: url, originalName: original, mime: kind.mime, size: buffer.length });
  return { url, name: original, mime: kind.mime, size: buffer.length };
}

/** Of `urls`, the document files on record, with their names, types and sizes. */
export async function knownDocumentFiles(conn: Conn, urls: string[]) {
  const wanted = [...new Set(urls.filter((u) => u.startsWith(DOCUMENTS)))];
  if (!wanted.length) return new Map<string, { url: string; name: string; mime: string; size: number }>();
  const rows = await conn
    .select({ url: uploads.path, name: uploads.originalName, mime: uploads.mime, size: uploads.size })
    .from(uploads)
    .where(and(inArray(uploads.path, wanted), isNull(uploads.userId)));
  return new Map(rows.map((r) => [r.url, r]));
}

/** The bytes of the document file `url`, or null for anything that is not one, or is not stored. */
export const readDocumentFile = async (store: UploadStore, url: string) => (url.startsWith(DOCUMENTS) ? store.read(url) : null);
