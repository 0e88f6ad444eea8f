/**
 * Reading batches: the console's batch list, the near-expiry report, one batch and the order lines that took
 * its units (a recall's list), and the batches whose reports buyers look up by goods and batch number.
 */
import { and, asc, count, desc, eq, gt, ilike, inArray, or, sql, type SQL } from 'drizzle-orm';
import { fenToYuan } from '../../../core/money.js';
import { chinaToday } from '../../../core/schemas/admin-goods.js';
import { BATCH_SALE_TEXT, BATCH_STATUS_TEXT, type AdminBatch, type BatchSale, type NearExpiryRow, type ReportBatch } from '../../../core/schemas/quality.js';
import { BatchStatus } from '../../../core/status.js';
import type { Conn } from '../../db/client.js';
import { containing } from '../../db/like.js';
import { goods, goodsBatches, orderItemBatches } from '../../db/schema/catalogue.js';
import { notFound } from '../../http/envelope.js';
import { visible } from './goods.js';
import { NEAR_EXPIRY_RATE } from './near-offers.js';
import { nearPriceFen, storedNearRate } from './near-rate.js';
import { BATCH_MISSING, verdictReasons } from './receiving.js';
import type { Viewer } from './viewer.js';

const DAY_MS = 86_400_000;
const daysBetween = (from: string, to: string) => Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / DAY_MS);
const seconds = (d: Date) => Math.floor(d.getTime() / 1000);

const columns = {
  batch: goodsBatches,
  name: goods.name,
  ypgg: goods.ypgg,
  sccj: goods.sccj,
  bzdw: goods.bzdw,
  minShelfDays: goods.minShelfDays,
  basePrice: goods.basePrice,
};
type Batch = typeof goodsBatches.$inferSelect;
type Joined = { batch: Batch; name: string; ypgg: string; sccj: string; bzdw: string; minShelfDays: number; basePrice: number };

/**
 * Where a batch's units sell today, or why they do not: with its goods while 合格 and beyond its minimum shelf
 * life, in the near-expiry zone while 合格, unexpired and within it (near-offers.ts `nearBatch`), and either only
 * while it has units no order holds.
 */
function saleOf(b: Batch, daysLeft: number, minShelfDays: number): { sale: BatchSale; note: string } {
  if (b.status !== BatchStatus.released) return { sale: 'none', note: BATCH_STATUS_TEXT[b.status] };
  if (daysLeft <= 0) return { sale: 'none', note: daysLeft < 0 ? '已过期' : '今日到期' };
  if (b.quantity <= b.held) return { sale: 'none', note: b.quantity ? '已全部被订单占用' : '无库存' };
  return { sale: daysLeft > minShelfDays ? 'goods' : 'near', note: '' };
}

/** `rate`: the site's default near-expiry rate, which prices a near batch without a 近效期价 of its own. */
function batchView(r: Joined, { sale, note }: ReturnType<typeof saleOf>, reasons: Map<number, string>, today: string, rate: number): AdminBatch {
  const b = r.batch;
  const daysLeft = daysBetween(today, b.xq);
  const byRate = sale === 'near' && b.clearancePrice === null;
  return {
    id: b.id,
    goods_id: b.goodsId,
    name: r.name,
    ypgg: r.ypgg,
    sccj: r.sccj,
    bzdw: r.bzdw,
    batch_no: b.batchNo,
    scrq: b.scrq,
    xq: b.xq,
    quantity: b.quantity,
    held: b.held,
    returns_pending: b.returnsPending,
    free: b.quantity - b.held,
    status: b.status,
    status_text: BATCH_STATUS_TEXT[b.status],
    sells: b.status === BatchStatus.released && daysLeft > r.minShelfDays,
    sale,
    sale_text: BATCH_SALE_TEXT[sale],
    sale_note: note,
    near_price: sale === 'near' ? fenToYuan(nearPriceFen(r.basePrice, b.clearancePrice, rate)) : null,
    near_rate: byRate ? rate : null,
    days_left: daysLeft,
    supplier: b.supplier,
    has_report: Boolean(b.report),
    reason: b.status === BatchStatus.locked || b.status === BatchStatus.rejected ? (reasons.get(b.id) ?? '') : '',
    created_at: seconds(b.createdAt),
  };
}

async function viewsOf(conn: Conn, rows: Joined[], today: string) {
  const reasons = await verdictReasons(
    conn,
    rows.filter((r) => r.batch.status === BatchStatus.locked || r.batch.status === BatchStatus.rejected).map((r) => r.batch.id),
  );
  const sales = rows.map((r) => saleOf(r.batch, daysBetween(today, r.batch.xq), r.minShelfDays));
  // The rate is read (as stored, in the caller's transaction) only when a near batch is priced by it.
  const byRate = rows.some((r, i) => sales[i].sale === 'near' && r.batch.clearancePrice === null);
  const rate = byRate ? await storedNearRate(conn) : NEAR_EXPIRY_RATE;
  return rows.map((r, i) => batchView(r, sales[i], reasons, today, rate));
}

const PER_PAGE = 20;

/**
 * `GET /api/admin/quality/batches`: batches by goods, status, a word of the goods' name or the batch number, or
 * the near-expiry daily report that named them; 待验 first, then the newest.
 */
export async function batchPage(
  conn: Conn,
  q: { page: number; goods_id?: number; status?: string; keyword: string; near_report?: string },
  today = chinaToday(),
) {
  const where: SQL[] = [];
  if (q.goods_id) where.push(eq(goodsBatches.goodsId, q.goods_id));
  if (q.near_report) where.push(eq(goodsBatches.nearReportedOn, q.near_report));
  if (q.status !== undefined) where.push(eq(goodsBatches.status, Number(q.status) as BatchStatus));
  if (q.keyword) {
    const like = containing(q.keyword);
    where.push(or(ilike(goods.name, like), ilike(goodsBatches.batchNo, like), ilike(goods.nameSzm, like))!);
  }
  const cond = where.length ? and(...where) : undefined;
  const [rows, [{ n }]] = await Promise.all([
    conn
      .select(columns)
      .from(goodsBatches)
      .innerJoin(goods, eq(goods.id, goodsBatches.goodsId))
      .where(cond)
      .orderBy(sql`${goodsBatches.status} = ${BatchStatus.pending} desc`, desc(goodsBatches.createdAt), desc(goodsBatches.id))
      .limit(PER_PAGE)
      .offset((q.page - 1) * PER_PAGE),
    conn.select({ n: count() }).from(goodsBatches).innerJoin(goods, eq(goods.id, goodsBatches.goodsId)).where(cond),
  ]);
  return { current_page: q.page, data: await viewsOf(conn, rows, today), last_page: Math.max(1, Math.ceil(n / PER_PAGE)), per_page: PER_PAGE, total: n };
}

/** Batches one goods may list at most, in its stock form. */
const GOODS_BATCHES_MAX = 200;

/** `GET /api/admin/goods/{id}/batches`: the goods' batches, first expiring first (the stock form's 批次). */
export async function goodsBatchList(conn: Conn, goodsId: number, today = chinaToday()): Promise<AdminBatch[]> {
  const rows = await conn
    .select(columns)
    .from(goodsBatches)
    .innerJoin(goods, eq(goods.id, goodsBatches.goodsId))
    .where(eq(goodsBatches.goodsId, goodsId))
    .orderBy(asc(goodsBatches.xq), asc(goodsBatches.id))
    .limit(GOODS_BATCHES_MAX);
  return viewsOf(conn, rows, today);
}

/** One batch as the console shows it, or 404. */
export async function batchView1(conn: Conn, id: number, today = chinaToday()): Promise<AdminBatch> {
  const rows = await conn.select(columns).from(goodsBatches).innerJoin(goods, eq(goods.id, goodsBatches.goodsId)).where(eq(goodsBatches.id, id));
  if (!rows.length) throw notFound(BATCH_MISSING);
  return (await viewsOf(conn, rows, today))[0];
}

/** The report file of a batch (null when none is attached), or 404. */
export async function batchReport(conn: Conn, id: number): Promise<{ goodsId: number; batchNo: string; report: string | null; name: string }> {
  const [b] = await conn
    .select({ goodsId: goodsBatches.goodsId, batchNo: goodsBatches.batchNo, report: goodsBatches.report, name: goods.name })
    .from(goodsBatches)
    .innerJoin(goods, eq(goods.id, goodsBatches.goodsId))
    .where(eq(goodsBatches.id, id));
  if (!b) throw notFound(BATCH_MISSING);
  return b;
}

const nearExpiryWhere = (days: number, today: string) =>
  and(gt(goodsBatches.quantity, 0), sql`${goodsBatches.xq} <= ${today}::date + ${days}::int`, sql`${goodsBatches.status} <> ${BatchStatus.rejected}`);

/**
 * `GET /api/admin/quality/near_expiry`: batches on hand (not 不合格) expiring within `days` of today, expired ones
 * included, the first expiring first; each valued at the goods' selling price (no cost is kept). `perPage` 0: all.
 */
export async function nearExpiryPage(conn: Conn, days: number, page: number, perPage = PER_PAGE, today = chinaToday()) {
  const cond = nearExpiryWhere(days, today);
  const query = conn
    .select(columns)
    .from(goodsBatches)
    .innerJoin(goods, eq(goods.id, goodsBatches.goodsId))
    .where(cond)
    .orderBy(asc(goodsBatches.xq), asc(goodsBatches.id));
  const [rows, [sums]] = await Promise.all([
    perPage ? query.limit(perPage).offset((page - 1) * perPage) : query.limit(50_000),
    conn
      .select({
        n: count(),
        units: sql<number>`coalesce(sum(${goodsBatches.quantity}), 0)::int`,
        value: sql<number>`coalesce(sum(${goodsBatches.quantity}::bigint * ${goods.basePrice}), 0)::bigint`,
      })
      .from(goodsBatches)
      .innerJoin(goods, eq(goods.id, goodsBatches.goodsId))
      .where(cond),
  ]);
  const views = await viewsOf(conn, rows, today);
  const data: NearExpiryRow[] = views.map((v, i) => ({ ...v, price: fenToYuan(rows[i].basePrice), value: fenToYuan(rows[i].basePrice * v.quantity) }));
  const size = perPage || Math.max(1, data.length);
  return {
    current_page: page,
    data,
    last_page: Math.max(1, Math.ceil(Number(sums.n) / size)),
    per_page: size,
    total: Number(sums.n),
    days,
    units: Number(sums.units),
    value: fenToYuan(Number(sums.value)),
  };
}

/** The order lines that took units of a batch, with how many and how many came back. */
export async function batchParts(conn: Conn, batchId: number) {
  return conn
    .select({ item: orderItemBatches.orderItemId, units: orderItemBatches.units, returned: orderItemBatches.returned })
    .from(orderItemBatches)
    .where(eq(orderItemBatches.batchId, batchId))
    .orderBy(asc(orderItemBatches.id));
}

/** A goods' batch by its number, or null. */
export async function batchByNo(conn: Conn, goodsId: number, batchNo: string) {
  const [b] = await conn
    .select({ id: goodsBatches.id, status: goodsBatches.status, report: goodsBatches.report, name: goods.name })
    .from(goodsBatches)
    .innerJoin(goods, eq(goods.id, goodsBatches.goodsId))
    .where(and(eq(goodsBatches.goodsId, goodsId), eq(goodsBatches.batchNo, batchNo)));
  return b ?? null;
}

const reportColumns = {
  goods_id: goods.id,
  name: goods.name,
  ypgg: goods.ypgg,
  sccj: goods.sccj,
  batch_no: goodsBatches.batchNo,
  scrq: goodsBatches.scrq,
  xq: goodsBatches.xq,
  report: goodsBatches.report,
};

/**
 * The batches the site sells (合格, of goods the viewer may see) with this exact number whose goods' name,
 * generic name or pinyin holds the keyword: the 质检报告查询 page.
 */
export async function reportBatches(conn: Conn, viewer: Viewer, keyword: string, batchNo: string): Promise<ReportBatch[]> {
  const like = containing(keyword.toLowerCase());
  const rows = await conn
    .select(reportColumns)
    .from(goodsBatches)
    .innerJoin(goods, eq(goods.id, goodsBatches.goodsId))
    .where(
      and(
        eq(goodsBatches.batchNo, batchNo),
        eq(goodsBatches.status, BatchStatus.released),
        visible(viewer),
        or(ilike(goods.name, like), ilike(goods.tym, like), ilike(goods.namePy, like), ilike(goods.nameSzm, like)),
      ),
    )
    .orderBy(asc(goods.id))
    .limit(20);
  return rows.map(({ report, ...r }) => ({ ...r, has_report: Boolean(report) }));
}

/** The batches that order lines took units from, by line, as report rows. */
export async function reportBatchesOfItems(conn: Conn, items: number[]): Promise<ReportBatch[]> {
  if (!items.length) return [];
  const rows = await conn
    .selectDistinct(reportColumns)
    .from(orderItemBatches)
    .innerJoin(goodsBatches, eq(goodsBatches.id, orderItemBatches.batchId))
    .innerJoin(goods, eq(goods.id, goodsBatches.goodsId))
    .where(inArray(orderItemBatches.orderItemId, items))
    .orderBy(asc(goods.id), asc(goodsBatches.xq), asc(goodsBatches.batchNo));
  return rows.map(({ report, ...r }) => ({ ...r, has_report: Boolean(report) }));
}

/**
 * Why goods fell short in open carts because of a quality hold: for each goods with a 锁定 batch still holding
 * units, `批号X已暂停销售（reason）`, the holds joined. Read only for lines short of stock.
 */
export async function heldBatchNotes(conn: Conn, goodsIds: number[]): Promise<Map<number, string>> {
  const out = new Map<number, string>();
  if (!goodsIds.length) return out;
  const rows = await conn
    .select({ id: goodsBatches.id, goodsId: goodsBatches.goodsId, batchNo: goodsBatches.batchNo })
    .from(goodsBatches)
    .where(
      and(inArray(goodsBatches.goodsId, [...new Set(goodsIds)]), eq(goodsBatches.status, BatchStatus.locked), gt(goodsBatches.quantity, goodsBatches.held)),
    )
    .orderBy(asc(goodsBatches.goodsId), asc(goodsBatches.id));
  const reasons = await verdictReasons(
    conn,
    rows.map((r) => r.id),
  );
  for (const r of rows) {
    const note = `批号${r.batchNo}因质量原因已暂停销售${reasons.get(r.id) ? `（${reasons.get(r.id)}）` : ''}`;
    out.set(r.goodsId, out.has(r.goodsId) ? `${out.get(r.goodsId)}；${note}` : note);
  }
  return out;
}

/** The 锁定 or 不合格 batches that order lines took units from: what must not leave the warehouse. */
export async function stoppedBatchesOfItems(conn: Conn, items: number[]) {
  if (!items.length) return [];
  return conn
    .selectDistinct({ batchNo: goodsBatches.batchNo, name: goods.name, status: goodsBatches.status })
    .from(orderItemBatches)
    .innerJoin(goodsBatches, eq(goodsBatches.id, orderItemBatches.batchId))
    .innerJoin(goods, eq(goods.id, goodsBatches.goodsId))
    .where(and(inArray(orderItemBatches.orderItemId, items), inArray(goodsBatches.status, [BatchStatus.locked, BatchStatus.rejected])));
}
