/** What an attacker tries with the input: control characters in any field, oversized URLs, a login phone changed with no proof, the sandboxes played for another account, and ids written in hex. */
import { describe, it, expect, beforeAll } from 'vitest';
import http from 'node:http';
import os from 'node:os';
import { and, eq, inArray } from 'drizzle-orm';
import { z } from 'zod';
import { buildApp } from '../app.js';
import { loadConfig } from '../config.js';
import { cartItems } from '../db/schema/index.js';
import { agent, dbLabel, DEMO_PASSWORD, loginAs, openTestDatabase, testConfig } from '../testing.js';
import { sent, t, CHINESE, Agent, userId, plainGoods, openAbuseApp } from './abuse.fixture.js';

openAbuseApp();

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
    const database = await openTestDatabase({ goods: 20 });
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

  it('keeps twice the cores and one more PostgreSQL connections unless DB_POOL says otherwise', () => {
    expect(loadConfig({} as NodeJS.ProcessEnv).DB_POOL).toBe(os.availableParallelism() * 2 + 1);
    expect(loadConfig({ DB_POOL: '12' } as NodeJS.ProcessEnv).DB_POOL).toBe(12);
    expect(() => loadConfig({ DB_POOL: '0' } as NodeJS.ProcessEnv)).toThrow(/DB_POOL/);
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
