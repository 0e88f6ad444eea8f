/**
 * One draw, in one transaction: the account's chances are checked after its entrant row is locked and the
 * chance is spent (points through the wallet's ledger); a prize is picked with a cryptographic random number
 * over the weights of the prizes still in stock and its stock taken by a conditional update (none left:
 * 谢谢参与); the record is written and the prize credited (points and red packets through the ledger, a coupon
 * handed over by the wallet). A refusal writes nothing.
 */
import crypto from 'node:crypto';
import { and, asc, eq, gt, sql } from 'drizzle-orm';
import { fenToYuan } from '../../../core/money.js';
import { drawStatusText, type DrawResult, type DrawStatus } from '../../../core/schemas/lottery.js';
import type { Db, Tx } from '../../db/client.js';
import { lotteries, lotteryDraws, lotteryPrizes } from '../../db/schema/lottery.js';
import { cachedResult } from '../../http/cache.js';
import type { SessionUser } from '../../http/auth.js';
import { notFound, refuse } from '../../http/envelope.js';
import { pointsOf } from '../accounts/service.js';
import { grantCoupon } from '../wallet/coupon-grant.js';
import { move } from '../wallet/ledger.js';
import { chancesOf, chancesView, enterDraw, type LotteryRow } from './chances.js';

export const DRAW_NOT_APPROVED = '资质审核通过后才能参与抽奖，请前往“账户中心-资质证件”查看审核进度';
const DRAW_NOT_STARTED = '抽奖活动尚未开始';
const DRAW_ENDED = '抽奖活动已结束';
export const DRAW_NONE_TODAY = '今日抽奖次数已用完，明天再来吧';
const DRAW_NONE_LEFT = '您的抽奖次数已用完';
export const LOTTERY_MISSING = '抽奖活动不存在';

type PrizeRow = typeof lotteryPrizes.$inferSelect;

export function requireApprovedDrawer(user: SessionUser) {
  if (user.isPassed !== 1) throw refuse(DRAW_NOT_APPROVED);
}

/** Picks one prize with chances proportional to the weights. */
export function pickByWeight<T extends { weight: number }>(prizes: T[], random: (max: number) => number = crypto.randomInt): T {
  const total = prizes.reduce((s, p) => s + p.weight, 0);
  let r = random(total);
  for (const p of prizes) {
    if (r < p.weight) return p;
    r -= p.weight;
  }
  return prizes[prizes.length - 1];
}

/** What became of a prize, said after 恭喜您抽中{奖品名称}. */
function prizeRemarks(kind: PrizeRow['kind'], value: number) {
  switch (kind) {
    case 'points':
      return `${value}积分已存入您的积分账户`;
    case 'red_packet':
      return `¥${fenToYuan(value)}红包已存入您的账户红包`;
    case 'coupon':
      return '优惠券已放入“我的优惠券”';
    case 'goods':
      return '请在“我的抽奖记录”中填写收货地址';
    case 'none':
      return '谢谢参与，祝您下次好运';
  }
}

export const prizeView = (p: PrizeRow) => ({ id: p.id, slot: p.slot, kind: p.kind, name: p.name, image: p.image });

/** Takes one of the prize's stock; false when none is left. */
async function takePrize(tx: Tx, p: PrizeRow) {
  const taken = await tx
    .update(lotteryPrizes)
    .set({ stock: sql`${lotteryPrizes.stock} - 1`, won: sql`${lotteryPrizes.won} + 1` })
    .where(and(eq(lotteryPrizes.id, p.id), gt(lotteryPrizes.stock, 0)))
    .returning({ id: lotteryPrizes.id });
  return taken.length > 0;
}

const putBackPrize = (tx: Tx, p: PrizeRow) =>
  tx
    .update(lotteryPrizes)
    .set({ stock: sql`${lotteryPrizes.stock} + 1`, won: sql`${lotteryPrizes.won} - 1` })
    .where(eq(lotteryPrizes.id, p.id));

/** The prize the draw gives: the one picked if its stock (and a coupon's copies) allow, else 谢谢参与. */
async function winPrize(tx: Tx, prizes: PrizeRow[], userId: number): Promise<PrizeRow> {
  const nothing = prizes.find((p) => p.kind === 'none')!;
  const picked = pickByWeight(prizes.filter((p) => p.kind === 'none' || p.stock > 0));
  if (picked.kind === 'none' || !(await takePrize(tx, picked))) return nothing;
  if (picked.kind === 'coupon' && (picked.couponId === null || (await grantCoupon(tx, userId, picked.couponId)) === null)) {
    await putBackPrize(tx, picked);
    return nothing;
  }
  return picked;
}

/** The prize credited through the ledger (points, red packet); the points after it when it moved them. */
async function credit(tx: Tx, l: LotteryRow, userId: number, prize: PrizeRow, recordId: number): Promise<number | null> {
  if (prize.kind !== 'points' && prize.kind !== 'red_packet') return null;
  const moved = await move(tx, {
    userId,
    instrument: prize.kind,
    amount: prize.value,
    kind: 'lottery',
    refType: 'lottery',
    refId: recordId,
    fresh: true,
    memo: `${l.name}：抽中${prize.name}`.slice(0, 120),
  });
  return prize.kind === 'points' ? moved!.after : null;
}

/**
 * An activity and its prizes as draws read them, kept a few seconds and dropped with the shared answers by every
 * console write. The prizes' stock may lag: it only narrows what is picked from, and a prize taken by a
 * conditional update that finds none left is 谢谢参与, as DESIGN.md section 14 says.
 */
const KEPT_MS = 5_000;
function lotteryOf(db: Db, id: number): Promise<{ l: LotteryRow; prizes: PrizeRow[] } | null> {
  return cachedResult(
    db,
    ['lottery-draw', id],
    async () => {
      const [l] = await db.select().from(lotteries).where(eq(lotteries.id, id));
      if (!l) return null;
      const prizes = await db.select().from(lotteryPrizes).where(eq(lotteryPrizes.lotteryId, l.id)).orderBy(asc(lotteryPrizes.slot));
      return { l, prizes };
    },
    KEPT_MS,
  );
}

/**
 * `GET /api/draw?id`: one draw of the activity for the account. Its statements, in one transaction: the draw
 * counted on the account's entry (which locks it), the prize's stock taken, the record written, the prize
 * credited, then the points spent (a red packet's wallet row before the account's points, the order every
 * transaction that moves both keeps).
 */
export async function draw(db: Db, user: SessionUser, lotteryId: number): Promise<DrawResult> {
  requireApprovedDrawer(user);
  const kept = await lotteryOf(db, lotteryId);
  const now = Date.now();
  if (!kept || !kept.l.isShow) throw notFound(LOTTERY_MISSING);
  const { l, prizes } = kept;
  if (l.startsAt.getTime() > now) throw refuse(DRAW_NOT_STARTED);
  if (l.endsAt.getTime() <= now) throw refuse(DRAW_ENDED);
  if (!prizes.some((p) => p.kind === 'none')) throw refuse('抽奖活动奖品设置有误，请稍后再试');
  const cost = l.costKind === 'points' ? l.costPoints : 0;
  return db.transaction(async (tx) => {
    const entrant = await enterDraw(tx, l.id, user.id, now);
    // Whether the points suffice is the spending's own check, below.
    const chances = await chancesOf(tx, l, user.id, entrant, cost, now);
    if (chances.leftToday === 0) throw refuse(DRAW_NONE_TODAY);
    if (chances.leftTotal === 0) throw refuse(l.costKind === 'orders' ? `暂无抽奖机会，${costTextShort(l)}` : DRAW_NONE_LEFT);

    const prize = await winPrize(tx, prizes, user.id);
    const status: DrawStatus = prize.kind === 'goods' ? 1 : 0;
    const [record] = await tx
      .insert(lotteryDraws)
      .values({
        lotteryId: l.id,
        userId: user.id,
        prizeId: prize.id,
        prizeKind: prize.kind,
        prizeName: prize.name,
        prizeImage: prize.image,
        value: prize.value,
        cost,
        status,
      })
      .returning({ id: lotteryDraws.id });
    let points = await credit(tx, l, user.id, prize, record.id);
    if (cost > 0) {
      const spent = await move(tx, {
        userId: user.id,
        instrument: 'points',
        amount: -cost,
        kind: 'draw',
        refType: 'lottery',
        refId: record.id,
        fresh: true,
        short: `积分不足，每次抽奖需${l.costPoints}积分`,
        memo: `${l.name}抽奖`,
      });
      points = spent!.after;
    }
    points ??= await pointsOf(tx, user.id);

    const leftNow = chances.leftNow - 1;
    const after = {
      leftToday: chances.leftToday - 1,
      leftTotal: chances.leftTotal < 0 ? -1 : chances.leftTotal - 1,
      leftNow,
      points,
      canDraw: leftNow > 0 && (l.costKind !== 'points' || points >= l.costPoints),
    };
    return {
      record_id: record.id,
      prize: prizeView(prize),
      won: prize.kind === 'none' ? 0 : 1,
      remarks: prizeRemarks(prize.kind, prize.value),
      status,
      status_text: drawStatusText(prize.kind, status),
      ...chancesView(after),
    };
  });
}

const costTextShort = (l: LotteryRow) => `每支付1笔订单可获得${l.drawsPerOrder}次抽奖机会`;
