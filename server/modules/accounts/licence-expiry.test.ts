/**
 * Licence expiry: a buyer is reminded 30 and 7 days before a licence's last day and once it has expired, each
 * once however often the job runs; once expired, adding to the cart, checking out and ordering are refused with a
 * message naming the licence and where to renew, until an operator approves a new one.
 */
import { and, asc, eq, gt, inArray, isNotNull, like, or, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type Db } from '../../db/client.js';
import { addresses, cartItems, goods, licenceReminders, licences, messages, users } from '../../db/schema/index.js';
import { today } from '../../lib/china-time.js';
import { buildTestApp, dbLabel, loginAs, operatorLogin, type TestApp } from '../../testing.js';
import { sendLicenceReminders } from './licence-expiry.js';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp({ goods: 60 });
});
afterAll(async () => t?.close());

const idOf = async (username: string) => (await t.db.select({ id: users.id }).from(users).where(eq(users.username, username)))[0].id;
const licenceOf = async (username: string, type: string) =>
  (
    await t.db
      .select()
      .from(licences)
      .where(and(eq(licences.userId, await idOf(username)), eq(licences.type, type)))
  )[0];
const setLicence = (id: number, values: Partial<typeof licences.$inferInsert>) => t.db.update(licences).set(values).where(eq(licences.id, id));
/** The licence reminders an account has received, oldest first. */
const remindersTo = async (username: string) =>
  t.db
    .select({ title: messages.title, content: messages.content })
    .from(messages)
    .where(and(eq(messages.userId, await idOf(username)), or(like(messages.title, '%将于%到期'), like(messages.title, '%已过期'))))
    .orderBy(asc(messages.id));
const sentFor = async (licenceId: number) =>
  (await t.db.select({ days: licenceReminders.days }).from(licenceReminders).where(eq(licenceReminders.licenceId, licenceId)))
    .map((r) => r.days)
    .sort((a, b) => a - b);
/** China's day `days` from today. */
const fromToday = (days: number) => new Date(Date.parse(`${today()}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);

/**
 * Two runs of the job at the same moment. On PostgreSQL each on connections of its own, as two processes would
 * be, and made to overlap: a third connection holds the messages table while both read what is due and write
 * their reminder rows, so the second reads before the first commits.
 */
async function runTwiceAtOnce(day: string): Promise<number> {
  if (!t.database.url) return (await Promise.all([sendLicenceReminders(t.db, day), sendLicenceReminders(t.db, day)])).reduce((a, b) => a + b);
  const other = await openDatabase({ url: t.database.url, poolSize: 2 });
  const holder = await openDatabase({ url: t.database.url, poolSize: 1 });
  try {
    await Promise.all([other.db.execute(sql`select 1`), t.db.execute(sql`select 1`)]);
    let runs: Promise<number[]> | undefined;
    await holder.db.transaction(async (tx) => {
      await tx.execute(sql`lock table ${messages} in exclusive mode`);
      runs = Promise.all([t.db, other.db].map((db: Db) => sendLicenceReminders(db, day)));
      await new Promise((r) => setTimeout(r, 300));
    });
    return (await runs!).reduce((a, b) => a + b);
  } finally {
    await Promise.all([other.close(), holder.close()]);
  }
}

describe(`the seeded site on ${dbLabel}`, () => {
  it('sends demo no second reminder of the business licence its messages already warn of', async () => {
    const yyzz = await licenceOf('demo', 'yyzz');
    expect(await sentFor(yyzz.id)).toEqual([30]);
    const before = await remindersTo('demo');
    expect(before.map((m) => m.title)).toEqual(['您的营业执照将于 25 天后到期']);
    expect(await sendLicenceReminders(t.db, today())).toBe(0);
    expect(await remindersTo('demo')).toEqual(before);
  });
});

describe(`licence expiry reminders on ${dbLabel}`, () => {
  beforeAll(async () => {
    // Every licence far from its end, so that each run below reminds of the licences a test dates and no other.
    await t.db.update(licences).set({ validUntil: '2099-12-31' }).where(isNotNull(licences.validUntil));
  });

  it('reminds an approved buyer 30 days and 7 days before its licence ends and once it has expired, each once however often the job runs', async () => {
    const yyzz = await licenceOf('chain-a', 'yyzz');
    await setLicence(yyzz.id, { validUntil: '2031-03-15' });

    expect(await sendLicenceReminders(t.db, '2031-02-12')).toBe(0);
    expect(await sendLicenceReminders(t.db, '2031-02-13')).toBe(1);
    expect(await sendLicenceReminders(t.db, '2031-02-13')).toBe(0);
    expect(await sendLicenceReminders(t.db, '2031-02-20')).toBe(0);
    expect(await runTwiceAtOnce('2031-03-08')).toBe(1);
    // The last valid day: the 7-day reminder has been sent, and the licence has not expired yet.
    expect(await sendLicenceReminders(t.db, '2031-03-15')).toBe(0);
    expect(await runTwiceAtOnce('2031-03-16')).toBe(1);
    expect(await runTwiceAtOnce('2031-03-16')).toBe(0);
    expect(await sendLicenceReminders(t.db, '2031-04-01')).toBe(0);

    const told = await remindersTo('chain-a');
    expect(told.map((m) => m.title)).toEqual(['营业执照将于2031-03-15到期', '营业执照将于2031-03-15到期', '营业执照已过期']);
    expect(told[0].content).toBe(
      `您的营业执照（证号：${yyzz.number}）有效期至2031-03-15，还有30天到期。请在到期前前往“账户中心-资质证件”上传新证件；证件过期后将暂停采购，直至新证件审核通过。`,
    );
    expect(told[1].content).toContain('还有7天到期');
    expect(told[2].content).toBe(
      `您的营业执照（证号：${yyzz.number}）有效期至2031-03-15，已过期，现已暂停采购（加入购物车、结算和下单）。请前往“账户中心-资质证件”上传新证件，审核通过后即可继续采购。`,
    );
    expect(await sentFor(yyzz.id)).toEqual([0, 7, 30]);
  });

  it('after days the job did not run, sends only the reminder of the threshold passed last, for the licence that ends', async () => {
    const ypjyxkz = await licenceOf('chain-b', 'ypjyxkz');
    await setLicence(ypjyxkz.id, { validUntil: '2031-06-30' });

    // Three days before: the 30-day reminder was missed, and is not sent now.
    expect(await sendLicenceReminders(t.db, '2031-06-27')).toBe(1);
    expect(await sentFor(ypjyxkz.id)).toEqual([7]);
    const [seven] = await remindersTo('chain-b');
    expect(seven.title).toBe('药品经营许可证将于2031-06-30到期');
    expect(seven.content).toContain(`您的药品经营许可证（证号：${ypjyxkz.number}）有效期至2031-06-30，还有3天到期。`);
    // Weeks after its end: the expiry reminder, once.
    expect(await sendLicenceReminders(t.db, '2031-07-20')).toBe(1);
    expect(await sendLicenceReminders(t.db, '2031-07-21')).toBe(0);
    expect((await remindersTo('chain-b')).map((m) => m.title)).toEqual(['药品经营许可证将于2031-06-30到期', '药品经营许可证已过期']);

    // Renewed with a new date: the new date is reminded of afresh.
    await setLicence(ypjyxkz.id, { validUntil: '2032-06-30' });
    expect(await sendLicenceReminders(t.db, '2032-05-31')).toBe(1);
    expect((await remindersTo('chain-b')).at(-1)!.title).toBe('药品经营许可证将于2032-06-30到期');
    await setLicence(ypjyxkz.id, { validUntil: '2099-12-31' });
  });

  it('reminds no buyer who is not approved, and no licence whose new picture waits for review', async () => {
    const pendingId = await idOf('pending');
    // Licences approved but the account not: a buyer still in review (or refused) is not reminded.
    await t.db.update(licences).set({ status: 1, validUntil: '2033-01-10' }).where(eq(licences.userId, pendingId));
    const waiting = await licenceOf('chain', 'yyzz');
    await setLicence(waiting.id, { status: 0, validUntil: '2033-01-10' });
    expect(await sendLicenceReminders(t.db, '2033-01-05')).toBe(0);
    expect(await sendLicenceReminders(t.db, '2033-01-11')).toBe(0);
    expect(await remindersTo('pending')).toEqual([]);
    expect(await remindersTo('chain')).toEqual([]);
    await setLicence(waiting.id, { status: 1, validUntil: '2099-12-31' });
  });
});

describe(`buying once a licence has expired on ${dbLabel}`, () => {
  let demoId: number;
  let yyzz: typeof licences.$inferSelect;
  let addressId: number;
  let g: typeof goods.$inferSelect;
  const line = () => ({ params: [{ goods_id: g.id, number: g.zbz }] });
  /** A last day a month gone. */
  const lapsed = fromToday(-30);
  const expired = (until: string) => `您的营业执照有效期至${until}，已过期，请前往“账户中心-资质证件”上传新证件，审核通过后即可继续采购`;

  beforeAll(async () => {
    demoId = await idOf('demo');
    yyzz = await licenceOf('demo', 'yyzz');
    [{ id: addressId }] = await t.db.select({ id: addresses.id }).from(addresses).where(eq(addresses.userId, demoId)).limit(1);
    [g] = await t.db
      .select()
      .from(goods)
      .where(and(eq(goods.isKx, false), eq(goods.isBuy, true), eq(goods.isOnSale, true), eq(goods.isEphedrine, false), gt(goods.number, 1000)))
      .orderBy(asc(goods.id))
      .limit(1);
  });

  it('lets a licence ending today buy all day, and refuses it from the next day: valid_until is the last valid day', async () => {
    await setLicence(yyzz.id, { validUntil: today() });
    const lastDay = await loginAs(t.app, 'demo');
    expect((await lastDay.post('/api/cart', line())).body.code).toBe(10000);

    await setLicence(yyzz.id, { validUntil: fromToday(-1) });
    const dayAfter = await loginAs(t.app, 'demo');
    expect((await dayAfter.post('/api/cart', line())).body).toMatchObject({ code: 400, message: expired(fromToday(-1)), data: null });
  });

  it('refuses an expired buyer adding, checking out and ordering with the licence and where to renew, while the cart and member centre answer', async () => {
    await setLicence(yyzz.id, { validUntil: lapsed });
    const demo = await loginAs(t.app, 'demo');
    const refusal = { code: 400, message: expired(lapsed) };
    const ids = (await t.db.select({ id: cartItems.id }).from(cartItems).where(eq(cartItems.userId, demoId))).map((l) => l.id);
    expect(ids.length).toBeGreaterThan(0);

    const added = await demo.post('/api/cart', line());
    expect(added.status).toBe(200);
    expect(added.body).toMatchObject(refusal);
    expect((await demo.post('/api/cart/checkout', { ids })).body).toMatchObject(refusal);
    expect((await demo.get('/api/cart/confirm?coupon_id=0')).body).toMatchObject(refusal);
    expect((await demo.post('/api/order', { address_id: addressId, coupon_id: 0 })).body).toMatchObject(refusal);

    const cart = (await demo.get('/api/cart/list')).body;
    expect(cart.code).toBe(10000);
    expect(cart.data.list.map((l: { goods_id: number }) => l.goods_id)).toContain(g.id);
    const centre = (await demo.get('/api/user/center')).body.data;
    expect(centre.licence).toMatchObject({
      state: 'expired',
      text: '资质已过期',
      tip: '营业执照已过期，暂停采购。请上传新证件，审核通过后即可继续采购。',
      action: { to: '/zhzx/zzzj' },
    });
    expect((await demo.get('/api/goods/list?page=1')).body.code).toBe(10000);
  });

  it('names every expired licence at once', async () => {
    const ypjyxkz = await licenceOf('demo', 'ypjyxkz');
    await setLicence(ypjyxkz.id, { validUntil: fromToday(-2) });
    const demo = await loginAs(t.app, 'demo');
    expect((await demo.post('/api/cart', line())).body.message).toBe(
      `您的营业执照（有效期至${lapsed}）、药品经营许可证（有效期至${fromToday(-2)}）已过期，请前往“账户中心-资质证件”上传新证件，审核通过后即可继续采购`,
    );
    await setLicence(ypjyxkz.id, { validUntil: fromToday(700) });
  });

  it('buys again once an operator approves the renewed licence, not on the upload alone', async () => {
    const demo = await loginAs(t.app, 'demo');
    const image = await demo.upload(PNG);
    const renewed = await demo.post(`/api/user/zizhi/${yyzz.id}`, { image, number: yyzz.number, valid_until: fromToday(400) });
    expect(renewed.body.data).toMatchObject({ status: 0, valid_until: fromToday(400) });

    // Waiting for review: the date approved before still decides.
    expect((await demo.post('/api/cart', line())).body).toMatchObject({ code: 400, message: expired(lapsed) });
    expect((await demo.get('/api/user/zizhi')).body.data.state).toMatchObject({
      state: 'expired',
      tip: '营业执照已过期，暂停采购；新证件正在审核中，审核通过后即可继续采购。',
    });

    const qa = await operatorLogin(t.app, 'qa');
    expect((await qa.postJson(`/api/admin/users/${demoId}/review`, { is_passed: 1 })).body.code).toBe(10000);
    expect((await t.db.select().from(licences).where(eq(licences.id, yyzz.id)))[0]).toMatchObject({ status: 1, approvedUntil: null });

    expect((await demo.post('/api/cart', line())).body.code).toBe(10000);
    const ids = (await t.db.select({ id: cartItems.id }).from(cartItems).where(eq(cartItems.userId, demoId))).map((l) => l.id);
    expect((await demo.post('/api/cart/checkout', { ids })).body.code).toBe(10000);
    const placed = await demo.post('/api/order', { address_id: addressId, coupon_id: 0 });
    expect(placed.body.code, placed.body.message).toBe(10000);
    expect((await demo.get('/api/user/center')).body.data.licence.state).not.toBe('expired');
    expect(
      await t.db
        .select()
        .from(cartItems)
        .where(and(eq(cartItems.userId, demoId), inArray(cartItems.id, ids))),
    ).toEqual([]);
  });

  it('goes by the store’s own licences while a headquarters acts for it', async () => {
    const storeYyzz = await licenceOf('chain-b', 'yyzz');
    await setLicence(storeYyzz.id, { validUntil: lapsed });
    try {
      const chain = await loginAs(t.app, 'chain');
      expect((await chain.post('/api/user/act_for', { store_id: await idOf('chain-b') })).body.code).toBe(10000);
      expect((await chain.post('/api/cart', line())).body).toMatchObject({ code: 400, message: expired(lapsed) });
      // Another store of the same headquarters, in date, buys.
      expect((await chain.post('/api/user/act_for', { store_id: await idOf('chain-a') })).body.code).toBe(10000);
      expect((await chain.post('/api/cart', line())).body.code).toBe(10000);
    } finally {
      await setLicence(storeYyzz.id, { validUntil: storeYyzz.validUntil });
    }
  });
});

const PNG = Buffer.concat([Buffer.from('89504e470d0a1a0a', 'hex'), Buffer.alloc(64)]);
