/** Sessions: an opaque token in an httpOnly cookie (or a Bearer header); only its sha256 is stored. */
import crypto from 'node:crypto';
import { and, eq, gt, ne, sql } from 'drizzle-orm';
import type { FastifyBaseLogger, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { SESSION_TTL_DAYS } from '../../../core/constants.js';
import { loginFirst } from '../../../core/login-first.js';
import type { Conn, Database, Db } from '../../db/client.js';
import { sessions, users } from '../../db/schema/accounts.js';
import type { CurrentSession, LicenceExpiry, SessionUser } from '../../http/auth.js';
import { licenceExpiriesSql } from './licence-expiry.js';

const SESSION_COOKIE = 'yct_session';
/**
 * Where the session is read: the API, uploads (served to their owner only), the sandbox gateway's page, the
 * login page (a buyer logged in already is sent on from it, server/app.ts) and the pages of the member frame (a
 * guest is sent to log in first, the same place).
 */
const SESSION_PATHS = ['/api/', '/uploads/', '/pay/sandbox/'];
const LOGIN_PAGE = /^\/login\/?(\?|$)/i;
const memberPage = (url: string) => {
  const path = url.split('?')[0];
  return !path.includes('.') && loginFirst(path) !== null;
};
const readsSession = (url: string) => SESSION_PATHS.some((p) => url.startsWith(p)) || LOGIN_PAGE.test(url) || memberPage(url);

const digest = (token: string) => crypto.createHash('sha256').update(token).digest('hex');

function tokenOf(request: FastifyRequest): string | undefined {
  const auth = request.headers.authorization;
  if (auth?.startsWith('Bearer ')) return auth.slice(7).trim() || undefined;
  const cookie = request.cookies[SESSION_COOKIE];
  return cookie && cookie.length <= 128 ? cookie : undefined;
}

/** The account with its licences' approved last days (licence-expiry.ts), in the one statement that reads it. */
const withExpiries = ({ user, licenceExpiries }: { user: typeof users.$inferSelect; licenceExpiries: LicenceExpiry[] }): SessionUser => ({
  ...user,
  licenceExpiries,
});

async function lookup(db: Db, token: string): Promise<CurrentSession | null> {
  const id = digest(token);
  const [row] = await db
    .select({ user: users, licenceExpiries: licenceExpiriesSql(), createdAt: sessions.createdAt, actingFor: sessions.actingFor })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(and(eq(sessions.id, id), gt(sessions.expiresAt, new Date())))
    .limit(1);
  if (!row) return null;
  if (row.user.sessionsValidAfter && row.createdAt < row.user.sessionsValidAfter) return null;
  if (row.actingFor) {
    const [store] = await db
      .select({ user: users, licenceExpiries: licenceExpiriesSql() })
      .from(users)
      .where(and(eq(users.id, row.actingFor), eq(users.parentId, row.user.id)))
      .limit(1);
    if (store) return { id, token, user: withExpiries(store), actor: withExpiries(row) };
  }
  return { id, token, user: withExpiries(row), actor: null };
}

/**
 * Looked-up sessions are kept for a few seconds, because every call of a logged-in buyer needs one (prices
 * depend on the account) and each query is a turn of PGlite's single connection. Logging in or out, ending
 * sessions and any unsafe request of the account drop its entries at once, in every process: the process that
 * drops them tells the others over PostgreSQL (`followSessionForgets`), sent when the change commits. Changes
 * made by someone else without a forget show within CACHE_TTL_MS. See docs/decisions/002-sessions.md.
 */
const CACHE_TTL_MS = 5_000;
/**
 * Unsafe calls that never change the account's own row (cart, favourites, addresses, placing and paying
 * orders, page views): the buyer's cached session stays. Every other unsafe call drops it.
 */
const KEEPS_ACCOUNT = [
  /^\/api\/(cart|favorite|address)(\/|\?|$)/,
  /^\/api\/stat\/pv$/,
  /^\/api\/pay\/order$/,
  /^\/api\/order$/,
  /^\/api\/order\/\d+\/(cancel|buy_again|return|after_sale|receipt)$/,
  // A coupon claimed is the wallet's row, not the account's.
  /^\/api\/coupon\/receive$/,
];
const CACHE_MAX = 20_000;

/**
 * Sessions looked up lately, by token, and the tokens of each account's (as the buyer or as the operator
 * acting for one): forgetting or updating an account's sessions reads only its own, however many are kept.
 * Kept by token rather than by its digest, so that a request of a session kept here hashes nothing.
 *
 * A look-up in flight is shared by every request of its token that comes meanwhile (when an entry expires,
 * every open connection of the buyer asks at once). It keeps its answer only if nothing was forgotten while it
 * ran: a session ended or changed during the read must not come back from it.
 */
const cache = {
  entries: new Map<string, { session: CurrentSession; at: number }>(),
  byAccount: new Map<number, Set<string>>(),
  inFlight: new Map<string, Promise<CurrentSession | null>>(),
  /** Bumped by every forget: a look-up that began before it keeps nothing. */
  forgets: 0,
  get(key: string) {
    return this.entries.get(key);
  },
  set(key: string, session: CurrentSession) {
    this.delete(key);
    if (this.entries.size >= CACHE_MAX) this.delete(this.entries.keys().next().value!);
    this.entries.set(key, { session, at: Date.now() });
    for (const id of accountsOf(session)) (this.byAccount.get(id) ?? this.byAccount.set(id, new Set()).get(id)!).add(key);
  },
  delete(key: string) {
    const entry = this.entries.get(key);
    if (!entry) return;
    this.entries.delete(key);
    for (const id of accountsOf(entry.session)) {
      const keys = this.byAccount.get(id);
      keys?.delete(key);
      if (keys?.size === 0) this.byAccount.delete(id);
    }
  },
  /** Drops the entries of `keys` and whatever look-up is in flight. */
  forget(...keys: string[]) {
    this.forgets++;
    this.inFlight.clear();
    for (const key of keys) this.delete(key);
  },
  keysOf(userId: number) {
    return [...(this.byAccount.get(userId) ?? [])];
  },
};

const accountsOf = (session: CurrentSession) => (session.actor ? [session.user.id, session.actor.id] : [session.user.id]);

/** Every process's sessions are dropped by notices on this channel; the payload is the account's id. */
const FORGET_CHANNEL = 'yct_sessions';
/** The PostgreSQL databases whose other processes hear this process's forgets (`followSessionForgets`). */
const told = new Set<Db>();

/** Tells the other processes to drop the account's sessions: in `conn`'s transaction (sent as it commits), or now. */
async function tellForget(conn: Conn, userId: number) {
  await conn.execute(sql`select pg_notify(${FORGET_CHANNEL}, ${String(userId)})`);
}

/** Drops the account's kept sessions, here and in every other process (after its change has committed). */
export function forgetUserSessions(userId: number) {
  cache.forget(...cache.keysOf(userId));
  for (const db of told) void tellForget(db, userId).catch(() => {});
}

/**
 * Drops, in this process, the sessions of the accounts other processes forget on `database`, and every kept
 * session when notices may have been lost. Answers what stops it. Only where other processes may write: on
 * PostgreSQL.
 */
function followSessionForgets(database: Database, log: FastifyBaseLogger): () => Promise<void> {
  const { db, listen } = database;
  if (!listen) return async () => {};
  told.add(db);
  const stop = listen(
    FORGET_CHANNEL,
    (payload) => {
      const userId = Number(payload);
      if (Number.isSafeInteger(userId)) cache.forget(...cache.keysOf(userId));
    },
    () => {
      log.warn('sessions: listening again after a lost connection; kept sessions dropped');
      cache.forget(...cache.entries.keys());
    },
  );
  return async () => {
    told.delete(db);
    await stop();
  };
}

/**
 * Sets the account's points in its cached sessions, where the caller knows them as they now stand (a draw's
 * answer): its next requests read the new balance without looking the session up again.
 */
export function setCachedPoints(userId: number, points: number) {
  for (const key of cache.keysOf(userId)) {
    const entry = cache.get(key)!;
    if (entry.session.user.id === userId) entry.session = { ...entry.session, user: { ...entry.session.user, points } };
  }
}

function cachedLookup(db: Db, token: string): CurrentSession | null | Promise<CurrentSession | null> {
  const hit = cache.get(token);
  if (hit && Date.now() - hit.at < CACHE_TTL_MS) return hit.session;
  const pending = cache.inFlight.get(token);
  if (pending) return pending;
  const began = cache.forgets;
  const looked: Promise<CurrentSession | null> = lookup(db, token)
    .then((session) => {
      if (began === cache.forgets) {
        if (session) cache.set(token, session);
        else cache.delete(token);
      }
      return session;
    })
    .finally(() => cache.inFlight.get(token) === looked && cache.inFlight.delete(token));
  cache.inFlight.set(token, looked);
  return looked;
}

/** Reads each request's session, keeps it a few seconds, and drops it here and in every process as it changes. */
export function registerSessions(app: FastifyInstance, database: Database) {
  const { db } = database;
  app.addHook('onClose', followSessionForgets(database, app.log));
  app.decorateRequest('session', null);
  // Hooks that call `done` rather than return a promise: a session kept in memory is found in the same turn.
  app.addHook('onRequest', (request, _reply, done) => {
    const token = tokenOf(request);
    if (!token || !readsSession(request.url)) return done();
    const found = cachedLookup(db, token);
    if (!(found instanceof Promise)) {
      request.session = found;
      return done();
    }
    found.then((session) => {
      request.session = session;
      done();
    }, done);
  });
  app.addHook('onResponse', (request, _reply, done) => {
    if (request.session && request.method !== 'GET' && request.method !== 'HEAD') {
      const path = request.url.split('?')[0];
      if (!KEEPS_ACCOUNT.some((p) => p.test(path))) forgetUserSessions(request.session.user.id);
    }
    done();
  });
}

/** Starts a fresh session (rotation: any session the request carried is ended first). */
export async function startSession(conn: Conn, request: FastifyRequest, reply: FastifyReply, userId: number) {
  if (request.session) {
    cache.forget(request.session.token);
    await conn.delete(sessions).where(eq(sessions.id, request.session.id));
    if (told.size) await tellForget(conn, request.session.user.id);
  }
  forgetUserSessions(userId);
  const token = crypto.randomBytes(32).toString('base64url');
  const expiresAt = new Date(Date.now() + SESSION_TTL_DAYS * 86_400_000);
  await conn.insert(sessions).values({
    id: digest(token),
    userId,
    expiresAt,
    ip: request.ip.slice(0, 64),
    userAgent: String(request.headers['user-agent'] ?? '').slice(0, 255),
  });
  reply.setCookie(SESSION_COOKIE, token, {
    path: '/',
    httpOnly: true,
    sameSite: 'lax',
    secure: request.protocol === 'https',
    expires: expiresAt,
  });
  return token;
}

export async function endSession(conn: Conn, request: FastifyRequest, reply: FastifyReply) {
  if (request.session) {
    cache.forget(request.session.token);
    await conn.delete(sessions).where(eq(sessions.id, request.session.id));
    if (told.size) await tellForget(conn, request.session.user.id);
  }
  reply.clearCookie(SESSION_COOKIE, { path: '/' });
}

/** Makes the session act for one of the headquarters' stores, or (null) for the headquarters again. */
export async function setActingFor(conn: Conn, session: CurrentSession, storeId: number | null) {
  cache.forget(session.token);
  await conn.update(sessions).set({ actingFor: storeId }).where(eq(sessions.id, session.id));
  // Again: a request of the same session may have looked it up while the row was being changed.
  cache.forget(session.token);
  if (told.size) await tellForget(conn, session.user.id);
}

/** Ends every session of the account, or every one but `keep`. */
export async function endAllSessions(conn: Conn, userId: number, keep?: string) {
  cache.forget(...cache.keysOf(userId));
  await conn.delete(sessions).where(keep ? and(eq(sessions.userId, userId), ne(sessions.id, keep)) : eq(sessions.userId, userId));
  if (told.size) await tellForget(conn, userId);
}
