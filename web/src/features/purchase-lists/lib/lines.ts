/**
 * What the buyer decides about each line of a matched purchase list: the goods taken (the sure match at first,
 * none for a line still to choose), the quantity, and whether the line goes in the cart; and the cart request
 * those decisions make. Kept in the page, not the URL: a list is the buyer's own file.
 */
import type { PurchaseListCandidate, PurchaseListCartInput, PurchaseListLine } from '@core/schemas/purchase-lists';

type LineState = PurchaseListLine['state'];

export type Decision = {
  /** The goods taken for the line, or null while none is. */
  goodsId: number | null;
  /** The quantity the buyer set; null: the candidate's own (the list's, rounded to its middle package). */
  number: number | null;
  keep: boolean;
};

export type Decisions = Record<number, Decision>;

export const candidateOf = (line: PurchaseListLine, goodsId: number | null): PurchaseListCandidate | undefined =>
  goodsId === null ? undefined : line.candidates.find((c) => c.goods.id === goodsId);

/** A line the buyer may keep with this goods: it can go in the cart now. */
const keepable = (c: PurchaseListCandidate | undefined) => c?.sellable === 1;

/** At first: a matched line takes its goods and is kept when it can be bought; the others wait for the buyer. */
export function firstDecisions(lines: readonly PurchaseListLine[]): Decisions {
  const out: Decisions = {};
  for (const line of lines) {
    const goodsId = line.state === 'matched' ? line.chosen : null;
    out[line.row] = { goodsId, number: null, keep: keepable(candidateOf(line, goodsId)) };
  }
  return out;
}

/** Taking a goods for a line: its own quantity, and kept when it can be bought. */
export const choose = (line: PurchaseListLine, goodsId: number): Decision => ({
  goodsId,
  number: null,
  keep: keepable(candidateOf(line, goodsId)),
});

export const numberOf = (c: PurchaseListCandidate, d: Decision | undefined) => d?.number ?? c.number;

/** The lines that would go in the cart now, in list order. */
export function cartLines(lines: readonly PurchaseListLine[], decisions: Decisions): PurchaseListCartInput['lines'] {
  const out: PurchaseListCartInput['lines'] = [];
  for (const line of lines) {
    const d = decisions[line.row];
    const c = candidateOf(line, d?.goodsId ?? null);
    if (!d?.keep || !c || !keepable(c)) continue;
    out.push({ row: line.row, key: line.key, goods_id: c.goods.id, number: numberOf(c, d) });
  }
  return out;
}

/** Every line that can be kept is kept (on), or none is (off); lines without goods stay as they are. */
export function keepAll(lines: readonly PurchaseListLine[], decisions: Decisions, on: boolean): Decisions {
  const out = { ...decisions };
  for (const line of lines) {
    const d = out[line.row];
    if (d && keepable(candidateOf(line, d.goodsId))) out[line.row] = { ...d, keep: on };
  }
  return out;
}

/** Lines still to choose take their first (best) candidate that can be bought. */
export function chooseBest(lines: readonly PurchaseListLine[], decisions: Decisions): Decisions {
  const out = { ...decisions };
  for (const line of lines) {
    if (line.state !== 'choose' || out[line.row]?.goodsId !== null) continue;
    const best = line.candidates.find((c) => c.sellable === 1);
    if (best) out[line.row] = choose(line, best.goods.id);
  }
  return out;
}

export type Filter = 'all' | LineState;

export const FILTERS: { key: Filter; label: string }[] = [
  { key: 'all', label: '全部' },
  { key: 'matched', label: '已匹配' },
  { key: 'choose', label: '待选择' },
  { key: 'none', label: '未匹配' },
  { key: 'invalid', label: '有误' },
];

/** The colour of a match's certainty: sure (green), likely (blue), a guess to look at (orange). */
export function certaintyColour(certainty: number): 'success' | 'processing' | 'warning' | 'error' {
  if (certainty >= 95) return 'success';
  if (certainty >= 80) return 'processing';
  if (certainty >= 60) return 'warning';
  return 'error';
}

/** The unit a 品种求购 is counted in: the list's own when it is a plain word (盒, 瓶), else 盒. */
export function requestUnit(unit: string, goodsUnit?: string): string {
  for (const u of [unit.trim(), goodsUnit?.trim() ?? '']) if (/^[\u3400-\u9fffA-Za-z]{1,8}$/.test(u)) return u;
  return '盒';
}
