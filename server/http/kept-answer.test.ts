/**
 * Kept answers as a browser loads them: compressed once per encoding and served as those bytes, with a strong ETag
 * that a browser names to get 304, and a new ETag once what the answer shows changed.
 */
import zlib from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, dbLabel, loginAs, operatorLogin, type TestApp } from '../testing.js';
import crypto from 'node:crypto';
import { okText } from './envelope.js';
import { compressions, KeptAnswer } from './kept-answer.js';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(async () => {
  await t?.close();
});

const BROWSER = 'gzip, deflate, br, zstd';
const get = (url: string, headers: Record<string, string> = {}) => t.app.inject({ method: 'GET', url, headers });

describe(`kept answers as browsers load them on ${dbLabel}`, () => {
  it('sends a goods list in brotli to a browser, worked out once and compressed quickly for the first request, well for the many after', async () => {
    const url = '/api/goods/list?page=2&sort=price&order=desc';
    const plain = await get(url);
    expect(plain.statusCode).toBe(200);
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body.length).toBeGreaterThan(1024);
    const before = compressions.br;
    const first = await get(url, { 'accept-encoding': BROWSER });
    expect(compressions.br - before).toBe(1);
    const answers = await Promise.all(Array.from({ length: 30 }, () => get(url, { 'accept-encoding': BROWSER })));
    expect(compressions.br - before).toBe(2);
    // The second request's bytes are compressed better than the first's, and the same for every request after.
    expect(answers[0].rawPayload.length).toBeLessThan(first.rawPayload.length);
    expect(zlib.brotliDecompressSync(first.rawPayload).toString()).toBe(plain.body);
    for (const res of answers) {
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-encoding']).toBe('br');
      expect(res.headers.vary).toContain('Accept-Encoding');
      expect(res.headers['cache-control']).toBe('private, no-cache');
      expect(res.headers.etag).toBe(plain.headers.etag);
      expect(zlib.brotliDecompressSync(res.rawPayload).toString()).toBe(plain.body);
    }
    expect(answers[0].rawPayload.length).toBeLessThan(plain.body.length / 4);
  });

  it('sends gzip to a client that takes only gzip, and nothing compressed to one that refuses both', async () => {
    const url = '/api/goods/list?page=3';
    const plain = await get(url);
    const gz = await get(url, { 'accept-encoding': 'gzip' });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(zlib.gunzipSync(gz.rawPayload).toString()).toBe(plain.body);
    const refused = await get(url, { 'accept-encoding': 'br;q=0, gzip;q=0' });
    expect(refused.headers['content-encoding']).toBeUndefined();
    expect(refused.body).toBe(plain.body);
  });

  it("keeps the coupon centre's page for guests, compressed once, and makes a buyer's own for the request", async () => {
    const url = '/api/coupon/center?page=1';
    const plain = await get(url);
    expect(plain.body.length).toBeGreaterThan(1024);
    const before = compressions.br;
    const guests = await Promise.all(Array.from({ length: 20 }, () => get(url, { 'accept-encoding': BROWSER })));
    // Quickly for the first guest, well for the others.
    expect(compressions.br - before).toBe(2);
    for (const res of guests) expect(zlib.brotliDecompressSync(res.rawPayload).toString()).toBe(plain.body);
    const demo = await loginAs(t.app, 'demo');
    const own = await t.app.inject({ method: 'GET', url, headers: { cookie: demo.cookie, 'accept-encoding': BROWSER } });
    expect(own.headers['content-encoding']).toBe('br');
    const mine = JSON.parse(zlib.brotliDecompressSync(own.rawPayload).toString()).data.data as { mine: number }[];
    expect(mine.some((c) => c.mine > 0)).toBe(true);
    expect(own.headers.etag).not.toBe(plain.headers.etag);
  });

  it("compresses a buyer's own answer of many kilobytes in one call, its length known before it is sent", async () => {
    const demo = await loginAs(t.app, 'demo');
    const list = (await demo.get('/api/goods/list?in_stock=1&per_page=40')).body.data.data as { id: number; zbz: number; is_buy: number }[];
    const params = list.filter((g) => g.is_buy).map((g, k) => `params[${k}][goods_id]=${g.id}&params[${k}][number]=${g.zbz}`);
    await t.app.inject({
      method: 'POST',
      url: '/api/cart',
      headers: { cookie: demo.cookie, 'x-requested-with': 'XMLHttpRequest', 'content-type': 'application/x-www-form-urlencoded' },
      payload: params.join('&'),
    });
    const plain = await t.app.inject({ method: 'GET', url: '/api/cart/list', headers: { cookie: demo.cookie } });
    expect(plain.body.length).toBeGreaterThan(16 * 1024);
    const br = await t.app.inject({ method: 'GET', url: '/api/cart/list', headers: { cookie: demo.cookie, 'accept-encoding': BROWSER } });
    expect(br.headers['content-encoding']).toBe('br');
    // Compressed in one call, not streamed: the length goes out with the headers.
    expect(Number(br.headers['content-length'])).toBe(br.rawPayload.length);
    expect(br.headers['transfer-encoding']).toBeUndefined();
    expect(JSON.parse(zlib.brotliDecompressSync(br.rawPayload).toString()).data.list).toEqual(JSON.parse(plain.body).data.list);
    expect(br.rawPayload.length).toBeLessThan(plain.body.length / 4);
  });

  it('leaves a small answer as it is', async () => {
    const res = await get('/api/goods/search?keywords=zzzzzz&type=1', { 'accept-encoding': BROWSER });
    expect(res.statusCode).toBe(200);
    expect(res.body.length).toBeLessThan(1024);
    expect(res.headers['content-encoding']).toBeUndefined();
    expect(res.headers.etag).toMatch(/^"[\w-]{27}"$/);
  });

  it('answers 304 without a body to a browser that holds the answer, and the new answer once a price changed', async () => {
    const demo = await loginAs(t.app, 'demo');
    const first = await demo.get('/api/goods/list?page=1&sort=newest');
    const etag = first.headers.etag as string;
    const [goods] = first.body.data.data as { id: number; base_price: string }[];
    const again = await t.app.inject({
      method: 'GET',
      url: '/api/goods/list?page=1&sort=newest',
      headers: { cookie: demo.cookie, 'if-none-match': etag, 'accept-encoding': BROWSER },
    });
    expect(again.statusCode).toBe(304);
    expect(again.rawPayload.length).toBe(0);
    expect(again.headers.etag).toBe(etag);

    const ops = await operatorLogin(t.app, 'ops');
    const price = (Number(goods.base_price) + 1).toFixed(2);
    expect((await ops.post(`/api/admin/goods/${goods.id}`, { base_price: price })).body.code).toBe(10000);
    const changed = await t.app.inject({ method: 'GET', url: '/api/goods/list?page=1&sort=newest', headers: { cookie: demo.cookie, 'if-none-match': etag } });
    expect(changed.statusCode).toBe(200);
    expect(changed.headers.etag).not.toBe(etag);
    expect(JSON.parse(changed.body).data.data.find((g: { id: number }) => g.id === goods.id).base_price).toBe(price);
  });
});

describe('a kept answer with one more field', () => {
  it('adds the field at the end of the data, to an empty one too, with an ETag of its own bytes', () => {
    for (const data of [{ id: 7, name: '阿莫西林胶囊', tags: ['秒'] }, {}]) {
      const kept = new KeptAnswer(okText(data));
      const variant = kept.with('is_favorite', 1);
      expect(variant.text).toBe(okText({ ...data, is_favorite: 1 }));
      expect(kept.with('is_favorite', 1)).toBe(variant);
      expect(kept.with('is_favorite', 0).text).toBe(okText({ ...data, is_favorite: 0 }));
      expect(variant.etag).toBe(
        `"${crypto
          .createHash('sha1')
          .update(okText({ ...data, is_favorite: 1 }))
          .digest('base64url')}"`,
      );
      expect(variant.etag).not.toBe(kept.etag);
    }
  });
});
