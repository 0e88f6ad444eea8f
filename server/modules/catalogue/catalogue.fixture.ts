/** What the catalogue's buyer tests share: the app and three buyers signed in; `openCatalogue()` opens them for a file. */
import { beforeAll, afterAll } from 'vitest';
import { inArray } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { goods } from '../../db/schema/catalogue.js';
import { agent, buildTestApp, loginAs, type TestApp } from '../../testing.js';

export let t: TestApp;
export let demo: ReturnType<typeof agent>;
export let pending: ReturnType<typeof agent>;
export let chain: ReturnType<typeof agent>;

export type G = {
  id: number;
  name: string;
  sccj: string;
  base_price: string | null;
  price_tip: string | null;
  ladder_price: { price: string | null }[];
  number: number;
  xq: string;
  pzwh: string;
};
export const names = (list: G[]) => list.map((g) => g.name);

/**
 * What lists do not carry (a card shows none of it), read from the database for the goods a list answered, in
 * the list's order: category, brand, sales and whether the goods is on controlled sale.
 */
export async function factsOf(db: Db, list: readonly { id: number }[]) {
  const rows = list.length
    ? await db
        .select({ id: goods.id, categoryId: goods.categoryId, brandId: goods.brandId, sales: goods.sales, isKx: goods.isKx })
        .from(goods)
        .where(
          inArray(
            goods.id,
            list.map((g) => g.id),
          ),
        )
    : [];
  const byId = new Map(rows.map((r) => [r.id, r]));
  return list.map((g) => byId.get(g.id)!);
}

/** Opens the app and signs the accounts in before the file's tests, and closes it after them. */
export function openCatalogue() {
  beforeAll(async () => {
    t = await buildTestApp({ goods: 400 });
    [demo, pending, chain] = await Promise.all([loginAs(t.app, 'demo'), loginAs(t.app, 'pending'), loginAs(t.app, 'chain')]);
  });
  afterAll(async () => t?.close());
}
