/**
 * One rule for every field of every request, present or future: no control characters (core/validate.ts).
 * PostgreSQL refuses NUL in text, so without this a stray byte in any field would end in a 500.
 */
import type { FastifyInstance } from 'fastify';
import { controlCharPath } from '../../core/validate.js';
import { invalid } from './envelope.js';

export const CONTROL_CHAR_MESSAGE = '输入内容包含无法识别的控制字符，请删除后重新输入';

export function registerInputGuard(app: FastifyInstance) {
  // A hook that calls `done` (nothing here waits): no promise for every request.
  app.addHook('preValidation', (request, _reply, done) => {
    for (const part of [request.params, request.query, request.body]) {
      const path = controlCharPath(part);
      if (path) return done(invalid(path.join('.') || '_', CONTROL_CHAR_MESSAGE));
    }
    done();
  });
}
