/**
 * Uploads on PostgreSQL are stored in the database (docs/decisions/043-uploads-storage.md): two real server processes
 * on one database, each with a data folder of its own as on two machines, serve what was uploaded through the other:
 * a buyer's licence to that buyer alone, an operator's goods picture to a guest, a first-business document to qa and
 * to an approved buyer, and the sample documents the first process seeded.
 */
import crypto from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { cookieOf, serverProcesses } from '../../test-processes.js';

const postgresUrl = process.env.TEST_DB === 'postgres' ? process.env.TEST_DATABASE_URL || process.env.DATABASE_URL : undefined;

const XHR = { 'x-requested-with': 'XMLHttpRequest' };
/** A picture and a PDF by their first bytes, with a body of their own each run. */
const PNG = Buffer.concat([Buffer.from('89504e470d0a1a0a', 'hex'), crypto.randomBytes(1_500_000)]);
const PICTURE = Buffer.concat([Buffer.from('89504e470d0a1a0a', 'hex'), crypto.randomBytes(200_000)]);
const PDF = Buffer.concat([Buffer.from('%PDF-1.4\n'), crypto.randomBytes(300_000), Buffer.from('\n%%EOF\n')]);

async function login(base: string, path: string, username: string, password: string, cookieName: string) {
  const res = await fetch(`${base}${path}`, {
    method: 'POST',
    headers: { ...XHR, 'content-type': 'application/json' },
    body: JSON.stringify({ username, password }),
  });
  expect(((await res.json()) as { code: number }).code, `${username} logs in`).toBe(10000);
  return cookieOf(res, cookieName);
}

/** Posts `bytes` as the multipart field `file`; answers the stored file's URL. */
async function upload(base: string, path: string, cookie: string, bytes: Buffer, name: string) {
  const form = new FormData();
  form.append('file', new Blob([new Uint8Array(bytes)]), name);
  const res = await fetch(`${base}${path}`, { method: 'POST', headers: { ...XHR, cookie }, body: form });
  const body = (await res.json()) as { code: number; message: string; data: { url: string } };
  expect(body.code, body.message).toBe(10000);
  return body.data.url;
}

async function get(base: string, path: string, cookie = '') {
  const res = await fetch(`${base}${path}`, { headers: cookie ? { cookie } : {} });
  return { status: res.status, headers: res.headers, bytes: Buffer.from(await res.arrayBuffer()) };
}

describe('uploads across server processes on PostgreSQL', () => {
  it.runIf(postgresUrl)('serves through one process what was uploaded through another, each with a data folder of its own', { timeout: 300_000 }, async () => {
    const processes = await serverProcesses(postgresUrl!, 'yct_uploads');
    try {
      const one = await processes.start({ REDIS_URL: '' });
      const other = await processes.start({ REDIS_URL: '' });

      // A buyer's licence picture, uploaded through one process, read back through the other; nobody else's.
      const buyer = await login(one, '/api/user/login', 'demo', 'Demo@2026', 'yct_session');
      const licence = await upload(one, '/api/upload', buyer, PNG, '营业执照.png');
      const mine = await get(other, licence, buyer);
      expect(mine.status).toBe(200);
      expect(mine.bytes.equals(PNG)).toBe(true);
      expect(mine.headers.get('content-length')).toBe(String(PNG.length));
      expect(mine.headers.get('content-type')).toBe('image/png');
      expect(mine.headers.get('cache-control')).toBe('private, max-age=3600');
      expect(mine.headers.get('content-security-policy')).toContain('sandbox');
      expect((await get(other, licence)).status).toBe(404);
      const stranger = await login(other, '/api/user/login', 'chain', 'Demo@2026', 'yct_session');
      expect((await get(other, licence, stranger)).status).toBe(404);

      // An operator's goods picture, uploaded through one process, shown to a guest by the other.
      const ops = await login(one, '/api/admin/login', 'ops', 'Admin@2026', 'yct_admin');
      const picture = await upload(one, '/api/admin/images', ops, PICTURE, '正面.png');
      expect(picture).toMatch(/^\/uploads\/public\//);
      const shown = await get(other, picture);
      expect(shown.status).toBe(200);
      expect(shown.bytes.equals(PICTURE)).toBe(true);
      expect(shown.headers.get('content-length')).toBe(String(PICTURE.length));
      expect(shown.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');

      // A first-business document added through one process, downloaded through the other by qa and by an
      // approved buyer.
      const qa = await login(one, '/api/admin/login', 'qa', 'Admin@2026', 'yct_admin');
      const document = await upload(one, '/api/admin/documents/upload', qa, PDF, '开户许可证.pdf');
      expect(document).toMatch(/^\/uploads\/documents\//);
      const set = await fetch(`${one}/api/admin/documents/site`, {
        method: 'POST',
        headers: { ...XHR, cookie: qa, 'content-type': 'application/json' },
        body: JSON.stringify({ kind: 'bank_account', number: 'J3310012345601', files: [document] }),
      });
      expect(((await set.json()) as { code: number }).code).toBe(10000);
      const looked = await get(other, `/api/admin/documents/file?url=${encodeURIComponent(document)}`, qa);
      expect(looked.status).toBe(200);
      expect(looked.bytes.equals(PDF)).toBe(true);
      expect(looked.headers.get('cache-control')).toBe('private, no-store');
      await expect.poll(async () => (await get(other, '/api/documents/site/bank_account/1', buyer)).bytes.equals(PDF), { timeout: 5_000 }).toBe(true);

      // The sample documents the first process seeded into the database, served by the other.
      const seededLicence = await get(other, '/api/documents/site/drug_licence/1', buyer);
      expect(seededLicence.status).toBe(200);
      expect(seededLicence.bytes.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    } finally {
      await processes.stop();
    }
  });
});
