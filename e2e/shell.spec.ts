/** The shell as a buyer meets it: header in both login states, category menu, nav, footer, right toolbar. */
import { expect, test } from '@playwright/test';
import { login, shot } from './helpers';

test('a guest sees login and register links, the menu, nav, notices, footer and toolbar', async ({ page }) => {
  await page.goto('/help');
  await page.goto('/');
  await expect(page).toHaveTitle('首页 - 药采通');
  await expect(page.getByTestId('header-login-link')).toHaveText('请登录');
  await expect(page.getByTestId('header-register-link')).toHaveText('免费注册');
  await expect(page.getByTestId('header-user')).toHaveCount(0);
  await expect(page.getByTestId('top-banner').locator('img')).toBeVisible();
  await expect(page.getByTestId('broadcast')).toContainText('年终采购节');

  // Home keeps the menu open: the first 7 categories, each showing its sub-categories on hover.
  const items = page.getByTestId('category-item');
  await expect(items).toHaveCount(7);
  await items.nth(1).hover();
  const flyout = page.getByTestId('category-flyout');
  await expect(flyout).toContainText('止咳化痰');
  // The fly-out is as large as its links: no empty panel below or beside them.
  const fit = await flyout.evaluate((el) => {
    const box = el.getBoundingClientRect();
    const links = [...el.querySelectorAll('a')].map((a) => a.getBoundingClientRect());
    const rows = new Set(links.slice(1).map((r) => Math.round(r.top)));
    return {
      below: box.bottom - Math.max(...links.map((r) => r.bottom)),
      beside: box.right - Math.max(...links.map((r) => r.right)),
      oneRow: rows.size === 1,
      width: box.width,
    };
  });
  expect(fit.below, 'space under the last row of links').toBeLessThanOrEqual(24);
  expect(fit.width).toBeLessThanOrEqual(722);
  // This category's sub-categories fit one row, which ends near the panel's edge.
  expect(fit.oneRow, 'one row of links').toBe(true);
  expect(fit.beside, 'space beside the row of links').toBeLessThanOrEqual(30);
  await shot(page, 'category-flyout');

  // The nav shows 9 items; one with children opens them on hover.
  const nav = page.getByTestId('nav-bar').locator(':scope > li');
  await expect(nav).toHaveCount(9);
  await nav.filter({ hasText: '活动中心' }).hover();
  await expect(page.getByTestId('nav-children')).toContainText('全场94折');

  await expect(page.getByTestId('footer-help-group')).toHaveCount(4);
  await expect(page.getByTestId('footer-licences')).toContainText('药品经营许可证');
  await expect(page.getByTestId('footer')).toContainText('不发布麻醉药品');
  await expect(page.getByTestId('right-toolbar')).toContainText('返回顶部');
  await page.mouse.move(600, 600);
  await shot(page, 'shell-guest');
});

test('a nav entry without a target says the activity has not started', async ({ page }) => {
  await page.goto('/help');
  await page.goto('/');
  await page.getByTestId('nav-bar').locator(':scope > li').filter({ hasText: '活动中心' }).hover();
  await page.getByTestId('nav-children').getByText('年终采购节').click();
  await expect(page.getByText('年终采购节将于12月1日开始，敬请期待')).toBeVisible();
});

test('demo logs in, sees the company name, badges and 退出, and logs out', async ({ page }) => {
  await login(page, 'demo');
  await expect(page.getByTestId('header-user')).toHaveText('杭州仁和大药房有限公司');
  await expect(page.getByTestId('header-logout')).toHaveText('退出');
  // Other journeys fill demo's cart on the same server at the same time: the badge shows what the server counts.
  const badge = page.getByTestId('cart-badge');
  await expect(async () => {
    const res = await page.request.get('/api/cart/total');
    const body = await res.json();
    expect(body.code).toBe(10000);
    const total = String(body.data.total);
    if ((await badge.getAttribute('data-count')) !== total) {
      // The cart changed after this page read it: read it again.
      await page.reload();
      await page.getByTestId('header-user').waitFor();
    }
    await expect(badge).toHaveAttribute('data-count', total, { timeout: 1000 });
  }).toPass({ timeout: 15_000 });
  // The seed leaves demo three unread messages; other journeys (an order received, a refund) may add theirs.
  await expect(async () => {
    const body = await (await page.request.get('/api/user/base')).json();
    const unread = Number(body.data.message_count);
    expect(unread).toBeGreaterThanOrEqual(3);
    if ((await page.getByTestId('toolbar-message-badge').textContent()) !== String(unread)) {
      await page.reload();
      await page.getByTestId('header-user').waitFor();
    }
    await expect(page.getByTestId('toolbar-message-badge')).toHaveText(String(unread), { timeout: 1000 });
    await expect(page.getByTestId('header-message-badge')).toHaveText(String(unread), { timeout: 1000 });
  }).toPass({ timeout: 15_000 });
  await page.mouse.move(600, 600);
  await shot(page, 'shell-logged-in');
  await page.getByTestId('header-logout').click();
  await expect(page.getByTestId('header-login-link')).toBeVisible();
  await expect(page.getByTestId('header-user')).toHaveCount(0);
});

test('the right toolbar never lies over the content, from a 1200 px window to a 1920 px one', async ({ page }) => {
  for (const path of ['/', '/list']) {
    await page.goto(path);
    await expect(page.getByTestId('goods-card').first()).toBeVisible();
    for (const width of [1200, 1240, 1263, 1280, 1300, 1319, 1320, 1366, 1440, 1600, 1920]) {
      await page.setViewportSize({ width, height: 900 });
      // Where the page is, at the top, as the buyer first sees it (a narrow window scrolls sideways to the toolbar).
      const boxes = await page.evaluate(() => {
        const box = (el: Element) => {
          const r = el.getBoundingClientRect();
          return { left: r.left + window.scrollX, right: r.right + window.scrollX, width: r.width };
        };
        const toolbar = document.querySelector('[data-testid="right-toolbar"]');
        return {
          toolbar: toolbar ? box(toolbar) : null,
          content: [...document.querySelectorAll('.yct-container')].map(box).filter((b) => b.width > 0),
        };
      });
      expect(boxes.toolbar, `${path} at ${width} px`).not.toBeNull();
      expect(boxes.toolbar!.width, `${path} at ${width} px`).toBe(40);
      expect(boxes.content.length, `${path} at ${width} px`).toBeGreaterThan(3);
      const rightmost = Math.max(...boxes.content.map((b) => b.right));
      // Clear of the toolbar with a gap, not touching it.
      expect(boxes.toolbar!.left - rightmost, `${path} at ${width} px: gap between the content and the toolbar`).toBeGreaterThanOrEqual(8);
    }
    await page.setViewportSize({ width: 1263, height: 900 });
    await shot(page, `toolbar-1263${path === '/' ? '-home' : path.replace(/\//g, '-')}`);
  }
});
