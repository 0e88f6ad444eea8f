/**
 * PostgreSQL stopped for 10 s under load, twice (`pg_ctl stop -m fast`, then `-m immediate`: both end the
 * connections in the middle of their transactions), on a cluster of the test's own, while buyers browse, fill their
 * carts, place orders and pay: every answer while it is away is 503 with a Chinese message (or a kept catalogue
 * answer served from memory), none is 500, /readyz says 503, nothing is left half-written, and the same server
 * process serves again within 5 s of the database's return. `npm run test:faults`; skipped where PostgreSQL's
 * programs are not installed (/usr/lib/postgresql/<version>/bin), and failed instead under CI.
 */
import { execFile, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../db/client.js';
import { spawnServer } from '../test-processes.js';
import {
  buyer,
  dataBefore,
  halfWritten,
  logIn,
  nothingHalfWritten,
  payOrders,
  placeOrder,
  rowsOf,
  stockedGoods,
  type Answer,
  type Buyer,
  type Stocked,
} from './orders.js';

const root = path.resolve(import.meta.dirname, '../..');
const run = promisify(execFile);
const BUYERS = 8;
const OUTAGE_MS = 10_000;
/** How soon after the database accepts connections again the server must serve. */
const RECOVERY_MS = 5_000;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** The newest PostgreSQL's programs, laid out as Debian installs them (`/usr/lib/postgresql/15/bin`), or null. */
function postgresPrograms(): string | null {
  const top = '/usr/lib/postgresql';
  const versions = fs.existsSync(top)
    ? fs.readdirSync(top).filter((v) => ['initdb', 'pg_ctl', 'postgres'].every((p) => fs.existsSync(path.join(top, v, 'bin', p))))
    : [];
  versions.sort((a, b) => Number.parseFloat(b) - Number.parseFloat(a));
  return versions.length ? path.join(top, versions[0], 'bin') : null;
}
const bin = postgresPrograms();
if (!bin && !process.env.CI) console.warn('postgres.fault.ts skipped: no initdb, pg_ctl and postgres under /usr/lib/postgresql/<version>/bin');

const freePort = () =>
  new Promise<number>((resolve) => {
    const s = net.createServer().listen(0, '127.0.0.1', () => {
      const { port } = s.address() as net.AddressInfo;
      s.close(() => resolve(port));
    });
  });

/**
 * A PostgreSQL cluster of the test's own in a folder of its own, on a free port (its socket in that folder too),
 * trusting every local connection, without fsync. initdb and postgres refuse to run as root: as root they run as
 * the `postgres` system user, who owns the folder.
 */
async function ownCluster(programs: string) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'yct-pg-'));
  const data = path.join(dir, 'data');
  const asRoot = process.getuid?.() === 0;
  if (asRoot) {
    const id = async (flag: string) => Number((await run('id', [flag, 'postgres'])).stdout.trim());
    fs.chownSync(dir, await id('-u'), await id('-g'));
  }
  const postgres = (program: string, args: string[]) =>
    asRoot ? run('runuser', ['-u', 'postgres', '--', path.join(programs, program), ...args]) : run(path.join(programs, program), args);
  const port = await freePort();
  await postgres('initdb', ['-D', data, '-A', 'trust', '-U', 'postgres', '-E', 'UTF8', '--locale=C.UTF-8', '--no-sync']);
  const options = `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c fsync=off -c full_page_writes=off -c synchronous_commit=off`;
  const start = () => postgres('pg_ctl', ['start', '-D', data, '-w', '-t', '60', '-l', path.join(dir, 'postgres.log'), '-o', options]);
  await start();
  const url = `postgres://postgres@127.0.0.1:${port}/yct`;
  const admin = new pg.Client({ connectionString: `postgres://postgres@127.0.0.1:${port}/postgres` });
  await admin.connect();
  await admin.query('create database yct').finally(() => admin.end());
  return {
    url,
    start,
    stop: (mode: 'fast' | 'immediate') => postgres('pg_ctl', ['stop', '-D', data, '-w', '-t', '60', '-m', mode]),
    remove: async () => {
      await postgres('pg_ctl', ['stop', '-D', data, '-m', 'immediate']).catch(() => {});
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}
type Cluster = Awaited<ReturnType<typeof ownCluster>>;

/**
 * One outage: when the stop began and ended, when the start began, when the database accepted a connection again and
 * when the server served a buyer and said it was ready; and what /readyz said while the database was away.
 */
type Outage = {
  mode: 'fast' | 'immediate';
  stopping: number;
  stopped: number;
  starting: number;
  back: number;
  served: number;
  ready: number;
  readyWhileAway: number[];
};

/** When the database at `url` first accepts a connection, looked for every 20 ms. */
async function firstConnection(url: string): Promise<number> {
  for (;;) {
    const client = new pg.Client({ connectionString: url });
    client.on('error', () => {});
    const made = await client.connect().then(
      () => true,
      () => false,
    );
    await client.end().catch(() => {});
    if (made) return Date.now();
    await sleep(20);
  }
}

/** A buyer's round: a list page and a goods page, then an order placed and paid; answers the orders paid. */
async function round(b: Buyer, address: number, stocked: Stocked[]) {
  const g = stocked[Math.floor(Math.random() * stocked.length)];
  await b.get(`/api/goods/list?in_stock=1&page=${1 + Math.floor(Math.random() * 3)}`);
  await b.get(`/api/goods/detail/${g.id}`);
  const orders = await placeOrder(b, address, stocked);
  return orders.length ? payOrders(b, orders) : 0;
}

/**
 * `buyers` doing their rounds, each over again, until `stop` (their answers go where each buyer hands them): every
 * call that got no answer (a connection refused or reset, nothing within 10 s), and when each order was paid.
 */
function startLoad(buyers: Buyer[], addresses: number[], stocked: Stocked[]) {
  const failures: string[] = [];
  const paid: number[] = [];
  let loading = true;
  const load = Promise.all(
    buyers.map(async (b, i) => {
      while (loading) {
        try {
          const n = await round(b, addresses[i], stocked);
          for (let k = 0; k < n; k++) paid.push(Date.now());
          // A round refused (the database away) is tried again a moment later, as a buyer would.
          if (!n) await sleep(100);
        } catch (err) {
          failures.push(String(err));
          await sleep(100);
        }
      }
    }),
  );
  return {
    failures,
    paid,
    stop: async () => {
      loading = false;
      await load;
    },
  };
}

/**
 * The database stopped (`mode`) for OUTAGE_MS, /readyz asked meanwhile, and started again; then `prober`'s cart
 * asked for until the server serves it, and /readyz until it says ready.
 */
async function outage(cluster: Cluster, mode: Outage['mode'], readyz: () => Promise<number>, prober: Buyer): Promise<Outage> {
  const stopping = Date.now();
  await cluster.stop(mode);
  const stopped = Date.now();
  const readyWhileAway: number[] = [];
  while (Date.now() < stopped + OUTAGE_MS) {
    readyWhileAway.push(await readyz());
    await sleep(500);
  }
  // The database may accept connections a moment before pg_ctl says it started: its return is the first
  // connection made, looked for every 20 ms from the start.
  const starting = Date.now();
  const [back] = await Promise.all([firstConnection(cluster.url), cluster.start()]);
  let served = 0;
  while (!served && Date.now() < back + 30_000) {
    const cart = await prober.get('/api/cart/list').catch(() => null);
    if (cart?.code === 10000) served = Date.now();
    else await sleep(100);
  }
  let ready = 0;
  while (!ready && Date.now() < back + 30_000) {
    if ((await readyz()) === 200) ready = Date.now();
    else await sleep(100);
  }
  return { mode, stopping, stopped, starting, back, served, ready, readyWhileAway };
}

it.runIf(process.env.CI)("finds PostgreSQL's programs (checked under CI, where the PostgreSQL fault test must run)", () => {
  expect(bin, 'no initdb, pg_ctl and postgres under /usr/lib/postgresql/<version>/bin').toBeTruthy();
});

describe.runIf(bin)("PostgreSQL stopped under load (runs where PostgreSQL's programs are installed)", () => {
  let cluster: Cluster | undefined;
  let server: ChildProcess | undefined;
  let dir: string | undefined;
  afterAll(async () => {
    server?.kill('SIGKILL');
    await cluster?.remove();
    if (dir) fs.rmSync(dir, { recursive: true, force: true });
  });

  it('answers 503 in Chinese while it is away, never 500, leaves nothing half-written and serves within 5 s of its return', { timeout: 180_000 }, async () => {
    cluster = await ownCluster(bin!);
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'yct-pg-site-'));
    const env = { DATABASE_URL: cluster.url, DATA_DIR: dir, WEB_DIST: dir };
    const seeded = await run(process.execPath, ['--import', 'tsx', 'server/seed/cli.ts', '--goods', '300', '--buyers', String(BUYERS + 1)], {
      cwd: root,
      env: { ...process.env, ...env },
    });
    expect(seeded.stdout).toContain('seeded postgres');
    const first = await openDatabase({ url: cluster.url, poolSize: 2 });
    const was = await dataBefore(first);
    await first.close();

    const log = path.join(dir, 'server.log');
    const started = await spawnServer(env, 'server/main.ts', log);
    server = started.child;
    const { base } = started;
    const pid = async () => ((await (await fetch(`${base}/healthz`)).json()) as { pid: number }).pid;
    const pidBefore = await pid();
    const readyz = async () => (await fetch(`${base}/readyz`, { signal: AbortSignal.timeout(5_000) })).status;

    // The buyers, and one more whose cart shows when the server serves again.
    const answers: Answer[] = [];
    const cookies = await Promise.all(Array.from({ length: BUYERS + 1 }, (_, i) => logIn(base, `buyer${i + 1}`)));
    const buyers = cookies.slice(0, BUYERS).map((c) => buyer(base, c, (a) => answers.push(a)));
    const prober = buyer(base, cookies[BUYERS]);
    const stocked = await stockedGoods(buyers[0]);
    expect(stocked.length).toBeGreaterThan(10);
    const addresses = await Promise.all(buyers.map(async (b) => (await b.get('/api/address')).data[0].id as number));
    const { failures, paid, stop } = startLoad(buyers, addresses, stocked);

    await sleep(3_000);
    const outages: Outage[] = [];
    for (const mode of ['fast', 'immediate'] as const) {
      outages.push(await outage(cluster, mode, readyz, prober));
      await sleep(3_000);
    }
    await stop();
    const loggedIn = await fetch(`${base}/api/user/login`, {
      method: 'POST',
      headers: { 'x-requested-with': 'XMLHttpRequest', 'content-type': 'application/json' },
      body: JSON.stringify({ username: 'buyer1', password: 'Demo@2026' }),
    });
    expect(((await loggedIn.json()) as { code: number }).code).toBe(10000);
    expect(await pid()).toBe(pidBefore);

    const say = (a: Answer) => `${a.method} ${a.path} ${a.status} ${JSON.stringify(a.body).slice(0, 160)}`;
    const unavailable = answers.filter((a) => a.status === 503);
    const windows = outages.map((o, i) => {
      const away = answers.filter((a) => a.sent >= o.stopped && a.answered <= o.starting);
      const until = outages[i + 1]?.stopping ?? Infinity;
      return { o, away, kept: away.filter((a) => a.status === 200), after: answers.filter((a) => a.sent >= o.served && a.answered < until), until };
    });
    console.log(
      `postgres fault: ${answers.length} answers (${unavailable.length} 503), ${paid.length} orders paid\n` +
        windows
          .map(
            ({ o, away, kept }) =>
              `  -m ${o.mode}: stop took ${o.stopped - o.stopping} ms; away ${o.starting - o.stopped} ms: ${away.length} answers, ` +
              `${away.filter((a) => a.status === 503).length} 503, ${kept.length} kept 200, ${away.length - kept.length - away.filter((a) => a.status === 503).length} other; ` +
              `back ${o.back - o.starting} ms after its start, served ${o.served - o.back} ms and ready ${o.ready - o.back} ms after that`,
          )
          .join('\n'),
    );

    // Nothing failed on the way (a connection refused or reset, an answer later than 10 s): the process served throughout.
    expect(failures).toEqual([]);
    // Never 500 nor another 5xx; every 503 in the envelope, in Chinese, saying when to try again.
    expect(answers.filter((a) => a.status >= 500 && a.status !== 503).map(say)).toEqual([]);
    expect(unavailable.filter((a) => a.body.code !== 503 || !/[\u4e00-\u9fff]/.test(a.body.message) || !a.retryAfter).map(say)).toEqual([]);
    expect(paid.filter((t) => t < outages[0].stopping).length, 'orders paid before the first stop').toBeGreaterThan(0);
    for (const { o, away, kept, after, until } of windows) {
      // While it is away: 503, or a kept answer read from memory; and not ready.
      expect(away.filter((a) => a.status !== 503 && !(a.status === 200 && a.method === 'GET' && a.body.code === 10000)).map(say)).toEqual([]);
      expect(away.length - kept.length, `${o.mode}: answers refused while away`).toBeGreaterThan(0);
      expect(o.readyWhileAway.length).toBeGreaterThan(5);
      expect(o.readyWhileAway.filter((s) => s !== 503)).toEqual([]);
      // Back by itself: a buyer's cart (read from the database) within 5 s, and ready.
      expect(o.served, `${o.mode}: not served within 30 s of the database's return`).toBeGreaterThan(0);
      expect(o.served - o.back).toBeLessThanOrEqual(RECOVERY_MS);
      expect(o.ready - o.back).toBeLessThanOrEqual(RECOVERY_MS);
      // And every answer after that as before the outage: none refused, and orders paid again.
      expect(after.filter((a) => a.status >= 500).map(say)).toEqual([]);
      expect(paid.filter((t) => t > o.served && t < until).length, `${o.mode}: orders paid after the return`).toBeGreaterThan(0);
    }

    // The server said so once for each outage, and of nothing unexpected.
    const said = fs.readFileSync(log, 'utf8');
    expect(said).not.toContain('unexpected failure');
    expect(said.match(/database does not answer/g)).toHaveLength(outages.length);

    // It stops as it should: its pool closes, every connection given back (a connection kept out of it would hold
    // the shutdown until it is forced, with 1).
    const exited = new Promise<number | null>((r) => server!.once('exit', (code) => r(code)));
    server.kill('SIGTERM');
    expect(await exited).toBe(0);
    server = undefined;
    const database = await openDatabase({ url: cluster.url, poolSize: 2 });
    try {
      const [{ n }] = await rowsOf(database, sql`select count(*)::int as n from orders where id > ${was.orders}`);
      expect(Number(n)).toBeGreaterThan(0);
      const found = await halfWritten(database, was);
      expect(found).toEqual(nothingHalfWritten(found));
    } finally {
      await database.close();
    }
  });
});
