/**
 * The member centre (/user) in one answer, and quick purchase (goods bought before). Both only compose what
 * the accounts, wallet, orders and catalogue modules keep; everything is the session account's own.
 */
import type { z } from 'zod';
import type { FastBuyPage, fastBuyQuery, MemberCentre } from '../../../core/schemas/member.js';
import type { Db } from '../../db/client.js';
import type { CurrentSession, SessionUser } from '../../http/auth.js';
import { licenceRows, licenceState, licenceView, userBase } from '../accounts/index.js';
import { recommendations, goodsByIds, goodsView, visibleAmong, type Viewer } from '../catalogue/index.js';
import { boughtGoods, listOrders } from '../orders/index.js';
import { couponNum, userMoney } from '../wallet/index.js';

const FAST_BUY_PER_PAGE = 20;
const seconds = (d: Date) => Math.floor(d.getTime() / 1000);

/** GET /api/user/center: everything the member centre shows, in one answer (the page skips the base call). */
export async function memberCentre(db: Db, session: CurrentSession, viewer: Viewer): Promise<MemberCentre> {
  const { user } = session;
  const now = Date.now();
  const [base, rows, money, coupons, orderPage, recommend] = await Promise.all([
    userBase(db, user, session.token, session.actor),
    licenceRows(db, user.id),
    userMoney(db, user),
    couponNum(db, user),
    listOrders(db, user, { keywords: '', page: 1 }, 5),
    recommendations(db, viewer, 1),
  ]);
  const list = rows.map((l) => licenceView(l, now));
  return {
    user: base,
    licence: { ...licenceState(user, list), expiring: list.filter((l) => l.expiry > 0) },
    wallet: {
      balance: money.balance,
      credit_limit: money.credit_limit,
      credit_used: money.credit_used,
      credit_available: money.credit_available,
      red_packet: money.red_packet,
      points: money.points,
      coupons: coupons.unused,
      coupons_expiring: coupons.expiring,
    },
    order_counts: orderPage.counts,
    recent_orders: orderPage.data,
    recommend: recommend.data,
  };
}

/**
 * GET /api/user/fast_buy: the goods the account bought before (orders not cancelled), each with the quantity
 * of its last purchase, how many orders and units, and when last bought; goods the buyer may no longer see
 * are left out. `cart_number` is the last quantity in whole middle packages, within the stock.
 */
export async function fastBuy(db: Db, user: SessionUser, viewer: Viewer, q: z.infer<typeof fastBuyQuery>, perPage = FAST_BUY_PER_PAGE): Promise<FastBuyPage> {
  const bought = await boughtGoods(db, user.id);
  const shown = await visibleAmong(
    db,
    bought.map((b) => b.goodsId),
    viewer,
    q.keywords,
  );
  const byOrder = {
    time: (a: (typeof bought)[number], b: (typeof bought)[number]) => b.lastTime - a.lastTime,
    count: (a: (typeof bought)[number], b: (typeof bought)[number]) => b.times - a.times || b.lastTime - a.lastTime,
    number: (a: (typeof bought)[number], b: (typeof bought)[number]) => b.totalNumber - a.totalNumber || b.lastTime - a.lastTime,
  }[q.order];
  const rows = bought.filter((b) => shown.has(b.goodsId)).sort((a, b) => byOrder(a, b) || a.goodsId - b.goodsId);
  const page = rows.slice((q.page - 1) * perPage, q.page * perPage);
  const goodsRows = new Map(
    (
      await goodsByIds(
        db,
        page.map((r) => r.goodsId),
      )
    ).map((g) => [g.id, g]),
  );
  return {
    current_page: q.page,
    data: page.flatMap((r) => {
      const g = goodsRows.get(r.goodsId);
      if (!g) return [];
      const packs = Math.max(1, Math.ceil(r.lastNumber / g.zbz)) * g.zbz;
      const inStock = Math.floor(g.number / g.zbz) * g.zbz;
      return [
        {
          goods: goodsView(g, viewer),
          last_number: r.lastNumber,
          cart_number: Math.min(packs, Math.max(inStock, 0)) || 0,
          times: r.times,
          total_number: r.totalNumber,
          last_time: seconds(new Date(r.lastTime)),
        },
      ];
    }),
    last_page: Math.max(1, Math.ceil(rows.length / perPage)),
    per_page: perPage,
    total: rows.length,
  };
}
