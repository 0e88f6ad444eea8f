/**
 * The outbound check (出库复核): every box of a line whose goods carries trace codes is scanned before the order
 * ships. A code is 20 digits, opens with its goods' 药品标识码, belongs to a line of this order that still has
 * boxes to scan and is bound to a batch that line took units from; it is unique for ever across the site (the
 * table's primary key), so two operators sending the same code at once write it once. Scans lock the order, so
 * a line never takes more codes than units, and shipping (which locks it too) counts what is there
 * (docs/decisions/035-trace-codes-and-delivery-note.md).
 */
import { and, desc, eq, inArray } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import { ORDER_STATUS_TEXT, OrderStatus } from '../../../core/status.js';
import type { TraceLine, TraceOrder, TraceScanBody, TraceScanResult } from '../../../core/schemas/trace.js';
import type { Conn, Db, Tx } from '../../db/client.js';
import { traceCodes, traceGoods } from '../../db/schema/trace.js';
import { invalidFields, refuse } from '../../http/envelope.js';
import { userBriefs } from '../accounts/index.js';
import { goodsByIds, itemBatches, type ItemBatch } from '../catalogue/index.js';
import { audited } from '../operators/index.js';
import { orderFacts, type OrderFacts } from '../orders/index.js';

const seconds = (d: Date) => Math.floor(d.getTime() / 1000);

type Setup = { prefix: string; needsCodes: boolean; withoutCodes: boolean };

/** Each goods' 药品标识码 and whether its boxes are scanned: a prefix set and not sold without codes. */
async function traceSetup(conn: Conn, goodsIds: number[]): Promise<Map<number, Setup>> {
  const out = new Map<number, Setup>();
  if (!goodsIds.length) return out;
  const rows = await conn
    .select()
    .from(traceGoods)
    .where(inArray(traceGoods.goodsId, [...new Set(goodsIds)]));
  for (const r of rows) out.set(r.goodsId, { prefix: r.prefix, needsCodes: r.prefix !== '' && !r.withoutCodes, withoutCodes: r.withoutCodes });
  return out;
}

type CodeRow = typeof traceCodes.$inferSelect;

/** A line of the check: one goods of one order line, its batches in FEFO order with the codes each holds. */
type Line = {
  key: string;
  itemId: number;
  goodsId: number;
  setup: Setup;
  batches: (ItemBatch & { scanned: number })[];
  scanned: number;
  units: number;
};

const keyOf = (itemId: number, goodsId: number) => `${itemId}-${goodsId}`;

/** The order's lines as the check counts them, with the codes scanned so far. */
async function linesOf(conn: Conn, facts: OrderFacts) {
  const batches = await itemBatches(
    conn,
    facts.items.map((i) => i.id),
  );
  const [setup, codes] = await Promise.all([
    traceSetup(
      conn,
      batches.map((b) => b.goodsId),
    ),
    conn.select().from(traceCodes).where(eq(traceCodes.orderId, facts.order.id)).orderBy(desc(traceCodes.scannedAt), desc(traceCodes.code)),
  ]);
  const lines = new Map<string, Line>();
  for (const b of batches) {
    const key = keyOf(b.itemId, b.goodsId);
    const line = lines.get(key) ?? {
      key,
      itemId: b.itemId,
      goodsId: b.goodsId,
      setup: setup.get(b.goodsId) ?? { prefix: '', needsCodes: false, withoutCodes: false },
      batches: [],
      scanned: 0,
      units: 0,
    };
    line.batches.push({ ...b, scanned: 0 });
    line.units += b.units;
    lines.set(key, line);
  }
  for (const c of codes) count(lines.get(keyOf(c.orderItemId, c.goodsId)), c.batchId, 1);
  return { lines: [...lines.values()], codes };
}

function count(line: Line | undefined, batchId: number, by: number) {
  const batch = line?.batches.find((b) => b.batchId === batchId);
  if (!line || !batch) return;
  batch.scanned += by;
  line.scanned += by;
}

/** The lines that still want codes: how many in all, and whether every one is complete. */
function tally(lines: Line[]) {
  const coded = lines.filter((l) => l.setup.needsCodes);
  const needed = coded.reduce((n, l) => n + l.units, 0);
  const scanned = coded.reduce((n, l) => n + Math.min(l.scanned, l.units), 0);
  return { needed, scanned, complete: coded.every((l) => l.scanned >= l.units) };
}

async function view(conn: Conn, facts: OrderFacts): Promise<TraceOrder> {
  const { lines, codes } = await linesOf(conn, facts);
  const [goods, buyers] = await Promise.all([
    goodsByIds(
      conn,
      lines.map((l) => l.goodsId),
    ),
    userBriefs(conn, [facts.order.userId]),
  ]);
  const goodsOf = new Map(goods.map((g) => [g.id, g]));
  const itemOf = new Map(facts.items.map((i) => [i.id, i]));
  const batchNoOf = new Map(lines.flatMap((l) => l.batches.map((b) => [b.batchId, b.batchNo])));
  const { needed, scanned, complete } = tally(lines);
  return {
    order_id: facts.order.id,
    order_no: facts.order.orderNo,
    status: facts.order.status,
    status_text: ORDER_STATUS_TEXT[facts.order.status as OrderStatus] ?? '',
    company: buyers.get(facts.order.userId)?.company ?? '',
    needed,
    scanned,
    complete: complete ? 1 : 0,
    lines: lines.map((l): TraceLine => {
      const g = goodsOf.get(l.goodsId);
      const item = itemOf.get(l.itemId);
      // A bundle line names its parts by their goods; a plain line as it was sold.
      const sold = item && item.goodsId === l.goodsId ? item : null;
      return {
        key: l.key,
        item_id: l.itemId,
        goods_id: l.goodsId,
        name: sold?.name ?? g?.name ?? '',
        ypgg: sold?.ypgg ?? g?.ypgg ?? '',
        sccj: sold?.sccj ?? g?.sccj ?? '',
        bzdw: sold?.bzdw ?? g?.bzdw ?? '',
        pzwh: g?.pzwh ?? '',
        prefix: l.setup.prefix,
        without_codes: l.setup.withoutCodes ? 1 : 0,
        needs_codes: l.setup.needsCodes ? 1 : 0,
        units: l.units,
        scanned: l.scanned,
        batches: l.batches.map((b) => ({ batch_no: b.batchNo, xq: b.xq, units: b.units, scanned: b.scanned })),
        codes: codes
          .filter((c) => c.orderItemId === l.itemId && c.goodsId === l.goodsId)
          .map((c) => ({ code: c.code, batch_no: batchNoOf.get(c.batchId) ?? '', scanned_at: seconds(c.scannedAt) })),
      };
    }),
  };
}

/** `GET /api/admin/trace/orders/{id}`: the order's lines with the codes they need and have. */
export async function traceOrder(db: Db, orderId: number): Promise<TraceOrder> {
  return view(db, await orderFacts(db, orderId));
}

const open = (facts: OrderFacts) => {
  if (facts.order.status !== OrderStatus.toShip)
    throw refuse(`订单${ORDER_STATUS_TEXT[facts.order.status as OrderStatus] ?? ''}，只有待发货的订单可以扫码复核`);
};

/** Where a code goes: the first line of its goods with boxes left, the first of that line's batches with room. */
function place(lines: Line[], code: string, batchNo: string | undefined): { line: Line; batchId: number } | string {
  const prefix = code.slice(0, 7);
  const mine = lines.filter((l) => l.setup.prefix === prefix);
  if (!mine.length) return `药品标识码${prefix}不属于本订单的商品`;
  const coded = mine.filter((l) => l.setup.needsCodes);
  if (!coded.length) return '该商品无需扫描追溯码';
  const line = coded.find((l) => l.scanned < l.units);
  if (!line) return `该商品已扫满（${coded.reduce((n, l) => n + l.scanned, 0)}/${coded.reduce((n, l) => n + l.units, 0)}）`;
  const batch = batchNo ? line.batches.find((b) => b.batchNo === batchNo) : line.batches.find((b) => b.scanned < b.units);
  if (!batch) return `批号${batchNo}不是本订单该商品的出库批号`;
  if (batch.scanned >= batch.units) return `批号${batch.batchNo}已扫满（${batch.scanned}/${batch.units}）`;
  return { line, batchId: batch.batchId };
}

/**
 * `POST /api/admin/trace/orders/{id}/codes`: codes as a scanner sent them. Each is taken or refused with its
 * reason; when none is taken the answer is 422 with each code's reason (`codes.{index}`) and nothing is written.
 */
export async function scanCodes(db: Db, req: FastifyRequest, orderId: number, body: TraceScanBody): Promise<TraceScanResult> {
  return audited(
    db,
    req,
    { permission: 'order:ship', stale: 'nothing', action: 'trace.scan', targetType: 'order', targetId: orderId },
    async (tx, operator) => {
      const facts = await orderFacts(tx, orderId, true);
      open(facts);
      const { lines } = await linesOf(tx, facts);
      const seen = await tx
        .select({ code: traceCodes.code, orderId: traceCodes.orderId })
        .from(traceCodes)
        .where(inArray(traceCodes.code, [...new Set(body.codes)]));
      const seenIn = new Map(seen.map((s) => [s.code, s.orderId]));
      const results: TraceScanResult['results'] = [];
      const rows: (typeof traceCodes.$inferInsert)[] = [];
      const taken = new Set<string>();
      for (const code of body.codes) {
        const already = seenIn.get(code);
        let message = '';
        let key: string | null = null;
        if (taken.has(code)) message = '同一追溯码重复扫描';
        else if (already !== undefined) message = already === orderId ? '该追溯码已在本订单扫描' : '该追溯码已用于其他订单';
        else {
          const spot = place(lines, code, body.batch_no);
          if (typeof spot === 'string') message = spot;
          else {
            count(spot.line, spot.batchId, 1);
            key = spot.line.key;
            taken.add(code);
            rows.push({ code, orderId, orderItemId: spot.line.itemId, goodsId: spot.line.goodsId, batchId: spot.batchId, operatorId: operator.id });
          }
        }
        results.push({ code, key, message });
      }
      const written = rows.length ? await tx.insert(traceCodes).values(rows).onConflictDoNothing().returning({ code: traceCodes.code }) : [];
      const stored = new Set(written.map((w) => w.code));
      // Sent by another operator for another order in the same instant: the first one holds it.
      for (const r of results) {
        if (r.key && !stored.has(r.code)) Object.assign(r, { key: null, message: '该追溯码已用于其他订单' });
      }
      if (!stored.size) throw invalidFields(Object.fromEntries(results.map((r, i) => [`codes.${i}`, [`${r.code}：${r.message}`]])));
      return { before: null, after: { trace_codes: [...stored] }, result: { results, order: await view(tx, facts) } };
    },
  );
}

/** `DELETE /api/admin/trace/orders/{id}/codes/{code}`: a code taken back before the order ships. */
export async function removeCode(db: Db, req: FastifyRequest, orderId: number, code: string): Promise<TraceOrder> {
  return audited(db, req, { permission: 'order:ship', stale: 'nothing', action: 'trace.undo', targetType: 'order', targetId: orderId }, async (tx) => {
    const facts = await orderFacts(tx, orderId, true);
    open(facts);
    const gone = await tx
      .delete(traceCodes)
      .where(and(eq(traceCodes.orderId, orderId), eq(traceCodes.code, code)))
      .returning();
    return { before: gone.length ? { trace_code: code } : null, after: null, result: await view(tx, facts) };
  });
}

let enforced = true;
/** Whether shipping waits for the check (config TRACE_CHECK), set as the app registers the routes. */
export function enforceCheck(on: boolean) {
  enforced = on;
}

/** Shipping waits for the check: refused while a line with codes has fewer codes than units. */
export async function checkBeforeShipping(tx: Tx, facts: OrderFacts) {
  if (!enforced) return;
  const { lines } = await linesOf(tx, facts);
  const short = lines.filter((l) => l.setup.needsCodes && l.scanned < l.units);
  if (!short.length) return;
  const goods = await goodsByIds(
    tx,
    short.map((l) => l.goodsId),
  );
  const names = short.map((l) => `${goods.find((g) => g.id === l.goodsId)?.name ?? '商品'}（${l.scanned}/${l.units}）`);
  throw refuse(`出库复核未完成：${names.join('、')}的追溯码尚未扫齐，请扫码复核后再发货`);
}

/**
 * An order refunded before it shipped (cancelled) gives its codes back: the boxes stay in the warehouse and are
 * scanned again for the order they leave with. Codes of shipped orders stay theirs, returns included.
 */
export async function releaseCodes(tx: Tx, facts: OrderFacts) {
  if (facts.order.status !== OrderStatus.cancelled) return;
  await tx.delete(traceCodes).where(eq(traceCodes.orderId, facts.order.id));
}

/** The order's codes with their line's goods and batch: what the buyer downloads. */
export async function codesOfOrder(conn: Conn, facts: OrderFacts): Promise<{ goodsId: number; batchNo: string; xq: string; code: CodeRow }[]> {
  const { lines, codes } = await linesOf(conn, facts);
  const batchOf = new Map(lines.flatMap((l) => l.batches.map((b) => [b.batchId, b])));
  return codes
    .map((c) => ({ goodsId: c.goodsId, batchNo: batchOf.get(c.batchId)?.batchNo ?? '', xq: batchOf.get(c.batchId)?.xq ?? '', code: c }))
    .sort(
      (a, b) =>
        a.code.orderItemId - b.code.orderItemId || a.goodsId - b.goodsId || a.batchNo.localeCompare(b.batchNo) || a.code.code.localeCompare(b.code.code),
    );
}
