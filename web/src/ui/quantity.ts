/**
 * Quantities move in middle-package steps (`zbz`): the stepper adds and removes one middle package, and a
 * typed number is rounded up to the next whole middle package, never below one package nor above the stock
 * (rounded down to whole packages).
 */
export function stepQuantity(current: number, zbz: number, direction: 1 | -1, stock: number): number {
  const step = Math.max(1, zbz);
  const max = Math.max(step, Math.floor(stock / step) * step);
  return Math.min(max, Math.max(step, current + direction * step));
}

export function normaliseQuantity(typed: number, zbz: number, stock: number): number {
  const step = Math.max(1, zbz);
  const max = Math.max(step, Math.floor(stock / step) * step);
  if (!Number.isFinite(typed) || typed <= 0) return step;
  return Math.min(max, Math.ceil(typed / step) * step);
}
