/**
 * The tax an invoice shows (docs/decisions/025-invoices.md): each goods class's 税率, the 简称 of its 税收分类 that
 * opens the 项目名称 (*化学药品制剂*阿莫西林胶囊), and the split of a line's tax-inclusive amount into 金额 (without
 * tax) and 税额, exact to the fen: the lines' 金额 and 税额 always add up to what the buyer paid.
 */

/** The rates and 征收率 of Chinese VAT an operator may give a class, highest first. */
export const TAX_RATES = [13, 9, 6, 5, 3, 1, 0] as const;

/** The goods classes whose rates the console keeps, with the rate each has until an operator sets one. */
export const TAX_CLASSES = {
  drug: { name: '药品', note: '处方药、甲类OTC、乙类OTC，开具为化学药品制剂或中成药', rate: 13 },
  tcm_pieces: { name: '中药饮片', note: '处方分类为中药饮片的商品', rate: 9 },
  device: { name: '医疗器械', note: '处方分类为器械的商品', rate: 13 },
  health_food: { name: '保健食品', note: '处方分类为保健食品的商品', rate: 13 },
} as const;
export type TaxClass = keyof typeof TAX_CLASSES;
export const TAX_CLASS_KEYS = Object.keys(TAX_CLASSES) as TaxClass[];
export type TaxRates = Record<TaxClass, number>;

export const DEFAULT_TAX_RATES = Object.fromEntries(TAX_CLASS_KEYS.map((k) => [k, TAX_CLASSES[k].rate])) as TaxRates;

/** The class of goods by its 处方分类 (`cfl`); goods of no class are invoiced as drugs. */
export function taxClassOf(cfl: string): TaxClass {
  if (cfl === '中药饮片') return 'tcm_pieces';
  if (cfl === '器械') return 'device';
  if (cfl === '保健食品') return 'health_food';
  return 'drug';
}

/** The 简称 of the goods' 税收分类 that the 项目名称 opens with: a drug of the 中药 zone is a 中成药. */
export function taxCategoryOf(cfl: string, isZy: boolean): string {
  switch (taxClassOf(cfl)) {
    case 'tcm_pieces':
      return '中药饮片';
    case 'device':
      return '医疗仪器器械';
    case 'health_food':
      return '保健食品';
    default:
      return isZy ? '中成药' : '化学药品制剂';
  }
}

/** 项目名称 as an invoice prints it: *化学药品制剂*阿莫西林胶囊. */
export const itemName = (category: string, name: string) => (category ? `*${category}*${name}` : name);

/**
 * The unit price without tax, as the tax bureau's invoices print it: to as many decimals as it takes, at most
 * six, and at least two (¥113.00 a box at 13% is 100.00; ¥12.50 is 11.061947). A red invoice's is positive
 * (its units are negative); an allowance's is negative.
 */
export function netUnitPrice(net: number, quantity: number) {
  if (quantity === 0) return '';
  return (net / quantity / 100).toFixed(6).replace(/0{1,4}$/, '');
}

/** `n / d` rounded half away from zero, in integers. */
function roundedQuotient(n: number, d: number) {
  const q = Math.floor((2 * Math.abs(n) + d) / (2 * d));
  return n < 0 ? -q : q;
}

/**
 * Each line's tax-inclusive `amount` (fen) split into `net` (金额) and `tax` (税额) at its `rate` (percent).
 * The lines of one rate are taxed together: their tax is their sum's tax, amount × rate / (100 + rate), rounded
 * half away from zero to the fen, so that 合计税额 is what the seller declares on that rate. That tax is shared out
 * by the largest remainder: each line gets its own exact tax rounded down, and the fen left over go one each to
 * the lines whose exact tax lost the most in that rounding (the earlier line on a tie). Every line's tax is then
 * within a fen of its exact tax, and `net` is the rest of its amount, so net + tax is each line's amount exactly.
 */
export function splitTax<T extends { amount: number; rate: number }>(lines: readonly T[]): (T & { net: number; tax: number })[] {
  const tax = lines.map(() => 0);
  const rates = [...new Set(lines.map((l) => l.rate))];
  for (const rate of rates) {
    const d = 100 + rate;
    const members = lines.flatMap((l, i) => (l.rate === rate ? [i] : []));
    const floors = members.map((i) => {
      const n = lines[i].amount * rate;
      const q = Math.floor(n / d);
      return { i, q, rest: n - q * d };
    });
    const total = members.reduce((s, i) => s + lines[i].amount, 0);
    let left = roundedQuotient(total * rate, d) - floors.reduce((s, f) => s + f.q, 0);
    for (const f of floors) tax[f.i] = f.q;
    for (const f of [...floors].sort((a, b) => b.rest - a.rest || a.i - b.i)) {
      if (left <= 0) break;
      tax[f.i] += 1;
      left -= 1;
    }
  }
  return lines.map((l, i) => ({ ...l, net: l.amount - tax[i], tax: tax[i] }));
}

/**
 * `amount` (fen) shared among `weights` in proportion, by the largest remainder: the parts add up to `amount`
 * exactly (an adjustment of an order spread over its rates).
 */
export function shareOut(amount: number, weights: readonly number[]): number[] {
  const whole = weights.reduce((s, w) => s + w, 0);
  if (whole === 0) return weights.map((_, i) => (i === 0 ? amount : 0));
  const sign = amount < 0 ? -1 : 1;
  const abs = Math.abs(amount);
  const parts = weights.map((w, i) => {
    const n = abs * w;
    const q = Math.floor(n / whole);
    return { i, q, rest: n - q * whole };
  });
  let left = abs - parts.reduce((s, p) => s + p.q, 0);
  const out = parts.map((p) => p.q);
  for (const p of [...parts].sort((a, b) => b.rest - a.rest || a.i - b.i)) {
    if (left <= 0) break;
    out[p.i] += 1;
    left -= 1;
  }
  return out.map((v) => sign * v);
}
