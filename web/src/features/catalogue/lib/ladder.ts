/**
 * The goods detail's quantity tiers at the quantity chosen: which row of the table it reaches, the unit price
 * and subtotal there, and what the next tier would save. The same rule as the pricing engine
 * (core/pricing/unit-price.ts `ladderUnitPrice`): the tier with the largest quantity not above it, else the
 * base price. Prices hidden from the viewer (null) give the row alone.
 */
import type { Goods } from '@core/schemas/goods';
import { formatMoney, yuanToFen } from '@core/money';

type LadderGoods = Pick<Goods, 'base_price' | 'ladder_price' | 'ladder_price_type' | 'bzdw'>;

export type LadderAt = {
  /** The row reached: -1 the base price, else the index in `ladder_price`. */
  row: number;
  /** ¥15.80, or null when the viewer may not see prices. */
  unit: string | null;
  subtotal: string | null;
  /** The next tier: how many more units reach it and what it saves on the whole quantity then. */
  next: { more: number; unit: string | null; saves: string | null } | null;
};

export function ladderAt(goods: LadderGoods, number: number): LadderAt {
  const tiers = goods.ladder_price_type === 0 ? [] : goods.ladder_price;
  let row = -1;
  tiers.forEach((t, i) => {
    if (t.number <= number && (row < 0 || t.number > tiers[row].number)) row = i;
  });
  const priceOf = (k: number) => (k < 0 ? goods.base_price : tiers[k].price);
  const unitFen = priceOf(row) === null ? null : yuanToFen(priceOf(row)!);
  let next = -1;
  tiers.forEach((t, i) => {
    if (t.number > number && (next < 0 || t.number < tiers[next].number)) next = i;
  });
  const nextFen = next < 0 || tiers[next].price === null ? null : yuanToFen(tiers[next].price!);
  return {
    row,
    unit: unitFen === null ? null : formatMoney(unitFen),
    subtotal: unitFen === null ? null : formatMoney(unitFen * number),
    next:
      next < 0
        ? null
        : {
            more: tiers[next].number - number,
            unit: nextFen === null ? null : formatMoney(nextFen),
            // At the next tier's quantity, against buying that many at today's unit price.
            saves: nextFen === null || unitFen === null || unitFen <= nextFen ? null : formatMoney((unitFen - nextFen) * tiers[next].number),
          },
  };
}
