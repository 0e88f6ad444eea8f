/**
 * Step 5: one coupon per order. Each coupon of the account is judged against the order (time, scope,
 * threshold) so the confirm page can list usable and unusable coupons with the reason; the one applied
 * takes its saving off the lines it covers, in proportion to what they cost after manjian.
 */
import { fenToYuan } from '../money.js';
import { checkCount, checkFen, checkPercent, percentDown, spread, sum } from './arithmetic.js';
import type { CouponInput, CouponOption, CouponReason, CouponScope, Fen } from './types.js';

/** A counted line as a coupon sees it: its goods (several for a bundle) and its amount after manjian. */
export type CouponLine = { goods: readonly { id: number; category_id?: number | null }[]; amount: Fen };

const COUPON_MESSAGES: Record<Exclude<CouponReason, 'threshold'>, string> = {
  used: '已使用',
  expired: '已过期',
  not_started: '未到使用时间',
  no_goods: '不适用于所选商品',
};

/** Whether a coupon's scope covers a line. A bundle is covered only when every goods of it is: a coupon for one drug does not discount a set. */
function coverage(scope: CouponScope): (line: CouponLine) => boolean {
  if (scope.kind === 'all') return () => true;
  const ids = new Set(scope.ids);
  const inScope =
    scope.kind === 'goods'
      ? (g: CouponLine['goods'][number]) => ids.has(g.id)
      : (g: CouponLine['goods'][number]) => g.category_id != null && ids.has(g.category_id);
  return (line) => line.goods.every(inScope);
}

/** The saving of a coupon on an eligible amount that reaches its threshold. */
export function couponDiscount(coupon: CouponInput, eligible: Fen): Fen {
  if (coupon.type === 'manjian') return Math.min(checkFen(coupon.amount ?? Number.NaN, 'coupon amount'), eligible);
  // A discount coupon's paid part rounds down, like every percentage; the saving is the rest, up to its cap.
  const saving = eligible - percentDown(eligible, checkPercent(coupon.rate ?? Number.NaN, 'coupon rate'));
  const cap = checkFen(coupon.max_discount ?? 0, 'coupon max_discount');
  return cap > 0 ? Math.min(saving, cap) : saving;
}

export type CouponEvaluation = CouponOption & { covered: number[] };

/** Judges one coupon against the counted lines at `now`; `covered` are the indexes of lines it would reduce. */
export function evaluateCoupon(coupon: CouponInput, lines: readonly CouponLine[], now: number): CouponEvaluation {
  checkCount(coupon.threshold, 'coupon threshold');
  const covers = coverage(coupon.scope);
  const covered = lines.map((_, i) => i).filter((i) => lines[i].amount > 0 && covers(lines[i]));
  const eligible = sum(covered.map((i) => lines[i].amount));
  const need = Math.max(0, coupon.threshold - eligible);
  let reason: CouponReason | null = null;
  if (coupon.used) reason = 'used';
  else if (now >= coupon.ends_at) reason = 'expired';
  else if (now < coupon.starts_at) reason = 'not_started';
  else if (!covered.length) reason = 'no_goods';
  else if (need > 0) reason = 'threshold';
  const discount = reason === null ? couponDiscount(coupon, eligible) : 0;
  const message =
    reason === null ? `可减¥${fenToYuan(discount)}` : reason === 'threshold' ? `未达到使用门槛，还差¥${fenToYuan(need)}` : COUPON_MESSAGES[reason];
  return {
    id: coupon.id,
    name: coupon.name ?? '',
    type: coupon.type,
    usable: reason === null,
    reason,
    message,
    eligible_amount: eligible,
    need,
    discount,
    ends_at: coupon.ends_at,
    covered: reason === null ? covered : [],
  };
}

/** Usable coupons first, largest saving first, the one expiring sooner before a later one; then the rest by id. */
export function orderCoupons<C extends CouponOption>(options: readonly C[]): C[] {
  return [...options].sort((a, b) => {
    if (a.usable !== b.usable) return a.usable ? -1 : 1;
    if (a.usable) return b.discount - a.discount || a.ends_at - b.ends_at || a.id - b.id;
    return a.id - b.id;
  });
}

/** The coupon to apply and, when the one asked for cannot be applied, why. */
export function chooseCoupon<C extends CouponOption>(
  ordered: readonly C[],
  wanted: number | 'best' | null | undefined,
): { chosen: C | null; error: string | null } {
  if (wanted === null || wanted === undefined) return { chosen: null, error: null };
  if (wanted === 'best') {
    const best = ordered[0];
    return { chosen: best && best.usable && best.discount > 0 ? best : null, error: null };
  }
  const coupon = ordered.find((c) => c.id === wanted);
  if (!coupon) return { chosen: null, error: '优惠券不存在' };
  return coupon.usable ? { chosen: coupon, error: null } : { chosen: null, error: coupon.message };
}

/** The applied coupon's saving per line, in proportion to the covered lines' amounts. */
export function spreadCoupon(chosen: CouponEvaluation | null, lines: readonly CouponLine[]): Fen[] {
  const parts = lines.map(() => 0);
  if (!chosen) return parts;
  const split = spread(
    chosen.discount,
    chosen.covered.map((i) => lines[i].amount),
  );
  chosen.covered.forEach((i, j) => (parts[i] = split[j]));
  return parts;
}
