/**
 * Whether a goods can be bought now, in the one text each state has wherever the goods shows (its stock, the
 * card's picture, the add-to-cart button, a cart line): 暂不销售 when it is not for sale, 缺货 when not even one
 * middle package is left.
 */
import type { Goods } from '@core/schemas/goods';

const NOT_FOR_SALE = '暂不销售';
const OUT_OF_STOCK = '缺货';

/** Why the goods cannot be bought now, or null when it can. */
export function unavailable(g: Pick<Goods, 'is_buy' | 'number' | 'zbz'>): string | null {
  if (!g.is_buy) return NOT_FOR_SALE;
  if (g.number < Math.max(1, g.zbz)) return OUT_OF_STOCK;
  return null;
}

/** What the stock says: why it cannot be bought, else the amount (充足 past 9,999); `labelled` puts 库存 before an amount. */
export function stockText(g: Pick<Goods, 'is_buy' | 'number' | 'zbz' | 'bzdw'>, labelled = true): string {
  const why = unavailable(g);
  if (why) return why;
  const amount = g.number > 9999 ? '充足' : `${g.number}${g.bzdw}`;
  return labelled ? `库存 ${amount}` : amount;
}
