/**
 * Statements built once. Building a statement with drizzle (walking its template, naming every column) costs the
 * server's thread more than the database takes to answer a short read: the hot reads are built once with
 * placeholders, and each connection (or transaction) runs its own copy of the built statement with its values. On
 * PostgreSQL each is a named statement, parsed and planned once per pooled connection.
 */
import type { SQL } from 'drizzle-orm';
import type { Conn } from './client.js';

/** A built statement as drizzle keeps it: its text, placeholders and row mapping, and the client it runs on. */
type Bound = { client?: unknown };

const statements = new WeakMap<object, Map<unknown, unknown>>();
/** The first build of each statement, which later connections copy instead of building again. */
const firstBuilds = new WeakMap<object, Bound>();

/**
 * The client a database or transaction sends its statements through: the pool, or the pooled connection that
 * every transaction on it shares (PostgreSQL), or the transaction itself (PGlite gives each transaction a client of
 * its own).
 */
const clientOf = (conn: Conn): object => (conn as unknown as { session?: { client?: object } }).session?.client ?? conn;

/**
 * The built statement `first` bound to `client`: drizzle's prepared statements (node-postgres' and PGlite's) keep
 * everything they run in their own fields and send it through `client`, so a copy with another client runs the
 * same text on that connection. Before, a PGlite order built the cart's pricing read again in every transaction.
 */
function boundTo<T>(first: T & Bound, client: object): T {
  return Object.assign(Object.create(Object.getPrototypeOf(first) as object) as T & Bound, first, { client });
}

/** A statement `prepare` builds, built once and bound to each connection it runs on. */
export function builtOnce<T>(conn: Conn, prepare: (conn: Conn) => T): T {
  const client = clientOf(conn);
  let built = statements.get(client);
  if (!built) statements.set(client, (built = new Map()));
  let statement = built.get(prepare) as T | undefined;
  if (statement === undefined) {
    const first = firstBuilds.get(prepare) as (T & Bound) | undefined;
    if (first && 'client' in first) statement = boundTo(first, client);
    else {
      statement = prepare(conn);
      firstBuilds.set(prepare, statement as T & Bound);
    }
    built.set(prepare, statement);
  }
  return statement;
}

/** What a database or transaction keeps to build and run a statement (drizzle's own fields). */
type Internals = {
  dialect: { sqlToQuery(sql: SQL): { sql: string; params: unknown[] } };
  session: { prepareQuery(query: { sql: string; params: unknown[] }, fields: undefined, name: string, arrayMode: false): Executable };
};
type Executable = { execute(values: Record<string, unknown>): Promise<unknown> };

/**
 * A statement written in SQL with placeholders (`sql.placeholder`), built once (`builtOnce`): `run(conn, values)`
 * answers its rows. For the writes whose text does not change with their values, the values travel as arrays or
 * JSON instead of a list built for each call.
 */
export function sqlOnce<R>(name: string, build: () => SQL) {
  const prepare = (conn: Conn): Executable => {
    const { dialect, session } = conn as unknown as Internals;
    return session.prepareQuery(dialect.sqlToQuery(build()), undefined, name, false);
  };
  return async (conn: Conn, values: Record<string, unknown>): Promise<R[]> => ((await builtOnce(conn, prepare).execute(values)) as { rows: R[] }).rows;
}
