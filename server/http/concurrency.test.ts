/**
 * PGlite has one connection: 200 requests at once (reads, logins that rotate sessions in a transaction,
 * writes) must all finish correctly, with no statement of one request running inside another's transaction.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { count, eq, sql } from 'drizzle-orm';
import { pageViews, sessions, users } from '../db/schema/index.js';
import { agent, buildTestApp, dbLabel, DEMO_PASSWORD, type TestApp } from '../testing.js';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp({ config: { RATE_LIMIT_FACTOR: 1000 } });
});
afterAll(async () => t?.close());

describe(`200 concurrent requests on ${dbLabel}`, () => {
  it('all succeed and every write lands exactly once', async () => {
    const [{ n: sessionsBefore }] = await t.db.select({ n: count() }).from(sessions);
    const jobs = Array.from({ length: 200 }, (_, i) => {
      const a = agent(t.app);
      switch (i % 4) {
        case 0:
          return a.post('/api/user/login', { username: i % 8 ? 'demo' : 'chain', password: DEMO_PASSWORD }).then(async (r) => {
            expect(r.body.code).toBe(10000);
            return a.get('/api/user/base');
          });
        case 1:
          return a.post('/api/stat/pv', { path: `/concurrent/${i}`, title: '并发' });
        case 2:
          return a.get('/api/focus/common');
        default:
          return a.get(`/api/user/phone/138000000${String(i % 100).padStart(2, '0')}`);
      }
    });
    const results = await Promise.all(jobs);
    for (const r of results) {
      expect(r.status).toBe(200);
      expect(r.body.code).toBe(10000);
    }
    const logins = results.filter((_, i) => i % 4 === 0);
    for (const r of logins) expect(['demo', 'chain']).toContain(r.body.data.username);
    const [{ n: views }] = await t.db.select({ n: count() }).from(pageViews);
    expect(views).toBe(50);
    const [{ n: sessionsAfter }] = await t.db.select({ n: count() }).from(sessions);
    expect(sessionsAfter - sessionsBefore).toBe(50);
  });

  it('lets exactly one of five simultaneous registrations of one username through, the rest get 422', async () => {
    const racers = await Promise.all(
      Array.from({ length: 5 }, async (_, i) => {
        const a = agent(t.app);
        const phone = `1357000000${i}`;
        await a.post('/api/user/create_code', { phone, type: 'register' });
        const code = (await a.get(`/api/dev/sms_outbox?phone=${phone}`)).body.data.code as string;
        return { a, phone, code };
      }),
    );
    const results = await Promise.all(
      racers.map(({ a, phone, code }) =>
        a.post('/api/user/register', { step: 1, phone, code, username: 'racer01', password: 'Racer2026', password_confirmation: 'Racer2026', agree: 1 }),
      ),
    );
    expect(results.filter((r) => r.body.code === 10000)).toHaveLength(1);
    for (const r of results.filter((x) => x.body.code !== 10000)) {
      expect(r.status).toBe(422);
      expect(r.body.message).toMatch(/[\u4e00-\u9fa5]/);
    }
    const [{ n }] = await t.db.select({ n: count() }).from(users).where(eq(users.username, 'racer01'));
    expect(n).toBe(1);
  });
});

describe(`a slow query on ${dbLabel}`, () => {
  it('holds up no answer the server keeps in memory, and the statements after it still run in order', async () => {
    const a = agent(t.app);
    expect((await a.get('/api/focus/common')).body.code).toBe(10000);
    const done: string[] = [];
    const slow = t.db.execute(sql`select pg_sleep(1.5)`).then(() => done.push('slow query'));
    // While the database sleeps, the kept shell content answers; the next query waits for its turn.
    const kept = await a.get('/api/focus/common');
    done.push('kept answer');
    expect(kept.body.code).toBe(10000);
    const after = t.db.execute(sql`select 1 as one`).then(() => done.push('next query'));
    await Promise.all([slow, after]);
    expect(done[0]).toBe('kept answer');
    // PGlite's one connection runs the next query after the slow one; PostgreSQL's pool runs it on another
    // connection at once, so it finishes first.
    const order = dbLabel === 'PGlite' ? ['kept answer', 'slow query', 'next query'] : ['kept answer', 'next query', 'slow query'];
    expect(done).toEqual(order);
  });
});
