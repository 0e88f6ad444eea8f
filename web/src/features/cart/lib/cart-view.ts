/**
 * How the cart screens read the priced cart: which lines group under which 满减 activity, which can be
 * ticked, what a line's price and discounts say. Pure, so that it is tested without a browser; every
 * figure is one the server sent, only formatted here.
 */
import type { CartLine, GiftGroup, ManjianGroup } from '@core/schemas/cart';
import { lineDiscounts as discountsOf, money } from '@/lib/money';

export { isZero, money } from '@/lib/money';

/** 1000.00 -> 1000, 12.50 -> 12.50: tier amounts read the way the activity names them (满1000减50). */
export const plainYuan = (yuan: string) => yuan.replace(/\.00$/, '');

/** A line that cannot be bought now (off sale, sold out, short of stock, bundle gone); an unticked line is not one. */
export const isInvalid = (line: CartLine) => line.excluded !== null && line.excluded.reason !== 'unselected';

/** Lines the buyer may tick: cart lines that can be bought. */
export const selectable = (lines: readonly CartLine[]) => lines.filter((l) => l.id !== null && l.source === 'cart' && !isInvalid(l));

export const chosenIds = (lines: readonly CartLine[]) =>
  selectable(lines)
    .filter((l) => l.chosen === 1)
    .map((l) => l.id!);

/** Every line that can be ticked is ticked (false for none). */
export const allChosen = (lines: readonly CartLine[]) => {
  const open = selectable(lines);
  return open.length > 0 && open.every((l) => l.chosen === 1);
};

export const someChosen = (lines: readonly CartLine[]) => selectable(lines).some((l) => l.chosen === 1);

type LineGroup = { manjian: ManjianGroup; lines: CartLine[] };

/**
 * The lines in the order the cart shows them: each 满减 activity with its lines, then the lines of no
 * activity, then the lines that cannot be bought (失效商品), which leave their activity.
 */
export function groupLines(lines: readonly CartLine[], manjians: readonly ManjianGroup[]) {
  const valid = lines.filter((l) => !isInvalid(l));
  const known = new Set(manjians.map((m) => m.activity_id));
  const groups: LineGroup[] = manjians
    .map((manjian) => ({ manjian, lines: valid.filter((l) => l.manjian_activity_id === manjian.activity_id) }))
    .filter((g) => g.lines.length > 0);
  const plain = valid.filter((l) => l.manjian_activity_id === null || !known.has(l.manjian_activity_id));
  const invalid = lines.filter(isInvalid);
  return { groups, plain, invalid };
}

/** 满1000减50 */
export const tierName = (t: { amount: string; reduce: string }) => `满${plainYuan(t.amount)}减${plainYuan(t.reduce)}`;

/**
 * How much of a line counts towards its 满减: units at a flash-sale or daily-special price do not (the pricing
 * engine takes 满减 on the units at the usual price only), and the note says why.
 */
export function manjianShare(line: CartLine): { counts: 'all' | 'part' | 'none'; note: string | null } {
  const offer = line.segments.filter((s) => s.source === 'spike' || s.source === 'everyday');
  const units = offer.reduce((n, s) => n + s.number, 0);
  if (!units) return { counts: 'all', note: null };
  const label = offer[0].source === 'spike' ? '秒杀' : '每日特价';
  if (units >= line.number) return { counts: 'none', note: `${label}商品不参与满减` };
  return { counts: 'part', note: `${label}的${units}${lineUnit(line)}不参与满减，其余按原价参与` };
}

/**
 * A 满减 group's progress: reached or not, and what the header says. `lines` are the group's lines: when some
 * of the selected ones do not count (flash-sale or daily-special units), the shortfall says it is measured
 * without them.
 */
export function manjianProgress(m: ManjianGroup, lines: readonly CartLine[] = []): { reached: boolean; text: string } {
  const apart = lines.filter((l) => l.chosen === 1 && manjianShare(l).counts !== 'all').length;
  const note = apart ? `（${apart}种秒杀、特价商品不计入）` : '';
  const top = [...m.tiers].reverse().find((t) => t.status === 1);
  if (top) {
    const taken = `已满足${tierName(top)}，已减${money(m.reduce)}`;
    return { reached: true, text: m.next ? `${taken}；再购${money(m.next.need)}可享${tierName(m.next)}${note}` : `${taken}，已享最高优惠` };
  }
  return { reached: false, text: m.next ? `${apart ? '参与满减的商品' : ''}还差${money(m.next.need)}可享${tierName(m.next)}${note}` : '' };
}

export { linePrice } from '@/lib/line-price';

/** A line's discounts (its 满减 share is `goods_manjian_amount`). */
export const lineDiscounts = (line: Pick<CartLine, 'welfare_amount' | 'goods_manjian_amount' | 'coupon_amount' | 'red_packet_amount'>) =>
  discountsOf({ ...line, manjian_amount: line.goods_manjian_amount });

/** What a line's 买赠 activity gives: `赠 医用外科口罩×1`, or the activity's name while not reached. */
export function lineGift(line: CartLine, gifts: readonly GiftGroup[]): { given: boolean; text: string } | null {
  if (!line.gift_data || line.id === null) return null;
  const activity = gifts.find((g) => g.lines.some((l) => l.id === line.id));
  if (!activity) return null;
  if (line.gift_data.total > 0) return { given: true, text: `赠 ${activity.gift_name}×${line.gift_data.total}` };
  return { given: false, text: `${activity.name}（未满足）` };
}

/** Where 去凑单 of a 满减 group leads: the brand of its goods the group holds most of, or all goods. */
export function topUpLink(lines: readonly CartLine[]): string {
  const counts = new Map<number, number>();
  for (const l of lines) if (l.goods?.brand_id) counts.set(l.goods.brand_id, (counts.get(l.goods.brand_id) ?? 0) + 1);
  const best = [...counts.entries()].sort((a, b) => b[1] - a[1])[0];
  return best ? `/list?brand=${best[0]}` : '/list';
}

/** The quantity unit of a line: its goods' unit, 套 for a combination. */
export const lineUnit = (line: CartLine) => (line.type === 3 ? '套' : (line.goods?.bzdw ?? ''));
