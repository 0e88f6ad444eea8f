/**
 * The console's activities (营销活动 › 促销活动, permission `promotion:write`): the flash sales, daily specials,
 * 月月惠, 满减, 全场折扣, 满返, 买赠 and 换购 the pricing engine applies, with their windows, rules and goods. 组合购
 * activities are listed with their goods and switched on or off here; their bundles are composed in 营销活动 › 组合购.
 * Every write is audited and drops the shared answers at once, so the storefront and the cart price with the change
 * on the next request.
 */
import { and, asc, count, desc, eq, ilike, inArray, sql } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import type { z } from 'zod';
import { fenToYuan, yuanToFen } from '../../../core/money.js';
import {
  ACTIVITY_TYPE_TEXT,
  clockMinutes,
  EDITABLE_ACTIVITY_TYPES,
  PRICED_ACTIVITY_TYPES,
  type activityGoodsBody,
  type ActivityInput,
  type AdminActivity,
  type AdminActivityGoodsPage,
  type AdminActivityPage,
  type adminActivityQuery,
} from '../../../core/schemas/admin-promotions.js';
import type { Db, Tx } from '../../db/client.js';
import { activities, activityGoods, type ActivityType } from '../../db/schema/promotions.js';
import { invalid, notFound, refuse } from '../../http/envelope.js';
import { containing } from '../../db/like.js';
import { goodsByIds, setGoodsTag } from '../catalogue/index.js';
import { audited } from '../operators/index.js';
import { fromMinute, memberDays, minuteOf, tiersOf } from './clock.js';

type ActivityRow = typeof activities.$inferSelect;
const PER_PAGE = 20;

/** The goods tag of a type, where its goods carry one (spec section 9). */
const TAG: Partial<Record<ActivityType, string>> = { manjian: '满', cashback: '返', gift: '赠', huangou: '换购' };

/** Minutes after midnight as `HH:mm`. */
const clockOf = (minutes: number | null) =>
  minutes === null ? null : `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`;

const editable = (type: string): type is (typeof EDITABLE_ACTIVITY_TYPES)[number] => (EDITABLE_ACTIVITY_TYPES as readonly string[]).includes(type);
const priced = (type: string) => (PRICED_ACTIVITY_TYPES as readonly string[]).includes(type);

export function stateText(a: ActivityRow, now = Date.now()) {
  if (!a.isShow) return '已停用';
  if (a.startsAt.getTime() > now) return '未开始';
  if (a.endsAt.getTime() <= now) return '已结束';
  return '进行中';
}

/** 买赠's rules as the form edits them. */
function giftOf(a: ActivityRow): AdminActivity['gift'] {
  if (a.type !== 'gift') return null;
  const r = a.rules;
  const gift = (r.gift ?? {}) as Record<string, unknown>;
  const by = r.by === 'amount' ? 'amount' : 'number';
  const threshold = Number(r.threshold) || 0;
  return {
    goods_id: Number(gift.goods_id) || 0,
    name: typeof gift.name === 'string' ? gift.name : '',
    number: Number(gift.number) || 1,
    per: r.per === 'activity' ? 'activity' : 'line',
    by,
    threshold: by === 'amount' ? fenToYuan(threshold) : String(threshold),
    repeat: r.type === 2 ? 0 : 1,
  };
}

function view(a: ActivityRow, goodsCount: number): AdminActivity {
  return {
    id: a.id,
    type: a.type,
    type_text: ACTIVITY_TYPE_TEXT[a.type] ?? a.type,
    editable: editable(a.type) ? 1 : 0,
    name: a.name,
    description: a.description,
    starts_at: minuteOf(a.startsAt),
    ends_at: minuteOf(a.endsAt),
    daily_start: a.type === 'spike' ? clockOf(a.dailyStart) : null,
    daily_end: a.type === 'spike' ? clockOf(a.dailyEnd) : null,
    rate: a.type === 'welfare' && typeof a.rules.rate === 'number' ? a.rules.rate : null,
    days: a.type === 'monthly' ? memberDays(a) : [],
    tiers:
      a.type === 'manjian' || a.type === 'cashback'
        ? tiersOf(a, a.type === 'cashback' ? 'back' : 'reduce').map((t) => ({ amount: fenToYuan(t.amount), value: fenToYuan(t.value) }))
        : [],
    gift: giftOf(a),
    threshold: a.type === 'huangou' ? fenToYuan(Number(a.rules.threshold) || 0) : null,
    is_show: a.isShow ? 1 : 0,
    sort: a.sort,
    goods_count: goodsCount,
    state_text: stateText(a),
    created_at: Math.floor(a.createdAt.getTime() / 1000),
  };
}

async function goodsCounts(conn: Db | Tx, ids: number[]) {
  if (!ids.length) return new Map<number, number>();
  const rows = await conn
    .select({ id: activityGoods.activityId, n: count() })
    .from(activityGoods)
    .where(inArray(activityGoods.activityId, ids))
    .groupBy(activityGoods.activityId);
  return new Map(rows.map((r) => [r.id, r.n]));
}

/** `GET /api/admin/activities?page&type&keyword`: the latest first. */
export async function listActivities(db: Db, q: z.output<typeof adminActivityQuery>): Promise<AdminActivityPage> {
  const where = and(q.type ? eq(activities.type, q.type as ActivityType) : undefined, q.keyword ? ilike(activities.name, containing(q.keyword)) : undefined);
  const [rows, [{ n }]] = await Promise.all([
    db
      .select()
      .from(activities)
      .where(where)
      .orderBy(desc(activities.id))
      .limit(PER_PAGE)
      .offset((q.page - 1) * PER_PAGE),
    db.select({ n: count() }).from(activities).where(where),
  ]);
  const counts = await goodsCounts(
    db,
    rows.map((r) => r.id),
  );
  return {
    current_page: q.page,
    data: rows.map((r) => view(r, counts.get(r.id) ?? 0)),
    last_page: Math.max(1, Math.ceil(n / PER_PAGE)),
    per_page: PER_PAGE,
    total: n,
  };
}

/**
 * The columns of an activity from the form. A 买赠 keeps its gift's name, read when it is saved: the cart names the
 * gift without reading the goods again. Its gifts are limited by the gift goods' own stock (an order leaves out
 * a gift it cannot take), not by a count of the activity's.
 */
async function columns(tx: Tx, input: ActivityInput) {
  const rules: Record<string, unknown> = {};
  if (input.type === 'welfare') rules.rate = input.rate;
  if (input.type === 'monthly') rules.days = [...input.days].sort((x, y) => x - y);
  if (input.type === 'manjian') rules.tiers = input.tiers.map((t) => ({ amount: yuanToFen(t.amount), reduce: yuanToFen(t.value) }));
  if (input.type === 'cashback') rules.tiers = input.tiers.map((t) => ({ amount: yuanToFen(t.amount), back: yuanToFen(t.value) }));
  if (input.type === 'huangou') rules.threshold = yuanToFen(input.threshold!);
  if (input.type === 'gift') {
    const g = input.gift!;
    const [goods] = await goodsByIds(tx, [g.goods_id]);
    if (!goods) throw invalid('gift.goods_id', '赠品商品不存在');
    Object.assign(rules, {
      per: g.per,
      by: g.by,
      threshold: g.by === 'amount' ? yuanToFen(g.threshold) : Number(g.threshold),
      type: g.repeat === 1 ? 1 : 2,
      gift: { goods_id: goods.id, name: goods.name, number: g.number },
    });
  }
  return {
    type: input.type,
    name: input.name,
    description: input.description,
    startsAt: fromMinute(input.starts_at),
    endsAt: fromMinute(input.ends_at),
    dailyStart: input.type === 'spike' ? clockMinutes(input.daily_start!) : null,
    dailyEnd: input.type === 'spike' ? clockMinutes(input.daily_end!) : null,
    rules,
    isShow: input.is_show === 1,
    sort: input.sort,
  };
}

const audit = (a: ActivityRow | undefined) => (a ? { ...view(a, 0), goods_count: undefined, state_text: undefined, created_at: undefined } : null);

async function lockedActivity(tx: Tx, id: number) {
  const [row] = await tx.select().from(activities).where(eq(activities.id, id)).for('update');
  if (!row) throw notFound('活动不存在');
  return row;
}

/** `POST /api/admin/activities`: a new activity; its goods are added next. */
export async function createActivity(db: Db, request: FastifyRequest, input: ActivityInput): Promise<AdminActivity> {
  const result = await audited(
    db,
    request,
    { permission: 'promotion:write', stale: 'promotions', action: 'activity.create', targetType: 'activity', targetId: 0 },
    async (tx) => {
      const [row] = await tx
        .insert(activities)
        .values(await columns(tx, input))
        .returning();
      return { before: null, after: audit(row), result: view(row, 0), targetId: row.id };
    },
  );
  return result;
}

/**
 * `POST /api/admin/activities/{id}`: changes an activity. Its type stays what it was (a flash sale's goods have
 * prices a 满减's do not); a 组合购 activity is only switched on or off here.
 */
export async function updateActivity(db: Db, request: FastifyRequest, id: number, input: ActivityInput): Promise<AdminActivity> {
  const result = await audited(
    db,
    request,
    { permission: 'promotion:write', stale: 'promotions', action: 'activity.update', targetType: 'activity', targetId: id },
    async (tx) => {
      const before = await lockedActivity(tx, id);
      if (!editable(before.type)) throw refuse(`${ACTIVITY_TYPE_TEXT[before.type] ?? before.type}活动只能启用或停用`);
      if (input.type !== before.type) throw invalid('type', '活动类型不能修改');
      const [after] = await tx
        .update(activities)
        .set(await columns(tx, input))
        .where(eq(activities.id, id))
        .returning();
      const counts = await goodsCounts(tx, [id]);
      return { before: audit(before), after: audit(after), result: view(after, counts.get(id) ?? 0) };
    },
  );
  return result;
}

/** `POST /api/admin/activities/{id}/show`: switches any activity on or off. */
export async function showActivity(db: Db, request: FastifyRequest, id: number, show: boolean): Promise<AdminActivity> {
  const result = await audited(
    db,
    request,
    { permission: 'promotion:write', stale: 'promotions', action: show ? 'activity.enable' : 'activity.disable', targetType: 'activity', targetId: id },
    async (tx) => {
      const before = await lockedActivity(tx, id);
      const counts = await goodsCounts(tx, [id]);
      if (before.isShow === show) return { before: null, after: null, result: view(before, counts.get(id) ?? 0) };
      const [after] = await tx.update(activities).set({ isShow: show }).where(eq(activities.id, id)).returning();
      return { before: audit(before), after: audit(after), result: view(after, counts.get(id) ?? 0) };
    },
  );
  return result;
}

/** `GET /api/admin/activities/{id}/goods?page`: the activity's goods in its order. */
export async function activityGoodsPage(db: Db, id: number, page: number): Promise<AdminActivityGoodsPage> {
  const [a] = await db.select({ id: activities.id }).from(activities).where(eq(activities.id, id));
  if (!a) throw notFound('活动不存在');
  const where = eq(activityGoods.activityId, id);
  const [lines, [{ n }]] = await Promise.all([
    db
      .select()
      .from(activityGoods)
      .where(where)
      .orderBy(asc(activityGoods.sort), asc(activityGoods.id))
      .limit(PER_PAGE)
      .offset((page - 1) * PER_PAGE),
    db.select({ n: count() }).from(activityGoods).where(where),
  ]);
  const byId = new Map(
    (
      await goodsByIds(
        db,
        lines.map((l) => l.goodsId),
      )
    ).map((g) => [g.id, g]),
  );
  return {
    current_page: page,
    data: lines.flatMap((l) => {
      const g = byId.get(l.goodsId);
      if (!g) return [];
      return [
        {
          goods_id: g.id,
          name: g.name,
          ypgg: g.ypgg,
          sccj: g.sccj,
          base_price: fenToYuan(g.basePrice),
          price: l.price === null ? null : fenToYuan(l.price),
          limit_per_user: l.limitPerUser,
          quota: l.quota,
          weekday: l.weekday,
          is_on_sale: g.isOnSale ? 1 : 0,
          number: g.number,
        },
      ];
    }),
    last_page: Math.max(1, Math.ceil(n / PER_PAGE)),
    per_page: PER_PAGE,
    total: n,
  };
}

type GoodsInput = z.output<typeof activityGoodsBody>;

/**
 * `POST /api/admin/activities/{id}/goods`: adds goods to the activity, or sets their terms when they are in it
 * already (a daily special's goods once per weekday). A flash sale or daily special needs the activity price,
 * below the goods' own; a 换购 takes its add-on offers with their price (below the goods' own) and units per
 * order, and the goods that reach its threshold without; the other types price by their rules and take none.
 */
export async function addActivityGoods(db: Db, request: FastifyRequest, id: number, input: GoodsInput) {
  const result = await audited(
    db,
    request,
    { permission: 'promotion:write', stale: 'promotions', action: 'activity.goods_add', targetType: 'activity', targetId: id },
    async (tx) => {
      const a = await lockedActivity(tx, id);
      if (!editable(a.type)) throw refuse(`${ACTIVITY_TYPE_TEXT[a.type] ?? a.type}活动的商品不能在此修改`);
      const ids = [...new Set(input.goods_ids)];
      const found = await goodsByIds(tx, ids);
      const missing = ids.filter((g) => !found.some((f) => f.id === g));
      if (missing.length) throw invalid('goods_ids', `商品不存在：${missing.slice(0, 5).join('、')}`);
      let price: number | null = null;
      const offer = a.type === 'huangou' && input.price !== undefined;
      if (priced(a.type) || offer) {
        const word = offer ? '换购价' : '活动价';
        if (input.price === undefined) throw invalid('price', `请输入${word}`);
        price = yuanToFen(input.price);
        if (price <= 0) throw invalid('price', `${word}须大于0`);
        const dear = found.find((g) => price! >= g.basePrice);
        if (dear) throw invalid('price', `${word}须低于商品原价（${dear.name} ¥${fenToYuan(dear.basePrice)}）`);
      }
      const weekday = a.type === 'everyday' ? input.weekday : 0;
      const [{ top }] = await tx
        .select({ top: sql<number>`coalesce(max(${activityGoods.sort}), -1)::int` })
        .from(activityGoods)
        .where(eq(activityGoods.activityId, id));
      await tx
        .insert(activityGoods)
        .values(
          ids.map((goodsId, i) => ({
            activityId: id,
            goodsId,
            price,
            limitPerUser: priced(a.type) || offer ? input.limit_per_user : 0,
            quota: a.type === 'spike' ? input.quota : 0,
            weekday,
            sort: Number(top) + 1 + i,
          })),
        )
        .onConflictDoUpdate({
          target: [activityGoods.activityId, activityGoods.goodsId, activityGoods.weekday],
          set: { price: sql`excluded.price`, limitPerUser: sql`excluded.limit_per_user`, quota: sql`excluded.quota` },
        });
      // An add-on is not what the 换购 tag marks: the goods that reach the threshold are.
      const tag = offer ? undefined : TAG[a.type];
      if (tag) await setGoodsTag(tx, ids, tag, true);
      const summary = { goods_ids: ids, price: price === null ? null : fenToYuan(price), limit_per_user: input.limit_per_user, quota: input.quota, weekday };
      return { before: null, after: summary, result: { added: ids.length } };
    },
  );
  return result;
}

/** `POST /api/admin/activities/{id}/goods/remove`: takes goods out of the activity (and its tag, unless another activity of the type holds them). */
export async function removeActivityGoods(db: Db, request: FastifyRequest, id: number, goodsIds: number[]) {
  const result = await audited(
    db,
    request,
    { permission: 'promotion:write', stale: 'promotions', action: 'activity.goods_remove', targetType: 'activity', targetId: id },
    async (tx) => {
      const a = await lockedActivity(tx, id);
      if (!editable(a.type)) throw refuse(`${ACTIVITY_TYPE_TEXT[a.type] ?? a.type}活动的商品不能在此修改`);
      const ids = [...new Set(goodsIds)];
      const removed = await tx
        .delete(activityGoods)
        .where(and(eq(activityGoods.activityId, id), inArray(activityGoods.goodsId, ids)))
        .returning({ goodsId: activityGoods.goodsId });
      const tag = TAG[a.type];
      if (tag && removed.length) {
        const held = await tx
          .select({ goodsId: activityGoods.goodsId })
          .from(activityGoods)
          .innerJoin(activities, eq(activities.id, activityGoods.activityId))
          .where(and(eq(activities.type, a.type), inArray(activityGoods.goodsId, ids)));
        const still = new Set(held.map((h) => h.goodsId));
        await setGoodsTag(
          tx,
          ids.filter((g) => !still.has(g)),
          tag,
          false,
        );
      }
      const gone = [...new Set(removed.map((r) => r.goodsId))];
      if (!gone.length) return { before: null, after: null, result: { removed: 0 } };
      return { before: { goods_ids: gone }, after: null, result: { removed: gone.length } };
    },
  );
  return result;
}
