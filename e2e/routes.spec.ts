/**
 * Walks the whole route table of spec section 2: every path, alias and redirect shows its screen, title and shell.
 * The member pages a guest is sent to log in from are walked by member-guests.spec.ts, which checks more of each
 * (where the login page would bring them back, no refused call, no console error, the login page's title).
 */
import { expect, test } from '@playwright/test';
import { allPatterns, sampleUrl } from '../core/route-samples';
import { documentTitle, finalRoute, resolvePath } from '../core/routes';
import { loginByApi } from './helpers';

const patterns = allPatterns().filter((pattern) => !finalRoute(sampleUrl(pattern)).membersOnly);
const CHUNKS = 3;

// Every journey here opens its own pages as a guest (or logs in for itself): they share the two workers.
test.describe.configure({ mode: 'parallel' });

for (let chunk = 0; chunk < CHUNKS; chunk++) {
  test(`every route of the table, part ${chunk + 1} of ${CHUNKS}`, async ({ page }) => {
    test.setTimeout(240_000);
    for (const pattern of patterns.filter((_, i) => i % CHUNKS === chunk)) {
      const url = sampleUrl(pattern);
      const route = finalRoute(url);
      // Where the path leads once the table's redirects are followed.
      let landing = url;
      for (let r = resolvePath(landing); r.kind === 'redirect'; r = resolvePath(landing)) landing = r.to;
      await page.goto(url);
      if (route.screen === 'loading') {
        // The loading pages go on at once, to the activity a link names or to /noActivity (tested below).
        await expect(page, `${url} goes on`).toHaveURL((u) => u.pathname === '/noActivity' || u.pathname === '/');
      } else {
        await expect(page, `${url} (${pattern})`).toHaveTitle(documentTitle(route.title));
        await expect(page, `${url} lands on ${landing}`).toHaveURL((u) => decodeURIComponent(u.pathname) === landing.split('?')[0]);
        const flags: [string, boolean][] = [
          ['site-header', route.header],
          ['login-header', route.loginHeader],
          ['footer', route.footer],
          ['right-toolbar', route.toolbar],
          ['category-menu', route.nav],
        ];
        for (const [testId, shown] of flags) {
          if (shown) await expect(page.getByTestId(testId).first(), `${url}: ${testId}`).toBeVisible();
          else await expect(page.getByTestId(testId), `${url}: no ${testId}`).toHaveCount(0);
        }
        // After the title and the shell have answered: a built screen is not the placeholder.
        if (route.built) await expect(page.getByText('该页面正在建设中'), url).toHaveCount(0);
        else await expect(page.getByText('该页面正在建设中'), url).toBeVisible();
      }
    }
  });
}

test('an unknown path goes to /404 and /activity/... through /loading/activity to the activity or /noActivity', async ({ page }) => {
  await page.goto('/no/such/page');
  await expect(page).toHaveURL(/\/404$/);
  await expect(page).toHaveTitle(documentTitle('页面不存在'));
  await page.goto('/activity/mrtj');
  await expect(page).toHaveURL(/\/mrtj$/);
  await expect(page).toHaveTitle(documentTitle('每日特价'));
  // An activity that is not there, and the loading page reached with nothing named, say so instead of spinning.
  await page.goto('/activity/spring/zone/1');
  await expect(page).toHaveURL(/\/noActivity$/);
  await expect(page.getByTestId('no-activity')).toBeVisible();
  await page.goto('/loading/activity');
  await expect(page).toHaveURL(/\/noActivity$/);
  await expect(page.getByTestId('no-activity')).toBeVisible();
  // The logistics link leads to the order's detail, which a guest is asked to log in for first (decision 007).
  await page.goto('/order/wl/7');
  await expect(page).toHaveURL((u) => u.pathname === '/login' && u.searchParams.get('redirect') === '/order/info/7');
  await page.goto('/register');
  await expect(page).toHaveURL(/\/register\/step1$/);
  await page.goto('/forget');
  await expect(page).toHaveURL(/\/forget\/step1$/);
  await page.goto('/register_dd');
  await expect(page).toHaveURL(/\/register\/dd\/step1$/);
});

test('page views reach the statistics call on every navigation', async ({ page }) => {
  const seen: string[] = [];
  page.on('request', (r) => {
    if (r.url().endsWith('/api/stat/pv') && r.method() === 'POST') seen.push(r.postData() ?? '');
  });
  await page.goto('/');
  await expect(page.getByTestId('home-page')).toBeVisible();
  await page.goto('/help');
  await expect.poll(() => seen.length).toBeGreaterThanOrEqual(2);
  expect(seen.some((b) => decodeURIComponent(b).includes('path=/help'))).toBe(true);
});

test('the base user call is skipped on the login, member-centre and bind-WeChat routes', async ({ page }) => {
  const calls: string[] = [];
  page.on('request', (r) => {
    if (r.url().includes('/api/user/base')) calls.push(new URL(page.url()).pathname);
  });
  // Each page's own first call: the base call, were it made, would go out before the page has its answer.
  // The login page's banner comes with its HTML: the slim header's common data is its first call.
  const own: Record<string, string> = { '/login': '/api/focus/common', '/user': '/api/user/center', '/zhzx/bdwx': '/api/user/wechat' };
  for (const path of ['/login', '/user', '/zhzx/bdwx']) {
    // The member centre and bind-WeChat pages are a member's own: a guest would be sent to log in.
    if (path === '/user') await loginByApi(page, 'demo');
    calls.length = 0;
    const answer = page.waitForResponse((r) => new URL(r.url()).pathname === own[path]);
    await page.goto(path);
    await expect(page).toHaveTitle(documentTitle(finalRoute(path).title));
    await answer;
    expect(calls, path).toEqual([]);
  }
  await page.goto('/help');
  await expect.poll(() => calls.length).toBeGreaterThan(0);
});
