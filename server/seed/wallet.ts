/**
 * The demo pharmacy's wallet history before its orders (seedDemoOrders runs next and adds the credit bills):
 * points earned at registration, two online recharges with their bonuses, a red packet granted, a cash voucher
 * redeemed and more to redeem, points spent in the points mall, and a spare 满500减20 coupon that one of the
 * seeded orders uses. Written through the ledger in date order, so the ledger reads the same by id and by date.
 * Cash-voucher codes are listed in the README.
 */
import { and, eq, gt, max, sql } from 'drizzle-orm';
import type { Db } from '../db/client.js';
import { cashCoupons, coupons, ledger, payments, recharges, userCoupons, users } from '../db/schema/index.js';
import { move, type Movement } from '../modules/wallet/ledger.js';

const DAY_MS = 86_400_000;
/** The coupon one of the demo orders is paid with (server/db/seed/orders.ts). */
export const DEMO_ORDER_COUPON = '满500减20';

/** Codes anyone may redeem once (README demo table). */
const OPEN_VOUCHERS = ['YCT2026XJQ0001', 'YCT2026XJQ0002', 'YCT2026XJQ0003', 'YCT2026XJQ0004', 'YCT2026XJQ0005'];
/** Codes handed to demo, shown on its 现金券 tab. */
const DEMO_VOUCHERS = [
  { code: 'YCTDEMO2026A100', name: '新客回馈现金券', amount: 10_000, days: 60 },
  { code: 'YCTDEMO2026B200', name: '年终采购节现金券', amount: 20_000, days: 30 },
  { code: 'YCTDEMO2026C500', name: '连续采购奖励现金券', amount: 50_000, days: 90 },
];

/** Runs once, after the wallets are opened and before the demo orders; dated 29 to 22 days ago. */
export async function seedDemoWallet(db: Db, now = Date.now()) {
  const [demo] = await db.select().from(users).where(eq(users.username, 'demo'));
  const [chain] = await db.select().from(users).where(eq(users.username, 'chain'));
  if (!demo || (await db.select({ id: cashCoupons.id }).from(cashCoupons).limit(1)).length) return;
  const at = (days: number) => new Date(now - days * DAY_MS);
  /** Writes movements in one transaction and dates their rows `days` ago. */
  const history = async (days: number, moves: Omit<Movement, 'userId'>[]) => {
    const [{ last }] = await db.select({ last: max(ledger.id) }).from(ledger);
    await db.transaction(async (tx) => {
      for (const m of moves) await move(tx, { userId: demo.id, ...m });
    });
    await db
      .update(ledger)
      .set({ createdAt: at(days) })
      .where(and(eq(ledger.userId, demo.id), gt(ledger.id, last ?? 0)));
  };

  await history(29, [{ instrument: 'points', amount: 200, kind: 'grant', memo: '完成企业资质认证赠送积分' }]);

  const recharge = async (days: number, no: string, amount: number, bonus: number) => {
    const [row] = await db
      .insert(recharges)
      .values({ rechargeNo: no, userId: demo.id, amount, bonus, status: 1, paidAt: at(days), createdAt: at(days) })
      .returning();
    await db.insert(payments).values({
      refType: 'recharge',
      refId: row.id,
      userId: demo.id,
      provider: 'sandbox',
      tradeNo: `SB${no}100`,
      amount,
      status: 1,
      paidAt: at(days),
      createdAt: at(days),
    });
    await history(days, [
      { instrument: 'balance', amount, kind: 'recharge', refType: 'recharge', refId: row.id, memo: `在线充值 ${no}` },
      { instrument: 'balance', amount: bonus, kind: 'bonus', refType: 'recharge', refId: row.id, memo: `充值赠送 ${no}` },
    ]);
  };
  await recharge(28, 'CZ202610261015220417', 1_000_000, 15_000);
  await history(27, [{ instrument: 'red_packet', amount: 10_000, kind: 'grant', memo: '年终采购节满返红包' }]);
  await recharge(26, 'CZ202610281402580932', 500_000, 5_000);

  // Cash vouchers: codes for anyone, demo's own (one redeemed, one expired), and one of chain's.
  await db.insert(cashCoupons).values([
    ...OPEN_VOUCHERS.map((code) => ({ code, name: '药采通推广现金券', amount: 5_000, expiresAt: new Date(now + 365 * DAY_MS), createdAt: at(30) })),
    ...DEMO_VOUCHERS.map((v) => ({
      code: v.code,
      name: v.name,
      amount: v.amount,
      userId: demo.id,
      expiresAt: new Date(now + v.days * DAY_MS),
      createdAt: at(12),
    })),
    { code: 'YCTDEMO2026R300', name: '十月采购返利现金券', amount: 30_000, userId: demo.id, expiresAt: new Date(now + 20 * DAY_MS), createdAt: at(25) },
    { code: 'YCTDEMO2025Z050', name: '国庆采购现金券', amount: 5_000, userId: demo.id, expiresAt: at(5), createdAt: at(50) },
    ...(chain
      ? [
          {
            code: 'YCTCHAIN2026A200',
            name: '连锁客户专享现金券',
            amount: 20_000,
            userId: chain.id,
            expiresAt: new Date(now + 60 * DAY_MS),
            createdAt: at(12),
          },
        ]
      : []),
  ]);
  const [redeemed] = await db.select().from(cashCoupons).where(eq(cashCoupons.code, 'YCTDEMO2026R300'));
  await db
    .update(cashCoupons)
    .set({ status: 1, usedBy: demo.id, usedAt: at(24) })
    .where(eq(cashCoupons.id, redeemed.id));
  await history(24, [
    {
      instrument: 'balance',
      amount: redeemed.amount,
      kind: 'voucher',
      refType: 'cash_coupon',
      refId: redeemed.id,
      memo: `现金券充值 ${redeemed.name}（券码 ${redeemed.code}）`,
    },
  ]);

  await history(22, [{ instrument: 'points', amount: -200, kind: 'exchange', memo: '积分商城兑换 医用外科口罩 1盒' }]);

  // A spare coupon for the order the demo orders pay with a coupon, so demo still holds its four.
  const [template] = await db.select().from(coupons).where(eq(coupons.name, DEMO_ORDER_COUPON));
  if (template) await db.insert(userCoupons).values({ userId: demo.id, couponId: template.id, startsAt: at(30), endsAt: new Date(now + 30 * DAY_MS) });
}

/**
 * The seeds write history of past days (orders, redemptions, draws), each dated when it would have happened
 * but written one seed after another: once every seed has run, each row's balance after it is worked out
 * again in date order, as the log shows it.
 */
export async function settleSeededLedger(db: Db) {
  await db.execute(sql`
    update ${ledger} l set balance_after = s.running
    from (select id, sum(amount) over (partition by user_id, instrument order by created_at, id) as running from ${ledger}) s
    where l.id = s.id and l.balance_after <> s.running`);
}
