/** Returns (退货) and after-sales requests (售后) on lines of a shipped or completed order. */
import { and, eq, inArray } from 'drizzle-orm';
import type { z } from 'zod';
import { fenToYuan } from '../../../core/money.js';
import type { AfterSale, AfterSaleDetail, afterSaleBody, LineBatch } from '../../../core/schemas/trade.js';
import { AFTER_SALE_STATUS_TEXT, AfterSaleStatus, OrderStatus } from '../../../core/status.js';
import type { Db } from '../../db/client.js';
import { afterSales, orderItems, orders } from '../../db/schema/orders.js';
import type { SessionUser } from '../../http/auth.js';
import { invalid, notFound, refuse } from '../../http/envelope.js';
import { batchesOfItems } from '../catalogue/index.js';
import { ownsUploads } from '../uploads/index.js';
import { chargedPrice, ownOrder, statusText } from './rows.js';

const y = fenToYuan;
const seconds = (d: Date) => Math.floor(d.getTime() / 1000);

export function afterSaleView(a: typeof afterSales.$inferSelect): AfterSale {
  return {
    id: a.id,
    order_id: a.orderId,
    kind: a.kind,
    lines: a.lines,
    reason: a.reason,
    images: a.images,
    status: a.status,
    status_text: AFTER_SALE_STATUS_TEXT[a.status] ?? '未知',
    refund_amount: y(a.refundAmount),
    reply: a.reply,
    created_at: seconds(a.createdAt),
  };
}

type AfterSaleInput = z.infer<typeof afterSaleBody>;

/**
 * The batch a return's units are of: the one the buyer names, which must be a batch the line was shipped from
 * with as many units; a line shipped from one batch may leave it out. A line placed before batches names none.
 */
function returnedBatch(item: typeof orderItems.$inferSelect, batches: LineBatch[], line: { number: number; batch_no?: string }, i: number) {
  const own = batches.filter((b) => b.goods_id === item.goodsId);
  if (!own.length) return undefined;
  if (!line.batch_no && own.length > 1) throw invalid(`lines.${i}.batch_no`, `${item.name}来自${own.length}个批号，请选择退货的批号`);
  const named = line.batch_no ? own.find((b) => b.batch_no === line.batch_no) : own[0];
  if (!named) throw invalid(`lines.${i}.batch_no`, `${item.name}未从批号${line.batch_no}发货，请核对退货批号`);
  if (line.number > named.number) throw invalid(`lines.${i}.number`, `${item.name}批号${named.batch_no}仅发货${named.number}${item.bzdw}`);
  return named.batch_no;
}

/** 退货 or 售后 on lines of a shipped or completed order; a return's refund is the lines' share of what was paid. */
export async function requestAfterSale(db: Db, user: SessionUser, id: number, kind: 'return' | 'after_sale', input: AfterSaleInput): Promise<AfterSale> {
  if (kind === 'after_sale' && !user.isAfterSale) throw refuse('您的账户暂未开通售后服务，请联系专属客服');
  if (!(await ownsUploads(db, user.id, input.images))) throw invalid('images', '图片无效，请重新上传');
  return db.transaction(async (tx) => {
    const o = await ownOrder(tx, user.id, id, true);
    if (o.status !== OrderStatus.shipped && o.status !== OrderStatus.done)
      throw refuse(kind === 'return' ? '只有已发货或已完成的订单可以申请退货' : '只有已发货或已完成的订单可以申请售后');
    const items = await tx.select().from(orderItems).where(eq(orderItems.orderId, id));
    const pending = await tx
      .select()
      .from(afterSales)
      .where(and(eq(afterSales.orderId, id), eq(afterSales.kind, 'return'), inArray(afterSales.status, [AfterSaleStatus.pending, AfterSaleStatus.approved])));
    let refund = 0;
    const lines = input.lines.map((l) => ({ ...l }));
    const shipped =
      kind === 'return'
        ? await batchesOfItems(
            tx,
            items.map((it) => it.id),
          )
        : new Map<number, LineBatch[]>();
    for (const [i, line] of lines.entries()) {
      const item = items.find((it) => it.id === line.item_id);
      if (!item) throw invalid(`lines.${i}.item_id`, '订单中没有该商品');
      if (kind === 'return') {
        const asked = pending
          .flatMap((p) => p.lines)
          .filter((l) => l.item_id === item.id)
          .reduce((n, l) => n + l.number, 0);
        const left = item.number - item.returnedNumber - asked;
        if (line.number > left) throw invalid(`lines.${i}.number`, `${item.name}最多可退${Math.max(0, left)}${item.bzdw}`);
        refund += Math.floor((item.payAmount * line.number) / item.number);
        line.batch_no = returnedBatch(item, shipped.get(item.id) ?? [], line, i);
      } else if (line.number > item.number) {
        throw invalid(`lines.${i}.number`, `${item.name}最多${item.number}${item.bzdw}`);
      }
    }
    const [row] = await tx
      .insert(afterSales)
      .values({
        orderId: id,
        userId: user.id,
        kind,
        lines,
        reason: input.reason,
        images: input.images,
        refundAmount: kind === 'return' ? refund : 0,
      })
      .returning();
    return afterSaleView(row);
  });
}

/** A return or after-sales request of the account, with its order's lines (/order/returnInfo, /order/afterSalesInfo). */
export async function afterSaleDetail(db: Db, user: SessionUser, id: number): Promise<AfterSaleDetail> {
  const [row] = await db
    .select()
    .from(afterSales)
    .where(and(eq(afterSales.id, id), eq(afterSales.userId, user.id)));
  if (!row) throw notFound('售后申请不存在');
  const [o] = await db.select().from(orders).where(eq(orders.id, row.orderId));
  const items = await db.select().from(orderItems).where(eq(orderItems.orderId, row.orderId));
  return {
    ...afterSaleView(row),
    order: { id: o.id, order_no: o.orderNo, status: o.status, status_text: statusText(o) },
    items: row.lines.map((l) => {
      const item = items.find((i) => i.id === l.item_id);
      return {
        item_id: l.item_id,
        number: l.number,
        name: item?.name ?? '',
        image: item?.image ?? '',
        ypgg: item?.ypgg ?? '',
        bzdw: item?.bzdw ?? '',
        price: y(item ? chargedPrice(item).price : 0),
      };
    }),
  };
}
