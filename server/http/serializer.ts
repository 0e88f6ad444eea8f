/**
 * Answers are written through the route's response schema (core/schemas): what leaves the server is what
 * the contract says, and a mismatch is a 500 in the log rather than a surprise in the browser. In production
 * the answer is written by the schema's projector (projection.ts): only declared fields, each of its type;
 * a value of the wrong type has Zod write the answer instead, and say what is wrong. Outside production Zod
 * writes every answer, checking formats and ranges too, and the projector's text must be the same; a field
 * the service returned but the schema does not declare fails too, so that the schemas (and the API reference
 * made from them) stay complete.
 */
import type { FastifySerializerCompiler } from 'fastify/types/schema.js';
import { ResponseSerializationError } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { MISMATCH, projector } from './projection.js';

/** Paths of keys `input` has (with a value) that `output` lost: fields the schema does not declare. */
export function undeclared(input: unknown, output: unknown, path = ''): string[] {
  if (Array.isArray(input) && Array.isArray(output)) return input.flatMap((v, i) => undeclared(v, output[i], `${path}[${i}]`));
  if (!input || !output || typeof input !== 'object' || typeof output !== 'object' || Array.isArray(output)) return [];
  const out = output as Record<string, unknown>;
  return Object.entries(input as Record<string, unknown>).flatMap(([k, v]) =>
    v === undefined ? [] : k in out ? undeclared(v, out[k], path ? `${path}.${k}` : k) : [path ? `${path}.${k}` : k],
  );
}

/** The projector's text, or null where a value does not match the schema. */
function projected(project: (value: unknown) => unknown, data: unknown): string | null {
  try {
    return JSON.stringify(project(data));
  } catch (error) {
    if (error === MISMATCH) return null;
    throw error;
  }
}

/** Where two texts part, with some of each from there. */
function difference(fast: string | null, text: string) {
  if (fast === null) return 'a value does not match the schema, which Zod took';
  let at = 0;
  while (at < text.length && fast[at] === text[at]) at++;
  const from = Math.max(0, at - 40);
  return `at ${at}: …${fast.slice(from, at + 80)} against …${text.slice(from, at + 80)}`;
}

export function responseSerializer(strict: boolean): FastifySerializerCompiler<z.ZodType> {
  return ({ schema, method, url }) => {
    const project = projector(schema);
    const byZod = (data: unknown) => {
      const result = schema.safeEncode(data);
      if (result.error) throw new ResponseSerializationError(method, url, { cause: result.error });
      return result.data;
    };
    if (!strict) return (data: unknown) => projected(project, data) ?? JSON.stringify(byZod(data));
    return (data: unknown) => {
      const written = byZod(data);
      const lost = undeclared(data, written);
      if (lost.length) throw new Error(`${method} ${url} answered fields its response schema does not declare: ${lost.slice(0, 5).join(', ')}`);
      const text = JSON.stringify(written);
      const fast = projected(project, data);
      if (fast !== text) throw new Error(`${method} ${url}: the production writer of this answer differs from its schema's: ${difference(fast, text)}`);
      return text;
    };
  };
}
