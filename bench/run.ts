/**
 * `npm run bench`: load tests against a started server, on PGlite and on PostgreSQL (when one answers),
 * each call beside a bare Fastify route serving the same JSON from memory in the same run, so that the
 * ratio stays meaningful on a noisy machine. Writes bench/results/latest.json and the table in bench/README.md.
 *
 * Options: --duration 10 (seconds per call), --connections 50, --goods 3000 (catalogue size of a fresh
 * database; 100000 for the catalogue budgets), --only pglite|postgres.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import autocannon from 'autocannon';
import Fastify from 'fastify';
import pg from 'pg';

const root = path.resolve(import.meta.dirname, '..');
const { values: opts } = parseArgs({
  options: {
    duration: { type: 'string', default: '10' },
    connections: { type: 'string', default: '50' },
    goods: { type: 'string', default: '3000' },
    only: { type: 'string' },
  },
});
const duration = Number(opts.duration);
const connections = Number(opts.connections);
const goodsCount = Number(opts.goods);

/** A call under test: what it asks for and its budget (DESIGN.md section 12); calls the design does not budget are measured for reference. */
type Target = { name: string; path: string; login?: boolean; p99Budget?: number; ratioBudget?: number };

const q = encodeURIComponent;
const CATALOGUE = { p99Budget: 50, ratioBudget: 0.5, login: true } as const;

const TARGETS: Target[] = [
  { name: 'search: pinyin initials', path: '/api/goods/search?keywords=amxl&type=1', ...CATALOGUE },
  { name: 'search: one Chinese character', path: `/api/goods/search?keywords=${q('阿')}&type=1`, ...CATALOGUE },
  { name: 'search: three Chinese characters', path: `/api/goods/search?keywords=${q('阿莫西')}&type=1`, ...CATALOGUE },
  { name: 'search: manufacturer initials', path: '/api/goods/search?keywords=hbzy&type=2', ...CATALOGUE },
  { name: 'goods list, first page', path: '/api/goods/list?page=1', ...CATALOGUE },
  { name: 'goods list, search results by sales', path: `/api/goods/list?keywords=${q('胶囊')}&sort=sales&page=3`, ...CATALOGUE },
  { name: 'goods detail', path: '/api/goods/detail/1234', ...CATALOGUE },
  { name: 'shell content (focus/common)', path: '/api/focus/common', p99Budget: 50, ratioBudget: 0.5 },
  { name: 'help groups', path: '/api/help/category', p99Budget: 50, ratioBudget: 0.5 },
  { name: 'user base (logged in)', path: '/api/user/base', login: true },
];

const freePort = () =>
  new Promise<number>((resolve) => {
    const s = net.createServer().listen(0, '127.0.0.1', () => {
      const { port } = s.address() as net.AddressInfo;
      s.close(() => resolve(port));
    });
  });

async function waitFor(url: string, seconds: number) {
  for (let i = 0; i < seconds * 2; i++) {
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      // not up yet
    }
    await new Promise((r) => setTimeout(r, 500));
  }
  throw new Error(`${url} did not answer within ${seconds} s`);
}

function run(cmd: string, args: string[], env: Record<string, string>) {
  return new Promise<void>((resolve, reject) => {
    const child = spawn(cmd, args, { cwd: root, stdio: 'inherit', env: { ...process.env, ...env } });
    child.on('exit', (code) => (code === 0 ? resolve() : reject(new Error(`${cmd} ${args.join(' ')} exited ${code}`))));
  });
}

async function startServer(env: Record<string, string>): Promise<{ base: string; child: ChildProcess }> {
  const port = await freePort();
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
    cwd: root,
    stdio: ['ignore', 'ignore', 'inherit'],
    env: { ...process.env, ...env, PORT: String(port), HOST: '127.0.0.1', LOG_LEVEL: 'warn', NODE_ENV: 'production', SMS_SANDBOX: '1', SESSION_SECRET: 'bench-secret-0123456789', RATE_LIMIT_FACTOR: '100000' },
  });
  const base = `http://127.0.0.1:${port}`;
  await waitFor(`${base}/api/focus/common`, 180);
  return { base, child };
}

async function loginCookie(base: string) {
  const res = await fetch(`${base}/api/user/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded', 'x-requested-with': 'XMLHttpRequest' },
    body: 'username=demo&password=Demo%402026',
  });
  const cookie = res.headers.get('set-cookie')?.split(';')[0];
  if (!cookie) throw new Error('demo login failed');
  return cookie;
}

type Measure = { rps: number; p50: number; p99: number; errors: number; non2xx: number };

async function load(url: string, headers: Record<string, string>): Promise<Measure> {
  const r = await autocannon({ url, connections, duration, headers });
  return { rps: Math.round(r.requests.average), p50: r.latency.p50, p99: r.latency.p99, errors: r.errors, non2xx: r.non2xx };
}

/** A bare Fastify route serving `body` from memory: the reference each call is compared with. */
async function bareServer() {
  const app = Fastify({ logger: false });
  const bodies = new Map<string, string>();
  app.get('/bare/:key', async (req, reply) => reply.type('application/json; charset=utf-8').send(bodies.get((req.params as { key: string }).key) ?? '{}'));
  const port = await freePort();
  await app.listen({ port, host: '127.0.0.1' });
  return { app, base: `http://127.0.0.1:${port}`, bodies };
}

type Row = Target & { db: string; measured: Measure; bare: Measure; ratio: number; ok: boolean | null };

async function benchDatabase(db: string, env: Record<string, string>, bare: Awaited<ReturnType<typeof bareServer>>): Promise<Row[]> {
  console.log(`\n== ${db}: seeding ${goodsCount} goods`);
  await run(process.execPath, ['--import', 'tsx', 'server/db/seed/cli.ts', '--goods', String(goodsCount)], env);
  const { base, child } = await startServer(env);
  const rows: Row[] = [];
  try {
    const cookie = await loginCookie(base);
    for (const t of TARGETS) {
      const headers: Record<string, string> = t.login ? { cookie } : {};
      const body = await (await fetch(base + t.path, { headers })).text();
      bare.bodies.set(String(rows.length), body);
      await load(base + t.path, headers); // warm-up, not recorded
      const measured = await load(base + t.path, headers);
      const reference = await load(`${bare.base}/bare/${rows.length}`, {});
      const ratio = measured.rps / reference.rps;
      const clean = measured.errors === 0 && measured.non2xx === 0;
      const ok = t.p99Budget === undefined ? (clean ? null : false) : clean && measured.p99 < t.p99Budget && ratio >= (t.ratioBudget ?? 0);
      rows.push({ ...t, db, measured, bare: reference, ratio, ok });
      console.log(`${db} ${t.name}: ${measured.rps} req/s p99 ${measured.p99} ms; bare ${reference.rps} req/s; ratio ${ratio.toFixed(2)} ${ok === null ? 'reference' : ok ? 'ok' : 'OVER BUDGET'}`);
    }
  } finally {
    child.kill('SIGTERM');
  }
  return rows;
}

async function postgresUrl(): Promise<string | null> {
  const base = process.env.DATABASE_URL || process.env.TEST_DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/test';
  const c = new pg.Client({ connectionString: base, connectionTimeoutMillis: 2000 });
  try {
    await c.connect();
    await c.query('drop database if exists yct_bench with (force)');
    await c.query('create database yct_bench');
    await c.end();
    const url = new URL(base);
    url.pathname = '/yct_bench';
    return url.toString();
  } catch {
    await c.end().catch(() => {});
    return null;
  }
}

const bare = await bareServer();
const rows: Row[] = [];
if (opts.only !== 'postgres') {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'yct-bench-'));
  rows.push(...(await benchDatabase('PGlite', { DATA_DIR: dataDir, DATABASE_URL: '' }, bare)));
  fs.rmSync(dataDir, { recursive: true, force: true });
}
if (opts.only !== 'pglite') {
  const url = await postgresUrl();
  if (url) rows.push(...(await benchDatabase('PostgreSQL', { DATABASE_URL: url, DATA_DIR: fs.mkdtempSync(path.join(os.tmpdir(), 'yct-bench-')) }, bare)));
  else console.log('No PostgreSQL answered; measured PGlite only.');
}
await bare.app.close();

const when = new Date().toISOString().slice(0, 16).replace('T', ' ');
fs.mkdirSync(path.join(root, 'bench', 'results'), { recursive: true });
fs.writeFileSync(path.join(root, 'bench', 'results', 'latest.json'), JSON.stringify({ when, duration, connections, goods: goodsCount, cpus: os.cpus().length, rows }, null, 2));
const table = [
  '| database | call | req/s | p50 ms | p99 ms | bare req/s | ratio | budget | result |',
  '|---|---|---:|---:|---:|---:|---:|---|---|',
  ...rows.map(
    (r) =>
      `| ${r.db} | ${r.name} \`${r.path}\` | ${r.measured.rps} | ${r.measured.p50} | ${r.measured.p99} | ${r.bare.rps} | ${r.ratio.toFixed(2)} | ${r.p99Budget === undefined ? 'none (reference)' : `p99 < ${r.p99Budget} ms, ratio ≥ ${r.ratioBudget}`} | ${r.ok === null ? '—' : r.ok ? 'met' : '**not met**'} |`,
  ),
].join('\n');
const readme = `# Benchmarks

\`npm run bench\` starts the server on a fresh PGlite database and on a fresh PostgreSQL database (when one
answers), seeds the catalogue, and loads each call with autocannon at ${connections} connections for ${duration} s,
right after loading a bare Fastify route that serves the same JSON from memory. The ratio is the call's
throughput over the bare route's, both measured in the same run. Options: \`--goods 100000\`, \`--duration\`,
\`--connections\`, \`--only pglite|postgres\`.

Last run: ${when} UTC, ${os.cpus().length} cores, ${goodsCount} goods, ${connections} connections, ${duration} s per call.

${table}
`;
fs.writeFileSync(path.join(root, 'bench', 'README.md'), readme);
console.log(`\n${table}`);
process.exit(0);
