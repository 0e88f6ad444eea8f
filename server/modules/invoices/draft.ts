/**
 * What an order's invoice says at a given moment: a line per goods still kept (units returned and refunded
 * are gone) at what was paid for them after every discount, shipping, and one adjusting line when refunds
 * without goods back (售后) or a refund unlike its units' share leave the lines apart from what the buyer kept
 * paid. The total is always what was paid less what was refunded; at nought or below there is nothing to invoice.
 */
import type { InvoiceLine } from '../../db/schema/invoices.js';
import type { OrderFacts } from '../orders/index.js';

export type Draft = { lines: InvoiceLine[]; amount: number };

const SHIPPING_LINE = '运费';

export function draftOf({ order, items, afterSales }: OrderFacts): Draft {
  const amount = Math.max(0, order.payAmount - order.refundedAmount);
  if (amount === 0) return { lines: [], amount: 0 };
  const gone = new Map<number, number>();
  for (const a of afterSales) if (a.kind === 'return' && a.refunded) for (const l of a.lines) gone.set(l.item_id, (gone.get(l.item_id) ?? 0) + l.number);
  const lines: InvoiceLine[] = [];
  for (const item of items) {
    const back = Math.min(item.number, gone.get(item.id) ?? 0);
    const quantity = item.number - back;
    if (quantity <= 0) continue;
    const paid = item.payAmount - Math.floor((item.payAmount * back) / item.number);
    lines.push({ name: item.name, spec: item.ypgg, unit: item.bzdw, quantity, unitPrice: Math.round(paid / quantity), amount: paid });
  }
  if (order.shippingAmount > 0)
    lines.push({ name: SHIPPING_LINE, spec: '', unit: '次', quantity: 1, unitPrice: order.shippingAmount, amount: order.shippingAmount });
  const gap = amount - lines.reduce((s, l) => s + l.amount, 0);
  if (gap !== 0) lines.push({ name: gap < 0 ? '售后折让' : '退款差额', spec: '', unit: '', quantity: 1, unitPrice: gap, amount: gap });
  return { lines, amount };
}

/** The lines of the red invoice that reverses a blue one: units and amounts negative, unit prices as they were. */
export const reversedLines = (lines: InvoiceLine[]): InvoiceLine[] => lines.map((l) => ({ ...l, quantity: -l.quantity, amount: -l.amount }));

/** jsonb keeps keys in an order of its own: lines are compared field by field. */
const lineKey = (l: InvoiceLine) => [l.name, l.spec, l.unit, l.quantity, l.unitPrice, l.amount].join('\u0001');

export const sameDraft = (a: Draft, b: Draft) =>
  a.amount === b.amount && a.lines.length === b.lines.length && a.lines.every((l, i) => lineKey(l) === lineKey(b.lines[i]));
