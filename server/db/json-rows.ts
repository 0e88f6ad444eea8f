/**
 * Rows that come back as one JSON text. PGlite decodes every value of every row in JavaScript on the thread that
 * owns the database, and a row object then crosses to the server's thread by a structured clone: a read of 20
 * goods of 35 columns cost that thread about twice what the same rows cost as one `json_agg` text, which the
 * server's thread parses natively. The hot reads of goods by id use it on both databases (decision 015).
 */
import { sql, type SQL } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';

type Columns = Record<string, PgColumn>;
export type RowOf<C extends Columns> = { [K in keyof C]: C[K]['_']['data'] | (C[K]['_']['notNull'] extends true ? never : null) };

/** `select … as "key"` for each column, so that the JSON rows carry the keys drizzle's rows would. */
export function namedColumns(columns: Columns): SQL {
  return sql.join(
    Object.entries(columns).map(([key, column]) => sql`${column} as ${sql.identifier(key)}`),
    sql`, `,
  );
}

/** The select list of a statement answering one text: the rows of `source` (a subquery aliased `r`) as a JSON array. */
export const jsonArrayOfRows = sql<string>`coalesce(json_agg(r), '[]')::text`;

/** Column types whose JSON value is already what drizzle answers for them. */
const SAME_IN_JSON = new Set([
  'PgInteger',
  'PgSerial',
  'PgSmallInt',
  'PgSmallSerial',
  'PgBoolean',
  'PgVarchar',
  'PgText',
  'PgChar',
  'PgJsonb',
  'PgJson',
  'PgDateString',
]);

/** The rows of a JSON array text, each value as drizzle maps it from the database (timestamps become Date, and so on). */
export function decodeJsonRows<C extends Columns>(columns: C, text: string): RowOf<C>[] {
  const rows = JSON.parse(text) as Record<string, unknown>[];
  const mapped = Object.entries(columns).filter(([, column]) => !SAME_IN_JSON.has(column.columnType));
  if (mapped.length)
    for (const row of rows)
      for (const [key, column] of mapped) {
        const value = row[key];
        if (value !== null && value !== undefined) row[key] = column.mapFromDriverValue(value);
      }
  return rows as RowOf<C>[];
}
