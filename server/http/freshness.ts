/**
 * Every server process keeps answers, goods rows and the goods-list index made from the database (cache.ts). A
 * write that changes what they were made from (a console write: a price, stock, a promotion, content) names what
 * it makes stale, and `markStale` bumps the one version of the site's kept answers in the write's own
 * transaction and notifies every process of it (PostgreSQL NOTIFY, sent when the transaction commits). Each
 * process follows the version (`followFreshness`): it clears what it keeps as the notice arrives, and looks at
 * the version every second in case a notice was lost (its listening connection fails and is opened again, a
 * process starts). No other service is needed: Redis plays no part in it. The process that wrote clears its own
 * at once (`answersStale`), before it answers. On PGlite, one process's own database, that is all there is to do.
 * docs/decisions/039-freshness-in-the-write.md.
 */
import { eq, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { databaseUnavailable, type Conn, type Database, type Db } from '../db/client.js';
import { staleMarks } from '../db/schema/freshness.js';
import { clearKeptAnswers } from './cache.js';

/**
 * What a write makes stale, named by the write (the console's `audited` requires it): the catalogue (goods,
 * prices, stock, categories, brands, batches on sale), promotions (activities, bundles, coupons, the points mall,
 * lotteries, activity pages), content (the shell, help, news, site settings buyers see), or nothing buyers are
 * shown from kept answers (an order shipped, an account reviewed, an operator added).
 */
export type Stale = 'catalogue' | 'promotions' | 'content' | 'nothing';

const CHANNEL = 'yct_stale';
/** How often a process looks at the version besides hearing its notices. */
export const FRESHNESS_POLL_MS = 1_000;

/** The version of the kept answers each database's answers were last cleared at, in this process. */
const seen = new WeakMap<Db, number>();

function clearUpTo(db: Db, version: number) {
  seen.set(db, Math.max(seen.get(db) ?? 0, version));
  clearKeptAnswers(db);
}

/**
 * Bumps the version of the kept answers in `conn`'s transaction (or on its own when `conn` is the database) and
 * notifies every process when it commits. Answers the new version, for `answersStale`.
 */
export async function markStale(conn: Conn, area: Exclude<Stale, 'nothing'>): Promise<number> {
  const result = (await conn.execute(sql`
    with bumped as (
      update ${staleMarks} set version = version + 1, area = ${area}, marked_at = now() where ${staleMarks.id} = 1 returning version
    )
    select version, pg_notify(${CHANNEL}, version::text) from bumped`)) as unknown as { rows: { version: number | string }[] };
  return Number(result.rows[0]?.version ?? 0);
}

/** Clears this process's kept answers once the write that bumped them to `version` has committed. */
export const answersStale = (db: Db, version: number) => clearUpTo(db, version);

/** `markStale` outside a transaction, then `answersStale`: for work done after a write's commit (search terms refreshed). */
export async function staleNow(db: Db, area: Exclude<Stale, 'nothing'>) {
  answersStale(db, await markStale(db, area));
}

async function currentVersion(db: Db): Promise<number> {
  const [row] = await db.select({ version: staleMarks.version }).from(staleMarks).where(eq(staleMarks.id, 1));
  return Number(row?.version ?? 0);
}

/**
 * Follows the version of the kept answers of `database` in this process: a notice of a newer version clears them,
 * and so does a newer version found by looking every `FRESHNESS_POLL_MS`. Answers what stops it. Only where other
 * processes may write: on PostgreSQL.
 */
export async function followFreshness(database: Database, log: FastifyBaseLogger): Promise<() => Promise<void>> {
  const { db, listen } = database;
  if (!listen) return async () => {};
  seen.set(db, Math.max(seen.get(db) ?? 0, await currentVersion(db)));
  const noticed = (version: number) => {
    if (version > (seen.get(db) ?? 0)) clearUpTo(db, version);
  };
  const stopListening = listen(
    CHANNEL,
    (payload) => noticed(Number(payload)),
    () => {
      // Notices may have been lost while the connection was down: nothing kept is trusted.
      log.warn('freshness: listening again after a lost connection; kept answers cleared');
      clearKeptAnswers(db);
    },
  );
  let looking = false;
  // The look every second is also this process's watch on the database: its going away (requests are answered 503
  // meanwhile, http/errors.ts) is said once in the log, and its return, rather than once a request or a second.
  let failing: 'away' | 'failed' | null = null;
  const poll = setInterval(() => {
    if (looking) return;
    looking = true;
    currentVersion(db)
      .then(
        (version) => {
          if (failing) log.warn(failing === 'away' ? 'the database answers again' : 'freshness: the version of kept answers read again');
          failing = null;
          // A version that went back (a restored database) is as new as one that went on.
          if (version !== seen.get(db)) {
            if (version < (seen.get(db) ?? 0)) seen.set(db, version);
            clearUpTo(db, version);
          }
        },
        (err: unknown) => {
          if (failing) return;
          failing = databaseUnavailable(err) ? 'away' : 'failed';
          log.warn(
            { err },
            failing === 'away'
              ? 'the database does not answer: requests are answered 503 until it does'
              : 'freshness: could not read the version of kept answers',
          );
        },
      )
      .finally(() => (looking = false));
  }, FRESHNESS_POLL_MS);
  poll.unref();
  return async () => {
    clearInterval(poll);
    await stopListening();
  };
}
