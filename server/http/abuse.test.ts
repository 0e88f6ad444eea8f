/** What a double click or an attacker tries: one checkout posted fifty times at once, password guessing from made-up forwarded addresses, someone else's licence file. */
import { describe, it, expect, beforeAll, afterAll } from 'vitest';
import { eq } from 'drizzle-orm';
import { buildApp } from '../app.js';
import { orders, sessions, users } from '../db/schema/index.js';
import { buildTestApp, dbLabel, DEMO_PASSWORD, loginAs, testConfig, type TestApp } from '../testing.js';
import { t, Agent, userId, plainGoods, readyCheckout, stockOf, openAbuseApp } from './abuse.fixture.js';

openAbuseApp();

describe(`one checkout posted fifty times at once on ${dbLabel}`, () => {
  it('makes one order with the same key, answers every post with it, and takes the stock once', async () => {
    const demo = await loginAs(t.app, 'demo');
    const demoId = await userId('demo');
    const [g] = await plainGoods(1);
    const { address, units } = await readyCheckout(demo, demoId, g);
    const before = await stockOf(g.id);
    const key = 'k'.repeat(8) + Date.now().toString(36).padStart(24, '0');
    const posts = await Promise.all(Array.from({ length: 50 }, () => demo.post('/api/order', { address_id: address, checkout_key: key })));
    for (const p of posts) expect(p.body.code, p.body.message).toBe(10000);
    const ids = new Set(posts.map((p) => p.body.data.orders[0].id));
    expect(ids.size).toBe(1);
    const made = await t.db.select().from(orders).where(eq(orders.checkoutKey, key));
    expect(made).toHaveLength(1);
    expect(await stockOf(g.id)).toBe(before - units);
    expect((await demo.get('/api/cart/total')).body.data.total).toBe(0);
  });

  it('makes one order without a key too: the other posts find the lines gone and are told so', async () => {
    const store = await loginAs(t.app, 'chain-b');
    const storeId = await userId('chain-b');
    const [, g] = await plainGoods(2);
    const { address, units } = await readyCheckout(store, storeId, g);
    const before = await stockOf(g.id);
    const ordersBefore = (await t.db.select({ id: orders.id }).from(orders).where(eq(orders.userId, storeId))).length;
    const posts = await Promise.all(Array.from({ length: 50 }, () => store.post('/api/order', { address_id: address })));
    const made = posts.filter((p) => p.body.code === 10000);
    expect(made).toHaveLength(1);
    for (const p of posts.filter((x) => x.body.code !== 10000)) {
      expect(p.status).toBe(200);
      expect(p.body).toMatchObject({ code: 400, message: '请先在购物车中选择要结算的商品' });
    }
    const ordersAfter = (await t.db.select({ id: orders.id }).from(orders).where(eq(orders.userId, storeId))).length;
    expect(ordersAfter - ordersBefore).toBe(1);
    expect(await stockOf(g.id)).toBe(before - units);
  });

  it('refuses a malformed checkout key with 422 and makes nothing', async () => {
    const demo = await loginAs(t.app, 'demo');
    const res = await demo.post('/api/order', { address_id: 1, checkout_key: 'short' });
    expect(res.status).toBe(422);
    expect(res.body.data.errors.checkout_key).toEqual(['请刷新页面后重新提交']);
  });
});

describe(`failed logins on ${dbLabel}`, () => {
  it('stores the address of the connection in the session, not a forwarded one', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/user/login',
      headers: { 'x-requested-with': 'XMLHttpRequest', 'x-forwarded-for': '198.51.100.7', 'content-type': 'application/json' },
      payload: { username: 'pending', password: DEMO_PASSWORD },
    });
    expect(res.json().code).toBe(10000);
    const rows = await t.db
      .select({ ip: sessions.ip })
      .from(sessions)
      .where(eq(sessions.userId, await userId('pending')));
    expect(rows.map((r) => r.ip)).toContain('127.0.0.1');
    expect(rows.map((r) => r.ip)).not.toContain('198.51.100.7');
  });
});

describe(`the login limits at their real size on ${dbLabel}`, () => {
  let real: TestApp;
  beforeAll(async () => {
    real = await buildTestApp({ goods: 10 });
  });
  afterAll(async () => real?.close());

  const login = (app: TestApp['app'], username: string, password: string, from?: string) =>
    app.inject({
      method: 'POST',
      url: '/api/user/login',
      headers: { 'x-requested-with': 'XMLHttpRequest', 'content-type': 'application/json', ...(from ? { 'x-forwarded-for': from } : {}) },
      payload: { username, password },
    });

  it('stops 400 guesses from changing made-up addresses at 20 a minute: the address is the real one', async () => {
    const codes: number[] = [];
    for (let i = 0; i < 400; i++) codes.push((await login(real.app, `ghost${i}`, 'Wrong2026', `192.0.2.${i % 250}`)).statusCode);
    expect(codes.slice(0, 20).every((c) => c === 422)).toBe(true);
    expect(codes.slice(20).every((c) => c === 429)).toBe(true);
    const next = await login(real.app, 'demo', DEMO_PASSWORD, '192.0.2.251');
    expect(next.statusCode).toBe(429);
    expect(next.json()).toMatchObject({ code: 429, message: '操作过于频繁，请稍后再试' });
  });

  it('locks one account after 10 wrong passwords however many trusted addresses they come from, and says the same of a name that is no account', async () => {
    const behindProxy = await buildApp({ config: testConfig({ TRUST_PROXY: '127.0.0.1' }), database: real.database, logger: false });
    await behindProxy.ready();
    try {
      const [{ phone }] = await real.db.select({ phone: users.phone }).from(users).where(eq(users.username, 'chain'));
      const answers = [];
      // By username and by phone, each guess from an address of its own: one account, one count.
      for (let i = 0; i < 400; i++)
        answers.push((await login(behindProxy as never, i % 2 ? 'chain' : phone, 'Wrong2026', `198.18.${Math.floor(i / 250)}.${i % 250}`)).json());
      expect(answers.slice(0, 10).every((a) => a.code === 422 && a.message === '用户名或密码错误')).toBe(true);
      expect(answers.slice(10).every((a) => a.code === 429 && a.message === '登录失败次数过多，请15分钟后再试，或使用短信验证码登录')).toBe(true);
      const right = (await login(behindProxy as never, 'chain', DEMO_PASSWORD, '198.18.9.9')).json();
      expect(right).toMatchObject({ code: 429, message: '登录失败次数过多，请15分钟后再试，或使用短信验证码登录' });

      const ghost = [];
      for (let i = 0; i < 12; i++) ghost.push((await login(behindProxy as never, 'no-such-buyer', 'Wrong2026', `198.19.0.${i}`)).json());
      expect(ghost.slice(0, 10).every((a) => a.message === '用户名或密码错误')).toBe(true);
      expect(ghost.slice(10).every((a) => a.message === right.message && a.code === right.code)).toBe(true);

      // Another account is not locked by them, and its session keeps the address the trusted proxy forwarded.
      const other = await login(behindProxy as never, 'chain-a', DEMO_PASSWORD, '198.18.7.7');
      expect(other.json().code).toBe(10000);
      const [s] = await real.db.select({ ip: sessions.ip }).from(sessions).innerJoin(users, eq(users.id, sessions.userId)).where(eq(users.username, 'chain-a'));
      expect(s.ip).toBe('198.18.7.7');
    } finally {
      await behindProxy.close();
    }
  });

  it('locks an address after 30 wrong passwords over many accounts, for the right password of yet another one', async () => {
    // The route's own limit (20 a minute) is raised here so that the 30 failures of the lock can be reached at once.
    const behindProxy = await buildApp({ config: testConfig({ TRUST_PROXY: '127.0.0.1', RATE_LIMIT_FACTOR: 10 }), database: real.database, logger: false });
    await behindProxy.ready();
    try {
      for (let i = 0; i < 30; i++) expect((await login(behindProxy as never, `spray${i}`, 'Wrong2026', '198.20.0.1')).json().code).toBe(422);
      const blocked = (await login(behindProxy as never, 'pending', DEMO_PASSWORD, '198.20.0.1')).json();
      expect(blocked).toMatchObject({ code: 429, message: '登录失败次数过多，请15分钟后再试，或使用短信验证码登录' });
      expect((await login(behindProxy as never, 'pending', DEMO_PASSWORD, '198.20.0.2')).json().code).toBe(10000);
    } finally {
      await behindProxy.close();
    }
  });
});

const PNG = Buffer.from(
  '89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c4890000000d49444154789c6300010000050001' + '0d0a2db40000000049454e44ae426082',
  'hex',
);

async function upload(a: Agent, bytes: Buffer, filename: string, type = 'image/png') {
  const boundary = '----yct' + Date.now();
  const payload = Buffer.concat([
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${filename}"\r\nContent-Type: ${type}\r\n\r\n`),
    bytes,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/upload',
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}`, 'x-requested-with': 'XMLHttpRequest', cookie: a.cookie },
    payload,
  });
  return res.json();
}

describe(`uploaded licences on ${dbLabel}`, () => {
  it('are served to their owner only, privately, and never to a guest or another account', async () => {
    const owner = await loginAs(t.app, 'pending');
    const up = await upload(owner, PNG, '营业执照.png');
    expect(up.code).toBe(10000);
    const mine = await t.app.inject({ url: up.data.url, headers: { cookie: owner.cookie } });
    expect(mine.statusCode).toBe(200);
    expect(mine.headers).toMatchObject({ 'content-type': 'image/png', 'x-content-type-options': 'nosniff' });
    expect(mine.headers['cache-control']).toMatch(/^private/);
    expect(mine.rawPayload.equals(PNG)).toBe(true);

    const guest = await t.app.inject({ url: up.data.url });
    expect(guest.statusCode).toBe(404);
    expect(guest.json()).toMatchObject({ code: 404, data: null });
    const other = await loginAs(t.app, 'demo');
    const theirs = await t.app.inject({ url: up.data.url, headers: { cookie: other.cookie } });
    expect(theirs.statusCode).toBe(404);
    expect(theirs.body).not.toContain('PNG');
  });

  it('send a PDF as a download with nosniff, and a control character in its name is dropped', async () => {
    const owner = await loginAs(t.app, 'pending');
    const pdf = Buffer.from('%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n');
    const up = await upload(owner, pdf, 'licence\u0007.pdf', 'application/pdf');
    expect(up).toMatchObject({ code: 10000, data: { name: 'licence.pdf' } });
    const res = await t.app.inject({ url: up.data.url, headers: { cookie: owner.cookie } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.headers['content-disposition']).toMatch(/^attachment; /);
    expect(res.headers['x-content-type-options']).toBe('nosniff');
  });

  it('answer 404 for names that are no upload, without touching the file system outside the folder', async () => {
    const owner = await loginAs(t.app, 'pending');
    for (const url of ['/uploads/..%2f..%2fpackage.json', '/uploads/nothing.png', '/uploads/']) {
      const res = await t.app.inject({ url, headers: { cookie: owner.cookie } });
      expect(res.statusCode, url).toBe(404);
      expect(res.json().code).toBe(404);
    }
  });
});
