import { describe, expect, it } from 'vitest';
import type { Db } from '../db/client.js';
import { cachedJson, cachedResult, clearKeptAnswers } from './cache.js';
import { keptWithTimestamp } from './kept-answer.js';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
/** Long enough that a loaded machine cannot pass half of it between two calls of one step. */
const TTL = 2_000;

function counter() {
  let n = 0;
  let fail = false;
  return {
    compute: async () => {
      n += 1;
      await sleep(5);
      if (fail) throw new Error('the database went away');
      return `answer ${n}`;
    },
    get runs() {
      return n;
    },
    failNext() {
      fail = true;
    },
  };
}

describe('shared catalogue answers', () => {
  it('works an answer out once for requests that arrive together, and serves it until half its life', async () => {
    const db = {} as Db;
    const c = counter();
    const [a, b] = await Promise.all([cachedResult(db, ['list', 1], c.compute, TTL), cachedResult(db, ['list', 1], c.compute, TTL)]);
    expect([a, b]).toEqual(['answer 1', 'answer 1']);
    expect(await cachedResult(db, ['list', 1], c.compute, TTL)).toBe('answer 1');
    expect(await cachedResult(db, ['list', 2], c.compute, TTL)).toBe('answer 2');
    expect(c.runs).toBe(2);
  });

  it('past half its life serves the old answer while one request works out the next', async () => {
    const db = {} as Db;
    const c = counter();
    expect(await cachedResult(db, 'spike', c.compute, TTL)).toBe('answer 1');
    await sleep(TTL / 2 + 100);
    // Both get the old answer at once; only one new computation starts.
    expect(await Promise.all([cachedResult(db, 'spike', c.compute, TTL), cachedResult(db, 'spike', c.compute, TTL)])).toEqual(['answer 1', 'answer 1']);
    await sleep(50);
    expect(c.runs).toBe(2);
    expect(await cachedResult(db, 'spike', c.compute, TTL)).toBe('answer 2');
  });

  it('keeps the old answer when working out the next one fails, and tries again on the next request', async () => {
    const db = {} as Db;
    const c = counter();
    expect(await cachedResult(db, 'floors', c.compute, TTL)).toBe('answer 1');
    await sleep(TTL / 2 + 100);
    c.failNext();
    expect(await cachedResult(db, 'floors', c.compute, TTL)).toBe('answer 1');
    await sleep(50);
    expect(await cachedResult(db, 'floors', c.compute, TTL)).toBe('answer 1');
    expect(c.runs).toBe(3);
  });

  it('forgets a failed first answer and everything when goods are written', async () => {
    const db = {} as Db;
    const c = counter();
    c.failNext();
    await expect(cachedResult(db, 'detail', c.compute, TTL)).rejects.toThrow('the database went away');
    const ok = counter();
    expect(await cachedResult(db, 'detail', ok.compute, TTL)).toBe('answer 1');
    clearKeptAnswers(db);
    expect(await cachedResult(db, 'detail', ok.compute, TTL)).toBe('answer 2');
  });

  it('keeps an answer as the JSON text of its envelope, made once for all who share it', async () => {
    const db = {} as Db;
    const c = counter();
    const [a, b] = await Promise.all([cachedJson(db, 'brands', c.compute, TTL), cachedJson(db, 'brands', c.compute, TTL)]);
    expect(a).toBe(b);
    expect(JSON.parse(a.text)).toEqual({ code: 10000, message: expect.any(String), data: 'answer 1' });
    expect(c.runs).toBe(1);
  });

  it("adds the server's clock to the data of a kept answer, one answer a second", async () => {
    const db = {} as Db;
    const at = Date.UTC(2026, 10, 23, 12, 0, 0);
    const spike = await cachedJson(db, 'spike', async () => ({ list: [{ id: 1 }], end_time: 100 }));
    const stamped = keptWithTimestamp(spike, at);
    expect(keptWithTimestamp(spike, at + 999)).toBe(stamped);
    expect(keptWithTimestamp(spike, at + 1000)).not.toBe(stamped);
    expect(JSON.parse(keptWithTimestamp(spike, at + 1000).text).data.timestamp).toBe(at / 1000 + 1);
    expect(JSON.parse(stamped.text)).toEqual({
      code: 10000,
      message: expect.any(String),
      data: { list: [{ id: 1 }], end_time: 100, timestamp: at / 1000 },
    });
    const empty = await cachedJson(db, 'everyday', async () => ({}));
    expect(JSON.parse(keptWithTimestamp(empty, at).text).data).toEqual({ timestamp: at / 1000 });
  });
});
