/**
 * Uploaded files (licences, receipts, after-sale and feedback pictures): stored under DATA_DIR/uploads and
 * recorded with their owner. They are a business's private papers: only the owner sees them, and the
 * operators who review them (those who read customers or orders). Pictures operators upload for goods, brands
 * and categories are public (`/uploads/public/...`, recorded without an owner) and served to everybody. The
 * site's and the goods' first-business documents (`/uploads/documents/...`, recorded without an owner) are
 * served only by the documents module, to the buyers and operators who may read them.
 */
import crypto from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import { and, eq, inArray, isNull } from 'drizzle-orm';
import type { Uploaded } from '../../../core/schemas/user.js';
import { stripControlChars } from '../../../core/validate.js';
import type { Conn, Db } from '../../db/client.js';
import { uploads } from '../../db/schema/uploads.js';

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

export async function saveUpload(db: Db, dir: string, userId: number, buffer: Buffer, originalName: string): Promise<Uploaded | null> {
  const kind = kindOf(buffer);
  if (!kind) return null;
  const name = `${Date.now().toString(36)}-${crypto.randomBytes(8).toString('hex')}.${kind.ext}`;
  await fs.writeFile(path.join(dir, name), buffer);
  const url = `/uploads/${name}`;
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

/** Where public pictures are served from; their files lie in the `public` folder of the uploads. */
export const PUBLIC_PICTURES = '/uploads/public/';
export const PUBLIC_FOLDER = 'public';

/** Stores a public picture (JPG, PNG, GIF or WEBP by its own first bytes); null when the file is no such picture. */
export async function savePublicPicture(db: Db, dir: string, buffer: Buffer, originalName: string): Promise<Uploaded | null> {
  const kind = kindOf(buffer);
  if (!kind || !kind.mime.startsWith('image/')) return null;
  const name = `${Date.now().toString(36)}-${crypto.randomBytes(8).toString('hex')}.${kind.ext}`;
  await fs.mkdir(path.join(dir, PUBLIC_FOLDER), { recursive: true });
  await fs.writeFile(path.join(dir, PUBLIC_FOLDER, name), buffer);
  const url = `${PUBLIC_PICTURES}${name}`;
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

/** Where first-business documents lie: their own folder of the uploads, never served by the routes above. */
const DOCUMENTS = '/uploads/documents/';
const DOCUMENTS_FOLDER = 'documents';

/** Stores a document's file (a PDF or a picture, by its own first bytes), owned by nobody; null when it is neither. */
export async function saveDocumentFile(db: Db, dir: string, buffer: Buffer, originalName: string) {
  const kind = kindOf(buffer);
  if (!kind) return null;
  const name = `${Date.now().toString(36)}-${crypto.randomBytes(8).toString('hex')}.${kind.ext}`;
  await fs.mkdir(path.join(dir, DOCUMENTS_FOLDER), { recursive: true });
  await fs.writeFile(path.join(dir, DOCUMENTS_FOLDER, name), buffer);
  const url = `${DOCUMENTS}${name}`;
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

/** Where on disk the document file `url` lies, or null for anything that is not one. */
export function documentFilePath(dir: string, url: string) {
  if (!url.startsWith(DOCUMENTS)) return null;
  const name = url.slice(DOCUMENTS.length);
  return /^[a-z0-9]+-[a-f0-9]{16}\.(png|jpg|gif|webp|pdf)$/.test(name) ? path.join(dir, DOCUMENTS_FOLDER, name) : null;
}
