/**
 * The lottery's storefront calls (spec section 7) besides the draw itself: the pop-up's activity, its rules and
 * prizes (never their weights), the latest winners with their names masked, an account's own draws, the
 * pop-up's pictures, and the address a physical prize is shipped to.
 */
import { and, asc, count, desc, eq, gt, inArray, lte, ne } from 'drizzle-orm';
import {
  drawStatusText,
  type DrawActivity,
  type DrawAd,
  type DrawRecord,
  type DrawRecordPage,
  type DrawSimple,
  type DrawWinner,
} from '../../../core/schemas/lottery.js';
import type { Conn, Db } from '../../db/client.js';
import { lotteries, lotteryDraws, lotteryPrizes } from '../../db/schema/lottery.js';
import type { SessionUser } from '../../http/auth.js';
import { notFound, refuse } from '../../http/envelope.js';
import { seconds } from '../../lib/china-time.js';
import { paged, PER_PAGE } from '../../lib/paged.js';
import { pointsOf, userBriefs } from '../accounts/index.js';
import { ownAddress } from '../addresses/index.js';
import { chancesOf, chancesView, costText, entrantOf, type LotteryRow } from './chances.js';
import { LOTTERY_MISSING, prizeView, requireApprovedDrawer } from './draw.js';

type DrawRow = typeof lotteryDraws.$inferSelect;

const WINNERS_SHOWN = 20;
export const ADDRESS_NOT_WANTED = '该奖品无需填写收货地址';
const ADDRESS_GIVEN = '收货地址已提交，奖品将尽快发出';

/** The activity on now: shown, within its period, the latest started first. */
async function runningLottery(conn: Conn, now = new Date()): Promise<LotteryRow | null> {
  const [l] = await conn
    .select()
    .from(lotteries)
    .where(and(eq(lotteries.isShow, true), lte(lotteries.startsAt, now), gt(lotteries.endsAt, now)))
    .orderBy(desc(lotteries.startsAt), desc(lotteries.id))
    .limit(1);
  return l ?? null;
}

async function shownLottery(conn: Conn, id: number) {
  const [l] = await conn.select().from(lotteries).where(eq(lotteries.id, id));
  if (!l || !l.isShow) throw notFound(LOTTERY_MISSING);
  return l;
}

async function chancesFor(db: Db, l: LotteryRow, user: SessionUser) {
  const [entrant, points] = await Promise.all([entrantOf(db, l.id, user.id), pointsOf(db, user.id)]);
  return chancesOf(db, l, user.id, entrant, points);
}

/** `GET /api/draw/simple`: the running activity and whether the account may draw now; a guest has none. */
export async function drawSimple(db: Db, user: SessionUser | null): Promise<DrawSimple> {
  if (!user) return null;
  requireApprovedDrawer(user);
  const l = await runningLottery(db);
  if (!l) return null;
  const chances = await chancesFor(db, l, user);
  return { id: l.id, is_join: chances.canDraw ? 0 : 1, name: l.name, remarks: l.remarks };
}

/** `GET /api/draw/{id}/activity`: rules, the grid's prizes in order and the account's draws left. */
export async function drawActivity(db: Db, user: SessionUser, id: number): Promise<DrawActivity> {
  requireApprovedDrawer(user);
  const l = await shownLottery(db, id);
  const [prizes, chances] = await Promise.all([
    db.select().from(lotteryPrizes).where(eq(lotteryPrizes.lotteryId, l.id)).orderBy(asc(lotteryPrizes.slot)),
    chancesFor(db, l, user),
  ]);
  return {
    id: l.id,
    name: l.name,
    remarks: l.remarks,
    rules: l.rules,
    starts_at: seconds(l.startsAt),
    ends_at: seconds(l.endsAt),
    cost_kind: l.costKind,
    cost_points: l.costPoints,
    draws_per_order: l.drawsPerOrder,
    daily_limit: l.dailyLimit,
    total_limit: l.totalLimit,
    cost_text: costText(l),
    prizes: prizes.map(prizeView),
    ...chancesView(chances),
  };
}

/** 杭州仁和大药房有限公司 -> 杭州***公司: enough to feel real, not enough to name anyone. */
function maskName(name: string) {
  const chars = [...name.trim()];
  if (chars.length <= 1) return '***';
  if (chars.length <= 4) return `${chars[0]}***`;
  return `${chars.slice(0, 2).join('')}***${chars.slice(-2).join('')}`;
}

/** `GET /api/draw/new_record?id`: the latest prizes won in the activity (谢谢参与 left out), names masked. */
export async function latestWinners(db: Db, id: number): Promise<DrawWinner[]> {
  await shownLottery(db, id);
  const rows = await db
    .select({ id: lotteryDraws.id, userId: lotteryDraws.userId, prizeName: lotteryDraws.prizeName, createdAt: lotteryDraws.createdAt })
    .from(lotteryDraws)
    .where(and(eq(lotteryDraws.lotteryId, id), ne(lotteryDraws.prizeKind, 'none')))
    .orderBy(desc(lotteryDraws.id))
    .limit(WINNERS_SHOWN);
  const briefs = await userBriefs(
    db,
    rows.map((r) => r.userId),
  );
  return rows.map((r) => {
    const b = briefs.get(r.userId);
    return { id: r.id, user_name: maskName(b?.company || b?.username || ''), prize_name: r.prizeName, created_at: seconds(r.createdAt) };
  });
}

export function recordView(r: DrawRow, lotteryName: string): DrawRecord {
  return {
    id: r.id,
    lottery_id: r.lotteryId,
    lottery_name: lotteryName,
    prize_kind: r.prizeKind,
    prize_name: r.prizeName,
    prize_image: r.prizeImage,
    cost_text: r.cost > 0 ? `${r.cost}积分` : '免费',
    status: r.status,
    status_text: drawStatusText(r.prizeKind, r.status),
    consignee: r.consignee,
    phone: r.phone,
    address: r.address,
    carrier: r.carrier,
    tracking_no: r.trackingNo,
    created_at: seconds(r.createdAt),
    shipped_at: seconds(r.shippedAt),
  };
}

export async function lotteryNames(conn: Conn, ids: number[]) {
  const unique = [...new Set(ids)];
  if (!unique.length) return new Map<number, string>();
  const rows = await conn.select({ id: lotteries.id, name: lotteries.name }).from(lotteries).where(inArray(lotteries.id, unique));
  return new Map(rows.map((r) => [r.id, r.name]));
}

/** `GET /api/draw/record?page`: the account's draws, newest first. */
export async function myDraws(db: Db, user: SessionUser, page: number): Promise<DrawRecordPage> {
  const where = eq(lotteryDraws.userId, user.id);
  const [rows, [{ n }]] = await Promise.all([
    db
      .select()
      .from(lotteryDraws)
      .where(where)
      .orderBy(desc(lotteryDraws.id))
      .limit(PER_PAGE)
      .offset((page - 1) * PER_PAGE),
    db.select({ n: count() }).from(lotteryDraws).where(where),
  ]);
  const names = await lotteryNames(
    db,
    rows.map((r) => r.lotteryId),
  );
  return paged(
    rows.map((r) => recordView(r, names.get(r.lotteryId) ?? '')),
    n,
    page,
  );
}

/** `GET /api/draw/ads`: the running activity's pictures for the pop-up. */
export async function drawAds(db: Db): Promise<DrawAd[]> {
  const l = await runningLottery(db);
  return (l?.ads ?? []).map((image) => ({ image, url: '' }));
}

/** `POST /api/draw/record/{id}/address {address_id}`: where a physical prize goes; then it waits to be shipped. */
export async function giveDrawAddress(db: Db, user: SessionUser, id: number, addressId: number): Promise<DrawRecord> {
  const row = await db.transaction(async (tx) => {
    const [r] = await tx
      .select()
      .from(lotteryDraws)
      .where(and(eq(lotteryDraws.id, id), eq(lotteryDraws.userId, user.id)))
      .for('update');
    if (!r) throw notFound('抽奖记录不存在');
    if (r.prizeKind !== 'goods') throw refuse(ADDRESS_NOT_WANTED);
    if (r.status !== 1) throw refuse(ADDRESS_GIVEN);
    const a = await ownAddress(tx, user.id, addressId);
    const [updated] = await tx
      .update(lotteryDraws)
      .set({ status: 2, consignee: a.name, phone: a.phone, address: `${a.province}${a.city}${a.district}${a.address}`.slice(0, 200) })
      .where(eq(lotteryDraws.id, r.id))
      .returning();
    return updated;
  });
  const names = await lotteryNames(db, [row.lotteryId]);
  return recordView(row, names.get(row.lotteryId) ?? '');
}
