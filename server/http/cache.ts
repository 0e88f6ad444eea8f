/**
 * Answers shared by viewers alike (same query, same price visibility), kept 30 s by default. Buyers ask the
 * same things (the hot searches, the first list pages), and on PGlite every query is a turn of its single
 * connection. Concurrent identical requests share one computation. An answer past half its life is still
 * served while one request works out the next in the background, so that a popular answer never makes
 * everybody wait when it expires. Stock shown in lists may lag by up to 40 s (the goods rows they are built
 * from are kept 10 s, `keptRecords`) and on a detail page by up to 5 s; the cart and orders always read live
 * stock. The running promotions (promotions/context.ts), the
 * search terms, the category tree and the shell's content are kept here too, so that one clear drops every
 * answer made from the catalogue: a console write marks what it makes stale (freshness.ts), which clears
 * them in every server process.
 */
import { LRUCache } from 'lru-cache';
import type { Db } from '../db/client.js';
import { okText } from './envelope.js';
import { KeptAnswer } from './kept-answer.js';
import { countLookup } from './metrics.js';

const TTL_MS = 30_000;

type Entry = {
  value: Promise<unknown>;
  /** When the answer is past half its life and the next request starts working out a new one. */
  renewAt: number;
  /** Settled: a refresh may start (an answer still being worked out is shared, not worked out again). */
  settled: boolean;
  renewing: boolean;
};

const caches = new WeakMap<Db, LRUCache<string, Entry>>();

function cacheOf(db: Db) {
  let cache = caches.get(db);
  if (!cache) {
    cache = new LRUCache<string, Entry>({ max: 5000, ttl: TTL_MS });
    caches.set(db, cache);
  }
  return cache;
}

function store<T>(cache: LRUCache<string, Entry>, k: string, value: Promise<T>, ttl: number): Entry {
  const entry: Entry = { value, renewAt: Date.now() + ttl / 2, settled: false, renewing: false };
  cache.set(k, entry, { ttl });
  value.then(
    () => (entry.settled = true),
    () => cache.get(k) === entry && cache.delete(k),
  );
  return entry;
}

export function cachedResult<T>(db: Db, key: unknown, compute: () => Promise<T>, ttl = TTL_MS): Promise<T> {
  const cache = cacheOf(db);
  const k = JSON.stringify(key);
  const hit = cache.get(k);
  countLookup(db, hit !== undefined);
  if (!hit) return store(cache, k, compute(), ttl).value as Promise<T>;
  if (hit.settled && !hit.renewing && Date.now() >= hit.renewAt) {
    hit.renewing = true;
    const next = compute();
    // The new answer replaces the old one when it is ready; if it fails, the old one stays until it expires.
    next.then(
      () => cache.get(k) === hit && store(cache, k, next, ttl),
      () => (hit.renewing = false),
    );
  }
  return hit.value as Promise<T>;
}

/**
 * A shared answer as the JSON text of its `{code, message, data}` envelope, with its ETag and encodings
 * (kept-answer.ts): serialized and compressed once for everybody who shares it rather than once per request (a
 * brand page is some 40 KB of JSON). Routes send it with `sendKept`.
 */
export function cachedJson<T>(db: Db, key: unknown, compute: () => Promise<T>, ttl = TTL_MS): Promise<KeptAnswer> {
  return cachedResult(db, { json: key }, async () => new KeptAnswer(okText(await compute())), ttl);
}

/** Drops one kept answer. */
export function forgetResult(db: Db, key: unknown) {
  caches.get(db)?.delete(JSON.stringify(key));
}

/** The kept records of each database by name (`keptRecords`), cleared with the answers. */
const records = new WeakMap<Db, Map<string, LRUCache<number, object>>>();

/**
 * Records by id kept like the shared answers: up to `max`, each for `ttl`, all dropped with the answers. The
 * catalogue keeps goods rows here, so that a list page or a suggestion built afresh reads the goods it shows
 * from memory rather than the database.
 */
export function keptRecords<V extends object>(db: Db, name: string, max: number, ttl: number): LRUCache<number, V> {
  let byName = records.get(db);
  if (!byName) records.set(db, (byName = new Map()));
  let kept = byName.get(name);
  if (!kept) byName.set(name, (kept = new LRUCache<number, object>({ max, ttl })));
  return kept as unknown as LRUCache<number, V>;
}

const drops = new WeakMap<Db, number>();

/**
 * How many times this process has dropped the answers of `db`: work that began before a drop (and read the
 * catalogue as it was) compares it at its end, and keeps nothing for later if it changed.
 */
export const answersDropped = (db: Db) => drops.get(db) ?? 0;

/** Drops every kept answer and record of this process (freshness.ts drops them in every process). */
export function clearKeptAnswers(db: Db) {
  drops.set(db, answersDropped(db) + 1);
  caches.get(db)?.clear();
  for (const kept of records.get(db)?.values() ?? []) kept.clear();
}
