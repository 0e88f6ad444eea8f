import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { agent, buildTestApp, dbLabel, DEMO_PASSWORD, loginAs, type TestApp } from '../../testing.js';
import { licences, smsCodes, users } from '../../db/schema/index.js';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(async () => t?.close());

const PNG = Buffer.from(
  '89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c4890000000d49444154789c6300010000050001' + '0d0a2db40000000049454e44ae426082',
  'hex',
);

async function codeFor(a: ReturnType<typeof agent>, phone: string, type: string) {
  const sent = await a.post('/api/user/create_code', { phone, type });
  expect(sent.body).toMatchObject({ code: 10000, data: { expires_in: 300, resend_in: 60 } });
  const outbox = await a.get(`/api/dev/sms_outbox?phone=${phone}`);
  expect(outbox.body.data.purpose).toBe(type);
  return outbox.body.data.code as string;
}

async function upload(a: ReturnType<typeof agent>, bytes: Buffer, filename: string) {
  const boundary = '----yct' + Date.now();
  const payload = Buffer.concat([
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${filename}"\r\nContent-Type: image/png\r\n\r\n`),
    bytes,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/upload',
    headers: {
      'content-type': `multipart/form-data; boundary=${boundary}`,
      'x-requested-with': 'XMLHttpRequest',
      cookie: a.cookie,
    },
    payload,
  });
  return res.json();
}

describe(`accounts on ${dbLabel}`, () => {
  it('gives a guest the site fields with show 0 and no account data', async () => {
    const res = await agent(t.app).get('/api/user/base');
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ show: 0, username: '', token: '', cart: 0 });
    expect(res.body.data.common_config.hot_line).toMatch(/\d/);
  });

  it('logs demo in by username and by phone with every user field of the spec', async () => {
    const a = await loginAs(t.app, 'demo');
    const base = (await a.get('/api/user/base')).body.data;
    for (const field of [
      'show',
      'username',
      'name',
      'phone',
      'company',
      'face',
      'rank',
      'admin',
      'address',
      'is_passed',
      'points',
      'cart',
      'message_count',
      'wechat',
      'common_config',
      'quality_inspection',
      'login_url',
      'is_show_youx',
      'is_special',
      'is_can_chat',
      'token',
      'is_AfterSale',
    ]) {
      expect(base).toHaveProperty(field);
    }
    expect(base).toMatchObject({ show: 1, username: 'demo', is_passed: 1 });
    expect(base.admin[0]).toMatchObject({ name: expect.any(String), phone: expect.any(String), is_default: 1 });
    expect(base.message_count).toBeGreaterThan(0);
    expect(base.common_config).toHaveProperty('qq1');
    expect(base.quality_inspection).toHaveProperty('quality_inspection_url');

    const byPhone = await agent(t.app).post('/api/user/login', { username: '13800000001', password: DEMO_PASSWORD });
    expect(byPhone.body.data.username).toBe('demo');
  });

  it('accepts the token of the user object as a Bearer header', async () => {
    const a = await loginAs(t.app, 'demo');
    const token = (await a.get('/api/user/base')).body.data.token;
    const res = await t.app.inject({ url: '/api/user/base', headers: { authorization: `Bearer ${token}` } });
    expect(res.json().data.username).toBe('demo');
  });

  it('refuses a wrong password with the same message as an unknown user', async () => {
    const wrong = await agent(t.app).post('/api/user/login', { username: 'demo', password: 'nope1234' });
    const unknown = await agent(t.app).post('/api/user/login', { username: 'nobody99', password: 'nope1234' });
    expect(wrong.status).toBe(422);
    expect(wrong.body).toMatchObject({ code: 422, message: '用户名或密码错误' });
    expect(unknown.body.message).toBe(wrong.body.message);
  });

  it('rotates the session at login and ends it at logout', async () => {
    const a = await loginAs(t.app, 'demo');
    const first = a.cookie;
    await a.post('/api/user/login', { username: 'demo', password: DEMO_PASSWORD });
    expect(a.cookie).not.toBe(first);
    const old = agent(t.app);
    old.cookie = first;
    expect((await old.get('/api/user/base')).body.data.show).toBe(0);

    await a.delete('/api/user/logout');
    const after = agent(t.app);
    after.cookie = a.cookie || first;
    expect((await after.get('/api/user/base')).body.data.show).toBe(0);
  });

  it('ends the session at logout even while other requests of it are still looking it up', async () => {
    const a = await loginAs(t.app, 'demo');
    const cookie = a.cookie;
    const reader = () => {
      const r = agent(t.app);
      r.cookie = cookie;
      return r;
    };
    // Nothing has looked this session up yet: the reads sent with the logout find it in the database.
    const reads = Array.from({ length: 20 }, () => reader().get('/api/user/base'));
    const logout = a.delete('/api/user/logout');
    const answers = await Promise.all([...reads, logout]);
    expect(answers.every((r) => r.status === 200)).toBe(true);
    expect((await reader().get('/api/user/base')).body.data.show).toBe(0);
  });

  it('answers 401 with code 10001 to a guest calling a member-only call', async () => {
    const res = await agent(t.app).post('/api/user/updateUserInfo', { name: '张三', phone: '13900000000' });
    expect(res.status).toBe(401);
    expect(res.body).toMatchObject({ code: 10001, message: '未登录' });
  });

  it('registers a pharmacy through the three steps, reading the code from the outbox', async () => {
    const a = agent(t.app);
    const phone = '13912340001';
    expect((await a.get(`/api/user/phone/${phone}`)).body.data.exists).toBe(0);
    const code = await codeFor(a, phone, 'register');
    const step1 = await a.post('/api/user/register', {
      step: 1,
      phone,
      code,
      username: 'kangtai01',
      password: 'Kangtai2026',
      password_confirmation: 'Kangtai2026',
      agree: 1,
    });
    expect(step1.body).toMatchObject({ code: 10000, data: { next: 2 } });
    expect((await a.get(`/api/user/phone/${phone}`)).body.data.exists).toBe(1);

    const scopes = (await a.get('/api/user/jyfw')).body.data as { id: number; name: string }[];
    expect(scopes.length).toBeGreaterThan(3);
    const step2 = await a.post('/api/user/register', {
      step: 2,
      company: '杭州康泰大药房有限公司',
      type: '单体药店',
      name: '王芳',
      contact_phone: '0571-88886666',
      province: '浙江省',
      city: '杭州市',
      district: '西湖区',
      address: '文三路 88 号',
      jyfw: [scopes[0].id, scopes[1].id],
    });
    expect(step2.body).toMatchObject({ code: 10000, data: { next: 3 } });

    const up = await upload(a, PNG, '营业执照.png');
    expect(up).toMatchObject({ code: 10000, data: { url: expect.stringMatching(/^\/uploads\/.+\.png$/) } });
    const image = up.data.url;
    const missing = await a.post('/api/user/register', { step: 3, licences: [{ type: 'yyzz', image }] });
    expect(missing.status).toBe(422);
    expect(missing.body.message).toBe('请上传药品经营许可证');

    const step3 = await a.post('/api/user/register', {
      step: 3,
      licences: [
        { type: 'yyzz', image, number: '91330106MA2H0XXX1', valid_until: '2030-12-31' },
        { type: 'ypjyxkz', image, number: '浙AA5710001' },
        { type: 'cgwts', image },
      ],
    });
    expect(step3.body).toMatchObject({ code: 10000, data: { done: 1 } });
    const base = (await a.get('/api/user/base')).body.data;
    expect(base).toMatchObject({ show: 1, username: 'kangtai01', company: '杭州康泰大药房有限公司', is_passed: 0, register_step: 3 });
    const [user] = await t.db.select().from(users).where(eq(users.username, 'kangtai01'));
    expect(await t.db.select().from(licences).where(eq(licences.userId, user.id))).toHaveLength(3);

    const served = await t.app.inject({ url: image, headers: { cookie: a.cookie } });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/png');
  });

  it('refuses a wrong code, a reused code and a taken username', async () => {
    const a = agent(t.app);
    const phone = '13912340002';
    const code = await codeFor(a, phone, 'register');
    const bad = {
      step: 1,
      phone,
      code: code === '000000' ? '111111' : '000000',
      username: 'fresh01',
      password: 'Abc12345',
      password_confirmation: 'Abc12345',
      agree: 1,
    };
    const wrong = await a.post('/api/user/register', bad);
    expect(wrong.status).toBe(422);
    expect(wrong.body.data.errors.code).toEqual(['短信验证码不正确']);
    const taken = await a.post('/api/user/register', { ...bad, code, username: 'demo' });
    expect(taken.body.data.errors.username).toEqual(['该用户名已被注册']);
    const mismatch = await a.post('/api/user/register', { ...bad, code, password_confirmation: 'Abc123456' });
    expect(mismatch.body.data.errors.password_confirmation).toEqual(['两次输入的密码不一致']);
    expect((await a.post('/api/user/register', { ...bad, code })).body.code).toBe(10000);
    const again = await agent(t.app).post('/api/user/register', { ...bad, code, username: 'fresh02', phone });
    expect(again.body.code).toBe(422);
  });

  it('does not send a second code to the same phone within 60 seconds', async () => {
    const a = agent(t.app);
    await codeFor(a, '13912340003', 'register');
    const again = await a.post('/api/user/create_code', { phone: '13912340003', type: 'register' });
    expect(again.body.code).toBe(429);
    expect(again.body.message).toMatch(/秒后再试/);
    const registered = await a.post('/api/user/create_code', { phone: '13800000001', type: 'register' });
    expect(registered.body).toMatchObject({ code: 400, message: '该手机号已注册' });
  });

  it('lets the chain headquarters add a sub-store through the dd steps', async () => {
    const hq = await loginAs(t.app, 'chain');
    const me = (await hq.get('/api/user/base')).body.data;
    const phone = '13912340004';
    const code = await codeFor(hq, phone, 'register');
    const step1 = await hq.post('/api/user/register', {
      step: 1,
      parent: me.id,
      phone,
      code,
      username: 'chainc01',
      password: 'Store2026',
      password_confirmation: 'Store2026',
      agree: 1,
    });
    expect(step1.body.data).toMatchObject({ next: 2, store_id: expect.any(Number) });
    const storeId = step1.body.data.store_id;
    expect((await hq.get('/api/user/base')).body.data.username).toBe('chain');
    const scopes = (await hq.get('/api/user/jyfw')).body.data;
    const step2 = await hq.post('/api/user/register', {
      step: 2,
      parent: me.id,
      store_id: storeId,
      company: '康宁连锁天河店',
      type: '连锁门店',
      name: '李雷',
      contact_phone: '13912340004',
      province: '广东省',
      city: '广州市',
      district: '天河区',
      address: '体育西路 1 号',
      jyfw: [scopes[0].id],
    });
    expect(step2.body.code).toBe(10000);
    const [store] = await t.db.select().from(users).where(eq(users.id, storeId));
    expect(store).toMatchObject({ parentId: me.id, companyType: '连锁门店', company: '康宁连锁天河店' });

    const demo = await loginAs(t.app, 'demo');
    const demoId = (await demo.get('/api/user/base')).body.data.id;
    const notChain = await demo.post('/api/user/register', {
      step: 2,
      parent: demoId,
      store_id: storeId,
      company: 'x公司',
      type: '连锁门店',
      name: '李雷',
      contact_phone: '13912340004',
      province: '广东省',
      city: '广州市',
      district: '天河区',
      address: '体育西路 1 号',
      jyfw: [scopes[0].id],
    });
    expect(notChain.body.code).toBe(422);
  });

  it('resets a forgotten password and ends every session of the account', async () => {
    const phone = '13912340005';
    const r = agent(t.app);
    const rc = await codeFor(r, phone, 'register');
    await r.post('/api/user/register', { step: 1, phone, code: rc, username: 'forget01', password: 'First2026', password_confirmation: 'First2026', agree: 1 });
    const other = await loginAs(t.app, 'forget01', 'First2026');
    await t.db
      .update(smsCodes)
      .set({ createdAt: new Date(Date.now() - 120_000) })
      .where(eq(smsCodes.phone, phone));

    const f = agent(t.app);
    const code = await codeFor(f, phone, 'forget');
    const step1 = await f.post('/api/user/forget', { step: 1, phone, code });
    expect(step1.body.data.ticket).toEqual(expect.any(String));
    const step2 = await f.post('/api/user/forget', { step: 2, ticket: step1.body.data.ticket, password: 'Second2026', password_confirmation: 'Second2026' });
    expect(step2.body.data).toEqual({ done: 1 });
    expect((await other.get('/api/user/base')).body.data.show).toBe(0);
    expect((await r.get('/api/user/base')).body.data.show).toBe(0);
    await loginAs(t.app, 'forget01', 'Second2026');
    const reuse = await f.post('/api/user/forget', { step: 2, ticket: step1.body.data.ticket, password: 'Third2026', password_confirmation: 'Third2026' });
    expect(reuse.body.code).toBe(422);
  });

  it('changes the password with the old one, ending the other sessions but not this one', async () => {
    const phone = '13912340006';
    const r = agent(t.app);
    const rc = await codeFor(r, phone, 'register');
    await r.post('/api/user/register', { step: 1, phone, code: rc, username: 'change01', password: 'First2026', password_confirmation: 'First2026', agree: 1 });
    const other = await loginAs(t.app, 'change01', 'First2026');
    const wrong = await r.post('/api/user/resetPassword', { old_password: 'Wrong2026', password: 'Next2026', password_confirmation: 'Next2026' });
    expect(wrong.body.data.errors.old_password).toEqual(['原密码不正确']);
    const done = await r.post('/api/user/resetPassword', { old_password: 'First2026', password: 'Next2026', password_confirmation: 'Next2026' });
    expect(done.body.code).toBe(10000);
    expect((await r.get('/api/user/base')).body.data.username).toBe('change01');
    expect((await other.get('/api/user/base')).body.data.show).toBe(0);
  });

  it('updates name and e-mail; the login phone must be a mobile number', async () => {
    const a = await loginAs(t.app, 'pending');
    const phone = (await a.get('/api/user/base')).body.data.phone as string;
    const bad = await a.post('/api/user/updateUserInfo', { name: '赵敏', phone: '12345' });
    expect(bad.status).toBe(422);
    expect(bad.body.message).toBe('请输入正确的手机号');
    const landline = await a.post('/api/user/updateUserInfo', { name: '赵敏', phone: '020-38886666' });
    expect(landline.body.data.errors.phone).toContain('请输入正确的手机号');
    const email = await a.post('/api/user/updateUserInfo', { name: '赵敏', phone, email: 'a@b' });
    expect(email.body.data.errors.email).toEqual(['请输入正确的邮箱地址']);
    const saved = await a.post('/api/user/updateUserInfo', { name: '赵敏', phone, email: 'zhao_min@kangning.cn' });
    expect(saved.body.data).toMatchObject({ name: '赵敏', phone, email: 'zhao_min@kangning.cn' });
  });

  it('refuses an unsafe call without X-Requested-With or from another site', async () => {
    const noHeader = await t.app.inject({ method: 'POST', url: '/api/user/login', payload: { username: 'demo', password: DEMO_PASSWORD } });
    expect(noHeader.statusCode).toBe(403);
    const foreign = await t.app.inject({
      method: 'POST',
      url: '/api/user/login',
      headers: { 'x-requested-with': 'XMLHttpRequest', origin: 'https://evil.example', host: 'localhost' },
      payload: { username: 'demo', password: DEMO_PASSWORD },
    });
    expect(foreign.statusCode).toBe(403);
    expect(foreign.json()).toMatchObject({ code: 403, message: '非法请求' });
  });

  it('refuses uploads that are not images or PDFs', async () => {
    const a = await loginAs(t.app, 'demo');
    const res = await upload(a, Buffer.from('#!/bin/sh\necho hi\n'), 'x.png');
    expect(res).toMatchObject({ code: 422, message: '仅支持 JPG、PNG、GIF、WEBP 图片或 PDF 文件' });
  });

  it('logs in and binds through the sandbox WeChat scan', async () => {
    const a = agent(t.app);
    const qr = (await a.post('/api/wechat/qrcode')).body.data;
    expect((await a.get(`/api/wechat/status?ticket=${qr.ticket}`)).body.data.status).toBe('waiting');
    const { device } = (await a.post('/api/wechat/sandbox_scan', { ticket: qr.ticket, nickname: '康泰王店长' })).body.data;
    expect(device).toMatch(/^[A-Za-z0-9_-]{32,}$/);
    expect((await a.get(`/api/wechat/status?ticket=${qr.ticket}`)).body.data).toMatchObject({ status: 'scanned', bound: 0 });
    const phone = '13912340007';
    const code = await codeFor(a, phone, 'register');
    const reg = await a.post('/api/user/register', {
      step: 1,
      phone,
      code,
      username: 'wechat01',
      password: 'Wechat2026',
      password_confirmation: 'Wechat2026',
      agree: 1,
      wechat_ticket: qr.ticket,
    });
    expect(reg.body.code).toBe(10000);
    expect((await a.get('/api/user/base')).body.data.wechat).toBe('康泰王店长');

    const b = agent(t.app);
    const qr2 = (await b.post('/api/wechat/qrcode')).body.data;
    // The same phone (its kept identity) scans again from another browser.
    await b.post('/api/wechat/sandbox_scan', { ticket: qr2.ticket, nickname: '康泰王店长', device });
    const status = await b.get(`/api/wechat/status?ticket=${qr2.ticket}`);
    expect(status.body.data).toMatchObject({ bound: 1, user: { username: 'wechat01' } });
    expect((await b.get('/api/user/base')).body.data.username).toBe('wechat01');
    expect((await b.get(`/api/wechat/status?ticket=${qr2.ticket}`)).body.data.status).toBe('expired');
  });
});
