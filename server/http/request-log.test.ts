/** The log says one line per request at info level: method, url, status and time. */
import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app.js';
import { warmUp } from '../startup.js';
import { dbLabel, openTestDatabase, testConfig, type TestDatabase } from '../testing.js';

let database: TestDatabase;
let app: Awaited<ReturnType<typeof buildApp>>;
const lines: Record<string, unknown>[] = [];

beforeAll(async () => {
  database = await openTestDatabase({ goods: 20 });
  const stream = new Writable({
    write(chunk: Buffer, _encoding, done) {
      for (const line of chunk.toString().split('\n').filter(Boolean)) lines.push(JSON.parse(line) as Record<string, unknown>);
      done();
    },
  });
  app = await buildApp({ config: testConfig(), database, logger: { level: 'info', stream } });
  await app.ready();
});
afterAll(async () => {
  await app?.close();
  await database?.dispose();
});

describe(`request logs on ${dbLabel}`, () => {
  it('write one line per request with its method, url, status and time', async () => {
    lines.length = 0;
    const ok = await app.inject({ method: 'GET', url: '/api/goods/hot' });
    const missing = await app.inject({ method: 'GET', url: '/api/no/such/call?x=1' });
    expect([ok.statusCode, missing.statusCode]).toEqual([200, 404]);
    // One line for each of the two requests.
    expect(new Set(lines.map((l) => l.reqId)).size).toBe(2);
    expect(lines).toEqual([
      expect.objectContaining({ level: 30, method: 'GET', url: '/api/goods/hot', statusCode: 200, responseTime: expect.any(Number) }),
      expect.objectContaining({ level: 30, method: 'GET', url: '/api/no/such/call?x=1', statusCode: 404, responseTime: expect.any(Number) }),
    ]);
    expect(lines.some((l) => l.msg === 'incoming request' || l.msg === 'request completed')).toBe(false);
  });

  it('leave out the warm-up before the server listens, and log every request after it as before', async () => {
    lines.length = 0;
    // Answered over the loopback, and the port it opened for that is closed again.
    expect(await warmUp(app, ['/api/goods/hot', '/api/goods/list?page=1', '/api/goods/search?keywords=a&type=1'])).toBe(3);
    expect(app.server.listening).toBe(false);
    await app.inject({ method: 'GET', url: '/api/goods/hot' });
    expect(lines).toEqual([expect.objectContaining({ level: 30, msg: 'request', url: '/api/goods/hot', statusCode: 200 })]);
  });
});
