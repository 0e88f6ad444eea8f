/**
 * `npm run serve`: the server in this process, or with `WORKERS=N` (N > 1) in N worker processes sharing the port
 * (node's cluster: the primary hands each new connection to the next worker). The primary migrates and seeds the
 * database first, alone, then starts the workers, each the whole server (server/main.ts); a worker that dies is
 * started again after a second; SIGTERM or SIGINT stops every worker gracefully and then the primary. Several
 * processes need PostgreSQL (PGlite is one process's own database); what they share is in the database (sessions,
 * kept answers' version: docs/decisions/039, jobs: 040) and in Redis (rate limits, the chat across processes).
 * docs/deploy.md walks through it.
 */
import cluster, { type Worker } from 'node:cluster';
import fs from 'node:fs';
import path from 'node:path';
import { loadConfig } from './config.js';
import { openDatabase } from './db/client.js';
import { seedSite } from './startup.js';

const workers = Number(process.env.WORKERS ?? 1);
if (!Number.isInteger(workers) || workers < 1 || workers > 64) {
  console.error(`WORKERS=${process.env.WORKERS}: a whole number of processes from 1 to 64`);
  process.exit(1);
}

if (workers === 1) {
  await import('./main.js');
} else {
  const config = loadConfig();
  if (!config.DATABASE_URL) {
    console.error('WORKERS > 1 needs DATABASE_URL: the embedded database (PGlite) opens in one process alone.');
    process.exit(1);
  }
  if (!config.REDIS_URL)
    console.warn(
      'WORKERS > 1 without REDIS_URL: rate limits are counted per process and a chat message reaches only the sockets of the process that stored it.',
    );
  // Migrated and seeded here, once, before any worker opens the database.
  const database = await openDatabase({ url: config.DATABASE_URL, poolSize: 2 });
  await seedSite(database, config);
  await database.close();

  const root = path.resolve(import.meta.dirname, '..');
  const nodeFlags = JSON.parse(fs.readFileSync(path.join(root, 'server', 'node-flags.json'), 'utf8')) as string[];
  cluster.setupPrimary({ exec: path.join(root, 'server', 'main.ts'), execArgv: [...nodeFlags, '--import', 'tsx'] });
  let stopping = false;
  const start = () => cluster.fork();
  cluster.on('exit', (worker: Worker, code, signal) => {
    if (stopping) {
      if (Object.keys(cluster.workers ?? {}).length === 0) process.exit(0);
      return;
    }
    console.error(`worker ${worker.process.pid} ended (${signal ?? code}); starting another in 1 s`);
    setTimeout(start, 1_000);
  });
  for (let i = 0; i < workers; i++) start();
  console.log(`serving with ${workers} worker processes on port ${config.PORT} (primary ${process.pid})`);
  const stop = (signal: NodeJS.Signals) => {
    if (stopping) return;
    stopping = true;
    const alive = Object.values(cluster.workers ?? {}).filter((w): w is Worker => w !== undefined);
    if (!alive.length) process.exit(0);
    for (const w of alive) w.process.kill(signal);
    // main.ts ends itself within 10 s of a signal; past 15 s the primary stops waiting.
    setTimeout(() => process.exit(1), 15_000).unref();
  };
  process.on('SIGTERM', () => stop('SIGTERM'));
  process.on('SIGINT', () => stop('SIGINT'));
}
