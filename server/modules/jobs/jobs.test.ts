/**
 * Background jobs claimed in the database: however many runners look at once, a due job runs once; a failed run
 * keeps its error and is tried again sooner; a claim whose process died is taken over, and one whose run's end the
 * database did not take is given up; the console lists the jobs and their runs and makes one due now, audited, to
 * operators who may.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, inArray } from 'drizzle-orm';
import { openDatabase } from '../../db/client.js';
import { jobRuns, jobs } from '../../db/schema/index.js';
import { buildTestApp, dbLabel, operatorLogin, type TestApp } from '../../testing.js';
import { runJobs, type Job } from './runner.js';
import { setJobPeriods } from './service.js';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp({ goods: 60 });
});
afterAll(async () => t?.close());

const rowOf = async (name: string) => (await t.db.select().from(jobs).where(eq(jobs.name, name)))[0];
const runsOf = async (name: string) => t.db.select().from(jobRuns).where(eq(jobRuns.name, name));

describe(`background jobs on ${dbLabel}`, () => {
  it('runs a due job once however many runners look for it at the same moment, and not again before it is due', async () => {
    let calls = 0;
    const job: Job = {
      name: 'test.once',
      everyMs: 60_000,
      run: async () => {
        calls++;
        await new Promise((r) => setTimeout(r, 50));
        return 7;
      },
    };
    // On PostgreSQL the runners also hold connections of their own, as processes do.
    const others = t.database.url ? await Promise.all([1, 2].map(() => openDatabase({ url: t.database.url!, poolSize: 2 }))) : [];
    const runners = [t.db, ...others.map((d) => d.db), t.db].map((db, i) => runJobs(db, [job], { owner: `runner-${i}` }));
    try {
      const ran = await Promise.all(runners.map((r) => r.tick()));
      expect(calls).toBe(1);
      expect(ran.flat()).toEqual(['test.once']);
      const row = await rowOf('test.once');
      expect(row).toMatchObject({ runs: 1, failures: 0, lastOutcome: 'ok', lastCount: 7, lockedBy: null });
      expect(row.nextRunAt.getTime() - Date.now()).toBeGreaterThan(55_000);
      expect((await runsOf('test.once')).map((r) => [r.outcome, r.count])).toEqual([['ok', 7]]);
      expect((await Promise.all(runners.map((r) => r.tick()))).flat()).toEqual([]);
      expect(calls).toBe(1);
    } finally {
      await Promise.all(runners.map((r) => r.stop()));
      await Promise.all(others.map((d) => d.close()));
    }
  });

  it('keeps a failed run’s error, tries it again sooner than its period, and takes over a claim whose process died', async () => {
    let fail = true;
    const job: Job = {
      name: 'test.flaky',
      everyMs: 3_600_000,
      run: async () => {
        if (fail) throw new Error('数据库暂时不可用');
        return 2;
      },
    };
    const errors: string[] = [];
    const runner = runJobs(t.db, [job], { owner: 'runner-a', onError: (name) => errors.push(name) });
    try {
      expect(await runner.tick()).toEqual(['test.flaky']);
      const failed = await rowOf('test.flaky');
      expect(failed).toMatchObject({ runs: 1, failures: 1, lastOutcome: 'failed', lockedBy: null });
      expect(failed.lastError).toContain('数据库暂时不可用');
      expect(errors).toEqual(['test.flaky']);
      const retryIn = failed.nextRunAt.getTime() - Date.now();
      expect(retryIn).toBeGreaterThan(20_000);
      expect(retryIn).toBeLessThanOrEqual(30_000);
      // A process claimed it and died: its lease has run out, so another takes it.
      fail = false;
      await t.db
        .update(jobs)
        .set({ nextRunAt: new Date(Date.now() - 1000), lockedBy: 'dead-process', lockedUntil: new Date(Date.now() - 1000) })
        .where(eq(jobs.name, 'test.flaky'));
      expect(await runner.tick()).toEqual(['test.flaky']);
      expect(await rowOf('test.flaky')).toMatchObject({ runs: 2, failures: 1, lastOutcome: 'ok', lastCount: 2, lockedBy: null });
      // One still held by a live process is left alone.
      await t.db
        .update(jobs)
        .set({ nextRunAt: new Date(Date.now() - 1000), lockedBy: 'live-process', lockedUntil: new Date(Date.now() + 60_000) })
        .where(eq(jobs.name, 'test.flaky'));
      expect(await runner.tick()).toEqual([]);
      expect((await runsOf('test.flaky')).map((r) => r.outcome)).toEqual(['failed', 'ok']);
    } finally {
      await runner.stop();
    }
  });

  it('gives up its claim when the database went away before a run’s end was written, and runs the job again once it is back', async () => {
    let calls = 0;
    let away = false;
    // The database as the runner sees it: every statement fails, as the pool's do, while it is away.
    const db = new Proxy(t.db, {
      get(target, prop) {
        if (prop !== 'execute') return Reflect.get(target, prop, target) as unknown;
        return (...args: Parameters<typeof target.execute>) =>
          away ? Promise.reject(new Error('Connection terminated unexpectedly')) : target.execute(...args);
      },
    });
    const job: Job = {
      name: 'test.cut',
      everyMs: 3_600_000,
      run: async () => {
        calls++;
        // It goes away during the first run: the run's end cannot be written.
        if (calls === 1) away = true;
        return 1;
      },
    };
    const runner = runJobs(db, [job], { owner: 'runner-cut' });
    try {
      await expect(runner.tick()).rejects.toThrow('Connection terminated');
      away = false;
      expect(await rowOf('test.cut')).toMatchObject({ runs: 0, lockedBy: 'runner-cut' });
      // Back: taken again at once rather than when the lease of ten minutes ends.
      expect(await runner.tick()).toEqual(['test.cut']);
      expect(calls).toBe(2);
      expect(await rowOf('test.cut')).toMatchObject({ runs: 1, failures: 0, lastOutcome: 'ok', lockedBy: null });
    } finally {
      await runner.stop();
    }
  });

  it('lists the jobs and their runs in the console, and makes one due now for an operator who may, audited', async () => {
    const name = 'catalogue.fold_sales';
    setJobPeriods([{ name, everyMs: 60_000 }]);
    let calls = 0;
    const runner = runJobs(
      t.db,
      [
        {
          name,
          everyMs: 60_000,
          run: async () => {
            calls++;
            return 3;
          },
        },
      ],
      { owner: 'console-test' },
    );
    try {
      await runner.tick();
      const admin = await operatorLogin(t.app, 'admin');
      const listed = (await admin.get('/api/admin/jobs')).body.data.list as { name: string }[];
      expect(listed.find((j) => j.name === name)).toMatchObject({ title: '汇总商品销量', every_s: 60, runs: 1, last_outcome: 'ok', last_count: 3, running: 0 });
      // Test jobs are not among what the console knows.
      expect(listed.map((j) => j.name)).not.toContain('test.once');
      const runs = (await admin.get(`/api/admin/jobs/${name}/runs`)).body.data;
      expect(runs).toMatchObject({ total: 1, data: [{ owner: 'console-test', outcome: 'ok', count: 3 }] });
      expect((await admin.get('/api/admin/jobs/no.such/runs')).status).toBe(422);
      // ops may not run jobs; admin may: the job is due now, and the next look runs it.
      const ops = await operatorLogin(t.app, 'ops');
      expect((await ops.post(`/api/admin/jobs/${name}/run`, {})).status).toBe(403);
      expect((await ops.get('/api/admin/jobs')).status).toBe(403);
      expect(await runner.tick()).toEqual([]);
      const now = await admin.post(`/api/admin/jobs/${name}/run`, {});
      expect(now.body.data).toMatchObject({ name, running: 0 });
      expect(now.body.data.next_run_at).toBeLessThanOrEqual(Math.ceil(Date.now() / 1000));
      expect(await runner.tick()).toEqual([name]);
      expect(calls).toBe(2);
      const audit = (await admin.get('/api/admin/audit?action=job.run')).body.data.data;
      expect(audit[0]).toMatchObject({ action: 'job.run', target_type: 'job', target_id: name });
    } finally {
      await runner.stop();
      await t.db.delete(jobs).where(inArray(jobs.name, [name, 'test.once', 'test.flaky']));
    }
  });
});
