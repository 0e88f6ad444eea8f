/**
 * Statements built once per connection. Building a statement with drizzle (walking its template, naming every
 * column) costs the server's thread more than the database takes to answer a short read: the hot reads are
 * built once with placeholders, kept with the connection (or transaction) they were prepared on, and run
 * with their values. On PostgreSQL each is a named statement, parsed and planned once per pooled connection.
 */
import type { Conn } from './client.js';

const statements = new WeakMap<Conn, Map<unknown, unknown>>();

/** A statement `prepare` builds, built once per connection (or transaction) and kept with it. */
export function builtOnce<T>(conn: Conn, prepare: (conn: Conn) => T): T {
  let built = statements.get(conn);
  if (!built) statements.set(conn, (built = new Map()));
  if (!built.has(prepare)) built.set(prepare, prepare(conn));
  return built.get(prepare) as T;
}
