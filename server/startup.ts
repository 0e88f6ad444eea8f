/**
 * What the server tells the person who started it, once it listens: where the site is, what it found in the
 * database (created and seeded now, or there already), and outside production the demo accounts to log in with.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import type { Config } from './config.js';
import type { Database } from './db/client.js';
import { hashPassword } from './lib/passwords.js';
import { OPERATOR_PASSWORD, seedOperators } from './modules/operators/index.js';
import { copyFolderIntoDatabase, uploadStore } from './modules/uploads/index.js';
import { seedDocuments } from './seed/documents.js';
import { seedAccounts, seedIfEmpty } from './seed/seed.js';
import { DEMO_PASSWORD, DEMO_PAY_PASSWORD } from './seed/demo-password.js';

/**
 * Answers `paths` once each, a few at a time, before the server listens (main.ts): what a start costs the first
 * buyers (code compiled on first use, statements prepared on their second run) is paid here. The requests go
 * over real sockets to a port of the loopback opened for them and closed after: answered in process
 * (`app.inject`), they taught the compiler the test harness's request and response objects as well as Node's,
 * and every request after ran the slower code made for both (a kept goods detail took 38 µs of the server's
 * CPU rather than 25). A path that fails, or a loopback port that cannot be opened, is passed over: it is a
 * warm-up, not a check. Answers how many paths were answered 200.
 */
/**
 * A new site's demo data when its database is empty (answers whether it was), and the console's operators, also in
 * a database seeded before the console existed: by the one process that starts the site (server/serve.ts runs it
 * before its workers start). On PostgreSQL, the files an earlier version left in this machine's uploads folder are
 * copied into the database, where every process finds them (docs/decisions/043-uploads-storage.md).
 */
export async function seedSite(database: Database, config: Pick<Config, 'SEED_GOODS' | 'uploadDir'>): Promise<boolean> {
  const seeded = await seedIfEmpty(database.db, { goods: config.SEED_GOODS });
  if (seeded) await seedAccounts(database.db, hashPassword);
  // Sample 首营资料 (样本) for a new site, written where its uploads lie.
  if (seeded) await seedDocuments(database.db, uploadStore({ config, database }));
  await seedOperators(database.db);
  if (database.kind === 'postgres') {
    const copied = await copyFolderIntoDatabase(database.db, config.uploadDir);
    if (copied) console.log(`${copied} uploaded files copied from ${config.uploadDir} into the database; the folder is no longer read.`);
  }
  return seeded;
}

export async function warmUp(app: FastifyInstance, paths: string[], atOnce = 4): Promise<number> {
  const headers = { 'x-requested-with': 'XMLHttpRequest' };
  await app.ready();
  const server = app.server;
  const opened = await new Promise<boolean>((resolve) => {
    const failed = () => resolve(false);
    server.once('error', failed);
    server.listen(0, '127.0.0.1', () => {
      server.off('error', failed);
      resolve(true);
    });
  });
  if (!opened) return 0;
  // Its requests are nobody's: the one line each would log is left out.
  const level = app.log.level;
  app.log.level = 'warn';
  const { port } = server.address() as AddressInfo;
  const agent = new http.Agent({ keepAlive: true, maxSockets: atOnce });
  let answered = 0;
  const get = (url: string) =>
    new Promise<void>((resolve) => {
      const request = http.get({ host: '127.0.0.1', port, path: url, headers, agent }, (res) => {
        res.resume();
        res.on('end', () => {
          if (res.statusCode === 200) answered++;
          resolve();
        });
        res.on('error', () => resolve());
      });
      request.on('error', () => resolve());
    });
  try {
    for (let at = 0; at < paths.length; at += atOnce) await Promise.all(paths.slice(at, at + atOnce).map(get));
  } finally {
    agent.destroy();
    await new Promise<void>((resolve) => server.close(() => resolve()));
    app.log.level = level;
  }
  return answered;
}

/** The address to open: a server listening on every interface is reached at localhost. */
export function siteUrl(host: string, port: number): string {
  const name = ['0.0.0.0', '::', ''].includes(host) ? 'localhost' : host.includes(':') ? `[${host}]` : host;
  return `http://${name}:${port}`;
}

/** The database in a few words, never with its password. */
export function databaseLabel(config: Pick<Config, 'DATABASE_URL' | 'DATA_DIR'>, kind: Database['kind']): string {
  if (kind === 'pglite' || !config.DATABASE_URL) return `PGlite in ${path.join(config.DATA_DIR, 'pglite')}`;
  try {
    const url = new URL(config.DATABASE_URL);
    return `PostgreSQL at ${url.host}${url.pathname}`;
  } catch {
    return 'PostgreSQL';
  }
}

type Notice = {
  url: string;
  database: string;
  /** Goods seeded at this start, or null when the database was there already. */
  seededGoods: number | null;
  /** The demo accounts and their passwords are said outside production only. */
  production: boolean;
};

export function startupNotice({ url, database, seededGoods, production }: Notice): string {
  const lines = [
    '',
    `  药采通 is running at ${url}`,
    seededGoods === null
      ? `  Database: ${database}, found with its data (nothing seeded).`
      : `  Database: ${database}, new: seeded with ${seededGoods.toLocaleString('en')} goods, the demo accounts and the console's operators.`,
  ];
  if (!production) {
    lines.push(
      `  Buyers (password ${DEMO_PASSWORD}): demo (approved pharmacy, payment password ${DEMO_PAY_PASSWORD}), pending (waiting for review), chain (chain headquarters, stores chain-a and chain-b).`,
      `  Console ${url}/admin (password ${OPERATOR_PASSWORD}): admin, ops, qa, finance, warehouse, service.`,
    );
  }
  lines.push('');
  return lines.join('\n');
}
