/**
 * Values of statements, and how a list of ids goes into one: as a single array parameter. A JavaScript array
 * inside a drizzle `sql` template becomes a list of parameters, one per element, so each count of ids would be
 * a statement text of its own, and a statement built once (built-once.ts) could not take it at all.
 */
import { Placeholder, sql, type SQL, type SQLWrapper } from 'drizzle-orm';

/** A value of a statement, or the placeholder of a statement built once that stands for it. */
export type Value<T> = T | Placeholder;

/** Ids, each once: the value of one array parameter (`anyId`), or of a placeholder that `anyId` stands for. */
export const uniqueIds = (ids: Iterable<number>): number[] => [...new Set(ids)];

/**
 * `column = any(ids)`, the ids as one array parameter (`sql.param` keeps a list whole, where a bare list would
 * become one parameter per id): a list of numbers, or a placeholder whose value is a list of numbers. No ids
 * matches nothing.
 */
export function anyId(column: SQLWrapper, ids: Value<readonly number[]>): SQL {
  return sql`${column} = any(${ids instanceof Placeholder ? ids : sql.param(uniqueIds(ids))}::int[])`;
}
