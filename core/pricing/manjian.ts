/**
 * Step 3: 满减 per activity. The counted lines of an activity add up to its eligible amount; every tier it
 * reaches gets status 1, the highest reached tier's reduction comes off and is spread over the lines
 * (`goods_manjian_amount`), and the next tier tells the buyer how much more to buy.
 */
import { checkFen, spread, sum } from './arithmetic.js';
import { assign, type ActivityLine } from './membership.js';
import type { Fen, ManjianActivity, ManjianResult, ManjianTier } from './types.js';

/** The tiers of one activity against an amount: statuses, the reduction taken, the next tier. */
export function manjianTiers(tiers: readonly ManjianTier[], amount: Fen): Pick<ManjianResult, 'tiers' | 'reduce' | 'next'> {
  for (const t of tiers) {
    checkFen(t.amount, 'manjian tier amount');
    checkFen(t.reduce, 'manjian tier reduce');
  }
  const sorted = [...tiers].sort((a, b) => a.amount - b.amount || a.reduce - b.reduce);
  let reduce = 0;
  let next: ManjianResult['next'] = null;
  const out = sorted.map((t) => {
    const reached = amount >= t.amount;
    if (reached) reduce = t.reduce;
    else if (!next) next = { amount: t.amount, reduce: t.reduce, need: t.amount - amount };
    return { amount: t.amount, reduce: t.reduce, status: (reached ? 1 : 0) as 0 | 1 };
  });
  // A tier that would take off more than the goods cost (an operator's slip) takes off what they cost.
  return { tiers: out, reduce: Math.min(reduce, amount), next };
}

/**
 * Prices every manjian activity. Returns one result per activity that has a line in the cart, the
 * reduction of each line (0 where none) and the activity each line belongs to.
 */
export function priceManjians(
  activities: readonly ManjianActivity[],
  lines: readonly ActivityLine[],
): { results: ManjianResult[]; reductions: Fen[]; activityOf: (number | null)[] } {
  const { sorted, of } = assign(activities, lines);
  const reductions: Fen[] = lines.map(() => 0);
  const results: ManjianResult[] = [];
  sorted.forEach((activity, k) => {
    const members = lines.map((l, i) => i).filter((i) => of[i] === k);
    if (!members.length) return;
    const counted = members.filter((i) => lines[i].counted && lines[i].amount > 0);
    const amount = sum(counted.map((i) => lines[i].amount));
    const tiers = manjianTiers(activity.tiers, amount);
    const parts = spread(
      tiers.reduce,
      counted.map((i) => lines[i].amount),
    );
    counted.forEach((i, j) => (reductions[i] = parts[j]));
    results.push({ activity_id: activity.id, name: activity.name ?? '', amount, ...tiers, line_ids: members.map((i) => lines[i].id) });
  });
  return { results, reductions, activityOf: of.map((k) => (k < 0 ? null : sorted[k].id)) };
}
