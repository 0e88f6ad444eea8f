/** CSRF rule of DESIGN.md section 5: unsafe methods need X-Requested-With and a same-site Origin/Referer. */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { AppError } from './envelope.js';
import { Code, Message } from '../../core/codes.js';

const SAFE = new Set(['GET', 'HEAD', 'OPTIONS']);
/** Server-to-server callbacks carry a signature instead. */
const EXEMPT = ['/api/pay/notify/'];

function sameHost(value: string | undefined, host: string | undefined): boolean {
  if (!value) return true;
  try {
    return new URL(value).host === host;
  } catch {
    return false;
  }
}

/** Refuses (403) a request that does not come from the site's own pages. */
function checkSameSite(request: FastifyRequest) {
  const host = request.headers.host;
  const origin = request.headers.origin;
  const referer = request.headers.referer;
  const ok =
    request.headers['x-requested-with'] === 'XMLHttpRequest' &&
    sameHost(origin === 'null' ? 'null:' : origin, host) &&
    sameHost(origin ? undefined : referer, host);
  if (!ok) throw new AppError(Code.forbidden, Message.forbidden, 403);
}

export function registerCsrf(app: FastifyInstance) {
  // A hook that calls `done` (nothing here waits): no promise for every request.
  app.addHook('onRequest', (request, _reply, done) => {
    if (SAFE.has(request.method) || !request.url.startsWith('/api/') || EXEMPT.some((p) => request.url.startsWith(p))) return done();
    try {
      checkSameSite(request);
    } catch (error) {
      return done(error as Error);
    }
    done();
  });
}

/**
 * Route options of a GET that changes state (the specification's `GET /api/draw?id`): it is held to the rule of
 * the unsafe methods, so a link or an image on another site cannot make a buyer draw.
 */
export const changesState = {
  onRequest: async (request: FastifyRequest) => checkSameSite(request),
};
