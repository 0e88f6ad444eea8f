/**
 * Answers are written through the route's response schema (core/schemas): what leaves the server is what
 * the contract says, and a mismatch is a 500 in the log rather than a surprise in the browser. Outside
 * production a field the service returned but the schema does not declare fails too, so that the schemas
 * (and the API reference made from them) stay complete.
 */
import type { FastifySerializerCompiler } from 'fastify/types/schema.js';
import { ResponseSerializationError } from 'fastify-type-provider-zod';
import { z } from 'zod';

/** Paths of keys `input` has (with a value) that `output` lost: fields the schema does not declare. */
export function undeclared(input: unknown, output: unknown, path = ''): string[] {
  if (Array.isArray(input) && Array.isArray(output)) return input.flatMap((v, i) => undeclared(v, output[i], `${path}[${i}]`));
  if (!input || !output || typeof input !== 'object' || typeof output !== 'object' || Array.isArray(output)) return [];
  const out = output as Record<string, unknown>;
  return Object.entries(input as Record<string, unknown>).flatMap(([k, v]) =>
    v === undefined ? [] : k in out ? undeclared(v, out[k], path ? `${path}.${k}` : k) : [path ? `${path}.${k}` : k],
  );
}

export function responseSerializer(strict: boolean): FastifySerializerCompiler<z.ZodType> {
  return ({ schema, method, url }) =>
    (data: unknown) => {
      const result = schema.safeEncode(data);
      if (result.error) throw new ResponseSerializationError(method, url, { cause: result.error });
      if (strict) {
        const lost = undeclared(data, result.data);
        if (lost.length) throw new Error(`${method} ${url} answered fields its response schema does not declare: ${lost.slice(0, 5).join(', ')}`);
      }
      return JSON.stringify(result.data);
    };
}
