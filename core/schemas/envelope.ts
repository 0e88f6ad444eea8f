/**
 * The answer of every call (DESIGN.md section 5), as Zod schemas: routes declare them (Fastify serializes
 * with them and the API reference is generated from them), and the browser derives its types from the same
 * schemas with `z.infer`, so an answer is described once.
 */
import { z } from 'zod';
import { Code } from '../codes.js';

/** Money leaves the server as a string with two decimals (`"12.50"`); a hidden price is `null`. */
export const money = z
  .string()
  .regex(/^-?\d+\.\d{2}$/)
  .meta({ description: '元，两位小数' });

/** A 10-digit Unix time in seconds. */
export const unixTime = z.number().int().meta({ description: 'Unix 秒' });

/** A 0/1 flag. */
export const bit = z.union([z.literal(0), z.literal(1)]);

/** A page of a list (spec section 7): `{current_page, data, last_page, per_page, total}`. */
export const pageOf = <T extends z.ZodType>(item: T) =>
  z.object({ current_page: z.number().int(), data: z.array(item), last_page: z.number().int(), per_page: z.number().int(), total: z.number().int() });

/** Success: code 10000 with the data. */
export const okOf = <T extends z.ZodType>(data: T) => z.object({ code: z.literal(Code.ok), message: z.string(), data });

/** A business refusal answered with HTTP 200: code 400-499 (459: sign the e-contract first), a Chinese message. */
const refusal = z.object({ code: z.number().int().min(400).max(499), message: z.string(), data: z.null() });

/**
 * The `response` of a route schema: HTTP 200 carries the data or a business refusal. 401, 404 and 422 go
 * through the error handler's own envelope (http/errors.ts).
 */
export const answers = <T extends z.ZodType>(data: T) => ({ 200: z.union([okOf(data), refusal]) });
