/**
 * Site settings (`site_config`): they change only when an operator edits them, so they are read at most every
 * 30 s per database and kept with the shared answers (http/cache.ts), which an operator's write drops at once.
 */
import { sql } from 'drizzle-orm';
import type { Conn, Db } from '../../db/client.js';
import { siteConfig } from '../../db/schema/settings.js';
import { cachedResult } from '../../http/cache.js';

const SITE_TTL_MS = 30_000;

export function siteSettings(db: Db): Promise<Record<string, string | undefined>> {
  return cachedResult(
    db,
    ['settings'],
    () =>
      db
        .select()
        .from(siteConfig)
        .then((rows) => Object.fromEntries(rows.map((r) => [r.key, r.value])) as Record<string, string | undefined>),
    SITE_TTL_MS,
  );
}

/** The settings of these keys as stored now, read inside the caller's transaction (the console's before). */
export async function settingsOf(conn: Conn, keys: readonly string[]): Promise<Record<string, string>> {
  const rows = await conn.select().from(siteConfig);
  const wanted = new Set(keys);
  return Object.fromEntries(rows.filter((r) => wanted.has(r.key)).map((r) => [r.key, r.value]));
}

/**
 * Writes settings, each key created or replaced. The caller's console write marks the kept answers stale
 * (http/freshness.ts), which takes these kept settings with them in every process.
 */
export async function saveSettings(conn: Conn, values: Record<string, string>) {
  const rows = Object.entries(values).map(([key, value]) => ({ key, value }));
  if (!rows.length) return;
  await conn
    .insert(siteConfig)
    .values(rows)
    .onConflictDoUpdate({ target: siteConfig.key, set: { value: sql`excluded.value` } });
}

/** A whole-number setting (fen, percent, days); a missing or malformed one takes `fallback`. */
export function intSetting(site: Record<string, string | undefined>, key: string, fallback: number): number {
  const v = site[key];
  return v && /^\d+$/.test(v) ? Number(v) : fallback;
}
