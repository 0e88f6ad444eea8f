/** The processes a bench run starts: the server on a database of its own, the bare route, a PostgreSQL database. */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';

export const root = path.resolve(import.meta.dirname, '..');

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

export function run(cmd: string, args: string[], env: Record<string, string>) {
  return new Promise<void>((resolve, reject) => {
    const child = spawn(cmd, args, { cwd: root, stdio: 'inherit', env: { ...process.env, ...env } });
    child.on('exit', (code) => (code === 0 ? resolve() : reject(new Error(`${cmd} ${args.join(' ')} exited ${code}`))));
  });
}

export async function startServer(env: Record<string, string>): Promise<{ base: string; child: ChildProcess; loop: () => Promise<LoopPauses> }> {
  const port = await freePort();
  // The server's log (warnings and errors) goes to bench/results/server.log, for the failures a run counts.
  fs.mkdirSync(path.join(root, 'bench', 'results'), { recursive: true });
  const log = fs.openSync(path.join(root, 'bench', 'results', 'server.log'), 'a');
  // With the V8 flags `npm start` gives it.
  const nodeFlags = JSON.parse(fs.readFileSync(path.join(root, 'server', 'node-flags.json'), 'utf8')) as string[];
  const loopFile = path.join(os.tmpdir(), `yct-bench-loop-${port}.json`);
  const child = spawn(process.execPath, [...nodeFlags, '--import', './bench/loop-probe.mjs', '--import', 'tsx', 'server/main.ts'], {
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
      BENCH_LOOP_FILE: loopFile,
    },
  });
  const base = `http://127.0.0.1:${port}`;
  await waitFor(`${base}/api/focus/common`, 180);
  return { base, child, loop: loopPauses(child, loopFile) };
}

/** The longest pauses of a server's event loop (ms), read through bench/loop-probe.mjs. */
export type LoopPauses = { max: number; p99: number; mean: number };

/**
 * Reads a server's loop pauses since the last read (the first read starts the count): ask before a load, and
 * again after it.
 */
function loopPauses(child: ChildProcess, file: string) {
  return async (): Promise<LoopPauses> => {
    fs.rmSync(file, { force: true });
    child.kill('SIGUSR2');
    for (let i = 0; i < 100 && !fs.existsSync(file); i++) await new Promise((r) => setTimeout(r, 20));
    return fs.existsSync(file) ? (JSON.parse(fs.readFileSync(file, 'utf8')) as LoopPauses) : { max: -1, p99: -1, mean: -1 };
  };
}

/** A process's CPU time (user and system) in milliseconds, from /proc (0 where there is none). */
export function cpuMs(pid: number): number {
  try {
    const fields = fs.readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
    return (Number(fields[11]) + Number(fields[12])) * 10;
  } catch {
    return 0;
  }
}

/** Stops a server and waits until it has: its data folder is removed next. */
export async function stopServer(child: ChildProcess) {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGTERM');
  await exited;
}

/**
 * The bare Fastify route each call is compared with (bench/bare.ts), started in a process of its own, as
 * the real server is: the load generator's work does not share its event loop.
 */
export async function bareServer() {
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

export type BareServer = Awaited<ReturnType<typeof bareServer>>;

/** What `autovacuum` was when the run found it, once asked. */
let autovacuumFound: string | null = null;

/**
 * PostgreSQL as a site runs it, with autovacuum on. A server kept for tests may have it off (CI's does, in its
 * conf.d); then tables that grow under the load keep the statistics the seed left, and their statements keep the
 * plans of tables nearly empty: in a 30-minute soak every order line's foreign-key check read the orders table
 * through (148,001 scans, a billion rows), and the carts' lines were scanned whole at every add. Turned on for the
 * run when it is off (ALTER SYSTEM, a superuser's right), and put back as it was when the run ends.
 */
async function productionAutovacuum(c: pg.Client, base: string) {
  if (autovacuumFound !== null) return;
  autovacuumFound = String((await c.query('show autovacuum')).rows[0].autovacuum);
  if (autovacuumFound === 'on') return;
  await c.query('alter system set autovacuum = on');
  await c.query('select pg_reload_conf()');
  console.log('PostgreSQL had autovacuum off: on for this run, as on any site, and off again when it ends.');
  const restore = `const { Client } = require('pg'); const c = new Client(process.argv[1]);
    c.connect().then(() => c.query('alter system reset autovacuum')).then(() => c.query('select pg_reload_conf()')).finally(() => c.end());`;
  process.once('exit', () => spawnSync(process.execPath, ['-e', restore, base], { cwd: root, stdio: 'inherit' }));
  process.once('SIGINT', () => process.exit(130));
}

/** A database of its own on the PostgreSQL server that answers, or null when none does. */
export async function postgresUrl(): Promise<string | null> {
  const base = process.env.DATABASE_URL || process.env.TEST_DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/test';
  const c = new pg.Client({ connectionString: base, connectionTimeoutMillis: 2000 });
  try {
    await c.connect();
    await productionAutovacuum(c, base);
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
