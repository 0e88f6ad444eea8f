/**
 * The console's points mall (营销活动 › 积分商城 and 积分订单, permission `promotion:write`): points goods created,
 * edited and put on or off the shelf, the redemption records with their buyers, and shipping a physical order
 * with its carrier and tracking number. Every write goes through `audited`; a change of goods drops the shared
 * answers at once, so buyers see it on their next request.
 */
import { and, count, desc, eq, gte, ilike, inArray, lt, or, sql, type SQL } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import type { z } from 'zod';
import { fenToYuan, yuanToFen } from '../../../core/money.js';
import {
  POINTS_KIND_TEXT,
  PointsOrderStatus,
  type AdminPointsGoods,
  type adminPointsGoodsQuery,
  type AdminPointsOrder,
  type adminPointsOrderQuery,
  type PointsGoodsInput,
  type pointsCancelBody,
  type pointsShipBody,
} from '../../../core/schemas/points.js';
import type { Paged } from '../../../core/schemas/common.js';
import type { Conn, Db } from '../../db/client.js';
import { containing } from '../../db/like.js';
import { pointsGoods, pointsOrders } from '../../db/schema/points.js';
import { invalid, notFound, refuse } from '../../http/envelope.js';
import { CHINA_MS, DAY_MS, seconds } from '../../lib/china-time.js';
import { paged, PER_PAGE } from '../../lib/paged.js';
import { briefOf, buyersMatching, userBriefs, sendMessage, forgetUserSessions } from '../accounts/index.js';
import { audited } from '../operators/index.js';
import { couponFaces, move } from '../wallet/index.js';
import { orderView, type GoodsRow } from './views.js';

function goodsView(g: GoodsRow, couponName: string): AdminPointsGoods {
  return {
    id: g.id,
    name: g.name,
    kind: g.kind,
    kind_text: POINTS_KIND_TEXT[g.kind],
    picture: g.picture,
    description: g.description,
    points: g.points,
    cash: fenToYuan(g.cash),
    stock: g.stock,
    redeemed: g.redeemed,
    per_user: g.perUser,
    coupon_id: g.couponId,
    coupon_name: couponName,
    red_packet: fenToYuan(g.redPacket),
    sort: g.sort,
    is_show: g.isShow ? 1 : 0,
    created_at: seconds(g.createdAt),
  };
}

async function couponNames(conn: Conn, rows: GoodsRow[]) {
  const faces = await couponFaces(conn, [...new Set(rows.flatMap((r) => (r.couponId ? [r.couponId] : [])))]);
  return (g: GoodsRow) => (g.couponId ? (faces.get(g.couponId)?.name ?? '') : '');
}

/** `GET /api/admin/points/goods?page&keyword&kind&is_show`: the shelf's order, then newest first. */
export async function listPointsGoods(db: Db, q: z.output<typeof adminPointsGoodsQuery>): Promise<Paged<AdminPointsGoods>> {
  const where = and(
    q.keyword ? ilike(pointsGoods.name, containing(q.keyword)) : undefined,
    q.kind ? eq(pointsGoods.kind, q.kind) : undefined,
    q.is_show ? eq(pointsGoods.isShow, q.is_show === '1') : undefined,
  );
  const [rows, [{ n }]] = await Promise.all([
    db
      .select()
      .from(pointsGoods)
      .where(where)
      .orderBy(desc(pointsGoods.isShow), pointsGoods.sort, desc(pointsGoods.id))
      .limit(PER_PAGE)
      .offset((q.page - 1) * PER_PAGE),
    db.select({ n: count() }).from(pointsGoods).where(where),
  ]);
  const nameOf = await couponNames(db, rows);
  return paged(
    rows.map((g) => goodsView(g, nameOf(g))),
    n,
    q.page,
  );
}

/** The columns of a goods from the form; a kind's own field is kept only for that kind. */
function columns(input: PointsGoodsInput) {
  return {
    name: input.name,
    kind: input.kind,
    picture: input.picture,
    description: input.description,
    points: input.points,
    cash: yuanToFen(input.cash),
    stock: input.stock,
    perUser: input.per_user,
    couponId: input.kind === 'coupon' ? input.coupon_id! : null,
    redPacket: input.kind === 'red_packet' ? yuanToFen(input.red_packet) : 0,
    sort: input.sort,
    isShow: input.is_show === 1,
    updatedAt: new Date(),
  };
}

const audit = (g: GoodsRow | undefined) => (g ? { ...goodsView(g, ''), coupon_name: undefined, created_at: undefined } : null);

async function checkCoupon(conn: Conn, input: PointsGoodsInput) {
  if (input.kind !== 'coupon') return '';
  const face = (await couponFaces(conn, [input.coupon_id!])).get(input.coupon_id!);
  if (!face) throw invalid('coupon_id', '所选优惠券不存在');
  return face.name;
}

/** `POST /api/admin/points/goods`: a new points goods. */
export async function createPointsGoods(db: Db, request: FastifyRequest, input: PointsGoodsInput): Promise<AdminPointsGoods> {
  const result = await audited(
    db,
    request,
    { permission: 'promotion:write', stale: 'promotions', action: 'points_goods.create', targetType: 'points_goods', targetId: 0 },
    async (tx) => {
      const couponName = await checkCoupon(tx, input);
      const [row] = await tx.insert(pointsGoods).values(columns(input)).returning();
      return { before: null, after: audit(row), result: goodsView(row, couponName), targetId: row.id };
    },
  );
  return result;
}

/** `POST /api/admin/points/goods/{id}`: changes a goods; its kind stays (its orders were of that kind). */
export async function updatePointsGoods(db: Db, request: FastifyRequest, id: number, input: PointsGoodsInput): Promise<AdminPointsGoods> {
  const result = await audited(
    db,
    request,
    { permission: 'promotion:write', stale: 'promotions', action: 'points_goods.update', targetType: 'points_goods', targetId: id },
    async (tx) => {
      const [before] = await tx.select().from(pointsGoods).where(eq(pointsGoods.id, id)).for('update');
      if (!before) throw notFound('积分商品不存在');
      if (input.kind !== before.kind) throw invalid('kind', '已创建的积分商品不能修改类型');
      const couponName = await checkCoupon(tx, input);
      const [after] = await tx.update(pointsGoods).set(columns(input)).where(eq(pointsGoods.id, id)).returning();
      return { before: audit(before), after: audit(after), result: goodsView(after, couponName) };
    },
  );
  return result;
}

/** `POST /api/admin/points/goods/{id}/show {is_show}`: on or off the shelf. */
export async function showPointsGoods(db: Db, request: FastifyRequest, id: number, isShow: 0 | 1): Promise<AdminPointsGoods> {
  const result = await audited(
    db,
    request,
    { permission: 'promotion:write', stale: 'promotions', action: 'points_goods.show', targetType: 'points_goods', targetId: id },
    async (tx) => {
      const [before] = await tx.select().from(pointsGoods).where(eq(pointsGoods.id, id)).for('update');
      if (!before) throw notFound('积分商品不存在');
      const [after] = await tx
        .update(pointsGoods)
        .set({ isShow: isShow === 1, updatedAt: new Date() })
        .where(eq(pointsGoods.id, id))
        .returning();
      const nameOf = await couponNames(tx, [after]);
      return { before: { is_show: before.isShow ? 1 : 0 }, after: { is_show: isShow }, result: goodsView(after, nameOf(after)) };
    },
  );
  return result;
}

const dayStart = (day: string) => new Date(Date.parse(`${day}T00:00:00Z`) - CHINA_MS);

/** `GET /api/admin/points/orders`: the redemption records, newest first, by status, kind, days and keyword. */
export async function listPointsOrdersAdmin(db: Db, q: z.output<typeof adminPointsOrderQuery>): Promise<Paged<AdminPointsOrder>> {
  const where: SQL[] = [];
  if (q.status) where.push(eq(pointsOrders.status, Number(q.status)));
  if (q.kind) where.push(eq(pointsOrders.kind, q.kind));
  if (q.date_from) where.push(gte(pointsOrders.createdAt, dayStart(q.date_from)));
  if (q.date_to) where.push(lt(pointsOrders.createdAt, new Date(dayStart(q.date_to).getTime() + DAY_MS)));
  if (q.keyword) {
    const buyers = await buyersMatching(db, q.keyword);
    const like = containing(q.keyword);
    where.push(or(ilike(pointsOrders.orderNo, like), ilike(pointsOrders.goodsName, like), buyers.length ? inArray(pointsOrders.userId, buyers) : sql`false`)!);
  }
  const cond = and(...where);
  const [rows, [{ n }]] = await Promise.all([
    db
      .select()
      .from(pointsOrders)
      .where(cond)
      .orderBy(desc(pointsOrders.id))
      .limit(PER_PAGE)
      .offset((q.page - 1) * PER_PAGE),
    db.select({ n: count() }).from(pointsOrders).where(cond),
  ]);
  const briefs = await userBriefs(
    db,
    rows.map((r) => r.userId),
  );
  return paged(
    rows.map((o) => {
      const b = briefOf(briefs, o.userId);
      return { ...orderView(o), user_id: o.userId, username: b.username, company: b.company };
    }),
    n,
    q.page,
  );
}

/**
 * `POST /api/admin/points/orders/{id}/ship {carrier, tracking_no}`: a physical order waiting to ship becomes
 * 已发货, and the buyer is told in 我的消息. Shipping it again with the same waybill answers it as it is.
 */
export async function shipPointsOrder(db: Db, request: FastifyRequest, id: number, body: z.output<typeof pointsShipBody>): Promise<AdminPointsOrder> {
  return audited(
    db,
    request,
    { permission: 'promotion:write', stale: 'nothing', action: 'points_order.ship', targetType: 'points_order', targetId: id },
    async (tx) => {
      const [o] = await tx.select().from(pointsOrders).where(eq(pointsOrders.id, id)).for('update');
      if (!o) throw notFound('积分订单不存在');
      const brief = briefOf(await userBriefs(tx, [o.userId]), o.userId);
      const answer = (row: typeof o) => ({ ...orderView(row), user_id: row.userId, username: brief.username, company: brief.company });
      if (o.kind !== 'physical') throw refuse('优惠券和红包已直接到账，无需发货');
      if (o.status !== PointsOrderStatus.toShip) {
        if (o.carrier === body.carrier && o.trackingNo === body.tracking_no) return { before: null, after: null, result: answer(o) };
        throw refuse('该订单已发货');
      }
      const [after] = await tx
        .update(pointsOrders)
        .set({ status: PointsOrderStatus.shipped, carrier: body.carrier, trackingNo: body.tracking_no, shippedAt: new Date() })
        .where(eq(pointsOrders.id, id))
        .returning();
      await sendMessage(
        tx,
        o.userId,
        '积分兑换商品已发货',
        `您兑换的“${o.goodsName}”（订单 ${o.orderNo}）已由${body.carrier}发出，运单号 ${body.tracking_no}。`,
      );
      return {
        before: { status: o.status },
        after: { status: after.status, carrier: after.carrier, tracking_no: after.trackingNo },
        result: answer(after),
      };
    },
  );
}

/**
 * `POST /api/admin/points/orders/{id}/cancel {reason}`: a physical order waiting to ship is cancelled (the goods
 * cannot be sent, say): in one transaction its points and cash go back through the ledger, its units back to the
 * goods' stock and out of the buyer's count against the limit, and the buyer is told why in 我的消息. Cancelling it
 * again answers it as it is; a shipped, completed or credited order is refused.
 */
export async function cancelPointsOrder(db: Db, request: FastifyRequest, id: number, body: z.output<typeof pointsCancelBody>): Promise<AdminPointsOrder> {
  const result = await audited(
    db,
    request,
    { permission: 'promotion:write', stale: 'promotions', action: 'points_order.cancel', targetType: 'points_order', targetId: id },
    async (tx) => {
      const [o] = await tx.select().from(pointsOrders).where(eq(pointsOrders.id, id)).for('update');
      if (!o) throw notFound('积分订单不存在');
      const brief = briefOf(await userBriefs(tx, [o.userId]), o.userId);
      const answer = (row: typeof o) => ({ ...orderView(row), user_id: row.userId, username: brief.username, company: brief.company });
      if (o.status === PointsOrderStatus.cancelled) return { before: null, after: null, result: answer(o) };
      if (o.kind !== 'physical') throw refuse('优惠券和红包已直接到账，不能取消');
      if (o.status !== PointsOrderStatus.toShip) throw refuse('该订单已发货，不能取消');
      const [after] = await tx
        .update(pointsOrders)
        .set({ status: PointsOrderStatus.cancelled, cancelReason: body.reason, cancelledAt: new Date() })
        .where(eq(pointsOrders.id, id))
        .returning();
      const memo = `积分订单取消退回 ${o.goodsName} ×${o.quantity}`;
      const back = { kind: 'refund', refType: 'points_order', refId: o.id, memo } as const;
      await move(tx, { userId: o.userId, instrument: 'points', amount: o.points, ...back });
      if (o.cash > 0) await move(tx, { userId: o.userId, instrument: 'balance', amount: o.cash, ...back });
      await tx
        .update(pointsGoods)
        .set({ stock: sql`${pointsGoods.stock} + ${o.quantity}`, redeemed: sql`greatest(${pointsGoods.redeemed} - ${o.quantity}, 0)` })
        .where(eq(pointsGoods.id, o.goodsId));
      const returned = `${o.points} 积分${o.cash > 0 ? `和 ¥${fenToYuan(o.cash)} 余额` : ''}`;
      await sendMessage(tx, o.userId, '积分兑换订单已取消', `您兑换的“${o.goodsName}”（订单 ${o.orderNo}）已取消：${body.reason}。${returned}已退回您的账户。`);
      return {
        before: { status: o.status },
        after: { status: after.status, reason: body.reason, points: o.points, cash: fenToYuan(o.cash) },
        result: answer(after),
      };
    },
  );
  // The goods' stock changed: the shelf is worked out again everywhere; the buyer's points are read afresh.
  forgetUserSessions(result.user_id);
  return result;
}
