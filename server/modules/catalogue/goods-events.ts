/**
 * What modules above the catalogue do inside the transaction that changed goods (docs/decisions/047-goods-notices.md):
 * they cannot be imported from here, so the app registers them when it is built (server/app.ts) and the catalogue
 * calls them before the write commits, with the goods whose stock came back from none, that went on sale, or whose
 * price fell. A listener reads the goods as they now stand and decides; one that throws undoes the whole write.
 * Orders only take stock, and taking calls nothing.
 */
import type { Conn } from '../../db/client.js';

export type GoodsListener = (tx: Conn, goodsIds: number[]) => Promise<unknown>;

const listeners = new Set<GoodsListener>();

/** Registering the same function again changes nothing. */
export function onGoodsChanged(fn: GoodsListener) {
  listeners.add(fn);
}

/** Tells the listeners of `goodsIds` (none: nothing is called), in the caller's transaction. */
export async function goodsChanged(tx: Conn, goodsIds: number[]) {
  if (!goodsIds.length || !listeners.size) return;
  const ids = [...new Set(goodsIds)];
  for (const fn of listeners) await fn(tx, ids);
}

type Saleable = { basePrice: number; isOnSale: boolean; isBuy: boolean };

/**
 * Goods whose fields a console write changed (the form, the Excel import), each as it was and as it is now: those
 * made cheaper, put on sale or made buyable again are told to the listeners.
 */
export async function goodsRewritten(tx: Conn, rows: [was: Saleable & { id: number }, now: Saleable][]) {
  const news = rows.filter(([was, now]) => now.basePrice < was.basePrice || (now.isOnSale && !was.isOnSale) || (now.isBuy && !was.isBuy));
  await goodsChanged(
    tx,
    news.map(([was]) => was.id),
  );
}
