/**
 * One log line per request, once its answer has gone: method, url, status and the time taken in milliseconds (at
 * error level when the request failed, info otherwise), instead of Fastify's pair of lines (incoming request,
 * request completed). Written by the request's own logger, it carries the request's id (`reqId`, request-id.ts) as
 * every other line of the request does. Given to Fastify in server/app.ts.
 */
import { LogController, type FastifyReply, type FastifyRequest } from 'fastify';

export class OneLinePerRequest extends LogController {
  override incomingRequest() {}

  override requestCompleted(error: Error | null | undefined, request: FastifyRequest, reply: FastifyReply) {
    const line = { method: request.method, url: request.url, statusCode: reply.statusCode, responseTime: Math.round(reply.elapsedTime * 10) / 10 };
    if (error) reply.log.error({ ...line, err: error }, 'request failed');
    else reply.log.info(line, 'request');
  }
}
