/**
 * The wallet: every figure is the ledger's (each instrument's log adds up to its balance), recharges and cash
 * vouchers credit the balance once, credit bills are repaid once from the balance or online; guests are refused,
 * another account's ids answer 404, bad input answers 422 with the field's Chinese message and changes nothing.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, asc, eq, sql } from 'drizzle-orm';
import { yuanToFen } from '../../../core/money.js';
import { creditBills, ledger, users, wallets } from '../../db/schema/index.js';
import { agent, buildTestApp, checkedOutOne, dbLabel, DEMO_PAY_PASSWORD, loginAs, type TestApp } from '../../testing.js';

let t: TestApp;
let demo: ReturnType<typeof agent>;
let chain: ReturnType<typeof agent>;
beforeAll(async () => {
  t = await buildTestApp({ goods: 300, config: { RATE_LIMIT_FACTOR: 100 } });
  demo = await loginAs(t.app, 'demo');
  chain = await loginAs(t.app, 'chain');
});
afterAll(async () => t?.close());

const fen = (v: string) => yuanToFen(v);
const userId = async (username: string) => (await t.db.select({ id: users.id }).from(users).where(eq(users.username, username)))[0].id;

/** Each instrument's ledger adds up to the wallet, and its last balance-after (in date order) is the wallet's figure. */
async function expectLedgerConsistent(username: string) {
  const id = await userId(username);
  const [w] = await t.db.select().from(wallets).where(eq(wallets.userId, id));
  const [u] = await t.db.select({ points: users.points }).from(users).where(eq(users.id, id));
  const want = { balance: w.balance, red_packet: w.redPacket, credit: w.creditUsed, points: u.points };
  for (const [instrument, value] of Object.entries(want)) {
    const rows = await t.db
      .select()
      .from(ledger)
      .where(and(eq(ledger.userId, id), eq(ledger.instrument, instrument as 'balance')))
      .orderBy(asc(ledger.createdAt), asc(ledger.id));
    let running = 0;
    for (const r of rows) {
      running += r.amount;
      expect(r.balanceAfter, `${username} ${instrument} row ${r.id} (${r.memo})`).toBe(running);
      expect(r.balanceAfter, `${username} ${instrument} never negative`).toBeGreaterThanOrEqual(0);
    }
    expect(running, `${username} ${instrument} adds up`).toBe(value);
  }
  // Credit in use is what the unpaid bills still owe.
  const [{ owed }] = await t.db
    .select({ owed: sql<number>`coalesce(sum(${creditBills.amount} - ${creditBills.repaid}), 0)`.mapWith(Number) })
    .from(creditBills)
    .where(and(eq(creditBills.userId, id), eq(creditBills.status, 0)));
  expect(owed, `${username} bills owe the credit in use`).toBe(w.creditUsed);
}

async function money(a: ReturnType<typeof agent>) {
  const res = await a.get('/api/user/user_money');
  expect(res.body.code).toBe(10000);
  return res.body.data as {
    balance: string;
    red_packet: string;
    points: number;
    credit_used: string;
    credit_available: string;
    coupon_count: number;
    voucher_count: number;
  };
}

/** Demo buys one middle package of plain goods on credit: a bill of its own to repay. */
async function billOnCredit() {
  const placed = await demo.post('/api/order', { address_id: await checkedOutOne(t, demo, await userId('demo')), coupon_id: 0 });
  expect(placed.body.code, placed.body.message).toBe(10000);
  const paid = await demo.post('/api/pay/order', { order_id: placed.body.data.orders[0].id, method: 'credit', pay_password: DEMO_PAY_PASSWORD });
  expect(paid.body.data?.paid, paid.body.message).toBe(1);
}

function expect422(res: { status: number; body: { code: number; message: string; data: any } }, field: string, message?: string | RegExp) {
  expect(res.status, JSON.stringify(res.body)).toBe(422);
  expect(Object.keys(res.body.data.errors)).toContain(field);
  expect(res.body.message).toMatch(message ?? /[\u4e00-\u9fa5]/);
}

describe(`wallet on ${dbLabel}`, () => {
  it('refuses every wallet call to a guest with 401', async () => {
    const guest = agent(t.app);
    const calls: [string, string, object?][] = [
      ['GET', '/api/user/user_money'],
      ['GET', '/api/user/user_money_log'],
      ['GET', '/api/moneys/moneyConfig'],
      ['POST', '/api/moneys/recharge', { amount: 1000 }],
      ['GET', '/api/moneys/recharge/1'],
      ['GET', '/api/cash_coupon/list'],
      ['POST', '/api/cash_coupon/userRecharge', { code: 'YCT2026XJQ0001' }],
      ['GET', '/api/user/coupon'],
      ['GET', '/api/user/couponNum'],
      ['GET', '/api/user/user_credit'],
      ['GET', '/api/user/user_credit_list'],
      ['POST', '/api/pay/user_credit_create', { ids: [1] }],
      ['POST', '/api/pay/user_credit_pay', { id: 1, method: 'balance' }],
      ['POST', '/api/pay/user_credit_check', { id: 1 }],
    ];
    for (const [method, url, body] of calls) {
      const res = method === 'GET' ? await guest.get(url) : await guest.post(url, body);
      expect(res.status, url).toBe(401);
      expect(res.body.code, url).toBe(10001);
    }
  });

  it("shows demo's seeded figures, and every instrument's log adds up to its balance", async () => {
    const m = await money(demo);
    expect(fen(m.balance)).toBeGreaterThan(0);
    expect(fen(m.red_packet)).toBeGreaterThan(0);
    expect(m.points).toBe(1280);
    expect(m.coupon_count).toBeGreaterThanOrEqual(4);
    expect(m.voucher_count).toBe(3);
    for (const username of ['demo', 'chain', 'chain-a']) await expectLedgerConsistent(username);
    const log = (await demo.get('/api/user/user_money_log')).body.data;
    expect(log.data[0].balance_after).toBe(m.balance);
    expect(log.data.map((r: { kind: string }) => r.kind)).toEqual(expect.arrayContaining(['recharge', 'bonus', 'voucher', 'pay']));
    const points = (await demo.get('/api/user/user_money_log?instrument=points')).body.data;
    expect(points.data[0].balance_after).toBe(1280);
    const red = (await demo.get('/api/user/user_money_log?instrument=red_packet')).body.data;
    expect(red.data[0].balance_after).toBe(m.red_packet);
    expect(red.data.map((r: { kind: string }) => r.kind)).toEqual(expect.arrayContaining(['grant', 'pay']));
  });

  it('filters a log by use type and by days, with the sums of what came in and went out', async () => {
    const earned = (await demo.get('/api/user/user_money_log?instrument=points&use_type=1')).body.data;
    const spent = (await demo.get('/api/user/user_money_log?instrument=points&use_type=2')).body.data;
    expect(earned.data.length).toBeGreaterThan(0);
    expect(spent.data.length).toBeGreaterThan(0);
    expect(earned.data.every((r: { amount: number }) => r.amount > 0)).toBe(true);
    expect(spent.data.every((r: { amount: number }) => r.amount < 0)).toBe(true);
    expect(earned.summary.in - spent.summary.out).toBe(1280);
    const all = (await demo.get('/api/user/user_money_log')).body.data;
    // The China-time day of the newest row: that day's rows only.
    const day = new Date(all.data[0].created_at * 1000 + 8 * 3_600_000).toISOString().slice(0, 10);
    const todays = (await demo.get(`/api/user/user_money_log?start_time=${day}&end_time=${day}`)).body.data;
    expect(todays.total).toBeLessThan(all.total);
    expect(todays.total).toBeGreaterThan(0);
    const start = Date.parse(`${day}T00:00:00+08:00`) / 1000;
    for (const r of todays.data) expect(r.created_at - start).toBeGreaterThanOrEqual(0);
    for (const r of todays.data) expect(r.created_at - start).toBeLessThan(86_400);
  });

  it('answers a bad log filter with 422 on its field', async () => {
    expect422(await demo.get('/api/user/user_money_log?start_time=2026-13-45'), 'start_time', '开始日期格式不正确，请选择日期');
    expect422(await demo.get('/api/user/user_money_log?start_time=2026-11-20&end_time=2026-11-01'), 'end_time', '结束日期不能早于开始日期');
    expect422(await demo.get('/api/user/user_money_log?use_type=9'), 'use_type', '收支类型不正确');
    expect422(await demo.get('/api/user/user_money_log?instrument=gold'), 'instrument', '账户类型不正确');
    expect422(await demo.get('/api/user/user_money_log?page=0'), 'page', '页码格式不正确');
  });

  it('redeems a cash-voucher code once: the balance and the log show it, and the voucher moves to 已使用', async () => {
    const before = await money(demo);
    const res = await demo.post('/api/cash_coupon/userRecharge', { code: 'yctdemo2026-a100' });
    expect(res.body.code, res.body.message).toBe(10000);
    expect(res.body.data.amount).toBe('100.00');
    const after = await money(demo);
    expect(fen(after.balance) - fen(before.balance)).toBe(10_000);
    expect(res.body.data.balance).toBe(after.balance);
    const [top] = (await demo.get('/api/user/user_money_log')).body.data.data;
    expect(top).toMatchObject({ kind: 'voucher', amount: '100.00', balance_after: after.balance });
    const used = (await demo.get('/api/cash_coupon/list?status=1')).body.data;
    expect(used.data.map((v: { code: string }) => v.code)).toContain('YCTDEMO2026A100');
    expect(after.voucher_count).toBe(before.voucher_count - 1);
    expect422(await demo.post('/api/cash_coupon/userRecharge', { code: 'YCTDEMO2026A100' }), 'code', '该现金券已使用，请勿重复充值');
    expect((await money(demo)).balance).toBe(after.balance);
    await expectLedgerConsistent('demo');
  });

  it("refuses another account's, expired, unknown and malformed codes on the field and changes nothing", async () => {
    const before = await money(demo);
    expect422(await demo.post('/api/cash_coupon/userRecharge', { code: 'YCTCHAIN2026A200' }), 'code', '券码不存在，请核对后重新输入');
    expect422(await demo.post('/api/cash_coupon/userRecharge', { code: 'YCTDEMO2025Z050' }), 'code', '该现金券已过期');
    expect422(await demo.post('/api/cash_coupon/userRecharge', { code: 'NOSUCHCODE01' }), 'code', '券码不存在，请核对后重新输入');
    expect422(await demo.post('/api/cash_coupon/userRecharge', { code: '' }), 'code', '请输入现金券券码');
    expect422(await demo.post('/api/cash_coupon/userRecharge', { code: "' OR 1=1 --" }), 'code', '券码为8-20位字母或数字，请核对后重新输入');
    expect422(await demo.post('/api/cash_coupon/userRecharge', {}), 'code');
    expect422(await demo.post('/api/cash_coupon/userRecharge', { code: ['YCT2026XJQ0001', 'YCT2026XJQ0002'] }), 'code');
    expect((await money(demo)).balance).toBe(before.balance);
    // Chain's own code is chain's, and chain sees only its vouchers.
    const theirs = (await chain.get('/api/cash_coupon/list')).body.data;
    expect(theirs.data.map((v: { code: string }) => v.code)).toEqual(['YCTCHAIN2026A200']);
  });

  it('lets only one of five simultaneous redemptions of an open code through', async () => {
    const before = await money(chain);
    const results = await Promise.all(Array.from({ length: 5 }, () => chain.post('/api/cash_coupon/userRecharge', { code: 'YCT2026XJQ0005' })));
    expect(results.filter((r) => r.body.code === 10000)).toHaveLength(1);
    expect(fen((await money(chain)).balance) - fen(before.balance)).toBe(5_000);
    await expectLedgerConsistent('chain');
  });

  it('lists the recharge options and recharges through the sandbox gateway once, with the bonus of the option reached', async () => {
    const config = (await demo.get('/api/moneys/moneyConfig')).body.data;
    expect(config.options[1]).toMatchObject({ amount: '5000.00', bonus: '50.00', text: '充5000元送50元' });
    const before = await money(demo);
    const made = (await demo.post('/api/moneys/recharge', { amount: 5000 })).body;
    expect(made.code, made.message).toBe(10000);
    expect(made.data).toMatchObject({ amount: '5000.00', bonus: '50.00', status: 0 });
    expect(made.data.qr_url).toBe(`/pay/sandbox/${made.data.trade_no}`);
    expect((await demo.get(`/api/moneys/recharge/${made.data.id}`)).body.data.paid).toBe(0);
    expect((await chain.get(`/api/moneys/recharge/${made.data.id}`)).status).toBe(404);
    const page = await t.app.inject({ method: 'GET', url: made.data.qr_url, headers: { cookie: demo.cookie } });
    expect(page.body).toContain(made.data.recharge_no);
    expect((await demo.post('/api/pay/sandbox/confirm', { trade_no: made.data.trade_no })).body.code).toBe(10000);
    expect((await demo.post('/api/pay/sandbox/confirm', { trade_no: made.data.trade_no })).body.data.already).toBe(1);
    expect((await demo.get(`/api/moneys/recharge/${made.data.id}`)).body.data.paid).toBe(1);
    const after = await money(demo);
    expect(fen(after.balance) - fen(before.balance)).toBe(505_000);
    const top = (await demo.get('/api/user/user_money_log?use_type=1')).body.data.data
      .slice(0, 2)
      .map((r: { kind: string; amount: string }) => [r.kind, r.amount]);
    expect(top).toEqual(
      expect.arrayContaining([
        ['recharge', '5000.00'],
        ['bonus', '50.00'],
      ]),
    );
    await expectLedgerConsistent('demo');
  });

  it('answers a bad recharge amount with 422 and creates nothing', async () => {
    for (const [amount, message] of [
      [50, '单次充值金额不能低于100元'],
      [100.5, '充值金额须为整数元'],
      [600000, '单次充值金额不能超过500000元'],
      ['abc', undefined],
    ] as const) {
      expect422(await demo.post('/api/moneys/recharge', { amount }), 'amount', message);
    }
    expect422(await demo.post('/api/moneys/recharge', {}), 'amount');
    expect((await demo.get('/api/moneys/recharge/999999')).status).toBe(404);
  });

  it('lists coupons by status with their counts, scoped to the account', async () => {
    const num = (await demo.get('/api/user/couponNum')).body.data;
    expect(num.unused).toBeGreaterThanOrEqual(4);
    expect(num.used).toBeGreaterThanOrEqual(1);
    expect(num.expired).toBeGreaterThanOrEqual(1);
    for (const [status, key] of [
      [0, 'unused'],
      [1, 'used'],
      [2, 'expired'],
    ] as const) {
      const list = (await demo.get(`/api/user/coupon?status=${status}`)).body.data;
      expect(list.total, key).toBe(num[key]);
      expect(list.data.every((c: { status: number }) => c.status === status)).toBe(true);
    }
    const used = (await demo.get('/api/user/coupon?status=1')).body.data.data[0];
    expect(used.order_no).toMatch(/^\d+$/);
    const discount = (await demo.get('/api/user/coupon?status=0&type=2')).body.data.data;
    expect(discount.every((c: { type: string }) => c.type === 'discount')).toBe(true);
    const theirs = (await chain.get('/api/user/coupon?status=0')).body.data;
    expect(theirs.total).toBe(1);
    expect422(await demo.get('/api/user/coupon?status=5'), 'status', '优惠券状态不正确');
    expect422(await demo.get('/api/user/coupon?type=x'), 'type', '优惠券类型不正确');
    expect422(await demo.get('/api/cash_coupon/list?status=7'), 'status', '现金券状态不正确');
  });

  it('shows the credit line and its bills, and repays one from the balance once however often it is asked', async () => {
    const credit = (await demo.get('/api/user/user_credit')).body.data;
    expect(credit.unpaid_count).toBeGreaterThanOrEqual(2);
    const bills = (await demo.get('/api/user/user_credit_list?type=1')).body.data.data as { id: number; remaining: string; status: number }[];
    expect(bills.length).toBe(credit.unpaid_count);
    const bill = bills[bills.length - 1];
    const before = await money(demo);
    const repay = (await demo.post('/api/pay/user_credit_create', { ids: [bill.id] })).body;
    expect(repay.code, repay.message).toBe(10000);
    expect(repay.data.amount).toBe(bill.remaining);
    const paid = await Promise.all(
      Array.from({ length: 5 }, () => demo.post('/api/pay/user_credit_pay', { id: repay.data.id, method: 'balance', pay_password: DEMO_PAY_PASSWORD })),
    );
    for (const p of paid) expect(p.body.code, p.body.message).toBe(10000);
    expect(paid.filter((p) => p.body.data.already === 0)).toHaveLength(1);
    expect((await demo.post('/api/pay/user_credit_check', { id: repay.data.id })).body.data.paid).toBe(1);
    const after = await money(demo);
    expect(fen(before.balance) - fen(after.balance)).toBe(fen(bill.remaining));
    expect(fen(before.credit_used) - fen(after.credit_used)).toBe(fen(bill.remaining));
    const repaid = (await demo.get('/api/user/user_credit_list?type=2')).body.data.data as { id: number }[];
    expect(repaid.map((b) => b.id)).toContain(bill.id);
    expect((await demo.post('/api/pay/user_credit_create', { ids: [bill.id] })).body.code).toBe(400);
    await expectLedgerConsistent('demo');
  });

  it('repays a bill online through the sandbox gateway without touching the balance', async () => {
    const [bill] = (await demo.get('/api/user/user_credit_list?type=1')).body.data.data as { id: number; remaining: string }[];
    const before = await money(demo);
    const repay = (await demo.post('/api/pay/user_credit_create', { ids: [bill.id] })).body.data;
    const online = (await demo.post('/api/pay/user_credit_pay', { id: repay.id, method: 'online' })).body;
    expect(online.code, online.message).toBe(10000);
    expect(online.data.amount).toBe(bill.remaining);
    expect((await demo.post('/api/pay/user_credit_check', { id: repay.id })).body.data.paid).toBe(0);
    expect((await demo.post('/api/pay/sandbox/confirm', { trade_no: online.data.trade_no })).body.code).toBe(10000);
    expect((await demo.post('/api/pay/user_credit_check', { id: repay.id })).body.data.paid).toBe(1);
    const after = await money(demo);
    expect(after.balance).toBe(before.balance);
    expect(fen(before.credit_used) - fen(after.credit_used)).toBe(fen(bill.remaining));
    await expectLedgerConsistent('demo');
  });

  it("answers another account's bills and repayments with 404, and bad repayment input with 422", async () => {
    const chainId = await userId('chain');
    const demoId = await userId('demo');
    const [demoBill] = await t.db.select().from(creditBills).where(eq(creditBills.userId, demoId));
    expect((await chain.post('/api/pay/user_credit_create', { ids: [demoBill.id] })).status).toBe(404);
    // The seeded bills were repaid above: demo runs up one more.
    await billOnCredit();
    const ownUnpaid = (await demo.get('/api/user/user_credit_list?type=1')).body.data.data as { id: number }[];
    const theirs = (await chain.get('/api/user/user_credit_list')).body.data;
    expect(theirs.data.every((b: { id: number }) => !ownUnpaid.some((o) => o.id === b.id))).toBe(true);
    const demoRepay = (await demo.get('/api/user/user_credit_list?type=2')).body.data.data[0];
    expect(demoRepay).toBeTruthy();
    expect(ownUnpaid.length, 'demo still has a bill to repay').toBeGreaterThan(0);
    const made = (await demo.post('/api/pay/user_credit_create', { ids: [ownUnpaid[0].id] })).body.data;
    expect((await chain.post('/api/pay/user_credit_pay', { id: made.id, method: 'balance' })).status).toBe(404);
    expect((await chain.post('/api/pay/user_credit_check', { id: made.id })).status).toBe(404);
    expect(chainId).not.toBe(demoId);
    expect422(await demo.post('/api/pay/user_credit_create', {}), 'ids', '请选择要还款的账单');
    expect422(await demo.post('/api/pay/user_credit_create', { ids: ['x'] }), 'ids.0', '账单格式不正确');
    expect422(await demo.post('/api/pay/user_credit_pay', { id: 1, method: 'cash' }), 'method', '请选择还款方式');
    expect422(await demo.post('/api/pay/user_credit_pay', { method: 'balance' }), 'id', '还款单格式不正确');
    expect422(await demo.post('/api/pay/user_credit_check', { id: -3 }), 'id', '还款单格式不正确');
    expect422(await demo.get('/api/user/user_credit_list?type=9'), 'type', '账单类型不正确');
    await expectLedgerConsistent('demo');
  });

  it('answers junk in every field of every wallet form with 422 and writes nothing', async () => {
    const junk: unknown[] = [['a', 'b'], { a: { b: 'c' } }, '药'.repeat(20_000), "' OR '1'='1'; --", '<script>x</script>', ''];
    const forms: [string, Record<string, unknown>][] = [
      ['/api/moneys/recharge', { amount: 1000 }],
      ['/api/cash_coupon/userRecharge', { code: 'YCT2026XJQ0004' }],
      ['/api/pay/user_credit_create', { ids: [1] }],
      ['/api/pay/user_credit_pay', { id: 1, method: 'balance' }],
      ['/api/pay/user_credit_check', { id: 1 }],
    ];
    const count = async () =>
      Number(
        (
          (await t.db.execute(
            sql`select (select count(*) from ledger) + (select count(*) from recharges) + (select count(*) from credit_repays) + (select count(*) from cash_coupons where status = 1) as n`,
          )) as unknown as { rows: { n: number }[] }
        ).rows[0].n,
      );
    const before = await count();
    for (const [url, body] of forms) {
      for (const field of Object.keys(body)) {
        for (const value of junk) {
          const res = await demo.post(url, { ...body, [field]: value });
          expect(res.status, `${url} ${field} = ${JSON.stringify(value).slice(0, 40)}`).toBe(422);
          expect(res.body.message).toMatch(/[\u4e00-\u9fa5]/);
          expect((await demo.postJson(url, { ...body, [field]: value })).status, `${url} ${field} as JSON`).toBe(422);
        }
      }
      expect((await demo.post(url, {})).status, `${url} empty`).toBe(422);
    }
    for (const query of ['use_type[]=1', 'start_time[a]=1', `end_time=${'9'.repeat(30)}`, 'instrument[]=balance', 'page=abc']) {
      expect((await demo.get(`/api/user/user_money_log?${query}`)).status, query).toBe(422);
    }
    expect(await count()).toBe(before);
  });
});
