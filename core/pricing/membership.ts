/**
 * The lines the goods activities of steps 3 and 4 (manjian, gifts, add-on purchases) look at, and which
 * activity of a type a line belongs to.
 */
import type { Fen } from './types.js';

/**
 * A cart line as the goods activities see it: only its units at the normal price take part (a flash-sale
 * or daily-special unit, a bundle or an add-on is already a promotion and does not count twice).
 */
export type ActivityLine = {
  id: number;
  /** The goods the activities list, or null for a line no goods activity applies to (bundles, add-ons). */
  goods_id: number | null;
  /** Units at the normal price. */
  units: number;
  /** What those units cost after 94% off. */
  amount: Fen;
  counted: boolean;
};

const sets = new WeakMap<readonly number[], ReadonlySet<number>>();

/**
 * An activity's goods ids as a set, made once per list: the running activities are shared by every pricing
 * for as long as they are kept (and never changed), and an activity of a large catalogue lists tens of thousands
 * of goods.
 */
export function goodsSet(ids: readonly number[]): ReadonlySet<number> {
  let set = sets.get(ids);
  if (!set) {
    set = new Set(ids);
    sets.set(ids, set);
  }
  return set;
}

/**
 * For each line, the index of the activity it belongs to, or -1. A goods belongs to at most one activity
 * of a type: the one with the lowest id, so two overlapping activities never both reduce the same line.
 */
export function assign<A extends { id: number; goods_ids: readonly number[] }>(
  activities: readonly A[],
  lines: readonly ActivityLine[],
): { sorted: A[]; of: number[] } {
  const sorted = [...activities].sort((a, b) => a.id - b.id);
  const members = sorted.map((a) => goodsSet(a.goods_ids));
  return { sorted, of: lines.map((l) => (l.goods_id === null ? -1 : members.findIndex((m) => m.has(l.goods_id!)))) };
}
