/**
 * Test helpers: a real app on a real database. PGlite in memory by default; with TEST_DB=postgres a
 * fresh PostgreSQL database per test file on the server of TEST_DATABASE_URL or DATABASE_URL. Either is a
 * copy of one seeded once for the run (test-databases.ts).
 */
import crypto from 'node:crypto';
import os from 'node:os';
import path from 'node:path';
import { isAuditAction, isAuditField, isAuditTarget } from '../core/audit-names.js';
import { buildApp } from './app.js';
import { loadConfig, type Config } from './config.js';
import { openDatabase, type Database, type Db } from './db/client.js';
import { and, asc, eq, gt } from 'drizzle-orm';
import { auditLog, cartItems, goods } from './db/schema/index.js';
import { DEMO_PASSWORD, DEMO_PAY_PASSWORD } from './seed/demo-password.js';
import type { SmsSender } from './modules/accounts/index.js';
import { OPERATOR_PASSWORD } from './modules/operators/index.js';
import { seededPglite, seededPostgres } from './test-databases.js';

export { DEMO_PASSWORD, DEMO_PAY_PASSWORD };

const usePostgres = process.env.TEST_DB === 'postgres';
export const dbLabel = usePostgres ? 'PostgreSQL' : 'PGlite';

/** `url`: the PostgreSQL database's, for a second connection to it (another app, as another process would). */
export type TestDatabase = Database & { dispose(): Promise<void>; url?: string };

/**
 * The sizes a seeded database comes in: each size is built once per run (migrations, seed, the accounts' hashes:
 * 10-15 s on PGlite) and copied for every file that asks for it (1-2 s), so a file gets the smallest size that
 * holds the goods it asks for rather than a database of its own size.
 */
const SEEDED_SIZES = [60, 120, 300, 600];

/**
 * A database of its own for a test file, migrated and seeded with at least `goods` goods (the seeded size that
 * holds them) and (unless `accounts` is false) the demo accounts and operators.
 */
export async function openTestDatabase(opts: { goods?: number; accounts?: boolean } = {}): Promise<TestDatabase> {
  const asked = opts.goods ?? 200;
  const seed = { goods: SEEDED_SIZES.find((n) => n >= asked) ?? asked, accounts: opts.accounts ?? true };
  let drop = async () => {};
  let database: Database;
  let url: string | undefined;
  if (usePostgres) {
    const base = process.env.TEST_DATABASE_URL || process.env.DATABASE_URL;
    if (!base) throw new Error('TEST_DB=postgres needs TEST_DATABASE_URL or DATABASE_URL');
    const fresh = await seededPostgres(base, seed);
    drop = fresh.drop;
    url = fresh.url;
    database = await openDatabase({ url, poolSize: 10 });
  } else {
    database = await seededPglite(seed);
  }
  return {
    ...database,
    url,
    dispose: async () => {
      await database.close();
      await drop();
    },
  };
}

export function testConfig(overrides: Partial<Config> = {}): Config {
  const dataDir = path.join(os.tmpdir(), `yct-test-${crypto.randomBytes(4).toString('hex')}`);
  // Other areas' tests ship orders without scanning trace codes; the trace tests turn the check on.
  return loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent' }, { DATA_DIR: dataDir, TRACE_CHECK: 'off', ...overrides });
}

/**
 * What the audit rows of a test lack a Chinese name for (core/audit-names.ts): an action, a kind of target or a
 * field the console's audit log would show as recorded. A test that makes such a row fails when it closes.
 */
async function unnamedInAudit(db: Db): Promise<string[]> {
  const rows = await db.select({ action: auditLog.action, target: auditLog.targetType, before: auditLog.before, after: auditLog.after }).from(auditLog);
  const unnamed = new Set<string>();
  for (const r of rows) {
    if (!isAuditAction(r.action)) unnamed.add(`action ${r.action}`);
    if (!isAuditTarget(r.target)) unnamed.add(`target ${r.target}`);
    for (const field of [...Object.keys(r.before ?? {}), ...Object.keys(r.after ?? {})]) if (!isAuditField(field)) unnamed.add(`field ${field} (${r.action})`);
  }
  return [...unnamed];
}

export async function buildTestApp(opts: { goods?: number; config?: Partial<Config>; sms?: SmsSender } = {}) {
  const database = await openTestDatabase({ goods: opts.goods });
  const app = await buildApp({ config: testConfig(opts.config), database, sms: opts.sms, logger: false });
  await app.ready();
  return {
    app,
    database,
    db: database.db,
    close: async () => {
      const unnamed = await unnamedInAudit(database.db);
      await app.close();
      await database.dispose();
      if (unnamed.length) throw new Error(`The audit log shows these without a Chinese name (core/audit-names.ts): ${unnamed.join(', ')}`);
    },
  };
}

export type TestApp = Awaited<ReturnType<typeof buildTestApp>>;

/**
 * Another connection to a test app's database, as another server process has: on PostgreSQL a pool of its own;
 * on PGlite, one process's own database, the same one.
 */
/** The database, but its `failAt`th statement run through `execute` fails: a run cut short between two steps. */
export function failingOn(db: Db, failAt: number): Db {
  let calls = 0;
  return new Proxy(db, {
    get(target, prop) {
      if (prop !== 'execute') return Reflect.get(target, prop, target) as unknown;
      return (...args: Parameters<Db['execute']>) => {
        calls += 1;
        if (calls === failAt) return Promise.reject(new Error('数据库连接中断'));
        return target.execute(...args);
      };
    },
  });
}

export async function anotherConnection(t: TestApp): Promise<{ db: Db; close: () => Promise<void> }> {
  if (!t.database.url) return { db: t.db, close: async () => {} };
  const second = await openDatabase({ url: t.database.url, poolSize: 2 });
  return { db: second.db, close: () => second.close() };
}

const XHR = { 'x-requested-with': 'XMLHttpRequest' };

/** A browser-like client: keeps the session cookie (the console's with `yct_admin`), sends X-Requested-With, posts form-encoded bodies. */
export function agent(app: TestApp['app'], cookieName = 'yct_session') {
  let cookie = '';
  const remember = (res: { headers: Record<string, unknown> }) => {
    const set = res.headers['set-cookie'];
    const all = Array.isArray(set) ? set : set ? [String(set)] : [];
    for (const c of all) {
      const [pair] = c.split(';');
      if (pair.startsWith(`${cookieName}=`)) cookie = pair.endsWith('=') ? '' : pair;
    }
  };
  const send = async (method: 'GET' | 'POST' | 'DELETE' | 'PUT', url: string, body?: unknown, form = true) => {
    const headers: Record<string, string> = { ...XHR, ...(cookie ? { cookie } : {}) };
    let payload: string | undefined;
    if (body !== undefined) {
      if (form) {
        const qs = await import('qs');
        payload = qs.default.stringify(body);
        headers['content-type'] = 'application/x-www-form-urlencoded';
      } else {
        payload = typeof body === 'string' ? body : JSON.stringify(body);
        headers['content-type'] = 'application/json';
      }
    }
    const res = await app.inject({ method, url, headers, payload });
    remember(res);
    return { status: res.statusCode, body: res.json() as { code: number; message: string; data: any }, headers: res.headers };
  };
  /** Uploads one file as the multipart field `file` (a picture by default); answers its URL. */
  const upload = async (bytes: Buffer, name = 'yyzz.png', type = 'image/png'): Promise<string> => {
    const boundary = `----yct${Date.now()}`;
    const payload = Buffer.concat([
      Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${name}"\r\nContent-Type: ${type}\r\n\r\n`),
      bytes,
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ]);
    const res = await app.inject({
      method: 'POST',
      url: '/api/upload',
      headers: { ...XHR, 'content-type': `multipart/form-data; boundary=${boundary}`, ...(cookie ? { cookie } : {}) },
      payload,
    });
    return res.json().data.url as string;
  };
  return {
    get: (url: string) => send('GET', url),
    post: (url: string, body?: unknown) => send('POST', url, body ?? {}),
    postJson: (url: string, body: unknown) => send('POST', url, body, false),
    delete: (url: string) => send('DELETE', url),
    upload,
    get cookie() {
      return cookie;
    },
    set cookie(v: string) {
      cookie = v;
    },
  };
}

export async function loginAs(app: TestApp['app'], username: string, password = DEMO_PASSWORD) {
  const a = agent(app);
  const res = await a.post('/api/user/login', { username, password });
  if (res.body.code !== 10000) throw new Error(`login ${username} failed: ${res.body.message}`);
  return a;
}

/** An operator's browser: keeps the console cookie, sends X-Requested-With, posts JSON (or a file as multipart). */
function operatorAgent(app: TestApp['app']) {
  let cookie = '';
  const send = async (method: 'GET' | 'POST' | 'DELETE', url: string, body?: unknown, form?: FormData) => {
    const headers: Record<string, string> = { ...XHR, ...(cookie ? { cookie } : {}) };
    if (body !== undefined) headers['content-type'] = 'application/json';
    const res = await app.inject({ method, url, headers, payload: form ?? (body === undefined ? undefined : JSON.stringify(body)) });
    const set = res.headers['set-cookie'];
    for (const c of Array.isArray(set) ? set : set ? [String(set)] : []) {
      const [pair] = c.split(';');
      if (pair.startsWith('yct_admin=')) cookie = pair.endsWith('=') ? '' : pair;
    }
    const json = res.headers['content-type']?.toString().startsWith('application/json');
    return {
      status: res.statusCode,
      body: (json ? res.json() : null) as { code: number; message: string; data: any },
      headers: res.headers,
      raw: res.rawPayload,
    };
  };
  return {
    get: (url: string) => send('GET', url),
    post: (url: string, body?: unknown) => send('POST', url, body ?? {}),
    postJson: (url: string, body: unknown) => send('POST', url, body),
    delete: (url: string) => send('DELETE', url),
    /** Posts one file as the multipart field `file`. */
    upload: (url: string, file: Buffer, name: string, type = 'application/octet-stream') => {
      const form = new FormData();
      form.append('file', new Blob([new Uint8Array(file)], { type }), name);
      return send('POST', url, undefined, form);
    },
    /** The console's session cookie, for requests made by hand. */
    get cookie() {
      return cookie;
    },
  };
}

/** An operator logged in to the console (seeded operators: admin, ops, qa, finance, warehouse, service). */
export async function operatorLogin(app: TestApp['app'], username: string, password = OPERATOR_PASSWORD) {
  const a = operatorAgent(app);
  const res = await a.post('/api/admin/login', { username, password });
  if (res.body.code !== 10000) throw new Error(`operator login ${username} failed: ${res.body.message}`);
  return a;
}

/**
 * `buyer` (the account `userId`) checks out a cart of `packages` middle packages (one by default) of the first plain
 * goods in stock (any other line removed); answers the confirm page's address, to order it with.
 */
export async function checkedOutOne(t: TestApp, buyer: ReturnType<typeof agent>, userId: number, packages = 1): Promise<number> {
  const [g] = await t.db
    .select({ id: goods.id, zbz: goods.zbz })
    .from(goods)
    .where(and(eq(goods.isBuy, true), eq(goods.isOnSale, true), eq(goods.isKx, false), eq(goods.isEphedrine, false), gt(goods.number, 1000)))
    .orderBy(asc(goods.id))
    .limit(1);
  await t.db.delete(cartItems).where(eq(cartItems.userId, userId));
  const added = await buyer.post('/api/cart', { params: [{ goods_id: g.id, number: g.zbz * packages }] });
  if (added.body.code !== 10000) throw new Error(`adding to the cart: ${added.body.message}`);
  const ids = ((await buyer.get('/api/cart/list')).body.data.list as { id: number }[]).map((l) => l.id);
  await buyer.post('/api/cart/checkout', { ids });
  return (await buyer.get('/api/cart/confirm?coupon_id=0')).body.data.address_id as number;
}
