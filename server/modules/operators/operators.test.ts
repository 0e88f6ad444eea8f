/** The console's people: operators log in (with two-factor once enrolled), hold only their roles' permissions, and every write is audited. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { generate } from 'otplib';
import { auditLog, operators, operatorSessions } from '../../db/schema/operators.js';
import { agent, buildTestApp, dbLabel, loginAs, type TestApp } from '../../testing.js';
import { OPERATOR_PASSWORD } from './service.js';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp({ goods: 20, config: { RATE_LIMIT_FACTOR: 10 } });
});
afterAll(async () => t?.close());

type Agent = ReturnType<typeof agent>;

/** An operator's browser: keeps the console cookie. */
function operatorAgent(): Agent & { admin: string } {
  let admin = '';
  const send = async (method: 'GET' | 'POST' | 'DELETE', url: string, body?: unknown) => {
    const res = await t.app.inject({
      method,
      url,
      headers: { 'x-requested-with': 'XMLHttpRequest', ...(admin ? { cookie: admin } : {}), ...(body ? { 'content-type': 'application/json' } : {}) },
      payload: body ? JSON.stringify(body) : undefined,
    });
    const set = res.headers['set-cookie'];
    for (const c of Array.isArray(set) ? set : set ? [String(set)] : []) {
      const [pair] = c.split(';');
      if (pair.startsWith('yct_admin=')) admin = pair.endsWith('=') ? '' : pair;
    }
    return { status: res.statusCode, body: res.json() as { code: number; message: string; data: any }, headers: res.headers };
  };
  return {
    get: (url: string) => send('GET', url),
    post: (url: string, body?: unknown) => send('POST', url, body ?? {}),
    postJson: (url: string, body: unknown) => send('POST', url, body),
    delete: (url: string) => send('DELETE', url),
    get cookie() {
      return admin;
    },
    set cookie(v: string) {
      admin = v;
    },
    get admin() {
      return admin;
    },
  } as never;
}

async function operatorLogin(username: string, password = OPERATOR_PASSWORD, otp?: string) {
  const a = operatorAgent();
  const res = await a.post('/api/admin/login', { username, password, ...(otp ? { otp } : {}) });
  return { a, res };
}

describe(`operators on ${dbLabel}`, () => {
  it('logs every seeded operator in with the permissions of its role, and nothing more', async () => {
    const expected: Record<string, string[]> = {
      ops: ['goods:write', 'promotion:write', 'content:write'],
      qa: ['user:review', 'receipt:check'],
      finance: ['finance:confirm', 'order:refund', 'wallet:adjust'],
      warehouse: ['order:ship'],
      service: ['chat:reply', 'service:reply'],
    };
    for (const [username, must] of Object.entries(expected)) {
      const { res } = await operatorLogin(username);
      expect(res.body.code, username).toBe(10000);
      expect(res.body.data.permissions).toEqual(expect.arrayContaining(must));
      expect(res.body.data.permissions).not.toContain('operator:admin');
    }
    const { res } = await operatorLogin('admin');
    expect(res.body.data.operator).toMatchObject({ username: 'admin', roles: ['admin'], role_names: ['超级管理员'], totp_enabled: 0 });
    expect(res.body.data.permissions).toContain('operator:admin');
  });

  it('answers a buyer session 401 on every console call, and a forbidden call 403 无权限', async () => {
    const buyer = await loginAs(t.app, 'demo');
    for (const url of ['/api/admin/me', '/api/admin/operators', '/api/admin/audit']) expect((await buyer.get(url)).status, url).toBe(401);
    const { a } = await operatorLogin('warehouse');
    const refused = await a.get('/api/admin/operators');
    expect(refused.status).toBe(403);
    expect(refused.body).toEqual({ code: 403, message: '无权限', data: null });
    expect((await a.get('/api/admin/audit')).status).toBe(403);
    expect((await a.post('/api/admin/operators', { username: 'x123', name: '张三', password: 'Abc12345', roles: ['admin'] })).status).toBe(403);
  });

  it('refuses a wrong password without saying whether the operator exists, and locks after ten', async () => {
    expect((await operatorLogin('ops', 'Wrong2026')).res.body).toMatchObject({ code: 422, message: '用户名或密码错误' });
    expect((await operatorLogin('nobody', 'Wrong2026')).res.body).toMatchObject({ code: 422, message: '用户名或密码错误' });
    for (let i = 0; i < 10; i++) await operatorLogin('service', `Wrong${i}x`);
    const locked = (await operatorLogin('service')).res.body;
    expect(locked).toMatchObject({ code: 429, message: '登录失败次数过多，请15分钟后再试' });
  });

  it('lets admin add an operator with roles, audited without the password, and refuses a taken username', async () => {
    const { a } = await operatorLogin('admin');
    const made = await a.post('/api/admin/operators', { username: 'qa2', name: '孙丽', password: 'Quality2026', roles: ['qa'] });
    expect(made.body.data).toMatchObject({ username: 'qa2', roles: ['qa'], is_disabled: 0 });
    const again = await a.post('/api/admin/operators', { username: 'qa2', name: '孙丽', password: 'Quality2026', roles: ['qa'] });
    expect(again.status).toBe(422);
    expect(again.body.data.errors.username).toEqual(['该用户名已被使用']);
    const bad = await a.post('/api/admin/operators', { username: 'Q', name: '孙', password: '123', roles: [] });
    expect(bad.status).toBe(422);
    const log = (await a.get('/api/admin/audit?action=operator.create')).body.data;
    const entry = log.data.find((e: { target_id: string }) => e.target_id === 'qa2');
    expect(entry).toMatchObject({ operator_name: '系统管理员（admin）', permission: 'operator:admin', target_type: 'operator', before: null });
    expect(entry.after).toMatchObject({ username: 'qa2', roles: ['qa'] });
    expect(JSON.stringify(entry)).not.toMatch(/argon2|password_hash|Quality2026/);
    expect((await operatorLogin('qa2', 'Quality2026')).res.body.code).toBe(10000);
  });

  it('ends the sessions of an operator who is disabled or whose password is reset', async () => {
    const { a: admin } = await operatorLogin('admin');
    const created = (await admin.post('/api/admin/operators', { username: 'temp1', name: '周明', password: 'Temp2026ab', roles: ['warehouse'] })).body.data;
    const { a: temp } = await operatorLogin('temp1', 'Temp2026ab');
    expect((await temp.get('/api/admin/me')).status).toBe(200);
    await admin.post(`/api/admin/operators/${created.id}/password`, { password: 'Next2026ab' });
    expect((await temp.get('/api/admin/me')).status).toBe(401);
    const { a: again } = await operatorLogin('temp1', 'Next2026ab');
    expect((await again.get('/api/admin/me')).status).toBe(200);
    const off = await admin.post(`/api/admin/operators/${created.id}`, { name: '周明', roles: ['warehouse'], is_disabled: 1 });
    expect(off.body.data.is_disabled).toBe(1);
    expect((await again.get('/api/admin/me')).status).toBe(401);
    expect((await operatorLogin('temp1', 'Next2026ab')).res.body.message).toBe('该操作员已停用，请联系管理员');
    const trail = (await admin.get(`/api/admin/audit?target=operator:${created.id}`)).body.data.data.map((e: { action: string }) => e.action);
    expect(trail).toEqual(['operator.update', 'operator.password']);
  });

  it('requires the TOTP code once enrolled, refuses a wrong one, and lets admin reset it', async () => {
    const { a } = await operatorLogin('finance');
    const setup = (await a.post('/api/admin/totp/setup')).body.data;
    expect(setup.uri).toMatch(/^otpauth:\/\/totp\/.+secret=/);
    expect(
      (await a.post('/api/admin/totp/enable', { otp: '000000' === (await generate({ secret: setup.secret })) ? '111111' : '000000' })).body.data.errors.otp,
    ).toEqual(['动态验证码不正确']);
    const enabled = await a.post('/api/admin/totp/enable', { otp: await generate({ secret: setup.secret }) });
    expect(enabled.body.data.totp_enabled).toBe(1);
    const [row] = await t.db.select().from(operators).where(eq(operators.username, 'finance'));
    expect(row.totpSecret).not.toContain(setup.secret);

    const bare = (await operatorLogin('finance')).res;
    expect(bare.status).toBe(422);
    expect(bare.body.data.errors.otp).toEqual(['请输入身份验证器中的6位动态验证码']);
    expect((await operatorLogin('finance', OPERATOR_PASSWORD, '123456')).res.body.message).toMatch(/动态验证码不正确|请输入/);
    expect((await operatorLogin('finance', OPERATOR_PASSWORD, await generate({ secret: setup.secret }))).res.body.code).toBe(10000);

    const { a: admin } = await operatorLogin('admin');
    await admin.post(`/api/admin/operators/${row.id}/reset_totp`);
    expect((await operatorLogin('finance')).res.body.code).toBe(10000);
  });

  it('ends a session after 30 idle minutes and after 12 hours in all', async () => {
    const { a } = await operatorLogin('ops');
    expect((await a.get('/api/admin/me')).status).toBe(200);
    const [op] = await t.db.select().from(operators).where(eq(operators.username, 'ops'));
    await t.db
      .update(operatorSessions)
      .set({ lastSeenAt: new Date(Date.now() - 31 * 60_000) })
      .where(eq(operatorSessions.operatorId, op.id));
    expect((await a.get('/api/admin/me')).status).toBe(401);
    const { a: b } = await operatorLogin('ops');
    await t.db
      .update(operatorSessions)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(operatorSessions.operatorId, op.id));
    expect((await b.get('/api/admin/me')).status).toBe(401);
    const { a: c } = await operatorLogin('ops');
    expect((await c.delete('/api/admin/logout')).body.code).toBe(10000);
    expect((await c.get('/api/admin/me')).status).toBe(401);
  });

  it('keeps the audit log append-only', async () => {
    const [first] = await t.db.select().from(auditLog).limit(1);
    expect(first).toBeDefined();
    await expect(t.db.execute(sql`update audit_log set action = 'x' where id = ${first.id}`)).rejects.toThrow();
    await expect(t.db.execute(sql`delete from audit_log where id = ${first.id}`)).rejects.toThrow();
  });
});
