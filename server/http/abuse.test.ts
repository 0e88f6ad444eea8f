/**
 * What a double click or an attacker tries: one checkout posted fifty times at once, password guessing from
 * made-up forwarded addresses, someone else's licence file, control characters in any field, oversized URLs,
 * a login phone changed with no proof, the sandboxes played for another account, and ids written in hex.
 */
import http from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, asc, eq, gt, inArray } from 'drizzle-orm';
import { z } from 'zod';
import { buildApp } from '../app.js';
import { loadConfig } from '../config.js';
import { brands, cartItems, goods, orders, sessions, users } from '../db/schema/index.js';
import type { SmsSender } from '../modules/accounts/sms.js';
import { agent, buildTestApp, dbLabel, DEMO_PASSWORD, loginAs, openTestDatabase, testConfig, type TestApp } from '../testing.js';

const sent: { phone: string; text: string }[] = [];
const recordingSms: SmsSender = { send: async (phone, text) => void sent.push({ phone, text }) };

let t: TestApp;
beforeAll(async () => {
  // Fifty posts and dozens of logins from one address: the per-route limits are raised; the login lock is not
  // raised by them here, since the limits it counts are tested in their own app below.
  t = await buildTestApp({ goods: 300, sms: recordingSms, config: { RATE_LIMIT_FACTOR: 100 } });
});
afterAll(async () => t?.close());

const CHINESE = /[\u4e00-\u9fa5]/;
type Agent = ReturnType<typeof agent>;

async function userId(username: string) {
  const [u] = await t.db.select({ id: users.id }).from(users).where(eq(users.username, username));
  return u.id;
}

async function plainGoods(n: number) {
  const rows = await t.db
    .select({ g: goods })
    .from(goods)
    .innerJoin(brands, eq(brands.id, goods.brandId))
    .where(and(eq(goods.isKx, false), eq(goods.isBuy, true), eq(goods.isEphedrine, false), gt(goods.number, 1000)))
    .orderBy(asc(goods.id))
    .limit(n);
  return rows.map((r) => r.g);
}

/** One selected cart line of 10 middle packages, ready to order; answers the goods and the address. */
async function readyCheckout(a: Agent, buyerId: number, g: typeof goods.$inferSelect) {
  await t.db.delete(cartItems).where(eq(cartItems.userId, buyerId));
  const added = await a.post('/api/cart', { params: [{ goods_id: g.id, number: g.zbz * 10 }] });
  expect(added.body.code, added.body.message).toBe(10000);
  const ids = ((await a.get('/api/cart/list')).body.data.list as { id: number }[]).map((l) => l.id);
  expect((await a.post('/api/cart/checkout', { ids })).body.code).toBe(10000);
  const address = ((await a.get('/api/address')).body.data as { id: number }[])[0].id;
  return { address, units: g.zbz * 10 };
}

const stockOf = async (id: number) => (await t.db.select({ n: goods.number }).from(goods).where(eq(goods.id, id)))[0].n;

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

describe(`control characters on ${dbLabel}`, () => {
  const NUL = 'a\u0000b';
  const cases: { name: string; method: 'GET' | 'POST'; url: string; body?: Record<string, unknown>; as: 'guest' | 'demo' }[] = [
    { name: 'login username', method: 'POST', url: '/api/user/login', body: { username: `de${NUL}mo`, password: 'x' }, as: 'guest' },
    { name: 'page-view path', method: 'POST', url: '/api/stat/pv', body: { path: `/${NUL}`, title: '首页' }, as: 'guest' },
    { name: 'page-view title', method: 'POST', url: '/api/stat/pv', body: { path: '/', title: NUL }, as: 'guest' },
    { name: 'page-view referrer', method: 'POST', url: '/api/stat/pv', body: { path: '/', title: '首页', referrer: NUL }, as: 'guest' },
    { name: 'goods list sccj', method: 'GET', url: '/api/goods/list?sccj=%00', as: 'guest' },
    { name: 'search keywords', method: 'GET', url: '/api/goods/search?keywords=%E9%98%BF%00', as: 'guest' },
    { name: 'order keywords', method: 'GET', url: '/api/order?keywords=%00', as: 'demo' },
    { name: 'fast-buy keywords', method: 'GET', url: '/api/user/fast_buy?keywords=%00', as: 'demo' },
    { name: 'order remark', method: 'POST', url: '/api/order', body: { address_id: 1, remark: NUL }, as: 'demo' },
    { name: 'invoice title', method: 'POST', url: '/api/order', body: { address_id: 1, invoice: { type: 1, title: `药房${NUL}` } }, as: 'demo' },
    { name: 'cancel reason', method: 'POST', url: '/api/order/1/cancel', body: { reason: NUL }, as: 'demo' },
    { name: 'after-sale reason', method: 'POST', url: '/api/order/1/after_sale', body: { lines: [{ item_id: 1, number: 1 }], reason: NUL }, as: 'demo' },
    { name: 'WeChat sandbox ticket', method: 'POST', url: '/api/wechat/sandbox_scan', body: { ticket: `abcdefgh${NUL}` }, as: 'guest' },
    { name: 'WeChat sandbox nickname', method: 'POST', url: '/api/wechat/sandbox_scan', body: { ticket: 'abcdefgh12', nickname: NUL }, as: 'guest' },
    {
      name: 'forget ticket',
      method: 'POST',
      url: '/api/user/forget',
      body: { step: 2, ticket: NUL, password: 'Good2026', password_confirmation: 'Good2026' },
      as: 'guest',
    },
    {
      name: 'notify id',
      method: 'POST',
      url: '/api/pay/notify/sandbox',
      body: { notify_id: NUL, trade_no: 'SB1', amount: '1.00', paid_at: '1', sign: 'x' },
      as: 'guest',
    },
    { name: 'a key of a nested object', method: 'POST', url: '/api/cart', body: { params: [{ goods_id: 1, number: 1, [`x${NUL}`]: 1 }] }, as: 'demo' },
    { name: 'a bell character (C0)', method: 'POST', url: '/api/user/login', body: { username: 'demo\u0007', password: 'x' }, as: 'guest' },
    { name: 'a C1 control', method: 'POST', url: '/api/user/login', body: { username: 'demo\u0085', password: 'x' }, as: 'guest' },
    { name: 'a path parameter', method: 'GET', url: '/api/goods/detail/%00', as: 'guest' },
  ];
  let demo: Agent;
  beforeAll(async () => {
    demo = await loginAs(t.app, 'demo');
  });

  for (const c of cases) {
    for (const encoding of c.method === 'POST' ? (['json', 'form'] as const) : (['query'] as const)) {
      it(`refuses one in the ${c.name} (${encoding}) with 422 and a Chinese message`, async () => {
        const a = c.as === 'demo' ? demo : agent(t.app);
        const res = c.method === 'GET' ? await a.get(c.url) : encoding === 'json' ? await a.postJson(c.url, c.body) : await a.post(c.url, c.body);
        expect(res.status).toBe(422);
        expect(res.body.code).toBe(422);
        expect(res.body.message).toMatch(CHINESE);
      });
    }
  }

  it('keeps tabs and line breaks in free text', async () => {
    const res = await agent(t.app).post('/api/stat/pv', { path: '/', title: '首页\t药采通\n' });
    expect(res.body.code).toBe(10000);
  });

  it('guards a field added tomorrow as well: a new route with a plain string gets the same 422', async () => {
    const database = await openTestDatabase({ goods: 5, accounts: false });
    const app = await buildApp({ config: testConfig(), database, logger: false });
    app.post('/api/new_field', { schema: { body: z.object({ note: z.string() }) } }, async () => ({ code: 10000, message: 'success', data: null }));
    await app.ready();
    try {
      const res = await agent(app as never).postJson('/api/new_field', { note: `x${NUL}` });
      expect(res.status).toBe(422);
      expect(res.body.data.errors).toEqual({ note: ['输入内容包含无法识别的控制字符，请删除后重新输入'] });
      expect((await agent(app as never).postJson('/api/new_field', { note: '正常备注' })).body.code).toBe(10000);
    } finally {
      await app.close();
      await database.dispose();
    }
  });
});

describe(`answers outside the envelope on ${dbLabel}`, () => {
  it('answers a path parameter over 100 characters in the envelope', async () => {
    const res = await t.app.inject({ url: `/api/goods/detail/${'9'.repeat(150)}` });
    expect(res.statusCode).toBe(414);
    expect(res.json()).toEqual({ code: 414, message: '请求地址过长', data: null });
  });

  it('answers a URL over 16 KB in the envelope, from the HTTP parser itself', async () => {
    const address = await t.app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = new URL(address);
    const answer = await new Promise<{ status: number; body: string }>((resolve, reject) => {
      const req = http.get({ host: '127.0.0.1', port, path: `/api/goods/search?keywords=${'a'.repeat(17_000)}` }, (res) => {
        let body = '';
        res.setEncoding('utf8');
        res.on('data', (d) => (body += d));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, body }));
      });
      req.on('error', reject);
    });
    expect(answer.status).toBe(431);
    expect(JSON.parse(answer.body)).toEqual({ code: 431, message: '请求地址或请求头过长', data: null });
  });

  it('answers a malformed URL in the envelope', async () => {
    const res = await t.app.inject({ url: '/api/goods/detail/%E0%A4%A' });
    expect(res.statusCode).toBe(422);
    expect(res.json()).toMatchObject({ code: 422, message: '请求地址格式不正确' });
  });
});

describe(`changing the login phone on ${dbLabel}`, () => {
  async function codeTo(a: Agent, phone: string) {
    const sentCode = await a.post('/api/user/create_code', { phone, type: 'update' });
    expect(sentCode.body.code, sentCode.body.message).toBe(10000);
    return (await a.get(`/api/dev/sms_outbox?phone=${phone}`)).body.data.code as string;
  }

  it('needs the code sent to the new phone and the current password, and tells the old phone', async () => {
    const a = await loginAs(t.app, 'chain-a');
    const before = (await a.get('/api/user/base')).body.data;
    const next = '13955667788';
    const bare = await a.post('/api/user/updateUserInfo', { name: before.name || '王店长', phone: next });
    expect(bare.status).toBe(422);
    expect(bare.body.data.errors).toEqual({ code: ['请输入新手机号收到的短信验证码'], password: ['请输入登录密码'] });

    const code = await codeTo(a, next);
    const wrongPassword = await a.post('/api/user/updateUserInfo', { name: before.name || '王店长', phone: next, code, password: 'Wrong2026' });
    expect(wrongPassword.body.data.errors).toEqual({ password: ['登录密码不正确'] });
    const wrongCode = await a.post('/api/user/updateUserInfo', {
      name: before.name || '王店长',
      phone: next,
      code: code === '000000' ? '111111' : '000000',
      password: DEMO_PASSWORD,
    });
    expect(wrongCode.body.data.errors).toEqual({ code: ['短信验证码不正确'] });
    expect((await a.get('/api/user/base')).body.data.phone).toBe(before.phone);
    expect(sent.filter((s) => s.phone === before.phone)).toHaveLength(0);

    const done = await a.post('/api/user/updateUserInfo', { name: before.name || '王店长', phone: next, code, password: DEMO_PASSWORD });
    expect(done.body.code, done.body.message).toBe(10000);
    expect(done.body.data.phone).toBe(next);
    const notice = sent.filter((s) => s.phone === before.phone);
    expect(notice).toHaveLength(1);
    expect(notice[0].text).toContain('139****7788');
    expect(notice[0].text).toContain('如非本人操作');
    // The code is used up, and the new phone logs in.
    expect((await a.post('/api/user/updateUserInfo', { name: '王店长', phone: before.phone, code, password: DEMO_PASSWORD })).status).toBe(422);
    expect((await agent(t.app).post('/api/user/login', { username: next, password: DEMO_PASSWORD })).body.code).toBe(10000);
  });

  it('sends update codes only to a logged-in account and only to a phone no account uses', async () => {
    expect((await agent(t.app).post('/api/user/create_code', { phone: '13955660001', type: 'update' })).status).toBe(401);
    const a = await loginAs(t.app, 'pending');
    const taken = await a.post('/api/user/create_code', { phone: '13800000001', type: 'update' });
    expect(taken.body).toMatchObject({ code: 400, message: '该手机号已被其他账号使用' });
  });

  it('keeps name and e-mail changes free of codes while the phone stays', async () => {
    const a = await loginAs(t.app, 'pending');
    const phone = (await a.get('/api/user/base')).body.data.phone;
    const res = await a.post('/api/user/updateUserInfo', { name: '周宁', phone, email: 'zhou@kangning.cn' });
    expect(res.body.data).toMatchObject({ name: '周宁', phone, email: 'zhou@kangning.cn' });
  });
});

describe(`the sandboxes on ${dbLabel}`, () => {
  it('confirm a sandbox payment only for the buyer who pays it', async () => {
    const demo = await loginAs(t.app, 'demo');
    const made = (await demo.post('/api/moneys/recharge', { amount: 500000 })).body.data;
    expect(made.trade_no).toBeTruthy();
    const guest = await agent(t.app).post('/api/pay/sandbox/confirm', { trade_no: made.trade_no });
    expect(guest.status).toBe(401);
    const other = await loginAs(t.app, 'chain');
    const theirs = await other.post('/api/pay/sandbox/confirm', { trade_no: made.trade_no });
    expect(theirs.status).toBe(404);
    expect((await demo.get(`/api/moneys/recharge/${made.id}`)).body.data.paid).toBe(0);
    expect((await t.app.inject({ url: made.qr_url })).statusCode).toBe(404);
    expect((await t.app.inject({ url: made.qr_url, headers: { cookie: other.cookie } })).statusCode).toBe(404);
    expect((await demo.post('/api/pay/sandbox/confirm', { trade_no: made.trade_no })).body.code).toBe(10000);
    expect((await demo.get(`/api/moneys/recharge/${made.id}`)).body.data.paid).toBe(1);
  });

  it('give every new scan a random WeChat identity: typing a bound nickname logs in as nobody', async () => {
    const demo = await loginAs(t.app, 'demo');
    const qr = (await demo.post('/api/wechat/qrcode')).body.data;
    const phone = (await demo.post('/api/wechat/sandbox_scan', { ticket: qr.ticket, nickname: '仁和药房老板' })).body.data;
    expect((await demo.post('/api/user/bind_wechat', { ticket: qr.ticket })).body.data).toEqual({ bound: 1, nickname: '仁和药房老板' });

    const attacker = agent(t.app);
    const qr2 = (await attacker.post('/api/wechat/qrcode')).body.data;
    await attacker.post('/api/wechat/sandbox_scan', { ticket: qr2.ticket, nickname: '仁和药房老板' });
    const status = (await attacker.get(`/api/wechat/status?ticket=${qr2.ticket}`)).body.data;
    expect(status).toMatchObject({ status: 'scanned', bound: 0 });
    expect((await attacker.get('/api/user/base')).body.data.show).toBe(0);

    // The owner's own phone (the identity it kept) still logs in.
    const owner = agent(t.app);
    const qr3 = (await owner.post('/api/wechat/qrcode')).body.data;
    await owner.post('/api/wechat/sandbox_scan', { ticket: qr3.ticket, device: phone.device });
    expect((await owner.get(`/api/wechat/status?ticket=${qr3.ticket}`)).body.data).toMatchObject({ bound: 1, user: { username: 'demo' } });
    expect((await demo.delete('/api/user/unbind_wechat')).body.data).toEqual({ bound: 0 });
  });

  it('are off in production unless SMS_SANDBOX=1 is set explicitly', () => {
    const production = { NODE_ENV: 'production', SESSION_SECRET: 'a-production-secret-of-32-chars!' } as NodeJS.ProcessEnv;
    expect(loadConfig(production).SMS_SANDBOX).toBe(false);
    expect(loadConfig({ ...production, SMS_SANDBOX: '1' }).SMS_SANDBOX).toBe(true);
    expect(loadConfig({ NODE_ENV: 'development' } as NodeJS.ProcessEnv).SMS_SANDBOX).toBe(true);
    expect(() => loadConfig({ ...production, TRUST_PROXY: 'true' })).toThrow(/TRUST_PROXY/);
  });
});

describe(`ids on ${dbLabel}`, () => {
  const loose = ['0x10', '1e3', '16.0', ' 16', '+16', '0b1', 'Infinity'];
  for (const value of loose) {
    it(`refuses the goods id ${JSON.stringify(value)} with 422`, async () => {
      const res = await agent(t.app).get(`/api/goods/detail/${encodeURIComponent(value)}`);
      expect(res.status).toBe(422);
      expect(res.body.message).toBe('商品ID格式不正确');
    });
  }

  it('refuses loose numbers in a query, a body and a quantity, and reads plain digits', async () => {
    const demo = await loginAs(t.app, 'demo');
    expect((await demo.get('/api/order?page=0x2')).status).toBe(422);
    expect((await demo.get('/api/order?page=2')).body.code).toBe(10000);
    const [g] = await plainGoods(1);
    const hex = await demo.post('/api/cart', { params: [{ goods_id: `0x${g.id.toString(16)}`, number: g.zbz }] });
    expect(hex.status).toBe(422);
    const exp = await demo.post('/api/cart', { params: [{ goods_id: g.id, number: '1e2' }] });
    expect(exp.status).toBe(422);
    expect(exp.body.message).toBe('采购数量须为整数');
    const lines = await t.db
      .select()
      .from(cartItems)
      .where(and(eq(cartItems.goodsId, g.id), inArray(cartItems.userId, [await userId('demo')])));
    expect(lines).toHaveLength(0);
    expect((await demo.postJson('/api/cart', { params: [{ goods_id: g.id, number: g.zbz }] })).body.code).toBe(10000);
  });
});
