/**
 * The offer a goods' product page shows: the flash sale on now, else its daily special (or 月月惠 member day),
 * else a session later today, with the price, the window and what this account may still buy at it today.
 * The same offers the cart prices with (context.ts), so that the page shows what the cart charges.
 */
import { and, eq, gte, inArray, sql } from 'drizzle-orm';
import { fenToYuan } from '../../../core/money.js';
import type { GoodsOffer } from '../../../core/schemas/promotions.js';
import type { Db } from '../../db/client.js';
import { activities, promoSales } from '../../db/schema/promotions.js';
import { notFound } from '../../http/envelope.js';
import { visibleGoodsByIds, type Viewer } from '../catalogue/index.js';
import { toSeconds } from './clock.js';
import { promotionContext, type OfferBase } from './context.js';

type Chosen = { kind: 'spike' | 'everyday'; offer: OfferBase; status: 0 | 1 };

function shownOffer(spikes: OfferBase[], specials: OfferBase[], now: number): Chosen | null {
  const on = (o: OfferBase) => o.starts_at <= now && now < o.ends_at;
  const cheapest = (list: OfferBase[]) => [...list].sort((a, b) => a.price - b.price || a.activity_id - b.activity_id)[0];
  const spike = cheapest(spikes.filter(on));
  if (spike) return { kind: 'spike', offer: spike, status: 1 };
  const special = cheapest(specials.filter(on));
  if (special) return { kind: 'everyday', offer: special, status: 1 };
  const later = [...spikes.filter((o) => now < o.starts_at)].sort((a, b) => a.starts_at - b.starts_at || a.activity_id - b.activity_id)[0];
  return later ? { kind: 'spike', offer: later, status: 0 } : null;
}

/** What the account and everybody bought today at the offer's price. */
async function boughtToday(db: Db, userId: number, offer: OfferBase, dayStart: number) {
  const [row] = await db
    .select({
      mine: sql<number>`coalesce(sum(case when ${promoSales.userId} = ${userId} then ${promoSales.number} else 0 end), 0)::int`,
      all: sql<number>`coalesce(sum(${promoSales.number}), 0)::int`,
    })
    .from(promoSales)
    .where(and(eq(promoSales.activityId, offer.activity_id), eq(promoSales.goodsId, offer.goods_id), gte(promoSales.createdAt, new Date(dayStart))));
  return { mine: Number(row?.mine ?? 0), all: Number(row?.all ?? 0) };
}

export async function goodsOffer(db: Db, viewer: Viewer, goodsId: number, now = Date.now()): Promise<Omit<GoodsOffer, 'timestamp'>> {
  const [[shown], ctx] = await Promise.all([visibleGoodsByIds(db, [goodsId], viewer), promotionContext(db, now)]);
  if (!shown) throw notFound('商品不存在或已下架');
  const mine = (o: OfferBase) => o.goods_id === goodsId;
  const chosen = shownOffer(ctx.spikes.filter(mine), ctx.specials.filter(mine), now);
  if (!chosen) return { offer: null };
  const { kind, offer, status } = chosen;
  const [[activity], bought] = await Promise.all([
    db
      .select({ name: activities.name })
      .from(activities)
      .where(inArray(activities.id, [offer.activity_id])),
    viewer.userId && viewer.approved ? boughtToday(db, viewer.userId, offer, ctx.dayStart) : null,
  ]);
  let remaining: number | null = null;
  if (bought && (offer.limit_per_user > 0 || offer.quota > 0)) {
    const byLimit = offer.limit_per_user > 0 ? offer.limit_per_user - bought.mine : Infinity;
    const byQuota = offer.quota > 0 ? offer.quota - bought.all : Infinity;
    remaining = Math.max(0, Math.min(byLimit, byQuota));
  }
  return {
    offer: {
      kind,
      activity_id: offer.activity_id,
      name: activity?.name ?? (kind === 'spike' ? '限时秒杀' : '每日特价'),
      price: viewer.approved ? fenToYuan(offer.price) : null,
      start_time: toSeconds(offer.starts_at),
      end_time: toSeconds(offer.ends_at),
      status,
      limit: offer.limit_per_user,
      remaining,
    },
  };
}
