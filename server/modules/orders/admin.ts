/**
 * The staff side of orders (DESIGN.md section 13): the list and detail, confirming a bank transfer, shipping,
 * cancelling an unpaid order, refunding a paid one, deciding returns and after-sales, checking the signed
 * receipts of ephedrine orders. Every write is audited and runs in one transaction; each is idempotent or
 * refused when the order is no longer in the state it needs, so a double click never ships, confirms or
 * refunds twice. The buyer is told by a message.
 */
import { and, asc, count, desc, eq, gte, ilike, inArray, lt, or, sql, type SQL } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import type { z } from 'zod';
import { fenToYuan, yuanToFen } from '../../../core/money.js';
import type {
  AdminAfterSale,
  AdminOrderDetail,
  AdminOrderQuery,
  AdminOrderRow,
  adminAfterSaleQuery,
  afterSaleDecisionBody,
  confirmTransferBody,
  receiptCheckBody,
  shipBody,
} from '../../../core/schemas/admin-orders.js';
import { AFTER_SALE_STATUS_TEXT, AfterSaleStatus, isPaidStatus, OrderStatus, PayStatus, ReceiptStatus } from '../../../core/status.js';
import type { Conn, Db, Tx } from '../../db/client.js';
import { afterSales, orderItems, orders } from '../../db/schema/orders.js';
import type { OperatorRow } from '../../http/auth.js';
import { invalid, notFound, refuse } from '../../http/envelope.js';
import { briefOf, buyersMatching, userBriefs, sendMessage } from '../accounts/index.js';
import { goodsByIds, putBackStock } from '../catalogue/index.js';
import { audited } from '../operators/index.js';
import { paymentsOf, closeWaiting } from '../pay/index.js';
import { refundCreditOrder, refundToBalance, creditBillOfOrder } from '../wallet/index.js';
import { settleCashback } from './cashback.js';
import { undoPlacement } from './checkout.js';
import { orderRefunded } from './events.js';
import { cancelInTx } from './lifecycle.js';
import { ORDER_PAYMENT } from './payment.js';
import { receiptWaiting } from './queues.js';
import { chargedPrice, ORDER_MISSING, statusText, type OrderRow } from './rows.js';
import { containing } from '../../db/like.js';

const y = fenToYuan;
const PER_PAGE = 20;
const seconds = (d: Date | null) => (d ? Math.floor(d.getTime() / 1000) : null);
const DAY_MS = 86_400_000;
const chinaDay = (day: string) => new Date(`${day}T00:00:00+08:00`);
/** The ledger's memo holds at most this many characters. */
const MEMO_MAX = 120;

/** The memo of money given back: what, the operator's reason (cut to fit) and who did it, as the buyer's ledger shows it. */
function refundMemo(what: string, reason: string, operator: OperatorRow) {
  const tail = `（经办：${operator.name}）`;
  const head = [...(reason ? `${what}：${reason}` : what)];
  return head.slice(0, MEMO_MAX - [...tail].length).join('') + tail;
}

async function lockedOrder(tx: Conn, id: number) {
  const [o] = await tx.select().from(orders).where(eq(orders.id, id)).for('update');
  if (!o) throw notFound(ORDER_MISSING);
  return o;
}

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

/** The most a refund of the request may give now: what the order has left, and for a return no more than its lines paid. */
function refundableOf(a: typeof afterSales.$inferSelect, order: Pick<OrderRow, 'payAmount' | 'refundedAmount'>) {
  if (a.refundedAt || a.status === AfterSaleStatus.rejected || a.status === AfterSaleStatus.done) return 0;
  const left = Math.max(0, order.payAmount - order.refundedAmount);
  return a.kind === 'return' ? Math.min(a.refundAmount, left) : left;
}

type OrderOfRequest = Pick<OrderRow, 'orderNo' | 'payAmount' | 'refundedAmount'>;

function afterSaleView(
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
      return { item_id: l.item_id, number: l.number, name: item?.name ?? '', bzdw: item?.bzdw ?? '' };
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
  await audited(db, req, { permission: 'finance:confirm', action: 'order.confirm_transfer', targetType: 'order', targetId: id }, async (tx) => {
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
  });
  return adminOrderDetail(db, id);
}

/** 发货: a paid order leaves with a carrier and tracking number; the buyer sees 已发货 and the trace. */
export async function shipOrder(db: Db, req: FastifyRequest, id: number, body: z.infer<typeof shipBody>) {
  await audited(db, req, { permission: 'order:ship', action: 'order.ship', targetType: 'order', targetId: id }, async (tx) => {
    const o = await lockedOrder(tx, id);
    if (o.status === OrderStatus.shipped && o.trackingNo === body.tracking_no) return { before: null, after: null, result: null };
    if (o.status !== OrderStatus.toShip) throw refuse('只有待发货的订单可以发货');
    const [after] = await tx
      .update(orders)
      .set({ status: OrderStatus.shipped, carrier: body.carrier, trackingNo: body.tracking_no, shippedAt: new Date() })
      .where(eq(orders.id, id))
      .returning();
    await sendMessage(tx, o.userId, '订单已发货', `您的订单 ${o.orderNo} 已由${body.carrier}发出，运单号 ${body.tracking_no}。`);
    return { before: trail(o), after: trail(after), result: null };
  });
  return adminOrderDetail(db, id);
}

/** Cancels an unpaid order for the buyer (stock, coupon and red packet back, as when the buyer cancels). */
export async function adminCancelOrder(db: Db, req: FastifyRequest, id: number, reason: string) {
  await audited(db, req, { permission: 'order:cancel', action: 'order.cancel', targetType: 'order', targetId: id }, async (tx) => {
    const o = await lockedOrder(tx, id);
    if (o.status === OrderStatus.cancelled) return { before: null, after: null, result: null };
    if (!(await cancelInTx(tx, id, `客服取消：${reason}`))) throw refuse('只有待付款的订单可以取消；已付款的订单请退款');
    const [after] = await tx.select().from(orders).where(eq(orders.id, id));
    await sendMessage(tx, o.userId, '订单已取消', `您的订单 ${o.orderNo} 已由客服取消：${reason}。`);
    return { before: trail(o), after: trail(after), result: null };
  });
  return adminOrderDetail(db, id);
}

/** Gives an order's money back where it came from: a credit bill is forgiven first; everything else goes to the balance. */
async function giveMoneyBack(tx: Tx, o: OrderRow, amount: number, ref: { type: string; id: number }, memo: string) {
  if (amount <= 0) return;
  const refund = { userId: o.userId, amount, refType: ref.type, refId: ref.id, memo };
  if (o.payMethod === 'credit') await refundCreditOrder(tx, o.id, refund);
  else await refundToBalance(tx, refund);
}

/**
 * 退款 of a paid order not yet shipped: the whole payment goes back (balance; credit bill; online and
 * transfer payments to the balance), the order is cancelled, and stock, coupon, red packet and limited buys
 * go back - all in one transaction. Shipped goods come back through a return instead.
 */
export async function refundOrder(db: Db, req: FastifyRequest, id: number, reason: string) {
  await audited(db, req, { permission: 'order:refund', action: 'order.refund', targetType: 'order', targetId: id }, async (tx, operator) => {
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
  return audited(db, req, { permission: 'after_sale:decide', action: `after_sale.${body.decision}`, targetType: 'after_sale', targetId: id }, async (tx) => {
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
  });
}

/** 确认收货 of a return: the returned units are counted on their lines and go back into stock. */
export async function receiveReturn(db: Db, req: FastifyRequest, id: number) {
  return audited(db, req, { permission: 'after_sale:decide', action: 'after_sale.receive', targetType: 'after_sale', targetId: id }, async (tx) => {
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
      for (const part of item.parts ?? [{ goods_id: item.goodsId, number: 1 }]) await putBackStock(tx, part.goods_id, part.number * line.number);
    }
    const [after] = await tx.update(afterSales).set({ receivedAt: new Date() }).where(eq(afterSales.id, id)).returning();
    return { before: afterSaleTrail(a), after: afterSaleTrail(after), result: null };
  });
}

/**
 * 退款 of a return or an after-sales request, once, in full or in part: never more than what the order paid
 * less its earlier refunds, and for a return (once its goods are back) never more than what its lines paid;
 * back where the money came from. The same refund sent again changes nothing; another amount is refused.
 */
export async function refundAfterSale(db: Db, req: FastifyRequest, id: number, body: { amount: string; reply: string }) {
  return audited(db, req, { permission: 'order:refund', action: 'after_sale.refund', targetType: 'after_sale', targetId: id }, async (tx, operator) => {
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
    await giveMoneyBack(tx, o, amount - kept, { type: 'after_sale', id: a.id }, refundMemo(`订单 ${o.orderNo} ${KIND_TEXT[a.kind]}退款`, body.reply, operator));
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
  });
}

/** 回执审核 of an ephedrine order: accepted, or asked for again with the reason (the buyer uploads anew). */
export async function checkReceipt(db: Db, req: FastifyRequest, id: number, body: z.infer<typeof receiptCheckBody>) {
  await audited(
    db,
    req,
    { permission: 'receipt:check', action: body.accept ? 'order.receipt_accept' : 'order.receipt_reject', targetType: 'order', targetId: id },
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
