/**
 * Dropping the shared answers (cache.ts) in every server process (DESIGN.md sections 13 and 16). A console
 * write that changes what buyers see calls `dropSharedAnswers` once its transaction has committed: this
 * process clears its answers at once and, when REDIS_URL is set, publishes the drop on a Redis channel to
 * which every process subscribes, so that each clears its own within moments. Without Redis there is only
 * one process and the drop stays local.
 */
import crypto from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import type { Redis } from 'ioredis';
import type { Db } from '../db/client.js';
import { clearKeptAnswers } from './cache.js';

type Bus = { publish: () => Promise<unknown>; log: FastifyBaseLogger };

/** The buses of the apps using a database (one per app; tests may run several apps in one process). */
const buses = new WeakMap<Db, Set<Bus>>();

/**
 * Subscribes this app to the drops of the other processes and lets its writes publish theirs; resolves once
 * the subscription is active. `redis` is the app's connection (publishing); the subscription takes a
 * connection of its own. Returns what closes it.
 */
export async function connectCacheBus(db: Db, redis: Redis, log: FastifyBaseLogger, namespace: string): Promise<() => Promise<void>> {
  // The site's own channel: another site on the same Redis drops nothing of ours.
  const channelName = `yct:cache-drop:${namespace}`;
  // Each app tells its own messages from the others': it has cleared its answers already.
  const id = crypto.randomUUID();
  const subscriber = redis.duplicate();
  subscriber.on('error', (err) => log.warn({ err }, 'cache drops: Redis subscriber'));
  subscriber.on('message', (channel: string, sender: string) => {
    if (channel === channelName && sender !== id) clearKeptAnswers(db);
  });
  // Drops published while the connection was down are lost: after a reconnection nothing kept is trusted.
  let connected = false;
  subscriber.on('ready', () => {
    if (connected) clearKeptAnswers(db);
    connected = true;
  });
  await subscriber.subscribe(channelName);
  const bus: Bus = { publish: () => redis.publish(channelName, id), log };
  let set = buses.get(db);
  if (!set) buses.set(db, (set = new Set()));
  set.add(bus);
  return async () => {
    set.delete(bus);
    subscriber.disconnect();
  };
}

/**
 * Drops every shared answer in this process and, through Redis, in every other one. Call it after the write
 * has committed, or another request could work out an answer from the old rows again. A Redis failure is
 * logged, not thrown: the write is done, and the other processes' answers expire on their own (30 s).
 */
export async function dropSharedAnswers(db: Db) {
  clearKeptAnswers(db);
  for (const bus of buses.get(db) ?? []) {
    await bus.publish().catch((err: unknown) => bus.log.warn({ err }, 'cache drops: could not publish; other processes keep their answers up to 30 s'));
  }
}
