/**
 * Real server processes for the tests of what crosses processes (DESIGN.md section 16): a PostgreSQL database of
 * their own, and `server/main.ts` started as `npm start` starts it, each on its own port and data folder.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

export type ServerProcesses = {
  /** The database's URL. */
  url: string;
  /**
   * Starts one more process (`server/main.ts`, or `script`) and answers its base URL once it answers; the first
   * seeds the database.
   */
  start: (env?: Record<string, string>, script?: string) => Promise<string>;
  /** The processes started, by base URL. */
  processOf: (base: string) => ChildProcess;
  /** Stops every process, removes their folders and drops the database. */
  stop: () => Promise<void>;
};

/**
 * A port nothing listens on, below the range the system hands out to outgoing connections (32768 and up on
 * Linux), so that neither another test's server nor a connection's own end can hold it when the server binds.
 */
async function freePort(): Promise<number> {
  for (;;) {
    const port = 20000 + crypto.randomInt(12000);
    const free = await new Promise<boolean>((resolve) => {
      const probe = net.createServer();
      probe.once('error', () => resolve(false));
      probe.listen(port, '127.0.0.1', () => probe.close(() => resolve(true)));
    });
    if (free) return port;
  }
}

/**
 * Starts `script` (the server as `npm start` starts it, by default) with `env` on a port of its own, and answers its
 * base URL once it answers (a first start seeds its database). A process that ends first fails the start with the
 * last of what it wrote to its standard error.
 */
export async function spawnServer(env: Record<string, string>, script = 'server/main.ts', logFile?: string): Promise<{ base: string; child: ChildProcess }> {
  const port = await freePort();
  const child = spawn(process.execPath, ['--import', 'tsx', script], {
    cwd: root,
    // The server's log (its standard output) into `logFile`, for a test that reads what it said.
    stdio: ['ignore', logFile ? fs.openSync(logFile, 'a') : 'ignore', 'pipe'],
    env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', SEED_GOODS: '60', LOG_LEVEL: 'warn', ...env },
  });
  let said = '';
  child.stderr!.on('data', (chunk: Buffer) => {
    process.stderr.write(chunk);
    said = (said + chunk.toString()).slice(-4000);
  });
  const base = `http://127.0.0.1:${port}`;
  for (let i = 0; i < 360; i++) {
    if (child.exitCode !== null) throw new Error(`the server process ended (${child.exitCode}): ${said.trim() || 'it wrote nothing'}`);
    const up = await fetch(`${base}/api/focus/common`).then(
      (r) => r.ok,
      () => false,
    );
    if (up) return { base, child };
    await new Promise((r) => setTimeout(r, 500));
  }
  child.kill('SIGKILL');
  throw new Error(`the server process did not answer within 180 s: ${said.trim() || 'it wrote nothing'}`);
}

/** A new, empty PostgreSQL database on the server of `postgresUrl`, for processes that `start` starts. */
export async function serverProcesses(postgresUrl: string, prefix: string): Promise<ServerProcesses> {
  const name = `${prefix}_${crypto.randomBytes(5).toString('hex')}`;
  const onServer = async (statement: string) => {
    const admin = new pg.Client({ connectionString: postgresUrl });
    await admin.connect();
    try {
      await admin.query(statement);
    } finally {
      await admin.end();
    }
  };
  await onServer(`create database ${name}`);
  const url = new URL(postgresUrl);
  url.pathname = `/${name}`;
  const children: ChildProcess[] = [];
  const dirs: string[] = [];
  const byBase = new Map<string, ChildProcess>();
  const start = async (env: Record<string, string> = {}, script = 'server/main.ts') => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), `${prefix}-`));
    dirs.push(dataDir);
    const { base, child } = await spawnServer({ DATABASE_URL: url.toString(), DATA_DIR: dataDir, WEB_DIST: dataDir, ...env }, script);
    children.push(child);
    byBase.set(base, child);
    return base;
  };
  const stop = async () => {
    for (const child of children) child.kill('SIGTERM');
    // A process that has not ended 20 s after SIGTERM is killed: a test must not hang on it.
    const killer = setTimeout(() => children.forEach((c) => c.kill('SIGKILL')), 20_000);
    await Promise.all(children.map((c) => (c.exitCode === null && c.signalCode === null ? new Promise((r) => c.once('exit', r)) : null)));
    clearTimeout(killer);
    for (const dir of dirs) fs.rmSync(dir, { recursive: true, force: true });
    await onServer(`drop database if exists ${name} with (force)`);
  };
  return { url: url.toString(), start, stop, processOf: (base) => byBase.get(base)! };
}

/** The cookie named `name` of a login's answer. */
export const cookieOf = (res: Response, name: string) =>
  res.headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .find((c) => c.startsWith(`${name}=`))!;

/** The Redis the tests of what crosses processes share: REDIS_URL, or the one `.ci/run` starts. */
export const TEST_REDIS_URL = process.env.REDIS_URL || 'redis://127.0.0.1:6379';

/**
 * Whether Redis answers at `url` within a second. The tests that need it run only when it does, except under CI
 * (which starts one, .ci/run), where they must fail instead of skipping. `clearing` names keys an earlier run left
 * (a pattern of `KEYS`), removed once Redis answers.
 */
export async function redisAnswers(url = TEST_REDIS_URL, { clearing }: { clearing?: string } = {}) {
  const { Redis } = await import('ioredis');
  const r = new Redis(url, { lazyConnect: true, maxRetriesPerRequest: 0, connectTimeout: 1000, retryStrategy: () => null });
  try {
    await r.connect();
    const left = clearing ? await r.keys(clearing) : [];
    if (left.length) await r.del(...left);
    return true;
  } catch {
    return false;
  } finally {
    r.disconnect();
  }
}
