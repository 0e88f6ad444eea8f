/**
 * Member centre, account centre and quick purchase: every call refuses guests, answers only with the
 * account's own records (another account's id is 404), and answers bad input with 422 and the field's
 * Chinese message, changing nothing.
 */
import { and, eq, gte, inArray, ne } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { licences, messages, orderItems, orders, users } from '../../db/schema/index.js';
import { agent, buildTestApp, dbLabel, loginAs, type TestApp } from '../../testing.js';

let t: TestApp;
let demo: ReturnType<typeof agent>;
beforeAll(async () => {
  t = await buildTestApp({ goods: 80 });
  demo = await loginAs(t.app, 'demo');
});
afterAll(async () => t?.close());

const PNG = Buffer.concat([Buffer.from('89504e470d0a1a0a', 'hex'), Buffer.alloc(64)]);

const idOf = async (username: string) => (await t.db.select({ id: users.id }).from(users).where(eq(users.username, username)))[0].id;
const inDays = (days: number) => new Date(Date.now() + 8 * 3_600_000 + days * 86_400_000).toISOString().slice(0, 10);

describe(`member and account centre on ${dbLabel}`, () => {
  it('refuses a guest on every call with 401 and code 10001', async () => {
    const guest = agent(t.app);
    // Bad input of a guest is refused before the session is looked at (422, the fields' errors and nothing else);
    // every other call answers 401.
    const calls: [string, string, 401 | 422][] = [
      ['GET', '/api/user/center', 401],
      ['GET', '/api/user/zizhi', 401],
      ['POST', '/api/user/zizhi', 422],
      ['POST', '/api/user/zizhi/1', 422],
      ['GET', '/api/message', 401],
      ['POST', '/api/message/read', 401],
      ['GET', '/api/user/wechat', 401],
      ['GET', '/api/user/bind_wechat?ticket=abcdefgh12', 401],
      ['POST', '/api/user/bind_wechat', 401],
      ['DELETE', '/api/user/unbind_wechat', 401],
      ['GET', '/api/user/dd', 401],
      ['POST', '/api/user/act_for', 401],
      ['DELETE', '/api/user/act_for', 401],
      ['GET', '/api/user/fast_buy', 401],
      ['POST', '/api/user/updateUserInfo', 422],
      ['POST', '/api/user/resetPassword', 422],
    ];
    const refusal = { 401: { code: 10001, message: '未登录', data: null }, 422: { code: 422, data: { errors: expect.any(Object) } } };
    for (const [method, url, status] of calls) {
      const res =
        method === 'GET'
          ? await guest.get(url)
          : method === 'POST'
            ? await guest.post(url, { ids: [1], ticket: 'abcdefgh12', store_id: 1 })
            : await guest.delete(url);
      expect(res.status, `${method} ${url}`).toBe(status);
      expect(res.body, `${method} ${url}`).toMatchObject(refusal[status]);
      expect(Object.keys(res.body.data ?? {})).toEqual(status === 422 ? ['errors'] : []);
    }
    for (const url of ['/api/user/center', '/api/user/zizhi', '/api/message', '/api/user/wechat', '/api/user/dd', '/api/user/fast_buy']) {
      expect((await guest.get(url)).body.code, url).toBe(10001);
    }
  });

  it("shows demo's member centre: company, rank, wallet, coupons, orders by status, service contacts and goods", async () => {
    const res = await demo.get('/api/user/center');
    expect(res.body.code).toBe(10000);
    const c = res.body.data;
    expect(c.user).toMatchObject({ username: 'demo', company: '杭州仁和大药房有限公司', rank: '银牌会员', is_passed: 1 });
    expect(c.user.admin[0]).toEqual({ name: '王晓梅', phone: '13957100001', is_default: 1 });
    expect(c.wallet).toMatchObject({ balance: expect.stringMatching(/^\d+\.\d{2}$/), credit_limit: '100000.00', points: 1280 });
    expect(Number(c.wallet.credit_available)).toBeLessThanOrEqual(100000);
    expect(c.wallet.coupons).toBeGreaterThan(0);
    // The same figures as the wallet's own calls, which read the ledger.
    const money = (await demo.get('/api/user/user_money')).body.data;
    expect(c.wallet).toMatchObject({
      balance: money.balance,
      red_packet: money.red_packet,
      credit_available: money.credit_available,
      points: money.points,
      coupons: money.coupon_count,
    });
    expect(c.order_counts.all).toBeGreaterThan(0);
    expect(['0', '1', '2', '3', '4'].reduce((n, s) => n + c.order_counts[s], 0)).toBe(c.order_counts.all);
    expect(c.recent_orders.length).toBeGreaterThan(0);
    expect(c.recent_orders.length).toBeLessThanOrEqual(5);
    expect(c.recommend.length).toBeGreaterThan(0);
    expect(c.recommend[0].base_price).toMatch(/^\d+\.\d{2}$/);
    // The business licence of the seed expires within 30 days: the centre says so and points to the licences.
    expect(c.licence).toMatchObject({ state: 'expiring', text: '资质即将到期', action: { to: '/zhzx/zzzj' } });
    expect(c.licence.expiring[0]).toMatchObject({ type: 'yyzz', expiry: 1 });
  });

  it('tells an account waiting for review what happens next, and hides prices from it', async () => {
    const pending = await loginAs(t.app, 'pending');
    const c = (await pending.get('/api/user/center')).body.data;
    expect(c.licence).toMatchObject({ state: 'waiting', text: '资质审核中', action: { to: '/zhzx/zzzj' } });
    expect(c.recommend[0].base_price).toBeNull();
    expect(c.recommend[0].price_tip).toBe('资质审核通过后可见');
  });

  it('answers bad basic info and password forms with the field message and changes nothing', async () => {
    const before = (await demo.get('/api/user/base')).body.data;
    const phone = await demo.post('/api/user/updateUserInfo', { name: '张敏', phone: '12345' });
    expect(phone).toMatchObject({ status: 422, body: { message: '请输入正确的手机号' } });
    expect((await demo.post('/api/user/updateUserInfo', { name: 'x', phone: before.phone })).body.data.errors.name).toEqual(['联系人须为2-20个中文或英文字符']);
    expect((await demo.post('/api/user/updateUserInfo', { name: '<b>张</b>', phone: before.phone })).status).toBe(422);
    const mismatch = await demo.post('/api/user/resetPassword', { old_password: 'Demo@2026', password: 'Next2026', password_confirmation: 'Next2027' });
    expect(mismatch.body.data.errors.password_confirmation).toEqual(['两次输入的密码不一致']);
    const weak = await demo.post('/api/user/resetPassword', { old_password: 'Demo@2026', password: '123456', password_confirmation: '123456' });
    expect(weak.body.data.errors.password).toEqual(['密码为6-20位，须同时包含字母和数字']);
    const after = (await demo.get('/api/user/base')).body.data;
    expect(after).toMatchObject({ name: before.name, phone: before.phone });
  });

  it('lists the licences with number, validity, picture and review state, and warns 30 days before expiry', async () => {
    const z = (await demo.get('/api/user/zizhi')).body.data;
    expect(z.warn_days).toBe(30);
    expect(z.required.map((r: { type: string }) => r.type)).toEqual(['yyzz', 'ypjyxkz', 'cgwts']);
    const yyzz = z.list.find((l: { type: string }) => l.type === 'yyzz');
    expect(yyzz).toMatchObject({ type_name: '营业执照', status: 1, status_text: '已通过', expiry: 1 });
    // The seed dates it 25 days ahead; in China it may already be the next day.
    expect([24, 25]).toContain(yyzz.days_left);
    expect(yyzz.number).not.toBe('');
    expect(yyzz.image).toContain('licence.svg');
    expect(z.list.find((l: { type: string }) => l.type === 'ypjyxkz').expiry).toBe(0);
  });

  it('takes a new picture of a licence for review, refusing bad input and pictures that are not the uploader', async () => {
    const z = (await demo.get('/api/user/zizhi')).body.data;
    const yyzz = z.list.find((l: { type: string }) => l.type === 'yyzz');
    const image = await demo.upload(PNG);
    const good = { image, number: '91330106MA2H0YYY1', valid_until: inDays(800) };

    const noImage = await demo.post(`/api/user/zizhi/${yyzz.id}`, { ...good, image: '' });
    expect(noImage.status).toBe(422);
    expect(noImage.body.data.errors.image[0]).toBe('请输入资质图片');
    const past = await demo.post(`/api/user/zizhi/${yyzz.id}`, { ...good, valid_until: inDays(-1) });
    expect(past.body.message).toBe('有效期不能早于今天');
    const noDate = await demo.post(`/api/user/zizhi/${yyzz.id}`, { ...good, valid_until: '' });
    expect(noDate.body.data.errors.valid_until).toEqual(['请选择有效期']);
    const badDate = await demo.post(`/api/user/zizhi/${yyzz.id}`, { ...good, valid_until: '2030-02-30' });
    expect(badDate.body.message).toBe('有效期格式不正确');
    const badNumber = await demo.post(`/api/user/zizhi/${yyzz.id}`, { ...good, number: '<b>1</b>' });
    expect(badNumber.status).toBe(422);
    const chain = await loginAs(t.app, 'chain');
    const chainsPicture = await chain.upload(PNG);
    const notMine = await demo.post(`/api/user/zizhi/${yyzz.id}`, { ...good, image: chainsPicture });
    expect(notMine.body).toMatchObject({ code: 422, message: '资质图片无效，请重新上传' });
    const [unchanged] = await t.db.select().from(licences).where(eq(licences.id, yyzz.id));
    expect(unchanged).toMatchObject({ status: 1, image: yyzz.image });

    // Another account's licence is not found, and stays as it was.
    const chainLicence = (await chain.get('/api/user/zizhi')).body.data.list[0];
    const other = await demo.post(`/api/user/zizhi/${chainLicence.id}`, good);
    expect(other.status).toBe(404);
    expect((await t.db.select().from(licences).where(eq(licences.id, chainLicence.id)))[0].image).toBe(chainLicence.image);

    const done = await demo.post(`/api/user/zizhi/${yyzz.id}`, good);
    expect(done.body.data).toMatchObject({ id: yyzz.id, status: 0, status_text: '审核中', image, valid_until: inDays(800), expiry: 0 });
    // The approved account keeps buying while its new licence is reviewed.
    expect((await demo.get('/api/user/base')).body.data.is_passed).toBe(1);
    await t.db.update(licences).set({ status: 1, image: yyzz.image, validUntil: yyzz.valid_until }).where(eq(licences.id, yyzz.id));
  });

  it('adds a licence of a type the account lacks; a refused account goes back to waiting for review', async () => {
    const pending = await loginAs(t.app, 'pending');
    const pendingId = await idOf('pending');
    await t.db.update(users).set({ isPassed: 2, rejectReason: '营业执照照片模糊' }).where(eq(users.id, pendingId));
    const c = (await pending.get('/api/user/center')).body.data;
    expect(c.licence).toMatchObject({ state: 'rejected', tip: '营业执照照片模糊' });
    const badType = await pending.post('/api/user/zizhi', { type: 'xyz', image: '/uploads/a.png', valid_until: inDays(10) });
    expect(badType.body.data.errors.type).toEqual(['资质类型不正确']);
    const image = await pending.upload(PNG);
    const added = await pending.post('/api/user/zizhi', { type: 'ylqxxkz', image, number: '浙杭食药监械经营备20230001', valid_until: inDays(400) });
    expect(added.body.data).toMatchObject({ type: 'ylqxxkz', type_name: '医疗器械经营备案凭证', status: 0 });
    expect((await pending.get('/api/user/base')).body.data).toMatchObject({ is_passed: 0, reject_reason: '' });
  });

  it('lists messages newest first with the unread count, and marks them read only for their owner', async () => {
    const list = (await demo.get('/api/message')).body.data;
    expect(list.total).toBeGreaterThanOrEqual(4);
    expect(list.unread).toBe((await demo.get('/api/user/base')).body.data.message_count);
    expect(list.data[0].created_at).toBeGreaterThanOrEqual(list.data[1].created_at);
    const unread = (await demo.get('/api/message?type=unread')).body.data;
    expect(unread.data.every((m: { is_read: number }) => m.is_read === 0)).toBe(true);
    expect((await demo.get('/api/message?type=spam')).status).toBe(422);
    expect((await demo.get('/api/message?page=0')).body.message).toBe('页码格式不正确');

    const chain = await loginAs(t.app, 'chain');
    const chainMessage = (await chain.get('/api/message?type=unread')).body.data.data[0];
    const mixed = await demo.post('/api/message/read', { ids: [unread.data[0].id, chainMessage.id] });
    expect(mixed.status).toBe(404);
    const [still] = await t.db.select().from(messages).where(eq(messages.id, unread.data[0].id));
    expect(still.isRead).toBe(false);
    expect((await demo.post('/api/message/read', {})).body.data.errors.ids).toEqual(['请选择消息']);
    expect((await demo.post('/api/message/read', { ids: ['x'] })).status).toBe(422);

    const one = await demo.post('/api/message/read', { ids: [unread.data[0].id] });
    expect(one.body.data.unread).toBe(unread.total - 1);
    expect((await demo.get('/api/user/base')).body.data.message_count).toBe(unread.total - 1);
    const all = await demo.post('/api/message/read', { all: 1 });
    expect(all.body.data.unread).toBe(0);
    expect((await chain.get('/api/message?type=unread')).body.data.total).toBeGreaterThan(0);
    await t.db
      .update(messages)
      .set({ isRead: false })
      .where(and(eq(messages.userId, await idOf('demo')), ne(messages.title, '资质审核通过')));
  });

  it('binds WeChat through the sandbox scan, refuses a WeChat bound elsewhere, and unbinds', async () => {
    const before = (await demo.get('/api/user/wechat')).body.data;
    expect(before).toMatchObject({ bound: 0, nickname: '', user: { username: 'demo' } });
    expect((await demo.get('/api/user/bind_wechat?ticket=no')).status).toBe(422);
    expect((await demo.post('/api/user/bind_wechat', { ticket: 'abc' })).body.message).toBe('二维码已失效，请刷新');

    const qr = (await demo.post('/api/wechat/qrcode')).body.data;
    expect((await demo.get(`/api/user/bind_wechat?ticket=${qr.ticket}`)).body.data.status).toBe('waiting');
    expect((await demo.post('/api/user/bind_wechat', { ticket: qr.ticket })).body.message).toBe('请先用微信扫描二维码');
    const { device } = (await demo.post('/api/wechat/sandbox_scan', { ticket: qr.ticket, nickname: '仁和张店长' })).body.data;
    expect((await demo.get(`/api/user/bind_wechat?ticket=${qr.ticket}`)).body.data).toEqual({ status: 'scanned', nickname: '仁和张店长' });
    // Polling the status does not log the page into anything.
    expect((await demo.get('/api/user/base')).body.data.username).toBe('demo');
    expect((await demo.post('/api/user/bind_wechat', { ticket: qr.ticket })).body.data).toEqual({ bound: 1, nickname: '仁和张店长' });
    expect((await demo.get('/api/user/base')).body.data.wechat).toBe('仁和张店长');
    expect((await demo.get(`/api/user/bind_wechat?ticket=${qr.ticket}`)).body.data.status).toBe('expired');

    const chain = await loginAs(t.app, 'chain');
    const qr2 = (await chain.post('/api/wechat/qrcode')).body.data;
    await chain.post('/api/wechat/sandbox_scan', { ticket: qr2.ticket, nickname: '仁和张店长', device });
    const taken = await chain.post('/api/user/bind_wechat', { ticket: qr2.ticket });
    expect(taken.body).toMatchObject({ code: 400, message: '该微信已绑定其他账号，请先在该账号中解除绑定' });
    expect((await chain.get('/api/user/base')).body.data.wechat).toBe('');

    expect((await demo.delete('/api/user/unbind_wechat')).body.data).toEqual({ bound: 0 });
    expect((await demo.get('/api/user/base')).body.data.wechat).toBe('');
    expect((await demo.delete('/api/user/unbind_wechat')).body).toMatchObject({ code: 400, message: '当前账号未绑定微信' });
  });

  it("lists a chain's stores and acts for one of them; another account's store answers 404", async () => {
    const chain = await loginAs(t.app, 'chain');
    const dd = (await chain.get('/api/user/dd')).body.data;
    expect(dd).toMatchObject({ is_chain: 1, acting_for: 0, headquarters: { username: 'chain' } });
    expect(dd.stores.map((s: { username: string }) => s.username)).toEqual(['chain-a', 'chain-b']);
    expect(dd.stores[0]).toMatchObject({ is_passed: 1, register_step: 3, company: '浙江康泰连锁药业有限公司湖墅店' });
    const storeA = dd.stores[0].id;

    expect((await chain.post('/api/user/act_for', { store_id: 'x' })).body.data.errors.store_id).toEqual(['门店格式不正确']);
    expect((await demo.post('/api/user/act_for', { store_id: storeA })).status).toBe(404);
    expect((await demo.get('/api/user/base')).body.data.username).toBe('demo');
    expect((await demo.get('/api/user/dd')).body.data).toMatchObject({ is_chain: 0, stores: [] });

    const acting = await chain.post('/api/user/act_for', { store_id: storeA });
    expect(acting.body.data).toMatchObject({ username: 'chain-a', actor: { username: 'chain' } });
    expect((await chain.get('/api/user/base')).body.data).toMatchObject({ username: 'chain-a', actor: { username: 'chain' } });
    // The store's own records now: its addresses, its stores list stays the headquarters'.
    const addresses = (await chain.get('/api/address')).body.data;
    expect(addresses[0].full).toContain('湖墅南路');
    expect((await chain.get('/api/user/dd')).body.data).toMatchObject({ acting_for: storeA, headquarters: { username: 'chain' } });
    const password = await chain.post('/api/user/resetPassword', { old_password: 'Demo@2026', password: 'Store2027', password_confirmation: 'Store2027' });
    expect(password.body.code).toBe(400);
    expect((await chain.delete('/api/user/unbind_wechat')).body.code).toBe(400);

    const back = await chain.delete('/api/user/act_for');
    expect(back.body.data).toMatchObject({ username: 'chain', actor: null });
    expect((await chain.get('/api/user/base')).body.data.username).toBe('chain');
  });

  it("lists the goods of the last 180 days' paid orders with the last quantity, in the asked order, and only the account's own", async () => {
    const page = (await demo.get('/api/user/fast_buy')).body.data;
    expect(page.total).toBeGreaterThan(0);
    const demoId = await idOf('demo');
    const bought = await t.db
      .select({ goodsId: orderItems.goodsId, number: orderItems.number, createdAt: orders.createdAt })
      .from(orderItems)
      .innerJoin(orders, eq(orders.id, orderItems.orderId))
      .where(
        and(
          eq(orders.userId, demoId),
          inArray(orders.status, [1, 2, 3]),
          gte(orders.createdAt, new Date(Date.now() - 181 * 86_400_000)),
          inArray(orderItems.type, [0, 1]),
        ),
      );
    const ids = new Set(bought.map((b) => b.goodsId));
    for (const row of page.data) {
      expect(ids.has(row.goods.id), row.goods.name).toBe(true);
      const lines = bought.filter((b) => b.goodsId === row.goods.id).sort((a, b) => b.createdAt.getTime() - a.createdAt.getTime());
      expect(row.last_number).toBe(lines[0].number);
      expect(row.total_number).toBe(lines.reduce((s, l) => s + l.number, 0));
      expect(row.cart_number % row.goods.zbz).toBe(0);
    }
    const times = page.data.map((r: { last_time: number }) => r.last_time);
    expect(times).toEqual([...times].sort((a, b) => b - a));
    const byCount = (await demo.get('/api/user/fast_buy?order=count')).body.data.data.map((r: { times: number }) => r.times);
    expect(byCount).toEqual([...byCount].sort((a, b) => b - a));
    const first = page.data[0].goods.name as string;
    const found = (await demo.get(`/api/user/fast_buy?keywords=${encodeURIComponent(first.slice(0, 3))}`)).body.data.data;
    expect(found.some((r: { goods: { name: string } }) => r.goods.name === first)).toBe(true);

    expect((await demo.get('/api/user/fast_buy?order=price')).body).toMatchObject({ code: 422, message: '排序方式不正确' });
    expect((await demo.get('/api/user/fast_buy?page=-1')).status).toBe(422);
    const pending = await loginAs(t.app, 'pending');
    expect((await pending.get('/api/user/fast_buy')).body.data).toMatchObject({ total: 0, data: [] });
  });

  it('adds what quick purchase shows to the cart through the cart call', async () => {
    const [row] = (await demo.get('/api/user/fast_buy')).body.data.data.filter(
      (r: { cart_number: number; goods: { is_buy: number } }) => r.cart_number > 0 && r.goods.is_buy,
    );
    const before = (await demo.get('/api/cart/total')).body.data.total;
    const added = await demo.post('/api/cart', { params: [{ goods_id: row.goods.id, number: row.cart_number }] });
    expect(added.body.code).toBe(10000);
    expect((await demo.get('/api/cart/total')).body.data.total).toBeGreaterThanOrEqual(before);
  });
});
