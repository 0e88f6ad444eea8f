/** The sample inspection reports a fresh site starts with: one PDF a batch, with the batch's own number and dates. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { count, isNotNull } from 'drizzle-orm';
import fs from 'node:fs/promises';
import { PDFParse } from 'pdf-parse';
import { goodsBatches } from '../db/schema/index.js';
import { readDocumentFile, uploadStore, type UploadStore } from '../modules/uploads/index.js';
import { dbLabel, openTestDatabase, testConfig, type TestDatabase } from '../testing.js';
import { seedReports } from './reports.js';

let database: TestDatabase;
let store: UploadStore;
const config = testConfig();
beforeAll(async () => {
  database = await openTestDatabase({ goods: 20 });
  store = uploadStore({ config, database });
});
afterAll(async () => {
  await database?.dispose();
  await fs.rm(config.DATA_DIR, { recursive: true, force: true });
});

describe(`the sample inspection reports on ${dbLabel}`, () => {
  it('gives the first goods’ released batches a report each, once, naming the batch and its dates', async () => {
    const made = await seedReports(database.db, store, 3);
    expect(made).toBeGreaterThan(0);
    const withReport = await database.db.select().from(goodsBatches).where(isNotNull(goodsBatches.report));
    expect(withReport).toHaveLength(made);
    const b = withReport[0];
    const text = (await new PDFParse({ data: (await readDocumentFile(store, b.report!))! }).getText()).text;
    expect(text).toContain('检 验 报 告 书');
    expect(text).toContain(b.batchNo);
    expect(text).toContain(b.xq);
    expect(await seedReports(database.db, store, 3)).toBe(0);
    expect((await database.db.select({ n: count() }).from(goodsBatches).where(isNotNull(goodsBatches.report)))[0].n).toBe(made);
  });
});
