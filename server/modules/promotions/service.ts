/**
 * What the home page and the promotion pages show of the running activities: the flash sale session that
 * is on (or the next one, counting down to its start) and today's daily specials. Activity prices leave the
 * server only for viewers who may see prices, like every other price (catalogue/viewer.ts).
 */
import { and, asc, eq, gt, inArray, lte } from 'drizzle-orm';
import { fenToYuan } from '../../../core/money.js';
import type { DailySpecials, Spike, SpikeSession } from '../../../core/schemas/promotions.js';
import type { Db } from '../../db/client.js';
import { activities, activityGoods } from '../../db/schema/promotions.js';
import { goodsView, visibleGoodsByIds, type Viewer } from '../catalogue/index.js';
import { atMinute, chinaDay, toSeconds, type ChinaDay } from './clock.js';

type ActivityRow = typeof activities.$inferSelect;

/** 0 not started yet, 1 on now, 2 over. */
type SessionStatus = SpikeSession['status'];

function sessionOn(a: ActivityRow, day: ChinaDay) {
  const start = Math.max(atMinute(day, a.dailyStart ?? 0), a.startsAt.getTime());
  const end = Math.min(atMinute(day, a.dailyEnd ?? 1440), a.endsAt.getTime());
  return { start, end };
}

/** The activities' lines with their goods, in the activities' order; goods the viewer may not see are left out. */
export async function activityGoodsOf(db: Db, activityIds: number[], viewer: Viewer, weekdays?: number[]) {
  if (!activityIds.length) return [];
  const where = [inArray(activityGoods.activityId, activityIds)];
  if (weekdays) where.push(inArray(activityGoods.weekday, weekdays));
  const lines = await db
    .select()
    .from(activityGoods)
    .where(and(...where))
    .orderBy(asc(activityGoods.sort), asc(activityGoods.id));
  const shown = new Map(
    (
      await visibleGoodsByIds(
        db,
        lines.map((l) => l.goodsId),
        viewer,
      )
    ).map((g) => [g.id, g]),
  );
  return lines.flatMap((line) => {
    const g = shown.get(line.goodsId);
    return g ? [{ goods: g, line }] : [];
  });
}

const activityPrice = (fen: number | null, viewer: Viewer) => (fen !== null && viewer.approved ? fenToYuan(fen) : null);

/**
 * `/api/index/spike`: today's flash sale sessions and the goods of the one on now, or of the next one to
 * start (today, else tomorrow's first). The answer is kept a few seconds: the route adds the server's
 * `timestamp` to each reply.
 */
export async function spike(db: Db, viewer: Viewer, now = Date.now()): Promise<Omit<Spike, 'timestamp'>> {
  const tomorrow = chinaDay(now, 1);
  const rows = await db
    .select()
    .from(activities)
    .where(
      and(
        eq(activities.type, 'spike'),
        eq(activities.isShow, true),
        gt(activities.endsAt, new Date(now)),
        lte(activities.startsAt, new Date(tomorrow.start + 86_400_000)),
      ),
    )
    .orderBy(asc(activities.dailyStart), asc(activities.sort), asc(activities.id));
  const today = chinaDay(now);
  const sessions = rows
    .map((a) => ({ a, ...sessionOn(a, today) }))
    .filter((s) => s.start < s.end)
    .map((s) => ({ ...s, status: (now < s.start ? 0 : now < s.end ? 1 : 2) as SessionStatus }));
  let current = sessions.find((s) => s.status === 1) ?? sessions.find((s) => s.status === 0);
  if (!current) {
    const next = rows.map((a) => ({ a, ...sessionOn(a, tomorrow) })).find((s) => s.start < s.end && s.start > now);
    if (next) current = { ...next, status: 0 };
  }
  const base = { sessions: sessions.map(sessionView) };
  if (!current) return { ...base, current: null, goods: [] };
  const lines = await activityGoodsOf(db, [current.a.id], viewer);
  return {
    ...base,
    current: sessionView(current),
    goods: lines.map(({ goods: g, line }) => ({
      ...goodsView(g, viewer),
      activity_id: line.activityId,
      activity_price: activityPrice(line.price, viewer),
      limit: line.limitPerUser,
      quota: line.quota,
    })),
  };
}

function sessionView(s: { a: ActivityRow; start: number; end: number; status: SessionStatus }): SpikeSession {
  return { id: s.a.id, name: s.a.name, start_time: toSeconds(s.start), end_time: toSeconds(s.end), status: s.status };
}

/** `/api/activity/everyday_price`: the daily specials of today's weekday, until midnight China time (the route adds `timestamp`). */
export async function everydaySpecials(db: Db, viewer: Viewer, now = Date.now()): Promise<Omit<DailySpecials, 'timestamp'>> {
  const today = chinaDay(now);
  const rows = await db
    .select()
    .from(activities)
    .where(and(eq(activities.type, 'everyday'), eq(activities.isShow, true), lte(activities.startsAt, new Date(now)), gt(activities.endsAt, new Date(now))))
    .orderBy(asc(activities.sort), asc(activities.id));
  const lines = await activityGoodsOf(
    db,
    rows.map((a) => a.id),
    viewer,
    [0, today.weekday],
  );
  const seen = new Set<number>();
  return {
    date: today.date,
    weekday: today.weekday,
    end_time: toSeconds(Math.min(chinaDay(now, 1).start, ...rows.map((a) => a.endsAt.getTime()))),
    name: rows[0]?.name ?? '每日特价',
    goods: lines
      .filter(({ goods: g }) => (seen.has(g.id) ? false : (seen.add(g.id), true)))
      .map(({ goods: g, line }) => ({
        ...goodsView(g, viewer),
        activity_id: line.activityId,
        activity_price: activityPrice(line.price, viewer),
        limit: line.limitPerUser,
      })),
  };
}
