/**
 * The cart as the browser receives it (spec section 3 "Cart item" and "Cart state"): each line with its
 * goods, prices and discounts as the pricing engine worked them out, the manjian tiers with their status,
 * shipping_data and the filters; money as two-decimal strings.
 */
import { expiryRange, type Expiry } from '../../../core/expiry.js';
import { fenToYuan } from '../../../core/money.js';
import type { PricedCart, PricedLine } from '../../../core/pricing/index.js';
import type { ActivityData, CartLine, CartShipping, CartTotals, NextHint } from '../../../core/schemas/cart.js';
import type { Goods } from '../../../core/schemas/goods.js';
import { LineType } from '../../../core/status.js';
import { goodsView, type Viewer } from '../catalogue/index.js';
import type { PricedEntries } from './pricing.js';

const y = fenToYuan;

/**
 * The expiry dates each line ships with (core/expiry.ts): its goods' batches that sell, first-expiring first, taken
 * by the lines of a goods in their order. Bundles name none.
 */
export function lineExpiries(
  lines: readonly PricedLine[],
  expiries: ReadonlyMap<number, Expiry[]>,
  near: ReadonlyMap<number, readonly Expiry[]> = new Map(),
): Map<PricedLine, CartLine['expiry']> {
  const taken = new Map<string, number>();
  const out = new Map<PricedLine, CartLine['expiry']>();
  for (const line of lines) {
    if (line.type === 3) continue;
    // A near-expiry line takes the goods' near batches (near-offers.ts of the catalogue), apart from the others.
    const key = `${line.type === 4 ? 'near' : 'sells'}:${line.goods_id}`;
    const before = taken.get(key) ?? 0;
    out.set(line, expiryRange((line.type === 4 ? near : expiries).get(line.goods_id) ?? [], line.number, before));
    taken.set(key, before + line.number);
  }
  return out;
}

/** The goods of a near-expiry line: its near units as the stock, no tiers (the line says 近效期 itself). */
function nearGoods(card: Goods, units: number): Goods {
  return { ...card, number: units, type: LineType.near, ladder_price: [], ladder_price_type: 0 };
}

export function lineView(line: PricedLine, priced: PricedEntries, viewer: Viewer, expiry: CartLine['expiry'] = null): CartLine {
  const entry = line.id === null ? undefined : priced.entries.find((e) => e.line.id === line.id);
  const g = priced.goodsById.get(line.goods_id);
  const bundle = entry?.line.type === 3 ? priced.context.combinations.find((c) => c.id === entry.line.combinationId) : undefined;
  return {
    id: line.id,
    source: line.source,
    goods_id: line.goods_id,
    type: line.type,
    goods_type: line.type,
    number: line.number,
    price: y(line.unit_price),
    amount: y(line.amount),
    pay_amount: y(line.pay_amount),
    segments: line.segments.map((s) => ({ source: s.source, activity_id: s.activity_id, price: y(s.price), number: s.number, amount: y(s.amount) })),
    is_selected: line.is_selected,
    /** What the buyer chose, before lines that cannot be bought were forced off. */
    chosen: entry ? (entry.line.isSelected ? 1 : 0) : 1,
    excluded: line.excluded,
    promo: line.promo ? { ...line.promo, price: line.promo.price === null ? null : y(line.promo.price) } : null,
    welfare_amount: y(line.welfare_amount),
    manjian_activity_id: line.manjian_activity_id,
    goods_manjian_amount: y(line.goods_manjian_amount),
    gift_data: line.gift_data,
    huangou_activity_id: line.huangou_activity_id,
    with_coupon: line.with_coupon,
    coupon_amount: y(line.coupon_amount),
    red_packet_amount: y(line.red_packet_amount),
    free_shipping: line.free_shipping ? 1 : 0,
    expiry,
    goods: g
      ? {
          ...(line.type === LineType.near
            ? nearGoods(
                goodsView(g, viewer),
                (priced.near.get(g.id) ?? []).reduce((n, b) => n + b.number, 0),
              )
            : goodsView(g, viewer)),
          brand_id: g.brandId,
        }
      : null,
    combination: bundle
      ? {
          id: bundle.id,
          name: bundle.name,
          price: y(bundle.price),
          items: bundle.items.map((i) => {
            const item = priced.goodsById.get(i.goods_id);
            return {
              goods_id: i.goods_id,
              number: i.number,
              name: item?.name ?? '',
              ypgg: item?.ypgg ?? '',
              bzdw: item?.bzdw ?? '',
              image: item?.images[0] ?? '',
            };
          }),
        }
      : null,
    created_at: entry ? Math.floor(entry.line.createdAt.getTime() / 1000) : null,
  };
}

export function totalsView(p: PricedCart): CartTotals {
  const counted = p.lines.filter((l) => l.counted);
  return {
    count: p.lines.filter((l) => l.source === 'cart').length,
    selected_count: counted.length,
    selected_number: counted.reduce((n, l) => n + l.number, 0),
    goods_amount: y(p.goods_amount),
    welfare_amount: y(p.welfare_amount),
    manjian_amount: y(p.manjian_amount),
    coupon_amount: y(p.coupon_amount),
    red_packet_amount: y(p.red_packet_amount),
    discount_amount: y(p.discount_amount),
    shipping_amount: y(p.shipping_amount),
    pay_amount: y(p.pay_amount),
    cashback_amount: y(p.cashback_amount),
  };
}

export function activityView(p: PricedCart): ActivityData {
  return {
    manjians: p.activity_data.manjians.map((m) => ({
      activity_id: m.activity_id,
      name: m.name,
      amount: y(m.amount),
      reduce: y(m.reduce),
      tiers: m.tiers.map((t) => ({ amount: y(t.amount), reduce: y(t.reduce), status: t.status })),
      next: m.next ? { amount: y(m.next.amount), reduce: y(m.next.reduce), need: y(m.next.need) } : null,
      line_ids: m.line_ids,
    })),
    cashbacks: p.activity_data.cashbacks.map((c) => ({
      activity_id: c.activity_id,
      name: c.name,
      amount: y(c.amount),
      back: y(c.back),
      tiers: c.tiers.map((t) => ({ amount: y(t.amount), back: y(t.back), status: t.status })),
      next: c.next ? { amount: y(c.next.amount), back: y(c.next.back), need: y(c.next.need) } : null,
      line_ids: c.line_ids,
    })),
    gifts: p.gifts,
    huangous: p.huangous.map((h) => ({
      ...h,
      threshold: y(h.threshold),
      amount: y(h.amount),
      need: y(h.need),
      offers: h.offers.map((o) => ({ ...o, price: y(o.price) })),
    })),
  };
}

export function shippingView(p: PricedCart): CartShipping {
  return {
    shipping_data: { shipping_amount: y(p.shipping_data.shipping_amount), no_trans_order_amount: y(p.shipping_data.no_trans_order_amount) },
    shipping: { amount: y(p.shipping.amount), free: p.shipping.free ? 1 : 0, reason: p.shipping.reason, need: y(p.shipping.need) },
  };
}

export function hintsView(p: PricedCart): NextHint[] {
  return p.next_hints.map((h) => ({ ...h, need: h.kind === 'gift' ? h.need : y(h.need) }));
}
