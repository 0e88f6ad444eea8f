/**
 * Catalogue answers shared by viewers alike (same query, same price visibility) for 30 s. Buyers ask the
 * same things (the hot searches, the first list pages), and on PGlite every query is a turn of its single
 * connection. Concurrent identical requests share one computation. Stock shown in lists may lag by up to
 * 30 s and on a detail page by up to 5 s; the cart and orders always read live stock. Writing goods
 * clears the cache.
 */
import { LRUCache } from 'lru-cache';
import type { Db } from '../../db/client.js';

const TTL_MS = 30_000;
const caches = new WeakMap<Db, LRUCache<string, Promise<unknown>>>();

function cacheOf(db: Db) {
  let cache = caches.get(db);
  if (!cache) {
    cache = new LRUCache<string, Promise<unknown>>({ max: 5000, ttl: TTL_MS });
    caches.set(db, cache);
  }
  return cache;
}

export function cachedResult<T>(db: Db, key: unknown, compute: () => Promise<T>, ttl = TTL_MS): Promise<T> {
  const cache = cacheOf(db);
  const k = JSON.stringify(key);
  const hit = cache.get(k) as Promise<T> | undefined;
  if (hit) return hit;
  const value = compute();
  cache.set(k, value, { ttl });
  value.catch(() => cache.delete(k));
  return value;
}

export function clearCatalogueCache(db: Db) {
  caches.get(db)?.clear();
}

/** The goods a buyer keeps, for the detail page's ☆/★: kept 5 s, dropped when the buyer changes them. */
const favoriteSets = new WeakMap<Db, LRUCache<number, Promise<Set<number>>>>();

export function cachedFavoriteIds(db: Db, userId: number, load: () => Promise<number[]>): Promise<Set<number>> {
  let cache = favoriteSets.get(db);
  if (!cache) {
    cache = new LRUCache<number, Promise<Set<number>>>({ max: 20_000, ttl: 5_000 });
    favoriteSets.set(db, cache);
  }
  const hit = cache.get(userId);
  if (hit) return hit;
  const value = load().then((ids) => new Set(ids));
  cache.set(userId, value);
  value.catch(() => cache.delete(userId));
  return value;
}

export function forgetFavoriteIds(db: Db, userId: number) {
  favoriteSets.get(db)?.delete(userId);
}
