/**
 * A guest who opens a page of the member frame (decision 007) goes straight to the login page: no call that
 * answers 401 on the way, no error in the console, and the login page under its own title whenever it is there.
 */
import { expect, test, type Page } from '@playwright/test';
import { allPatterns, sampleUrl } from '../core/route-samples';
import { documentTitle, finalRoute, resolvePath } from '../core/routes';
import { shot } from './helpers';

const LOGIN_TITLE = documentTitle('登录');

const memberUrls = allPatterns()
  .map(sampleUrl)
  .filter((url) => finalRoute(url).membersOnly);

declare global {
  interface Window {
    /** Every title the app showed on the login page's address that was not the login page's own. */
    wrongTitles?: string[];
  }
}

/** Watches the page as the guest goes: refused calls, console errors, and the title under which the login page shows. */
async function watch(page: Page) {
  await page.addInitScript((loginTitle) => {
    window.wrongTitles = [];
    const check = () => {
      // Once the app has drawn something at /login (the page it leaves, or the login page), the title is the login page's.
      const drawn = Boolean(document.getElementById('root')?.childElementCount);
      if (location.pathname === '/login' && drawn && document.title !== loginTitle && !window.wrongTitles!.includes(document.title)) {
        window.wrongTitles!.push(document.title);
      }
    };
    new MutationObserver(check).observe(document, { childList: true, subtree: true, characterData: true });
    const frame = () => {
      check();
      requestAnimationFrame(frame);
    };
    requestAnimationFrame(frame);
  }, LOGIN_TITLE);
  const seen = { refused: [] as string[], errors: [] as string[] };
  const pending = new Set<object>();
  page.on('request', (r) => {
    if (new URL(r.url()).pathname.startsWith('/api/')) pending.add(r);
  });
  page.on('requestfinished', (r) => pending.delete(r));
  page.on('requestfailed', (r) => pending.delete(r));
  page.on('response', (r) => {
    if (r.status() === 401) seen.refused.push(`${r.request().method()} ${new URL(r.url()).pathname}`);
  });
  page.on('console', (m) => {
    if (m.type() === 'error') seen.errors.push(m.text());
  });
  page.on('pageerror', (e) => seen.errors.push(e.message));

  /** What went wrong on the way to the login page that `landing` asks to come back to. */
  return async function judge(what: string, landing: string): Promise<string[]> {
    await expect(page, `${what} sends a guest to log in`).toHaveURL((u) => u.pathname === '/login' && u.searchParams.get('redirect') === landing);
    await expect(page.getByTestId('login-submit'), what).toBeVisible();
    await expect(page, what).toHaveTitle(LOGIN_TITLE);
    // Whatever was asked on the way has come back before the answers are judged.
    await expect.poll(() => pending.size, `${what}: calls still on their way`).toBe(0);
    const wrong = (await page.evaluate(() => window.wrongTitles)) ?? [];
    const failures = [
      ...(seen.refused.length ? [`${what}: ${seen.refused.join(', ')} answered 401`] : []),
      ...(seen.errors.length ? [`${what}: console errors ${seen.errors.join(' | ')}`] : []),
      ...(wrong.length ? [`${what}: the login page showed under ${wrong.join(', ')}`] : []),
    ];
    seen.refused = [];
    seen.errors = [];
    await page.evaluate(() => (window.wrongTitles = []));
    return failures;
  };
}

// Its journeys are independent guests: they share the two workers instead of queueing on one.
test.describe.configure({ mode: 'parallel' });

test('the member pages are the ones of the table, the account centre, wallet and orders among them', () => {
  expect(memberUrls).toEqual(expect.arrayContaining(['/user', '/zhzx/bdwx', '/wdqb', '/wdqb/yegl', '/yegl', '/wdqb_xjq', '/order']));
});

/** The member pages walked by a journey each: a part of them for each worker to take. */
const PARTS = 3;

for (let part = 0; part < PARTS; part++) {
  test(`a guest who opens any member page goes to log in without a refused call or a console error, part ${part + 1} of ${PARTS}`, async ({ page }) => {
    test.setTimeout(120_000);
    const judge = await watch(page);
    const failures: string[] = [];
    for (const url of memberUrls.filter((_, i) => i % PARTS === part)) {
      let landing = url;
      for (let r = resolvePath(landing); r.kind === 'redirect'; r = resolvePath(landing)) landing = r.to;
      await page.goto(url);
      failures.push(...(await judge(url, landing)));
    }
    expect(failures).toEqual([]);
  });
}

test('a guest who follows the top bar to 会员中心, 我的订单 or 电子发票查询 goes to log in the same way', async ({ page }) => {
  const judge = await watch(page);
  const failures: string[] = [];
  for (const [link, landing] of [
    ['会员中心', '/user'],
    ['我的订单', '/order'],
    ['电子发票查询', '/dzfp'],
  ]) {
    await page.goto('/');
    await expect(page.getByTestId('home-page')).toBeVisible();
    await page.getByRole('navigation', { name: '常用链接' }).getByRole('link', { name: link, exact: true }).click();
    failures.push(...(await judge(link, landing)));
  }
  await shot(page, 'guest-login-from-member-page');
  expect(failures).toEqual([]);
});
