/** The goods a buyer keeps, for the detail page's ☆/★: kept 5 s, dropped when the buyer changes them. */
import { LRUCache } from 'lru-cache';
import type { Db } from '../../db/client.js';

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
