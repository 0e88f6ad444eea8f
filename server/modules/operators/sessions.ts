/**
 * Operator sessions: an opaque token in their own httpOnly cookie (SameSite=Strict), only its sha256 stored;
 * over after 30 minutes without a call or 12 hours in all, and when the operator is disabled or their
 * password reset. A buyer's session never opens the console.
 */
import crypto from 'node:crypto';
import { and, eq, gt, lt, or } from 'drizzle-orm';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { OPERATOR_IDLE_MINUTES, OPERATOR_SESSION_HOURS, permissionsOf } from '../../../core/admin.js';
import type { Conn, Db } from '../../db/client.js';
import { operators, operatorSessions } from '../../db/schema/operators.js';
import type { CurrentOperator } from '../../http/auth.js';
import { unauthenticated } from '../../http/envelope.js';

export const OPERATOR_COOKIE = 'yct_admin';
const IDLE_MS = OPERATOR_IDLE_MINUTES * 60_000;
/** `last_seen_at` is written at most this often (a busy operator's every call need not write). */
const TOUCH_MS = 60_000;

const digest = (token: string) => crypto.createHash('sha256').update(token).digest('hex');

async function lookup(db: Db, token: string): Promise<CurrentOperator | null> {
  const id = digest(token);
  const now = new Date();
  const [row] = await db
    .select({ operator: operators, session: operatorSessions })
    .from(operatorSessions)
    .innerJoin(operators, eq(operators.id, operatorSessions.operatorId))
    .where(and(eq(operatorSessions.id, id), gt(operatorSessions.expiresAt, now), gt(operatorSessions.lastSeenAt, new Date(now.getTime() - IDLE_MS))))
    .limit(1);
  if (!row || row.operator.isDisabled) return null;
  if (row.operator.sessionsValidAfter && row.session.createdAt < row.operator.sessionsValidAfter) return null;
  if (now.getTime() - row.session.lastSeenAt.getTime() > TOUCH_MS) {
    await db.update(operatorSessions).set({ lastSeenAt: now }).where(eq(operatorSessions.id, id));
  }
  return { sessionId: id, operator: row.operator, permissions: new Set(permissionsOf(row.operator.roles)) };
}

/** The console calls open without an operator session. */
const OPEN_PATHS = new Set(['/api/admin/login', '/api/admin/logout']);

const tokenOf = (request: FastifyRequest) => {
  const token = request.cookies[OPERATOR_COOKIE];
  return token && token.length <= 128 ? token : null;
};

/**
 * Reads the operator session of every console call. Without one, a call other than login and logout answers
 * 401 here, before its input is looked at: a buyer or a guest learns nothing of the console's calls.
 */
export function registerOperatorSessions(app: FastifyInstance, db: Db) {
  app.decorateRequest('operator', null);
  const read = async (request: FastifyRequest) => {
    const token = tokenOf(request);
    request.operator = token ? await lookup(db, token) : null;
    if (!request.operator && !OPEN_PATHS.has(request.url.split('?')[0])) throw unauthenticated();
  };
  // A hook that calls `done`: the storefront's calls pass it without a promise of their own.
  app.addHook('onRequest', (request, _reply, done) => {
    if (!request.url.startsWith('/api/admin/')) return done();
    read(request).then(() => done(), done);
  });
}

/**
 * The operator of a request outside the console's API (a buyer's file the console shows), read from the
 * console's cookie; null without a live operator session.
 */
export async function operatorOf(db: Db, request: FastifyRequest): Promise<CurrentOperator | null> {
  if (request.operator) return request.operator;
  const token = tokenOf(request);
  return token ? lookup(db, token) : null;
}

/** Starts a fresh operator session (any the request carried is ended first). */
export async function startOperatorSession(conn: Conn, request: FastifyRequest, reply: FastifyReply, operatorId: number) {
  if (request.operator) await conn.delete(operatorSessions).where(eq(operatorSessions.id, request.operator.sessionId));
  const token = crypto.randomBytes(32).toString('base64url');
  const expiresAt = new Date(Date.now() + OPERATOR_SESSION_HOURS * 3_600_000);
  await conn.insert(operatorSessions).values({
    id: digest(token),
    operatorId,
    expiresAt,
    ip: request.ip.slice(0, 64),
    userAgent: String(request.headers['user-agent'] ?? '').slice(0, 255),
  });
  reply.setCookie(OPERATOR_COOKIE, token, { path: '/', httpOnly: true, sameSite: 'strict', secure: request.protocol === 'https', expires: expiresAt });
}

export async function endOperatorSession(conn: Conn, request: FastifyRequest, reply: FastifyReply) {
  if (request.operator) await conn.delete(operatorSessions).where(eq(operatorSessions.id, request.operator.sessionId));
  reply.clearCookie(OPERATOR_COOKIE, { path: '/' });
}

/** Ends every session of an operator (disabled, password reset). */
export async function endOperatorSessions(conn: Conn, operatorId: number) {
  await conn.delete(operatorSessions).where(eq(operatorSessions.operatorId, operatorId));
}

/** Drops sessions that are over (a background job); answers how many. */
export async function sweepOperatorSessions(db: Db, now = Date.now()): Promise<number> {
  const gone = await db
    .delete(operatorSessions)
    .where(or(lt(operatorSessions.expiresAt, new Date(now)), lt(operatorSessions.lastSeenAt, new Date(now - IDLE_MS))))
    .returning({ id: operatorSessions.id });
  return gone.length;
}
