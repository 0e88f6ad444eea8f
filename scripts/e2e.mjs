// Runs the Playwright journeys against a freshly started server (production build, new PGlite database).
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const chromium = process.env.CHROMIUM_PATH || '/usr/bin/chromium';
if (!fs.existsSync(chromium)) {
  console.log(`No Chromium at ${chromium}. Install it with: apt-get install chromium fonts-noto-cjk (or set CHROMIUM_PATH).`);
  process.exit(process.env.CI ? 1 : 0);
}

// A build of its own, so that runs side by side (or a developer's own build) do not pull files from under each other.
const dist = fs.mkdtempSync(path.join(os.tmpdir(), 'yct-e2e-web-'));
const build = spawnSync('npx', ['vite', 'build', '--config', 'web/vite.config.ts', '--logLevel', 'warn', '--outDir', dist, '--emptyOutDir'], { cwd: root, stdio: 'inherit' });
if (build.status !== 0) process.exit(1);

const port = await new Promise((resolve) => {
  const s = net.createServer().listen(0, '127.0.0.1', () => {
    const p = s.address().port;
    s.close(() => resolve(p));
  });
});
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'yct-e2e-'));
const server = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
  cwd: root,
  detached: true,
  stdio: ['ignore', 'ignore', 'inherit'],
  env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, DATABASE_URL: '', LOG_LEVEL: 'warn', RATE_LIMIT_FACTOR: '20', WEB_DIST: dist },
});
const stop = () => {
  try {
    process.kill(-server.pid, 'SIGTERM');
  } catch {}
};
process.on('exit', stop);

const base = `http://127.0.0.1:${port}`;
let up = false;
for (let i = 0; i < 240 && !up; i++) {
  try {
    up = (await fetch(`${base}/api/focus/common`)).ok;
  } catch {}
  if (!up) await new Promise((r) => setTimeout(r, 500));
}
if (!up) {
  console.log('The server did not start within 120 s.');
  process.exit(1);
}
// Traces and failure pictures of this run in a folder of its own (kept only when something failed), so runs
// side by side do not delete each other's files.
const output = path.join(root, 'e2e', '.results', `${new Date().toISOString().replace(/[:.]/g, '-')}-${process.pid}`);
const args = ['playwright', 'test', '--output', output, ...process.argv.slice(2)];
const r = spawnSync('npx', args, { cwd: root, stdio: 'inherit', env: { ...process.env, E2E_BASE_URL: base, CHROMIUM_PATH: chromium } });
stop();
fs.rmSync(dataDir, { recursive: true, force: true });
fs.rmSync(dist, { recursive: true, force: true });
if (r.status === 0) fs.rmSync(output, { recursive: true, force: true });
else if (fs.existsSync(output)) console.log(`Traces and pictures of the failures: ${path.relative(root, output)}`);
process.exit(r.status ?? 1);
