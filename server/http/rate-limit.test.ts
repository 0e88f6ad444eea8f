/** Login, code sending and registration are rate limited per address: guessing passwords stops at the limit. */
import crypto from 'node:crypto';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { agent, buildTestApp, dbLabel, type TestApp } from '../testing.js';
import { redisAnswers, TEST_REDIS_URL } from '../test-processes.js';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp({ goods: 20 });
});
afterAll(async () => t?.close());

describe(`rate limits on ${dbLabel}`, () => {
  it('stops password guessing after 20 attempts a minute with a Chinese 429', async () => {
    const a = agent(t.app);
    // Twenty names, one guess each: the per-account lock (login-guard.test.ts) stays out of the way.
    for (let i = 0; i < 20; i++) {
      const r = await a.post('/api/user/login', { username: `guess${i}`, password: `Wrong${i}pass` });
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

/** Several server processes share one Redis: the limit counts across all of them. */
const REDIS_URL = TEST_REDIS_URL;
// The counters an earlier run left would count against this one.
const redisUp = await redisAnswers(REDIS_URL, { clearing: 'yct-rl-*' });

// Without CI the Redis tests skip when Redis is not running; CI starts Redis (.ci/run), so there they must not skip.
it.runIf(process.env.CI)(`finds Redis answering at ${REDIS_URL} (checked under CI, where the Redis tests must run)`, () => {
  expect(redisUp, `Redis does not answer at ${REDIS_URL}`).toBe(true);
});

describe.runIf(redisUp)(`rate limits shared through Redis at ${REDIS_URL} (runs when Redis answers) on ${dbLabel}`, () => {
  it('counts logins across two server processes of a site, and apart from another site on the same Redis', async () => {
    // Processes of one site share its database; here, the same data folder.
    const site = { REDIS_URL, DATA_DIR: path.join(os.tmpdir(), `yct-rl-${crypto.randomUUID()}`) };
    const one = await buildTestApp({ goods: 10, config: site });
    const two = await buildTestApp({ goods: 10, config: site });
    const other = await buildTestApp({ goods: 10, config: { REDIS_URL, DATA_DIR: path.join(os.tmpdir(), `yct-rl-${crypto.randomUUID()}`) } });
    try {
      for (let i = 0; i < 20; i++) {
        const app = i % 2 ? one : two;
        const r = await agent(app.app).post('/api/user/login', { username: `guess${i}`, password: `Wrong${i}pass` });
        expect(r.body.code).toBe(422);
      }
      const blocked = await agent(one.app).post('/api/user/login', { username: 'demo', password: 'Demo@2026' });
      expect(blocked.body.code).toBe(429);
      const elsewhere = await agent(other.app).post('/api/user/login', { username: 'demo', password: 'Demo@2026' });
      expect(elsewhere.body.code).toBe(10000);
    } finally {
      await one.close();
      await two.close();
      await other.close();
    }
  });
});
