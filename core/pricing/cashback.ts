/**
 * Step 8: 满返. Unlike the other steps it takes nothing off the order: what the counted plain lines of an
 * activity's goods pay (after 94% off, manjian, the coupon and the red packet) is measured against its tiers,
 * and the highest tier reached is the cashback granted as account red packet when the order completes. Flash
 * sale and bundle lines are promotions of their own and do not count; a goods belongs to one cashback activity
 * at most (the lowest id), as for every goods activity.
 */
import { checkFen, sum } from './arithmetic.js';
import { assign, type ActivityLine } from './membership.js';
import type { CashbackActivity, CashbackResult, CashbackTier, Fen } from './types.js';

/** The tiers against an amount: statuses, the cashback reached, and the next tier with what is left to it. */
export function cashbackTiers(tiers: readonly CashbackTier[], amount: Fen): Pick<CashbackResult, 'tiers' | 'back' | 'next'> {
  for (const t of tiers) {
    checkFen(t.amount, 'cashback tier amount');
    checkFen(t.back, 'cashback tier back');
  }
  const sorted = [...tiers].sort((a, b) => a.amount - b.amount || a.back - b.back);
  let back = 0;
  let next: CashbackResult['next'] = null;
  const out = sorted.map((t) => {
    const reached = amount >= t.amount;
    if (reached) back = t.back;
    else if (!next) next = { amount: t.amount, back: t.back, need: t.amount - amount };
    return { amount: t.amount, back: t.back, status: (reached ? 1 : 0) as 0 | 1 };
  });
  // A cashback above what was paid (an operator's slip) gives back what was paid.
  return { tiers: out, back: Math.min(back, amount), next };
}

/** A line as 满返 measures it: its goods (null for lines that do not take part) and what it pays. */
export type CashbackLine = Omit<ActivityLine, 'units' | 'amount'> & { pay: Fen };

/** One result per cashback activity with a line in the cart. */
export function priceCashbacks(activities: readonly CashbackActivity[], lines: readonly CashbackLine[]): CashbackResult[] {
  const { sorted, of } = assign(
    activities,
    lines.map((l) => ({ ...l, units: 0, amount: l.pay })),
  );
  const results: CashbackResult[] = [];
  sorted.forEach((activity, k) => {
    const members = lines.map((_, i) => i).filter((i) => of[i] === k);
    if (!members.length) return;
    const amount = sum(members.filter((i) => lines[i].counted).map((i) => lines[i].pay));
    results.push({
      activity_id: activity.id,
      name: activity.name ?? '',
      amount,
      ...cashbackTiers(activity.tiers, amount),
      line_ids: members.map((i) => lines[i].id),
    });
  });
  return results;
}
