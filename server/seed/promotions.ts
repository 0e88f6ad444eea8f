/**
 * Demo promotions: three flash sale sessions a day (早场, 午场, 晚场), a week of daily specials and 月月惠's
 * member days, for a year from the seed day. Goods are chosen from the best sellers that can be sold to everybody (in stock,
 * buyable, not controlled-sale, no ephedrine), so that the home page shows them to every approved buyer.
 * Their goods get the tags 秒 and 特.
 */
import { and, asc, count, desc, eq, gte, inArray, sql } from 'drizzle-orm';
import type { Db } from '../db/client.js';
import { activities, activityGoods, goods } from '../db/schema/index.js';

const DAY_MS = 86_400_000;

const SPIKE_SESSIONS = [
  { name: '早场秒杀', start: 8 * 60, end: 12 * 60 },
  { name: '午场秒杀', start: 12 * 60, end: 18 * 60 },
  { name: '晚场秒杀', start: 18 * 60, end: 24 * 60 },
] as const;
const SPIKE_GOODS = 8;
const SPECIALS_A_DAY = 10;
const MEMBER_DAYS = [8, 18, 28];
const MONTHLY_GOODS = 12;

/** Rounds down to the ten fen, as prices on the shelf are written. */
const shelfPrice = (fen: number, percent: number) => Math.floor((fen * percent) / 1000) * 10;

/** Seeds the demo promotions once, when there are goods and no activities yet. */
export async function seedPromotions(db: Db, now: number) {
  const [{ n }] = await db.select({ n: count() }).from(activities);
  if (n > 0) return;
  const best = await db
    .select({ id: goods.id, name: goods.name, basePrice: goods.basePrice, zbz: goods.zbz })
    .from(goods)
    .where(
      and(
        eq(goods.isOnSale, true),
        eq(goods.isBuy, true),
        eq(goods.isKx, false),
        eq(goods.isEphedrine, false),
        gte(goods.basePrice, 500),
        sql`${goods.number} >= ${goods.zbz} * 100`,
      ),
    )
    .orderBy(desc(goods.sales), asc(goods.id))
    .limit(2000);
  // One goods of a name: a promotion of the same drug twice from two makers would read as a repeat.
  const names = new Set<string>();
  const candidates = best.filter((g) => (names.has(g.name) ? false : (names.add(g.name), true)));
  if (!candidates.length) return;
  const startsAt = new Date(now - DAY_MS);
  const endsAt = new Date(now + 365 * DAY_MS);

  const spikeIds: number[] = [];
  for (const [i, session] of SPIKE_SESSIONS.entries()) {
    const [a] = await db
      .insert(activities)
      .values({
        type: 'spike',
        name: session.name,
        startsAt,
        endsAt,
        dailyStart: session.start,
        dailyEnd: session.end,
        sort: i,
        description: '每日三场，限时限量，每个账户每天限购',
      })
      .returning({ id: activities.id });
    const chosen = candidates.slice(i * SPIKE_GOODS, (i + 1) * SPIKE_GOODS);
    if (!chosen.length) continue;
    await db.insert(activityGoods).values(
      chosen.map((g, k) => ({
        activityId: a.id,
        goodsId: g.id,
        price: shelfPrice(g.basePrice, 75 + (k % 3) * 5),
        limitPerUser: g.zbz * 5,
        quota: g.zbz * 100,
        sort: k,
      })),
    );
    spikeIds.push(...chosen.map((g) => g.id));
  }

  const [everyday] = await db
    .insert(activities)
    .values({ type: 'everyday', name: '每日特价', startsAt, endsAt, description: '每天一批特价好货，当天24点结束，每个账户限购' })
    .returning({ id: activities.id });
  const pool = candidates.slice(SPIKE_SESSIONS.length * SPIKE_GOODS);
  const specialIds: number[] = [];
  for (let weekday = 1; weekday <= 7; weekday++) {
    const chosen = pool.slice((weekday - 1) * SPECIALS_A_DAY, weekday * SPECIALS_A_DAY);
    if (!chosen.length) break;
    await db.insert(activityGoods).values(
      chosen.map((g, k) => ({
        activityId: everyday.id,
        goodsId: g.id,
        price: shelfPrice(g.basePrice, 85),
        limitPerUser: g.zbz * 10,
        weekday,
        sort: k,
      })),
    );
    specialIds.push(...chosen.map((g) => g.id));
  }
  // 月月惠: member days on the 8th, 18th and 28th of every month, twelve goods at 80%.
  const [monthly] = await db
    .insert(activities)
    .values({
      type: 'monthly',
      name: '月月惠 会员日',
      startsAt,
      endsAt,
      description: '每月8日、18日、28日会员日，精选商品会员价，当天0点开始24点结束，每个账户每天限购',
      rules: { days: MEMBER_DAYS },
    })
    .returning({ id: activities.id });
  const monthlyGoods = pool.slice(7 * SPECIALS_A_DAY, 7 * SPECIALS_A_DAY + MONTHLY_GOODS);
  if (monthlyGoods.length)
    await db
      .insert(activityGoods)
      .values(monthlyGoods.map((g, k) => ({ activityId: monthly.id, goodsId: g.id, price: shelfPrice(g.basePrice, 80), limitPerUser: g.zbz * 10, sort: k })));
  await addTag(db, spikeIds, '秒');
  await addTag(db, [...specialIds, ...monthlyGoods.map((g) => g.id)], '特');
}

async function addTag(db: Db, ids: number[], tag: string) {
  if (!ids.length) return;
  await db
    .update(goods)
    .set({ tags: sql`${goods.tags} || ${JSON.stringify([tag])}::jsonb` })
    .where(and(inArray(goods.id, ids), sql`not ${goods.tags} @> ${JSON.stringify([tag])}::jsonb`));
}
