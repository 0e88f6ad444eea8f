/**
 * Who a request acts as. The accounts module reads the session (accounts/sessions.ts); every route reads
 * `request.session` through these types and guards, without depending on how sessions are kept.
 */
import type { FastifyRequest } from 'fastify';
import type { Permission } from '../../core/admin.js';
import { Code, Message } from '../../core/codes.js';
import type { users } from '../db/schema/accounts.js';
import type { operators } from '../db/schema/operators.js';
import { AppError, unauthenticated } from './envelope.js';

/** A licence's approved last day (YYYY-MM-DD, China), as the session carries it. */
export type LicenceExpiry = { type: string; until: string };

export type SessionUser = typeof users.$inferSelect & {
  /**
   * The account's licences by their approved last day, earliest first (none without an end): read with the
   * session (accounts/sessions.ts), so that whether an expiry refuses buying costs no query. Absent on an account
   * row read for another purpose, which is then not refused for expiry.
   */
  licenceExpiries?: readonly LicenceExpiry[];
};

/**
 * `user` is whom the request acts as. A chain headquarters acting for one of its stores (多店管理) has the
 * store as `user` and itself as `actor`; everyone else has `actor` null.
 */
export type CurrentSession = { id: string; token: string; user: SessionUser; actor: SessionUser | null };

export type OperatorRow = typeof operators.$inferSelect;

/** The operator a console call acts as (its own cookie, never a buyer's session). */
export type CurrentOperator = { sessionId: string; operator: OperatorRow; permissions: ReadonlySet<Permission> };

declare module 'fastify' {
  interface FastifyRequest {
    session: CurrentSession | null;
    operator: CurrentOperator | null;
  }
}

/** The account the request acts as; 401 for a guest. */
export function requireUser(request: FastifyRequest): SessionUser {
  if (!request.session) throw unauthenticated();
  return request.session.user;
}

/** The session; 401 for a guest. */
export function requireSession(request: FastifyRequest): CurrentSession {
  if (!request.session) throw unauthenticated();
  return request.session;
}

/** The operator of a console call; 401 without an operator session (a buyer's session is none). */
export function requireOperator(request: FastifyRequest): CurrentOperator {
  if (!request.operator) throw unauthenticated();
  return request.operator;
}

const forbidden = () => new AppError(Code.forbidden, Message.noPermission, 403);

/** The operator, if they hold `permission`; 403 `无权限` otherwise (deny by default). */
export function requirePermission(request: FastifyRequest, permission: Permission): CurrentOperator {
  const current = requireOperator(request);
  if (!current.permissions.has(permission)) throw forbidden();
  return current;
}

/** Route options that refuse (403) an operator without `permission` before the input is validated. */
export const needs = (permission: Permission) => ({
  onRequest: async (request: FastifyRequest) => {
    requirePermission(request, permission);
  },
});

/** Route options that refuse (403) an operator holding none of `permissions` before the input is validated. */
export const needsAny = (...permissions: Permission[]) => ({
  onRequest: async (request: FastifyRequest) => {
    if (!permissions.some((p) => requireOperator(request).permissions.has(p))) throw forbidden();
  },
});
