/**
 * Step 4: gifts (赠) and add-on purchases (换购). A gift adds goods and no money; an add-on the buyer
 * takes becomes a line of its own at the activity's special price. Both measure the same eligible amount
 * as manjian (after 94% off, before the manjian reduction), so one promotion never takes away another's
 * threshold.
 */
import { fenToYuan } from '../money.js';
import { checkCount, checkFen, sum, times } from './arithmetic.js';
import { assign, type ActivityLine } from './membership.js';
import type { AddonPick, Fen, GiftActivity, GiftData, GiftResult, HuangouActivity, HuangouResult, PricingGoods } from './types.js';

/** Gift units earned by a measure: per multiple of the threshold (type 1) or once (type 2). */
function giftUnits(measure: number, threshold: number, type: 1 | 2, perGift: number): number {
  if (measure < threshold) return 0;
  return type === 1 ? times(perGift, Math.floor(measure / threshold)) : perGift;
}

/** What more the measure needs for the next gift, or null when no further gift can be earned. */
function giftNeed(measure: number, threshold: number, type: 1 | 2): number | null {
  if (type === 2) return measure < threshold ? threshold - measure : null;
  return threshold * (Math.floor(measure / threshold) + 1) - measure;
}

export function priceGifts(activities: readonly GiftActivity[], lines: readonly ActivityLine[]): { results: GiftResult[]; giftData: (GiftData | null)[] } {
  const { sorted, of } = assign(activities, lines);
  const giftData: (GiftData | null)[] = lines.map(() => null);
  const results: GiftResult[] = [];
  sorted.forEach((a, k) => {
    const members = lines.map((_, i) => i).filter((i) => of[i] === k);
    if (!members.length) return;
    checkCount(a.threshold, 'gift threshold', 1);
    checkCount(a.gift.number, 'gift number', 1);
    if (a.gift.stock !== undefined) checkCount(a.gift.stock, 'gift stock');
    const measureOf = (l: ActivityLine) => (l.counted ? (a.by === 'number' ? l.units : l.amount) : 0);
    // Gifts run out in the order of the lines, so the same cart always gets the same gifts.
    let stock = a.gift.stock ?? Number.POSITIVE_INFINITY;
    const take = (units: number) => {
      const given = Math.min(units, stock);
      stock -= given;
      return given;
    };
    const base = {
      activity_id: a.id,
      name: a.name ?? '',
      gift_goods_id: a.gift.goods_id,
      gift_name: a.gift.name ?? '',
      per: a.per,
      by: a.by,
      type: a.type,
      threshold: a.threshold,
    };
    if (a.per === 'line') {
      const perLine = members.map((i) => {
        const total = take(giftUnits(measureOf(lines[i]), a.threshold, a.type, a.gift.number));
        giftData[i] = { total, type: a.type };
        return { id: lines[i].id, total };
      });
      results.push({
        ...base,
        measure: sum(members.map((i) => measureOf(lines[i]))),
        total: sum(perLine.map((l) => l.total)),
        need: null,
        lines: perLine,
      });
    } else {
      const measure = sum(members.map((i) => measureOf(lines[i])));
      const total = take(giftUnits(measure, a.threshold, a.type, a.gift.number));
      results.push({ ...base, measure, total, need: stock > 0 ? giftNeed(measure, a.threshold, a.type) : null, lines: [] });
    }
  });
  return { results, giftData };
}

/** An add-on taken: a line of its own at the special price. */
export type AddonLine = { activity_id: number; goods: PricingGoods; price: Fen; number: number };

export type AddonRejection = AddonPick & { reason: string };

/**
 * Which add-ons the buyer may take, and which of the picks are taken. A pick is refused whole (never
 * cut down) with the reason, so the buyer sees exactly what changed.
 */
export function priceHuangous(
  activities: readonly HuangouActivity[],
  lines: readonly ActivityLine[],
  picks: readonly AddonPick[],
): { results: HuangouResult[]; addons: AddonLine[]; rejected: AddonRejection[] } {
  const { sorted, of } = assign(activities, lines);
  const results: HuangouResult[] = [];
  const byId = new Map<number, { activity: HuangouActivity; amount: Fen; reached: boolean; result?: HuangouResult }>();
  sorted.forEach((a, k) => {
    checkFen(a.threshold, 'huangou threshold');
    for (const o of a.offers) {
      checkFen(o.price, 'huangou price');
      checkCount(o.limit, 'huangou limit');
    }
    const members = lines.map((_, i) => i).filter((i) => of[i] === k);
    const amount = sum(members.filter((i) => lines[i].counted).map((i) => lines[i].amount));
    const reached = members.some((i) => lines[i].counted) && amount >= a.threshold;
    let result: HuangouResult | undefined;
    if (members.length) {
      result = {
        activity_id: a.id,
        name: a.name ?? '',
        threshold: a.threshold,
        amount,
        reached,
        need: Math.max(0, a.threshold - amount),
        offers: a.offers.map((o) => ({ goods_id: o.goods.id, price: o.price, limit: o.limit, taken: 0 })),
      };
      results.push(result);
    }
    byId.set(a.id, { activity: a, amount, reached, result });
  });

  const addons: AddonLine[] = [];
  const rejected: AddonRejection[] = [];
  const takenOf = new Map<string, number>();
  for (const pick of picks) {
    checkCount(pick.number, 'add-on number', 1);
    const entry = byId.get(pick.activity_id);
    const reject = (reason: string) => rejected.push({ ...pick, reason });
    if (!entry) {
      reject('换购活动已结束');
      continue;
    }
    const offerIndex = entry.activity.offers.findIndex((o) => o.goods.id === pick.goods_id);
    const offer = entry.activity.offers[offerIndex];
    const key = `${pick.activity_id}:${pick.goods_id}`;
    const taken = takenOf.get(key) ?? 0;
    if (!offer) reject('该商品不在换购范围内');
    else if (!entry.reached) reject(`未达到换购门槛，还差¥${fenToYuan(Math.max(0, entry.activity.threshold - entry.amount))}`);
    else if (offer.limit > 0 && taken + pick.number > offer.limit) reject(`超出换购限量（每单限${offer.limit}件）`);
    else if (!offer.goods.is_buy) reject('换购商品暂不销售');
    else if (offer.goods.number < taken + pick.number) reject('换购商品库存不足');
    else {
      takenOf.set(key, taken + pick.number);
      if (entry.result) entry.result.offers[offerIndex].taken += pick.number;
      addons.push({ activity_id: pick.activity_id, goods: offer.goods, price: offer.price, number: pick.number });
    }
  }
  return { results, addons, rejected };
}
