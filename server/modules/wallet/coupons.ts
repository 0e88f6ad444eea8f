/** The account's coupons (优惠券): counts, the list by status, and using one on an order and giving it back. */
import { and, asc, count, desc, eq, gte, lt, or, sql, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import { fenToYuan } from '../../../core/money.js';
import type { Coupon, CouponCounts, couponListQuery, CouponPage } from '../../../core/schemas/wallet.js';
import { CouponStatus } from '../../../core/status.js';
import type { Conn, Db } from '../../db/client.js';
import { coupons, userCoupons } from '../../db/schema/wallet.js';
import type { SessionUser } from '../../http/auth.js';
import { topCategoryNames } from '../catalogue/service.js';
import { DAY_MS, paged, PER_PAGE, seconds } from './common.js';

const y = fenToYuan;
/** A coupon ending within this many days is flagged 即将过期. */
const EXPIRING_DAYS = 3;

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
  const categoryIds = [...new Set(rows.flatMap((r) => (r.c.scope.kind === 'categories' ? r.c.scope.ids : [])))];
  const names = await topCategoryNames(db, categoryIds);
  const soon = now.getTime() + EXPIRING_DAYS * DAY_MS;
  const data = rows.map(({ uc, c }): Coupon => {
    const status = uc.status === 1 ? 1 : uc.status === 2 || uc.endsAt < now ? 2 : 0;
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
      id: uc.id,
      coupon_id: c.id,
      name: c.name,
      type: c.type,
      type_text: c.type === 'manjian' ? '满减券' : '折扣券',
      threshold: y(c.threshold),
      amount: y(c.amount),
      rate: c.rate,
      max_discount: y(c.maxDiscount),
      face: c.type === 'manjian' ? y(c.amount) : `${c.rate / 10}`.replace(/\.0$/, ''),
      condition: c.threshold > 0 ? `满${y(c.threshold).replace(/\.00$/, '')}元可用` : '无门槛',
      limit_text: c.type === 'discount' && c.maxDiscount > 0 ? `最高减${y(c.maxDiscount).replace(/\.00$/, '')}元` : '',
      scope_text: scope,
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
export function unusedCouponsSql(userId: number) {
  return sql`coalesce((
    select json_agg(json_build_object(
      'id', uc.id, 'name', c.name, 'type', c.type, 'threshold', c.threshold, 'amount', c.amount, 'rate', c.rate,
      'max_discount', c.max_discount, 'scope', c.scope, 'starts_at', ${epochMs(sql`uc.starts_at`)}, 'ends_at', ${epochMs(sql`uc.ends_at`)}
    ) order by uc.id)
    from ${userCoupons} uc join ${coupons} c on c.id = uc.coupon_id
    where uc.user_id = ${userId} and uc.status = ${CouponStatus.unused}
  ), '[]')`;
}
