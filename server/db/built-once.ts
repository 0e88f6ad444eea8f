/**
 * Statements built once per connection. Building a statement with drizzle (walking its template, naming every
 * column) costs the server's thread more than the database takes to answer a short read: the hot reads are
 * built once with placeholders, kept with the connection (or transaction) they were prepared on, and run
 * with their values. On PostgreSQL each is a named statement, parsed and planned once per pooled connection.
 */
import type { Conn } from './client.js';

const statements = new WeakMap<object, Map<unknown, unknown>>();

/**
 * The client a database or transaction sends its statements through: the pool, or (PostgreSQL) the pooled
 * connection that every transaction on it shares, so that a statement built in one transaction serves the later
 * ones on the same connection (building the cart's pricing read for every order cost the server's thread more than
 * the order's other statements together). PGlite gives each transaction a client of its own.
 */
const clientOf = (conn: Conn): object => (conn as unknown as { session?: { client?: object } }).session?.client ?? conn;

/** A statement `prepare` builds, built once per connection and kept with it. */
export function builtOnce<T>(conn: Conn, prepare: (conn: Conn) => T): T {
  const client = clientOf(conn);
  let built = statements.get(client);
  if (!built) statements.set(client, (built = new Map()));
  if (!built.has(prepare)) built.set(prepare, prepare(conn));
  return built.get(prepare) as T;
}
