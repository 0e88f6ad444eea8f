/** Site settings (`site_config`): change only when an operator edits them, so read at most every 30 s per database. */
import type { Db } from '../../db/client.js';
import { siteConfig } from '../../db/schema/settings.js';

const SITE_TTL_MS = 30_000;
const siteCache = new WeakMap<Db, { at: number; value: Promise<Record<string, string | undefined>> }>();

export function siteSettings(db: Db): Promise<Record<string, string | undefined>> {
  const hit = siteCache.get(db);
  if (hit && Date.now() - hit.at < SITE_TTL_MS) return hit.value;
  const value = db
    .select()
    .from(siteConfig)
    .then((rows) => Object.fromEntries(rows.map((r) => [r.key, r.value])) as Record<string, string | undefined>);
  value.catch(() => siteCache.delete(db));
  siteCache.set(db, { at: Date.now(), value });
  return value;
}

/** A whole-number setting (fen, percent, days); a missing or malformed one takes `fallback`. */
export function intSetting(site: Record<string, string | undefined>, key: string, fallback: number): number {
  const v = site[key];
  return v && /^\d+$/.test(v) ? Number(v) : fallback;
}
