/**
 * The wallet's background jobs: coupons past their end are stored as expired once, whatever runs them at the same
 * time, and buyers see nothing change; an overdue credit bill stops paying on credit from the day after its due
 * date (before the job marks it, and after), is marked once without any money moving, and is shown as overdue in
 * the buyer's 账期 view and on the order until it is repaid.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { asc, count, eq, inArray } from 'drizzle-orm';
import { CouponStatus } from '../../../core/status.js';
import type { Db } from '../../db/client.js';
import { coupons, creditBills, ledger, userCoupons, users, wallets } from '../../db/schema/index.js';
import { today } from '../../lib/china-time.js';
import {
  agent,
  anotherConnection,
  buildTestApp,
  checkedOutOne,
  failingOn,
  dbLabel,
  DEMO_PAY_PASSWORD,
  loginAs,
  operatorLogin,
  type TestApp,
} from '../../testing.js';
import { runJobs, type Job } from '../jobs/index.js';
import { expireCoupons, markOverdueBills } from './jobs.js';

const DAY_MS = 86_400_000;

let t: TestApp;
let demo: ReturnType<typeof agent>;
let demoId: number;
/** On PostgreSQL a second connection pool, as a second server process would hold; on PGlite the one database. */
let other: Db;
let closeOther = async () => {};
beforeAll(async () => {
  t = await buildTestApp({ goods: 120, config: { RATE_LIMIT_FACTOR: 100 } });
  demo = await loginAs(t.app, 'demo');
  demoId = (await t.db.select({ id: users.id }).from(users).where(eq(users.username, 'demo')))[0].id;
  ({ db: other, close: closeOther } = await anotherConnection(t));
});
afterAll(async () => {
  await closeOther();
  await t?.close();
});

/** Demo's cart holds one middle package of plain goods, checked out; answers the confirm page's address. */
const cartOfOne = () => checkedOutOne(t, demo, demoId);

/** Demo places an order of one middle package; answers its id. */
async function newOrder() {
  const placed = await demo.post('/api/order', { address_id: await cartOfOne(), coupon_id: 0 });
  expect(placed.body.code, placed.body.message).toBe(10000);
  return placed.body.data.orders[0].id as number;
}

const payOnCredit = (orderId: number) => demo.post('/api/pay/order', { order_id: orderId, method: 'credit', pay_password: DEMO_PAY_PASSWORD });

/** Everything a payment would have moved: the wallet row, its ledger rows and the bills. */
async function moneyOf(userId: number) {
  const [w] = await t.db.select().from(wallets).where(eq(wallets.userId, userId));
  const [{ rows }] = await t.db.select({ rows: count() }).from(ledger).where(eq(ledger.userId, userId));
  const bills = await t.db
    .select({ id: creditBills.id, amount: creditBills.amount, repaid: creditBills.repaid, status: creditBills.status })
    .from(creditBills)
    .where(eq(creditBills.userId, userId))
    .orderBy(asc(creditBills.id));
  return { balance: w.balance, creditUsed: w.creditUsed, ledgerRows: rows, bills };
}

describe(`coupon expiry on ${dbLabel}`, () => {
  let templateId: number;
  const hoursAgo = (h: number) => new Date(Date.now() - h * 3_600_000);
  const give = async (n: number, endsAt: Date, status: number = CouponStatus.unused) =>
    (
      await t.db
        .insert(userCoupons)
        .values(Array.from({ length: n }, () => ({ userId: demoId, couponId: templateId, status, startsAt: hoursAgo(24 * 30), endsAt })))
        .returning({ id: userCoupons.id })
    ).map((r) => r.id);
  const statuses = async (ids: number[]) =>
    (await t.db.select({ status: userCoupons.status }).from(userCoupons).where(inArray(userCoupons.id, ids))).map((r) => r.status);

  beforeAll(async () => {
    const [c] = await t.db
      .insert(coupons)
      .values({ name: '满0减1元测试券', type: 'manjian', threshold: 0, amount: 100, startsAt: hoursAgo(24 * 60), endsAt: new Date(Date.now() + 30 * DAY_MS) })
      .returning({ id: coupons.id });
    templateId = c.id;
  });

  it('stores unused coupons past their end as expired once, and the buyer’s lists and counts read the same before and after', async () => {
    // The seed's own copies past their end are expired by the first run too: the run is for everyone's.
    await expireCoupons(t.db);
    const past = await give(3, hoursAgo(1));
    const [active] = await give(1, new Date(Date.now() + DAY_MS));
    const [usedPast] = await give(1, hoursAgo(2), CouponStatus.used);
    const seen = async () => ({
      num: (await demo.get('/api/user/couponNum')).body.data,
      lists: await Promise.all([0, 1, 2].map(async (s) => (await demo.get(`/api/user/coupon?status=${s}`)).body.data)),
    });
    const before = await seen();
    expect(before.lists[2].data.filter((c: { id: number }) => past.includes(c.id))).toHaveLength(3);

    expect(await expireCoupons(t.db)).toBe(3);
    expect(await statuses(past)).toEqual([2, 2, 2]);
    expect(await statuses([active, usedPast])).toEqual([CouponStatus.unused, CouponStatus.used]);
    expect(await seen()).toEqual(before);
    expect(await expireCoupons(t.db)).toBe(0);
  });

  it('expires each coupon once when two runs race, in steps that are each whole', async () => {
    const past = await give(23, hoursAgo(3));
    const [a, b] = await Promise.all([expireCoupons(t.db, 4), expireCoupons(other, 4)]);
    expect(a + b).toBe(23);
    expect(new Set(await statuses(past))).toEqual(new Set([CouponStatus.expired]));
  });

  it('leaves a run cut short with its first steps done and the rest untouched, for the next run to finish', async () => {
    const past = await give(10, hoursAgo(3));
    await expect(expireCoupons(failingOn(t.db, 2), 4)).rejects.toThrow('数据库连接中断');
    expect((await statuses(past)).filter((s) => s === CouponStatus.expired)).toHaveLength(4);
    expect(await expireCoupons(t.db, 4)).toBe(6);
    expect(new Set(await statuses(past))).toEqual(new Set([CouponStatus.expired]));
  });

  it('never lets an expired coupon be used at checkout, before the job stores it and after', async () => {
    const [late] = await give(1, hoursAgo(1));
    const address = await cartOfOne();
    const offered = (await demo.get(`/api/cart/confirm?coupon_id=${late}`)).body.data;
    expect(offered.coupon_error).toBe('已过期');
    const refused = await demo.post('/api/order', { address_id: address, coupon_id: late });
    expect(refused.status).toBe(422);
    expect(refused.body.data.errors.coupon_id).toEqual(['已过期']);
    await expireCoupons(t.db);
    const again = await demo.post('/api/order', { address_id: address, coupon_id: late });
    expect(again.status).toBe(422);
    expect(Object.keys(again.body.data.errors)).toEqual(['coupon_id']);
    const [row] = await t.db.select().from(userCoupons).where(eq(userCoupons.id, late));
    expect(row).toMatchObject({ status: CouponStatus.expired, orderId: null, orderNo: '' });
  });
});

describe(`overdue credit bills on ${dbLabel}`, () => {
  const day = today();
  const daysAgo = (n: number) => today(Date.now() - n * DAY_MS);
  const setDue = (ids: number[], due: string) => t.db.update(creditBills).set({ dueDate: due }).where(inArray(creditBills.id, ids));
  const bills = async (ids: number[]) => t.db.select().from(creditBills).where(inArray(creditBills.id, ids)).orderBy(asc(creditBills.id));
  let lateId: number;
  let lateOrder: number;

  it('refuses paying on credit from the day after a bill’s due date, before the job has marked it, naming the amount, the date and where to repay', async () => {
    lateOrder = await newOrder();
    expect((await payOnCredit(lateOrder)).body.data?.paid).toBe(1);
    const [bill] = await t.db.select().from(creditBills).where(eq(creditBills.orderId, lateOrder));
    lateId = bill.id;
    // Due today: still on time, and credit still pays.
    await setDue([lateId], day);
    const onTime = await newOrder();
    expect((await payOnCredit(onTime)).body.data?.paid).toBe(1);

    await setDue([lateId], daysAgo(2));
    const owed = ((bill.amount - bill.repaid) / 100).toFixed(2);
    const next = await newOrder();
    const before = await moneyOf(demoId);
    const refused = await payOnCredit(next);
    expect(refused.body.code).toBe(400);
    expect(refused.body.message).toContain(`¥${owed}`);
    expect(refused.body.message).toContain(daysAgo(2));
    expect(refused.body.message).toContain('还清前暂不能使用账期支付');
    expect(refused.body.message).toContain('我的钱包 › 账期管理');
    expect(await moneyOf(demoId)).toEqual(before);
    expect((await demo.get(`/api/order/${next}`)).body.data.status).toBe(0);
    // The balance still pays.
    expect((await demo.post('/api/pay/order', { order_id: next, method: 'balance', pay_password: DEMO_PAY_PASSWORD })).body.data?.paid).toBe(1);

    const credit = (await demo.get('/api/user/user_credit')).body.data;
    expect(credit).toMatchObject({ overdue_count: 1, overdue_amount: owed, overdue_since: daysAgo(2), credit_paused: 1 });
    const listed = (await demo.get('/api/user/user_credit_list?type=3')).body.data.data;
    expect(listed).toEqual([expect.objectContaining({ id: lateId, overdue: 1, overdue_at: null, status: 0, status_text: '已逾期' })]);
  });

  it('marks an overdue bill once, moving no money, and the buyer sees when on the bill and the order', async () => {
    const before = await moneyOf(demoId);
    expect(await markOverdueBills(t.db)).toBe(1);
    const [marked] = await bills([lateId]);
    expect(marked.overdueAt).toBeInstanceOf(Date);
    expect(await markOverdueBills(t.db)).toBe(0);
    expect((await bills([lateId]))[0].overdueAt).toEqual(marked.overdueAt);
    expect(await moneyOf(demoId)).toEqual(before);

    const at = Math.floor(marked.overdueAt!.getTime() / 1000);
    const listed = (await demo.get('/api/user/user_credit_list?type=3')).body.data.data;
    expect(listed).toEqual([expect.objectContaining({ id: lateId, overdue: 1, overdue_at: at, status_text: '已逾期' })]);
    expect((await demo.get(`/api/order/${lateOrder}`)).body.data.credit_bill).toMatchObject({ id: lateId, status: 0, overdue: 1, overdue_at: at });
    const refused = await payOnCredit(await newOrder());
    expect(refused.body.message).toContain('还清前暂不能使用账期支付');
  });

  it('gives credit back once the overdue bill is repaid, and keeps when it was overdue', async () => {
    const repay = (await demo.post('/api/pay/user_credit_create', { ids: [lateId] })).body.data;
    const paid = await demo.post('/api/pay/user_credit_pay', { id: repay.id, method: 'balance', pay_password: DEMO_PAY_PASSWORD });
    expect(paid.body.code, paid.body.message).toBe(10000);
    expect((await demo.get('/api/user/user_credit')).body.data).toMatchObject({ overdue_count: 0, overdue_since: null, credit_paused: 0 });
    const [repaid] = await bills([lateId]);
    expect(repaid).toMatchObject({ status: 1 });
    expect(repaid.overdueAt).toBeInstanceOf(Date);
    expect((await payOnCredit(await newOrder())).body.data?.paid).toBe(1);
    expect(await markOverdueBills(t.db)).toBe(0);
  });

  it('marks each bill once when two runs race, and a run cut short leaves whole steps for the next', async () => {
    const unpaid = await t.db.select({ id: creditBills.id }).from(creditBills).where(eq(creditBills.status, 0)).orderBy(asc(creditBills.id));
    expect(unpaid.length).toBeGreaterThanOrEqual(3);
    const ids = unpaid.map((b) => b.id);
    await setDue(ids, daysAgo(1));
    const before = await moneyOf(demoId);
    const [a, b] = await Promise.all([markOverdueBills(t.db, day, 1), markOverdueBills(other, day, 1)]);
    expect(a + b).toBe(ids.length);
    expect((await bills(ids)).every((bill) => bill.overdueAt !== null)).toBe(true);

    await t.db.update(creditBills).set({ overdueAt: null }).where(inArray(creditBills.id, ids));
    await expect(markOverdueBills(failingOn(t.db, 2), day, 2)).rejects.toThrow('数据库连接中断');
    expect((await bills(ids)).filter((bill) => bill.overdueAt !== null)).toHaveLength(2);
    expect(await markOverdueBills(t.db, day, 2)).toBe(ids.length - 2);
    expect(await moneyOf(demoId)).toEqual(before);
  });
});

describe(`the wallet's jobs in the console on ${dbLabel}`, () => {
  it('lists each run once with its title and what it did', async () => {
    await give1PastCoupon();
    await t.db
      .update(creditBills)
      .set({ overdueAt: null, dueDate: today(Date.now() - DAY_MS) })
      .where(eq(creditBills.status, 0));
    const unpaid = (await t.db.select({ id: creditBills.id }).from(creditBills).where(eq(creditBills.status, 0))).length;
    const list: Job[] = [
      { name: 'wallet.expire_coupons', everyMs: 600_000, run: (db) => expireCoupons(db) },
      { name: 'wallet.credit_overdue', everyMs: 3_600_000, run: (db) => markOverdueBills(db) },
    ];
    const runners = [t.db, other].map((db, i) => runJobs(db, list, { owner: `wallet-test-${i}` }));
    try {
      expect((await Promise.all(runners.map((r) => r.tick()))).flat().sort()).toEqual(['wallet.credit_overdue', 'wallet.expire_coupons']);
    } finally {
      await Promise.all(runners.map((r) => r.stop()));
    }
    const jobs = (await (await operatorLogin(t.app, 'admin')).get('/api/admin/jobs')).body.data.list as {
      name: string;
      title: string;
      runs: number;
      last_count: number;
    }[];
    expect(jobs.filter((j) => j.name.startsWith('wallet.'))).toEqual([
      expect.objectContaining({ name: 'wallet.expire_coupons', title: '过期优惠券', runs: 1, last_count: 1 }),
      expect.objectContaining({ name: 'wallet.credit_overdue', title: '账期逾期', runs: 1, last_count: unpaid }),
    ]);
  });
});

/** One of demo's coupons, unused and an hour past its end. */
async function give1PastCoupon() {
  const [c] = await t.db
    .insert(coupons)
    .values({
      name: '满0减2元测试券',
      type: 'manjian',
      threshold: 0,
      amount: 200,
      startsAt: new Date(Date.now() - 30 * DAY_MS),
      endsAt: new Date(Date.now() + DAY_MS),
    })
    .returning({ id: coupons.id });
  await t.db.insert(userCoupons).values({ userId: demoId, couponId: c.id, startsAt: new Date(Date.now() - DAY_MS), endsAt: new Date(Date.now() - 3_600_000) });
}
