/**
 * What an order's invoice says at a given moment: a line per goods still kept (units returned and refunded
 * are gone) at what was paid for them after every discount, shipping, and adjusting lines when refunds
 * without goods back (售后) or a refund unlike its units' share leave the lines apart from what the buyer kept
 * paid. The total is always what was paid less what was refunded; at nought or below there is nothing to invoice.
 * Each line carries its goods class's 税率 and the split of its amount into 金额 and 税额 (core/invoice-tax.ts).
 */
import { DEFAULT_TAX_RATES, shareOut, splitTax } from '../../../core/invoice-tax.js';
import type { InvoiceLine } from '../../db/schema/invoices.js';
import type { OrderFacts } from '../orders/index.js';

export type Draft = { lines: InvoiceLine[]; amount: number };

/** A line's 税收分类 (its 简称) and rate; `book(goodsId)` answers it for the goods of a line. */
type LineTax = { category: string; rate: number };
export type TaxBook = (goodsId: number) => LineTax;

const SHIPPING_LINE = '运费';

export function draftOf({ order, items, afterSales }: OrderFacts, book: TaxBook): Draft {
  const amount = Math.max(0, order.payAmount - order.refundedAmount);
  if (amount === 0) return { lines: [], amount: 0 };
  const gone = new Map<number, number>();
  for (const a of afterSales) if (a.kind === 'return' && a.refunded) for (const l of a.lines) gone.set(l.item_id, (gone.get(l.item_id) ?? 0) + l.number);
  const lines: (InvoiceLine & LineTax)[] = [];
  for (const item of items) {
    const back = Math.min(item.number, gone.get(item.id) ?? 0);
    const quantity = item.number - back;
    if (quantity <= 0) continue;
    const paid = item.payAmount - Math.floor((item.payAmount * back) / item.number);
    lines.push({ name: item.name, spec: item.ypgg, unit: item.bzdw, quantity, unitPrice: Math.round(paid / quantity), amount: paid, ...book(item.goodsId) });
  }
  // 混合销售: delivering what it sells, the seller charges shipping as part of the sale of its goods, so that
  // shipping is invoiced in the class and at the rate of the order's largest line.
  if (order.shippingAmount > 0) {
    const main = lines.reduce<(typeof lines)[number] | null>((m, l) => (!m || l.amount > m.amount ? l : m), null);
    const { category, rate } = main ?? book(0);
    lines.push({ name: SHIPPING_LINE, spec: '', unit: '次', quantity: 1, unitPrice: order.shippingAmount, amount: order.shippingAmount, category, rate });
  }
  const gap = amount - lines.reduce((s, l) => s + l.amount, 0);
  if (gap !== 0) lines.push(...adjustments(lines, gap));
  return { lines: splitTax(lines), amount };
}

/**
 * The adjusting lines (售后折让 when less went back in goods than in money, 退款差额 the other way): the gap shared
 * among the lines' classes in proportion to their amounts, one line per class and rate, as a discount follows
 * the goods it lowers on a real invoice.
 */
function adjustments(lines: (InvoiceLine & LineTax)[], gap: number): (InvoiceLine & LineTax)[] {
  const groups = new Map<string, LineTax & { amount: number }>();
  for (const l of lines) {
    const key = `${l.category}\u0001${l.rate}`;
    const g = groups.get(key) ?? { category: l.category, rate: l.rate, amount: 0 };
    g.amount += Math.max(0, l.amount);
    groups.set(key, g);
  }
  const classes = groups.size ? [...groups.values()] : [{ category: '', rate: DEFAULT_TAX_RATES.drug, amount: 1 }];
  const name = gap < 0 ? '售后折让' : '退款差额';
  return shareOut(
    gap,
    classes.map((g) => g.amount),
  ).flatMap((part, i) =>
    part === 0 ? [] : [{ name, spec: '', unit: '', quantity: 1, unitPrice: part, amount: part, category: classes[i].category, rate: classes[i].rate }],
  );
}

/** A line with its tax as the PDF prints it. */
export type TaxedLine = InvoiceLine & { category: string; rate: number; net: number; tax: number };

/** The lines with their tax: lines issued before rates were kept are read at the drugs' rate. */
export function taxedLines(lines: InvoiceLine[]): TaxedLine[] {
  if (lines.every((l) => l.rate !== undefined && l.net !== undefined && l.tax !== undefined)) return lines as TaxedLine[];
  const split = splitTax(lines.map((l) => ({ ...l, rate: l.rate ?? DEFAULT_TAX_RATES.drug })));
  return lines.map((l, i) => ({ ...l, category: l.category ?? '', rate: split[i].rate, net: l.net ?? split[i].net, tax: l.tax ?? split[i].tax }));
}

/** The lines of the red invoice that reverses a blue one: units and amounts negative, unit prices and rates as they were. */
export const reversedLines = (lines: InvoiceLine[]): InvoiceLine[] =>
  taxedLines(lines).map((l) => ({ ...l, quantity: -l.quantity, amount: -l.amount, net: -l.net, tax: -l.tax }));

/**
 * jsonb keeps keys in an order of its own: lines are compared field by field, by what was bought and paid (a
 * rate changed in the console since the invoice was issued is no reason to reverse it).
 */
const lineKey = (l: InvoiceLine) => [l.name, l.spec, l.unit, l.quantity, l.unitPrice, l.amount].join('\u0001');

export const sameDraft = (a: Draft, b: Draft) =>
  a.amount === b.amount && a.lines.length === b.lines.length && a.lines.every((l, i) => lineKey(l) === lineKey(b.lines[i]));
