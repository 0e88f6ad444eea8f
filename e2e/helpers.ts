import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { expect, request, test, type APIRequestContext, type Page } from '@playwright/test';

import { DEMO_PASSWORD, DEMO_PAY_PASSWORD } from '../server/seed/demo-password';

export { DEMO_PASSWORD };
const shotDir = path.resolve(import.meta.dirname, 'screenshots');

/** Where a picture of `name` is saved: PNG, exact, and what the tools that show pictures read. */
const picture = (name: string) => {
  fs.mkdirSync(shotDir, { recursive: true });
  return { path: path.join(shotDir, `${name}.png`) };
};

/** Saves a full-page screenshot under e2e/screenshots for people to look at. */
export async function shot(page: Page, name: string) {
  await page.screenshot({ ...picture(name), fullPage: true });
}

/** Saves the window as the buyer sees it (a pop-up over the first screen, a docked chat) under e2e/screenshots. */
export async function shotWindow(page: Page, name: string) {
  await page.screenshot(picture(name));
}

/** Reads the latest SMS code sent to a phone from the sandbox outbox. */
export async function smsCode(request: APIRequestContext, phone: string, purpose?: string): Promise<string> {
  for (let i = 0; i < 40; i++) {
    const res = await request.get(`/api/dev/sms_outbox?phone=${phone}`);
    const body = await res.json();
    if (body.data?.code && (!purpose || body.data.purpose === purpose)) return body.data.code;
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`no SMS code${purpose ? ` for ${purpose}` : ''} to ${phone}`);
}

/** Waits until the server lets a new code go to the phone: 60 s after the latest one it sent (by its own clock). */
export async function smsCodeAllowed(page: Page, phone: string): Promise<void> {
  const body = await (await page.request.get(`/api/dev/sms_outbox?phone=${phone}`)).json();
  const sentAt: number | undefined = body.data?.created_at;
  if (!sentAt) return;
  const wait = (sentAt + 62) * 1000 - Date.now();
  if (wait > 0) await page.waitForTimeout(wait);
}

/** A phone number no earlier run has used: 139 + the last 8 digits of the time. */
export function freshPhone(): string {
  return `139${String(Date.now() * 10 + Math.floor(Math.random() * 10)).slice(-8)}`;
}

/**
 * Logs in through the login page. The home page's lottery pop-up shows once a day per account: a journey about
 * something else finds it shown already today, unless it asks for it (`lotteryPopup`).
 */
export async function login(page: Page, username: string, password = DEMO_PASSWORD, opts: { lotteryPopup?: boolean } = {}) {
  if (!opts.lotteryPopup) await lotteryPopupShown(page, username);
  await page.goto('/login');
  await page.getByTestId('login-username').fill(username);
  await page.getByTestId('login-password').fill(password);
  // The first page after a login reloads once (spec section 4): wait for that new document, or a navigation
  // the test makes next is cut short by it.
  const reloaded = page.waitForEvent('load');
  await page.getByTestId('login-submit').click();
  await reloaded;
  await page.waitForURL((url) => !url.pathname.startsWith('/login'));
}

/**
 * Does something that changes a goods list's query (a filter, the sort, a page) and waits until the list
 * shows the answer to it: lists keep the previous goods, dimmed, while the next ones load.
 */
export async function changeList(page: Page, action: () => Promise<unknown>, query: (params: URLSearchParams) => boolean = () => true) {
  const answer = page.waitForResponse((r) => {
    const url = new URL(r.url());
    return url.pathname === '/api/goods/list' && query(url.searchParams);
  });
  await action();
  await answer;
  await expect(page.locator('.yct-list__body')).not.toHaveClass(/is-refreshing/);
}

/**
 * Scrolls down the page a screen at a time, waiting at each stop for the pictures in view to load (they are
 * lazy), then goes back to the top: a full-page screenshot then shows every picture.
 */
export async function scrollThrough(page: Page) {
  const step = (page.viewportSize()?.height ?? 900) - 100;
  for (let y = 0; y < (await page.evaluate(() => document.documentElement.scrollHeight)); y += step) {
    await page.evaluate((top) => window.scrollTo(0, top), y);
    await expect
      .poll(() =>
        page.evaluate(() =>
          [...document.images]
            .filter((img) => {
              const r = img.getBoundingClientRect();
              return r.width > 0 && r.bottom > 0 && r.top < window.innerHeight;
            })
            .every((img) => img.complete),
        ),
      )
      .toBe(true);
  }
  await page.evaluate(() => window.scrollTo(0, 0));
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);
}

/**
 * Picks `text` in the antd Select with this test id, typing to narrow the options first, until the select
 * shows it: a dropdown still closing, or a field above showing its message as the click lands, can swallow a try.
 */
export async function pickOption(page: Page, testId: string, text: string) {
  const select = page.getByTestId(testId);
  await expect(async () => {
    await select.click();
    await select.locator('input').fill(text);
    await page.locator('.ant-select-dropdown:visible .ant-select-item-option').filter({ hasText: text }).first().click({ timeout: 2000 });
    await expect(select).toContainText(text, { timeout: 1000 });
  }).toPass({ timeout: 15_000 });
}

/** Empties the logged-in account's cart through the API (the page's own session), so a journey starts clean. */
export async function clearCart(request: APIRequestContext) {
  const headers = { 'X-Requested-With': 'XMLHttpRequest' };
  const list = await (await request.get('/api/cart/list', { headers })).json();
  expect(list.code).toBe(10000);
  const ids: number[] = list.data.list.map((l: { id: number }) => l.id);
  if (!ids.length) return;
  const res = await (await request.post('/api/cart/batch_delete', { headers, form: Object.fromEntries(ids.map((id, i) => [`ids[${i}]`, String(id)])) })).json();
  expect(res.code).toBe(10000);
}

/**
 * Runs `journey` while no other journey holds the same demo account. The end-to-end runs share one server
 * and its few approved accounts between two workers; a journey that empties and fills an account's cart (or
 * changes its addresses) takes the account for its length, and one that waits gives up after `waitMs`.
 * The lock is a directory beside the run's other temporary files, named after the server's port.
 */
export async function withAccount<T>(username: string, journey: () => Promise<T>, waitMs = 120_000): Promise<T> {
  const port = new URL(process.env.E2E_BASE_URL ?? 'http://127.0.0.1:3000').port || '80';
  const lock = path.join(os.tmpdir(), `yct-e2e-${port}-${username}.lock`);
  const start = Date.now();
  for (;;) {
    try {
      fs.mkdirSync(lock);
      break;
    } catch (e) {
      if ((e as NodeJS.ErrnoException).code !== 'EEXIST') throw e;
      // A lock older than any journey was left by a run that was killed.
      const age = Date.now() - (fs.statSync(lock, { throwIfNoEntry: false })?.mtimeMs ?? Date.now());
      if (age > 5 * 60_000) fs.rmSync(lock, { recursive: true, force: true });
      else if (Date.now() - start > waitMs) throw new Error(`${username} stayed busy with another journey for ${waitMs} ms`, { cause: e });
      else await new Promise((r) => setTimeout(r, 200));
    }
  }
  try {
    return await journey();
  } finally {
    fs.rmSync(lock, { recursive: true, force: true });
  }
}

/**
 * Registers a new clinic through the three registration steps by API, in the page's own session: it ends
 * logged in and waiting for review (`is_passed` 0), with no address and nothing any other journey touches.
 */
export async function registerWaitingClinic(page: Page): Promise<{ username: string; phone: string }> {
  const headers = { 'X-Requested-With': 'XMLHttpRequest' };
  const ok = async (res: Promise<import('@playwright/test').APIResponse>) => {
    const body = await (await res).json();
    expect(body.code, body.message).toBe(10000);
    return body.data;
  };
  const phone = freshPhone();
  const username = `zs${phone.slice(-8)}`;
  await ok(page.request.post('/api/user/create_code', { headers, form: { phone, type: 'register' } }));
  const code = await smsCode(page.request, phone);
  const password = DEMO_PASSWORD;
  await ok(
    page.request.post('/api/user/register', { headers, form: { step: '1', phone, code, username, password, password_confirmation: password, agree: '1' } }),
  );
  const scopes: { id: number }[] = await ok(page.request.get('/api/user/jyfw', { headers }));
  await ok(
    page.request.post('/api/user/register', {
      headers,
      form: {
        step: '2',
        company: `宁波测试诊所${phone.slice(-4)}`,
        type: '诊所',
        name: '王医生',
        contact_phone: phone,
        province: '浙江省',
        city: '宁波市',
        district: '鄞州区',
        address: '天童南路 588 号',
        'jyfw[0]': String(scopes[0].id),
      },
    }),
  );
  // A picture the upload accepts: the PNG signature is what it checks.
  const png = Buffer.concat([Buffer.from('89504e470d0a1a0a', 'hex'), Buffer.alloc(64)]);
  const licences: Record<string, string> = { step: '3' };
  for (const [i, type] of ['yyzz', 'yljgxkz', 'cgwts'].entries()) {
    const file: { url: string } = await ok(
      page.request.post('/api/upload', { headers, multipart: { file: { name: `${type}.png`, mimeType: 'image/png', buffer: png } } }),
    );
    Object.assign(licences, {
      [`licences[${i}][type]`]: type,
      [`licences[${i}][image]`]: file.url,
      [`licences[${i}][number]`]: '',
      [`licences[${i}][valid_until]`]: '2030-12-31',
    });
  }
  await ok(page.request.post('/api/user/register', { headers, form: licences }));
  return { username, phone };
}

export type Envelope<T> = { code: number; message: string; data: T };

/** The header every API write of the journeys sends, as the site's own client does. */
export const XHR = { 'X-Requested-With': 'XMLHttpRequest' };

/** Calls the API in the page's own session and answers `data`, failing the journey on any code but 10000. */
export async function api<T>(page: Page, method: 'GET' | 'POST', url: string, data?: Record<string, unknown>): Promise<T> {
  const res = method === 'GET' ? await page.request.get(url, { headers: XHR }) : await page.request.post(url, { headers: XHR, data: data ?? {} });
  const body = (await res.json()) as Envelope<T>;
  expect(body.code, `${method} ${url}: ${body.message}`).toBe(10000);
  return body.data;
}

/**
 * Logs in through the API: the session cookie lands in the page's context, and no login page means no
 * reload-after-login racing the journey's first navigation.
 */
export async function loginByApi(page: Page, username: string, password = DEMO_PASSWORD, opts: { lotteryPopup?: boolean } = {}) {
  if (!opts.lotteryPopup) await lotteryPopupShown(page, username);
  await api(page, 'POST', '/api/user/login', { username, password });
}

/** Marks the home page's lottery pop-up (once a day per account, in local storage) as shown today to this account. */
export async function lotteryPopupShown(page: Page, username: string) {
  const day = new Date(Date.now() + 8 * 3_600_000).toISOString().slice(0, 10);
  await page.addInitScript(({ key, value }) => localStorage.setItem(key, value), { key: `yct-draw-shown:${username}`, value: day });
}

/**
 * A full-page screenshot from the top with the header unstuck and the window as tall as the page, so that
 * bars kept in view sit where they belong instead of over the middle of the picture.
 */
export async function shotWhole(page: Page, name: string) {
  // Scrolled to the top again until the header has unstuck: a list that grows or a route's remembered position
  // may still move the page after the first scroll, and the bar settles 100 ms after the last one.
  const bar = page.getByTestId('header-bar');
  await expect
    .poll(
      async () => {
        const y = await page.evaluate(() => {
          window.scrollTo(0, 0);
          return window.scrollY;
        });
        return `scrollY ${y}, sticky ${await bar.getAttribute('data-sticky')}`;
      },
      { intervals: [150, 250, 500, 1_000] },
    )
    .toBe('scrollY 0, sticky 0');
  const viewport = page.viewportSize()!;
  const height = await page.evaluate(() => document.documentElement.scrollHeight);
  await page.setViewportSize({ width: viewport.width, height });
  await shot(page, name);
  await page.setViewportSize(viewport);
}

/** Types the six digits of the payment password into the pay dialog's boxes (they move on by themselves). */
export async function typePayPassword(page: Page, password = DEMO_PAY_PASSWORD) {
  const dialog = page.getByTestId('paycf');
  await expect(dialog).toBeVisible();
  const boxes = dialog.getByTestId('paycf-password').locator('input');
  await boxes.first().click();
  // A digit at a time, as a buyer types: each box takes its digit once the one before has handed on the focus.
  for (const [i, digit] of [...password].entries()) {
    await expect(boxes.nth(i)).toBeFocused();
    await page.keyboard.press(digit);
  }
  await expect(dialog.getByTestId('paycf-submit')).toBeEnabled();
}

/**
 * Confirms a balance or credit payment in the pay dialog: it shows the amount and the instrument, and pays once
 * the payment password is entered (the seeded accounts' 135790 unless told otherwise).
 */
export async function confirmPayment(page: Page, opts: { amount: string; instrument: '余额' | '授信'; password?: string; shot?: string }) {
  const dialog = page.getByTestId('paycf');
  await expect(dialog).toHaveAttribute('data-mode', 'enter');
  await expect(dialog.getByTestId('paycf-amount')).toHaveText(opts.amount);
  await expect(dialog.getByTestId('paycf-instrument')).toContainText(opts.instrument);
  await typePayPassword(page, opts.password);
  if (opts.shot) await shot(page, opts.shot);
  await dialog.getByTestId('paycf-submit').click();
}

/** The seeded operators' password (admin, ops, qa, finance, warehouse, service). */
export const OPERATOR_PASSWORD = 'Admin@2026';

/**
 * An operator's own API session, for the console's steps in a buyer's journey (shipping an order, say): a
 * cookie jar of its own, logged in to the console. Dispose of it at the end.
 */
export async function operatorRequest(username: string): Promise<APIRequestContext> {
  const context = await request.newContext({ baseURL: test.info().project.use.baseURL, extraHTTPHeaders: XHR });
  const res = (await (await context.post('/api/admin/login', { data: { username, password: OPERATOR_PASSWORD } })).json()) as Envelope<unknown>;
  expect(res.code, `operator ${username} logs in: ${res.message}`).toBe(10000);
  return context;
}

/** Logs in to the console through its login page and waits until the shell greets the operator. */
export async function consoleLogin(page: Page, username: string, password = OPERATOR_PASSWORD) {
  await page.goto('/admin/login');
  await page.getByTestId('admin-login-username').fill(username);
  await page.getByTestId('admin-login-password').fill(password);
  const answer = page.waitForResponse((r) => r.request().method() === 'POST' && new URL(r.url()).pathname === '/api/admin/login');
  await page.getByTestId('admin-login-submit').click();
  await answer;
  await expect(page.getByTestId('admin-operator')).toContainText(`（${username}）`);
}

/**
 * Signs an operator in through the API and opens a console page, for journeys about something other than the
 * login form: the form's page and the 工作台 it lands on are two page loads such a journey does not look at
 * (admin.spec's journeys log in through the form, and those that start from the 工作台 use `consoleLogin`).
 */
export async function consoleSession(page: Page, username: string, path: string) {
  const res = (await (
    await page.request.post('/api/admin/login', { headers: XHR, data: { username, password: OPERATOR_PASSWORD } })
  ).json()) as Envelope<unknown>;
  expect(res.code, `operator ${username} logs in: ${res.message}`).toBe(10000);
  await page.goto(path);
  await expect(page.getByTestId('admin-operator')).toContainText(`（${username}）`);
}

/**
 * A screenshot once antd's fades have ended (a field's message, a toast, a button leaving its loading
 * state): a picture caught mid-way shows half of them. Spinners that turn for ever are not waited for.
 */
export async function still(page: Page, name: string) {
  await page.waitForFunction(
    () => document.getAnimations().every((a) => a.playState !== 'running' || a.effect?.getComputedTiming().iterations === Infinity),
    undefined,
    { polling: 100, timeout: 10_000 },
  );
  await shot(page, name);
}

/**
 * `still` of the whole page with the window as tall as the page, so that the menu, a dialog's mask and the
 * top bar cover it all instead of the first screen only.
 */
export async function stillWhole(page: Page, name: string) {
  await page.evaluate(() => window.scrollTo(0, 0));
  const viewport = page.viewportSize()!;
  const height = await page.evaluate(() => document.documentElement.scrollHeight);
  await page.setViewportSize({ width: viewport.width, height: Math.max(height, viewport.height) });
  await still(page, name);
  await page.setViewportSize(viewport);
}
