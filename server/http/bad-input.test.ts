/**
 * Every endpoint of the platform answers malformed input with 422 and a Chinese message, stores nothing,
 * and never answers 500: missing fields, wrong types, arrays and nested objects where strings belong,
 * 20,000-character strings, SQL and HTML fragments, unreadable bodies.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { agent, buildTestApp, dbLabel, loginAs, type TestApp } from '../testing.js';

let t: TestApp;
let member: ReturnType<typeof agent>;
let headquarters: ReturnType<typeof agent>;
beforeAll(async () => {
  // Hundreds of refused requests from one address: the rate limits (tested in accounts.test.ts) stay out of the way.
  t = await buildTestApp({ config: { RATE_LIMIT_FACTOR: 1000 } });
  member = await loginAs(t.app, 'pending');
  headquarters = await loginAs(t.app, 'chain');
});
afterAll(async () => t?.close());

const CHINESE = /[\u4e00-\u9fa5]/;
const SQL = "' OR '1'='1'; DROP TABLE users; --";
const HTML = '<script>alert("x")</script>';
const LONG = '药'.repeat(20_000);
const junk: [string, unknown][] = [
  ['an array', ['13800000001', '13800000002']],
  ['a nested object', { a: { b: { c: 'd' } } }],
  ['a 20,000-character string', LONG],
  ['an SQL fragment', SQL],
  ['an HTML fragment', HTML],
  ['an empty string', ''],
];

type Endpoint = {
  name: string;
  url: string;
  as: 'guest' | 'member' | 'chain';
  body: Record<string, unknown>;
  /** Fields with a default: leaving them out is not a mistake. */
  optional?: string[];
};
const endpoints: Endpoint[] = [
  { name: 'login', url: '/api/user/login', as: 'guest', body: { username: 'demo', password: 'Wrong2026' } },
  { name: 'login by code', url: '/api/user/login_code', as: 'guest', body: { phone: '13800000001', code: '123456' } },
  { name: 'create code', url: '/api/user/create_code', as: 'guest', body: { phone: '13955550001', type: 'register' }, optional: ['type'] },
  {
    name: 'register step 1',
    url: '/api/user/register',
    as: 'guest',
    body: { step: 1, phone: '13955550002', code: '123456', username: 'badinput01', password: 'Good2026', password_confirmation: 'Good2026', agree: 1 },
  },
  {
    name: 'register step 2',
    url: '/api/user/register',
    as: 'member',
    body: {
      step: 2,
      company: '广州市好药大药房有限公司',
      type: '单体药店',
      name: '陈明',
      contact_phone: '13955550003',
      province: '广东省',
      city: '广州市',
      district: '越秀区',
      address: '中山五路 1 号',
      jyfw: [999999],
    },
  },
  {
    name: 'register step 3',
    url: '/api/user/register',
    as: 'member',
    body: { step: 3, licences: [{ type: 'yyzz', image: '/uploads/none.png', number: 'A1', valid_until: '2030-01-01' }] },
  },
  { name: 'forget step 1', url: '/api/user/forget', as: 'guest', body: { step: 1, phone: '13800000001', code: '123456' } },
  {
    name: 'forget step 2',
    url: '/api/user/forget',
    as: 'guest',
    body: { step: 2, ticket: 'no-such-ticket', password: 'Good2026', password_confirmation: 'Good2026' },
  },
  {
    name: 'reset password',
    url: '/api/user/resetPassword',
    as: 'member',
    body: { old_password: 'Wrong2026', password: 'Good2026', password_confirmation: 'Good2026' },
  },
  { name: 'update user info', url: '/api/user/updateUserInfo', as: 'member', body: { name: '陈明', phone: '13800000001' } },
  { name: 'page view', url: '/api/stat/pv', as: 'guest', body: { path: LONG, title: '首页', referrer: '' } },
  { name: 'sandbox WeChat scan', url: '/api/wechat/sandbox_scan', as: 'guest', body: { ticket: 'no-such-ticket' } },
];

const TABLES = ['users', 'sessions', 'sms_codes', 'licences', 'uploads', 'password_resets', 'wechat_tickets', 'page_views'];
async function snapshot() {
  const counts: Record<string, number> = {};
  for (const table of TABLES) {
    const res = await t.db.execute(sql.raw(`select count(*)::int as n from ${table}`));
    counts[table] = Number((res as unknown as { rows: { n: number }[] }).rows[0].n);
  }
  const users = await t.db.execute(sql.raw(`select md5(string_agg(u::text, ',' order by id)) as h from users u`));
  return { counts, users: (users as unknown as { rows: { h: string }[] }).rows[0].h };
}

function client(as: Endpoint['as']) {
  return as === 'member' ? member : as === 'chain' ? headquarters : agent(t.app);
}

function expect422(res: { status: number; body: { code: number; message: string } }, what: string) {
  expect(res.status, what).toBe(422);
  expect(res.body.code, what).toBe(422);
  expect(res.body.message, what).toMatch(CHINESE);
}

describe(`bad input on ${dbLabel}`, () => {
  for (const ep of endpoints) {
    it(`${ep.name} answers every malformed field with 422 and stores nothing`, async () => {
      const before = await snapshot();
      const c = client(ep.as);
      expect422(await c.post(ep.url, {}), `${ep.name} with an empty body`);
      expect422(await c.postJson(ep.url, '{"broken": '), `${ep.name} with broken JSON`);
      expect422(await c.postJson(ep.url, [1, 2, 3]), `${ep.name} with a JSON array`);
      for (const field of Object.keys(ep.body)) {
        if (!ep.optional?.includes(field)) {
          const { [field]: _, ...without } = ep.body;
          expect422(await c.post(ep.url, without), `${ep.name} without ${field}`);
        }
        for (const [label, value] of junk) {
          const res = await c.post(ep.url, { ...ep.body, [field]: value });
          expect422(res, `${ep.name}: ${field} as ${label}`);
          await c.postJson(ep.url, { ...ep.body, [field]: value }).then((r) => expect422(r, `${ep.name}: ${field} as JSON ${label}`));
        }
      }
      const deep = await t.app.inject({
        method: 'POST',
        url: ep.url,
        headers: { 'content-type': 'application/x-www-form-urlencoded', 'x-requested-with': 'XMLHttpRequest', cookie: c.cookie },
        payload: 'a[b][c][d][e][f][g][h]=1&step[x]=1&phone[]=1&phone[]=2&' + 'k='.padEnd(1_100_000, 'x'),
      });
      expect422({ status: deep.statusCode, body: deep.json() }, `${ep.name} with an oversized nested body`);
      expect(await snapshot()).toEqual(before);
    });
  }

  it('answers malformed path and query values with 422', async () => {
    const a = agent(t.app);
    for (const url of [
      '/api/user/phone/123',
      `/api/user/phone/${encodeURIComponent(SQL)}`,
      `/api/user/phone/${encodeURIComponent(HTML)}`,
      '/api/dev/sms_outbox?phone[]=1',
      `/api/dev/sms_outbox?phone=${encodeURIComponent(SQL)}`,
      '/api/wechat/status?ticket[a]=1',
      '/api/wechat/status',
    ]) {
      expect422(await a.get(url), url);
    }
  });

  it('answers an upload that is not multipart, empty or too large with 422', async () => {
    const before = await snapshot();
    expect422(await member.post('/api/upload', { file: 'x' }), 'form upload');
    const boundary = '----bad';
    const big = Buffer.alloc(11 * 1024 * 1024, 0x89);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/upload',
      headers: { 'content-type': `multipart/form-data; boundary=${boundary}`, 'x-requested-with': 'XMLHttpRequest', cookie: member.cookie },
      payload: Buffer.concat([
        Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="a.png"\r\n\r\n`),
        big,
        Buffer.from(`\r\n--${boundary}--\r\n`),
      ]),
    });
    expect422({ status: res.statusCode, body: res.json() }, 'an 11 MB upload');
    expect(await snapshot()).toEqual(before);
  });

  it('answers a multipart body sent where no file is taken with 422 and changes nothing', async () => {
    const before = await snapshot();
    const boundary = '----notafile';
    for (const url of ['/api/cart', '/api/address']) {
      const res = await t.app.inject({
        method: 'POST',
        url,
        headers: { 'content-type': `multipart/form-data; boundary=${boundary}`, 'x-requested-with': 'XMLHttpRequest', cookie: member.cookie },
        payload: `--${boundary}\r\nContent-Disposition: form-data; name="goods_id"\r\n\r\n1\r\n--${boundary}--\r\n`,
      });
      expect422({ status: res.statusCode, body: res.json() }, url);
    }
    expect(await snapshot()).toEqual(before);
  });
});
