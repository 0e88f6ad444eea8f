/**
 * The answers of the promotion pages built on one activity: 全场94折 (`/welfare`, its goods at the rate, in the
 * list's sorts) and 组合购 (`/zhzq`, its bundles with their members' stock). A page shows the activity on now,
 * else the next one to start (a countdown and a preview), else the last one over (活动已结束). Prices follow
 * the rule of every price (catalogue/viewer.ts).
 */
import { and, desc, eq, sql } from 'drizzle-orm';
import { fenToYuan, yuanToFen } from '../../../core/money.js';
import { percentDown } from '../../../core/pricing/arithmetic.js';
import { goodsListQuery } from '../../../core/schemas/goods.js';
import type { BundleOffer, Bundles, Cashback, Monthly, PageActivity, Welfare, welfareQuery } from '../../../core/schemas/promotions.js';
import type { z } from 'zod';
import type { Db } from '../../db/client.js';
import { activities, activityGoods, type ActivityType } from '../../db/schema/promotions.js';
import { cachedResult } from '../../http/cache.js';
import { goodsView, listGoods, visibleGoodsByIds, type Viewer } from '../catalogue/index.js';
import { promotionContext } from './context.js';
import { activityGoodsOf } from './service.js';
import { chinaDay, memberDays, tiersOf, toSeconds } from './clock.js';

type ActivityRow = typeof activities.$inferSelect;
type Shown = { row: ActivityRow; view: PageActivity };

/** The activity of `type` a page shows: on now (by sort), else the next to start, else the last one over. */
async function pageActivity(db: Db, type: ActivityType, now = Date.now()): Promise<Shown | null> {
  const rows = await db
    .select()
    .from(activities)
    .where(and(eq(activities.type, type), eq(activities.isShow, true)))
    .orderBy(desc(activities.endsAt))
    .limit(100);
  const on = rows.filter((a) => a.startsAt.getTime() <= now && a.endsAt.getTime() > now).sort((a, b) => a.sort - b.sort || a.id - b.id)[0];
  const next = rows.filter((a) => a.startsAt.getTime() > now).sort((a, b) => a.startsAt.getTime() - b.startsAt.getTime())[0];
  const row = on ?? next ?? rows[0];
  if (!row) return null;
  const status = row === on ? 1 : row === next ? 0 : 2;
  return {
    row,
    view: {
      id: row.id,
      name: row.name,
      description: row.description,
      start_time: toSeconds(row.startsAt.getTime()),
      end_time: toSeconds(row.endsAt.getTime()),
      status,
    },
  };
}

/**
 * Every goods id of an activity, kept like a shared answer: a 94% off may cover tens of thousands of goods,
 * read as one comma-joined string.
 */
function activityGoodsIds(db: Db, activityId: number): Promise<number[]> {
  return cachedResult(db, ['activity-goods', activityId], async () => {
    const rows = (await db.execute(
      sql`select coalesce(string_agg(${activityGoods.goodsId}::text, ','), '') as ids from ${activityGoods} where ${activityGoods.activityId} = ${activityId}`,
    )) as unknown as { rows: { ids: string }[] };
    const text = rows.rows[0]?.ids ?? '';
    return text ? text.split(',').map(Number) : [];
  });
}

const NO_GOODS = { current_page: 1, data: [], last_page: 1, per_page: 20, total: 0, total_more: 0 as const };

/** A page of an activity's goods in the list's order, or none once it is over. */
async function goodsOfActivity(db: Db, viewer: Viewer, shown: Shown, q: z.output<typeof welfareQuery>) {
  if (shown.view.status === 2) return NO_GOODS;
  const list = { ...goodsListQuery.parse({}), page: q.page, sort: q.sort, order: q.order };
  return listGoods(db, list, viewer, { among: await activityGoodsIds(db, shown.row.id) });
}

/** `GET /api/activity/welfare`: the 94% off and a page of its goods, each with its price at the rate. */
export async function welfarePage(db: Db, viewer: Viewer, q: z.output<typeof welfareQuery>, now = Date.now()): Promise<Omit<Welfare, 'timestamp'>> {
  const shown = await pageActivity(db, 'welfare', now);
  if (!shown) return { activity: null, goods: NO_GOODS };
  const rate = typeof shown.row.rules.rate === 'number' ? shown.row.rules.rate : 100;
  const activity = { ...shown.view, rate };
  const page = await goodsOfActivity(db, viewer, shown, q);
  return {
    activity,
    goods: {
      ...page,
      data: page.data.map((g) => ({
        ...g,
        activity_id: activity.id,
        activity_price: g.base_price === null ? null : fenToYuan(percentDown(yuanToFen(g.base_price), rate)),
        limit: 0,
      })),
    },
  };
}

/**
 * `GET /api/activity/combination`: the bundles of 组合购 on offer now, each with its members as the viewer
 * sees them; a bundle with a member the viewer may not see is left out.
 */
export async function bundlesPage(db: Db, viewer: Viewer, now = Date.now()): Promise<Omit<Bundles, 'timestamp'>> {
  const shown = await pageActivity(db, 'combination', now);
  if (!shown || shown.view.status !== 1) return { activity: shown?.view ?? null, bundles: [] };
  const offered = (await promotionContext(db, now)).combinations.filter((c) => c.activity_id === shown.row.id);
  const members = new Map((await visibleGoodsByIds(db, [...new Set(offered.flatMap((c) => c.items.map((i) => i.goods_id)))], viewer)).map((g) => [g.id, g]));
  const bundles: BundleOffer[] = [];
  for (const c of offered) {
    if (!c.items.length || c.items.some((i) => !members.has(i.goods_id))) continue;
    const items = c.items.map((i) => ({ row: members.get(i.goods_id)!, number: i.number }));
    const separate = items.reduce((sum, i) => sum + i.row.basePrice * i.number, 0);
    const stock = Math.min(...items.map((i) => Math.floor(i.row.number / i.number)));
    bundles.push({
      id: c.id,
      name: c.name,
      price: viewer.approved ? fenToYuan(c.price) : null,
      separate_price: viewer.approved ? fenToYuan(separate) : null,
      saving: viewer.approved ? fenToYuan(Math.max(0, separate - c.price)) : null,
      stock,
      is_buy: stock > 0 && items.every((i) => i.row.isBuy) ? 1 : 0,
      items: items.map((i) => ({ goods: goodsView(i.row, viewer), number: i.number })),
    });
  }
  return { activity: shown.view, bundles };
}

/** `GET /api/activity/cashback`: 满返's tiers and a page of its goods (the buyer's progress is the cart's `activity_data.cashbacks`). */
export async function cashbackPage(db: Db, viewer: Viewer, q: z.output<typeof welfareQuery>, now = Date.now()): Promise<Omit<Cashback, 'timestamp'>> {
  const shown = await pageActivity(db, 'cashback', now);
  if (!shown) return { activity: null, goods: NO_GOODS };
  const tiers = tiersOf(shown.row, 'back');
  const page = await goodsOfActivity(db, viewer, shown, q);
  return {
    activity: { ...shown.view, tiers: tiers.map((t) => ({ amount: fenToYuan(t.amount), back: fenToYuan(t.value) })) },
    goods: { ...page, data: page.data.map((g) => ({ ...g, activity_id: shown.row.id, activity_price: g.base_price, limit: 0 })) },
  };
}

/**
 * `GET /api/activity/yyh` (月月惠): this month's member days and where each stands, whether today is one (its
 * goods cost the member-day price until midnight), the next one to come with its start, and the goods.
 */
export async function monthlyPage(db: Db, viewer: Viewer, now = Date.now()): Promise<Omit<Monthly, 'timestamp'>> {
  const today = chinaDay(now);
  const month = today.date.slice(0, 7);
  const shown = await pageActivity(db, 'monthly', now);
  const none = { month, days: [], on: 0 as const, end_time: null, next: null, goods: [] };
  if (!shown) return { activity: null, ...none };
  const days = memberDays(shown.row);
  const dayOfMonth = Number(today.date.slice(8, 10));
  const lastDay = new Date(Date.UTC(Number(month.slice(0, 4)), Number(month.slice(5, 7)), 0)).getUTCDate();
  const within = (start: number) => start + 86_400_000 > shown.row.startsAt.getTime() && start < shown.row.endsAt.getTime();
  const on = shown.view.status === 1 && days.includes(dayOfMonth) ? 1 : 0;
  // The next member day after today, within the activity, looking up to a year ahead.
  let next: Monthly['next'] = null;
  for (let ahead = 1; ahead <= 366 && !next; ahead++) {
    const day = chinaDay(now, ahead);
    if (day.start >= shown.row.endsAt.getTime()) break;
    if (days.includes(Number(day.date.slice(8, 10))) && within(day.start))
      next = { date: day.date, start_time: toSeconds(Math.max(day.start, shown.row.startsAt.getTime())) };
  }
  const lines = shown.view.status === 2 ? [] : await activityGoodsOf(db, [shown.row.id], viewer);
  return {
    activity: shown.view,
    month,
    days: days
      .filter((d) => d <= lastDay)
      .map((d) => ({ date: `${month}-${String(d).padStart(2, '0')}`, status: (d < dayOfMonth ? 2 : d === dayOfMonth ? 1 : 0) as 0 | 1 | 2 })),
    on,
    end_time: on ? toSeconds(Math.min(chinaDay(now, 1).start, shown.row.endsAt.getTime())) : null,
    next,
    goods: lines.map(({ goods: g, line }) => ({
      ...goodsView(g, viewer),
      activity_id: shown.row.id,
      activity_price: line.price !== null && viewer.approved ? fenToYuan(line.price) : null,
      limit: line.limitPerUser,
    })),
  };
}
