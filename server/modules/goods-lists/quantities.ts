/** What a usual or kept quantity becomes in the cart today, and its unit price at that quantity. */
import { fenToYuan } from '../../../core/money.js';
import { ladderUnitPrice } from '../../../core/pricing/unit-price.js';
import type { GoodsCore, Viewer } from '../catalogue/index.js';

type Packed = Pick<GoodsCore, 'zbz' | 'number'>;

/** A quantity in whole middle packages: `units` rounded up to the next package, at least one. */
export const inPackages = (g: Pick<GoodsCore, 'zbz'>, units: number) => Math.max(1, Math.ceil(units / g.zbz)) * g.zbz;

/** What adding `units` puts in the cart now: whole middle packages within the stock (0 when none is left). */
export function cartNumberOf(g: Packed, units: number): number {
  const inStock = Math.max(0, Math.floor(g.number / g.zbz) * g.zbz);
  return Math.min(inPackages(g, units), inStock);
}

/** Today's unit price at `units` (its ladder tier), as the viewer may see it: null where prices are hidden. */
export function priceAt(g: GoodsCore, units: number, viewer: Viewer): string | null {
  if (!viewer.approved) return null;
  const { price } = ladderUnitPrice(
    {
      id: g.id,
      base_price: g.basePrice,
      ladder_price: g.ladderPrice,
      ladder_price_type: g.ladderPriceType,
      is_buy: g.isBuy,
      number: g.number,
      is_free_shipping: g.isFreeShipping,
      free_shipping_number: g.freeShippingNumber,
    },
    units,
  );
  return fenToYuan(price);
}
