/**
 * The seeded goods' batches (docs/decisions/033-batches.md): 1 to 4 a goods, numbered the way their maker numbers
 * them, whose units that sell add up to the goods' stock; the first of them carries the goods' own dates. Some
 * goods also keep an older batch near expiry (out of stock, waiting for the near-expiry zone), and one batch of
 * the whole catalogue is locked (a quality hold).
 */
import { BatchStatus } from '../../core/status.js';
import type { goods, goodsBatches } from '../db/schema/index.js';
import { random } from './random.js';

type GoodsRow = typeof goods.$inferInsert;
type BatchRow = typeof goodsBatches.$inferInsert;

const day = 86_400_000;
const isoDate = (ms: number) => new Date(ms).toISOString().slice(0, 10);
const msOf = (iso: string) => Date.parse(`${iso}T00:00:00Z`);

/** The goods (by its place in the seed) whose extra batch is the catalogue's one locked batch. */
const LOCKED_BATCH_GOODS = 5;

const SUPPLIERS = ['国药控股浙江有限公司', '华润医药商业集团有限公司', '上海医药分销控股有限公司', '九州通医药集团股份有限公司', '浙江英特药业有限责任公司'];

/** A batch number as makers print them: 20250312, B2409017, C241105-2 or 24110503. */
function batchNo(style: number, produced: number, seq: number): string {
  const [yyyy, mm, dd] = isoDate(produced).split('-');
  const yy = yyyy.slice(2);
  if (style === 0) return `${yyyy}${mm}${dd}`;
  if (style === 1) return `B${yy}${mm}${dd}${seq % 10}`;
  if (style === 2) return `C${yy}${mm}${dd}-${1 + (seq % 3)}`;
  return `${yy}${mm}${dd}${String(seq % 100).padStart(2, '0')}`;
}

/** `units` split into `parts` shares of whole middle packages, each at least one, the later (fresher) ones larger. */
function shares(units: number, zbz: number, parts: number, rnd: ReturnType<typeof random>): number[] {
  const packs = Math.floor(units / zbz);
  const n = Math.max(1, Math.min(parts, packs));
  if (packs === 0) return [units];
  const weights = Array.from({ length: n }, (_, i) => 1 + i + rnd.next());
  const sum = weights.reduce((a, b) => a + b, 0);
  const out = weights.map((w) => Math.max(1, Math.floor((packs * w) / sum)));
  out[n - 1] += packs - out.reduce((a, b) => a + b, 0);
  const result = out.map((p) => p * zbz);
  result[n - 1] += units - packs * zbz;
  return result;
}

/** The batches of one seeded goods (`index` its place in the seed, which fixes its random numbers). */
export function batchesOf(goodsId: number, g: GoodsRow, index: number, now: number): BatchRow[] {
  const rnd = random(31_337 * (index + 1));
  const style = [...g.sccj].reduce((h, c) => h + c.charCodeAt(0), 0) % 4;
  const shelf = msOf(g.xq) - msOf(g.scrq);
  const zbz = g.zbz ?? 1;
  const supplier = rnd.chance(0.3) ? g.sccj : rnd.pick(SUPPLIERS);
  const batch = (produced: number, quantity: number, status: BatchStatus = BatchStatus.released): BatchRow => ({
    goodsId,
    batchNo: batchNo(style, produced, rnd.int(1, 99)),
    scrq: isoDate(produced),
    xq: isoDate(produced + shelf),
    quantity,
    status,
    supplier,
    createdAt: new Date(Math.min(now, produced + rnd.int(10, 30) * day)),
  });
  // Sellable batches: the goods' own dates first, then fresher ones received since.
  const wanted = index === LOCKED_BATCH_GOODS ? 2 : g.minShelfDays === 0 ? rnd.int(1, 2) : rnd.pick([1, 1, 2, 2, 3, 3, 3, 4, 4, 4]);
  const dates = [msOf(g.scrq)];
  while (dates.length < wanted) {
    const next = dates[dates.length - 1] + rnd.int(35, 75) * day;
    if (next > now - 7 * day) break;
    dates.push(next);
  }
  const units = shares(g.number ?? 0, zbz, dates.length, rnd);
  const rows = units.map((q, i) => batch(dates[i], q));
  // An older batch come near expiry: its units wait apart, out of the goods' stock.
  if (g.minShelfDays !== 0 && rows.length < 3 && rnd.chance(0.08)) rows.unshift(batch(now + rnd.int(30, 170) * day - shelf, rnd.int(2, 30) * zbz));
  if (index === LOCKED_BATCH_GOODS)
    rows.push({ ...batch(dates[0] + 17 * day, 40 * zbz, BatchStatus.locked), batchNo: `${batchNo(style, dates[0] + 17 * day, 7)}Q` });
  return rows;
}
