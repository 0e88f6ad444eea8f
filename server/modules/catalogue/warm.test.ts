/**
 * The warm-up before the server listens (main.ts): representative catalogue requests of every kind, the same at
 * every start, each one the app answers (the log's side is in http/request-log.test.ts).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, dbLabel, type TestApp } from '../../testing.js';
import { clearKeptAnswers } from '../../http/cache.js';
import { warmPaths } from './warm.js';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp({ goods: 300 });
});
afterAll(async () => t?.close());

describe(`the warm-up on ${dbLabel}`, () => {
  it('asks for lists, keyword lists, suggestions and details the app answers, the same ones at every start', async () => {
    const paths = await warmPaths(t.db, 300);
    expect(paths).toHaveLength(300);
    expect(paths).toEqual(await warmPaths(t.db, 300));
    const kinds = new Set(
      paths.map((p) => (p.includes('keywords=') ? (p.startsWith('/api/goods/search') ? 'search' : 'keyword list') : p.split('?')[0].replace(/\d+$/, ''))),
    );
    expect([...kinds].sort()).toEqual(['/api/goods/detail/', '/api/goods/list', 'keyword list', 'search']);
    const answers = await Promise.all(
      paths.slice(0, 120).map((url) => t.app.inject({ method: 'GET', url, headers: { 'x-requested-with': 'XMLHttpRequest' } })),
    );
    // A controlled-sale goods' detail is not found for a guest, as for a buyer who may not see it.
    for (const [k, res] of answers.entries()) expect([200, 404], paths[k]).toContain(res.statusCode);
    expect(answers.filter((res) => res.statusCode === 200).length).toBeGreaterThan(100);
    clearKeptAnswers(t.db);
  });
});
