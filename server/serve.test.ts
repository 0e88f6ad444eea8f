/**
 * `WORKERS=2 npm run serve` (server/serve.ts) on PostgreSQL: two worker processes behind one port, the database
 * migrated and seeded once by the primary; a buyer's session and cart the same whichever worker answers; a worker
 * killed is started again; SIGTERM stops them all. PGlite is one process's own database: WORKERS > 1 is refused.
 */
import { spawnSync } from 'node:child_process';
import http from 'node:http';
import { describe, expect, it } from 'vitest';
import { cookieOf, serverProcesses } from './test-processes.js';

const postgresUrl = process.env.TEST_DB === 'postgres' ? process.env.TEST_DATABASE_URL || process.env.DATABASE_URL : undefined;

/** One request on a connection of its own: the primary hands each new connection to the next worker. */
function fresh(base: string, path: string, headers: Record<string, string> = {}, body?: string): Promise<{ status: number; json: any }> {
  return new Promise((resolve, reject) => {
    const options = { agent: false, method: body ? 'POST' : 'GET', timeout: 5_000, headers: { 'x-requested-with': 'XMLHttpRequest', ...headers } };
    const req = http.request(`${base}${path}`, options, (res) => {
      let text = '';
      res.setEncoding('utf8');
      res.on('data', (c: string) => (text += c));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, json: JSON.parse(text) }));
    });
    req.on('error', reject);
    req.on('timeout', () => req.destroy(new Error(`${path}: no answer within 5 s`)));
    req.end(body);
  });
}

const alive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};

describe('several worker processes (npm run serve with WORKERS)', () => {
  it('refuses WORKERS > 1 on the embedded database, and says why', () => {
    const r = spawnSync(process.execPath, ['--import', 'tsx', 'server/serve.ts'], {
      env: { ...process.env, WORKERS: '2', DATABASE_URL: '', NODE_ENV: 'test' },
      encoding: 'utf8',
    });
    expect(r.status).toBe(1);
    expect(r.stderr).toContain('WORKERS > 1 needs DATABASE_URL');
  });

  it.runIf(postgresUrl)(
    'serves from two workers on one port: a session and a cart the same on both, a killed worker started again, all stopped by SIGTERM',
    { timeout: 240_000 },
    async () => {
      const processes = await serverProcesses(postgresUrl!, 'yct_serve');
      const seen = new Set<number>();
      try {
        const base = await processes.start({ WORKERS: '2', REDIS_URL: '' }, 'server/serve.ts');
        const pids = async (n = 12) => {
          const found = new Set<number>();
          for (let i = 0; i < n; i++) found.add((await fresh(base, '/healthz')).json.pid as number);
          for (const pid of found) seen.add(pid);
          return found;
        };
        // The second worker may still be warming up when the first answers.
        await expect.poll(async () => (await pids()).size, { timeout: 60_000, interval: 500 }).toBe(2);
        const [one] = [...(await pids())];
        expect(processes.processOf(base).pid).not.toBe(one);

        const login = await fetch(`${base}/api/user/login`, {
          method: 'POST',
          headers: { 'x-requested-with': 'XMLHttpRequest', 'content-type': 'application/json' },
          body: JSON.stringify({ username: 'demo', password: 'Demo@2026' }),
        });
        const cookie = cookieOf(login, 'yct_session');
        const list = (await fresh(base, '/api/goods/list?in_stock=1&page=1', { cookie })).json.data.data as { id: number; zbz: number; is_buy: number }[];
        const g = list.find((x) => x.is_buy)!;
        const added = await fresh(
          base,
          '/api/cart',
          { cookie, 'content-type': 'application/json' },
          JSON.stringify({ params: [{ goods_id: g.id, number: g.zbz }] }),
        );
        expect(added.json.code).toBe(10000);
        // Every connection, whichever worker takes it, knows the buyer and the line.
        for (let i = 0; i < 8; i++) {
          const cart = await fresh(base, '/api/cart/list', { cookie });
          expect(cart.json.code).toBe(10000);
          expect((cart.json.data.list as { goods_id: number }[]).some((l) => l.goods_id === g.id)).toBe(true);
        }

        // A worker killed: the other answers (a connection handed to the dead one as it died may be lost, as
        // behind any balancer), and the primary starts another.
        process.kill(one, 'SIGKILL');
        await expect
          .poll(
            async () => {
              for (let i = 0; i < 6; i++) if ((await fresh(base, '/healthz')).json.status !== 'ok') return false;
              return true;
            },
            { timeout: 30_000, interval: 200 },
          )
          .toBe(true);
        await expect.poll(async () => [...(await pids())].filter((pid) => pid !== one).length, { timeout: 60_000, interval: 500 }).toBe(2);
      } finally {
        await processes.stop();
      }
      // SIGTERM to the primary stopped every worker it started.
      for (const pid of seen) expect(alive(pid), `worker ${pid}`).toBe(false);
    },
  );
});
