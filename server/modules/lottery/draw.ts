/**
 * One draw, in one transaction: a prize is picked with a cryptographic random number over the weights of the
 * prizes still in stock; one statement counts the draw on the account's entry (which locks it), takes one of the
 * prize's stock by a conditional update (none left: 谢谢参与) and writes the record; the account's chances are
 * then checked against its entry as it was, and the prize credited and the draw paid for (points and red packets
 * through the ledger, a coupon handed over by the wallet). A refusal rolls all of it back: it writes nothing.
 */
import crypto from 'node:crypto';
import { asc, eq, sql } from 'drizzle-orm';
import { fenToYuan } from '../../../core/money.js';
import { drawStatusText, type DrawResult, type DrawStatus } from '../../../core/schemas/lottery.js';
import type { Db, Tx } from '../../db/client.js';
import { lotteries, lotteryDraws, lotteryEntrants, lotteryPrizes } from '../../db/schema/lottery.js';
import { cachedResult } from '../../http/cache.js';
import type { SessionUser } from '../../http/auth.js';
import { notFound, refuse } from '../../http/envelope.js';
import { today } from '../../lib/china-time.js';
import { pointsOf } from '../accounts/index.js';
import { grantCoupon, move, movePoints, type PointsMovement } from '../wallet/index.js';
import { chancesOf, chancesView, type LotteryRow } from './chances.js';

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

type Recorded = { recordId: number; prize: PrizeRow };
type EntrantRow = typeof lotteryEntrants.$inferSelect;

/**
 * The draw's one statement: counts it on the account's entry (created if needed, and locked for the rest of the
 * transaction), takes one of the picked prize's stock while some is left, and writes the record with that prize,
 * or with 谢谢参与 (`nothing`) when none was left. The entry is written first (the prize's update reads it), so
 * every draw locks the account's entry before a prize. Answers the entry as it was before this draw, for the
 * limits to be checked against: a draw they refuse rolls all of it back with its transaction.
 */
async function enterAndRecord(
  tx: Tx,
  l: LotteryRow,
  userId: number,
  picked: PrizeRow,
  nothing: PrizeRow,
  cost: number,
  now: number,
): Promise<Recorded & { entrant: EntrantRow }> {
  const day = today(now);
  const won = (p: PrizeRow) =>
    sql`(${p.id}::int, ${p.kind}::varchar, ${p.name}::varchar, ${p.image}::varchar, ${p.value}::int, ${p.kind === 'goods' ? 1 : 0}::smallint)`;
  const stocked = picked.kind !== 'none';
  const choices = picked.id === nothing.id ? [picked] : [picked, nothing];
  const result = (await tx.execute(sql`
    with entered as (
      insert into ${lotteryEntrants} (lottery_id, user_id, drawn, day, day_drawn) values (${l.id}, ${userId}, 1, ${day}, 1)
      on conflict (lottery_id, user_id) do update set
        drawn = ${lotteryEntrants.drawn} + 1,
        day = excluded.day,
        day_drawn = case when ${lotteryEntrants.day} = excluded.day then ${lotteryEntrants.dayDrawn} + 1 else 1 end
      returning drawn, day, day_drawn
    ),
    taken as (
      update ${lotteryPrizes} set stock = stock - 1, won = won + 1
      where id = ${picked.id} and ${stocked} and stock > 0 and exists (select 1 from entered)
      returning id
    ),
    record as (
      insert into ${lotteryDraws} (lottery_id, user_id, prize_id, prize_kind, prize_name, prize_image, value, cost, status)
      select ${l.id}, ${userId}, w.id, w.kind, w.name, w.image, w.value, ${cost}, w.status
      from (values ${sql.join(choices.map(won), sql`, `)}) as w (id, kind, name, image, value, status)
      where w.id = case when ${stocked} then coalesce((select id from taken), ${nothing.id}) else ${picked.id} end
      returning id, prize_id
    )
    select e.drawn, e.day, e.day_drawn, r.id, r.prize_id from entered e, record r`)) as unknown as {
    rows: { drawn: number; day: string; day_drawn: number; id: number; prize_id: number }[];
  };
  const [row] = result.rows;
  return {
    entrant: { lotteryId: l.id, userId, drawn: row.drawn - 1, day: row.day, dayDrawn: row.day_drawn - 1 },
    recordId: row.id,
    prize: row.prize_id === picked.id ? picked : nothing,
  };
}

/** A coupon won is handed over; one whose copies ran out is 谢谢参与: its stock is given back and the record says so. */
async function handOver(tx: Tx, userId: number, drawn: Recorded, nothing: PrizeRow): Promise<Recorded> {
  const { prize } = drawn;
  if (prize.kind !== 'coupon' || (prize.couponId !== null && (await grantCoupon(tx, userId, prize.couponId)) !== null)) return drawn;
  await tx
    .update(lotteryPrizes)
    .set({ stock: sql`${lotteryPrizes.stock} + 1`, won: sql`${lotteryPrizes.won} - 1` })
    .where(eq(lotteryPrizes.id, prize.id));
  await tx
    .update(lotteryDraws)
    .set({ prizeId: nothing.id, prizeKind: nothing.kind, prizeName: nothing.name, prizeImage: nothing.image, value: nothing.value, status: 0 })
    .where(eq(lotteryDraws.id, drawn.recordId));
  return { ...drawn, prize: nothing };
}

/**
 * The prize credited and the draw paid for, through the ledger: a red packet first (the wallet row before the
 * account's points, the order every transaction that moves both keeps), then points won and points spent as one
 * change of the account's points. Answers the points after it.
 */
async function settle(tx: Tx, l: LotteryRow, userId: number, { recordId, prize }: Recorded, cost: number): Promise<number> {
  const ref = { refType: 'lottery', refId: recordId, fresh: true } as const;
  const wonMemo = `${l.name}：抽中${prize.name}`.slice(0, 120);
  if (prize.kind === 'red_packet') await move(tx, { userId, instrument: 'red_packet', amount: prize.value, kind: 'lottery', memo: wonMemo, ...ref });
  const moves: PointsMovement[] = [];
  if (prize.kind === 'points') moves.push({ amount: prize.value, kind: 'lottery', memo: wonMemo, ...ref });
  if (cost > 0) moves.push({ amount: -cost, kind: 'draw', short: `积分不足，每次抽奖需${l.costPoints}积分`, memo: `${l.name}抽奖`, ...ref });
  const [first, ...rest] = moves;
  return first ? (await movePoints(tx, userId, [first, ...rest])).after : pointsOf(tx, userId);
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
 * counted, the prize's stock taken and the record written, in one; for a red packet, the wallet's change with its
 * ledger row, in one; the points won and spent as one change of the account's points, and their ledger rows in
 * one insert. A draw of a points lottery is three statements between begin and commit (four with a red packet).
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
  const nothing = prizes.find((p) => p.kind === 'none')!;
  return db.transaction(async (tx) => {
    // A cryptographic random number over the weights of the prizes left.
    const picked = pickByWeight(prizes.filter((p) => p.kind === 'none' || p.stock > 0));
    const entered = await enterAndRecord(tx, l, user.id, picked, nothing, cost, now);
    // Whether the points suffice is the spending's own check, below.
    const chances = await chancesOf(tx, l, user.id, entered.entrant, cost, now);
    if (chances.leftToday === 0) throw refuse(DRAW_NONE_TODAY);
    if (chances.leftTotal === 0) throw refuse(l.costKind === 'orders' ? `暂无抽奖机会，${costTextShort(l)}` : DRAW_NONE_LEFT);

    const drawn = await handOver(tx, user.id, entered, nothing);
    const { prize } = drawn;
    const status: DrawStatus = prize.kind === 'goods' ? 1 : 0;
    const points = await settle(tx, l, user.id, drawn, cost);

    const leftNow = chances.leftNow - 1;
    const after = {
      leftToday: chances.leftToday - 1,
      leftTotal: chances.leftTotal < 0 ? -1 : chances.leftTotal - 1,
      leftNow,
      points,
      canDraw: leftNow > 0 && (l.costKind !== 'points' || points >= l.costPoints),
    };
    return {
      record_id: drawn.recordId,
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
