/**
 * 到货通知 and 降价提醒 for buyers (docs/decisions/047-goods-notices.md): subscribing a goods, cancelling, the
 * buyer's list and the buyer's waiting subscriptions of one goods. One subscription of a kind waits per buyer and
 * goods (the partial unique index of goods_notices): posting it again answers the one waiting.
 */
import { and, count, desc, eq } from 'drizzle-orm';
import type { z } from 'zod';
import { fenToYuan, yuanToFen } from '../../../core/money.js';
import {
  GoodsNoticeStatus,
  type GoodsNotice,
  type goodsNoticeBody,
  type GoodsNoticePage,
  type goodsNoticeQuery,
  type GoodsNoticeSaved,
  type GoodsNoticeState,
} from '../../../core/schemas/goods-notices.js';
import type { Conn, Db } from '../../db/client.js';
import { goodsNotices } from '../../db/schema/goods-notices.js';
import type { SessionUser } from '../../http/auth.js';
import { invalid, notFound, refuse } from '../../http/envelope.js';
import { paged, PER_PAGE } from '../../lib/paged.js';
import { viewerOfUser, visibleGoodsByIds } from '../catalogue/index.js';
import { goodsOf, noticeView, outOfStock, type NoticeRow } from './views.js';

const NOTICE_MISSING = '订阅不存在';
const GOODS_MISSING = '商品不存在或已下架';
export const IN_STOCK = '该商品有货，可直接加入购物车采购，无需订阅到货通知';
const NOT_FOR_SALE = '该商品暂不销售，无法订阅到货通知';
export const PRICES_HIDDEN = '资质审核通过后才能查看价格，届时即可订阅降价提醒';

/** Rows as the buyer reads them, their goods read in one statement. */
async function views(conn: Conn, user: SessionUser, rows: NoticeRow[]): Promise<GoodsNotice[]> {
  const goods = await goodsOf(conn, rows);
  const viewer = viewerOfUser(user);
  return rows.flatMap((r) => {
    const g = goods.get(r.goodsId);
    return g ? [noticeView(r, g, viewer)] : [];
  });
}

type Body = z.output<typeof goodsNoticeBody>;

/**
 * `POST /api/goods_notice`: 到货通知 on a goods out of stock (422 when it has stock), 降价提醒 on any goods with an
 * optional target below today's price, for a buyer who sees prices. A subscription of the kind already waiting
 * is answered again (a 降价提醒 taking the new target), `already` 1.
 */
export async function subscribe(db: Db, user: SessionUser, body: Body): Promise<GoodsNoticeSaved> {
  const viewer = viewerOfUser(user);
  const [g] = await visibleGoodsByIds(db, [body.goods_id], viewer);
  if (!g) throw notFound(GOODS_MISSING);
  let target: number | null = null;
  if (body.kind === 'arrival') {
    if (!g.isBuy) throw invalid('goods_id', NOT_FOR_SALE);
    if (!outOfStock(g)) throw invalid('goods_id', IN_STOCK);
  } else {
    if (!viewer.approved) throw refuse(PRICES_HIDDEN);
    target = body.target_price === null ? null : yuanToFen(body.target_price);
    if (target !== null && target >= g.basePrice) throw invalid('target_price', `目标价须低于当前价 ¥${fenToYuan(g.basePrice)}`);
  }
  const mine = and(eq(goodsNotices.userId, user.id), eq(goodsNotices.goodsId, g.id), eq(goodsNotices.kind, body.kind));
  const { row, already } = await db.transaction(async (tx) => {
    // The partial unique index keeps one waiting: a post at the same moment finds the other's row below.
    const [made] = await tx
      .insert(goodsNotices)
      .values({ userId: user.id, goodsId: g.id, kind: body.kind, targetPrice: target, price: g.basePrice })
      .onConflictDoNothing()
      .returning();
    if (made) return { row: made, already: 0 as const };
    const [live] = await tx
      .select()
      .from(goodsNotices)
      .where(and(mine, eq(goodsNotices.status, GoodsNoticeStatus.waiting)))
      .for('update');
    if (!live) throw refuse('订阅失败，请稍后重试');
    if (live.kind === 'price' && live.targetPrice !== target) {
      const [changed] = await tx.update(goodsNotices).set({ targetPrice: target }).where(eq(goodsNotices.id, live.id)).returning();
      return { row: changed, already: 1 as const };
    }
    return { row: live, already: 1 as const };
  });
  return { ...noticeView(row, g, viewer), already };
}

/** `POST /api/goods_notice/{id}/cancel`: a waiting subscription is cancelled; one told or cancelled stays as it is; another buyer's is 404. */
export async function cancel(db: Db, user: SessionUser, id: number): Promise<GoodsNotice> {
  const mine = and(eq(goodsNotices.id, id), eq(goodsNotices.userId, user.id));
  const [changed] = await db
    .update(goodsNotices)
    .set({ status: GoodsNoticeStatus.cancelled })
    .where(and(mine, eq(goodsNotices.status, GoodsNoticeStatus.waiting)))
    .returning();
  const [row] = changed ? [changed] : await db.select().from(goodsNotices).where(mine);
  if (!row) throw notFound(NOTICE_MISSING);
  const [view] = await views(db, user, [row]);
  if (!view) throw notFound(NOTICE_MISSING);
  return view;
}

/** `GET /api/goods_notice?kind&page`: the buyer's subscriptions of a kind, newest first, with the count of each kind waiting. */
export async function listNotices(db: Db, user: SessionUser, q: z.output<typeof goodsNoticeQuery>): Promise<GoodsNoticePage> {
  const mine = eq(goodsNotices.userId, user.id);
  const where = and(mine, eq(goodsNotices.kind, q.kind));
  const [rows, [{ n }], byKind] = await Promise.all([
    db
      .select()
      .from(goodsNotices)
      .where(where)
      .orderBy(desc(goodsNotices.id))
      .limit(PER_PAGE)
      .offset((q.page - 1) * PER_PAGE),
    db.select({ n: count() }).from(goodsNotices).where(where),
    db
      .select({ kind: goodsNotices.kind, n: count() })
      .from(goodsNotices)
      .where(and(mine, eq(goodsNotices.status, GoodsNoticeStatus.waiting)))
      .groupBy(goodsNotices.kind),
  ]);
  const waiting = (kind: string) => byKind.find((r) => r.kind === kind)?.n ?? 0;
  return { ...paged(await views(db, user, rows), n, q.page), counts: { arrival: waiting('arrival'), price: waiting('price') } };
}

/** `GET /api/goods_notice/goods/{goods_id}`: the buyer's waiting 到货通知 and 降价提醒 of a goods, each or null. */
export async function noticesOfGoods(db: Db, user: SessionUser, goodsId: number): Promise<GoodsNoticeState> {
  const rows = await db
    .select()
    .from(goodsNotices)
    .where(and(eq(goodsNotices.userId, user.id), eq(goodsNotices.goodsId, goodsId), eq(goodsNotices.status, GoodsNoticeStatus.waiting)));
  const shown = await views(db, user, rows);
  return { arrival: shown.find((v) => v.kind === 'arrival') ?? null, price: shown.find((v) => v.kind === 'price') ?? null };
}
