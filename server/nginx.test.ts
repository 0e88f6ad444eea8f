/**
 * The site behind nginx, as docs/deploy.md sets it up: deploy/nginx.conf itself (only the upstream addresses and
 * the port changed) in front of two server processes on one PostgreSQL database and one Redis. Through it a buyer
 * makes a whole purchase; a session made through it is valid at either process; a logout at one ends the session at
 * the other at once; the chat's WebSocket crosses processes; a rate limit counts across both; and the address the
 * server believes is the buyer's, never what a client writes in X-Forwarded-For. Runs on PostgreSQL with nginx and
 * Redis (CI installs and starts both, .ci/run; elsewhere it skips without them).
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import pg from 'pg';
import { openSocket } from './modules/chat/testing.js';
import { OPERATOR_PASSWORD } from './modules/operators/service.js';
import { DEMO_PASSWORD, DEMO_PAY_PASSWORD } from './seed/demo-password.js';
import { NGINX, startNginx, type Nginx } from './test-nginx.js';
import { redisAnswers, serverProcesses, TEST_REDIS_URL, type ServerProcesses } from './test-processes.js';

const postgresUrl = process.env.TEST_DB === 'postgres' ? process.env.TEST_DATABASE_URL || process.env.DATABASE_URL : undefined;
const ready = Boolean(postgresUrl) && fs.existsSync(NGINX) && (await redisAnswers());

// Under CI on PostgreSQL, nginx and Redis are there (.ci/run installs and starts them): this must not skip.
it.runIf(process.env.CI && postgresUrl)('finds nginx and Redis (checked under CI on PostgreSQL, where the test behind nginx must run)', async () => {
  expect(fs.existsSync(NGINX), `${NGINX} is missing: apt-get install nginx-light`).toBe(true);
  expect(await redisAnswers(), `Redis does not answer at ${TEST_REDIS_URL}`).toBe(true);
});

/** Where nginx connects to the server processes from: the one address they trust (TRUST_PROXY). */
const NGINX_SIDE = '127.0.0.2';

type Answer = { status: number; headers: http.IncomingHttpHeaders; json: any };

/**
 * One request from the client address `from` (each a loopback address of its own: the buyers' addresses as the
 * server should see them), on a connection of its own.
 */
function call(base: string, method: string, route: string, opts: { from?: string; cookie?: string; body?: unknown; headers?: Record<string, string> } = {}) {
  return new Promise<Answer>((resolve, reject) => {
    const body = opts.body === undefined ? undefined : JSON.stringify(opts.body);
    const req = http.request(
      `${base}${route}`,
      {
        method,
        agent: false,
        localAddress: opts.from ?? '127.0.0.1',
        timeout: 15_000,
        headers: {
          'x-requested-with': 'XMLHttpRequest',
          'accept-encoding': 'identity',
          ...(body ? { 'content-type': 'application/json' } : {}),
          ...(opts.cookie ? { cookie: opts.cookie } : {}),
          ...opts.headers,
        },
      },
      (res) => {
        let text = '';
        res.setEncoding('utf8');
        res.on('data', (c: string) => (text += c));
        res.on('end', () => {
          resolve({ status: res.statusCode ?? 0, headers: res.headers, json: parsed(text) });
        });
      },
    );
    req.on('error', reject);
    req.on('timeout', () => req.destroy(new Error(`${method} ${route}: no answer within 15 s`)));
    req.end(body);
  });
}

/** The body as JSON, or as text when it is none (nginx's own pages). */
function parsed(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

const sessionCookie = (res: Answer, name: string) =>
  ([] as string[])
    .concat(res.headers['set-cookie'] ?? [])
    .map((c) => c.split(';')[0])
    .find((c) => c.startsWith(`${name}=`))!;

describe.runIf(ready)('two server processes behind nginx (deploy/nginx.conf), on PostgreSQL with Redis', () => {
  let processes: ServerProcesses;
  let nginx: Nginx | undefined;
  let a: string;
  let b: string;
  let front: string;
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'yct-nginx-'));
  const sessionsOf = async (username: string) => {
    const c = new pg.Client({ connectionString: processes.url });
    await c.connect();
    try {
      return (await c.query('select s.ip from sessions s join users u on u.id = s.user_id where u.username = $1 order by s.created_at', [username])).rows.map(
        (r) => r.ip as string,
      );
    } finally {
      await c.end();
    }
  };

  beforeAll(async () => {
    processes = await serverProcesses(postgresUrl!, 'yct_nginx');
    const env = { REDIS_URL: TEST_REDIS_URL, TRUST_PROXY: NGINX_SIDE };
    a = await processes.start(env);
    b = await processes.start(env);
    nginx = await startNginx([new URL(a).host, new URL(b).host], dir, { bind: NGINX_SIDE });
    front = nginx.base;
  }, 240_000);

  afterAll(async () => {
    await nginx?.stop();
    await processes?.stop();
    fs.rmSync(dir, { recursive: true, force: true });
  }, 60_000);

  it('hands requests to both processes, and a buyer makes a whole purchase through it, logged in at both', { timeout: 120_000 }, async () => {
    const pids = new Set<number>();
    for (let i = 0; i < 6; i++) pids.add((await call(front, 'GET', '/healthz')).json.pid);
    expect([...pids].sort()).toEqual([processes.processOf(a).pid, processes.processOf(b).pid].sort());

    const buyer = { from: '127.0.0.3' };
    const login = await call(front, 'POST', '/api/user/login', { ...buyer, body: { username: 'demo', password: DEMO_PASSWORD } });
    expect(login.json.code).toBe(10000);
    const cookie = sessionCookie(login, 'yct_session');
    const as = { ...buyer, cookie };
    // The one session, whichever process is asked directly.
    for (const base of [a, b]) expect((await call(base, 'GET', '/api/user/base', { cookie })).json.data.username).toBe('demo');

    const goods = (await call(front, 'GET', '/api/goods/list?in_stock=1&per_page=50&page=1', as)).json.data.data as {
      id: number;
      zbz: number;
      is_buy: number;
      is_ephedrine: number;
      number: number;
    }[];
    const chosen = goods.filter((g) => g.is_buy && !g.is_ephedrine && g.number >= g.zbz * 4).slice(0, 3);
    expect(chosen.length).toBe(3);
    const added = await call(front, 'POST', '/api/cart', { ...as, body: { params: chosen.map((g) => ({ goods_id: g.id, number: g.zbz })) } });
    expect(added.json.code).toBe(10000);
    const lines = (await call(front, 'GET', '/api/cart/list', as)).json.data.list as { id: number; goods_id: number }[];
    expect(lines.map((l) => l.goods_id).sort()).toEqual(chosen.map((g) => g.id).sort());
    expect((await call(front, 'POST', '/api/cart/checkout', { ...as, body: { ids: lines.map((l) => l.id) } })).json.code).toBe(10000);
    const address = (await call(front, 'GET', '/api/address', as)).json.data[0].id as number;
    const placed = await call(front, 'POST', '/api/order', { ...as, body: { address_id: address, coupon_id: 0 } });
    expect(placed.json.code).toBe(10000);
    for (const o of placed.json.data.orders as { id: number }[]) {
      const paid = await call(front, 'POST', '/api/pay/order', { ...as, body: { order_id: o.id, method: 'balance', pay_password: DEMO_PAY_PASSWORD } });
      expect(paid.json.code).toBe(10000);
      // Read back at each process: paid.
      for (const base of [a, b]) expect((await call(base, 'GET', `/api/order/${o.id}`, { cookie })).json.data.pay_status).toBe(1);
    }
    // The cart's lines went into the order, at both.
    for (const base of [a, b]) expect((await call(base, 'GET', '/api/cart/list', { cookie })).json.data.list).toEqual([]);
  });

  it('believes the address nginx forwards and never one a client writes, through nginx or past it', { timeout: 60_000 }, async () => {
    const forged = { 'x-forwarded-for': '9.9.9.9' };
    const through = await call(front, 'POST', '/api/user/login', {
      from: '127.0.0.5',
      headers: forged,
      body: { username: 'chain-a', password: DEMO_PASSWORD },
    });
    expect(through.json.code).toBe(10000);
    // Straight to a process from an address it does not trust: X-Forwarded-For is ignored.
    const past = await call(a, 'POST', '/api/user/login', { from: '127.0.0.6', headers: forged, body: { username: 'chain-a', password: DEMO_PASSWORD } });
    expect(past.json.code).toBe(10000);
    expect(await sessionsOf('chain-a')).toEqual(['127.0.0.5', '127.0.0.6']);
    // Metrics are not for the front door.
    expect((await call(front, 'GET', '/metrics', { from: '127.0.0.5' })).status).toBe(404);
  });

  it('counts a rate limit across both processes: the 21st login of a minute from one address is refused', { timeout: 60_000 }, async () => {
    const from = '127.0.0.7';
    const answers: Answer[] = [];
    for (let i = 0; i < 21; i++) answers.push(await call(front, 'POST', '/api/user/login', { from, body: { username: 'chain-b', password: DEMO_PASSWORD } }));
    expect(answers.slice(0, 20).map((r) => r.status)).toEqual(Array(20).fill(200));
    expect(answers[20].status).toBe(429);
    expect(answers[20].json.message).toMatch(/[\u4e00-\u9fa5]/);
    // Another address is not held back by it.
    expect((await call(front, 'POST', '/api/user/login', { from: '127.0.0.8', body: { username: 'chain-b', password: DEMO_PASSWORD } })).status).toBe(200);
  });

  it('ends a session logged out at one process at the other at once', { timeout: 60_000 }, async () => {
    const delays: number[] = [];
    for (let i = 0; i < 5; i++) {
      const login = await call(a, 'POST', '/api/user/login', { body: { username: 'chain', password: DEMO_PASSWORD } });
      const cookie = sessionCookie(login, 'yct_session');
      // Process B has looked the session up and keeps it...
      expect((await call(b, 'GET', '/api/cart/list', { cookie })).status).toBe(200);
      expect((await call(b, 'GET', '/api/cart/list', { cookie })).status).toBe(200);
      // ...and drops it as the logout at A commits, long before its few seconds are up.
      expect((await call(a, 'DELETE', '/api/user/logout', { cookie })).json.code).toBe(10000);
      const started = performance.now();
      while ((await call(b, 'GET', '/api/cart/list', { cookie })).status !== 401) {
        if (performance.now() - started > 1_000) throw new Error(`logout ${i + 1}: process B still serves the session after 1 s`);
      }
      delays.push(performance.now() - started);
    }
    console.log(`a logout at one process ends the session at the other within ${Math.max(...delays).toFixed(1)} ms (5 logouts)`);
  });

  it('carries the chat across both processes: the buyer and the service talk, however nginx placed their sockets', { timeout: 60_000 }, async () => {
    const buyerLogin = await call(front, 'POST', '/api/user/login', { from: '127.0.0.9', body: { username: 'demo', password: DEMO_PASSWORD } });
    const buyerCookie = sessionCookie(buyerLogin, 'yct_session');
    const operatorLogin = await call(front, 'POST', '/api/admin/login', { body: { username: 'service', password: OPERATOR_PASSWORD } });
    const operatorCookie = sessionCookie(operatorLogin, 'yct_admin');
    const ws = front.replace('http', 'ws');
    const operator = await openSocket(`${ws}/api/chat/ws?role=operator`, { cookie: operatorCookie, origin: front });
    await operator.next('ready');
    const buyer = await openSocket(`${ws}/api/chat/ws`, { cookie: buyerCookie, origin: front });
    expect((await buyer.next('ready')).state).toMatchObject({ online: 1 });
    try {
      buyer.send({ type: 'send', message: { type: 'text', content: '请问这批货什么时候到？', client_id: `n${crypto.randomInt(1e9)}` } });
      const sent = (await buyer.next('ack')).message;
      expect((await operator.next('message', (e) => e.message.id === sent.id)).message.content).toBe('请问这批货什么时候到？');
      // An answer stored by each process in turn reaches the buyer's socket, wherever nginx put it: one of them
      // crossed from one process to the other.
      for (const [base, content] of [
        [a, '明天上午到货。'],
        [b, '到货后第一时间发出。'],
      ]) {
        const answered = await call(base, 'POST', `/api/admin/chat/conversations/${sent.conversation_id}/messages`, {
          cookie: operatorCookie,
          body: { type: 'text', content },
        });
        expect(answered.json.code).toBe(10000);
        expect((await buyer.next('message', (e) => e.message.id === answered.json.data.id)).message.content).toBe(content);
      }
    } finally {
      await buyer.close();
      await operator.close();
    }
  });
});
