/**
 * Catalogue answers shared by viewers alike (same query, same price visibility) for 30 s. Buyers ask the
 * same things (the hot searches, the first list pages), and on PGlite every query is a turn of its single
 * connection. Concurrent identical requests share one computation. Stock shown in lists may lag by up to
 * 30 s; the detail page, the cart and orders always read live stock. Writing goods clears the cache.
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

export function cachedResult<T>(db: Db, key: unknown, compute: () => Promise<T>): Promise<T> {
  const cache = cacheOf(db);
  const k = JSON.stringify(key);
  const hit = cache.get(k) as Promise<T> | undefined;
  if (hit) return hit;
  const value = compute();
  cache.set(k, value);
  value.catch(() => cache.delete(k));
  return value;
}

export function clearCatalogueCache(db: Db) {
  caches.get(db)?.clear();
}
