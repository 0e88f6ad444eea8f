/**
 * The member centre (/user) in one answer. It only composes what the accounts, wallet, orders and catalogue
 * modules keep; everything is the session account's own.
 */
import type { MemberCentre } from '../../../core/schemas/member.js';
import type { Db } from '../../db/client.js';
import type { CurrentSession } from '../../http/auth.js';
import { licenceRows, licenceState, licenceView, userBase } from '../accounts/index.js';
import { recommendations, type Viewer } from '../catalogue/index.js';
import { listOrders } from '../orders/index.js';
import { couponNum, userMoney } from '../wallet/index.js';

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
