/**
 * What an operator's machinery asks, beside the API: `/healthz` (the process lives: a supervisor restarts it
 * otherwise), `/readyz` (the database answers: a load balancer sends buyers to another process otherwise; and whether
 * Redis, when configured, does) and `/metrics` (metrics.ts), closed to the outside. Plain JSON or text, not the API's envelope;
 * no session is read, no rate limit applies, nothing is kept, and none is listed in the API reference.
 */
import crypto from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Redis } from 'ioredis';
import { Code, Message } from '../../core/codes.js';
import type { Database } from '../db/client.js';
import type { Metrics } from './metrics.js';

/** A check that has not answered in this long counts as down: the load balancer asks again in a few seconds. */
const CHECK_MS = 1_000;

type Outcome = { state: 'ok' } | { state: 'down'; err: unknown };

async function answers(check: () => Promise<unknown>): Promise<Outcome> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<Outcome>((resolve) => {
    timer = setTimeout(() => resolve({ state: 'down', err: new Error(`no answer within ${CHECK_MS} ms`) }), CHECK_MS);
  });
  try {
    return await Promise.race([check().then((): Outcome => ({ state: 'ok' })), late]);
  } catch (err) {
    return { state: 'down', err };
  } finally {
    clearTimeout(timer);
  }
}

/**
 * A client on this machine itself, connected straight to the server: the socket's address, never `req.ip`, which a
 * trusted proxy names; and a proxy on this machine (whose connections come from the loopback too) says whom it
 * forwards, which refuses the request.
 */
function fromThisMachine(request: FastifyRequest) {
  const address = request.raw.socket.remoteAddress ?? '';
  const loopback = address === '::1' || address.startsWith('127.') || address.startsWith('::ffff:127.');
  return loopback && request.headers['x-forwarded-for'] === undefined && request.headers.forwarded === undefined;
}

const digest = (text: string) => crypto.createHash('sha256').update(text).digest();

/** Whether the request carries `Authorization: Bearer <token>`, compared in constant time. */
const bearsToken = (request: FastifyRequest, token: string) => crypto.timingSafeEqual(digest(request.headers.authorization ?? ''), digest(`Bearer ${token}`));

/** Answered as to a call that does not exist: nothing tells a stranger that metrics are there. */
const notFound = (reply: FastifyReply) => reply.status(404).send({ code: Code.notFound, message: Message.routeNotFound, data: null });

export type HealthDeps = {
  database: Database;
  /** The app's Redis connection when REDIS_URL is set. */
  redis: Redis | null;
  metrics: Metrics;
  /** METRICS_TOKEN: `/metrics` asks for it when set, and is read from this machine alone otherwise. */
  metricsToken: string | undefined;
};

export function healthRoutes(app: FastifyInstance, { database, redis, metrics, metricsToken }: HealthDeps) {
  const hidden = { schema: { hide: true } };

  // The process's id: which of several worker processes answered (server/serve.ts).
  app.get('/healthz', hidden, async (_request, reply) => reply.header('cache-control', 'no-store').send({ status: 'ok', pid: process.pid }));

  // Without the database nothing is served: 503, and the balancer sends buyers elsewhere. Without Redis the process
  // still sells and chats within itself (limits counted per process): ready, and says it is `degraded`.
  // What the last probe found: the log says when it changes, not at every probe of a balancer polling each second.
  let last: 'ok' | 'degraded' | 'unavailable' = 'ok';
  app.get('/readyz', hidden, async (request, reply) => {
    const [db, cache] = await Promise.all([answers(() => database.db.execute(sql`select 1`)), redis ? answers(() => redis.ping()) : Promise.resolve(null)]);
    const checks = { database: db.state, ...(cache ? { redis: cache.state } : {}) };
    const status = db.state === 'down' ? 'unavailable' : cache?.state === 'down' ? 'degraded' : 'ok';
    if (status !== last) {
      const failed = db.state === 'down' ? db : cache;
      if (status === 'ok') request.log.info({ checks }, 'ready again');
      else
        request.log.warn(
          { checks, err: failed?.state === 'down' ? failed.err : undefined },
          status === 'unavailable' ? 'not ready' : 'degraded: Redis does not answer',
        );
      last = status;
    }
    reply.header('cache-control', 'no-store');
    return reply.status(status === 'unavailable' ? 503 : 200).send({ status, checks });
  });

  app.get('/metrics', hidden, async (request, reply) => {
    if (!(metricsToken ? bearsToken(request, metricsToken) : fromThisMachine(request))) return notFound(reply);
    return reply
      .header('cache-control', 'no-store')
      .type(metrics.contentType)
      .send(await metrics.text());
  });
}
