/**
 * What an operator's machinery sees of a running server: `/healthz` while the process lives, `/readyz` naming what
 * does not answer, `/metrics` for Prometheus and nobody else, and an id on every answer that leads to its log lines.
 */
import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app.js';
import { openSocket } from '../modules/chat/testing.js';
import { runJobs } from '../modules/jobs/index.js';
import { OPERATOR_PASSWORD } from '../modules/operators/index.js';
import { dbLabel, openTestDatabase, testConfig, type TestDatabase } from '../testing.js';
import { redisAnswers, TEST_REDIS_URL } from '../test-processes.js';
import { Metrics } from './metrics.js';

type App = Awaited<ReturnType<typeof buildApp>>;
type LogLine = { level: number; msg: string; reqId?: string; url?: string; statusCode?: number; checks?: unknown };

const TOKEN = 'scrape-token-0123456789';
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/** A logger that keeps every line it is given. */
function keptLog() {
  const lines: LogLine[] = [];
  const stream = new Writable({
    write(chunk: Buffer, _encoding, done) {
      for (const line of chunk.toString().split('\n').filter(Boolean)) lines.push(JSON.parse(line) as LogLine);
      done();
    },
  });
  return { lines, logger: { level: 'info', stream } };
}

let database: TestDatabase;
/** Without METRICS_TOKEN: metrics for this machine alone. */
let app: App;
let metrics: Metrics;
/** With METRICS_TOKEN. */
let guarded: App;
const log = keptLog();

beforeAll(async () => {
  database = await openTestDatabase({ goods: 20 });
  metrics = new Metrics();
  app = await buildApp({ config: testConfig(), database, logger: log.logger, metrics });
  guarded = await buildApp({ config: testConfig({ METRICS_TOKEN: TOKEN }), database, logger: false });
  await Promise.all([app.ready(), guarded.ready()]);
});
afterAll(async () => {
  await app?.close();
  await guarded?.close();
  await database?.dispose();
});

const get = (url: string, headers: Record<string, string> = {}) => app.inject({ method: 'GET', url, headers });

type Sample = { name: string; labels: Record<string, string>; value: number };

/** The samples of a Prometheus text exposition. */
function samples(text: string): Sample[] {
  return text
    .split('\n')
    .filter((line) => line && !line.startsWith('#'))
    .map((line) => {
      const [, name, labels = '', value] = /^(\w+)(?:\{(.*)\})? (\S+)$/.exec(line)!;
      return { name, labels: Object.fromEntries([...labels.matchAll(/(\w+)="((?:[^"\\]|\\.)*)"/g)].map((m) => [m[1], m[2]])), value: Number(value) };
    });
}

/** What the app's /metrics says now, read from this machine. */
async function scrape() {
  const res = await get('/metrics');
  expect(res.statusCode).toBe(200);
  const all = samples(res.body);
  /** The sum of the samples of that name whose labels include `labels` (0 when there are none). */
  return (name: string, labels: Record<string, string> = {}) =>
    all.filter((s) => s.name === name && Object.entries(labels).every(([k, v]) => s.labels[k] === v)).reduce((sum, s) => sum + s.value, 0);
}

describe(`health and readiness on ${dbLabel}`, () => {
  it('says the process lives at /healthz: plain JSON, kept by nobody', async () => {
    const res = await get('/healthz');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: 'ok', pid: process.pid });
    expect(res.headers['cache-control']).toBe('no-store');
  });

  it('says it is ready at /readyz while the database answers', async () => {
    const res = await get('/readyz');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: 'ok', checks: { database: 'ok' } });
    expect(res.headers['cache-control']).toBe('no-store');
  });

  it('answers 503 at /readyz naming the database once the database is gone, and says so in the log', async () => {
    const gone = await openTestDatabase({ goods: 20 });
    const kept = keptLog();
    const orphan = await buildApp({ config: testConfig(), database: gone, logger: kept.logger });
    let disposed = false;
    try {
      await orphan.ready();
      expect((await orphan.inject({ method: 'GET', url: '/readyz' })).statusCode).toBe(200);
      await gone.dispose();
      disposed = true;
      const res = await orphan.inject({ method: 'GET', url: '/readyz' });
      expect(res.statusCode).toBe(503);
      expect(res.json()).toEqual({ status: 'unavailable', checks: { database: 'down' } });
      // The process itself still lives.
      expect((await orphan.inject({ method: 'GET', url: '/healthz' })).statusCode).toBe(200);
      const warning = kept.lines.find((l) => l.msg === 'not ready');
      expect(warning).toMatchObject({ level: 40, checks: { database: 'down' }, reqId: res.headers['x-request-id'] });
      // Said once, not at every probe of a balancer polling each second.
      expect((await orphan.inject({ method: 'GET', url: '/readyz' })).statusCode).toBe(503);
      expect(kept.lines.filter((l) => l.msg === 'not ready')).toHaveLength(1);
    } finally {
      await orphan.close();
      if (!disposed) await gone.dispose();
    }
  });

  it('leaves the three out of the API reference', async () => {
    const paths = Object.keys((await get('/api/docs')).json().paths as Record<string, unknown>);
    expect(paths.length).toBeGreaterThan(50);
    expect(paths.filter((p) => ['/healthz', '/readyz', '/metrics'].includes(p))).toEqual([]);
  });
});

const REDIS_URL = TEST_REDIS_URL;
const redisUp = await redisAnswers();

// Under CI Redis runs (.ci/run) and this must not skip; elsewhere it runs when Redis answers.
it.runIf(redisUp || process.env.CI)(`names Redis at /readyz when REDIS_URL is set (${REDIS_URL})`, async () => {
  const withRedis = await buildApp({ config: testConfig({ REDIS_URL }), database, logger: false });
  try {
    const res = await withRedis.inject({ method: 'GET', url: '/readyz' });
    expect(res.json()).toEqual({ status: 'ok', checks: { database: 'ok', redis: 'ok' } });
  } finally {
    await withRedis.close();
  }
});

describe(`metrics on ${dbLabel}`, () => {
  it('serves /metrics to this machine without a token, and 404 to any other address or through a proxy', async () => {
    const here = await get('/metrics');
    expect(here.statusCode).toBe(200);
    expect(here.headers['content-type']).toContain('text/plain');
    expect(here.body).toContain('# TYPE yct_http_requests_total counter');
    const away = await app.inject({ method: 'GET', url: '/metrics', remoteAddress: '10.0.0.7' });
    expect(away.statusCode).toBe(404);
    expect(away.body).not.toContain('yct_');
    // A proxy on this machine connects from the loopback too, and says whom it forwards.
    expect((await get('/metrics', { 'x-forwarded-for': '203.0.113.9' })).statusCode).toBe(404);
  });

  it('serves /metrics with METRICS_TOKEN only to a request that bears it, from wherever it comes', async () => {
    const ask = (headers: Record<string, string>, remoteAddress = '127.0.0.1') => guarded.inject({ method: 'GET', url: '/metrics', headers, remoteAddress });
    expect((await ask({})).statusCode).toBe(404);
    expect((await ask({ authorization: 'Bearer wrong-token-0123456789' })).statusCode).toBe(404);
    expect((await ask({ authorization: TOKEN })).statusCode).toBe(404);
    const scraped = await ask({ authorization: `Bearer ${TOKEN}` }, '10.0.0.7');
    expect(scraped.statusCode).toBe(200);
    expect(scraped.body).toContain('yct_db_query_duration_seconds_count');
  });

  it('counts requests by route and status, exactly, and times them', async () => {
    const before = await scrape();
    const answers = await Promise.all([1, 1, 2].map((id) => get(`/api/goods/detail/${id}`)));
    expect(answers.map((r) => r.statusCode)).toEqual([200, 200, 200]);
    await get('/api/no/such/call');
    const after = await scrape();
    const detail = { route: '/api/goods/detail/:id', method: 'GET', status_code: '200' };
    expect(after('yct_http_requests_total', detail) - before('yct_http_requests_total', detail)).toBe(3);
    expect(after('yct_http_request_duration_seconds_count', detail) - before('yct_http_request_duration_seconds_count', detail)).toBe(3);
    expect(
      after('yct_http_request_duration_seconds_bucket', { ...detail, le: '+Inf' }) -
        before('yct_http_request_duration_seconds_bucket', { ...detail, le: '+Inf' }),
    ).toBe(3);
    expect(after('yct_http_request_duration_seconds_sum', detail)).toBeGreaterThan(before('yct_http_request_duration_seconds_sum', detail));
    const unmatched = { route: 'unmatched', method: 'GET', status_code: '404' };
    expect(after('yct_http_requests_total', unmatched) - before('yct_http_requests_total', unmatched)).toBe(1);
  });

  it('counts a shared answer worked out once as a miss, then found as a hit', async () => {
    const url = '/api/goods/list?page=1&sort=price&order=asc&per_page=7';
    const first = await scrape();
    await get(url);
    const second = await scrape();
    await get(url);
    const third = await scrape();
    expect(second('yct_cache_lookups_total', { result: 'miss' })).toBeGreaterThan(first('yct_cache_lookups_total', { result: 'miss' }));
    expect(third('yct_cache_lookups_total', { result: 'miss' })).toBe(second('yct_cache_lookups_total', { result: 'miss' }));
    expect(third('yct_cache_lookups_total', { result: 'hit' })).toBeGreaterThan(second('yct_cache_lookups_total', { result: 'hit' }));
  });

  it("times the database's statements, and shows the pool on PostgreSQL", async () => {
    const before = await scrape();
    // The readiness check sends one statement every time.
    await get('/readyz');
    const after = await scrape();
    expect(after('yct_db_query_duration_seconds_count')).toBeGreaterThan(before('yct_db_query_duration_seconds_count'));
    expect(after('yct_db_query_duration_seconds_sum')).toBeGreaterThan(0);
    const onPostgres = dbLabel === 'PostgreSQL';
    expect(after('yct_db_pool_connections') > 0).toBe(onPostgres);
    expect(after('yct_db_pool_wait_seconds_count') > 0).toBe(onPostgres);
  });

  it("shows the goods-list index's age and the process's memory and event loop", async () => {
    await get('/api/goods/list?page=1');
    const now = await scrape();
    const age = now('yct_goods_index_age_seconds');
    expect(age).toBeGreaterThanOrEqual(0);
    expect(age).toBeLessThan(60);
    expect(now('yct_process_resident_memory_bytes')).toBeGreaterThan(0);
    expect(now('yct_nodejs_eventloop_lag_seconds')).toBeGreaterThanOrEqual(0);
  });

  it("counts the chat's open connections, and serves a scrape over a real connection from this machine", async () => {
    const before = await scrape();
    const address = await app.listen({ port: 0, host: '127.0.0.1' });
    const login = await app.inject({
      method: 'POST',
      url: '/api/admin/login',
      headers: { 'x-requested-with': 'XMLHttpRequest', 'content-type': 'application/json' },
      payload: JSON.stringify({ username: 'admin', password: OPERATOR_PASSWORD }),
    });
    const cookie = String(login.headers['set-cookie']).split(';')[0];
    const socket = await openSocket(`${address.replace(/^http/, 'ws')}/api/chat/ws?role=operator`, { cookie });
    await socket.next('ready');
    expect((await scrape())('yct_chat_connections')).toBe(before('yct_chat_connections') + 1);
    // Scraped over a real connection from the loopback, as a Prometheus on this machine does.
    const real = await fetch(`${address}/metrics`);
    expect(real.status).toBe(200);
    await socket.close();
    await expect.poll(async () => (await scrape())('yct_chat_connections')).toBe(before('yct_chat_connections'));
  });

  it('counts the background jobs by outcome and times them, as the runner reports them', async () => {
    const before = await scrape();
    const runner = runJobs(
      database.db,
      [
        { name: 'test.metrics_ok', everyMs: 60_000, run: async () => 0 },
        { name: 'test.metrics_failed', everyMs: 60_000, run: () => Promise.reject(new Error('database gone')) },
      ],
      { owner: 'metrics-test', onRun: (outcome) => metrics.jobRan(outcome) },
    );
    expect((await runner.tick()).sort()).toEqual(['test.metrics_failed', 'test.metrics_ok']);
    await runner.stop();
    const after = await scrape();
    for (const [name, outcome] of [
      ['test.metrics_ok', 'ok'],
      ['test.metrics_failed', 'failed'],
    ]) {
      expect(after('yct_job_runs_total', { name, outcome }) - before('yct_job_runs_total', { name, outcome })).toBe(1);
      expect(after('yct_job_duration_seconds_count', { name }) - before('yct_job_duration_seconds_count', { name })).toBe(1);
    }
  });
});

describe(`metrics after the warm-up on ${dbLabel}`, () => {
  it("start afresh once the warm-up's requests are done, as the server begins to listen", async () => {
    await get('/api/goods/hot');
    expect((await scrape())('yct_http_requests_total', { route: '/api/goods/hot' })).toBeGreaterThan(0);
    metrics.reset();
    const now = await scrape();
    expect(now('yct_http_requests_total', { route: '/api/goods/hot' })).toBe(0);
    expect(now('yct_http_request_duration_seconds_count')).toBe(0);
    expect(now('yct_cache_lookups_total')).toBe(0);
    await get('/api/goods/hot');
    expect((await scrape())('yct_http_requests_total', { route: '/api/goods/hot' })).toBe(1);
  });
});

describe(`request ids on ${dbLabel}`, () => {
  it('puts an id on every answer: an API answer, a 404, a 422 and a kept answer sent compressed or as 304', async () => {
    const ok = await get('/api/goods/hot');
    const missing = await get('/api/no/such/call');
    const invalid = await get('/api/goods/detail/abc');
    const badUrl = await get('/api/goods/detail/%E0%A4%A');
    const kept = await get('/api/goods/list?page=2', { 'accept-encoding': 'br' });
    const held = await get('/api/goods/list?page=2', { 'if-none-match': String(kept.headers.etag) });
    expect([ok, missing, invalid, badUrl, kept, held].map((r) => r.statusCode)).toEqual([200, 404, 422, 422, 200, 304]);
    expect(kept.headers['content-encoding']).toBe('br');
    const ids = [ok, missing, invalid, badUrl, kept, held].map((r) => String(r.headers['x-request-id']));
    for (const id of ids) expect(id).toMatch(UUID);
    expect(new Set(ids).size).toBe(ids.length);
  });

  it('keeps the id a proxy sent when it is a short plain token, and makes a new one otherwise', async () => {
    const echoed = await get('/api/goods/hot', { 'x-request-id': 'lb-7f3a.42_x' });
    expect(echoed.headers['x-request-id']).toBe('lb-7f3a.42_x');
    for (const unsafe of ['a b', '<script>', 'x'.repeat(65), '']) {
      const res = await get('/api/goods/hot', { 'x-request-id': unsafe });
      expect(res.headers['x-request-id']).toMatch(UUID);
    }
  });

  it("writes the request's id in its log line and in the error handler's", async () => {
    log.lines.length = 0;
    const res = await app.inject({
      method: 'POST',
      url: '/api/user/login',
      headers: { 'x-requested-with': 'XMLHttpRequest', 'content-type': 'application/json', 'x-request-id': 'trace-login-1' },
      payload: '{"username":',
    });
    expect(res.statusCode).toBe(422);
    expect(res.headers['x-request-id']).toBe('trace-login-1');
    expect(log.lines.filter((l) => l.reqId === 'trace-login-1').map((l) => l.msg)).toEqual(['unreadable request', 'request']);
    expect(log.lines.find((l) => l.msg === 'request')).toMatchObject({ reqId: 'trace-login-1', url: '/api/user/login', statusCode: 422 });
  });
});
