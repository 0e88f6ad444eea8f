// Runs the Playwright journeys against a freshly started server (production build, new PGlite database).
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
// Debian's headless shell when installed: the same Chromium without a window's machinery, a fifth less CPU per
// journey than the full browser in headless mode (docs/decisions/028-suite-budget.md); else the full browser.
const HEADLESS_SHELL = '/usr/bin/chromium-headless-shell';
const chromium = process.env.CHROMIUM_PATH || (fs.existsSync(HEADLESS_SHELL) ? HEADLESS_SHELL : '/usr/bin/chromium');
if (!fs.existsSync(chromium)) {
  console.log(`No Chromium at ${chromium}. Install it with: apt-get install chromium-headless-shell fonts-noto-cjk (or chromium; or set CHROMIUM_PATH).`);
  process.exit(process.env.CI ? 1 : 0);
}

// The production build npm test made beside its unit tests (E2E_WEB_DIST), else a build of its own, so that runs side
// by side (or a developer's own build) do not pull files from under each other.
const givenDist = process.env.E2E_WEB_DIST;
const dist = givenDist || fs.mkdtempSync(path.join(os.tmpdir(), 'yct-e2e-web-'));
if (!givenDist) {
  const build = spawnSync('npx', ['vite', 'build', '--config', 'web/vite.config.ts', '--logLevel', 'warn', '--outDir', dist, '--emptyOutDir'], {
    cwd: root,
    stdio: 'inherit',
  });
  if (build.status !== 0) process.exit(1);
}

const freePort = () =>
  new Promise((resolve) => {
    const s = net.createServer().listen(0, '127.0.0.1', () => {
      const p = s.address().port;
      s.close(() => resolve(p));
    });
  });

/** Starts the server on a new PGlite database; answers its address and how to stop it. */
async function startServer() {
  const port = await freePort();
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'yct-e2e-'));
  const server = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
    cwd: root,
    detached: true,
    stdio: ['ignore', 'ignore', 'inherit'],
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      DATABASE_URL: '',
      LOG_LEVEL: 'warn',
      RATE_LIMIT_FACTOR: '20',
      // The journeys of other areas ship without scanning trace codes; the 出库复核 journey scans every box anyway.
      TRACE_CHECK: process.env.TRACE_CHECK ?? 'off',
      WEB_DIST: dist,
    },
  });
  const stop = () => {
    try {
      process.kill(-server.pid, 'SIGTERM');
    } catch {}
    fs.rmSync(dataDir, { recursive: true, force: true });
  };
  process.on('exit', stop);
  const base = `http://127.0.0.1:${port}`;
  for (let i = 0; i < 240; i++) {
    try {
      if ((await fetch(`${base}/api/focus/common`)).ok) return { base, stop };
    } catch {}
    await new Promise((r) => setTimeout(r, 500));
  }
  stop();
  console.log('The server did not start within 120 s.');
  process.exit(1);
}

/*
 * Two suites, each on a database of its own: the storefront's journeys and the console's (e2e/console), whose
 * operators change what the storefront's journeys rely on (they approve the waiting clinic, ship orders, change
 * prices). They run side by side, each with its server: the console's journeys wait for SMS codes and
 * deliveries where the storefront's keep the cores busy (docs/decisions/028-suite-budget.md). The first suite
 * prints as it goes, the other once it ends. Spec files named on the command line pick the suite they belong to.
 */
const specs = process.argv.slice(2).filter((a) => !a.startsWith('-'));
const wantsConsole = specs.some((a) => a.includes('console/'));
const hasConsole = fs.existsSync(path.join(root, 'e2e', 'console')) && fs.readdirSync(path.join(root, 'e2e', 'console')).some((f) => f.endsWith('.spec.ts'));
const suites = specs.length ? [wantsConsole ? 'console' : 'storefront'] : hasConsole ? ['storefront', 'console'] : ['storefront'];
/**
 * Storefront journeys of guests, which read nothing the console's operators change, run in the console's suite
 * when both suites run: the storefront's suite was the longer by 90 s, and its two workers alone keep one core
 * of two busy, so the end of the run waited on it with a core to spare (docs/decisions/028-suite-budget.md).
 */
const BESIDE_CONSOLE = ['member-guests.spec.ts'];
const jsonOut = process.env.PLAYWRIGHT_JSON_OUTPUT_NAME;
const stats = { expected: 0, unexpected: 0, flaky: 0, skipped: 0 };
/** Both suites' reports in one, so that npm test's summary names every journey that failed. */
const reported = [];

/** Runs one suite against a server of its own; answers whether it passed. */
async function runSuite(suite, live) {
  const { base, stop } = await startServer();
  // Traces and failure pictures of this run in a folder of its own (kept only when something failed), so runs
  // side by side do not delete each other's files.
  const output = path.join(root, 'e2e', '.results', `${new Date().toISOString().replace(/[:.]/g, '-')}-${process.pid}-${suite}`);
  const args = ['playwright', 'test', '--output', output, ...process.argv.slice(2)];
  const env = {
    ...process.env,
    E2E_BASE_URL: base,
    CHROMIUM_PATH: chromium,
    E2E_SUITE: suite,
    ...(specs.length ? {} : { E2E_BESIDE_CONSOLE: BESIDE_CONSOLE.join(',') }),
    ...(jsonOut ? { PLAYWRIGHT_JSON_OUTPUT_NAME: `${jsonOut}.${suite}` } : {}),
  };
  const child = spawn('npx', args, { cwd: root, stdio: live ? 'inherit' : ['ignore', 'pipe', 'pipe'], env });
  const out = [];
  child.stdout?.on('data', (d) => out.push(d));
  child.stderr?.on('data', (d) => out.push(d));
  const status = await new Promise((resolve) => child.on('close', resolve));
  stop();
  if (!live) console.log(`\n--- the ${suite} journeys, run beside the others ---\n${Buffer.concat(out).toString().trim()}`);
  if (status === 0) fs.rmSync(output, { recursive: true, force: true });
  else if (fs.existsSync(output)) console.log(`Traces and pictures of the failures: ${path.relative(root, output)}`);
  if (jsonOut && fs.existsSync(`${jsonOut}.${suite}`)) {
    const report = JSON.parse(fs.readFileSync(`${jsonOut}.${suite}`, 'utf8'));
    for (const k of Object.keys(stats)) stats[k] += report.stats?.[k] ?? 0;
    reported.push(...(report.suites ?? []));
    fs.rmSync(`${jsonOut}.${suite}`);
  }
  return status === 0;
}

const passed = await Promise.all(suites.map((suite, i) => runSuite(suite, i === 0)));
if (jsonOut) fs.writeFileSync(jsonOut, JSON.stringify({ stats, suites: reported }));
if (!givenDist) fs.rmSync(dist, { recursive: true, force: true });
process.exit(passed.every(Boolean) ? 0 : 1);
