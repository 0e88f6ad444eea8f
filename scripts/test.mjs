// npm test: type check, lint, formatting (Prettier), unused code (knip), unit and API tests on PGlite (and PostgreSQL when DATABASE_URL or
// TEST_DATABASE_URL is set), then the end-to-end journeys in the system's Chromium; at the end, where the time went.
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const reports = fs.mkdtempSync(path.join(os.tmpdir(), 'yct-test-'));
const totals = { passed: 0, failed: 0, skipped: 0 };
const failures = [];
const failedTests = [];
const started = Date.now();
/** Each stage's label, seconds and outcome, printed as a table at the end. */
const stages = [];

function finish(label, status, t0) {
  const seconds = (Date.now() - t0) / 1000;
  stages.push({ label, seconds, ok: status === 0 });
  if (status !== 0) failures.push(label);
  return seconds;
}

function run(label, cmd, args, env = {}) {
  const t0 = Date.now();
  console.log(`\n=== ${label} ===`);
  const r = spawnSync(cmd, args, { cwd: root, stdio: 'inherit', env: { ...process.env, ...env } });
  const seconds = finish(label, r.status, t0);
  console.log(`=== ${label}: ${r.status === 0 ? 'ok' : 'FAILED'} in ${seconds.toFixed(1)} s ===`);
  return r.status === 0;
}

/**
 * Runs checks side by side, each writing to a buffer printed whole when it ends, so that their outputs do not
 * interleave: the static checks each keep one core busy for a while, and a machine has more than one.
 */
async function runTogether(checks) {
  const t0 = Date.now();
  console.log(`\n=== ${checks.map((c) => c.label).join(', ')} (side by side) ===`);
  await Promise.all(
    checks.map(
      ({ label, cmd, args }) =>
        new Promise((resolve) => {
          const t = Date.now();
          const child = spawn(cmd, args, { cwd: root, env: process.env });
          const out = [];
          child.stdout.on('data', (d) => out.push(d));
          child.stderr.on('data', (d) => out.push(d));
          child.on('close', (status) => {
            const seconds = finish(label, status, t);
            const text = Buffer.concat(out).toString().trim();
            console.log(`\n=== ${label}: ${status === 0 ? 'ok' : 'FAILED'} in ${seconds.toFixed(1)} s ===${text ? `\n${text}` : ''}`);
            resolve();
          });
        }),
    ),
  );
  console.log(`=== static checks done in ${((Date.now() - t0) / 1000).toFixed(1)} s ===`);
}

function countVitest(file) {
  if (!fs.existsSync(file)) return;
  const j = JSON.parse(fs.readFileSync(file, 'utf8'));
  totals.passed += j.numPassedTests;
  totals.failed += j.numFailedTests;
  totals.skipped += j.numPendingTests + (j.numTodoTests ?? 0);
  for (const f of j.testResults ?? []) {
    const file = path.relative(root, f.name);
    const failed = (f.assertionResults ?? []).filter((t) => t.status === 'failed');
    for (const t of failed) failedTests.push(`${file} › ${t.fullName}: ${firstLine(t.failureMessages?.[0])}`);
    if (!failed.length && f.status === 'failed') failedTests.push(`${file}: ${firstLine(f.message)}`);
  }
}

function firstLine(text = '') {
  return (
    String(text)
      .split('\n')
      .find((l) => l.trim()) ?? ''
  );
}

// Playwright's JSON report nests suites; a test failed when its last result did not pass.
function collectPlaywright(suite, out) {
  for (const s of suite.suites ?? []) collectPlaywright(s, out);
  for (const spec of suite.specs ?? []) {
    for (const t of spec.tests ?? []) {
      const last = t.results?.at(-1);
      if (t.status === 'unexpected' || t.status === 'flaky') {
        out.push(`${spec.file}:${spec.line} › ${spec.title} (${t.status}): ${firstLine(last?.error?.message)}`);
      }
    }
  }
}

await runTogether([
  // The native TypeScript compiler (TypeScript 7 preview) checks what tsc 5.9 checks, in half its time or less.
  { label: 'type check', cmd: 'npx', args: ['tsgo', '-p', 'tsconfig.json', '--noEmit'] },
  { label: 'lint (oxlint)', cmd: 'npx', args: ['oxlint', '--deny-warnings'] },
  { label: 'lint (ESLint: boundaries, sizes, one-branch assertions)', cmd: 'npx', args: ['eslint', '.', '--max-warnings', '0'] },
  { label: 'formatting (Prettier; npm run format fixes it)', cmd: 'npx', args: ['prettier', '--check', '--log-level', 'warn', '.'] },
  { label: 'no unused files, exports or dependencies (knip)', cmd: 'npx', args: ['knip'] },
  { label: 'API reference is current', cmd: 'npx', args: ['tsx', 'scripts/api-docs.ts', '--check'] },
]);

// The journeys' production build, made beside the unit and API tests: alone it keeps one core of two busy for a
// quarter of a minute, which the journeys' start waited for (docs/decisions/028-suite-budget.md). Its output goes to
// a file: the unit tests' stages block this process, and a pipe nobody reads would stop the build once full.
const webDist = fs.mkdtempSync(path.join(os.tmpdir(), 'yct-e2e-web-'));
const webLog = path.join(reports, 'web-build.log');
const webStarted = Date.now();
const webBuild = new Promise((resolve) => {
  const log = fs.openSync(webLog, 'w');
  spawn('npx', ['vite', 'build', '--config', 'web/vite.config.ts', '--logLevel', 'warn', '--outDir', webDist, '--emptyOutDir'], {
    cwd: root,
    env: process.env,
    stdio: ['ignore', log, log],
  }).on('close', (status) => {
    fs.closeSync(log);
    resolve(status);
  });
});

const pglite = path.join(reports, 'vitest-pglite.json');
run('unit and API tests (PGlite)', 'npx', ['vitest', 'run', '--reporter=default', '--reporter=json', `--outputFile.json=${pglite}`], { TEST_DB: 'pglite' });
countVitest(pglite);

const pgUrl = process.env.TEST_DATABASE_URL || process.env.DATABASE_URL;
if (pgUrl) {
  const postgres = path.join(reports, 'vitest-postgres.json');
  run('API tests (PostgreSQL)', 'npx', ['vitest', 'run', 'server', '--reporter=default', '--reporter=json', `--outputFile.json=${postgres}`], {
    TEST_DB: 'postgres',
    TEST_DATABASE_URL: pgUrl,
  });
  countVitest(postgres);
} else {
  console.log('\nDATABASE_URL is not set: the API tests ran on PGlite only.');
}

const webStatus = await webBuild;
const webIndex = path.join(webDist, 'index.html');
const webSeconds = fs.existsSync(webIndex) ? (fs.statSync(webIndex).mtimeMs - webStarted) / 1000 : 0;
const webOutput = fs.readFileSync(webLog, 'utf8').trim();
console.log(
  `\n=== web build for the journeys (beside the unit tests): ${webStatus === 0 ? `ok in ${webSeconds.toFixed(1)} s` : 'FAILED'} ===${webOutput ? `\n${webOutput}` : ''}`,
);
stages.push({ label: 'web build for the journeys (beside the unit tests)', seconds: webSeconds, ok: webStatus === 0 });
if (webStatus !== 0) failures.push('web build for the journeys');

const e2e = path.join(reports, 'e2e.json');
if (webStatus === 0) run('end-to-end (Chromium)', 'node', ['scripts/e2e.mjs'], { PLAYWRIGHT_JSON_OUTPUT_NAME: e2e, E2E_WEB_DIST: webDist });
fs.rmSync(webDist, { recursive: true, force: true });
if (fs.existsSync(e2e)) {
  const report = JSON.parse(fs.readFileSync(e2e, 'utf8'));
  const s = report.stats ?? {};
  collectPlaywright(report, failedTests);
  totals.passed += s.expected ?? 0;
  totals.failed += (s.unexpected ?? 0) + (s.flaky ?? 0);
  totals.skipped += s.skipped ?? 0;
}

console.log('\nWhere the time went:');
for (const { label, seconds, ok } of stages) console.log(`  ${seconds.toFixed(1).padStart(7)} s  ${ok ? 'ok    ' : 'FAILED'}  ${label}`);
console.log(`\nnpm test finished in ${((Date.now() - started) / 1000).toFixed(0)} s${failures.length ? `; failed steps: ${failures.join(', ')}` : ''}`);
if (failedTests.length) console.log(`Failed tests:\n${failedTests.map((t) => `  - ${t.slice(0, 400)}`).join('\n')}`);
if (failures.length && totals.failed === 0) totals.failed = failures.length;
console.log(`${totals.passed} passed, ${totals.failed} failed, ${totals.skipped} skipped`);
process.exit(failures.length ? 1 : 0);
