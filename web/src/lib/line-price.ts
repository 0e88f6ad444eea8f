/**
 * The unit price a cart or confirm-page line shows: the price it is charged at, with the usual one struck out
 * beside it when a flash sale or a daily special prices every unit, and notes that explain the rest. The
 * cart, the mini cart and the confirm page show a line the same way.
 */
import type { CartLine, PriceSegment } from '@core/schemas/cart';
import { money } from './money';

const PROMO_LABEL: Partial<Record<PriceSegment['source'], string>> = { spike: '秒杀价', everyday: '每日特价' };

/**
 * The unit price a line shows, with the usual price struck out when every unit is at a flash-sale or
 * daily-special price, and the notes that explain the rest (`秒杀价 ¥196.40 × 5`, `超出部分 ¥245.50`).
 */
export function linePrice(line: CartLine): { price: string; original: string | null; notes: string[] } {
  if (line.type === 3) return { price: line.price, original: null, notes: ['组合套餐价'] };
  // A near-expiry line is at its batches' own prices: one note, or each batch's price and units when they differ.
  if (line.type === 4)
    return {
      price: line.price,
      original: null,
      notes: line.segments.length > 1 ? line.segments.map((s) => `近效期价 ${money(s.price)} × ${s.number}`) : ['近效期价'],
    };
  const promo = line.segments.find((s) => PROMO_LABEL[s.source]);
  const notes: string[] = [];
  if (promo) {
    const label = PROMO_LABEL[promo.source]!;
    const rest = line.segments.filter((s) => s !== promo);
    if (!rest.length) return { price: promo.price, original: promo.price === line.price ? null : line.price, notes: [label] };
    const others = [...new Set(rest.map((s) => money(s.price)))].join('/');
    return { price: line.price, original: null, notes: [`${label} ${money(promo.price)} × ${promo.number}`, `超出部分 ${others}`] };
  }
  // An offer that did not apply says why (not started, ended, limit reached, sold out).
  if (line.promo && line.promo.status !== 'on' && line.promo.message) notes.push(line.promo.message);
  if (line.segments.some((s) => s.source === 'ladder')) notes.push('已享阶梯价');
  return { price: line.price, original: null, notes };
}
