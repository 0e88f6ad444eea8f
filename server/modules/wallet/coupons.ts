/** The account's coupons (优惠券): counts, the list by status, and using one on an order and giving it back. */
import { and, asc, count, desc, eq, gte, inArray, lt, or, sql, type Placeholder, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import { fenToYuan } from '../../../core/money.js';
import type { Coupon, CouponCounts, couponListQuery, CouponPage } from '../../../core/schemas/wallet.js';
import { CouponStatus } from '../../../core/status.js';
import type { Conn, Db } from '../../db/client.js';
import { coupons, userCoupons } from '../../db/schema/wallet.js';
import type { SessionUser } from '../../http/auth.js';
import { refuse } from '../../http/envelope.js';
import { DAY_MS, seconds } from '../../lib/china-time.js';
import { paged, PER_PAGE } from '../../lib/paged.js';
import { topCategoryNames } from '../catalogue/index.js';

const y = fenToYuan;
/** A coupon ending within this many days is flagged 即将过期. */
const EXPIRING_DAYS = 3;

type CouponRow = typeof coupons.$inferSelect;

/** The names of the top categories the templates' scopes name (a scope reads 限抗感染药商品). */
export function scopeNames(db: Db, templates: CouponRow[]) {
  return topCategoryNames(db, [...new Set(templates.flatMap((c) => (c.scope.kind === 'categories' ? c.scope.ids : [])))]);
}

/** What a coupon says of itself wherever it is shown: its face, threshold, cap and scope. */
export function couponTerms(c: CouponRow, names: Map<number, string>) {
  const whole = (fen: number) => y(fen).replace(/\.00$/, '');
  const scope =
    c.scope.kind === 'all'
      ? '全场通用'
      : c.scope.kind === 'goods'
        ? '限指定商品'
        : `限${
            c.scope.ids
              .map((i) => names.get(i))
              .filter(Boolean)
              .join('、') || '指定分类'
          }商品`;
  return {
    name: c.name,
    type: c.type,
    type_text: c.type === 'manjian' ? '满减券' : '折扣券',
    threshold: y(c.threshold),
    amount: y(c.amount),
    rate: c.rate,
    max_discount: y(c.maxDiscount),
    face: c.type === 'manjian' ? y(c.amount) : `${c.rate / 10}`.replace(/\.0$/, ''),
    condition: c.threshold > 0 ? `满${whole(c.threshold)}元可用` : '无门槛',
    limit_text: c.type === 'discount' && c.maxDiscount > 0 ? `最高减${whole(c.maxDiscount)}元` : '',
    scope_text: scope,
  };
}

/** Coupon status as the buyer sees it: 0 unused, 1 used, 2 expired (held but past its end). */
function couponStatusWhere(status: number, now: Date): SQL {
  if (status === 1) return eq(userCoupons.status, 1);
  if (status === 2) return or(eq(userCoupons.status, 2), and(eq(userCoupons.status, 0), lt(userCoupons.endsAt, now)))!;
  return and(eq(userCoupons.status, 0), gte(userCoupons.endsAt, now))!;
}

/** `GET /api/user/couponNum`: how many coupons the account holds in each status, and how many end within 3 days. */
export async function couponNum(db: Db, user: SessionUser): Promise<CouponCounts> {
  const now = new Date();
  const soon = new Date(now.getTime() + EXPIRING_DAYS * DAY_MS);
  const [row] = await db
    .select({
      unused: sql<number>`count(*) filter (where ${userCoupons.status} = 0 and ${userCoupons.endsAt} >= ${now})`.mapWith(Number),
      used: sql<number>`count(*) filter (where ${userCoupons.status} = 1)`.mapWith(Number),
      expired: sql<number>`count(*) filter (where ${userCoupons.status} = 2 or (${userCoupons.status} = 0 and ${userCoupons.endsAt} < ${now}))`.mapWith(Number),
      expiring: sql<number>`count(*) filter (where ${userCoupons.status} = 0 and ${userCoupons.endsAt} >= ${now} and ${userCoupons.endsAt} < ${soon})`.mapWith(
        Number,
      ),
    })
    .from(userCoupons)
    .where(eq(userCoupons.userId, user.id));
  return row;
}

/** `GET /api/user/coupon?status&type&page`: the account's coupons of one status, those ending soonest first while unused. */
export async function listCoupons(db: Db, user: SessionUser, q: z.infer<typeof couponListQuery>): Promise<CouponPage> {
  const now = new Date();
  const where: SQL[] = [eq(userCoupons.userId, user.id), couponStatusWhere(q.status, now)];
  if (q.type === 1) where.push(eq(coupons.type, 'manjian'));
  if (q.type === 2) where.push(eq(coupons.type, 'discount'));
  const cond = and(...where);
  const order =
    q.status === 0
      ? [asc(userCoupons.endsAt), asc(userCoupons.id)]
      : q.status === 1
        ? [desc(userCoupons.usedAt), desc(userCoupons.id)]
        : [desc(userCoupons.endsAt), desc(userCoupons.id)];
  const [rows, [{ n }], counts] = await Promise.all([
    db
      .select({ uc: userCoupons, c: coupons })
      .from(userCoupons)
      .innerJoin(coupons, eq(coupons.id, userCoupons.couponId))
      .where(cond)
      .orderBy(...order)
      .limit(PER_PAGE)
      .offset((q.page - 1) * PER_PAGE),
    db.select({ n: count() }).from(userCoupons).innerJoin(coupons, eq(coupons.id, userCoupons.couponId)).where(cond),
    couponNum(db, user),
  ]);
  const names = await scopeNames(
    db,
    rows.map((r) => r.c),
  );
  const soon = now.getTime() + EXPIRING_DAYS * DAY_MS;
  const data = rows.map(({ uc, c }): Coupon => {
    const status = uc.status === 1 ? 1 : uc.status === 2 || uc.endsAt < now ? 2 : 0;
    return {
      ...couponTerms(c, names),
      id: uc.id,
      coupon_id: c.id,
      starts_at: seconds(uc.startsAt),
      ends_at: seconds(uc.endsAt),
      status,
      status_text: ['未使用', '已使用', '已过期'][status],
      expiring: status === 0 && uc.endsAt.getTime() < soon ? 1 : 0,
      used_at: seconds(uc.usedAt),
      order_id: uc.orderNo ? uc.orderId : null,
      order_no: uc.orderNo || null,
    };
  });
  return { ...paged(data, n, q.page), counts };
}

/** Marks the account's unused coupon used on an order, in its transaction; false when it is not unused. */
export async function useCoupon(tx: Conn, c: { userCouponId: number; userId: number; orderId: number; orderNo: string; now: number }) {
  const used = await tx
    .update(userCoupons)
    .set({ status: CouponStatus.used, orderId: c.orderId, orderNo: c.orderNo, usedAt: new Date(c.now) })
    .where(and(eq(userCoupons.id, c.userCouponId), eq(userCoupons.userId, c.userId), eq(userCoupons.status, CouponStatus.unused)))
    .returning({ id: userCoupons.id });
  return used.length > 0;
}

/** Gives back the coupon an order used (it was cancelled): unused again, or expired if its time is up. */
export async function releaseCoupon(tx: Conn, userCouponId: number, orderId: number) {
  await tx
    .update(userCoupons)
    .set({
      status: sql`case when ${userCoupons.endsAt} > now() then ${sql.raw(String(CouponStatus.unused))} else ${sql.raw(String(CouponStatus.expired))} end`,
      orderId: null,
      orderNo: '',
      usedAt: null,
    })
    .where(and(eq(userCoupons.id, userCouponId), eq(userCoupons.orderId, orderId)));
}

const epochMs = (column: SQL) => sql`(extract(epoch from ${column}) * 1000)::bigint`;

/** SQL for a JSON array of the account's unused coupons with their rules, for embedding in the pricing statement. */
export function unusedCouponsSql(userId: number | Placeholder) {
  return sql`coalesce((
    select json_agg(json_build_object(
      'id', uc.id, 'name', c.name, 'type', c.type, 'threshold', c.threshold, 'amount', c.amount, 'rate', c.rate,
      'max_discount', c.max_discount, 'scope', c.scope, 'starts_at', ${epochMs(sql`uc.starts_at`)}, 'ends_at', ${epochMs(sql`uc.ends_at`)}
    ) order by uc.id)
    from ${userCoupons} uc join ${coupons} c on c.id = uc.coupon_id
    where uc.user_id = ${userId} and uc.status = ${CouponStatus.unused}
  ), '[]')`;
}

/** Which of `ids` are coupon templates (a console form that names coupons checks them). */
export async function existingCouponIds(conn: Conn, ids: number[]): Promise<Set<number>> {
  if (!ids.length) return new Set();
  const rows = await conn
    .select({ id: coupons.id })
    .from(coupons)
    .where(inArray(coupons.id, [...new Set(ids)]));
  return new Set(rows.map((r) => r.id));
}

const COUPON_OVER = '该优惠券已过期，暂不能兑换';

/**
 * Hands `count` copies of a coupon template to an account in the caller's transaction (the points mall's
 * coupons), counted among the copies handed out. Valid from now for the template's days, or to its end; a
 * template missing or past its end is refused. Answers the copies' ids and the coupon's name.
 */
export async function grantCoupons(tx: Conn, g: { userId: number; couponId: number; count: number; now: Date }) {
  const [c] = await tx
    .update(coupons)
    .set({ claimed: sql`${coupons.claimed} + ${g.count}` })
    .where(eq(coupons.id, g.couponId))
    .returning();
  if (!c || (c.validDays === 0 && c.endsAt <= g.now)) throw refuse(COUPON_OVER);
  const endsAt = c.validDays > 0 ? new Date(g.now.getTime() + c.validDays * DAY_MS) : c.endsAt;
  const rows = await tx
    .insert(userCoupons)
    .values(Array.from({ length: g.count }, () => ({ userId: g.userId, couponId: c.id, startsAt: g.now, endsAt })))
    .returning({ id: userCoupons.id });
  return { ids: rows.map((r) => r.id), name: c.name, text: faceText(c) };
}

/** The names and faces of coupon templates, for what a points goods hands out. */
export async function couponFaces(conn: Conn, ids: number[]) {
  if (!ids.length) return new Map<number, { name: string; text: string }>();
  const rows = await conn.select().from(coupons).where(inArray(coupons.id, ids));
  return new Map(rows.map((c) => [c.id, { name: c.name, text: faceText(c) }]));
}

/** 满100减10 / 9.5折 / 10元无门槛: what one copy is worth, in a few characters. */
function faceText(c: CouponRow) {
  const t = couponTerms(c, new Map());
  const whole = (v: string) => v.replace(/\.00$/, '');
  if (c.type === 'discount') return `${t.face}折${t.limit_text ? `（${t.limit_text}）` : ''}`;
  return c.threshold > 0 ? `满${whole(t.threshold)}减${whole(t.amount)}` : `${whole(t.amount)}元无门槛`;
}
