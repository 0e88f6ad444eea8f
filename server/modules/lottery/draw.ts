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
import { lotteries, lotteryDraws, lotteryEntrants, lotteryPrizes } from '../../db/schema/lottery.js';
import type { SessionUser } from '../../http/auth.js';
import { notFound, refuse } from '../../http/envelope.js';
import { pointsOf } from '../accounts/service.js';
import { grantCoupon } from '../wallet/coupon-grant.js';
import { today } from '../wallet/common.js';
import { move } from '../wallet/ledger.js';
import { chancesOf, chancesView, drawnToday, lockEntrant, type LotteryRow } from './chances.js';

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

async function credit(tx: Tx, l: LotteryRow, userId: number, prize: PrizeRow, recordId: number) {
  const ref = { refType: 'lottery', refId: recordId, memo: `${l.name}：抽中${prize.name}`.slice(0, 120) };
  if (prize.kind === 'points') await move(tx, { userId, instrument: 'points', amount: prize.value, kind: 'lottery', ...ref });
  if (prize.kind === 'red_packet') await move(tx, { userId, instrument: 'red_packet', amount: prize.value, kind: 'lottery', ...ref });
}

async function countDraw(tx: Tx, l: LotteryRow, userId: number, dayDrawn: number, now: number) {
  await tx
    .update(lotteryEntrants)
    .set({ drawn: sql`${lotteryEntrants.drawn} + 1`, day: today(now), dayDrawn: dayDrawn + 1 })
    .where(and(eq(lotteryEntrants.lotteryId, l.id), eq(lotteryEntrants.userId, userId)));
}

/** `GET /api/draw?id`: one draw of the activity for the account. */
export async function draw(db: Db, user: SessionUser, lotteryId: number): Promise<DrawResult> {
  requireApprovedDrawer(user);
  return db.transaction(async (tx) => {
    const now = Date.now();
    const [l] = await tx.select().from(lotteries).where(eq(lotteries.id, lotteryId));
    if (!l || !l.isShow) throw notFound(LOTTERY_MISSING);
    if (l.startsAt.getTime() > now) throw refuse(DRAW_NOT_STARTED);
    if (l.endsAt.getTime() <= now) throw refuse(DRAW_ENDED);
    const entrant = await lockEntrant(tx, l.id, user.id);
    const chances = await chancesOf(tx, l, user.id, entrant, await pointsOf(tx, user.id), now);
    if (chances.leftToday === 0) throw refuse(DRAW_NONE_TODAY);
    if (chances.leftTotal === 0) throw refuse(l.costKind === 'orders' ? `暂无抽奖机会，${costTextShort(l)}` : DRAW_NONE_LEFT);
    if (l.costKind === 'points' && chances.points < l.costPoints) throw refuse(`积分不足，每次抽奖需${l.costPoints}积分`);

    const prizes = await tx.select().from(lotteryPrizes).where(eq(lotteryPrizes.lotteryId, l.id)).orderBy(asc(lotteryPrizes.slot));
    if (!prizes.some((p) => p.kind === 'none')) throw refuse('抽奖活动奖品设置有误，请稍后再试');
    const prize = await winPrize(tx, prizes, user.id);
    const status: DrawStatus = prize.kind === 'goods' ? 1 : 0;
    const cost = l.costKind === 'points' ? l.costPoints : 0;
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
    await countDraw(tx, l, user.id, drawnToday(entrant, now), now);
    if (cost > 0)
      await move(tx, { userId: user.id, instrument: 'points', amount: -cost, kind: 'draw', refType: 'lottery', refId: record.id, memo: `${l.name}抽奖` });
    await credit(tx, l, user.id, prize, record.id);

    const leftNow = chances.leftNow - 1;
    const points = chances.points - cost + (prize.kind === 'points' ? prize.value : 0);
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
