/**
 * Step 2: store-wide 94% off (`welfare`). The goods of the activity cost `rate` percent of their amount,
 * rounded down to the fen; the discount is what that takes off the line.
 */
import { checkPercent, percentDown } from './arithmetic.js';
import type { Fen, WelfareActivity } from './types.js';
import { goodsSet } from './membership.js';

/** The discount on `amount` when `rate` percent of it is paid: the paid part rounds down, never the saving. */
export function welfareDiscount(amount: Fen, rate: number): Fen {
  checkPercent(rate, 'welfare rate');
  return amount - percentDown(amount, rate);
}

/** The goods ids of the activity, for a quick test per line; empty when there is no activity. */
export function welfareGoods(welfare: WelfareActivity | null | undefined): ReadonlySet<number> {
  return goodsSet(welfare?.goods_ids ?? NONE);
}

const NONE: readonly number[] = [];
