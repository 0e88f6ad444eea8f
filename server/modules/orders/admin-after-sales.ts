/**
 * The staff side of returns and after-sales requests: the list, 同意 or 拒绝, receiving returned goods back into
 * stock, and the refund. Every write is audited and runs in one transaction; each is idempotent or refused when
 * the request is no longer in the state it needs. The buyer is told by a message.
 */
import { and, asc, count, desc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import type { z } from 'zod';
import { fenToYuan, yuanToFen } from '../../../core/money.js';
import type { AdminAfterSale, adminAfterSaleQuery, afterSaleDecisionBody } from '../../../core/schemas/admin-orders.js';
import { AFTER_SALE_STATUS_TEXT, AfterSaleStatus } from '../../../core/status.js';
import type { Conn, Db } from '../../db/client.js';
import { afterSales, orderItems, orders } from '../../db/schema/orders.js';
import { invalid, notFound, refuse } from '../../http/envelope.js';
import { briefOf, userBriefs, sendMessage } from '../accounts/index.js';
import { returnToInspection } from '../catalogue/index.js';
import { audited } from '../operators/index.js';
import { settleCashback } from './cashback.js';
import { orderRefunded } from './events.js';
import { giveMoneyBack, refundMemo } from './refunds.js';
import { lockedOrder, type OrderRow } from './rows.js';

const y = fenToYuan;
const PER_PAGE = 20;
const seconds = (d: Date | null) => (d ? Math.floor(d.getTime() / 1000) : null);

/** The most a refund of the request may give now: what the order has left, and for a return no more than its lines paid. */
function refundableOf(a: typeof afterSales.$inferSelect, order: Pick<OrderRow, 'payAmount' | 'refundedAmount'>) {
  if (a.refundedAt || a.status === AfterSaleStatus.rejected || a.status === AfterSaleStatus.done) return 0;
  const left = Math.max(0, order.payAmount - order.refundedAmount);
  return a.kind === 'return' ? Math.min(a.refundAmount, left) : left;
}

type OrderOfRequest = Pick<OrderRow, 'orderNo' | 'payAmount' | 'refundedAmount'>;

export function afterSaleView(
  a: typeof afterSales.$inferSelect,
  order: OrderOfRequest,
  buyer: AdminAfterSale['buyer'],
  items: (typeof orderItems.$inferSelect)[],
): AdminAfterSale {
  return {
    id: a.id,
    order_id: a.orderId,
    order_no: order.orderNo,
    buyer,
    kind: a.kind,
    lines: a.lines.map((l) => {
      const item = items.find((i) => i.id === l.item_id);
      return { item_id: l.item_id, number: l.number, name: item?.name ?? '', bzdw: item?.bzdw ?? '', batch_no: l.batch_no ?? '' };
    }),
    reason: a.reason,
    images: a.images,
    status: a.status,
    status_text: AFTER_SALE_STATUS_TEXT[a.status] ?? '未知',
    refund_amount: y(a.refundAmount),
    refundable: y(refundableOf(a, order)),
    reply: a.reply,
    received_at: seconds(a.receivedAt),
    refunded_at: seconds(a.refundedAt),
    created_at: seconds(a.createdAt)!,
  };
}
/** The returns and after-sales requests, the oldest waiting first. */
export async function adminListAfterSales(db: Db, q: z.infer<typeof adminAfterSaleQuery>) {
  const where: SQL[] = [];
  if (q.status !== undefined) where.push(eq(afterSales.status, Number(q.status) as (typeof afterSales.$inferSelect)['status']));
  if (q.kind) where.push(eq(afterSales.kind, q.kind));
  const cond = where.length ? and(...where) : undefined;
  const [rows, [{ n }]] = await Promise.all([
    db
      .select()
      .from(afterSales)
      .where(cond)
      .orderBy(asc(afterSales.status), desc(afterSales.id))
      .limit(PER_PAGE)
      .offset((q.page - 1) * PER_PAGE),
    db.select({ n: count() }).from(afterSales).where(cond),
  ]);
  const orderIds = [...new Set(rows.map((r) => r.orderId))];
  const [os, items, buyers] = await Promise.all([
    orderIds.length ? db.select().from(orders).where(inArray(orders.id, orderIds)) : Promise.resolve([]),
    orderIds.length ? db.select().from(orderItems).where(inArray(orderItems.orderId, orderIds)) : Promise.resolve([]),
    userBriefs(
      db,
      rows.map((r) => r.userId),
    ),
  ]);
  return {
    current_page: q.page,
    data: rows.map((a) =>
      afterSaleView(
        a,
        os.find((o) => o.id === a.orderId) ?? { orderNo: '', payAmount: 0, refundedAmount: 0 },
        briefOf(buyers, a.userId),
        items.filter((i) => i.orderId === a.orderId),
      ),
    ),
    last_page: Math.max(1, Math.ceil(n / PER_PAGE)),
    per_page: PER_PAGE,
    total: n,
  };
}

async function lockedAfterSale(tx: Conn, id: number) {
  const [a] = await tx.select().from(afterSales).where(eq(afterSales.id, id)).for('update');
  if (!a) throw notFound('售后申请不存在');
  return a;
}

const afterSaleTrail = (a: typeof afterSales.$inferSelect) => ({
  status: a.status,
  reply: a.reply,
  refund_amount: a.refundAmount,
  received: Boolean(a.receivedAt),
  refunded: Boolean(a.refundedAt),
});
const KIND_TEXT = { return: '退货申请', after_sale: '售后申请' } as const;

/** 同意 or 拒绝 (with the reason the buyer reads) a waiting request. */
export async function decideAfterSale(db: Db, req: FastifyRequest, id: number, body: z.infer<typeof afterSaleDecisionBody>) {
  return audited(
    db,
    req,
    { permission: 'after_sale:decide', stale: 'nothing', action: `after_sale.${body.decision}`, targetType: 'after_sale', targetId: id },
    async (tx) => {
      const a = await lockedAfterSale(tx, id);
      const status = body.decision === 'approve' ? AfterSaleStatus.approved : AfterSaleStatus.rejected;
      if (a.status === status) return { before: null, after: null, result: null };
      if (a.status !== AfterSaleStatus.pending) throw refuse('该申请已处理');
      const [after] = await tx.update(afterSales).set({ status, reply: body.reply, decidedAt: new Date() }).where(eq(afterSales.id, id)).returning();
      const [o] = await tx.select({ orderNo: orders.orderNo }).from(orders).where(eq(orders.id, a.orderId));
      const text = body.decision === 'approve' ? '已同意' : `未通过：${body.reply}`;
      await sendMessage(
        tx,
        a.userId,
        `${KIND_TEXT[a.kind]}${body.decision === 'approve' ? '已同意' : '未通过'}`,
        `订单 ${o.orderNo} 的${KIND_TEXT[a.kind]}${text}${body.decision === 'approve' && a.kind === 'return' ? '，请将商品寄回' : ''}。`,
      );
      return { before: afterSaleTrail(a), after: afterSaleTrail(after), result: null };
    },
  );
}

/**
 * 确认收货 of a return: the returned units are counted on their lines and go back to the batch the buyer named (or
 * those the line left from), waiting for qa's inspection (退货待验), not straight to sale.
 */
export async function receiveReturn(db: Db, req: FastifyRequest, id: number) {
  return audited(
    db,
    req,
    { permission: 'after_sale:decide', stale: 'nothing', action: 'after_sale.receive', targetType: 'after_sale', targetId: id },
    async (tx) => {
      const a = await lockedAfterSale(tx, id);
      if (a.receivedAt) return { before: null, after: null, result: null };
      if (a.kind !== 'return' || a.status !== AfterSaleStatus.approved) throw refuse('只有已同意的退货申请可以确认收货');
      const items = await tx.select().from(orderItems).where(eq(orderItems.orderId, a.orderId)).for('update');
      for (const line of a.lines) {
        const item = items.find((i) => i.id === line.item_id);
        if (!item) continue;
        await tx
          .update(orderItems)
          .set({ returnedNumber: sql`${orderItems.returnedNumber} + ${line.number}` })
          .where(eq(orderItems.id, item.id));
        await returnToInspection(
          tx,
          (item.parts ?? [{ goods_id: item.goodsId, number: 1 }]).map((part) => ({
            item: item.id,
            goodsId: part.goods_id,
            number: part.number * line.number,
            batchNo: part.goods_id === item.goodsId ? line.batch_no : undefined,
          })),
        );
      }
      const [after] = await tx.update(afterSales).set({ receivedAt: new Date() }).where(eq(afterSales.id, id)).returning();
      return { before: afterSaleTrail(a), after: afterSaleTrail(after), result: null };
    },
  );
}

/**
 * 退款 of a return or an after-sales request, once, in full or in part: never more than what the order paid
 * less its earlier refunds, and for a return (once its goods are back) never more than what its lines paid;
 * back where the money came from. The same refund sent again changes nothing; another amount is refused.
 */
export async function refundAfterSale(db: Db, req: FastifyRequest, id: number, body: { amount: string; reply: string }) {
  return audited(
    db,
    req,
    { permission: 'order:refund', stale: 'nothing', action: 'after_sale.refund', targetType: 'after_sale', targetId: id },
    async (tx, operator) => {
      const a = await lockedAfterSale(tx, id);
      const amount = yuanToFen(body.amount);
      if (a.refundedAt) {
        if (amount === a.refundAmount) return { before: null, after: null, result: null };
        throw refuse(`该申请已退款¥${y(a.refundAmount)}，不能再次退款`);
      }
      if (a.status !== AfterSaleStatus.approved) throw refuse('只有已同意的申请可以退款');
      if (a.kind === 'return' && !a.receivedAt) throw refuse('请先确认收到退回的商品');
      const o = await lockedOrder(tx, a.orderId);
      const left = o.payAmount - o.refundedAmount;
      const ceiling = a.kind === 'return' ? Math.min(a.refundAmount, left) : left;
      if (amount <= 0) throw invalid('amount', '退款金额须大于0');
      if (amount > ceiling) throw invalid('amount', `退款金额不能超过¥${y(ceiling)}`);
      // Cashback granted and no longer due that the red packet balance cannot cover is kept from the refund.
      const kept = Math.min(amount, await settleCashback(tx, o, o.refundedAmount + amount, { type: 'after_sale', id: a.id }));
      await giveMoneyBack(
        tx,
        o,
        amount - kept,
        { type: 'after_sale', id: a.id },
        refundMemo(`订单 ${o.orderNo} ${KIND_TEXT[a.kind]}退款`, body.reply, operator),
      );
      await tx
        .update(orders)
        .set({ refundedAmount: o.refundedAmount + amount })
        .where(eq(orders.id, o.id));
      const [after] = await tx
        .update(afterSales)
        .set({ status: AfterSaleStatus.done, refundAmount: amount, refundedAt: new Date(), reply: body.reply || a.reply })
        .where(eq(afterSales.id, id))
        .returning();
      await orderRefunded(tx, o.id);
      await sendMessage(
        tx,
        a.userId,
        '退款已到账',
        `订单 ${o.orderNo} 的${KIND_TEXT[a.kind]}已退款 ¥${y(amount - kept)}${o.payMethod === 'credit' ? '（优先冲减账期账单）' : '，已退回账户余额'}${kept > 0 ? `，已扣除无法收回的满返红包 ¥${y(kept)}` : ''}。`,
      );
      return { before: afterSaleTrail(a), after: afterSaleTrail(after), result: null };
    },
  );
}
