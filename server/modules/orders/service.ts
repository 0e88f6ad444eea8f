/** The charged unit price and the usual one beside it (rows.ts `chargedPrice`), as an order item answers them. */
function chargedPriceFields(i: ItemRow) {
  const { price, original } = chargedPrice(i);
  return { price: y(price), original_price: original === null ? null : y(original) };
}

/**
 * The buyer's orders: the list by status, the detail with its timeline, buying again, the goods bought before
 * (quick purchase), and the orders with goods containing ephedrine with their signed receipts. Everything is
 * the session account's own; another account's order answers 404.
 */
import { and, asc, count, desc, eq, gte, ilike, inArray, ne, or, sql, type SQL } from 'drizzle-orm';
import { fenToYuan } from '../../../core/money.js';
import type { BuyAgain, EphedrineOrderPage, OrderActions, OrderDetail, OrderPage, OrderStatus as Status, OrderSummary } from '../../../core/schemas/trade.js';
import { isPaidStatus, LineType, OrderStatus, PayStatus, ReceiptStatus } from '../../../core/status.js';
import type { Conn, Db } from '../../db/client.js';
import { afterSales, orderItems, orders } from '../../db/schema/orders.js';
import type { SessionUser } from '../../http/auth.js';
import { AppError, invalid, refuse } from '../../http/envelope.js';
import { addToCart } from '../cart/index.js';
import { batchesOfItems, cartFacts } from '../catalogue/index.js';
import { paymentsOf } from '../pay/index.js';
import { ownsUploads } from '../uploads/index.js';
import { creditBillOfOrder } from '../wallet/index.js';
import { afterSaleView } from './after-sales.js';
import { cancelExpiredOf } from './lifecycle.js';
import { ORDER_PAYMENT } from './payment.js';
import { chargedPrice, ownOrder, statusText, type ItemRow, type OrderRow } from './rows.js';
import { containing } from '../../db/like.js';

const y = fenToYuan;
/** Lines bought on their own; gifts (8), add-ons (9) and bundles (3) came with a promotion and are not bought again alone. */
const REBUYABLE_TYPES: number[] = [LineType.normal, LineType.spike];

/** What a buyer may do with an order now. */
function actions(o: OrderRow, user: SessionUser): OrderActions {
  return {
    pay: o.status === OrderStatus.unpaid && o.payStatus !== PayStatus.transferWaiting ? 1 : 0,
    cancel: o.status === OrderStatus.unpaid ? 1 : 0,
    receive: o.status === OrderStatus.shipped ? 1 : 0,
    buy_again: o.status !== OrderStatus.unpaid ? 1 : 0,
    return: o.status === OrderStatus.shipped || o.status === OrderStatus.done ? 1 : 0,
    after_sale: (o.status === OrderStatus.shipped || o.status === OrderStatus.done) && user.isAfterSale ? 1 : 0,
    receipt: o.isEphedrine && isPaidStatus(o.status) && !o.receiptImage ? 1 : 0,
  };
}

const seconds = (d: Date) => Math.floor(d.getTime() / 1000);
const secondsOrNull = (d: Date | null) => (d ? seconds(d) : null);

function orderSummary(o: OrderRow, items: ItemRow[], user: SessionUser): OrderSummary {
  const bought = items.filter((i) => i.type !== LineType.gift);
  return {
    id: o.id,
    order_no: o.orderNo,
    status: o.status,
    status_text: statusText(o),
    pay_status: o.payStatus,
    pay_method: o.payMethod,
    goods_amount: y(o.goodsAmount),
    discount_amount: y(o.welfareAmount + o.manjianAmount + o.couponAmount + o.redPacketAmount),
    shipping_amount: y(o.shippingAmount),
    pay_amount: y(o.payAmount),
    is_ephedrine: o.isEphedrine ? 1 : 0,
    created_at: seconds(o.createdAt),
    expires_at: o.status === OrderStatus.unpaid ? seconds(o.expiresAt) : null,
    // Gifts are counted apart, as the cart counts them (docs/decisions/017-storefront-edges.md).
    item_count: bought.length,
    number_total: bought.reduce((n, i) => n + i.number, 0),
    gift_number: items.reduce((n, i) => n + (i.type === LineType.gift ? i.number : 0), 0),
    items: items.slice(0, 5).map((i) => ({ id: i.id, goods_id: i.goodsId, name: i.name, image: i.image, number: i.number, bzdw: i.bzdw })),
    actions: actions(o, user),
  };
}

/** `GET /api/order`: the account's orders by status, newest first, with the count of each status. */
export async function listOrders(db: Db, user: SessionUser, q: { status?: Status; keywords: string; page: number }, perPage = 10): Promise<OrderPage> {
  await cancelExpiredOf(db, user.id);
  const where: SQL[] = [eq(orders.userId, user.id)];
  if (q.status !== undefined) where.push(eq(orders.status, q.status));
  if (q.keywords) {
    const like = containing(q.keywords);
    where.push(
      or(
        ilike(orders.orderNo, like),
        sql`exists (select 1 from ${orderItems} where ${orderItems.orderId} = ${orders.id} and ${orderItems.name} ilike ${like})`,
      )!,
    );
  }
  const condition = and(...where);
  const [rows, [{ n }], counts] = await Promise.all([
    db
      .select()
      .from(orders)
      .where(condition)
      .orderBy(desc(orders.createdAt), desc(orders.id))
      .limit(perPage)
      .offset((q.page - 1) * perPage),
    db.select({ n: count() }).from(orders).where(condition),
    db.select({ status: orders.status, n: count() }).from(orders).where(eq(orders.userId, user.id)).groupBy(orders.status),
  ]);
  const items = rows.length
    ? await db
        .select()
        .from(orderItems)
        .where(
          inArray(
            orderItems.orderId,
            rows.map((r) => r.id),
          ),
        )
        .orderBy(asc(orderItems.id))
    : [];
  const of = (s: Status) => counts.find((c) => c.status === s)?.n ?? 0;
  return {
    current_page: q.page,
    data: rows.map((o) =>
      orderSummary(
        o,
        items.filter((i) => i.orderId === o.id),
        user,
      ),
    ),
    last_page: Math.max(1, Math.ceil(n / perPage)),
    per_page: perPage,
    total: n,
    counts: { all: counts.reduce((s, c) => s + c.n, 0), 0: of(0), 1: of(1), 2: of(2), 3: of(3), 4: of(4) },
  };
}

/** What happened to the order, oldest first: the logistics timeline of the detail page. */
function timeline(o: OrderRow) {
  const events: OrderDetail['timeline'] = [{ time: seconds(o.createdAt), text: '订单已提交，等待付款' }];
  if (o.payStatus === PayStatus.transferWaiting && o.status === OrderStatus.unpaid)
    events.push({ time: seconds(o.createdAt), text: '已选择对公转账，等待财务确认到账' });
  if (o.paidAt) events.push({ time: seconds(o.paidAt), text: o.payMethod === 'transfer' ? '转账已确认，仓库正在备货' : '付款成功，仓库正在备货' });
  if (o.shippedAt) events.push({ time: seconds(o.shippedAt), text: `已发货：${o.carrier} 运单号 ${o.trackingNo}` });
  if (o.receivedAt) events.push({ time: seconds(o.receivedAt), text: '已签收，订单完成' });
  if (o.cancelledAt) events.push({ time: seconds(o.cancelledAt), text: `订单已取消${o.cancelReason ? `：${o.cancelReason}` : ''}` });
  return events.sort((a, b) => a.time - b.time);
}

export async function orderDetail(db: Db, user: SessionUser, id: number): Promise<OrderDetail> {
  await cancelExpiredOf(db, user.id);
  const o = await ownOrder(db, user.id, id);
  const [items, requests, bill, pays] = await Promise.all([
    db.select().from(orderItems).where(eq(orderItems.orderId, id)).orderBy(asc(orderItems.id)),
    db.select().from(afterSales).where(eq(afterSales.orderId, id)).orderBy(desc(afterSales.id)),
    creditBillOfOrder(db, id),
    paymentsOf(db, ORDER_PAYMENT, id),
  ]);
  const batches = await batchesOfItems(
    db,
    items.map((i) => i.id),
  );
  return {
    ...orderSummary(o, items, user),
    items: items.map((i) => ({
      id: i.id,
      goods_id: i.goodsId,
      type: i.type,
      name: i.name,
      sccj: i.sccj,
      ypgg: i.ypgg,
      bzdw: i.bzdw,
      image: i.image,
      number: i.number,
      returned_number: i.returnedNumber,
      ...chargedPriceFields(i),
      promo_number: i.promoNumber,
      amount: y(i.amount),
      welfare_amount: y(i.welfareAmount),
      manjian_amount: y(i.manjianAmount),
      coupon_amount: y(i.couponAmount),
      red_packet_amount: y(i.redPacketAmount),
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
      cashback_amount: y(o.cashbackAmount),
    },
    address: { ...o.address, full: `${o.address.province}${o.address.city}${o.address.district}${o.address.address}` },
    invoice: o.invoice,
    remark: o.remark,
    carrier: o.carrier,
    tracking_no: o.trackingNo,
    receipt_image: o.receiptImage,
    cancel_reason: o.cancelReason,
    paid_at: secondsOrNull(o.paidAt),
    shipped_at: secondsOrNull(o.shippedAt),
    received_at: secondsOrNull(o.receivedAt),
    cancelled_at: secondsOrNull(o.cancelledAt),
    timeline: timeline(o),
    after_sales: requests.map(afterSaleView),
    credit_bill: bill,
    payments: pays.map((p) => ({
      id: p.id,
      provider: p.provider,
      trade_no: p.tradeNo,
      amount: y(p.amount),
      status: p.status,
      paid_at: secondsOrNull(p.paidAt),
    })),
  };
}

/** 再次购买: the order's goods go back into the cart; goods that can no longer be bought are listed. */
export async function buyAgain(db: Db, user: SessionUser, id: number): Promise<BuyAgain> {
  await ownOrder(db, user.id, id);
  const items = (await db.select().from(orderItems).where(eq(orderItems.orderId, id))).filter((i) => REBUYABLE_TYPES.includes(i.type));
  const rows = await cartFacts(
    db,
    items.map((i) => i.goodsId),
  );
  const added: number[] = [];
  const skipped: BuyAgain['skipped'] = [];
  for (const item of items) {
    const g = rows.find((r) => r.id === item.goodsId);
    const number = g ? Math.min(item.number, Math.floor(g.number / g.zbz) * g.zbz) : 0;
    if (!g || !g.isOnSale || !g.isBuy || (g.isKx && !user.isSpecial) || number <= 0) {
      skipped.push({ goods_id: item.goodsId, name: item.name, reason: !g || !g.isOnSale ? '已下架' : !g.isBuy ? '暂不销售' : '库存不足' });
      continue;
    }
    try {
      await addToCart(db, user, [{ goods_id: g.id, number }]);
      added.push(g.id);
    } catch (err) {
      skipped.push({ goods_id: g.id, name: g.name, reason: err instanceof AppError ? err.message : '无法加入购物车' });
    }
  }
  if (!added.length)
    throw refuse(skipped.length ? `订单中的商品暂时无法购买：${skipped.map((s) => `${s.name}（${s.reason}）`).join('、')}` : '订单中没有可再次购买的商品');
  return { added, skipped };
}

/**
 * 含麻订单: the signed receipt of an order with goods containing ephedrine. A new upload waits for the
 * operator's check again (a receipt asked for again is checked anew); one already accepted stays as it was.
 */
export async function uploadReceipt(db: Db, user: SessionUser, id: number, image: string): Promise<OrderDetail> {
  const o = await ownOrder(db, user.id, id);
  if (!o.isEphedrine) throw refuse('该订单不含麻黄碱类商品，无需回传签收单');
  if (!isPaidStatus(o.status)) throw refuse('订单付款并发货后才能回传签收单');
  if (!(await ownsUploads(db, user.id, [image]))) throw invalid('image', '签收单图片无效，请重新上传');
  const [stored] = await db
    .update(orders)
    .set({ receiptImage: image, receiptStatus: ReceiptStatus.waiting, receiptRemark: '' })
    .where(and(eq(orders.id, id), ne(orders.receiptStatus, ReceiptStatus.accepted)))
    .returning({ id: orders.id });
  if (!stored) throw refuse('签收单已审核通过，无需重新上传');
  return orderDetail(db, user, id);
}

/** `GET /api/order/hmdd`: the orders with goods containing ephedrine, for their receipts. */
export async function ephedrineOrders(db: Db, user: SessionUser, page: number, perPage = 10): Promise<EphedrineOrderPage> {
  const condition = and(eq(orders.userId, user.id), eq(orders.isEphedrine, true));
  const [rows, [{ n }]] = await Promise.all([
    db
      .select()
      .from(orders)
      .where(condition)
      .orderBy(desc(orders.createdAt))
      .limit(perPage)
      .offset((page - 1) * perPage),
    db.select({ n: count() }).from(orders).where(condition),
  ]);
  const items = rows.length
    ? await db
        .select()
        .from(orderItems)
        .where(
          inArray(
            orderItems.orderId,
            rows.map((r) => r.id),
          ),
        )
    : [];
  return {
    current_page: page,
    data: rows.map((o) => ({
      ...orderSummary(
        o,
        items.filter((i) => i.orderId === o.id),
        user,
      ),
      receipt_image: o.receiptImage,
    })),
    last_page: Math.max(1, Math.ceil(n / perPage)),
    per_page: perPage,
    total: n,
  };
}

/**
 * The goods the account bought since `since` (paid orders: 待发货, 已发货 and 已完成; lines bought on their own),
 * each with the quantity and unit price of its last purchase, how many orders and units, and when last bought
 * (常购清单, docs/decisions/046-goods-lists.md).
 */
export async function boughtGoods(conn: Conn, userId: number, since: Date) {
  const last = (column: SQL | typeof orderItems.number) => sql<number>`(array_agg(${column} order by ${orders.createdAt} desc, ${orderItems.id} desc))[1]`;
  const rows = await conn
    .select({
      goodsId: orderItems.goodsId,
      lastNumber: last(orderItems.number),
      lastPrice: last(sql`${orderItems.unitPrice}`),
      times: sql<number>`count(distinct ${orders.id})::int`,
      totalNumber: sql<number>`sum(${orderItems.number})::int`,
      lastTime: sql<Date>`max(${orders.createdAt})`,
    })
    .from(orderItems)
    .innerJoin(orders, eq(orders.id, orderItems.orderId))
    .where(
      and(
        eq(orders.userId, userId),
        inArray(orders.status, [OrderStatus.toShip, OrderStatus.shipped, OrderStatus.done]),
        gte(orders.createdAt, since),
        inArray(orderItems.type, REBUYABLE_TYPES),
      ),
    )
    .groupBy(orderItems.goodsId);
  return rows.map((r) => ({
    goodsId: r.goodsId,
    lastNumber: Number(r.lastNumber),
    lastPrice: Number(r.lastPrice),
    times: Number(r.times),
    totalNumber: Number(r.totalNumber),
    lastTime: new Date(r.lastTime).getTime(),
  }));
}

/**
 * Units of a goods in open orders (待付款 and 待发货), a bundle's parts and gifts included. Stock is taken
 * when an order is placed (checkout.ts), so these units are already off the goods' stock and come back only
 * if the order is cancelled or refunded: the console shows them beside the stock.
 */
export async function stockHeldByOpenOrders(conn: Conn, goodsId: number): Promise<number> {
  const rows = await conn
    .select({ goodsId: orderItems.goodsId, number: orderItems.number, parts: orderItems.parts })
    .from(orderItems)
    .innerJoin(orders, eq(orders.id, orderItems.orderId))
    .where(
      and(
        inArray(orders.status, [OrderStatus.unpaid, OrderStatus.toShip]),
        or(eq(orderItems.goodsId, goodsId), sql`${orderItems.parts} @> ${JSON.stringify([{ goods_id: goodsId }])}::jsonb`),
      ),
    );
  let held = 0;
  for (const r of rows) for (const part of r.parts ?? [{ goods_id: r.goodsId, number: 1 }]) if (part.goods_id === goodsId) held += part.number * r.number;
  return held;
}
