/**
 * Checkout and orders (DESIGN.md sections 6 and 7). The confirm page and order creation price the selected
 * cart lines with the same engine; creation runs in one transaction that reserves stock with conditional
 * updates (never below zero), marks the coupon used, takes the red packet through the ledger, writes the
 * order with every line's discounts and empties those lines from the cart. Goods containing ephedrine go
 * into an order of their own (bank transfer only, no coupon or red packet). Cancelling, by the buyer or
 * after 24 unpaid hours, gives stock, coupon and red packet back in one transaction.
 */
import crypto from 'node:crypto';
import { and, asc, count, desc, eq, ilike, inArray, lt, or, sql, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import { fenToYuan } from '../../../core/money.js';
import type { PricedCart, PricedLine } from '../../../core/pricing/index.js';
import type { afterSaleBody, createOrderBody } from '../../../core/schemas/trade.js';
import { ORDER_STATUSES } from '../../../core/schemas/trade.js';
import { Code } from '../../../core/codes.js';
import type { Conn, Db, Tx } from '../../db/client.js';
import { afterSales, cartItems, contractTexts, creditBills, goods, orderItems, orders, payments, userCoupons, users, wallets } from '../../db/schema/index.js';
import { AppError, invalid, notFound, refuse } from '../../http/envelope.js';
import type { SessionUser } from '../accounts/sessions.js';
import { listAddresses, ownAddress } from '../addresses/service.js';
import { addToCart } from '../cart/service.js';
import { cartEntries, lockSelectedLines, priceEntries, sharedPricing, type CartEntry, type PricedEntries, type SharedPricing } from '../cart/pricing.js';
import { activityView, lineView, shippingView, totalsView } from '../cart/view.js';
import type { Viewer } from '../catalogue/viewer.js';
import { intSetting } from '../content/settings.js';
import { move } from '../wallet/ledger.js';

const y = fenToYuan;
const HOUR_MS = 3_600_000;
/** An unpaid order is cancelled after this many hours; one waiting for a bank transfer after 7 days. */
export const UNPAID_HOURS = 24;
export const TRANSFER_DAYS = 7;
export const ORDER_MISSING = '订单不存在';
export const CONTRACT_REQUIRED = '首次下单前请先签署电子合同';
/** Most units of one goods containing ephedrine in one order, unless the site says otherwise. */
const EPHEDRINE_MAX = 200;

/** Order line types beyond the cart's: 9 add-on (换购), 8 gift (赠品). */
export const ITEM_ADDON = 9;
export const ITEM_GIFT = 8;

const viewerOf = (user: SessionUser): Viewer => ({ userId: user.id, approved: user.isPassed === 1, special: user.isPassed === 1 && user.isSpecial, priceTip: null });

type Group = { key: 'normal' | 'ephedrine'; entries: CartEntry[] };

/** Goods containing ephedrine are sold in an order of their own (DESIGN.md section 7). */
function groupsOf(entries: CartEntry[]): Group[] {
  const ephedrine = entries.filter((e) => e.goods.isEphedrine);
  const normal = entries.filter((e) => !e.goods.isEphedrine);
  return [
    ...(normal.length ? [{ key: 'normal' as const, entries: normal }] : []),
    ...(ephedrine.length ? [{ key: 'ephedrine' as const, entries: ephedrine }] : []),
  ];
}

type Choice = { couponId: number | 'best' | null; useRedPacket: boolean };

/** Prices each group: the coupon and the red packet apply to the ordinary order only. */
async function priceGroups(db: Db, conn: Conn, userId: number, entries: CartEntry[], choice: Choice, shared: SharedPricing) {
  const out: { group: Group; p: PricedEntries }[] = [];
  for (const group of groupsOf(entries)) {
    const plain = group.key === 'ephedrine';
    const p = await priceEntries(db, conn, userId, group.entries, {
      couponId: plain ? null : choice.couponId,
      useRedPacket: plain ? false : choice.useRedPacket,
      shared,
    });
    out.push({ group, p });
  }
  return out;
}

function requireApproved(user: SessionUser) {
  if (user.isPassed !== 1) throw refuse('资质审核通过后才能采购，请前往“账户中心-资质证件”查看审核进度');
}

async function selectedEntries(conn: Conn, userId: number) {
  const entries = await cartEntries(conn, userId, { selectedOnly: true });
  if (!entries.length) throw refuse('请先在购物车中选择要结算的商品');
  return entries;
}

function orderTotals(groups: { p: PricedEntries }[]) {
  const sum = (f: (c: PricedCart) => number) => groups.reduce((s, g) => s + f(g.p.priced), 0);
  return {
    goods_amount: y(sum((c) => c.goods_amount)),
    welfare_amount: y(sum((c) => c.welfare_amount)),
    manjian_amount: y(sum((c) => c.manjian_amount)),
    coupon_amount: y(sum((c) => c.coupon_amount)),
    red_packet_amount: y(sum((c) => c.red_packet_amount)),
    discount_amount: y(sum((c) => c.discount_amount)),
    shipping_amount: y(sum((c) => c.shipping_amount)),
    pay_amount: y(sum((c) => c.pay_amount)),
  };
}

/** `GET /api/cart/confirm`: what step 2 shows, priced exactly as the order would be. */
export async function confirm(db: Db, user: SessionUser, q: { address_id?: number; coupon_id?: number | 'best' | null; use_red_packet?: number }) {
  requireApproved(user);
  const entries = await selectedEntries(db, user.id);
  const shared = await sharedPricing(db);
  // The confirm page opens with the best coupon; 0 asks for none.
  const choice: Choice = { couponId: q.coupon_id === undefined ? 'best' : q.coupon_id, useRedPacket: q.use_red_packet === 1 };
  const groups = await priceGroups(db, db, user.id, entries, choice, shared);
  const normal = groups.find((g) => g.group.key === 'normal');
  const addresses = await listAddresses(db, user.id);
  const chosen = (q.address_id && addresses.find((a) => a.id === q.address_id)) || addresses.find((a) => a.is_default) || addresses[0] || null;
  if (q.address_id && chosen?.id !== q.address_id) throw notFound('收货地址不存在');
  const [wallet] = await db.select().from(wallets).where(eq(wallets.userId, user.id));
  const viewer = viewerOf(user);
  const priced = normal?.p.priced;
  return {
    groups: groups.map(({ group, p }) => ({
      key: group.key,
      is_ephedrine: group.key === 'ephedrine' ? 1 : 0,
      list: p.priced.lines.filter((l) => l.counted).map((l) => lineView(l, p, viewer)),
      excluded: p.priced.lines.filter((l) => !l.counted).map((l) => lineView(l, p, viewer)),
      total: totalsView(p.priced),
      ...shippingView(p.priced),
      activity_data: activityView(p.priced),
    })),
    coupons: (priced?.coupons ?? []).map((c) => ({ ...c, eligible_amount: y(c.eligible_amount), need: y(c.need), discount: y(c.discount), ends_at: Math.floor(c.ends_at / 1000) })),
    coupon: priced?.coupon ? { id: priced.coupon.id, name: priced.coupon.name, discount: y(priced.coupon.discount) } : null,
    coupon_error: priced?.coupon_error ?? null,
    red_packet: {
      balance: y(wallet?.redPacket ?? 0),
      share_percent: priced?.red_packet.share_percent ?? 0,
      max: y(priced?.red_packet.max ?? 0),
      amount: y(priced?.red_packet.amount ?? 0),
      use: choice.useRedPacket ? 1 : 0,
    },
    addresses,
    address_id: chosen?.id ?? null,
    invoice_types: [
      { type: 0, name: '不开发票' },
      { type: 1, name: '电子普通发票' },
      { type: 2, name: '增值税专用发票' },
    ],
    total: orderTotals(groups),
    wallet: { balance: y(wallet?.balance ?? 0), credit_available: y(Math.max(0, (wallet?.creditLimit ?? 0) - (wallet?.creditUsed ?? 0))) },
    contract_signed: user.contractSignedAt ? 1 : 0,
  };
}

/**
 * `GET /api/user/availableCoupon`: the account's coupons for the lines chosen for checkout, `type` 1 those
 * usable on them (largest saving first), 2 those that are not, with the reason. Ten a page.
 */
export async function availableCoupons(db: Db, user: SessionUser, type: 1 | 2, page: number, perPage = 10) {
  requireApproved(user);
  const entries = (await cartEntries(db, user.id, { selectedOnly: true })).filter((e) => !e.goods.isEphedrine);
  const p = await priceEntries(db, db, user.id, entries, { couponId: null });
  const all = p.priced.coupons.filter((c) => (type === 1 ? c.usable : !c.usable));
  return {
    current_page: page,
    data: all.slice((page - 1) * perPage, page * perPage).map((c) => ({ ...c, eligible_amount: y(c.eligible_amount), need: y(c.need), discount: y(c.discount), ends_at: Math.floor(c.ends_at / 1000) })),
    last_page: Math.max(1, Math.ceil(all.length / perPage)),
    per_page: perPage,
    total: all.length,
  };
}

/** 20 characters: the time in China to the second and six random digits. */
function orderNo(now: number) {
  const stamp = new Date(now + 8 * HOUR_MS).toISOString().replace(/\D/g, '').slice(0, 14);
  return `${stamp}${crypto.randomInt(0, 1_000_000).toString().padStart(6, '0')}`;
}

/** Units of each goods a priced line takes from stock (a bundle takes its items). */
function stockNeeds(line: PricedLine, p: PricedEntries): Map<number, number> {
  const needs = new Map<number, number>();
  const add = (id: number, n: number) => needs.set(id, (needs.get(id) ?? 0) + n);
  const entry = line.id === null ? undefined : p.entries.find((e) => e.line.id === line.id);
  if (entry?.line.type === 3) {
    const bundle = p.context.combinations.find((c) => c.id === entry.line.combinationId);
    for (const item of bundle?.items ?? []) add(item.goods_id, item.number * line.number);
  } else {
    add(line.goods_id, line.number);
  }
  return needs;
}

/** Takes `number` units off the goods' stock if it has them; false when it does not (nothing changes). */
async function takeStock(tx: Tx, goodsId: number, number: number) {
  const rows = await tx
    .update(goods)
    .set({ number: sql`${goods.number} - ${number}`, sales: sql`${goods.sales} + ${number}` })
    .where(and(eq(goods.id, goodsId), sql`${goods.number} >= ${number}`))
    .returning({ id: goods.id });
  return rows.length > 0;
}

async function putBackStock(tx: Tx, goodsId: number, number: number) {
  await tx
    .update(goods)
    .set({ number: sql`${goods.number} + ${number}`, sales: sql`greatest(${goods.sales} - ${number}, 0)` })
    .where(eq(goods.id, goodsId));
}

type CreateInput = z.infer<typeof createOrderBody>;

/** The orders an earlier post of the same checkout made, as `createOrders` answers them. */
async function ordersOfCheckout(conn: Conn, userId: number, key: string) {
  const rows = await conn
    .select({ id: orders.id, orderNo: orders.orderNo, payAmount: orders.payAmount, isEphedrine: orders.isEphedrine })
    .from(orders)
    .where(and(eq(orders.userId, userId), eq(orders.checkoutKey, key)))
    .orderBy(asc(orders.id));
  return rows.map((o) => ({ id: o.id, order_no: o.orderNo, pay_amount: y(o.payAmount), is_ephedrine: o.isEphedrine ? 1 : 0 }));
}

/** `POST /api/order`: one order, or two when goods containing ephedrine are among the lines. */
export async function createOrders(db: Db, user: SessionUser, input: CreateInput) {
  requireApproved(user);
  if (!user.contractSignedAt) throw new AppError(Code.contractRequired, CONTRACT_REQUIRED);
  const shared = await sharedPricing(db);
  const now = Date.now();
  const ephedrineMax = intSetting(shared.site, 'ephedrine_max_number', EPHEDRINE_MAX);
  const created = await db.transaction(async (tx) => {
    // Posts of one checkout take turns on its lines; a later one answers what the first made.
    await lockSelectedLines(tx, user.id);
    if (input.checkout_key) {
      const earlier = await ordersOfCheckout(tx, user.id, input.checkout_key);
      if (earlier.length) return earlier;
    }
    const address = await ownAddress(tx, user.id, input.address_id);
    const entries = await selectedEntries(tx, user.id);
    const choice: Choice = { couponId: input.coupon_id ?? null, useRedPacket: input.use_red_packet === 1 };
    const groups = await priceGroups(db, tx, user.id, entries, choice, shared);
    const made: { id: number; order_no: string; pay_amount: string; is_ephedrine: number }[] = [];
    const orderedLines: number[] = [];
    const reasons: string[] = [];
    for (const { group, p } of groups) {
      const priced = p.priced;
      if (choice.couponId !== null && group.key === 'normal' && priced.coupon_error) throw invalid('coupon_id', priced.coupon_error);
      const counted = priced.lines.filter((l) => l.counted);
      for (const l of priced.lines) if (l.excluded) reasons.push(`${p.goodsById.get(l.goods_id)?.name ?? ''}${l.excluded.message}`);
      if (!counted.length) continue;
      // Stock, in goods id order so that two orders never wait on each other's rows.
      const needs = new Map<number, number>();
      for (const line of counted) for (const [id, n] of stockNeeds(line, p)) needs.set(id, (needs.get(id) ?? 0) + n);
      for (const [id, n] of [...needs].sort((a, b) => a[0] - b[0])) {
        const g = p.goodsById.get(id)!;
        if (group.key === 'ephedrine' && n > ephedrineMax) throw refuse(`${g.name}为含麻黄碱类复方制剂，每单最多采购${ephedrineMax}${g.bzdw}`);
        if (!(await takeStock(tx, id, n))) throw refuse(`${g.name}库存不足，请调整采购数量`);
      }
      const [order] = await tx
        .insert(orders)
        .values({
          orderNo: orderNo(now),
          userId: user.id,
          goodsAmount: priced.goods_amount,
          welfareAmount: priced.welfare_amount,
          manjianAmount: priced.manjian_amount,
          couponAmount: priced.coupon_amount,
          redPacketAmount: priced.red_packet_amount,
          shippingAmount: priced.shipping_amount,
          payAmount: priced.pay_amount,
          userCouponId: priced.coupon && priced.coupon_amount > 0 ? priced.coupon.id : null,
          address: { name: address.name, phone: address.phone, province: address.province, city: address.city, district: address.district, address: address.address },
          invoice: input.invoice && input.invoice.type !== 0 ? input.invoice : null,
          remark: input.remark,
          isEphedrine: group.key === 'ephedrine',
          expiresAt: new Date(now + UNPAID_HOURS * HOUR_MS),
          checkoutKey: input.checkout_key ?? null,
        })
        .returning();
      await tx.insert(orderItems).values(
        counted.map((l) => {
          const g = p.goodsById.get(l.goods_id)!;
          const promoOn = l.promo?.status === 'on' && l.promo.applied > 0;
          return {
            orderId: order.id,
            goodsId: l.goods_id,
            type: l.source === 'huangou' ? ITEM_ADDON : l.type,
            activityId: promoOn ? l.promo!.activity_id : (l.huangou_activity_id ?? l.manjian_activity_id),
            name: l.type === 3 ? (p.context.combinations.find((c) => p.entries.find((e) => e.line.id === l.id)?.line.combinationId === c.id)?.name ?? g.name) : g.name,
            sccj: g.sccj,
            ypgg: g.ypgg,
            bzdw: l.type === 3 ? '套' : g.bzdw,
            image: g.images[0] ?? '',
            number: l.number,
            unitPrice: l.unit_price,
            amount: l.amount,
            welfareAmount: l.welfare_amount,
            manjianAmount: l.goods_manjian_amount,
            couponAmount: l.coupon_amount,
            redPacketAmount: l.red_packet_amount,
            payAmount: l.pay_amount,
            promoNumber: promoOn ? l.promo!.applied : 0,
            parts: l.type === 3 ? (p.context.combinations.find((c) => p.entries.find((e) => e.line.id === l.id)?.line.combinationId === c.id)?.items ?? null) : null,
          };
        }),
      );
      // Gifts go with the order while their goods are in stock.
      const gifts = priced.gifts.filter((gf) => gf.total > 0);
      for (const gift of gifts) {
        const [g] = await tx.select().from(goods).where(eq(goods.id, gift.gift_goods_id));
        if (!g || !(await takeStock(tx, g.id, gift.total))) continue;
        await tx.insert(orderItems).values({ orderId: order.id, goodsId: g.id, type: ITEM_GIFT, activityId: gift.activity_id, name: `${g.name}（赠品）`, sccj: g.sccj, ypgg: g.ypgg, bzdw: g.bzdw, image: g.images[0] ?? '', number: gift.total, unitPrice: 0, amount: 0, payAmount: 0 });
      }
      if (order.userCouponId) {
        const used = await tx
          .update(userCoupons)
          .set({ status: 1, orderId: order.id, usedAt: new Date(now) })
          .where(and(eq(userCoupons.id, order.userCouponId), eq(userCoupons.userId, user.id), eq(userCoupons.status, 0)))
          .returning({ id: userCoupons.id });
        if (!used.length) throw refuse('该优惠券已使用，请重新选择');
      }
      if (order.redPacketAmount > 0) {
        await move(tx, { userId: user.id, instrument: 'red_packet', amount: -order.redPacketAmount, kind: 'pay', refType: 'order', refId: order.id, memo: `订单 ${order.orderNo} 抵扣` });
      }
      if (order.payAmount === 0) {
        // Wholly paid by discounts: nothing left to pay.
        await tx.update(orders).set({ status: 1, payStatus: 1, payMethod: 'discount', paidAt: new Date(now) }).where(eq(orders.id, order.id));
      }
      orderedLines.push(...counted.filter((l) => l.id !== null).map((l) => l.id!));
      made.push({ id: order.id, order_no: order.orderNo, pay_amount: y(order.payAmount), is_ephedrine: order.isEphedrine ? 1 : 0 });
    }
    if (!made.length) throw refuse(`所选商品暂时无法购买${reasons.length ? `（${reasons.slice(0, 3).join('；')}）` : ''}，请返回购物车调整`);
    if (orderedLines.length) await tx.delete(cartItems).where(and(eq(cartItems.userId, user.id), inArray(cartItems.id, orderedLines)));
    return made;
  });
  const first = created.find((o) => !o.is_ephedrine) ?? created[0];
  return { orders: created, next: first.is_ephedrine ? `/cart/hm?id=${first.id}` : `/cart/step3/${first.id}` };
}

type OrderRow = typeof orders.$inferSelect;
type ItemRow = typeof orderItems.$inferSelect;

/** What a buyer may do with an order now. */
function actions(o: OrderRow, user: SessionUser) {
  return {
    pay: o.status === 0 && o.payStatus !== 2 ? 1 : 0,
    cancel: o.status === 0 ? 1 : 0,
    receive: o.status === 2 ? 1 : 0,
    buy_again: o.status >= 1 ? 1 : 0,
    return: o.status === 2 || o.status === 3 ? 1 : 0,
    after_sale: (o.status === 2 || o.status === 3) && user.isAfterSale ? 1 : 0,
    receipt: o.isEphedrine && o.status >= 1 && o.status <= 3 && !o.receiptImage ? 1 : 0,
  };
}

const seconds = (d: Date | null) => (d ? Math.floor(d.getTime() / 1000) : null);

function statusText(o: OrderRow) {
  if (o.status === 0 && o.payStatus === 2) return '待确认转账';
  return ORDER_STATUSES[o.status as keyof typeof ORDER_STATUSES] ?? '未知';
}

function orderSummary(o: OrderRow, items: ItemRow[], user: SessionUser) {
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
    expires_at: o.status === 0 ? seconds(o.expiresAt) : null,
    item_count: items.length,
    number_total: items.reduce((n, i) => n + i.number, 0),
    items: items.slice(0, 5).map((i) => ({ id: i.id, goods_id: i.goodsId, name: i.name, image: i.image, number: i.number, bzdw: i.bzdw })),
    actions: actions(o, user),
  };
}

/** `GET /api/order`: the account's orders by status, newest first, with the count of each status. */
export async function listOrders(db: Db, user: SessionUser, q: { status?: number; keywords: string; page: number }, perPage = 10) {
  await cancelExpiredOf(db, user.id);
  const where: SQL[] = [eq(orders.userId, user.id)];
  if (q.status !== undefined) where.push(eq(orders.status, q.status));
  if (q.keywords) {
    const like = `%${q.keywords.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    where.push(or(ilike(orders.orderNo, like), sql`exists (select 1 from ${orderItems} where ${orderItems.orderId} = ${orders.id} and ${orderItems.name} ilike ${like})`)!);
  }
  const condition = and(...where);
  const [rows, [{ n }], counts] = await Promise.all([
    db.select().from(orders).where(condition).orderBy(desc(orders.createdAt), desc(orders.id)).limit(perPage).offset((q.page - 1) * perPage),
    db.select({ n: count() }).from(orders).where(condition),
    db.select({ status: orders.status, n: count() }).from(orders).where(eq(orders.userId, user.id)).groupBy(orders.status),
  ]);
  const items = rows.length ? await db.select().from(orderItems).where(inArray(orderItems.orderId, rows.map((r) => r.id))).orderBy(asc(orderItems.id)) : [];
  const byStatus = Object.fromEntries(Object.keys(ORDER_STATUSES).map((s) => [s, counts.find((c) => c.status === Number(s))?.n ?? 0]));
  return {
    current_page: q.page,
    data: rows.map((o) => orderSummary(o, items.filter((i) => i.orderId === o.id), user)),
    last_page: Math.max(1, Math.ceil(n / perPage)),
    per_page: perPage,
    total: n,
    counts: { all: counts.reduce((s, c) => s + c.n, 0), ...byStatus },
  };
}

/** The account's order, or 404. */
export async function ownOrder(conn: Conn, userId: number, id: number, lock = false) {
  const query = conn
    .select()
    .from(orders)
    .where(and(eq(orders.id, id), eq(orders.userId, userId)));
  const [row] = lock ? await query.for('update') : await query;
  if (!row) throw notFound(ORDER_MISSING);
  return row;
}

/** What happened to the order, oldest first: the logistics timeline of the detail page. */
function timeline(o: OrderRow) {
  const events: { time: number; text: string }[] = [{ time: seconds(o.createdAt)!, text: '订单已提交，等待付款' }];
  if (o.payStatus === 2 && o.status === 0) events.push({ time: seconds(o.createdAt)!, text: '已选择对公转账，等待财务确认到账' });
  if (o.paidAt) events.push({ time: seconds(o.paidAt)!, text: o.payMethod === 'transfer' ? '转账已确认，仓库正在备货' : '付款成功，仓库正在备货' });
  if (o.shippedAt) events.push({ time: seconds(o.shippedAt)!, text: `已发货：${o.carrier} 运单号 ${o.trackingNo}` });
  if (o.receivedAt) events.push({ time: seconds(o.receivedAt)!, text: '已签收，订单完成' });
  if (o.cancelledAt) events.push({ time: seconds(o.cancelledAt)!, text: `订单已取消${o.cancelReason ? `：${o.cancelReason}` : ''}` });
  return events.sort((a, b) => a.time - b.time);
}

export async function orderDetail(db: Db, user: SessionUser, id: number) {
  await cancelExpiredOf(db, user.id);
  const o = await ownOrder(db, user.id, id);
  const [items, requests, bills, pays] = await Promise.all([
    db.select().from(orderItems).where(eq(orderItems.orderId, id)).orderBy(asc(orderItems.id)),
    db.select().from(afterSales).where(eq(afterSales.orderId, id)).orderBy(desc(afterSales.id)),
    db.select().from(creditBills).where(eq(creditBills.orderId, id)),
    db.select().from(payments).where(and(eq(payments.refType, 'order'), eq(payments.refId, id))).orderBy(desc(payments.id)),
  ]);
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
      price: y(i.unitPrice),
      amount: y(i.amount),
      welfare_amount: y(i.welfareAmount),
      manjian_amount: y(i.manjianAmount),
      coupon_amount: y(i.couponAmount),
      red_packet_amount: y(i.redPacketAmount),
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
    },
    address: { ...o.address, full: `${o.address.province}${o.address.city}${o.address.district}${o.address.address}` },
    invoice: o.invoice,
    remark: o.remark,
    carrier: o.carrier,
    tracking_no: o.trackingNo,
    receipt_image: o.receiptImage,
    cancel_reason: o.cancelReason,
    paid_at: seconds(o.paidAt),
    shipped_at: seconds(o.shippedAt),
    received_at: seconds(o.receivedAt),
    cancelled_at: seconds(o.cancelledAt),
    timeline: timeline(o),
    after_sales: requests.map(afterSaleView),
    credit_bill: bills[0] ? { id: bills[0].id, amount: y(bills[0].amount), repaid: y(bills[0].repaid), due_date: bills[0].dueDate, status: bills[0].status } : null,
    payments: pays.map((p) => ({ id: p.id, provider: p.provider, trade_no: p.tradeNo, amount: y(p.amount), status: p.status, paid_at: seconds(p.paidAt) })),
  };
}

/** Cancels an unpaid order in `tx`: stock, coupon and red packet go back. False when it was not unpaid. */
export async function cancelInTx(tx: Tx, orderId: number, reason: string, now = Date.now()) {
  const [o] = await tx
    .update(orders)
    .set({ status: 4, cancelReason: reason, cancelledAt: new Date(now) })
    .where(and(eq(orders.id, orderId), eq(orders.status, 0)))
    .returning();
  if (!o) return false;
  const items = await tx.select().from(orderItems).where(eq(orderItems.orderId, orderId));
  const back = new Map<number, number>();
  for (const i of items) for (const part of i.parts ?? [{ goods_id: i.goodsId, number: 1 }]) back.set(part.goods_id, (back.get(part.goods_id) ?? 0) + part.number * i.number);
  for (const [goodsId, number] of [...back].sort((a, b) => a[0] - b[0])) await putBackStock(tx, goodsId, number);
  if (o.userCouponId) {
    await tx
      .update(userCoupons)
      .set({ status: sql`case when ${userCoupons.endsAt} > now() then 0 else 2 end`, orderId: null, usedAt: null })
      .where(and(eq(userCoupons.id, o.userCouponId), eq(userCoupons.orderId, o.id)));
  }
  if (o.redPacketAmount > 0) {
    await move(tx, { userId: o.userId, instrument: 'red_packet', amount: o.redPacketAmount, kind: 'refund', refType: 'order', refId: o.id, memo: `订单 ${o.orderNo} 取消退回` });
  }
  return true;
}

export async function cancelOrder(db: Db, user: SessionUser, id: number, reason: string) {
  await ownOrder(db, user.id, id);
  const done = await db.transaction((tx) => cancelInTx(tx, id, reason || '买家取消'));
  if (!done) throw refuse('只有待付款的订单可以取消');
  return orderDetail(db, user, id);
}

/** Cancels the account's unpaid orders whose time is up (before showing them). */
async function cancelExpiredOf(db: Db, userId: number) {
  const due = await db
    .select({ id: orders.id })
    .from(orders)
    .where(and(eq(orders.userId, userId), eq(orders.status, 0), lt(orders.expiresAt, new Date())));
  for (const o of due) await db.transaction((tx) => cancelInTx(tx, o.id, '超时未付款，系统自动取消'));
}

/** Cancels every unpaid order whose time is up; the server runs this every minute. */
export async function cancelExpiredOrders(db: Db, now = Date.now(), batch = 100) {
  const due = await db
    .select({ id: orders.id })
    .from(orders)
    .where(and(eq(orders.status, 0), lt(orders.expiresAt, new Date(now))))
    .orderBy(asc(orders.expiresAt))
    .limit(batch);
  let cancelled = 0;
  for (const o of due) if (await db.transaction((tx) => cancelInTx(tx, o.id, '超时未付款，系统自动取消', now))) cancelled++;
  return cancelled;
}

/** Completes a shipped order in `tx` and grants its points (1 per yuan paid). False when it was not shipped. */
async function completeInTx(tx: Tx, orderId: number, now: number) {
  const [o] = await tx
    .update(orders)
    .set({ status: 3, receivedAt: new Date(now) })
    .where(and(eq(orders.id, orderId), eq(orders.status, 2)))
    .returning();
  if (!o) return false;
  const points = Math.floor(o.payAmount / 100);
  if (points > 0) await move(tx, { userId: o.userId, instrument: 'points', amount: points, kind: 'grant', refType: 'order', refId: o.id, memo: `订单 ${o.orderNo} 完成赠送积分` });
  return true;
}

/** 确认收货: the order is complete; points (1 per yuan paid) are granted. */
export async function receiveOrder(db: Db, user: SessionUser, id: number) {
  await ownOrder(db, user.id, id);
  const done = await db.transaction((tx) => completeInTx(tx, id, Date.now()));
  if (!done) throw refuse('只有已发货的订单可以确认收货');
  return orderDetail(db, user, id);
}

/** Days after shipping when an order not confirmed by the buyer completes by itself. */
export const AUTO_RECEIVE_DAYS = 15;

/** Completes the orders shipped more than 15 days ago that the buyer did not confirm; run every minute. */
export async function completeShippedOrders(db: Db, now = Date.now(), batch = 100) {
  const due = await db
    .select({ id: orders.id })
    .from(orders)
    .where(and(eq(orders.status, 2), lt(orders.shippedAt, new Date(now - AUTO_RECEIVE_DAYS * 86_400_000))))
    .orderBy(asc(orders.shippedAt))
    .limit(batch);
  let completed = 0;
  for (const o of due) if (await db.transaction((tx) => completeInTx(tx, o.id, now))) completed++;
  return completed;
}

/** 再次购买: the order's goods go back into the cart; goods that can no longer be bought are listed. */
export async function buyAgain(db: Db, user: SessionUser, id: number) {
  await ownOrder(db, user.id, id);
  const items = (await db.select().from(orderItems).where(eq(orderItems.orderId, id))).filter((i) => i.type === 0 || i.type === 1);
  const rows = items.length ? await db.select().from(goods).where(inArray(goods.id, items.map((i) => i.goodsId))) : [];
  const added: number[] = [];
  const skipped: { goods_id: number; name: string; reason: string }[] = [];
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
  if (!added.length) throw refuse(skipped.length ? `订单中的商品暂时无法购买：${skipped.map((s) => `${s.name}（${s.reason}）`).join('、')}` : '订单中没有可再次购买的商品');
  return { added, skipped };
}

function afterSaleView(a: typeof afterSales.$inferSelect) {
  return {
    id: a.id,
    order_id: a.orderId,
    kind: a.kind,
    lines: a.lines,
    reason: a.reason,
    images: a.images,
    status: a.status,
    status_text: ['待审核', '已同意', '已拒绝', '已完成'][a.status] ?? '未知',
    refund_amount: y(a.refundAmount),
    reply: a.reply,
    created_at: seconds(a.createdAt),
  };
}

type AfterSaleInput = z.infer<typeof afterSaleBody>;

/** 退货 or 售后 on lines of a shipped or completed order; a return's refund is the lines' share of what was paid. */
export async function requestAfterSale(db: Db, user: SessionUser, id: number, kind: 'return' | 'after_sale', input: AfterSaleInput) {
  if (kind === 'after_sale' && !user.isAfterSale) throw refuse('您的账户暂未开通售后服务，请联系专属客服');
  return db.transaction(async (tx) => {
    const o = await ownOrder(tx, user.id, id, true);
    if (o.status !== 2 && o.status !== 3) throw refuse(kind === 'return' ? '只有已发货或已完成的订单可以申请退货' : '只有已发货或已完成的订单可以申请售后');
    const items = await tx.select().from(orderItems).where(eq(orderItems.orderId, id));
    const pending = await tx.select().from(afterSales).where(and(eq(afterSales.orderId, id), eq(afterSales.kind, 'return'), inArray(afterSales.status, [0, 1])));
    let refund = 0;
    for (const [i, line] of input.lines.entries()) {
      const item = items.find((it) => it.id === line.item_id);
      if (!item) throw invalid(`lines.${i}.item_id`, '订单中没有该商品');
      if (kind === 'return') {
        const asked = pending.flatMap((p) => p.lines).filter((l) => l.item_id === item.id).reduce((n, l) => n + l.number, 0);
        const left = item.number - item.returnedNumber - asked;
        if (line.number > left) throw invalid(`lines.${i}.number`, `${item.name}最多可退${Math.max(0, left)}${item.bzdw}`);
        refund += Math.floor((item.payAmount * line.number) / item.number);
      } else if (line.number > item.number) {
        throw invalid(`lines.${i}.number`, `${item.name}最多${item.number}${item.bzdw}`);
      }
    }
    const [row] = await tx
      .insert(afterSales)
      .values({ orderId: id, userId: user.id, kind, lines: input.lines, reason: input.reason, images: input.images, refundAmount: kind === 'return' ? refund : 0 })
      .returning();
    return afterSaleView(row);
  });
}

/** A return or after-sales request of the account, with its order's lines (/order/returnInfo, /order/afterSalesInfo). */
export async function afterSaleDetail(db: Db, user: SessionUser, id: number) {
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
      return { item_id: l.item_id, number: l.number, name: item?.name ?? '', image: item?.image ?? '', ypgg: item?.ypgg ?? '', bzdw: item?.bzdw ?? '', price: y(item?.unitPrice ?? 0) };
    }),
  };
}

/** 含麻订单: the signed receipt of an order with goods containing ephedrine. */
export async function uploadReceipt(db: Db, user: SessionUser, id: number, image: string) {
  const o = await ownOrder(db, user.id, id);
  if (!o.isEphedrine) throw refuse('该订单不含麻黄碱类商品，无需回传签收单');
  if (o.status === 0 || o.status === 4) throw refuse('订单付款并发货后才能回传签收单');
  await db.update(orders).set({ receiptImage: image }).where(eq(orders.id, id));
  return orderDetail(db, user, id);
}

/** `GET /api/order/hmdd`: the orders with goods containing ephedrine, for their receipts. */
export async function ephedrineOrders(db: Db, user: SessionUser, page: number, perPage = 10) {
  const condition = and(eq(orders.userId, user.id), eq(orders.isEphedrine, true));
  const [rows, [{ n }]] = await Promise.all([
    db.select().from(orders).where(condition).orderBy(desc(orders.createdAt)).limit(perPage).offset((page - 1) * perPage),
    db.select({ n: count() }).from(orders).where(condition),
  ]);
  const items = rows.length ? await db.select().from(orderItems).where(inArray(orderItems.orderId, rows.map((r) => r.id))) : [];
  return {
    current_page: page,
    data: rows.map((o) => ({ ...orderSummary(o, items.filter((i) => i.orderId === o.id), user), receipt_image: o.receiptImage })),
    last_page: Math.max(1, Math.ceil(n / perPage)),
    per_page: perPage,
    total: n,
  };
}

/** The e-contract and whether the account signed it. */
export async function contract(db: Db, user: SessionUser) {
  const [text] = await db.select().from(contractTexts).orderBy(desc(contractTexts.id)).limit(1);
  return {
    title: text?.title ?? '药品采购服务协议',
    content: text?.content ?? '',
    version: text?.version ?? '',
    company: user.company,
    signed: user.contractSignedAt ? 1 : 0,
    signed_at: seconds(user.contractSignedAt),
  };
}

export async function signContract(db: Db, user: SessionUser) {
  requireApproved(user);
  if (!user.contractSignedAt) await db.update(users).set({ contractSignedAt: new Date() }).where(eq(users.id, user.id));
  const [fresh] = await db.select().from(users).where(eq(users.id, user.id));
  return contract(db, fresh);
}

