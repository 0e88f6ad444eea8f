/**
 * Every request's id: in each log line of the request (Fastify's child logger, as `reqId`) and in the `X-Request-Id`
 * header of its answer, so that a buyer's report or a proxy's log leads to the server's lines. An id the proxy in
 * front sent is kept when it is a short plain token; anything else could forge or break log lines, and a new one is
 * made instead.
 */
import crypto from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import type { FastifyInstance } from 'fastify';

export const REQUEST_ID_HEADER = 'x-request-id';

const SAFE_ID = /^[A-Za-z0-9._-]{1,64}$/;

/** Fastify's `genReqId`. */
export function requestId(req: IncomingMessage): string {
  const given = req.headers[REQUEST_ID_HEADER];
  return typeof given === 'string' && SAFE_ID.test(given) ? given : crypto.randomUUID();
}

/** Puts the id on every answer: the first hook of all, so that an answer refused by any later one has it too. */
export function registerRequestId(app: FastifyInstance) {
  app.addHook('onRequest', (request, reply, done) => {
    reply.header(REQUEST_ID_HEADER, request.id);
    done();
  });
}
