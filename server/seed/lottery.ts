/**
 * The demo lottery: 每日幸运抽奖 running for two months at 20 points a draw, three a day, with eight prizes (points,
 * red packets, a coupon only the lottery hands out, an electronic thermometer shipped to the winner, 谢谢参与),
 * its pop-up pictures, and a few draws of the last days by demo and chain written through the ledger like real
 * ones (so the winners' scroll and demo's records are filled, and every point adds up).
 */
import { and, count, eq, sql } from 'drizzle-orm';
import type { Db } from '../db/client.js';
import { coupons, ledger, lotteries, lotteryDraws, lotteryEntrants, lotteryPrizes, users } from '../db/schema/index.js';
import { grantCoupon } from '../modules/wallet/coupon-grant.js';
import { move } from '../modules/wallet/ledger.js';

const DAY_MS = 86_400_000;
const COST = 20;

const banner = (q: Record<string, string>) => `/api/img/banner.svg?${new URLSearchParams(q)}`;
const thermometer = `/api/img/goods.svg?${new URLSearchParams({ n: '电子体温计', m: '鱼跃医疗', g: 'MT-101', c: '1677ff', f: 'thermometer', r: 'none' })}`;
const maskPack = `/api/img/goods.svg?${new URLSearchParams({ n: '医用外科口罩', m: '稳健医疗', g: '50只/盒', c: '13a8a8', f: 'mask', r: 'none' })}`;

type SeedPrize = { kind: 'points' | 'red_packet' | 'coupon' | 'goods' | 'none'; name: string; value?: number; image?: string; weight: number; stock: number };

/** Clockwise from the top left of the grid; 谢谢参与 twice, as the grids buyers know have it. */
const PRIZES: SeedPrize[] = [
  { kind: 'points', name: '50积分', value: 50, weight: 300, stock: 5_000 },
  { kind: 'red_packet', name: '5元红包', value: 500, weight: 120, stock: 800 },
  { kind: 'goods', name: '电子体温计', image: thermometer, weight: 5, stock: 20 },
  { kind: 'none', name: '谢谢参与', weight: 250, stock: 0 },
  { kind: 'coupon', name: '满200减10优惠券', weight: 150, stock: 1_000 },
  { kind: 'points', name: '200积分', value: 200, weight: 40, stock: 500 },
  { kind: 'goods', name: '医用外科口罩1盒', image: maskPack, weight: 15, stock: 100 },
  { kind: 'none', name: '谢谢参与', weight: 250, stock: 0 },
];

const RULES = [
  '1. 活动期间，资质审核通过的会员每次抽奖消耗20积分，每天最多可抽3次。',
  '2. 积分、红包奖品即时发放至“我的钱包”，优惠券发放至“我的优惠券”，领取后30天内有效。',
  '3. 实物奖品请在“积分管理-我的抽奖记录”中填写收货地址，平台将在3个工作日内安排发货。',
  '4. 奖品数量有限，抽完即止；如遇恶意刷奖等行为，平台有权取消中奖资格。',
  '5. 活动最终解释权归药采通所有，如有疑问请联系您的专属客服。',
].join('\n');

/**
 * Past draws: who, which slot, how many days ago. demo's cost what they won (its points stay the advertised
 * 1,280), and its thermometer still waits for its address.
 */
const HISTORY: { username: string; slot: number; days: number }[] = [
  { username: 'demo', slot: 0, days: 4 },
  { username: 'chain', slot: 1, days: 3 },
  { username: 'demo', slot: 3, days: 3 },
  { username: 'chain', slot: 0, days: 2 },
  { username: 'demo', slot: 0, days: 2 },
  { username: 'chain', slot: 5, days: 2 },
  { username: 'demo', slot: 7, days: 1 },
  { username: 'demo', slot: 2, days: 1 },
];

export async function seedLottery(db: Db, now = Date.now()) {
  const [{ n }] = await db.select({ n: count() }).from(lotteries);
  if (n > 0) return;
  const [coupon] = await db
    .insert(coupons)
    .values({
      name: '抽奖专享 满200减10',
      type: 'manjian',
      threshold: 20_000,
      amount: 1_000,
      validDays: 30,
      startsAt: new Date(now - DAY_MS),
      endsAt: new Date(now + 90 * DAY_MS),
      total: 1_000,
      perUser: 99,
      isShow: false,
    })
    .returning({ id: coupons.id });
  const [lottery] = await db
    .insert(lotteries)
    .values({
      name: '每日幸运抽奖',
      remarks: '每天3次机会，积分、红包、体温计等你拿',
      rules: RULES,
      startsAt: new Date(now - 7 * DAY_MS),
      endsAt: new Date(now + 60 * DAY_MS),
      costKind: 'points',
      costPoints: COST,
      dailyLimit: 3,
      totalLimit: 0,
      ads: [banner({ t: '幸运大抽奖 天天有惊喜', s: '每日3次机会 积分 红包 好礼等你拿', c: 'e4393c', p: 'welfare', th: 'festival', g: 'thermometer,mask' })],
    })
    .returning();
  const prizes = await db
    .insert(lotteryPrizes)
    .values(
      PRIZES.map((p, slot) => ({
        lotteryId: lottery.id,
        slot,
        kind: p.kind,
        name: p.name,
        value: p.value ?? 0,
        couponId: p.kind === 'coupon' ? coupon.id : null,
        image: p.image ?? '',
        weight: p.weight,
        stock: p.stock,
      })),
    )
    .returning();

  for (const h of HISTORY) {
    const [u] = await db.select({ id: users.id }).from(users).where(eq(users.username, h.username));
    if (!u) continue;
    const prize = prizes[h.slot];
    const at = new Date(now - h.days * DAY_MS);
    const recordId = await db.transaction(async (tx) => {
      if (prize.kind !== 'none') {
        await tx
          .update(lotteryPrizes)
          .set({ stock: sql`${lotteryPrizes.stock} - 1`, won: sql`${lotteryPrizes.won} + 1` })
          .where(eq(lotteryPrizes.id, prize.id));
      }
      if (prize.kind === 'coupon') await grantCoupon(tx, u.id, coupon.id, at);
      const [record] = await tx
        .insert(lotteryDraws)
        .values({
          lotteryId: lottery.id,
          userId: u.id,
          prizeId: prize.id,
          prizeKind: prize.kind,
          prizeName: prize.name,
          prizeImage: prize.image,
          value: prize.value,
          cost: COST,
          status: prize.kind === 'goods' ? 1 : 0,
          createdAt: at,
        })
        .returning({ id: lotteryDraws.id });
      const ref = { refType: 'lottery', refId: record.id };
      await move(tx, { userId: u.id, instrument: 'points', amount: -COST, kind: 'draw', ...ref, memo: `${lottery.name}抽奖` });
      const memo = `${lottery.name}：抽中${prize.name}`;
      if (prize.kind === 'points') await move(tx, { userId: u.id, instrument: 'points', amount: prize.value, kind: 'lottery', ...ref, memo });
      if (prize.kind === 'red_packet') await move(tx, { userId: u.id, instrument: 'red_packet', amount: prize.value, kind: 'lottery', ...ref, memo });
      await tx
        .insert(lotteryEntrants)
        .values({ lotteryId: lottery.id, userId: u.id, drawn: 1, day: '', dayDrawn: 0 })
        .onConflictDoUpdate({ target: [lotteryEntrants.lotteryId, lotteryEntrants.userId], set: { drawn: sql`${lotteryEntrants.drawn} + 1` } });
      return record.id;
    });
    // The ledger rows carry the draw's day, as they would have.
    await db
      .update(ledger)
      .set({ createdAt: at })
      .where(and(eq(ledger.refType, 'lottery'), eq(ledger.refId, recordId)));
  }
}
