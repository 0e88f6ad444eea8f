/**
 * `npm run bench`: load tests against a started server, on PGlite and on PostgreSQL (when one answers),
 * each call beside a bare Fastify route serving the same JSON from memory in the same run, so that the
 * ratio stays meaningful on a noisy machine; then the web budget (bench/web.ts). Writes
 * bench/results/latest.json, bench/results/web.json and the two tables in bench/README.md.
 *
 * Options: --duration 10 (seconds per call), --connections 50, --goods 3000 (catalogue size of a fresh
 * database; 100000 for the catalogue budgets), --tail-goods 10000 (the long tail also on a catalogue of that
 * size), --only pglite|postgres|web, --skip-web, --skip-long-tail, --lighthouse-runs 3.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import autocannon from 'autocannon';
import pg from 'pg';
import { catalogueRequests, drive, driveBuyers, failures, memorySampler, slowestKinds, summarise, type Catalogue, type Summary } from './longtail.js';
import { benchTrade, BUYERS, login, ONE_AT_A_TIME, TRADE_CONNECTIONS, tradeTable, type TradeRow } from './trade.js';
import { benchMarketing, MARKETING_CONNECTIONS } from './marketing.js';
import { measureWeb, webSection } from './web';

const root = path.resolve(import.meta.dirname, '..');
const { values: opts } = parseArgs({
  options: {
    duration: { type: 'string', default: '10' },
    connections: { type: 'string', default: '50' },
    goods: { type: 'string', default: '3000' },
    only: { type: 'string' },
    'skip-web': { type: 'boolean', default: false },
    'lighthouse-runs': { type: 'string', default: '3' },
    'skip-long-tail': { type: 'boolean', default: false },
    /** Catalogue sizes the long tail is also run at, each on a database of its own: `--tail-goods 10000`. */
    'tail-goods': { type: 'string', default: '' },
  },
});
if (opts.only && !['pglite', 'postgres', 'web'].includes(opts.only)) throw new Error(`--only ${opts.only}: expected pglite, postgres or web`);
const runApi = opts.only !== 'web';
const runWeb = !opts['skip-web'] && (opts.only === undefined || opts.only === 'web');
const duration = Number(opts.duration);
const connections = Number(opts.connections);
const goodsCount = Number(opts.goods);
const tailSizes = opts['tail-goods']
  .split(',')
  .filter(Boolean)
  .map(Number)
  .filter((n) => n > 0 && n !== goodsCount);

/** A call under test: what it asks for and its budget (DESIGN.md section 12); calls the design does not budget are measured for reference. */
type Target = {
  name: string;
  path: string;
  login?: boolean;
  p99Budget?: number;
  ratioBudget?: number;
  /** A different path for every request (`n` counts them), so that no answer is served from a cache. */
  vary?: (n: number) => string;
  /** Each request as the next of the seeded buyers in turn: the answer is worked out for each account. */
  perAccount?: boolean;
};

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
  { name: 'filter options of a zone', path: '/api/goods/fl?zone=qx', ...CATALOGUE },
  { name: 'home: flash sale', path: '/api/index/spike', ...CATALOGUE },
  { name: 'home: daily specials', path: '/api/activity/everyday_price', ...CATALOGUE },
  { name: 'home: category floors', path: '/api/index/floors', ...CATALOGUE },
  { name: 'home: recommendations', path: '/api/index_wntj/1', ...CATALOGUE },
  { name: 'brand zone', path: '/api/brand?page=1', ...CATALOGUE },
  // The promotion pages (docs/decisions/018-019): shared answers like the catalogue's; the coupon centre shares
  // its offer and reads what each account holds, so its requests come from every seeded buyer in turn.
  { name: 'promotion: 94% off, page 3 by price', path: '/api/activity/welfare?page=3&sort=price&order=asc', ...CATALOGUE },
  { name: 'promotion: 满返 goods by sales', path: '/api/activity/cashback?page=2&sort=sales', ...CATALOGUE },
  { name: 'promotion: 组合购 bundles', path: '/api/activity/combination', ...CATALOGUE },
  { name: 'promotion: 月月惠', path: '/api/activity/yyh', ...CATALOGUE },
  { name: 'promotion: coupon centre, the shared offer (guest)', path: '/api/coupon/center?page=1', ...CATALOGUE, login: false },
  // What each account holds is one indexed read per request (docs/decisions/018): budgeted on latency, its
  // throughput compared with the bare route for reference beside the never-cached rows below.
  { name: 'promotion: coupon centre (per account)', path: '/api/coupon/center?page=1', p99Budget: 50, login: true, perAccount: true },
  {
    name: 'promotion: 94% off, never cached (a new page each request)',
    path: '/api/activity/welfare?page=1',
    login: true,
    // Every request a page of its own (pages past the last are worked out all the same, and answer none).
    vary: (n) => `/api/activity/welfare?page=${1 + (n % 99_999)}&sort=${['default', 'sales', 'price', 'newest'][n % 4]}`,
  },
  // The catalogue keeps answers for viewers alike (server/modules/catalogue/cache.ts); these show the cost
  // of an answer computed afresh for every request.
  {
    name: 'goods list, never cached (a new price limit each request)',
    path: '/api/goods/list?price_max=1000.00',
    login: true,
    vary: (n) => `/api/goods/list?price_max=${(100_000 + n) / 100}`,
  },
  {
    name: 'goods detail, never cached (a new goods each request)',
    path: '/api/goods/detail/1',
    login: true,
    vary: (n) => `/api/goods/detail/${1 + (n % 90_000)}`,
  },
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
  // The server's log (warnings and errors) goes to bench/results/server.log, for the failures a run counts.
  const log = fs.openSync(path.join(root, 'bench', 'results', 'server.log'), 'a');
  // With the V8 flags `npm start` gives it.
  const nodeFlags = JSON.parse(fs.readFileSync(path.join(root, 'server', 'node-flags.json'), 'utf8')) as string[];
  const child = spawn(process.execPath, [...nodeFlags, '--import', 'tsx', 'server/main.ts'], {
    cwd: root,
    stdio: ['ignore', log, 'inherit'],
    env: {
      ...process.env,
      ...env,
      PORT: String(port),
      HOST: '127.0.0.1',
      LOG_LEVEL: 'warn',
      NODE_ENV: 'production',
      SMS_SANDBOX: '1',
      SESSION_SECRET: 'bench-secret-0123456789',
      RATE_LIMIT_FACTOR: '100000',
    },
  });
  const base = `http://127.0.0.1:${port}`;
  await waitFor(`${base}/api/focus/common`, 180);
  return { base, child };
}

type Measure = { rps: number; p50: number; p99: number; errors: number; non2xx: number };

async function load(url: string, headers: Record<string, string>, vary?: (n: number) => string, cookies?: string[]): Promise<Measure> {
  let n = 0;
  const next = (req: { path?: string; headers?: Record<string, string> }) => {
    const i = n++;
    return {
      ...req,
      ...(vary ? { path: vary(i) } : {}),
      ...(cookies ? { headers: { ...req.headers, cookie: cookies[i % cookies.length] } } : {}),
    };
  };
  const requests = vary || cookies ? [{ setupRequest: next }] : undefined;
  const r = await autocannon({ url, connections, duration, headers, ...(requests ? { requests } : {}) } as autocannon.Options);
  return { rps: Math.round(r.requests.average), p50: r.latency.p50, p99: r.latency.p99, errors: r.errors, non2xx: r.non2xx };
}

/**
 * The bare Fastify route each call is compared with (bench/bare.ts), started in a process of its own, as
 * the real server is: the load generator's work does not share its event loop.
 */
async function bareServer() {
  const child = spawn(process.execPath, ['--import', 'tsx', 'bench/bare.ts'], { cwd: root, stdio: ['ignore', 'pipe', 'inherit'] });
  const port = await new Promise<string>((resolve, reject) => {
    child.stdout!.once('data', (chunk: Buffer) => resolve(chunk.toString().trim()));
    child.once('exit', (code) => reject(new Error(`the bare route exited ${code}`)));
  });
  const base = `http://127.0.0.1:${port}`;
  return {
    base,
    set: async (key: string, body: string) => void (await fetch(`${base}/bare/${key}`, { method: 'PUT', headers: { 'content-type': 'text/plain' }, body })),
    close: () => child.kill('SIGTERM'),
  };
}

type LongTail = {
  db: string;
  goods: number;
  distinct: number;
  catalogue: Summary;
  bare: Summary;
  ratio: number;
  memoryMb: number;
  slowest: ReturnType<typeof slowestKinds>;
  buyers: { kind: string; summary: Summary; budget: number | null }[];
  buyerCount: number;
  /** What the buyers' failed calls answered. */
  refusals: ReturnType<typeof failures>;
};

const LONG_TAIL_SECONDS = () => Math.max(20, duration * 2);
/** Budgets of the long-tail workloads (bench rows, never timed tests). */
const LONG_TAIL_P99_MS = 50;
const LONG_TAIL_RATIO = { PostgreSQL: 0.2, PGlite: 0.1 } as Record<string, number>;
/** p99 at the full catalogue over p99 at the small one. */
const LONG_TAIL_GROWTH = 1.5;
const BUYER_BUDGETS: Record<string, number> = { 'add to cart': 100, 'cart list (40-50 lines)': 100, 'order of 10 lines': 200 };

async function facts(base: string, cookie: string, goodsCount: number): Promise<Catalogue & { stocked: { id: number; zbz: number }[] }> {
  const get = async <T>(path: string) =>
    ((await (await fetch(base + path, { headers: { cookie, 'x-requested-with': 'XMLHttpRequest' } })).json()) as { data: T }).data;
  type Node = { id: number; children: Node[] };
  const common = await get<{ category: Node[] }>('/api/focus/common');
  const categories: number[] = [];
  const walk = (nodes: Node[]) => nodes.forEach((n) => (categories.push(n.id), walk(n.children)));
  walk(common.category);
  const brands = (await get<{ data: { id: number }[] }>('/api/brand?page=1')).data.map((b) => b.id);
  const approvalNumbers: string[] = [];
  const stocked: { id: number; zbz: number }[] = [];
  for (let page = 1; page <= 5; page++) {
    const list = await get<{ data: { id: number; zbz: number; pzwh: string; number: number; is_buy: number; is_kx: number; is_ephedrine: number }[] }>(
      `/api/goods/list?in_stock=1&per_page=100&page=${page}&sort=sales`,
    );
    for (const g of list.data) {
      if (g.pzwh) approvalNumbers.push(g.pzwh);
      if (g.is_buy && !g.is_kx && !g.is_ephedrine && g.number >= g.zbz * 200) stocked.push({ id: g.id, zbz: g.zbz });
    }
  }
  return { goods: goodsCount, categories, brands, approvalNumbers, stocked };
}

/** The long-tail catalogue workload and the buyers' workload (bench/longtail.ts), each beside the bare route. */
async function benchLongTail(db: string, base: string, pid: number, bare: Awaited<ReturnType<typeof bareServer>>, goods = goodsCount): Promise<LongTail> {
  const seconds = LONG_TAIL_SECONDS();
  const cookies = await Promise.all(Array.from({ length: TRADE_CONNECTIONS }, (_, i) => login(base, `buyer${i + 1}`)));
  const c = await facts(base, cookies[0], goods);
  const workload = catalogueRequests(c);
  console.log(`${db} long tail: ${workload.distinct} distinct keywords, ${c.categories.length} categories, ${c.brands.length} brands, ${seconds} s`);
  const memory = memorySampler(pid);
  let n = 0;
  const timings = await drive(base, connections, seconds, () => {
    const r = workload.next();
    // Half the requests logged in, spread over the buyers.
    return n++ % 2 ? { ...r, headers: { cookie: cookies[n % cookies.length] } } : r;
  });
  const memoryMb = memory();
  const sample = await (await fetch(`${base}/api/goods/list?page=2`)).text();
  await bare.set('long-tail', sample);
  const bareTimings = await drive(bare.base, connections, seconds, () => ({ kind: 'bare', path: '/bare/long-tail' }));
  const catalogue = summarise(timings, seconds);
  const reference = summarise(bareTimings, seconds);
  const buyerTimings = await driveBuyers(base, cookies, c.stocked, seconds);
  const kinds = [...new Set(buyerTimings.map((t) => t.kind))];
  const result: LongTail = {
    db,
    goods,
    distinct: workload.distinct,
    catalogue,
    bare: reference,
    ratio: catalogue.rps / reference.rps,
    memoryMb,
    slowest: slowestKinds(timings),
    buyers: kinds.map((kind) => ({
      kind,
      summary: summarise(
        buyerTimings.filter((t) => t.kind === kind),
        seconds,
      ),
      budget: BUYER_BUDGETS[kind] ?? null,
    })),
    buyerCount: cookies.length,
    refusals: failures(buyerTimings),
  };
  console.log(
    `${db} long tail: ${catalogue.rps} req/s p50 ${catalogue.p50} p99 ${catalogue.p99} max ${catalogue.max} timeouts ${catalogue.timeouts}; bare ${reference.rps} req/s; ratio ${result.ratio.toFixed(3)}; ${memoryMb} MB`,
  );
  for (const b of result.buyers) console.log(`${db} buyers ${b.kind}: p50 ${b.summary.p50} p99 ${b.summary.p99} errors ${b.summary.errors}`);
  for (const f of result.refusals) console.log(`${db} buyers ${f.kind} failed ${f.count}×: ${f.message}`);
  return result;
}

function longTailSection(results: LongTail[]): string {
  const met = (ok: boolean) => (ok ? 'met' : '**not met**');
  const catalogue = [
    '| database | goods | req/s | p50 ms | p99 ms | max ms | timeouts (10 s) | errors | bare req/s | ratio | server memory MB | budget | result |',
    '|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---|---|',
    ...results.map((r) => {
      const ratio = LONG_TAIL_RATIO[r.db] ?? 0;
      const ok = r.catalogue.p99 < LONG_TAIL_P99_MS && r.catalogue.timeouts === 0 && r.catalogue.errors === 0 && r.ratio >= ratio;
      return `| ${r.db} | ${r.goods} | ${r.catalogue.rps} | ${r.catalogue.p50} | ${r.catalogue.p99} | ${r.catalogue.max} | ${r.catalogue.timeouts} | ${r.catalogue.errors} | ${r.bare.rps} | ${r.ratio.toFixed(3)} | ${r.memoryMb} | p99 < ${LONG_TAIL_P99_MS} ms, no timeout, ratio ≥ ${ratio} | ${met(ok)} |`;
    }),
  ].join('\n');
  const growth = [...new Set(results.map((r) => r.db))].flatMap((db) => {
    const sizes = results.filter((r) => r.db === db).sort((a, b) => a.goods - b.goods);
    if (sizes.length < 2) return [];
    const [small, large] = [sizes[0], sizes[sizes.length - 1]];
    const ratio = large.catalogue.p99 / small.catalogue.p99;
    return [
      `| ${db} | ${small.goods} | ${small.catalogue.p99} | ${large.goods} | ${large.catalogue.p99} | ${ratio.toFixed(2)} | ≤ ${LONG_TAIL_GROWTH} | ${met(ratio <= LONG_TAIL_GROWTH)} |`,
    ];
  });
  const growthTable = growth.length
    ? [
        'p99 as the catalogue grows:',
        '',
        '| database | goods | p99 ms | goods | p99 ms | ratio | budget | result |',
        '|---|---:|---:|---:|---:|---:|---|---|',
        ...growth,
      ].join('\n')
    : '';
  const slowest = results
    .filter((r) => r.goods === Math.max(...results.filter((o) => o.db === r.db).map((o) => o.goods)))
    .map((r) =>
      [
        `Slowest request kinds on ${r.db} at ${r.goods} goods by p99:`,
        '',
        '| kind | requests | p50 ms | p99 ms |',
        '|---|---:|---:|---:|',
        ...r.slowest.map((k) => `| ${k.kind} | ${k.requests} | ${k.p50} | ${k.p99} |`),
      ].join('\n'),
    )
    .join('\n\n');
  const buyers = [
    '| database | call | requests | p50 ms | p99 ms | max ms | errors | budget | result |',
    '|---|---|---:|---:|---:|---:|---:|---|---|',
    ...results.flatMap((r) =>
      (r.goods === Math.max(...results.filter((o) => o.db === r.db).map((o) => o.goods)) ? r.buyers : []).map(
        (b) =>
          `| ${r.db} | ${b.kind} | ${b.summary.requests} | ${b.summary.p50} | ${b.summary.p99} | ${b.summary.max} | ${b.summary.errors} | ${b.budget === null ? 'none (reference)' : `p99 < ${b.budget} ms`} | ${b.budget === null ? '—' : met(b.summary.p99 < b.budget && b.summary.errors === 0)} |`,
      ),
    ),
  ].join('\n');
  const refused = results.flatMap((r) => r.refusals.map((f) => `- ${r.db}, ${r.goods} goods, ${f.kind}, ${f.count}×: ${f.message}`));
  return `### Long tail

${results[0]?.distinct ?? 0} distinct keywords (Chinese of 1-4 characters, full pinyin, initials, manufacturers, approval
numbers) drawn with a Zipf law for suggestions (30%) and keyword lists in every sort (20%); goods details uniform over
every goods (25%); list pages 1-50 with categories, zones, prescription classes, brands, stock, price ranges and sorts
drawn at random (25%); half the requests logged in; ${connections} connections for ${LONG_TAIL_SECONDS()} s on a server
started cold, then the bare route with the same generator in the same run. A request over 10 s counts as a timeout.

${catalogue}

${growthTable}

${slowest}

Buyers at once (${results[0]?.buyerCount ?? 0}), each on a cart of 40-50 lines: add one random goods, list the cart, and every tenth
time check out the ten oldest lines and order them.

${buyers}
${refused.length ? `\nCalls that failed (the server's log of the run is bench/results/server.log):\n\n${refused.join('\n')}\n` : ''}`;
}

type Row = Target & { db: string; measured: Measure; bare: Measure; ratio: number; ok: boolean | null };

/** The long tail alone on a fresh catalogue of `size` goods: the figures p99 at the full size is compared with. */
/** Stops a server and waits until it has: its data folder is removed next. */
async function stopServer(child: ChildProcess) {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGTERM');
  await exited;
}

async function benchTailAt(db: string, env: Record<string, string>, size: number, bare: Awaited<ReturnType<typeof bareServer>>, tails: LongTail[]) {
  console.log(`\n== ${db}: seeding ${size} goods for the long tail`);
  await run(process.execPath, ['--import', 'tsx', 'server/seed/cli.ts', '--goods', String(size), '--buyers', String(BUYERS)], env);
  const { base, child } = await startServer(env);
  try {
    tails.push(await benchLongTail(db, base, child.pid!, bare, size));
  } finally {
    await stopServer(child);
  }
}

async function benchDatabase(
  db: string,
  env: Record<string, string>,
  bare: Awaited<ReturnType<typeof bareServer>>,
  trade: TradeRow[],
  tails: LongTail[],
): Promise<Row[]> {
  console.log(`\n== ${db}: seeding ${goodsCount} goods`);
  await run(process.execPath, ['--import', 'tsx', 'server/seed/cli.ts', '--goods', String(goodsCount), '--buyers', String(BUYERS)], env);
  const { base, child } = await startServer(env);
  const rows: Row[] = [];
  try {
    // The long tail first, on a server whose caches nothing has warmed yet.
    if (!opts['skip-long-tail']) tails.push(await benchLongTail(db, base, child.pid!, bare));
    const cookie = await login(base, 'demo');
    const buyers = await Promise.all(Array.from({ length: BUYERS }, (_, i) => login(base, `buyer${i + 1}`)));
    for (const t of TARGETS) {
      const headers: Record<string, string> = t.login ? { cookie } : {};
      const accounts = t.perAccount ? buyers : undefined;
      const body = await (await fetch(base + t.path, { headers })).text();
      await bare.set(String(rows.length), body);
      await load(base + t.path, headers, t.vary && ((n) => t.vary!(n + 1_000_000)), accounts); // warm-up, not recorded
      const measured = await load(base + t.path, headers, t.vary, accounts);
      const reference = await load(`${bare.base}/bare/${rows.length}`, {});
      const ratio = measured.rps / reference.rps;
      const clean = measured.errors === 0 && measured.non2xx === 0;
      const ok = t.p99Budget === undefined ? (clean ? null : false) : clean && measured.p99 < t.p99Budget && ratio >= (t.ratioBudget ?? 0);
      rows.push({ ...t, db, measured, bare: reference, ratio, ok });
      console.log(
        `${db} ${t.name}: ${measured.rps} req/s p99 ${measured.p99} ms; bare ${reference.rps} req/s; ratio ${ratio.toFixed(2)} ${ok === null ? 'reference' : ok ? 'ok' : 'OVER BUDGET'}`,
      );
    }
    trade.push(...(await benchTrade(db, base, duration)));
    trade.push(...(await benchMarketing(db, base, buyers, duration)));
  } finally {
    await stopServer(child);
  }
  return rows;
}

const API_INTRO = `The server runs on a fresh PGlite database and on a fresh PostgreSQL database (when one answers), the
catalogue is seeded, and each call is loaded with autocannon (connections and seconds per call in the line
below), right after loading a bare Fastify route that serves the same JSON from memory, in a process of its own
as the server is. The ratio is the call's throughput over the bare route's, both measured in the same run.
Catalogue answers are shared for up to 30 s by viewers who see alike (a detail for 5 s); the rows "never cached"
ask for a different answer every time.`;

/**
 * The two parts of bench/README.md, so that a run of one part keeps the other's last figures. A report
 * written before the web part existed is all API table.
 */
function readSections(readme: string): { api: string | null; web: string | null } {
  const webAt = readme.indexOf('\n## Web\n');
  const apiAt = readme.indexOf('\n## API calls\n');
  const web = webAt >= 0 ? readme.slice(webAt + 1).trimEnd() + '\n' : null;
  const beforeWeb = webAt >= 0 ? readme.slice(0, webAt) : readme;
  let api: string | null = null;
  if (apiAt >= 0) api = beforeWeb.slice(apiAt + 1).trimEnd() + '\n';
  else if (beforeWeb.includes('\nLast run:')) api = `## API calls\n\n${API_INTRO}\n\n${beforeWeb.slice(beforeWeb.indexOf('\nLast run:') + 1).trimEnd()}\n`;
  return { api, web };
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

const readmePath = path.join(root, 'bench', 'README.md');
const previous = readSections(fs.existsSync(readmePath) ? fs.readFileSync(readmePath, 'utf8') : '');
fs.mkdirSync(path.join(root, 'bench', 'results'), { recursive: true });
let failed = false;

// The web part first, on a machine the load tests have not yet left busy (PostgreSQL checkpoints and vacuums
// for minutes after them, and Lighthouse's scores follow the CPU it is given).
let webText = previous.web;
if (runWeb) {
  try {
    const result = await measureWeb({ lighthouseRuns: Math.max(1, Number(opts['lighthouse-runs'])) });
    fs.writeFileSync(path.join(root, 'bench', 'results', 'web.json'), JSON.stringify(result, null, 2));
    webText = webSection(result);
    console.log(`\n${webText}`);
  } catch (err) {
    // The API figures are still measured and written; the web section keeps its previous (dated) figures.
    console.error('The web measurement failed:', err);
    failed = true;
  }
}

let apiSection = previous.api;
if (runApi) {
  const bare = await bareServer();
  const rows: Row[] = [];
  const trade: TradeRow[] = [];
  const tails: LongTail[] = [];
  if (opts.only !== 'postgres') {
    for (const size of opts['skip-long-tail'] ? [] : tailSizes) {
      const small = fs.mkdtempSync(path.join(os.tmpdir(), 'yct-bench-'));
      await benchTailAt('PGlite', { DATA_DIR: small, DATABASE_URL: '' }, size, bare, tails);
      fs.rmSync(small, { recursive: true, force: true, maxRetries: 5 });
    }
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'yct-bench-'));
    rows.push(...(await benchDatabase('PGlite', { DATA_DIR: dataDir, DATABASE_URL: '' }, bare, trade, tails)));
    fs.rmSync(dataDir, { recursive: true, force: true, maxRetries: 5 });
  }
  if (opts.only !== 'pglite') {
    for (const size of opts['skip-long-tail'] ? [] : tailSizes) {
      const small = await postgresUrl();
      if (small) await benchTailAt('PostgreSQL', { DATABASE_URL: small, DATA_DIR: fs.mkdtempSync(path.join(os.tmpdir(), 'yct-bench-')) }, size, bare, tails);
    }
    const url = await postgresUrl();
    if (url)
      rows.push(
        ...(await benchDatabase('PostgreSQL', { DATABASE_URL: url, DATA_DIR: fs.mkdtempSync(path.join(os.tmpdir(), 'yct-bench-')) }, bare, trade, tails)),
      );
    else console.log('No PostgreSQL answered; measured PGlite only.');
  }
  bare.close();

  const when = new Date().toISOString().slice(0, 16).replace('T', ' ');
  fs.writeFileSync(
    path.join(root, 'bench', 'results', 'latest.json'),
    JSON.stringify({ when, duration, connections, goods: goodsCount, cpus: os.cpus().length, rows, trade, tails }, null, 2),
  );
  const table = [
    '| database | call | req/s | p50 ms | p99 ms | bare req/s | ratio | budget | result |',
    '|---|---|---:|---:|---:|---:|---:|---|---|',
    ...rows.map(
      (r) =>
        `| ${r.db} | ${r.name} \`${r.path}\` | ${r.measured.rps} | ${r.measured.p50} | ${r.measured.p99} | ${r.bare.rps} | ${r.ratio.toFixed(2)} | ${r.p99Budget === undefined ? 'none (reference)' : `p99 < ${r.p99Budget} ms${r.ratioBudget === undefined ? '' : `, ratio ≥ ${r.ratioBudget}`}`} | ${r.ok === null ? '—' : r.ok ? 'met' : '**not met**'} |`,
    ),
  ].join('\n');
  apiSection = `## API calls

${API_INTRO}

Last run: ${when} UTC, ${os.cpus().length} cores, ${goodsCount} goods, ${connections} connections, ${duration} s per call.

${table}

${tails.length ? longTailSection(tails) : ''}
### Cart and checkout

${TRADE_CONNECTIONS} connections, each logged in as its own buyer (\`--buyers\` of the seed), ${duration} s per call. Add to
cart puts one middle package of the next of 300 goods into the buyer's cart. DESIGN.md asks for a checkout of 50
lines under 100 ms: the time one buyer waits. A buyer checks out ${ONE_AT_A_TIME} times one after another (去结算 of 50
lines, then the order), each call timed from request to answer. For reference, the list of a 200-line cart and
去结算 of 50 of its lines are also loaded by ${TRADE_CONNECTIONS} buyers at once: on PGlite, which has one connection, each
of those requests waits for the ones ahead of it. The pricing engine is timed alone in the bench process (300 runs).
Last, ${MARKETING_CONNECTIONS} buyers at once claim coupons in the coupon centre and draw in points lotteries that an operator
composed through the console's API just before (bench/marketing.ts): each request a successful write in one
transaction with its ledger rows, rotating over enough coupons and lotteries that no buyer reaches a limit.

${tradeTable(trade)}
`;
  console.log(`\n${table}`);
}

const readme = `# Benchmarks

\`npm run bench\` measures the budgets of DESIGN.md section 12: the web app's first-load JavaScript and
Lighthouse scores, then the API calls under load. Options: \`--goods 100000\`, \`--tail-goods 10000\` (the long tail also
at that size), \`--duration\`, \`--connections\`, \`--only pglite|postgres|web\`, \`--skip-web\`, \`--skip-long-tail\`,
\`--lighthouse-runs 3\`. A part that was not run keeps its last figures.

${apiSection ?? '## API calls\n\nNot measured yet: `npm run bench -- --skip-web`.\n'}
${webText ?? '## Web\n\nNot measured yet: `npm run bench -- --only web`.\n'}`;
fs.writeFileSync(readmePath, readme);
process.exit(failed ? 1 : 0);
