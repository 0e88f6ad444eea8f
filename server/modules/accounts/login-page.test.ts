/**
 * The login page is a guest's: a buyer logged in already is sent on to where logging in would have led, and a
 * guest who opens a page of the member frame is sent to it first (docs/decisions/007-guests-on-member-pages.md).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, dbLabel, loginAs, type TestApp } from '../../testing.js';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp({ goods: 20 });
});
afterAll(async () => t?.close());

const open = (url: string, cookie?: string) => t.app.inject({ method: 'GET', url, headers: cookie ? { cookie } : {} });

describe(`the login page on ${dbLabel}`, () => {
  it('is shown to a guest', async () => {
    for (const url of ['/login', '/login?redirect=%2Forder']) expect((await open(url)).statusCode, url).not.toBe(302);
  });

  it('sends a logged-in buyer on to the page it would have led to, or home', async () => {
    const { cookie } = await loginAs(t.app, 'demo');
    const cases: [string, string][] = [
      ['/login', '/'],
      ['/login/', '/'],
      ['/Login?redirect=%2Forder', '/order'],
      ['/login?redirect=%2Flist%2Finfo%2F5%3Fx%3D1', '/list/info/5?x=1'],
      ['/login?redirect=https%3A%2F%2Fevil.example', '/'],
      ['/login?redirect=%2F%2Fevil.example', '/'],
      ['/login?redirect=%2Flogin', '/'],
    ];
    for (const [url, to] of cases) {
      const res = await open(url, cookie);
      expect(res.statusCode, url).toBe(302);
      expect(res.headers.location, url).toBe(to);
    }
  });

  it('is shown again once the buyer has logged out', async () => {
    const buyer = await loginAs(t.app, 'demo');
    const { cookie } = buyer;
    expect((await buyer.delete('/api/user/logout')).body.code).toBe(10000);
    expect((await open('/login', cookie)).statusCode).not.toBe(302);
  });

  it('comes before any page of the member frame a guest opens, and brings them back to that page', async () => {
    const cases: [string, string][] = [
      ['/user', '/user'],
      ['/user_hyzx', '/user_hyzx'],
      ['/zhzx/bdwx', '/zhzx/bdwx'],
      ['/wdqb', '/wdqb/yegl'],
      ['/yegl?tab=log', '/yegl?tab=log'],
      ['/wdqb_xjq', '/wdqb_xjq'],
      ['/order/wl/7', '/order/info/7'],
      ['/zzfw/pzqg/info/3', '/zzfw/pzqg/info/3'],
    ];
    for (const [url, back] of cases) {
      const res = await open(url);
      expect(res.statusCode, url).toBe(302);
      expect(res.headers.location, url).toBe(`/login?redirect=${encodeURIComponent(back)}`);
    }
    const buyer = await loginAs(t.app, 'demo');
    for (const [url] of cases) expect((await open(url, buyer.cookie)).statusCode, url).not.toBe(302);
    // Pages a guest may see stay theirs.
    for (const url of ['/', '/list', '/cart', '/help', '/login']) expect((await open(url)).statusCode, url).not.toBe(302);
  });
});
