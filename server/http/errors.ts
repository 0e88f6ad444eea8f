/**
 * One place that turns every failure into the envelope: 422 for bad input, 503 while the database is away, masked
 * 500 for the unexpected.
 */
import type { Socket } from 'node:net';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { ZodError } from 'zod';
import { Code, Message, type ValidationErrors } from '../../core/codes.js';
import { databaseUnavailable } from '../db/client.js';
import { AppError } from './envelope.js';
import { REQUEST_ID_HEADER } from './request-id.js';

function fieldName(path: readonly PropertyKey[] | string): string {
  const parts = typeof path === 'string' ? path.split('/').filter(Boolean) : path.map(String);
  return parts.length ? parts.join('.') : '_';
}

function addError(errors: ValidationErrors, field: string, message: string) {
  (errors[field] ??= []).push(message);
}

function zodErrors(error: ZodError): ValidationErrors {
  const errors: ValidationErrors = {};
  for (const issue of error.issues) addError(errors, fieldName(issue.path), issue.message);
  return errors;
}

const invalidReply = (errors: ValidationErrors) => ({
  code: Code.invalid,
  message: Object.values(errors)[0]?.[0] ?? Message.badBody,
  data: { errors },
});

/** PostgreSQL's unique_violation, as pg and PGlite report it, possibly wrapped by drizzle. */
function isUniqueViolation(error: unknown): boolean {
  for (let e = error as { code?: unknown; cause?: unknown } | undefined, depth = 0; e && depth < 4; e = e.cause as typeof e, depth++) {
    if (e.code === '23505') return true;
  }
  return false;
}

/** What a 503 tells the client to wait before it tries again, in seconds. */
const RETRY_AFTER_S = 5;

export function registerErrorHandling(app: FastifyInstance) {
  app.setErrorHandler((error: FastifyError | AppError | ZodError, request, reply) => {
    if (error instanceof AppError) {
      return reply.status(error.httpStatus).send({ code: error.code, message: error.message, data: error.data });
    }
    if (error instanceof ZodError) return reply.status(422).send(invalidReply(zodErrors(error)));
    if (hasZodFastifySchemaValidationErrors(error)) {
      const errors: ValidationErrors = {};
      for (const v of error.validation) addError(errors, fieldName(v.instancePath), v.message ?? Message.badBody);
      return reply.status(422).send(invalidReply(errors));
    }
    const status = (error as FastifyError).statusCode ?? 500;
    if (status === 429) {
      return reply.status(429).send({ code: Code.tooMany, message: Message.tooMany, data: null });
    }
    if (status >= 400 && status < 500) {
      // Malformed JSON, an unsupported content type, a body too large: the buyer sent something we cannot read.
      request.log.info({ err: { code: (error as FastifyError).code, message: error.message } }, 'unreadable request');
      return reply.status(422).send(invalidReply({ _: [Message.badBody] }));
    }
    if (databaseUnavailable(error)) {
      // The database is stopped, restarting or out of reach: a transaction it cut off is whole or absent, and the
      // same request may succeed in a few seconds. Said once in the log, not per request (freshness.ts).
      request.log.debug({ err: error }, 'database unavailable');
      return reply.status(503).header('retry-after', String(RETRY_AFTER_S)).send({ code: Code.unavailable, message: Message.unavailable, data: null });
    }
    if (isUniqueViolation(error)) {
      // Two identical submissions raced past the service's own check (a double click on 注册): the second loses.
      request.log.info({ constraint: (error as { constraint?: string }).constraint }, 'duplicate submission');
      return reply.status(422).send(invalidReply({ _: [Message.duplicate] }));
    }
    request.log.error({ err: error }, 'unexpected failure');
    return reply.status(500).send({ code: Code.serverError, message: Message.serverError, data: null });
  });
}

/**
 * Errors Fastify meets before any route runs: a path parameter over 100 characters, a malformed URL. They
 * answer in the envelope like everything else, with the request's id (no hook runs for them).
 */
export function frameworkErrors(error: FastifyError, request: FastifyRequest, reply: FastifyReply) {
  reply.header(REQUEST_ID_HEADER, request.id);
  if (error.code === 'FST_ERR_MAX_PARAM_LENGTH') {
    return reply.status(414).send({ code: 414, message: '请求地址过长', data: null });
  }
  return reply.status(422).send(invalidReply({ _: [Message.badUrl] }));
}

const CLIENT_ERRORS: Record<string, [number, string, string]> = {
  HPE_HEADER_OVERFLOW: [431, 'Request Header Fields Too Large', '请求地址或请求头过长'],
  ERR_HTTP_REQUEST_TIMEOUT: [408, 'Request Timeout', '请求超时，请刷新页面'],
};

/**
 * Requests Node's HTTP parser cannot read (a URL over 16 KB, a header too large, garbage): Fastify never sees
 * them, so the envelope is written to the socket here, with the byte length of its Chinese text.
 */
export function clientErrorHandler(error: Error & { code?: string }, socket: Socket) {
  if (error.code === 'ECONNRESET' || socket.destroyed) return;
  const [status, reason, message] = CLIENT_ERRORS[error.code ?? ''] ?? [400, 'Bad Request', Message.badBody];
  const body = JSON.stringify({ code: status, message, data: null });
  if (socket.writable) {
    socket.write(
      `HTTP/1.1 ${status} ${reason}\r\nContent-Type: application/json; charset=utf-8\r\nContent-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`,
    );
  }
  socket.destroy(error);
}
