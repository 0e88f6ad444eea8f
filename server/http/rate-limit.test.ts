/** Login, code sending and registration are rate limited per address: guessing passwords stops at the limit. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { agent, buildTestApp, dbLabel, type TestApp } from '../testing.js';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp({ goods: 20 });
});
afterAll(async () => t?.close());

describe(`rate limits on ${dbLabel}`, () => {
  it('stops password guessing after 20 attempts a minute with a Chinese 429', async () => {
    const a = agent(t.app);
    for (let i = 0; i < 20; i++) {
      const r = await a.post('/api/user/login', { username: 'demo', password: `Wrong${i}pass` });
      expect(r.body).toMatchObject({ code: 422, message: '用户名或密码错误' });
    }
    const blocked = await a.post('/api/user/login', { username: 'demo', password: 'Demo@2026' });
    expect(blocked.status).toBe(429);
    expect(blocked.body).toMatchObject({ code: 429, message: '操作过于频繁，请稍后再试' });
  });

  it('limits SMS code requests per address', async () => {
    const a = agent(t.app);
    const codes = [];
    for (let i = 0; i < 11; i++) codes.push(await a.post('/api/user/create_code', { phone: `1391234${String(1000 + i)}`, type: 'register' }));
    expect(codes.slice(0, 10).every((r) => r.body.code === 10000)).toBe(true);
    expect(codes[10].body.code).toBe(429);
  });
});
