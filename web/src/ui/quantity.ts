/**
 * Quantities move in middle-package steps (`zbz`): the stepper adds and removes one middle package. A typed
 * number below one package becomes one package, one between packages is rounded up to the next whole one, and
 * each time the buyer is told why; one above the stock (or the limit) is not taken at all: the box keeps what
 * it held and says the most that can be bought, so that a slip of the keyboard never buys the whole stock.
 */
export function stepQuantity(current: number, zbz: number, direction: 1 | -1, stock: number): number {
  const step = Math.max(1, zbz);
  const max = Math.max(step, Math.floor(stock / step) * step);
  return Math.min(max, Math.max(step, current + direction * step));
}

/** What bounds the quantity from above: the goods' stock, or a promotion's daily limit. */
export type QuantityCap = 'stock' | 'limit';

/**
 * The quantity a typed text settles to, and why it is not what was typed (null when it is). `current` is what
 * the box held before; `unit` the goods' unit (盒).
 */
export function settleQuantity(
  text: string,
  { current, zbz, stock, unit = '', cap = 'stock' }: { current: number; zbz: number; stock: number; unit?: string; cap?: QuantityCap },
): { value: number; note: string | null } {
  const step = Math.max(1, zbz);
  const max = Math.max(step, Math.floor(stock / step) * step);
  const typed = /^\d+$/.test(text.trim()) ? Number(text.trim()) : Number.NaN;
  if (!Number.isFinite(typed) || typed < step) return { value: step, note: `数量至少为${step}` };
  if (typed > max) return { value: current, note: `${cap === 'limit' ? '超出限购' : '库存不足'}，最多可购买${max}${unit}` };
  if (typed % step !== 0) {
    const up = Math.ceil(typed / step) * step;
    return { value: Math.min(up, max), note: `请按中包装${step}的倍数购买` };
  }
  return { value: typed, note: null };
}
