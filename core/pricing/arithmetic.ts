/**
 * Exact fen arithmetic for the pricing steps: percentages rounded down, and a discount spread over lines
 * in proportion to their amounts so that the parts add up to the discount exactly (largest remainder).
 */
import { percentOf, type Fen } from '../money.js';

/** The percentage of `fen` paid, rounded down to the fen; exact for every safe amount. */
export function percentDown(fen: Fen, percent: number): Fen {
  const basisPoints = Math.round(percent * 100);
  // percentOf divides in floating point, which is exact only while the product stays below 2^53.
  if (Number.isSafeInteger(fen * basisPoints)) return percentOf(fen, percent);
  return Number((BigInt(fen) * BigInt(basisPoints)) / 10000n);
}

/** floor(a × b / c) and its remainder, for non-negative safe integers, exactly. */
function mulDiv(a: number, b: number, c: number): { quotient: number; remainder: number } {
  const product = a * b;
  if (Number.isSafeInteger(product)) {
    const quotient = Math.floor(product / c);
    return { quotient, remainder: product - quotient * c };
  }
  const big = BigInt(a) * BigInt(b);
  const q = big / BigInt(c);
  return { quotient: Number(q), remainder: Number(big - q * BigInt(c)) };
}

/**
 * Splits `total` fen over `weights` in proportion (largest remainder method). Every part is at most its
 * weight when `total` is at most the sum of the weights, and the parts add up to `total` exactly. Ties of
 * the remainder go to the larger weight, then to the earlier line, so the same cart always splits the same.
 */
export function spread(total: Fen, weights: readonly Fen[]): Fen[] {
  const whole = sum(weights);
  if (total === 0 || whole === 0) {
    if (total !== 0) throw new RangeError('nothing to spread a discount over');
    return weights.map(() => 0);
  }
  if (total > whole) throw new RangeError('a discount larger than what it discounts');
  const parts: Fen[] = [];
  const remainders: number[] = [];
  let given = 0;
  for (const w of weights) {
    const { quotient, remainder } = mulDiv(total, w, whole);
    parts.push(quotient);
    remainders.push(remainder);
    given += quotient;
  }
  const order = weights
    .map((_, i) => i)
    .filter((i) => remainders[i] > 0)
    .sort((a, b) => remainders[b] - remainders[a] || weights[b] - weights[a] || a - b);
  for (let k = 0; k < total - given; k++) parts[order[k]] += 1;
  return parts;
}

/** Throws unless `value` is a non-negative safe integer: a bad amount is a bug of the caller, never priced. */
export function checkFen(value: number, label: string): Fen {
  if (!Number.isSafeInteger(value) || value < 0) throw new RangeError(`${label} must be a non-negative integer of fen, got ${String(value)}`);
  return value;
}

export function checkCount(value: number, label: string, min = 0): number {
  if (!Number.isSafeInteger(value) || value < min) throw new RangeError(`${label} must be an integer of at least ${min}, got ${String(value)}`);
  return value;
}

export function checkPercent(value: number, label: string): number {
  if (!Number.isFinite(value) || value < 0 || value > 100) throw new RangeError(`${label} must be a percentage from 0 to 100, got ${String(value)}`);
  return value;
}

/** a × b in fen, refusing a result too large to be exact. */
export function times(price: Fen, count: number): Fen {
  const amount = price * count;
  if (!Number.isSafeInteger(amount)) throw new RangeError(`amount out of range: ${price} × ${count}`);
  return amount;
}

export function sum(values: readonly Fen[]): Fen {
  let total = 0;
  for (const v of values) total += v;
  if (!Number.isSafeInteger(total)) throw new RangeError('total out of range');
  return total;
}
