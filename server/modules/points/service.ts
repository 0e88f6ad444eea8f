/**
 * The points mall for buyers: the goods on the shelf, one goods, redeeming, the account's points orders and
 * confirming receipt. A redemption is one transaction: the account's wallet row is locked first (so one
 * account's redemptions take turns and its per-account count is read after the lock), the stock is taken by a
 * conditional update, and points, balance, coupons and red packets move through the wallet's services with a
 * ledger row each. A refusal at any step rolls the whole back: nothing is taken.
 */
import { and, asc, count, desc, eq, inArray, ne, sql, sum } from 'drizzle-orm';
import type { z } from 'zod';
import { fenToYuan } from '../../../core/money.js';
import {
  PointsOrderStatus,
  type PointsGoodsDetail,
  type PointsMall,
  type pointsGoodsQuery,
  type pointsOrderBody,
  type PointsOrderDetail,
  type PointsOrderPage,
  type pointsOrderQuery,
  type PointsRedeemed,
} from '../../../core/schemas/points.js';
import type { Conn, Db, Tx } from '../../db/client.js';
import { pointsGoods, pointsOrders } from '../../db/schema/points.js';
import type { CurrentSession, SessionUser } from '../../http/auth.js';
import { cachedResult, forgetResult } from '../../http/cache.js';
import { invalid, notFound, refuse } from '../../http/envelope.js';
import { paged, PER_PAGE } from '../../lib/paged.js';
import { serialNo } from '../../lib/serial.js';
import { ownAddress } from '../addresses/index.js';
import { checkPayPassword, pointsOf } from '../accounts/index.js';
import { couponFaces, grantCoupons, lockWallet, move } from '../wallet/index.js';
import { givesOf, goodsView, orderDetailView, orderView, type GoodsRow, type OrderRow } from './views.js';

export const REDEEM_NOT_APPROVED = '资质审核通过后才能兑换积分商品，请前往“账户中心-资质证件”查看审核进度';
export const GOODS_MISSING = '积分商品不存在';
export const GOODS_OFF_SHELF = '该商品已下架';
export const GOODS_GONE = '该商品已兑完';
export const ADDRESS_NEEDED = '请选择收货地址';
export const NOT_SHIPPED = '订单尚未发货，暂不能确认收货';
const ORDER_MISSING = '积分订单不存在';
const stockShort = (left: number) => `库存不足，仅剩${left}件`;
const overLimit = (limit: number, mine: number) => `每个账户限兑${limit}件，您已兑换${mine}件`;

/** The ledger's kind and reference of a points order's movements (one row per instrument and order). */
const EXCHANGE = { kind: 'exchange', refType: 'points_order' } as const;
/** The shelf is shared by every viewer for this long; an operator's change drops it at once. */
const SHELF_TTL_MS = 5_000;

type Shelf = { row: GoodsRow; gives: string }[];

const SHELF_KEY = ['points-shelf'];

/** The goods on the shelf in their order, with what each gives: one answer for everybody. */
function shelf(db: Db): Promise<Shelf> {
  return cachedResult(
    db,
    SHELF_KEY,
    async () => {
      const rows = await db.select().from(pointsGoods).where(eq(pointsGoods.isShow, true)).orderBy(asc(pointsGoods.sort), desc(pointsGoods.id));
      const faces = await couponFaces(db, [...new Set(rows.flatMap((r) => (r.kind === 'coupon' && r.couponId ? [r.couponId] : [])))]);
      return rows.map((row) => ({ row, gives: givesOf(row, faces) }));
    },
    SHELF_TTL_MS,
  );
}

/** Units of each goods the account has redeemed (a cancelled order's units count no more). */
async function redeemedBy(conn: Conn, userId: number | null, goodsIds: number[]) {
  if (userId === null || !goodsIds.length) return new Map<number, number>();
  const rows = await conn
    .select({ id: pointsOrders.goodsId, n: sum(pointsOrders.quantity).mapWith(Number) })
    .from(pointsOrders)
    .where(and(eq(pointsOrders.userId, userId), inArray(pointsOrders.goodsId, goodsIds), ne(pointsOrders.status, PointsOrderStatus.cancelled)))
    .groupBy(pointsOrders.goodsId);
  return new Map(rows.map((r) => [r.id, r.n]));
}

/** `GET /api/points/goods?page&kind`: the shelf, 20 a page, with the account's points and its count of each. */
export async function pointsMall(db: Db, user: SessionUser | null, q: z.infer<typeof pointsGoodsQuery>): Promise<PointsMall> {
  const all = (await shelf(db)).filter((s) => !q.kind || s.row.kind === q.kind);
  const pageRows = all.slice((q.page - 1) * PER_PAGE, q.page * PER_PAGE);
  const [mine, points] = await Promise.all([
    redeemedBy(
      db,
      user?.id ?? null,
      pageRows.map((s) => s.row.id),
    ),
    user ? pointsOf(db, user.id) : null,
  ]);
  return {
    ...paged(
      pageRows.map((s) => goodsView(s.row, s.gives, mine.get(s.row.id) ?? 0)),
      all.length,
      q.page,
    ),
    points,
  };
}

/** `GET /api/points/goods/{id}`: one goods on the shelf with its description; 404 when gone or off the shelf. */
export async function pointsGoodsDetail(db: Db, user: SessionUser | null, id: number): Promise<PointsGoodsDetail> {
  const [g] = await db.select().from(pointsGoods).where(eq(pointsGoods.id, id));
  if (!g || !g.isShow) throw notFound(GOODS_MISSING);
  const [faces, mine] = await Promise.all([couponFaces(db, g.couponId ? [g.couponId] : []), redeemedBy(db, user?.id ?? null, [g.id])]);
  return { ...goodsView(g, givesOf(g, faces), mine.get(g.id) ?? 0), description: g.description };
}

type RedeemBody = z.infer<typeof pointsOrderBody>;

async function orderByKey(conn: Conn, userId: number, key: string | undefined) {
  if (!key) return null;
  const [o] = await conn
    .select()
    .from(pointsOrders)
    .where(and(eq(pointsOrders.userId, userId), eq(pointsOrders.requestKey, key)));
  return o ?? null;
}

/** Takes `n` units if the goods is on the shelf and has them; otherwise says why not. */
async function takeStock(tx: Tx, goodsId: number, n: number): Promise<GoodsRow> {
  const [taken] = await tx
    .update(pointsGoods)
    .set({ stock: sql`${pointsGoods.stock} - ${n}`, redeemed: sql`${pointsGoods.redeemed} + ${n}` })
    .where(and(eq(pointsGoods.id, goodsId), eq(pointsGoods.isShow, true), sql`${pointsGoods.stock} >= ${n}`))
    .returning();
  if (taken) return taken;
  const [g] = await tx.select().from(pointsGoods).where(eq(pointsGoods.id, goodsId));
  if (!g.isShow) throw refuse(GOODS_OFF_SHELF);
  throw refuse(g.stock <= 0 ? GOODS_GONE : stockShort(g.stock));
}

/** Credits what a coupon or red packet order gives, through the wallet; answers what the buyer reads. */
async function credit(tx: Tx, g: GoodsRow, o: OrderRow, now: Date) {
  if (g.kind === 'coupon') {
    const granted = await grantCoupons(tx, { userId: o.userId, couponId: g.couponId!, count: o.quantity, now });
    return `${granted.name}（${granted.text}）×${o.quantity}`;
  }
  const amount = g.redPacket * o.quantity;
  await move(tx, { userId: o.userId, instrument: 'red_packet', amount, ...EXCHANGE, refId: o.id, memo: `积分商城兑换 ${g.name} ×${o.quantity}` });
  return `¥${fenToYuan(amount)} 账户红包`;
}

/**
 * `POST /api/points/order {goods_id, number, address_id?, pay_password?, request_key?}`. Checks that need no
 * lock come first (approval, the goods, the address, the payment password, which takes a hash and must not
 * hold a transaction); then one transaction takes the account's turn, its limit, the stock, the points and
 * the cash, and credits coupons and red packets at once.
 */
export async function redeem(db: Db, session: CurrentSession, body: RedeemBody): Promise<PointsRedeemed> {
  const user = session.user;
  if (user.isPassed !== 1) throw refuse(REDEEM_NOT_APPROVED);
  const [goods] = await db.select().from(pointsGoods).where(eq(pointsGoods.id, body.goods_id));
  if (!goods) throw notFound(GOODS_MISSING);
  const earlier = await orderByKey(db, user.id, body.request_key);
  if (earlier) return redeemed(db, user, earlier, 1);
  if (!goods.isShow) throw refuse(GOODS_OFF_SHELF);
  if (goods.kind === 'physical' && !body.address_id) throw invalid('address_id', ADDRESS_NEEDED);
  const address = goods.kind === 'physical' ? await ownAddress(db, user.id, body.address_id!) : null;
  if (goods.cash > 0) await checkPayPassword(db, (session.actor ?? user).id, body.pay_password);

  const n = body.number;
  const now = new Date();
  const outcome = await db.transaction(async (tx) => {
    await lockWallet(tx, user.id);
    const again = await orderByKey(tx, user.id, body.request_key);
    if (again) return { order: again, already: 1 as const };
    if (goods.perUser > 0) {
      const mine = (await redeemedBy(tx, user.id, [goods.id])).get(goods.id) ?? 0;
      if (mine + n > goods.perUser) throw refuse(overLimit(goods.perUser, mine));
    }
    const g = await takeStock(tx, goods.id, n);
    const physical = g.kind === 'physical';
    const [order] = await tx
      .insert(pointsOrders)
      .values({
        orderNo: serialNo('JF', now.getTime()),
        userId: user.id,
        goodsId: g.id,
        goodsName: g.name,
        goodsPicture: g.picture,
        kind: g.kind,
        quantity: n,
        points: g.points * n,
        cash: g.cash * n,
        status: physical ? PointsOrderStatus.toShip : PointsOrderStatus.done,
        consignee: address?.name ?? '',
        phone: address?.phone ?? '',
        address: address ? `${address.province}${address.city}${address.district}${address.address}` : '',
        requestKey: body.request_key ?? null,
        completedAt: physical ? null : now,
        createdAt: now,
      })
      .returning();
    const memo = `积分商城兑换 ${g.name} ×${n}`;
    await move(tx, { userId: user.id, instrument: 'points', amount: -order.points, ...EXCHANGE, refId: order.id, memo });
    if (order.cash > 0) await move(tx, { userId: user.id, instrument: 'balance', amount: -order.cash, ...EXCHANGE, refId: order.id, memo });
    if (physical) return { order, already: 0 as const };
    const [done] = await tx
      .update(pointsOrders)
      .set({ credited: await credit(tx, g, order, now) })
      .where(eq(pointsOrders.id, order.id))
      .returning();
    return { order: done, already: 0 as const };
  });
  // The stock shown to everybody changed: this process works the shelf out again (others within 5 s).
  if (!outcome.already) forgetResult(db, SHELF_KEY);
  return redeemed(db, user, outcome.order, outcome.already);
}

async function redeemed(db: Db, user: SessionUser, order: OrderRow, already: 0 | 1): Promise<PointsRedeemed> {
  const [[g], points, mine] = await Promise.all([
    db.select().from(pointsGoods).where(eq(pointsGoods.id, order.goodsId)),
    pointsOf(db, user.id),
    redeemedBy(db, user.id, [order.goodsId]),
  ]);
  const faces = await couponFaces(db, g.couponId ? [g.couponId] : []);
  return { order: orderDetailView(order), goods: goodsView(g, givesOf(g, faces), mine.get(g.id) ?? 0), points, already };
}

/** `GET /api/points/order?page&status`: the account's points orders, newest first, with the count of each status. */
export async function listPointsOrders(db: Db, user: SessionUser, q: z.infer<typeof pointsOrderQuery>): Promise<PointsOrderPage> {
  const mine = eq(pointsOrders.userId, user.id);
  const where = q.status === undefined ? mine : and(mine, eq(pointsOrders.status, q.status));
  const [rows, [{ n }], byStatus] = await Promise.all([
    db
      .select()
      .from(pointsOrders)
      .where(where)
      .orderBy(desc(pointsOrders.id))
      .limit(PER_PAGE)
      .offset((q.page - 1) * PER_PAGE),
    db.select({ n: count() }).from(pointsOrders).where(where),
    db.select({ status: pointsOrders.status, n: count() }).from(pointsOrders).where(mine).groupBy(pointsOrders.status),
  ]);
  const of = (s: number) => byStatus.find((r) => r.status === s)?.n ?? 0;
  return {
    ...paged(rows.map(orderView), n, q.page),
    counts: {
      all: byStatus.reduce((a, r) => a + r.n, 0),
      to_ship: of(PointsOrderStatus.toShip),
      shipped: of(PointsOrderStatus.shipped),
      done: of(PointsOrderStatus.done),
      cancelled: of(PointsOrderStatus.cancelled),
    },
  };
}

async function ownPointsOrder(conn: Conn, userId: number, id: number) {
  const [o] = await conn
    .select()
    .from(pointsOrders)
    .where(and(eq(pointsOrders.id, id), eq(pointsOrders.userId, userId)));
  if (!o) throw notFound(ORDER_MISSING);
  return o;
}

/** `GET /api/points/order/{id}`: one of the account's points orders with its trace; another account's is 404. */
export async function pointsOrderDetail(db: Db, user: SessionUser, id: number): Promise<PointsOrderDetail> {
  return orderDetailView(await ownPointsOrder(db, user.id, id));
}

/** `POST /api/points/order/{id}/receive`: a shipped order becomes 已完成; asked again, it answers as it is. */
export async function receivePointsOrder(db: Db, user: SessionUser, id: number): Promise<PointsOrderDetail> {
  const [done] = await db
    .update(pointsOrders)
    .set({ status: PointsOrderStatus.done, completedAt: new Date() })
    .where(and(eq(pointsOrders.id, id), eq(pointsOrders.userId, user.id), eq(pointsOrders.status, PointsOrderStatus.shipped)))
    .returning();
  if (done) return orderDetailView(done);
  const o = await ownPointsOrder(db, user.id, id);
  if (o.status === PointsOrderStatus.toShip) throw refuse(NOT_SHIPPED);
  return orderDetailView(o);
}
