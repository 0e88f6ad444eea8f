/** The sample documents a fresh site starts with: every kind of the site's, a few goods', the seals as pictures. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { count } from 'drizzle-orm';
import fs from 'node:fs/promises';
import { PDFParse } from 'pdf-parse';
import { goodsDocuments } from '../db/schema/index.js';
import { sealPicture } from '../modules/documents/index.js';
import { siteDocumentList } from '../modules/documents/service.js';
import { readDocumentFile, uploadStore, type UploadStore } from '../modules/uploads/index.js';
import { dbLabel, openTestDatabase, testConfig, type TestDatabase } from '../testing.js';
import { seedDocuments } from './documents.js';

let database: TestDatabase;
let store: UploadStore;
const config = testConfig();
beforeAll(async () => {
  database = await openTestDatabase({ goods: 20 });
  store = uploadStore({ config, database });
  await seedDocuments(database.db, store, 3);
});
afterAll(async () => {
  await database?.dispose();
  await fs.rm(config.DATA_DIR, { recursive: true, force: true });
});

describe(`the sample documents on ${dbLabel}`, () => {
  it('sets every kind of the site’s documents once, the agreement coming up for renewal', async () => {
    const list = await siteDocumentList(database.db);
    expect(list.filter((d) => d.state === 'missing')).toEqual([]);
    expect(list.find((d) => d.kind === 'quality_agreement')?.state).toBe('expiring');
    expect(list.find((d) => d.kind === 'drug_licence')).toMatchObject({ number: '浙AA5710001', valid_until: '2029-02-28', state: 'valid' });
    await seedDocuments(database.db, store, 3);
    expect((await database.db.select({ n: count() }).from(goodsDocuments))[0].n).toBe(9);
  });

  it('draws the licences as PDFs with their Chinese text and the seals as PNG pictures', async () => {
    const licence = (await siteDocumentList(database.db)).find((d) => d.kind === 'drug_licence')!;
    const text = (await new PDFParse({ data: (await readDocumentFile(store, licence.files[0].url))! }).getText()).text;
    expect(text).toContain('浙江药采通医药科技有限公司');
    expect(text).toContain('浙AA5710001');
    const seal = await sealPicture(database.db, store, 'quality_seal');
    expect(seal?.mime).toBe('image/png');
    expect(seal?.file.subarray(1, 4).toString()).toBe('PNG');
  });
});
