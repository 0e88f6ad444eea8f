/**
 * `POST /api/purchase_list/match`: every line of a list matched in a few statements whatever its length (each
 * step one statement for all lines): the buyer's earlier choices, the exact codes, then the names close to the
 * lines the codes left unsure; each candidate scored (scoring.ts) and offered at the line's quantity as the cart
 * would price it, with its stock, expiry, 首营 mark and scope check.
 */
import { and, eq, inArray } from 'drizzle-orm';
import { fenToYuan } from '../../../core/money.js';
import type { PurchaseListCandidate, PurchaseListLine, PurchaseListMatch } from '../../../core/schemas/purchase-lists.js';
import { SCOPE_BLOCK_TEXT, scopeBlock } from '../../../core/scope.js';
import { LineType } from '../../../core/status.js';
import type { Db } from '../../db/client.js';
import { purchaseListChoices } from '../../db/schema/purchase-lists.js';
import type { SessionUser } from '../../http/auth.js';
import { priceEntries, sharedPricing, type CartEntry } from '../cart/index.js';
import { goodsAliases, goodsNear, goodsOfCodes, goodsView, productsNamed, viewerOfUser, type GoodsAlias, type GoodsCore } from '../catalogue/index.js';
import { goodsBoughtBefore } from '../orders/index.js';
import { halfWidth, normApproval, normMaker, normName } from './normalise.js';
import { linesOf, REASON_TEXT, roundedQuantity, score, stateOf, SURE, type Line, type Scored } from './scoring.js';

/** Candidates a line shows, best first. */
const SHOWN = 5;
/** Goods the near-name step brings per line, before they are scored. */
const NEAR_PER_LINE = 12;

type Candidate = Scored & { g: GoodsCore };

/** The goods the buyer chose before for these line keys. */
async function choicesOf(db: Db, userId: number, keys: string[]): Promise<Map<string, number>> {
  if (!keys.length) return new Map();
  const rows = await db
    .select({ key: purchaseListChoices.lineKey, goodsId: purchaseListChoices.goodsId })
    .from(purchaseListChoices)
    .where(and(eq(purchaseListChoices.userId, userId), inArray(purchaseListChoices.lineKey, [...new Set(keys)])));
  return new Map(rows.map((r) => [r.key, r.goodsId]));
}

/** Adds a scored candidate to a line's, keeping each goods once at its best. */
function offer(found: Map<number, Candidate>, line: Line, g: GoodsCore, chosen: number | undefined) {
  const scored = score(line, g, { chosen: chosen === g.id });
  const held = found.get(g.id);
  if (!held || held.certainty < scored.certainty) found.set(g.id, { ...scored, g });
}

/** A line the codes settled: its best candidate came by a code or the earlier choice and is sure. */
const settled = (found: Map<number, Candidate>) => [...found.values()].some((c) => c.certainty >= SURE && c.reason !== 'approval');

/** The name the name step looks for: a trade name or another alias of the catalogue stands for the goods' name. */
function searchedName(line: Line, aliases: Map<string, string>): string {
  for (const n of [line.name, ...line.aliases]) {
    const named = aliases.get(n);
    if (named) return named;
  }
  // As written (case and all), without brackets and spaces: the catalogue's names are compared exactly.
  const written = halfWidth(line.input.name)
    .replace(/[(（[【].*?[)）\]】]/g, '')
    .replace(/\s/g, '');
  return written || line.aliases[0] || '';
}

/** Candidates of every line, scored and sorted: codes and choices first, then names for the lines still unsure. */
async function candidatesOf(db: Db, user: SessionUser, lines: Line[]): Promise<Candidate[][]> {
  const viewer = viewerOfUser(user);
  const open = lines.filter((l) => !l.problem);
  const chosen = await choicesOf(
    db,
    user.id,
    open.map((l) => l.key),
  );
  const coded = await goodsOfCodes(db, viewer, {
    approvals: open.map((l) => l.approval),
    barcodes: open.map((l) => l.barcode),
    ids: [...open.flatMap((l) => (l.code === null ? [] : [l.code])), ...chosen.values()],
  });
  const found = lines.map(() => new Map<number, Candidate>());
  const index = new Map(lines.map((l, i) => [l, i]));
  for (const line of open) {
    const mine = found[index.get(line)!];
    const choice = chosen.get(line.key);
    for (const g of coded) {
      if (g.id === choice || g.id === line.code || (line.barcode && g.tm === line.barcode) || (line.approval && normApproval(g.pzwh) === line.approval)) {
        offer(mine, line, g, choice);
      }
    }
  }
  // The name steps, for the lines with a name that the codes left unsure: every product of the names the catalogue
  // holds as written (or as a trade or generic name), then the names close to the others'.
  const unsure = open.filter((l) => (l.name || l.aliases.length) && !settled(found[index.get(l)!]));
  if (unsure.length) {
    const aliases = aliasMap(await goodsAliases(db));
    const searched = new Map(unsure.map((l) => [l, searchedName(l, aliases)]));
    const products = await productsNamed(db, viewer, [...searched.values()]);
    const byName = new Map<string, GoodsCore[]>();
    for (const g of products) byName.set(g.name, [...(byName.get(g.name) ?? []), g]);
    const near: Line[] = [];
    for (const line of unsure) {
      const same = byName.get(searched.get(line)!);
      if (same) for (const g of same) offer(found[index.get(line)!], line, g, chosen.get(line.key));
      else near.push(line);
    }
    const close = await goodsNear(
      db,
      viewer,
      near.map((l) => ({ name: searched.get(l)!, maker: normMaker(l.input.maker), spec: l.input.spec })),
      NEAR_PER_LINE,
    );
    for (const { line: at, goods: g } of close) offer(found[index.get(near[at])!], near[at], g, chosen.get(near[at].key));
  }
  return found.map((m) =>
    [...m.values()].sort((a, b) => b.certainty - a.certainty || sellable(b.g) - sellable(a.g) || b.g.sales - a.g.sales || a.g.id - b.g.id),
  );
}

const sellable = (g: GoodsCore) => (g.isBuy && g.number > 0 ? 1 : 0);

function aliasMap(rows: GoodsAlias[]): Map<string, string> {
  const map = new Map<string, string>();
  for (const r of rows) {
    const alias = normName(r.alias);
    if (alias.length >= 2 && !map.has(alias)) map.set(alias, r.name);
  }
  return map;
}

/** Why a candidate cannot go in the cart at its quantity now, or ''. */
function problemOf(user: SessionUser, g: GoodsCore, number: number): string {
  if (!g.isBuy) return '暂不销售';
  const blocked = scopeBlock(user, g);
  if (blocked) return SCOPE_BLOCK_TEXT[blocked];
  if (g.number <= 0) return '暂无库存';
  if (number > g.number) return `库存不足（现有${g.number}${g.bzdw}）`;
  return '';
}

/**
 * Each shown candidate at its line's quantity: the unit price the cart would charge (tiers, flash sale, daily
 * special), its 首营 mark and whether it can go in the cart now.
 */
async function offers(db: Db, user: SessionUser, lines: Line[], candidates: Candidate[][]): Promise<PurchaseListCandidate[][]> {
  const shown = candidates.map((c) => c.slice(0, SHOWN));
  const all = shown.flat();
  const viewer = viewerOfUser(user);
  const [bought, shared] = await Promise.all([
    goodsBoughtBefore(
      db,
      user.id,
      all.map((c) => c.g.id),
    ),
    sharedPricing(db),
  ]);
  const now = Date.now();
  // Each candidate priced as a cart line of its own (negative ids: never a real line), all in one run of the engine.
  let nextId = 0;
  const entries: CartEntry[] = [];
  const quantities = shown.map((cs, i) =>
    cs.map((c) => {
      const q = roundedQuantity(lines[i].input.quantity, c.g.zbz, c.g.bzdw);
      const spikeOn = shared.context.spikes.some((o) => o.goods_id === c.g.id && o.starts_at <= now && now < o.ends_at);
      const id = --nextId;
      entries.push({
        line: {
          id,
          userId: user.id,
          goodsId: c.g.id,
          type: spikeOn ? LineType.spike : LineType.normal,
          combinationId: null,
          number: q.number,
          isSelected: true,
          createdAt: new Date(now),
        },
        goods: c.g,
      });
      return { ...q, id };
    }),
  );
  const priced = entries.length ? (await priceEntries(db, db, user, entries, { shared, now })).priced.lines : [];
  const priceOf = new Map(priced.filter((p) => p.id !== null).map((p) => [p.id!, p.number > 0 ? Math.floor(p.amount / p.number) : p.unit_price]));
  return shown.map((cs, i) =>
    cs.map((c, j) => {
      const q = quantities[i][j];
      const problem = problemOf(user, c.g, q.number);
      const price = priceOf.get(q.id);
      return {
        goods: goodsView(c.g, viewer),
        reason: c.reason,
        reason_text: REASON_TEXT[c.reason],
        certainty: c.certainty,
        number: q.number,
        number_note: q.note,
        price: price === undefined || !viewer.approved ? null : fenToYuan(price),
        first_business: bought.has(c.g.id) ? 0 : 1,
        sellable: problem ? 0 : 1,
        problem,
      };
    }),
  );
}

/** Matches the lines of a list (the mapping already checked and remembered by the caller). */
export async function matchLines(db: Db, user: SessionUser, body: Parameters<typeof linesOf>[0]): Promise<PurchaseListMatch> {
  const lines = linesOf(body);
  const candidates = await candidatesOf(db, user, lines);
  const offered = await offers(db, user, lines, candidates);
  const counts = { matched: 0, choose: 0, none: 0, invalid: 0 };
  const out: PurchaseListLine[] = lines.map((line, i) => {
    const state = line.problem ? 'invalid' : stateOf(candidates[i]);
    counts[state]++;
    return {
      row: line.row,
      key: line.key,
      input: line.input,
      state,
      problem: line.problem,
      candidates: offered[i],
      chosen: state === 'matched' ? offered[i][0].goods.id : null,
    };
  });
  return { lines: out, counts };
}
