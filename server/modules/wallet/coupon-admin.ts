/**
 * The console's coupon templates (营销活动 › 优惠券, permission `promotion:write`): the list with what was handed
 * out and used, creating and editing a template, and issuing a copy to each chosen buyer. Every write goes through `audited`
 * and then drops the shared answers in every process, so the coupon centre offers the change at once.
 */
import { and, count, desc, eq, gte, ilike, inArray, lt, or, sql, type SQL } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import { fenToYuan, yuanToFen } from '../../../core/money.js';
import type { z } from 'zod';
import type {
  AdminCoupon,
  AdminCouponClaimPage,
  AdminCouponPage,
  adminClaimQuery,
  CouponIssued,
  CouponTemplateInput,
} from '../../../core/schemas/admin-promotions.js';
import { CouponStatus } from '../../../core/status.js';
import type { Db, Tx } from '../../db/client.js';
import { coupons, userCoupons, type CouponScopeRule } from '../../db/schema/wallet.js';
import { containing } from '../../db/like.js';
import { invalid, notFound } from '../../http/envelope.js';
import { DAY_MS, seconds, today } from '../../lib/china-time.js';
import { paged, PER_PAGE } from '../../lib/paged.js';
import { audited } from '../operators/index.js';
import { briefOf, buyersMatching, userBriefs, approvedAmong } from '../accounts/index.js';

type CouponRow = typeof coupons.$inferSelect;

/** A China calendar day as the instant it begins. */
const dayStart = (day: string) => new Date(Date.parse(`${day}T00:00:00+08:00`));
const dayOf = (d: Date) => today(d.getTime());

function stateText(c: CouponRow, now: Date) {
  if (!c.isShow) return '未展示';
  if (c.startsAt > now) return '未开始';
  if (c.endsAt <= now) return '已结束';
  if (c.total > 0 && c.claimed >= c.total) return '已领完';
  return '领取中';
}

function view(c: CouponRow, used: number, now = new Date()): AdminCoupon {
  return {
    id: c.id,
    name: c.name,
    type: c.type,
    threshold: fenToYuan(c.threshold),
    amount: fenToYuan(c.amount),
    rate: c.rate,
    max_discount: fenToYuan(c.maxDiscount),
    scope: c.scope.kind,
    scope_ids: c.scope.kind === 'all' ? [] : c.scope.ids,
    valid_days: c.validDays,
    starts_at: dayOf(c.startsAt),
    ends_at: dayOf(new Date(c.endsAt.getTime() - 1)),
    total: c.total,
    claimed: c.claimed,
    used,
    per_user: c.perUser,
    is_show: c.isShow ? 1 : 0,
    state_text: stateText(c, now),
    created_at: seconds(c.createdAt),
  };
}

async function usedCounts(conn: Db | Tx, ids: number[]) {
  if (!ids.length) return new Map<number, number>();
  const rows = await conn
    .select({ id: userCoupons.couponId, n: count() })
    .from(userCoupons)
    .where(and(inArray(userCoupons.couponId, ids), eq(userCoupons.status, CouponStatus.used)))
    .groupBy(userCoupons.couponId);
  return new Map(rows.map((r) => [r.id, r.n]));
}

/** `GET /api/admin/coupons?page&keyword`: newest first. */
export async function listTemplates(db: Db, q: { page: number; keyword: string }): Promise<AdminCouponPage> {
  const where = q.keyword ? ilike(coupons.name, containing(q.keyword)) : undefined;
  const [rows, [{ n }]] = await Promise.all([
    db
      .select()
      .from(coupons)
      .where(where)
      .orderBy(desc(coupons.id))
      .limit(PER_PAGE)
      .offset((q.page - 1) * PER_PAGE),
    db.select({ n: count() }).from(coupons).where(where),
  ]);
  const used = await usedCounts(
    db,
    rows.map((r) => r.id),
  );
  return paged(
    rows.map((r) => view(r, used.get(r.id) ?? 0)),
    n,
    q.page,
  );
}

/** `GET /api/admin/coupons/{id}`: one template, as the list shows it. */
export async function getTemplate(db: Db, couponId: number): Promise<AdminCoupon> {
  const [c] = await db.select().from(coupons).where(eq(coupons.id, couponId));
  if (!c) throw notFound('优惠券不存在');
  const used = await usedCounts(db, [couponId]);
  return view(c, used.get(couponId) ?? 0);
}

/** The columns of a template from the form. */
function columns(input: CouponTemplateInput) {
  const scope: CouponScopeRule = input.scope === 'all' ? { kind: 'all' } : { kind: input.scope, ids: [...new Set(input.scope_ids)] };
  const manjian = input.type === 'manjian';
  return {
    name: input.name,
    type: input.type,
    threshold: yuanToFen(input.threshold),
    amount: manjian ? yuanToFen(input.amount) : 0,
    rate: manjian ? 100 : input.rate!,
    maxDiscount: manjian ? 0 : yuanToFen(input.max_discount),
    scope,
    validDays: input.valid_days,
    startsAt: dayStart(input.starts_at),
    // The last day is included: claiming ends as the next day begins.
    endsAt: new Date(dayStart(input.ends_at).getTime() + DAY_MS),
    total: input.total,
    perUser: input.per_user,
    isShow: input.is_show === 1,
  };
}

const audit = (c: CouponRow | undefined) => (c ? { ...view(c, 0), used: undefined, state_text: undefined, created_at: undefined } : null);

/** `POST /api/admin/coupons`: a new template. */
export async function createTemplate(db: Db, request: FastifyRequest, input: CouponTemplateInput): Promise<AdminCoupon> {
  const result = await audited(
    db,
    request,
    { permission: 'promotion:write', stale: 'promotions', action: 'coupon.create', targetType: 'coupon', targetId: 0 },
    async (tx) => {
      const [row] = await tx.insert(coupons).values(columns(input)).returning();
      return { before: null, after: audit(row), result: view(row, 0), targetId: row.id };
    },
  );
  return result;
}

/** `POST /api/admin/coupons/{id}`: changes a template; its total may not fall below the copies handed out. */
export async function updateTemplate(db: Db, request: FastifyRequest, couponId: number, input: CouponTemplateInput): Promise<AdminCoupon> {
  const result = await audited(
    db,
    request,
    { permission: 'promotion:write', stale: 'promotions', action: 'coupon.update', targetType: 'coupon', targetId: couponId },
    async (tx) => {
      const [before] = await tx.select().from(coupons).where(eq(coupons.id, couponId)).for('update');
      if (!before) throw notFound('优惠券不存在');
      if (input.total > 0 && input.total < before.claimed) throw invalid('total', `发放总量不能少于已发放的${before.claimed}张`);
      const [after] = await tx.update(coupons).set(columns(input)).where(eq(coupons.id, couponId)).returning();
      const used = await usedCounts(tx, [couponId]);
      return { before: audit(before), after: audit(after), result: view(after, used.get(couponId) ?? 0) };
    },
  );
  return result;
}

/**
 * `POST /api/admin/coupons/{id}/issue`: one copy to each chosen buyer, approved accounts only, counted against
 * the template's total (refused whole when too few are left). Each copy is valid from now for the template's days,
 * or to its end.
 */
export async function issueTemplate(db: Db, request: FastifyRequest, couponId: number, userIds: number[]): Promise<CouponIssued> {
  const wanted = [...new Set(userIds)];
  const result = await audited(
    db,
    request,
    { permission: 'promotion:write', stale: 'promotions', action: 'coupon.issue', targetType: 'coupon', targetId: couponId },
    async (tx) => {
      const [c] = await tx.select().from(coupons).where(eq(coupons.id, couponId)).for('update');
      if (!c) throw notFound('优惠券不存在');
      const now = new Date();
      if (c.endsAt <= now) throw invalid('user_ids', '优惠券已结束，不能发放');
      const buyers = (await approvedAmong(tx, wanted)).map((id) => ({ id }));
      if (buyers.length !== wanted.length) throw invalid('user_ids', '所选客户不存在或资质未审核通过');
      if (c.total > 0 && c.claimed + buyers.length > c.total)
        throw invalid('user_ids', `剩余${Math.max(0, c.total - c.claimed)}张，不足以发放给${buyers.length}个客户`);
      const endsAt = c.validDays > 0 ? new Date(now.getTime() + c.validDays * DAY_MS) : c.endsAt;
      await tx.insert(userCoupons).values(buyers.map((b) => ({ userId: b.id, couponId: c.id, startsAt: now, endsAt })));
      const [after] = await tx
        .update(coupons)
        .set({ claimed: sql`${coupons.claimed} + ${buyers.length}` })
        .where(eq(coupons.id, c.id))
        .returning();
      const used = await usedCounts(tx, [c.id]);
      return {
        before: { claimed: c.claimed },
        after: { claimed: after.claimed, issued_to: buyers.map((b) => b.id) },
        result: { issued: buyers.length, coupon: view(after, used.get(c.id) ?? 0) },
      };
    },
  );
  return result;
}

const CLAIM_STATUS_TEXT = ['未使用', '已使用', '已过期'] as const;

/**
 * `GET /api/admin/coupons/{id}/claims?page&status&keyword`: the copies of a template handed out (claimed in the
 * centre or issued), newest first, with the buyer and the order each was used on. An unused copy past its end
 * counts as 已过期, as the buyer's wallet shows it.
 */
export async function listClaims(db: Db, couponId: number, q: z.output<typeof adminClaimQuery>): Promise<AdminCouponClaimPage> {
  const [c] = await db.select({ id: coupons.id }).from(coupons).where(eq(coupons.id, couponId));
  if (!c) throw notFound('优惠券不存在');
  const now = new Date();
  const where: (SQL | undefined)[] = [eq(userCoupons.couponId, couponId)];
  if (q.status === CouponStatus.unused) where.push(eq(userCoupons.status, CouponStatus.unused), gte(userCoupons.endsAt, now));
  else if (q.status === CouponStatus.used) where.push(eq(userCoupons.status, CouponStatus.used));
  else if (q.status === CouponStatus.expired)
    where.push(or(eq(userCoupons.status, CouponStatus.expired), and(eq(userCoupons.status, CouponStatus.unused), lt(userCoupons.endsAt, now))));
  if (q.keyword) {
    const buyers = await buyersMatching(db, q.keyword);
    if (!buyers.length) return paged([], 0, q.page);
    where.push(inArray(userCoupons.userId, buyers));
  }
  const cond = and(...where);
  const [rows, [{ n }]] = await Promise.all([
    db
      .select()
      .from(userCoupons)
      .where(cond)
      .orderBy(desc(userCoupons.id))
      .limit(PER_PAGE)
      .offset((q.page - 1) * PER_PAGE),
    db.select({ n: count() }).from(userCoupons).where(cond),
  ]);
  const briefs = await userBriefs(
    db,
    rows.map((r) => r.userId),
  );
  return paged(
    rows.map((r) => {
      const b = briefOf(briefs, r.userId);
      const status = r.status === CouponStatus.unused && r.endsAt < now ? CouponStatus.expired : r.status;
      return {
        id: r.id,
        user_id: r.userId,
        username: b.username,
        company: b.company,
        user_phone: b.phone,
        status,
        status_text: CLAIM_STATUS_TEXT[status] ?? '',
        starts_at: seconds(r.startsAt),
        ends_at: seconds(r.endsAt),
        order_no: r.orderNo,
        used_at: seconds(r.usedAt),
        created_at: seconds(r.createdAt),
      };
    }),
    n,
    q.page,
  );
}
