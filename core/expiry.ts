/**
 * The expiry dates a quantity of a goods is shipped with: its batches that sell, first-expiring first
 * (docs/decisions/033-batches.md), each with the units it can still give. The product page works it out for the
 * quantity in its box, the cart for each line.
 */

/** A goods' batches that sell, one per expiry date, earliest first, with the units each can still give. */
export type Expiry = { xq: string; number: number };

/** The earliest and latest expiry `quantity` units take, after `before` units went to earlier lines; null when none sell. */
export function expiryRange(expiries: readonly Expiry[], quantity: number, before = 0): { from: string; to: string } | null {
  let skip = before;
  let want = Math.max(1, quantity);
  let from: string | null = null;
  let to: string | null = null;
  for (const e of expiries) {
    const free = Math.max(0, e.number - skip);
    skip = Math.max(0, skip - e.number);
    if (free <= 0) continue;
    from ??= e.xq;
    to = e.xq;
    want -= free;
    if (want <= 0) break;
  }
  return from === null || to === null ? null : { from, to };
}

/** A range as the site writes it: one date, or the first and the last. */
export const expiryText = (range: { from: string; to: string }) => (range.from === range.to ? range.from : `${range.from} 至 ${range.to}`);
