/**
 * `npm run bench`: load tests against a started server, on PGlite and on PostgreSQL (when one answers),
 * each call beside a bare Fastify route serving the same JSON from memory in the same run, so that the
 * ratio stays meaningful on a noisy machine; then the web budget (bench/web.ts). Writes
 * bench/results/latest.json, bench/results/web.json and the two tables in bench/README.md.
 *
 * Options: --duration 10 (seconds per call), --connections 50, --goods 3000 (catalogue size of a fresh
 * database; 100000 for the catalogue budgets), --tail-goods 10000 (the long tail also on a catalogue of that
 * size), --only pglite|postgres|web, --skip-web, --skip-long-tail, --skip-calls (the buyers, marketing and trace rows
 * only), --lighthouse-runs 3, --keep-seed (each database seeded once and copied for later runs: bench/seeded.ts).
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { benchLongTail, benchTailAt, type LongTail } from './long-tail-run.js';
import { benchMarketing } from './marketing.js';
import { benchPurchaseList } from './purchase-list.js';
import { connections, duration, goodsCount, opts, runApi, runWeb, tailSizes } from './options.js';
import { apiSection as sectionOf, apiTable, readmeText, readSections } from './report.js';
import { bareServer, cpuMs, postgresUrl, root, startServer, stopServer, type BareServer } from './servers.js';
import { seedDatabase } from './seeded.js';
import { load, TARGETS, type Row } from './targets.js';
import { benchTrade, BUYERS, login, type TradeRow } from './trade.js';
import { benchTrace } from './trace.js';
import { measureWeb, webSection } from './web';

async function benchDatabase(db: string, env: Record<string, string>, bare: BareServer, trade: TradeRow[], tails: LongTail[]): Promise<Row[]> {
  console.log(`\n== ${db}: ${goodsCount} goods`);
  console.log(`== ${db}: ${await seedDatabase(env, goodsCount, BUYERS, opts['keep-seed'])}`);
  const { base, child, loop } = await startServer(env);
  const rows: Row[] = [];
  try {
    // The long tail first, on a server whose caches nothing has warmed yet.
    if (!opts['skip-long-tail']) tails.push(await benchLongTail(db, base, child.pid!, bare, loop));
    const cookie = await login(base, 'demo');
    const buyers = await Promise.all(Array.from({ length: BUYERS }, (_, i) => login(base, `buyer${i + 1}`)));
    for (const t of opts['skip-calls'] ? [] : TARGETS) {
      const headers: Record<string, string> = t.login ? { cookie } : {};
      const accounts = t.perAccount ? buyers : undefined;
      const body = await (await fetch(base + t.path, { headers })).text();
      await bare.set(String(rows.length), body);
      await load(base + t.path, headers, t.vary && ((n) => t.vary!(n + 1_000_000)), accounts); // warm-up, not recorded
      const cpu = cpuMs(child.pid!);
      await loop();
      const measured = await load(base + t.path, headers, t.vary, accounts);
      const pauses = await loop();
      const cpuPerRequest = (cpuMs(child.pid!) - cpu) / Math.max(1, measured.requests);
      const reference = await load(`${bare.base}/bare/${rows.length}`, {});
      const ratio = measured.rps / reference.rps;
      const clean = measured.errors === 0 && measured.non2xx === 0;
      const ok = t.p99Budget === undefined ? (clean ? null : false) : clean && measured.p99 < t.p99Budget && ratio >= (t.ratioBudget ?? 0);
      rows.push({ ...t, db, measured, bare: reference, ratio, ok, cpuMs: Math.round(cpuPerRequest * 100) / 100, loopMax: pauses.max });
      console.log(
        `${db} ${t.name}: ${measured.rps} req/s p99 ${measured.p99} ms; bare ${reference.rps} req/s; ratio ${ratio.toFixed(2)} ${ok === null ? 'reference' : ok ? 'ok' : 'OVER BUDGET'}`,
      );
    }
    trade.push(...(await benchTrade(db, base, duration)));
    trade.push(...(await benchMarketing(db, base, buyers, duration)));
    trade.push(...(await benchTrace(db, base)));
    trade.push(await benchPurchaseList(db, base));
  } finally {
    await stopServer(child);
  }
  return rows;
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
  const table = opts['skip-calls'] ? null : apiTable(rows);
  apiSection = sectionOf(when, table, tails, trade, previous.api);
  if (table) console.log(`\n${table}`);
}

fs.writeFileSync(readmePath, readmeText(apiSection, webText, previous.soak));
process.exit(failed ? 1 : 0);
