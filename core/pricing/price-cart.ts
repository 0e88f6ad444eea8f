/**
 * The pricing engine: the seven steps of DESIGN.md section 7 in their order, over a cart and what the
 * caller read about its promotions, coupons and wallet. Pure and deterministic: the same input always
 * gives the same result every time; the server prices with it and sends the result, which the browser shows.
 */
import { fenToYuan } from '../money.js';
import { checkCount, sum, times } from './arithmetic.js';
import { priceCashbacks } from './cashback.js';
import { chooseCoupon, evaluateCoupon, orderCoupons, spreadCoupon, type CouponEvaluation, type CouponLine } from './coupon.js';
import { EXCLUDED_MESSAGES, exclusion } from './eligibility.js';
import { priceGifts, priceHuangous } from './gifts.js';
import { priceManjians } from './manjian.js';
import type { ActivityLine } from './membership.js';
import { priceRedPacket } from './red-packet.js';
import { lineFreeShipping, priceShipping, shippingHint } from './shipping.js';
import type { CartLineInput, CouponOption, Fen, NextHint, PriceOffer, PricedCart, PricedLine, PricingGoods, PricingInput } from './types.js';
import { chooseOffer, priceBundle, priceNear, priceUnits, type UnitPricing } from './unit-price.js';
import { welfareDiscount, welfareGoods } from './welfare.js';

/** A line while it is being priced: the result so far and what the later steps need to know of it. */
type Work = {
  out: PricedLine;
  /** Units at the normal price and their cost: what the goods activities of steps 2-4 measure. */
  baseUnits: number;
  base: Fen;
  /** The goods the goods activities look up; null for bundles and add-ons. */
  activityGoodsId: number | null;
  /** The goods a coupon's scope is checked against. */
  scopeGoods: readonly PricingGoods[];
  /** A near-expiry line: no coupon covers it (the red packet does). */
  near: boolean;
};

const NO_PRICE: UnitPricing = { unit_price: 0, segments: [], amount: 0, promo: null, promo_units: 0, base_units: 0, base: 0 };

function byGoods(offers: readonly PriceOffer[] | undefined): Map<number, PriceOffer[]> {
  const map = new Map<number, PriceOffer[]>();
  for (const o of offers ?? []) map.set(o.goods_id, [...(map.get(o.goods_id) ?? []), o]);
  return map;
}

function emptyLine(fields: Pick<PricedLine, 'id' | 'source' | 'type' | 'goods_id' | 'number' | 'free_shipping'>, pricing: UnitPricing): PricedLine {
  // Every property written out rather than spread: one object shape for every line keeps a 200-line cart fast.
  return {
    id: fields.id,
    source: fields.source,
    type: fields.type,
    goods_id: fields.goods_id,
    number: fields.number,
    is_selected: 1,
    counted: true,
    excluded: null,
    unit_price: pricing.unit_price,
    segments: pricing.segments,
    amount: pricing.amount,
    promo: pricing.promo,
    welfare_amount: 0,
    manjian_activity_id: null,
    goods_manjian_amount: 0,
    gift_data: null,
    huangou_activity_id: null,
    coupon_amount: 0,
    with_coupon: 0,
    red_packet_amount: 0,
    pay_amount: 0,
    free_shipping: fields.free_shipping,
  };
}

function bundleFreeShipping(line: CartLineInput): boolean {
  const items = line.combination?.items ?? [];
  return items.length > 0 && items.every((item) => lineFreeShipping(item.goods, item.number * line.number));
}

/** Step 1 for every cart line, plus whether it counts. */
function priceLines(input: PricingInput): Work[] {
  const spikes = byGoods(input.spikes);
  const specials = byGoods(input.specials);
  const reasons = input.lines.map((line) => {
    if (line.type !== 0 && line.type !== 1 && line.type !== 3 && line.type !== 4) throw new RangeError(`unknown cart line type ${String(line.type)}`);
    checkCount(line.number, 'number', 1);
    return exclusion(line);
  });
  // Counted lines take a limited price first, in cart order; a line that does not count shows what is left.
  const order = [...input.lines.keys()].sort((a, b) => Number(reasons[a] !== null) - Number(reasons[b] !== null) || a - b);
  const taken = new Map<string, number>();
  const work: Work[] = new Array(input.lines.length);
  for (const i of order) {
    const line = input.lines[i];
    const reason = reasons[i];
    let pricing: UnitPricing;
    if (line.type === 3) {
      pricing = line.combination ? priceBundle(line.combination, line.number) : NO_PRICE;
    } else if (line.type === 4) {
      pricing = priceNear(line.near ?? [], line.number);
    } else {
      // A plain line of goods whose flash sale is on now is bought at it like a flash-sale line: the buyer pays
      // the price the goods shows wherever it was added from, in one line.
      const spikeOn = line.type === 0 && spikes.get(line.goods.id)?.some((o) => o.starts_at <= input.now && input.now < o.ends_at);
      const kind = line.type === 1 || spikeOn ? 'spike' : specials.has(line.goods.id) ? 'everyday' : null;
      const offers = (kind === 'spike' ? spikes : specials).get(line.goods.id);
      const offer = kind && offers ? chooseOffer(offers, input.now) : undefined;
      const key = offer ? `${kind}:${offer.activity_id}:${offer.goods_id}` : '';
      pricing = priceUnits(line.goods, line.number, kind, offer, input.now, taken.get(key) ?? 0);
      if (reason === null && pricing.promo_units > 0) taken.set(key, (taken.get(key) ?? 0) + pricing.promo_units);
    }
    const out = emptyLine(
      {
        id: line.id,
        source: 'cart',
        type: line.type,
        goods_id: line.goods.id,
        number: line.number,
        free_shipping: line.type === 3 ? bundleFreeShipping(line) : lineFreeShipping(line.goods, line.number),
      },
      pricing,
    );
    if (reason !== null) {
      out.is_selected = 0;
      out.counted = false;
      out.excluded = { reason, message: EXCLUDED_MESSAGES[reason] };
    }
    work[i] = {
      out,
      baseUnits: pricing.base_units,
      base: pricing.base,
      // A near-expiry line is a deal of its own: no goods activity (94折, 满减, gifts, add-ons) counts it.
      activityGoodsId: line.type === 3 || line.type === 4 ? null : line.goods.id,
      near: line.type === 4,
      scopeGoods: line.type === 3 ? (line.combination?.items.map((item) => item.goods) ?? []) : [line.goods],
    };
  }
  return work;
}

export function priceCart(input: PricingInput): PricedCart {
  if (!Number.isFinite(input.now)) throw new RangeError('now must be a time in epoch milliseconds');

  // 1. Unit prices.
  const work = priceLines(input);

  // 2. Store-wide 94% off, on the units at the normal price of the activity's goods.
  const welfare = input.welfare ?? null;
  const welfareIds = welfareGoods(welfare);
  for (const w of work) {
    if (welfare && w.out.counted && w.base > 0 && w.activityGoodsId !== null && welfareIds.has(w.activityGoodsId)) {
      w.out.welfare_amount = welfareDiscount(w.base, welfare.rate);
    }
  }

  // 3. Manjian, on the same units after 94% off.
  const activityLines: ActivityLine[] = work.map((w) => ({
    id: w.out.id!,
    goods_id: w.activityGoodsId,
    units: w.baseUnits,
    amount: w.base - w.out.welfare_amount,
    counted: w.out.counted,
  }));
  const manjian = priceManjians(input.manjians ?? [], activityLines);
  work.forEach((w, i) => {
    w.out.manjian_activity_id = manjian.activityOf[i];
    w.out.goods_manjian_amount = manjian.reductions[i];
  });

  // 4. Gifts and add-on purchases.
  const gifts = priceGifts(input.gifts ?? [], activityLines);
  work.forEach((w, i) => (w.out.gift_data = gifts.giftData[i]));
  const huangou = priceHuangous(input.huangous ?? [], activityLines, input.addons ?? []);
  for (const addon of huangou.addons) {
    const amount = times(addon.price, addon.number);
    const out = emptyLine(
      { id: null, source: 'huangou', type: 0, goods_id: addon.goods.id, number: addon.number, free_shipping: lineFreeShipping(addon.goods, addon.number) },
      {
        ...NO_PRICE,
        unit_price: addon.price,
        amount,
        segments: [{ source: 'huangou', activity_id: addon.activity_id, price: addon.price, number: addon.number, amount }],
      },
    );
    out.huangou_activity_id = addon.activity_id;
    work.push({ out, baseUnits: 0, base: 0, activityGoodsId: null, scopeGoods: [addon.goods], near: false });
  }

  // 5. One coupon, on what the counted lines cost after manjian.
  const counted = work.filter((w) => w.out.counted);
  const payable = counted.map((w) => w.out.amount - w.out.welfare_amount - w.out.goods_manjian_amount);
  // A near-expiry line is outside every coupon's scope and threshold.
  const couponLines: CouponLine[] = counted.map((w, j) => ({ goods: w.scopeGoods, amount: w.near ? 0 : payable[j] }));
  const evaluations = orderCoupons((input.coupons ?? []).map((c) => evaluateCoupon(c, couponLines, input.now)));
  const { chosen, error } = chooseCoupon(evaluations, input.coupon_id);
  const couponParts = spreadCoupon(chosen, couponLines);
  counted.forEach((w, j) => (w.out.coupon_amount = couponParts[j]));
  for (const j of chosen?.covered ?? []) counted[j].out.with_coupon = 1;

  // 6. The red packet, on what is left after the coupon.
  const lefts = payable.map((amount, j) => amount - couponParts[j]);
  const redPacket = priceRedPacket(input.red_packet, lefts);
  counted.forEach((w, j) => {
    w.out.red_packet_amount = redPacket.parts[j];
    w.out.pay_amount = lefts[j] - redPacket.parts[j];
  });

  // 7. Shipping, on what the lines cost before 满减, the coupon and the red packet: the same in the cart and at
  // checkout, whichever coupon is chosen.
  const shipping = priceShipping(
    input.shipping,
    counted.map((w) => ({ free: w.out.free_shipping, amount: w.out.amount - w.out.welfare_amount })),
  );

  // 8. 满返, on what the plain lines pay: granted when the order completes, nothing off now.
  const cashbacks = priceCashbacks(
    input.cashbacks ?? [],
    work.flatMap((w) =>
      w.out.source === 'cart' ? [{ id: w.out.id!, goods_id: w.out.type === 0 ? w.activityGoodsId : null, counted: w.out.counted, pay: w.out.pay_amount }] : [],
    ),
  );

  const lines = work.map((w) => w.out);
  const total = (field: 'amount' | 'welfare_amount' | 'goods_manjian_amount' | 'coupon_amount' | 'red_packet_amount' | 'pay_amount') =>
    sum(counted.map((w) => w.out[field]));
  const welfareAmount = total('welfare_amount');
  const manjianAmount = total('goods_manjian_amount');
  const couponAmount = total('coupon_amount');
  const redPacketAmount = total('red_packet_amount');

  return {
    lines,
    counted_count: counted.length,
    goods_amount: total('amount'),
    welfare_amount: welfareAmount,
    manjian_amount: manjianAmount,
    coupon_amount: couponAmount,
    red_packet_amount: redPacketAmount,
    discount_amount: sum([welfareAmount, manjianAmount, couponAmount, redPacketAmount]),
    shipping_amount: shipping.amount,
    pay_amount: sum([total('pay_amount'), shipping.amount]),
    activity_data: { manjians: manjian.results, cashbacks },
    cashback_amount: sum(cashbacks.map((c) => c.back)),
    gifts: gifts.results,
    huangous: huangou.results,
    addon_rejected: huangou.rejected,
    coupons: evaluations.map(couponOption),
    coupon: chosen ? couponOption(chosen) : null,
    coupon_error: error,
    red_packet: {
      balance: input.red_packet?.balance ?? 0,
      share_percent: input.red_packet?.share_percent ?? 0,
      max: redPacket.max,
      amount: redPacket.amount,
    },
    shipping_data: { shipping_amount: input.shipping.shipping_amount, no_trans_order_amount: input.shipping.no_trans_order_amount },
    shipping,
    next_hints: nextHints(manjian.results, gifts.results, huangou.results, shipping.need),
  };
}

/** A coupon as the confirm page lists it, without the engine's own bookkeeping. */
const couponOption = ({ covered: _covered, ...option }: CouponEvaluation): CouponOption => option;

const yuan = (fen: Fen) => `¥${fenToYuan(fen)}`;

/** What the buyer could add to gain more: the next manjian tier, the next gift, an add-on, free shipping. */
function nextHints(
  manjians: PricedCart['activity_data']['manjians'],
  gifts: PricedCart['gifts'],
  huangous: PricedCart['huangous'],
  shippingNeed: Fen,
): NextHint[] {
  const hints: NextHint[] = [];
  for (const m of manjians) {
    if (m.amount > 0 && m.next) {
      hints.push({
        kind: 'manjian',
        activity_id: m.activity_id,
        need: m.next.need,
        message: `再购${yuan(m.next.need)}，可享满${yuan(m.next.amount)}减${yuan(m.next.reduce)}`,
      });
    }
  }
  for (const g of gifts) {
    if (g.measure > 0 && g.need !== null) {
      const more = g.by === 'number' ? `再买${g.need}件` : `再购${yuan(g.need)}`;
      hints.push({ kind: 'gift', activity_id: g.activity_id, need: g.need, message: `${more}，可获赠${g.gift_name || '赠品'}` });
    }
  }
  for (const h of huangous) {
    if (h.amount > 0 && !h.reached) hints.push({ kind: 'huangou', activity_id: h.activity_id, need: h.need, message: `再购${yuan(h.need)}，即可换购` });
  }
  if (shippingNeed > 0) hints.push({ kind: 'shipping', activity_id: null, need: shippingNeed, message: shippingHint(shippingNeed) });
  return hints;
}
