/**
 * Values of statements, and how a list of ids goes into one: as a single array parameter. A JavaScript array
 * inside a drizzle `sql` template becomes a list of parameters, one per element, so each count of ids would be
 * a statement text of its own, and a statement built once (built-once.ts) could not take it at all.
 */
import { Placeholder, sql, type SQL, type SQLWrapper } from 'drizzle-orm';

/** A value of a statement, or the placeholder of a statement built once that stands for it. */
export type Value<T> = T | Placeholder;

/** Ids as the text of one array parameter (`{1,2,3}`), each once. */
export const intArray = (ids: readonly number[]) => `{${[...new Set(ids)].join(',')}}`;

/**
 * `column = any(ids)`, the ids as one array parameter: a list of numbers, or a placeholder (its value a list of
 * numbers too, which the driver sends as one array). No ids matches nothing.
 */
export function anyId(column: SQLWrapper, ids: Value<readonly number[]>): SQL {
  return sql`${column} = any(${ids instanceof Placeholder ? ids : intArray(ids)}::int[])`;
}
