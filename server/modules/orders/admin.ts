/**
 * The staff side of orders (DESIGN.md section 13): the list and detail, confirming a bank transfer, shipping,
 * cancelling an unpaid order, refunding a paid one, checking the signed receipts of ephedrine orders (returns
 * and after-sales are decided in admin-after-sales.ts). Every write is audited and runs in one transaction; each is idempotent or
 * refused when the order is no longer in the state it needs, so a double click never ships, confirms or
 * refunds twice. The buyer is told by a message.
 */
import { and, asc, count, desc, eq, gte, ilike, inArray, lt, or, sql, type SQL } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import type { z } from 'zod';
import { fenToYuan, yuanToFen } from '../../../core/money.js';
import type { AdminOrderDetail, AdminOrderQuery, AdminOrderRow, confirmTransferBody, receiptCheckBody, shipBody } from '../../../core/schemas/admin-orders.js';
import { isPaidStatus, OrderStatus, PayStatus, ReceiptStatus } from '../../../core/status.js';
import type { Db } from '../../db/client.js';
import { afterSales, orderItems, orders } from '../../db/schema/orders.js';
import { invalid, notFound, refuse } from '../../http/envelope.js';
import { briefOf, buyersMatching, userBriefs, sendMessage } from '../accounts/index.js';
import { batchesOfItems, goodsByIds, shipStock } from '../catalogue/index.js';
import { audited } from '../operators/index.js';
import { paymentsOf, closeWaiting } from '../pay/index.js';
import { creditBillOfOrder } from '../wallet/index.js';
import { settleCashback } from './cashback.js';
import { undoPlacement } from './placement.js';
import { orderRefunded, orderShipping } from './events.js';
import { cancelInTx } from './lifecycle.js';
import { ORDER_PAYMENT } from './payment.js';
import { receiptWaiting } from './queues.js';
import { chargedPrice, lockedOrder, ORDER_MISSING, statusText, type OrderRow } from './rows.js';
import { containing } from '../../db/like.js';
import { afterSaleView } from './admin-after-sales.js';
import { giveMoneyBack, refundMemo } from './refunds.js';

const y = fenToYuan;
const PER_PAGE = 20;
const seconds = (d: Date | null) => (d ? Math.floor(d.getTime() / 1000) : null);
const DAY_MS = 86_400_000;
const chinaDay = (day: string) => new Date(`${day}T00:00:00+08:00`);

/** The fields of an order an audit row keeps. */
const trail = (o: OrderRow) => ({
  status: o.status,
  pay_status: o.payStatus,
  pay_method: o.payMethod,
  carrier: o.carrier,
  tracking_no: o.trackingNo,
  bank_ref: o.bankRef,
  refunded_amount: o.refundedAmount,
  receipt_status: o.receiptStatus,
  cancel_reason: o.cancelReason,
});

function rowView(o: OrderRow, buyer: AdminOrderRow['buyer'], itemCount: number): AdminOrderRow {
  return {
    id: o.id,
    order_no: o.orderNo,
    buyer,
    status: o.status,
    status_text: statusText(o),
    pay_status: o.payStatus,
    pay_method: o.payMethod,
    pay_amount: y(o.payAmount),
    goods_amount: y(o.goodsAmount),
    item_count: itemCount,
    is_ephedrine: o.isEphedrine ? 1 : 0,
    receipt_status: o.receiptStatus,
    has_receipt: o.receiptImage ? 1 : 0,
    consignee: `${o.address.name} ${o.address.phone}`,
    created_at: seconds(o.createdAt)!,
    paid_at: seconds(o.paidAt),
    shipped_at: seconds(o.shippedAt),
  };
}

/** `GET /api/admin/orders`: newest first, by status (`transfer`: waiting for a transfer's confirmation), keyword (order number, consignee, buyer's company, username or phone), pay method, days, buyer. */
export async function adminListOrders(db: Db, q: AdminOrderQuery) {
  const where: SQL[] = [];
  if (q.status === 'transfer') where.push(eq(orders.status, OrderStatus.unpaid), eq(orders.payStatus, PayStatus.transferWaiting));
  else if (q.status !== undefined) where.push(eq(orders.status, Number(q.status) as OrderRow['status']));
  if (q.pay_method) where.push(eq(orders.payMethod, q.pay_method));
  if (q.user_id) where.push(eq(orders.userId, q.user_id));
  if (q.ephedrine) where.push(eq(orders.isEphedrine, true));
  if (q.receipt) where.push(receiptWaiting()!);
  if (q.date_from) where.push(gte(orders.createdAt, chinaDay(q.date_from)));
  if (q.date_to) where.push(lt(orders.createdAt, new Date(chinaDay(q.date_to).getTime() + DAY_MS)));
  if (q.keyword) {
    const like = containing(q.keyword);
    const buyers = await buyersMatching(db, q.keyword);
    where.push(
      or(
        ilike(orders.orderNo, like),
        sql`${orders.address}->>'name' ilike ${like}`,
        sql`${orders.address}->>'phone' ilike ${like}`,
        ...(buyers.length ? [inArray(orders.userId, buyers)] : []),
      )!,
    );
  }
  const cond = where.length ? and(...where) : undefined;
  const [rows, [{ n }]] = await Promise.all([
    db
      .select()
      .from(orders)
      .where(cond)
      .orderBy(desc(orders.createdAt), desc(orders.id))
      .limit(PER_PAGE)
      .offset((q.page - 1) * PER_PAGE),
    db.select({ n: count() }).from(orders).where(cond),
  ]);
  const ids = rows.map((r) => r.id);
  const [counts, buyers] = await Promise.all([
    ids.length
      ? db.select({ orderId: orderItems.orderId, n: count() }).from(orderItems).where(inArray(orderItems.orderId, ids)).groupBy(orderItems.orderId)
      : Promise.resolve([]),
    userBriefs(
      db,
      rows.map((r) => r.userId),
    ),
  ]);
  const itemsOf = new Map(counts.map((c) => [c.orderId, c.n]));
  return {
    current_page: q.page,
    data: rows.map((o) => rowView(o, briefOf(buyers, o.userId), itemsOf.get(o.id) ?? 0)),
    last_page: Math.max(1, Math.ceil(n / PER_PAGE)),
    per_page: PER_PAGE,
    total: n,
  };
}
/** What an operator may do with the order now. */
const operatorActions = (o: OrderRow): AdminOrderDetail['actions'] => ({
  confirm_transfer: o.status === OrderStatus.unpaid && o.payStatus === PayStatus.transferWaiting ? 1 : 0,
  ship: o.status === OrderStatus.toShip ? 1 : 0,
  cancel: o.status === OrderStatus.unpaid ? 1 : 0,
  refund: o.status === OrderStatus.toShip ? 1 : 0,
  check_receipt: o.isEphedrine && o.receiptImage && o.receiptStatus !== ReceiptStatus.accepted ? 1 : 0,
});

/** `GET /api/admin/orders/{id}`: everything about an order, with its returns, payments and credit bill. */
export async function adminOrderDetail(db: Db, id: number): Promise<AdminOrderDetail> {
  const [o] = await db.select().from(orders).where(eq(orders.id, id));
  if (!o) throw notFound(ORDER_MISSING);
  const [items, requests, pays, bill, buyers] = await Promise.all([
    db.select().from(orderItems).where(eq(orderItems.orderId, id)).orderBy(asc(orderItems.id)),
    db.select().from(afterSales).where(eq(afterSales.orderId, id)).orderBy(desc(afterSales.id)),
    paymentsOf(db, ORDER_PAYMENT, id),
    creditBillOfOrder(db, id),
    userBriefs(db, [o.userId]),
  ]);
  const buyer = briefOf(buyers, o.userId);
  const batches = await batchesOfItems(
    db,
    items.map((i) => i.id),
  );
  // The approval number for the delivery note: lines keep what they were sold as, but not this.
  const pzwhOf = new Map(
    (
      await goodsByIds(
        db,
        items.map((i) => i.goodsId),
      )
    ).map((g) => [g.id, g.pzwh]),
  );
  return {
    ...rowView(o, buyer, items.length),
    items: items.map((i) => ({
      id: i.id,
      goods_id: i.goodsId,
      type: i.type,
      name: i.name,
      sccj: i.sccj,
      ypgg: i.ypgg,
      bzdw: i.bzdw,
      pzwh: pzwhOf.get(i.goodsId) ?? '',
      number: i.number,
      returned_number: i.returnedNumber,
      price: y(chargedPrice(i).price),
      amount: y(i.amount),
      pay_amount: y(i.payAmount),
      batches: batches.get(i.id) ?? [],
    })),
    amounts: {
      goods_amount: y(o.goodsAmount),
      welfare_amount: y(o.welfareAmount),
      manjian_amount: y(o.manjianAmount),
      coupon_amount: y(o.couponAmount),
      red_packet_amount: y(o.redPacketAmount),
      shipping_amount: y(o.shippingAmount),
      pay_amount: y(o.payAmount),
      refunded_amount: y(o.refundedAmount),
    },
    address: o.address,
    invoice: o.invoice,
    remark: o.remark,
    carrier: o.carrier,
    tracking_no: o.trackingNo,
    bank_ref: o.bankRef,
    cancel_reason: o.cancelReason,
    receipt_image: o.receiptImage,
    receipt_remark: o.receiptRemark,
    received_at: seconds(o.receivedAt),
    cancelled_at: seconds(o.cancelledAt),
    refunded_at: seconds(o.refundedAt),
    after_sales: requests.map((a) => afterSaleView(a, o, buyer, items)),
    payments: pays.map((p) => ({ id: p.id, trade_no: p.tradeNo, amount: y(p.amount), status: p.status, paid_at: seconds(p.paidAt) })),
    credit_bill: bill,
    actions: operatorActions(o),
  };
}

/**
 * 线下支付确认: an order waiting for a bank transfer is paid. Confirming a transfer already confirmed changes
 * nothing (and writes no audit row); an order paid otherwise, or not waiting for a transfer, is refused; an
 * amount that is not the order's answers 422.
 */
export async function confirmTransfer(db: Db, req: FastifyRequest, id: number, body: z.infer<typeof confirmTransferBody>) {
  await audited(
    db,
    req,
    { permission: 'finance:confirm', stale: 'nothing', action: 'order.confirm_transfer', targetType: 'order', targetId: id },
    async (tx) => {
      const o = await lockedOrder(tx, id);
      if (isPaidStatus(o.status) && o.payMethod === 'transfer' && o.bankRef) return { before: null, after: null, result: null };
      if (o.status !== OrderStatus.unpaid || o.payStatus !== PayStatus.transferWaiting) throw refuse('该订单未选择对公转账或已关闭，不能确认到账');
      if (body.amount !== undefined && yuanToFen(body.amount) !== o.payAmount) throw invalid('amount', `到账金额与订单应付金额¥${y(o.payAmount)}不符`);
      const [after] = await tx
        .update(orders)
        .set({ status: OrderStatus.toShip, payStatus: PayStatus.paid, payMethod: 'transfer', paidAt: new Date(), bankRef: body.bank_ref })
        .where(eq(orders.id, id))
        .returning();
      await closeWaiting(tx, ORDER_PAYMENT, id);
      await sendMessage(tx, o.userId, '转账已确认', `您的订单 ${o.orderNo} 对公转账 ¥${y(o.payAmount)} 已确认到账，仓库正在备货。`);
      return { before: trail(o), after: trail(after), result: null };
    },
  );
  return adminOrderDetail(db, id);
}

/** 发货: a paid order leaves with a carrier and tracking number, its units off their batches; the buyer sees 已发货 and the trace. */
export async function shipOrder(db: Db, req: FastifyRequest, id: number, body: z.infer<typeof shipBody>) {
  await audited(db, req, { permission: 'order:ship', stale: 'nothing', action: 'order.ship', targetType: 'order', targetId: id }, async (tx) => {
    const o = await lockedOrder(tx, id);
    if (o.status === OrderStatus.shipped && o.trackingNo === body.tracking_no) return { before: null, after: null, result: null };
    if (o.status !== OrderStatus.toShip) throw refuse('只有待发货的订单可以发货');
    await orderShipping(tx, id);
    const [after] = await tx
      .update(orders)
      .set({ status: OrderStatus.shipped, carrier: body.carrier, trackingNo: body.tracking_no, shippedAt: new Date() })
      .where(eq(orders.id, id))
      .returning();
    // The units leave the warehouse: off the batches they were held in.
    const items = await tx.select({ id: orderItems.id }).from(orderItems).where(eq(orderItems.orderId, id));
    await shipStock(
      tx,
      items.map((i) => i.id),
    );
    await sendMessage(tx, o.userId, '订单已发货', `您的订单 ${o.orderNo} 已由${body.carrier}发出，运单号 ${body.tracking_no}。`);
    return { before: trail(o), after: trail(after), result: null };
  });
  return adminOrderDetail(db, id);
}

/** Cancels an unpaid order for the buyer (stock, coupon and red packet back, as when the buyer cancels). */
export async function adminCancelOrder(db: Db, req: FastifyRequest, id: number, reason: string) {
  await audited(db, req, { permission: 'order:cancel', stale: 'nothing', action: 'order.cancel', targetType: 'order', targetId: id }, async (tx) => {
    const o = await lockedOrder(tx, id);
    if (o.status === OrderStatus.cancelled) return { before: null, after: null, result: null };
    if (!(await cancelInTx(tx, id, `客服取消：${reason}`))) throw refuse('只有待付款的订单可以取消；已付款的订单请退款');
    const [after] = await tx.select().from(orders).where(eq(orders.id, id));
    await sendMessage(tx, o.userId, '订单已取消', `您的订单 ${o.orderNo} 已由客服取消：${reason}。`);
    return { before: trail(o), after: trail(after), result: null };
  });
  return adminOrderDetail(db, id);
}

/**
 * 退款 of a paid order not yet shipped: the whole payment goes back (balance; credit bill; online and
 * transfer payments to the balance), the order is cancelled, and stock, coupon, red packet and limited buys
 * go back - all in one transaction. Shipped goods come back through a return instead.
 */
export async function refundOrder(db: Db, req: FastifyRequest, id: number, reason: string) {
  await audited(db, req, { permission: 'order:refund', stale: 'nothing', action: 'order.refund', targetType: 'order', targetId: id }, async (tx, operator) => {
    const o = await lockedOrder(tx, id);
    if (o.refundedAt) return { before: null, after: null, result: null };
    if (o.status !== OrderStatus.toShip) throw refuse(o.status === OrderStatus.unpaid ? '未付款的订单请直接取消' : '已发货的订单请通过退货退款处理');
    const now = new Date();
    const [after] = await tx
      .update(orders)
      .set({ status: OrderStatus.cancelled, cancelReason: `退款：${reason}`, cancelledAt: now, refundedAmount: o.payAmount, refundedAt: now })
      .where(eq(orders.id, id))
      .returning();
    await giveMoneyBack(tx, o, o.payAmount, { type: 'order', id: o.id }, refundMemo(`订单 ${o.orderNo} 退款`, reason, operator));
    // Not shipped, so never completed: its cashback was not granted and now never will be.
    await settleCashback(tx, o, o.payAmount, { type: 'order', id: o.id });
    await undoPlacement(tx, o);
    await orderRefunded(tx, o.id);
    await sendMessage(tx, o.userId, '订单已退款', `您的订单 ${o.orderNo} 已退款 ¥${y(o.payAmount)}：${reason}。`);
    return { before: trail(o), after: trail(after), result: null };
  });
  return adminOrderDetail(db, id);
}
/** 回执审核 of an ephedrine order: accepted, or asked for again with the reason (the buyer uploads anew). */
export async function checkReceipt(db: Db, req: FastifyRequest, id: number, body: z.infer<typeof receiptCheckBody>) {
  await audited(
    db,
    req,
    { permission: 'receipt:check', stale: 'nothing', action: body.accept ? 'order.receipt_accept' : 'order.receipt_reject', targetType: 'order', targetId: id },
    async (tx) => {
      const o = await lockedOrder(tx, id);
      if (!o.isEphedrine || !o.receiptImage) throw refuse('该订单没有待审核的签收单');
      const status = body.accept ? ReceiptStatus.accepted : ReceiptStatus.askedAgain;
      if (o.receiptStatus === status) return { before: null, after: null, result: null };
      const [after] = await tx
        .update(orders)
        .set(body.accept ? { receiptStatus: status, receiptRemark: body.remark } : { receiptStatus: status, receiptRemark: body.remark, receiptImage: '' })
        .where(eq(orders.id, id))
        .returning();
      await sendMessage(
        tx,
        o.userId,
        body.accept ? '签收单已审核' : '请重新上传签收单',
        body.accept ? `订单 ${o.orderNo} 的签收单已审核通过。` : `订单 ${o.orderNo} 的签收单未通过：${body.remark}，请重新上传。`,
      );
      return { before: trail(o), after: trail(after), result: null };
    },
  );
  return adminOrderDetail(db, id);
}
