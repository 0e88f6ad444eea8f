/**
 * Who a request acts as. The accounts module reads the session (accounts/sessions.ts); every route reads
 * `request.session` through these types and guards, without depending on how sessions are kept.
 */
import type { FastifyRequest } from 'fastify';
import type { users } from '../db/schema/accounts.js';
import { unauthenticated } from './envelope.js';

export type SessionUser = typeof users.$inferSelect;

/**
 * `user` is whom the request acts as. A chain headquarters acting for one of its stores (多店管理) has the
 * store as `user` and itself as `actor`; everyone else has `actor` null.
 */
export type CurrentSession = { id: string; token: string; user: SessionUser; actor: SessionUser | null };

declare module 'fastify' {
  interface FastifyRequest {
    session: CurrentSession | null;
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
