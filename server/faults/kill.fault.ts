/**
 * A server process killed with SIGKILL in the middle of 200 orders and payments from 20 buyers at once, on the
 * embedded database and on PostgreSQL: started again on the same data, it serves, and every order is whole or
 * absent (its lines, and the batches' units they took), every batch holds exactly what open orders took of it, each
 * goods' stock is what its selling batches hold free, every paid order was charged once and every charge paid an
 * order, and every balance is what its ledger says. `npm run test:faults`.
 */
import type { ChildProcess } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { spawnSync } from 'node:child_process';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { openDatabase, type Database } from '../db/client.js';
import { spawnServer } from '../test-processes.js';
import { buyer, dataBefore, halfWritten, logIn, nothingHalfWritten, payOrders, placeOrder, rowsOf, stockedGoods } from './orders.js';

const root = path.resolve(import.meta.dirname, '../..');
const postgresUrl = process.env.TEST_DATABASE_URL || process.env.DATABASE_URL || undefined;
const BUYERS = 20;
const ORDERS = 200;
/** Killed once this many orders have been answered: in the thick of it. */
const KILL_AFTER = 80;

/** 20 buyers placing and paying 200 orders at once until the server dies; answers how many orders it answered. */
async function load(base: string, kill: () => void): Promise<number> {
  const buyers = await Promise.all(Array.from({ length: BUYERS }, async (_, i) => buyer(base, await logIn(base, `buyer${i + 1}`))));
  const stocked = await stockedGoods(buyers[0]);
  let placed = 0;
  let started = 0;
  await Promise.all(
    buyers.map(async (b) => {
      try {
        const address = (await b.get('/api/address')).data[0].id as number;
        while (started < ORDERS) {
          started++;
          const orders = await placeOrder(b, address, stocked);
          if (!orders.length) continue;
          if (++placed === KILL_AFTER) kill();
          await payOrders(b, orders);
        }
      } catch {
        // The server is gone: this buyer stops.
      }
    }),
  );
  return placed;
}

type Site = { env: Record<string, string>; open: () => Promise<Database>; done: () => Promise<void> };
const kinds: [string, () => Promise<Site>][] = [
  [
    'PGlite',
    async () => {
      const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'yct-kill-'));
      return {
        env: { DATA_DIR: dir, DATABASE_URL: '', WEB_DIST: dir },
        open: () => openDatabase({ dataDir: dir }),
        done: async () => fs.rmSync(dir, { recursive: true, force: true }),
      };
    },
  ],
  ...(postgresUrl
    ? [
        [
          'PostgreSQL',
          async (): Promise<Site> => {
            const name = `yct_kill_${crypto.randomBytes(5).toString('hex')}`;
            const admin = async (statement: string) => {
              const c = new pg.Client({ connectionString: postgresUrl });
              await c.connect();
              await c.query(statement).finally(() => c.end());
            };
            await admin(`create database ${name}`);
            const url = new URL(postgresUrl);
            url.pathname = `/${name}`;
            const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'yct-kill-'));
            return {
              env: { DATABASE_URL: url.toString(), DATA_DIR: dir, WEB_DIST: dir },
              open: () => openDatabase({ url: url.toString(), poolSize: 2 }),
              done: async () => {
                await admin(`drop database if exists ${name} with (force)`);
                fs.rmSync(dir, { recursive: true, force: true });
              },
            };
          },
        ] as [string, () => Promise<Site>],
      ]
    : []),
];

describe.each(kinds)('a server killed in the middle of orders and payments, on %s', (_label, make) => {
  it('is whole after it starts again: orders, batches, stock, charges and balances', { timeout: 600_000 }, async () => {
    const site = await make();
    let child: ChildProcess | undefined;
    try {
      const seeded = spawnSync(process.execPath, ['--import', 'tsx', 'server/seed/cli.ts', '--goods', '300', '--buyers', String(BUYERS)], {
        cwd: root,
        env: { ...process.env, ...site.env },
        encoding: 'utf8',
      });
      expect(seeded.status, seeded.stderr).toBe(0);
      const first = await site.open();
      const was = await dataBefore(first);
      await first.close();

      const started = await spawnServer(site.env);
      child = started.child;
      const killed = started.child;
      const exited = new Promise((r) => killed.once('exit', r));
      const placed = await load(started.base, () => killed.kill('SIGKILL'));
      await exited;
      expect(placed).toBeGreaterThanOrEqual(KILL_AFTER);

      // Started again on the same data, it serves.
      const again = await spawnServer(site.env);
      child = again.child;
      expect((await fetch(`${again.base}/readyz`)).status).toBe(200);
      const stopped = new Promise((r) => again.child.once('exit', r));
      again.child.kill('SIGTERM');
      await stopped;
      child = undefined;

      const database = await site.open();
      try {
        const [{ n }] = await rowsOf(database, sql`select count(*)::int as n from orders where id > ${was.orders}`);
        expect(Number(n)).toBeGreaterThanOrEqual(KILL_AFTER);
        const found = await halfWritten(database, was);
        expect(found).toEqual(nothingHalfWritten(found));
      } finally {
        await database.close();
      }
    } finally {
      child?.kill('SIGKILL');
      await site.done();
    }
  });
});
