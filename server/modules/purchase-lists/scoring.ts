/**
 * The matcher's pure parts: a list's rows as lines (their fields by the mapping, the quantity read, the bad rows
 * told with their row number), each candidate goods scored with its reason and certainty, and a line's state.
 */
import { pinyin } from 'pinyin-pro';
import type { MatchReason, PurchaseListField, PurchaseListMatchInput } from '../../../core/schemas/purchase-lists.js';
import {
  bigramSimilarity,
  lineKey,
  makerScore,
  nameParts,
  normApproval,
  normBarcode,
  normCode,
  normName,
  normMaker,
  parseQuantity,
  specKey,
  specScore,
} from './normalise.js';

type LineInput = { name: string; spec: string; maker: string; approval: string; barcode: string; code: string; quantity: number | null; unit: string };

export type Line = {
  row: number;
  key: string;
  input: LineInput;
  /** Why the row cannot be matched (第12行：…), or '' for a line to match. */
  problem: string;
  /** The list has no quantity column: one middle package is taken. */
  noQuantity: boolean;
  /** The normalised codes and name the steps look for. */
  approval: string;
  barcode: string;
  code: number | null;
  name: string;
  aliases: string[];
};

/** The fields a line takes from its cells; the others are left out. */
const LINE_FIELDS = ['name', 'spec', 'maker', 'approval', 'barcode', 'code', 'quantity', 'unit'] as const;

/** The rows as lines, by the mapping (the first column of a field wins); a bad row is a line with its problem. */
export function linesOf(body: Pick<PurchaseListMatchInput, 'rows' | 'mapping'>): Line[] {
  const columnOf = new Map<PurchaseListField, number>();
  body.mapping.forEach((f, i) => {
    if (f && !columnOf.has(f)) columnOf.set(f, i);
  });
  const noQuantity = !columnOf.has('quantity');
  return body.rows.map(({ row, cells }) => {
    const cell = (f: (typeof LINE_FIELDS)[number]) => {
      const i = columnOf.get(f);
      return i === undefined ? '' : (cells[i] ?? '').trim();
    };
    const raw = Object.fromEntries(LINE_FIELDS.map((f) => [f, cell(f)])) as Record<(typeof LINE_FIELDS)[number], string>;
    const quantity = noQuantity ? null : parseQuantity(raw.quantity);
    const input: LineInput = { ...raw, quantity };
    const { name, aliases } = nameParts(raw.name);
    const line: Line = {
      row,
      key: lineKey(raw),
      input,
      problem: '',
      noQuantity,
      approval: raw.approval ? normApproval(raw.approval) : '',
      barcode: normBarcode(raw.barcode),
      code: normCode(raw.code),
      name,
      aliases,
    };
    if (!name && !line.approval && !line.barcode && line.code === null) line.problem = `第${row}行：没有药品名称，也没有批准文号、条形码或商品编码`;
    else if (!noQuantity && !raw.quantity) line.problem = `第${row}行：采购数量为空`;
    else if (!noQuantity && quantity === null) line.problem = `第${row}行：采购数量须为正整数（${raw.quantity}）`;
    return line;
  });
}

/** Pinyin of a name, lower case letters only, as the catalogue's name_py column holds it. */
function pinyinOfName(text: string): string {
  return pinyin(text, { toneType: 'none', type: 'array', nonZh: 'consecutive' })
    .join('')
    .toLowerCase()
    .replace(/[^a-z0-9]/g, '');
}

/** What scoring reads of a goods. */
export type Scorable = { id: number; name: string; tym: string; spm: string; ypgg: string; sccj: string; pzwh: string; tm: string };

/** What ties a candidate to its line beyond its fields: the buyer chose it for this line before. */
export type Ties = { chosen: boolean };

export type Scored = { reason: MatchReason; certainty: number };

/** How close a line's name is to a goods' names (listed, generic, trade), 0 to 1; the same pinyin counts 0.9 (a homophone typo). */
function nameScore(line: Pick<Line, 'name' | 'aliases'>, g: Pick<Scorable, 'name' | 'tym' | 'spm'>): number {
  if (!line.name && !line.aliases.length) return 0;
  const asked = [line.name, ...line.aliases].filter(Boolean);
  const names = [g.name, g.tym, g.spm].map(normName).filter(Boolean);
  let best = 0;
  for (const a of asked) {
    for (const n of names) {
      if (a === n) return 1;
      let s = bigramSimilarity(a, n);
      // A name with the trade name or the form written around it (999感冒灵颗粒, 阿莫西林胶囊0.25g) holds the goods' name.
      if (a.length >= 3 && n.length >= 3 && (a.includes(n) || n.includes(a))) s = Math.max(s, 0.9);
      best = Math.max(best, s);
    }
    if (best < 0.9 && a.length >= 2 && pinyinOfName(a) === pinyinOfName(g.name)) best = 0.9;
  }
  return best;
}

/** The reason texts the buyer reads. */
export const REASON_TEXT: Record<MatchReason, string> = {
  approval_spec: '批准文号+规格一致',
  barcode: '条形码一致',
  code: '商品编码一致',
  chosen: '上次选择',
  approval: '批准文号一致',
  name_spec_maker: '名称、规格、厂家相近',
  name_spec: '名称、规格相近',
  name_maker: '名称、厂家相近',
  name: '名称相近',
};

/**
 * What the spec adds to a name-based match: the same spec 25, none given half of it, another pack of the same
 * dose (or the same pack of a dose not read) 5 - the buyer wrote a spec and this is not it - and otherwise nothing.
 */
const specWeight = (spec: number | null) => (spec === null ? 12.5 : spec === 1 ? 25 : spec >= 0.5 ? 5 : 0);

/** A name-based match is never as sure as a code: at most this. */
const NAME_CAP = 94;

/**
 * Why a goods fits a line and how sure that is, best reason first: approval number and spec (98), barcode (96),
 * goods code (95, 70 when the name says otherwise), the buyer's earlier choice (92), approval number alone (88
 * without a spec, less when the spec differs), then name (55), spec (25, `specWeight`) and maker (20) weighed, at most 94.
 */
export function score(line: Line, g: Scorable, ties: Ties): Scored {
  const spec = specScore(line.input.spec, g.ypgg);
  const maker = line.input.maker ? makerScore(line.input.maker, g.sccj) : null;
  const name = nameScore(line, g);
  const named = line.name !== '' || line.aliases.length > 0;
  if (line.approval && line.approval === normApproval(g.pzwh) && spec === 1) return { reason: 'approval_spec', certainty: 98 };
  if (line.barcode && line.barcode === g.tm) return { reason: 'barcode', certainty: spec === 0 ? 85 : 96 };
  if (line.code !== null && line.code === g.id) return { reason: 'code', certainty: !named || name >= 0.5 ? 95 : 70 };
  if (ties.chosen) return { reason: 'chosen', certainty: 92 };
  if (line.approval && line.approval === normApproval(g.pzwh)) {
    return { reason: 'approval', certainty: spec === null ? 88 : spec >= 0.6 ? 75 : 60 };
  }
  const certainty = Math.min(NAME_CAP, Math.round(55 * name + specWeight(spec) + 20 * (maker ?? 0.5)));
  const reason: MatchReason = spec === 1 && (maker ?? 0) >= 0.9 ? 'name_spec_maker' : spec === 1 ? 'name_spec' : (maker ?? 0) >= 0.9 ? 'name_maker' : 'name';
  return { reason, certainty };
}

/** At and above this, one candidate clearly ahead is taken (`matched`). */
export const SURE = 85;
/** At and above this, a candidate is worth offering to choose; below it a line has none. */
const CLOSE = 50;
/** How far the first must be ahead of the second to be taken alone. */
const AHEAD = 8;

/** Two listings of one product (several warehouses): the same name, spec and maker. */
const sameProduct = (a: Scorable, b: Scorable) =>
  normName(a.name) === normName(b.name) && specKey(a.ypgg) === specKey(b.ypgg) && normMaker(a.sccj) === normMaker(b.sccj);

/**
 * A line's state from its candidates, best first: matched when the first is sure and clearly ahead of any other
 * product; choose when some are close; none otherwise.
 */
export function stateOf<C extends { certainty: number; g: Scorable }>(candidates: C[]): 'matched' | 'choose' | 'none' {
  const [first, ...rest] = candidates;
  if (!first || first.certainty < CLOSE) return 'none';
  if (first.certainty < SURE) return 'choose';
  const rival = rest.find((c) => !sameProduct(c.g, first.g));
  return !rival || rival.certainty <= first.certainty - AHEAD ? 'matched' : 'choose';
}

/** The quantity that goes in the cart: the list's, rounded up to whole middle packages, with the note saying so. */
export function roundedQuantity(quantity: number | null, zbz: number, bzdw: string): { number: number; note: string } {
  const step = Math.max(1, zbz);
  if (quantity === null) return { number: step, note: `未填采购数量，按1个中包装${step}${bzdw}` };
  const number = Math.ceil(quantity / step) * step;
  return { number, note: number === quantity ? '' : `按中包装${step}${bzdw}取整` };
}
