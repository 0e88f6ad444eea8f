/**
 * Redis stopped under a running server (with REDIS_URL): the site keeps selling (logins, the cart, orders, payments)
 * and chatting within its process, says so at /readyz (`degraded`) and once in its log, and is whole again by itself
 * when Redis returns. `npm run test:faults`; skipped where no `redis-server` is installed (.ci/run installs it).
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { openSocket } from '../modules/chat/testing.js';
import { OPERATOR_PASSWORD } from '../modules/operators/index.js';
import { DEMO_PAY_PASSWORD } from '../seed/demo-password.js';
import { cookieOf, spawnServer } from '../test-processes.js';

const hasRedis = spawnSync('redis-server', ['--version']).status === 0;
const JSON_XHR = { 'x-requested-with': 'XMLHttpRequest', 'content-type': 'application/json' };

const freePort = () =>
  new Promise<number>((resolve) => {
    const s = net.createServer().listen(0, '127.0.0.1', () => {
      const { port } = s.address() as net.AddressInfo;
      s.close(() => resolve(port));
    });
  });

/** A Redis of the test's own on `port`, answering once it does. */
async function startRedis(port: number): Promise<ChildProcess> {
  const redis = spawn('redis-server', ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'], { stdio: 'ignore' });
  for (let i = 0; i < 100; i++) {
    const up = await new Promise<boolean>((resolve) => {
      const c = net.connect(port, '127.0.0.1', () => (c.end(), resolve(true)));
      c.on('error', () => resolve(false));
    });
    if (up) return redis;
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error(`redis-server did not answer on ${port}`);
}

describe.runIf(hasRedis)('Redis stopped under a running server', () => {
  it('keeps selling and chatting within the process, says so at /readyz and in its log, and recovers when Redis returns', { timeout: 240_000 }, async () => {
    const port = await freePort();
    let redis = await startRedis(port);
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'yct-redis-'));
    const log = path.join(dir, 'server.log');
    let server: ChildProcess | undefined;
    try {
      const started = await spawnServer(
        { DATA_DIR: dir, DATABASE_URL: '', WEB_DIST: dir, REDIS_URL: `redis://127.0.0.1:${port}`, LOG_LEVEL: 'info' },
        'server/main.ts',
        log,
      );
      server = started.child;
      const { base } = started;
      const ready = async () => (await (await fetch(`${base}/readyz`)).json()) as { status: string };
      expect((await ready()).status).toBe('ok');

      redis.kill('SIGKILL');
      await new Promise((r) => redis.once('exit', r));
      await expect.poll(async () => (await ready()).status, { timeout: 20_000 }).toBe('degraded');

      // Selling: a login (rate-limited through Redis), the cart, an order and its payment.
      const login = await fetch(`${base}/api/user/login`, {
        method: 'POST',
        headers: JSON_XHR,
        body: JSON.stringify({ username: 'demo', password: 'Demo@2026' }),
      });
      const cookie = cookieOf(login, 'yct_session');
      expect(cookie).toBeTruthy();
      const call = async (method: string, p: string, body?: unknown) =>
        (await (
          await fetch(`${base}${p}`, { method, headers: { ...JSON_XHR, cookie }, body: body === undefined ? undefined : JSON.stringify(body) })
        ).json()) as {
          code: number;
          message: string;
          data: any;
        };
      const g = (
        (await call('GET', '/api/goods/list?in_stock=1&page=1')).data.data as { id: number; zbz: number; is_buy: number; is_ephedrine: number }[]
      ).find((x) => x.is_buy && !x.is_ephedrine)!;
      expect((await call('POST', '/api/cart', { params: [{ goods_id: g.id, number: g.zbz }] })).code).toBe(10000);
      const lines = ((await call('GET', '/api/cart/list')).data.list as { id: number; goods_id: number }[]).filter((l) => l.goods_id === g.id);
      expect((await call('POST', '/api/cart/checkout', { ids: lines.map((l) => l.id) })).code).toBe(10000);
      const address = (await call('GET', '/api/address')).data[0].id as number;
      const placed = await call('POST', '/api/order', { address_id: address, coupon_id: 0 });
      expect(placed.code, placed.message).toBe(10000);
      const paid = await call('POST', '/api/pay/order', { order_id: placed.data.orders[0].id, method: 'balance', pay_password: DEMO_PAY_PASSWORD });
      expect(paid.code, paid.message).toBe(10000);

      // Chatting within the process: the buyer's message reaches the operator's socket, and the answer the buyer's.
      const operatorLogin = await fetch(`${base}/api/admin/login`, {
        method: 'POST',
        headers: JSON_XHR,
        body: JSON.stringify({ username: 'service', password: OPERATOR_PASSWORD }),
      });
      const operatorCookie = cookieOf(operatorLogin, 'yct_admin');
      const ws = base.replace('http', 'ws');
      const operator = await openSocket(`${ws}/api/chat/ws?role=operator`, { cookie: operatorCookie, origin: base });
      await operator.next('ready');
      const buyer = await openSocket(`${ws}/api/chat/ws`, { cookie, origin: base });
      await buyer.next('ready');
      buyer.send({ type: 'send', message: { type: 'text', content: 'Redis 停了还能聊吗', client_id: `r${crypto.randomInt(1e6)}` } });
      const sent = (await buyer.next('ack')).message;
      await operator.next('message', (e) => e.message.id === sent.id);
      operator.send({ type: 'send', conversation_id: sent.conversation_id, message: { type: 'text', content: '可以，您请讲', client_id: 'r-answer' } });
      const answer = (await operator.next('ack')).message;
      await buyer.next('message', (e) => e.message.id === answer.id);
      await buyer.close();
      await operator.close();

      // Back by itself once Redis returns.
      redis = await startRedis(port);
      await expect.poll(async () => (await ready()).status, { timeout: 30_000 }).toBe('ok');
      const said = fs.readFileSync(log, 'utf8');
      expect(said.match(/Redis does not answer: rate limits/g)).toHaveLength(1);
      expect(said).toContain('Redis answers again');
      expect(said).toContain('degraded: Redis does not answer');
    } finally {
      server?.kill('SIGKILL');
      redis.kill('SIGKILL');
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});
