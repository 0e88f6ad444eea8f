/**
 * `npm run bench:soak`: the site as it runs for real on several processes, loaded for half an hour. Two server
 * processes on one PostgreSQL database (100,000 goods) and one Redis, behind nginx with deploy/nginx.conf; the long
 * tail of catalogue requests (50 connections, a browser's headers, half of them logged in) and 20 buyers adding,
 * listing, checking out, ordering and cancelling, both at once, for `--minutes` (30). Reported by window of the
 * run: throughput, p50 and p99 of each load, errors, each process's resident memory and longest loop pause; and
 * memory at the start and the end. Writes the Soak section of bench/README.md and bench/results/soak.json.
 *
 * Options: --minutes 30, --goods 100000, --keep-seed (bench/seeded.ts).
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { TEST_REDIS_URL, redisAnswers } from '../server/test-processes.js';
import { NGINX, startNginx } from '../server/test-nginx.js';
import { BUYER_BUDGETS, facts, LONG_TAIL_P99_MS } from './long-tail-run.js';
import { catalogueRequests, drive, driveBuyers, percentile, type Timing } from './longtail.js';
import { goodsCount, opts } from './options.js';
import { readmeText, readSections } from './report.js';
import { cpuMs, postgresUrl, root, startServer, stopServer, type LoopPauses } from './servers.js';
import { seedDatabase } from './seeded.js';
import { BUYERS, login, TRADE_CONNECTIONS } from './trade.js';

const MINUTES = Number(opts.minutes);
const CONNECTIONS = 50;
/** The windows the run is reported by: ten of them, each at least a minute. The first is the warm-up: memory grows from its end. */
const WINDOWS = Math.min(10, Math.max(1, Math.floor(MINUTES)));
/** How often each process's resident memory is read. */
const SAMPLE_MS = 5_000;

const rssMb = (pid: number) => {
  try {
    return Math.round(Number(/VmRSS:\s+(\d+)/.exec(fs.readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1] ?? 0) / 1024);
  } catch {
    return 0;
  }
};

type Window = {
  from: number;
  to: number;
  catalogue: { rps: number; p50: number; p99: number; errors: number; timeouts: number };
  buyers: { kind: string; requests: number; p99: number; errors: number }[];
  rss: number[];
  loopMax: number[];
  cpuPerRequest: number;
};

function stats(timings: Timing[], seconds: number) {
  const ms = timings.map((t) => t.ms).sort((a, b) => a - b);
  return {
    rps: Math.round(timings.length / seconds),
    p50: Math.round(percentile(ms, 50) * 10) / 10,
    p99: Math.round(percentile(ms, 99) * 10) / 10,
    timeouts: timings.filter((t) => t.status === 0).length,
    errors: timings.filter((t) => t.status !== 0 && t.status !== 200 && t.status !== 404).length,
  };
}

if (!fs.existsSync(NGINX)) throw new Error(`${NGINX} is missing: apt-get install nginx`);
if (!(await redisAnswers())) throw new Error(`Redis does not answer at ${TEST_REDIS_URL}`);
const url = await postgresUrl();
if (!url) throw new Error('No PostgreSQL answers: the soak runs on PostgreSQL');
fs.mkdirSync(path.join(root, 'bench', 'results'), { recursive: true });
const dirs = [0, 1, 2].map(() => fs.mkdtempSync(path.join(os.tmpdir(), 'yct-soak-')));
const env = { DATABASE_URL: url, REDIS_URL: TEST_REDIS_URL, TRUST_PROXY: '127.0.0.1', DB_POOL: '8' };
console.log(`soak: ${await seedDatabase({ ...env, DATA_DIR: dirs[0] }, goodsCount, BUYERS, opts['keep-seed'])}`);
const servers = [await startServer({ ...env, DATA_DIR: dirs[0] }), await startServer({ ...env, DATA_DIR: dirs[1] })];
const nginx = await startNginx([new URL(servers[0].base).host, new URL(servers[1].base).host], dirs[2], { workers: 1 });
const pids = servers.map((s) => s.child.pid!);
const samples: { at: number; rss: number[] }[] = [];

try {
  const front = nginx.base;
  const cookies = await Promise.all(Array.from({ length: TRADE_CONNECTIONS }, (_, i) => login(front, `buyer${i + 1}`)));
  const c = await facts(front, cookies[0], goodsCount);
  const workload = catalogueRequests(c);
  const seconds = MINUTES * 60;
  console.log(`soak: ${MINUTES} min through ${front} to ${servers.map((s) => s.base).join(' and ')}; ${workload.distinct} distinct keywords`);
  const started = Date.now();
  const sampler = setInterval(() => samples.push({ at: Date.now() - started, rss: pids.map(rssMb) }), SAMPLE_MS);
  samples.push({ at: 0, rss: pids.map(rssMb) });
  // The loop pauses and CPU of each window, read as it ends.
  const windowMs = (seconds * 1000) / WINDOWS;
  const pauses: LoopPauses[][] = [];
  const cpu: number[] = [];
  await Promise.all(servers.map((s) => s.loop()));
  let cpuBefore = pids.reduce((sum, pid) => sum + cpuMs(pid), 0);
  const windowTimer = setInterval(async () => {
    pauses.push(await Promise.all(servers.map((s) => s.loop())));
    const now = pids.reduce((sum, pid) => sum + cpuMs(pid), 0);
    cpu.push(now - cpuBefore);
    cpuBefore = now;
    const last = samples[samples.length - 1];
    console.log(`soak: window ${pauses.length}/${WINDOWS} done; RSS ${last?.rss.join(' / ')} MB`);
  }, windowMs);
  let n = 0;
  const [catalogue, buyers] = await Promise.all([
    drive(front, CONNECTIONS, seconds, () => {
      const r = workload.next();
      return n++ % 2 ? { ...r, headers: { cookie: cookies[n % cookies.length] } } : r;
    }),
    driveBuyers(front, cookies, c.stocked, seconds, 11, { cancel: true }),
  ]);
  clearInterval(sampler);
  clearInterval(windowTimer);
  if (pauses.length < WINDOWS) {
    pauses.push(await Promise.all(servers.map((s) => s.loop())));
    cpu.push(pids.reduce((sum, pid) => sum + cpuMs(pid), 0) - cpuBefore);
  }
  samples.push({ at: Date.now() - started, rss: pids.map(rssMb) });
  const windowSeconds = windowMs / 1000;
  const windows: Window[] = Array.from({ length: WINDOWS }, (_, i) => {
    const from = i * windowMs;
    const to = from + windowMs;
    const inWindow = (t: Timing) => t.at >= from && t.at < to;
    const cat = catalogue.filter(inWindow);
    const buy = buyers.filter(inWindow);
    const rss = samples.filter((s) => s.at <= to).at(-1)!.rss;
    return {
      from: Math.round(from / 60_000),
      to: Math.round(to / 60_000),
      catalogue: stats(cat, windowSeconds),
      buyers: Object.keys(BUYER_BUDGETS).map((kind) => {
        const of = buy.filter((t) => t.kind === kind);
        const s = stats(of, windowSeconds);
        return { kind, requests: of.length, p99: s.p99, errors: s.errors + s.timeouts };
      }),
      rss,
      loopMax: (pauses[i] ?? []).map((p) => p.max),
      cpuPerRequest: Math.round(((cpu[i] ?? 0) / Math.max(1, cat.length + buy.length)) * 100) / 100,
    };
  });
  const whole = stats(catalogue, seconds);
  const failed = buyers.filter((t) => t.status !== 200);
  const warm = samples.find((s) => s.at >= windowMs) ?? samples[0];
  const end = samples[samples.length - 1];
  const result = {
    when: new Date().toISOString().slice(0, 16).replace('T', ' '),
    minutes: MINUTES,
    goods: goodsCount,
    catalogue: whole,
    buyers: Object.keys(BUYER_BUDGETS).map((kind) => {
      const of = buyers.filter((t) => t.kind === kind);
      return { kind, requests: of.length, ...stats(of, seconds) };
    }),
    cancels: buyers.filter((t) => t.kind === 'cancel an order').length,
    buyerFailures: [...new Set(failed.map((t) => `${t.kind}: ${t.message}`))].slice(0, 10),
    rss: { start: samples[0].rss, warm: warm.rss, end: end.rss, max: pids.map((_, i) => Math.max(...samples.map((s) => s.rss[i]))) },
    windows,
  };
  fs.writeFileSync(path.join(root, 'bench', 'results', 'soak.json'), JSON.stringify(result, null, 2));
  const readmePath = path.join(root, 'bench', 'README.md');
  const previous = readSections(fs.readFileSync(readmePath, 'utf8'));
  fs.writeFileSync(readmePath, readmeText(previous.api, previous.web, soakSection(result)));
  console.log(soakSection(result));
} finally {
  await nginx.stop();
  for (const s of servers) await stopServer(s.child);
  for (const dir of dirs) fs.rmSync(dir, { recursive: true, force: true });
}

function soakSection(r: {
  when: string;
  minutes: number;
  goods: number;
  catalogue: ReturnType<typeof stats>;
  buyers: ({ kind: string; requests: number } & ReturnType<typeof stats>)[];
  cancels: number;
  buyerFailures: string[];
  rss: { start: number[]; warm: number[]; end: number[]; max: number[] };
  windows: Window[];
}) {
  const growth = r.rss.end.map((e, i) => e - r.rss.warm[i]);
  const budgets = [
    `| long tail (${CONNECTIONS} connections) | ${r.catalogue.rps} | ${r.catalogue.p50} | ${r.catalogue.p99} | ${r.catalogue.errors + r.catalogue.timeouts} | p99 < ${LONG_TAIL_P99_MS} ms | ${r.catalogue.p99 < LONG_TAIL_P99_MS && !r.catalogue.errors && !r.catalogue.timeouts ? 'met' : '**not met**'} |`,
    ...r.buyers.map(
      (b) =>
        `| buyers: ${b.kind} | ${b.rps} | ${b.p50} | ${b.p99} | ${b.errors + b.timeouts} | p99 < ${BUYER_BUDGETS[b.kind]} ms | ${b.p99 < BUYER_BUDGETS[b.kind] && !b.errors && !b.timeouts ? 'met' : '**not met**'} |`,
    ),
  ];
  const windowRows = r.windows.map(
    (w) =>
      `| ${w.from}-${w.to} | ${w.catalogue.rps} | ${w.catalogue.p50} | ${w.catalogue.p99} | ${w.catalogue.errors + w.catalogue.timeouts} | ${w.buyers.map((b) => b.p99).join(' / ')} | ${w.buyers.reduce((s, b) => s + b.errors, 0)} | ${w.rss.join(' / ')} | ${w.loopMax.join(' / ')} | ${w.cpuPerRequest} |`,
  );
  return `## Soak

Last run: ${r.when} UTC, ${os.cpus().length} CPUs, for ${r.minutes} minutes (\`npm run bench:soak\`, bench/soak.ts). Two
server processes (\`npm start\`'s flags, \`NODE_ENV=production\`, \`DB_POOL=8\` each) on one PostgreSQL database of
${r.goods} goods (autovacuum on, as on any site) and one Redis, behind nginx with deploy/nginx.conf (one nginx worker), all on this machine with the
load generator. At once through nginx: the long tail of catalogue requests (${CONNECTIONS} connections, a browser's
headers, half of them logged in) and ${TRADE_CONNECTIONS} buyers on carts of 40-50 lines adding, listing, and every tenth
time checking out ten lines, ordering them and cancelling the order (${r.cancels} orders cancelled, their stock returned).

| load | req/s | p50 ms | p99 ms | errors and timeouts | budget | result |
|---|---:|---:|---:|---:|---|---|
${budgets.join('\n')}

Memory (resident, MB, process A / B): at start ${r.rss.start.join(' / ')}, after the first window ${r.rss.warm.join(' / ')}, at the end
${r.rss.end.join(' / ')} (growth after the first window ${growth.map((g) => `${g >= 0 ? '+' : ''}${g}`).join(' / ')}), highest ${r.rss.max.join(' / ')}.
${r.buyerFailures.length ? `\nBuyers' calls that failed: ${r.buyerFailures.join('; ')}.\n` : ''}
By window of the run (buyers' p99: ${Object.keys(BUYER_BUDGETS).join(' / ')}; loop pause and memory: process A / B):

| minutes | long tail req/s | p50 ms | p99 ms | errors | buyers' p99 ms | buyers' errors | RSS MB | longest loop pause ms | server CPU ms per request |
|---|---:|---:|---:|---:|---|---:|---|---|---:|
${windowRows.join('\n')}
`;
}
