/**
 * 近效期批次日报: the batches on hand that have come within their goods' minimum shelf life since the last report
 * are reported once, however often and however many runs at once; the latest report stands on the 工作台 of qa,
 * linked to the batch list of that report, and a run cut short leaves whole steps for the next.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, asc, eq, gt, inArray, isNotNull } from 'drizzle-orm';
import { chinaToday } from '../../../core/schemas/admin-goods.js';
import { BatchStatus } from '../../../core/status.js';
import type { Db } from '../../db/client.js';
import { goods, goodsBatches } from '../../db/schema/index.js';
import { anotherConnection, buildTestApp, failingOn, dbLabel, operatorLogin, type TestApp } from '../../testing.js';
import { reportNearBatches } from '../catalogue/index.js';
import { runJobs, type Job } from '../jobs/index.js';
import { reportNearExpiry, untilNextReport } from './index.js';

const DAY_MS = 86_400_000;
const today = chinaToday();
const dayFrom = (days: number) => chinaToday(Date.now() + days * DAY_MS);

let t: TestApp;
let other: Db;
let closeOther = async () => {};
beforeAll(async () => {
  t = await buildTestApp({ goods: 60 });
  ({ db: other, close: closeOther } = await anotherConnection(t));
});
afterAll(async () => {
  await closeOther();
  await t?.close();
});

/** Each operator logged in once, as in the console. */
const sessions = new Map<string, ReturnType<typeof operatorLogin>>();
const operator = (username: string) => sessions.get(username) ?? sessions.set(username, operatorLogin(t.app, username)).get(username)!;

type Alert = { key: string; level: string; text: string; link: string };
const alertsOf = async (username: string) => (await (await operator(username)).get('/api/admin/dashboard')).body.data.alerts as Alert[];
const reportAlerts = async (username: string) => (await alertsOf(username)).filter((a) => a.key.startsWith('near-expiry-report'));

/** The batches a report of `day` should name, worked out here from the rows: on hand, not 不合格, within the window. */
async function nearOn(day: string) {
  const rows = await t.db
    .select({ id: goodsBatches.id, quantity: goodsBatches.quantity, status: goodsBatches.status, xq: goodsBatches.xq, minShelfDays: goods.minShelfDays })
    .from(goodsBatches)
    .innerJoin(goods, eq(goods.id, goodsBatches.goodsId))
    .orderBy(asc(goodsBatches.id));
  const last = (days: number) => new Date(Date.parse(`${day}T00:00:00Z`) + days * DAY_MS).toISOString().slice(0, 10);
  return rows.filter((b) => b.quantity > 0 && b.status !== BatchStatus.rejected && b.xq <= last(b.minShelfDays)).map((b) => b.id);
}
const reportedOn = async (day: string) =>
  (await t.db.select({ id: goodsBatches.id }).from(goodsBatches).where(eq(goodsBatches.nearReportedOn, day)).orderBy(asc(goodsBatches.id))).map((b) => b.id);
const reportedAll = async () =>
  (await t.db.select({ id: goodsBatches.id }).from(goodsBatches).where(isNotNull(goodsBatches.nearReportedOn)).orderBy(asc(goodsBatches.id))).map((b) => b.id);
const forget = () => t.db.update(goodsBatches).set({ nearReportedOn: null }).where(isNotNull(goodsBatches.nearReportedOn));

describe(`the near-expiry daily report on ${dbLabel}`, () => {
  it('first runs at the next 08:30 China time', () => {
    const utc = (hm: string) => Date.parse(`2026-05-01T${hm}:00Z`);
    expect(untilNextReport(utc('00:00'))).toBe(30 * 60_000);
    expect(untilNextReport(utc('00:30'))).toBe(0);
    expect(untilNextReport(utc('00:31'))).toBe(DAY_MS - 60_000);
    expect(untilNextReport(utc('16:00'))).toBe(8.5 * 3_600_000);
  });

  it('reports each batch come near expiry once, and shows the report to qa on the 工作台 with its batch list', async () => {
    expect(await reportAlerts('qa')).toEqual([]);
    const near = await nearOn(today);
    // The seed keeps some goods' older batches near expiry, and other batches that are not.
    expect(near.length).toBeGreaterThan(0);
    expect(near.length).toBeLessThan((await t.db.select({ id: goodsBatches.id }).from(goodsBatches)).length);

    expect(await reportNearExpiry(t.db)).toBe(near.length);
    expect(await reportedOn(today)).toEqual(near);
    expect(await reportNearExpiry(t.db)).toBe(0);
    expect(await reportedAll()).toEqual(near);

    const [alert] = await reportAlerts('qa');
    expect(alert).toMatchObject({ key: `near-expiry-report-${today}`, level: 'warning', link: `/admin/batches?near_report=${today}` });
    expect(alert.text).toContain(`近效期批次日报（${today}）：${near.length}个批次新进入近效期`);
    const qa = await operator('qa');
    const list = (await qa.get(`/api/admin/quality/batches?near_report=${today}`)).body.data;
    expect(list.total).toBe(near.length);
    const [first] = await t.db
      .select({ batchNo: goodsBatches.batchNo })
      .from(goodsBatches)
      .where(inArray(goodsBatches.id, near))
      .orderBy(asc(goodsBatches.xq), asc(goodsBatches.id))
      .limit(1);
    expect(alert.text).toContain(`批号${first.batchNo}（效期至`);
    expect(await reportAlerts('admin')).toEqual([alert]);
    // Shipping has nothing to do with it.
    expect(await reportAlerts('warehouse')).toEqual([]);
    expect((await qa.get('/api/admin/quality/batches?near_report=2026-02-30')).status).toBe(422);
  });

  it('names only the batches come near since the last report, the day after', async () => {
    const before = await reportedAll();
    // Yesterday's report; since then a released batch came within its goods' window and one was received near.
    await t.db
      .update(goodsBatches)
      .set({ nearReportedOn: dayFrom(-1) })
      .where(isNotNull(goodsBatches.nearReportedOn));
    const [far] = (
      await t.db
        .select({ id: goodsBatches.id, goodsId: goodsBatches.goodsId, minShelfDays: goods.minShelfDays })
        .from(goodsBatches)
        .innerJoin(goods, eq(goods.id, goodsBatches.goodsId))
        .where(and(eq(goodsBatches.status, BatchStatus.released), gt(goodsBatches.quantity, 0), gt(goods.minShelfDays, 30)))
        .orderBy(asc(goodsBatches.id))
    ).filter((r) => !before.includes(r.id));
    const { minShelfDays } = far;
    await t.db
      .update(goodsBatches)
      .set({ xq: dayFrom(minShelfDays) })
      .where(eq(goodsBatches.id, far.id));
    const warehouse = await operator('warehouse');
    const received = await warehouse.postJson('/api/admin/quality/batches', {
      goods_id: far.goodsId,
      batch_no: 'JX20260501',
      scrq: dayFrom(-300),
      xq: dayFrom(20),
      quantity: 40,
      supplier: '华北制药股份有限公司',
    });
    expect(received.body.code, received.body.message).toBe(10000);

    expect(await reportNearExpiry(t.db)).toBe(2);
    expect(await reportedOn(today)).toEqual([far.id, received.body.data.id].sort((a, b) => a - b));
    expect(await reportedOn(dayFrom(-1))).toEqual(before);
    const [alert] = await reportAlerts('qa');
    expect(alert.key).toBe(`near-expiry-report-${today}`);
    expect(alert.text).toContain('2个批次新进入近效期');
    expect(alert.text).toContain('批号JX20260501');
    const qa = await operator('qa');
    expect((await qa.get(`/api/admin/quality/batches?near_report=${today}`)).body.data.total).toBe(2);
    expect((await qa.get(`/api/admin/quality/batches?near_report=${dayFrom(-1)}`)).body.data.total).toBe(before.length);
  });

  it('takes an old report off the 工作台 once two days have passed', async () => {
    const reported = await reportedAll();
    await t.db
      .update(goodsBatches)
      .set({ nearReportedOn: dayFrom(-2) })
      .where(inArray(goodsBatches.id, reported));
    expect(await reportAlerts('qa')).toEqual([]);
    await t.db
      .update(goodsBatches)
      .set({ nearReportedOn: dayFrom(-1) })
      .where(inArray(goodsBatches.id, reported));
    expect((await reportAlerts('qa')).map((a) => a.key)).toEqual([`near-expiry-report-${dayFrom(-1)}`]);
  });

  it('reports each batch once when two runs race, in steps that are each whole', async () => {
    await forget();
    const near = await nearOn(today);
    expect(near.length).toBeGreaterThanOrEqual(4);
    const [a, b] = await Promise.all([reportNearBatches(t.db, today, 2), reportNearBatches(other, today, 2)]);
    expect(a + b).toBe(near.length);
    expect(await reportedAll()).toEqual(near);
  });

  it('runs once however many processes look for it, listed in the console with its title and count', async () => {
    await forget();
    const near = await nearOn(today);
    const job: Job = { name: 'quality.near_expiry_report', everyMs: DAY_MS, run: (db) => reportNearExpiry(db) };
    const runners = [t.db, other].map((db, i) => runJobs(db, [job], { owner: `quality-test-${i}` }));
    try {
      expect((await Promise.all(runners.map((r) => r.tick()))).flat()).toEqual(['quality.near_expiry_report']);
    } finally {
      await Promise.all(runners.map((r) => r.stop()));
    }
    const jobs = (await (await operator('admin')).get('/api/admin/jobs')).body.data.list as { name: string }[];
    expect(jobs.find((j) => j.name === 'quality.near_expiry_report')).toMatchObject({ title: '近效期批次日报', runs: 1, last_count: near.length });
    expect(await reportedAll()).toEqual(near);
  });

  it('leaves a run cut short with its first steps done and the rest unreported, for the next run to finish', async () => {
    await forget();
    const near = await nearOn(today);
    await expect(reportNearBatches(failingOn(t.db, 3), today, 2)).rejects.toThrow('数据库连接中断');
    expect(await reportedAll()).toHaveLength(4);
    expect(await reportNearBatches(t.db, today, 2)).toBe(near.length - 4);
    expect(await reportedOn(today)).toEqual(near);
  });
});
