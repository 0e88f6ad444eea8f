/** Shell state across navigation: scroll remembered per route, the one reload after login. */
import { expect, test } from '@playwright/test';
import { DEMO_PASSWORD, lotteryPopupShown } from './helpers';

test('going back returns to where the buyer had scrolled on that route', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 600 });
  await page.goto('/help');
  await page.goto('/');
  await expect(page.getByTestId('footer-help-group').first()).toBeVisible();
  await page.evaluate(() => window.scrollTo(0, 300));
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(300);
  // A link in view at that position (the home page is long: clicking the footer's would scroll down to it first).
  const more = page.getByTestId('home-notices').getByRole('link', { name: '更多 ›' });
  await expect(more).toBeInViewport();
  await more.click();
  await expect(page).toHaveURL(/\/help\/xwzx\/gsxw$/);
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);
  await page.goBack();
  await expect(page).toHaveURL(/\/$/);
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(300);
});

test('logging in sets the session flag that reloads the next page once', async ({ page }) => {
  let documents = 0;
  page.on('request', (r) => {
    if (r.resourceType() === 'document') documents++;
  });
  await lotteryPopupShown(page, 'demo');
  await page.goto('/login');
  await page.getByTestId('login-username').fill('demo');
  await page.getByTestId('login-password').fill(DEMO_PASSWORD);
  await page.getByTestId('login-submit').click();
  await expect(page.getByTestId('header-user')).toBeVisible();
  await expect.poll(() => documents).toBe(2);
  expect(await page.evaluate(() => sessionStorage.getItem('yct_login_flag'))).toBeNull();
  await page.getByTestId('nav-bar').getByText('每日特价').click();
  await expect(page).toHaveTitle('每日特价 - 药采通');
  await expect(page.getByTestId('daily-goods')).toBeVisible();
  // The page has rendered its goods and run its effects two frames on: a reload, had one been asked for, has
  // begun by then (and would have replaced this document under the evaluation).
  await page.evaluate(() => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(() => setTimeout(done, 0)))));
  expect(documents).toBe(2);
});
