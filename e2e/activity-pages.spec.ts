/**
 * Activity pages made of blocks: /yjh/1 shows its banner, countdown, coupon strip, goods grids, bundles, rules
 * and links to a guest and to a buyer, who claims a coupon of the strip and puts a goods of a grid in the cart;
 * 活动中心 /Hdzx/1,2 switches between its tabs; /zqmb and /hdmb show the newest of their kind; a page that
 * is not there goes to /noActivity.
 */
import { expect, test } from '@playwright/test';
import type { ActivityPageView } from '../core/schemas/activity-pages';
import type { CartList } from '../core/schemas/cart';
import type { CouponCenterPage } from '../core/schemas/wallet';
import { api, clearCart, loginByApi, shotWhole, withAccount } from './helpers';

const EVERY_BLOCK = ['block-banner', 'block-countdown', 'block-coupons', 'block-goods', 'block-bundles', 'block-text', 'block-links'];

test('a guest sees every block of /yjh/1 in the theme, with 登录可见 for the prices', async ({ page }) => {
  await page.goto('/yjh/1');
  const body = page.getByTestId('activity-page');
  await expect(body).toHaveAttribute('data-id', '1');
  for (const block of EVERY_BLOCK) await expect(page.getByTestId(block).first()).toBeVisible();
  await expect(page.getByTestId('block-countdown')).toContainText('距结束');
  await expect(page.getByTestId('block-goods').first().getByTestId('price-tip').first()).toHaveText('登录可见');
  await expect(page.getByTestId('block-text')).toContainText('活动规则');
  await expect(page.getByTestId('block-links').getByRole('link', { name: '领券中心' })).toHaveAttribute('href', '/lqzx');
  await expect(page.getByTestId('strip-claim').first()).toBeVisible();
  // The document title is the route's (spec section 1); the page's own title heads the page and its crumbs.
  await expect(page).toHaveTitle('活动专区 - 药采通');
  await expect(page.locator('.yct-breadcrumb')).toContainText('冬季呼吸道用药专区');
  await shotWhole(page, 'activity-page-guest');

  await page.getByTestId('strip-claim').first().click();
  await expect(page).toHaveURL((u) => u.pathname === '/login');
});

// demo holds the seeded strip's coupons up to their limit already, so another approved buyer claims.
test('a buyer claims a coupon of the strip and adds a goods of a grid to the cart', async ({ page }) => {
  test.setTimeout(120_000);
  await loginByApi(page, 'chain-a');
  await withAccount('chain-a', async () => {
    await clearCart(page.request);
    const view = await api<ActivityPageView>(page, 'GET', '/api/activity/page?id=1');
    const strip = view.blocks.find((b) => b.kind === 'coupons')!;
    const centre = await api<CouponCenterPage>(page, 'GET', `/api/coupon/center?ids=${strip.coupon_ids.join(',')}`);
    const open = centre.data.find((c) => c.state === 0)!;
    expect(open, 'a coupon of the strip the buyer may still claim').toBeTruthy();

    await page.goto('/yjh/1');
    const ticket = page.locator(`[data-testid="strip-coupon"][data-id="${open.id}"]`);
    await expect(page.getByTestId('strip-coupon')).toHaveCount(centre.data.length);
    await ticket.getByTestId('strip-claim').click();
    await expect(page.getByText(`领取成功：${open.name}`)).toBeVisible();
    const after = await api<CouponCenterPage>(page, 'GET', `/api/coupon/center?ids=${open.id}`);
    expect(after.data[0].mine).toBe(open.mine + 1);
    await expect(ticket).toHaveAttribute('data-state', String(after.data[0].state));

    const card = page
      .getByTestId('block-goods')
      .first()
      .getByTestId('goods-card')
      .filter({ has: page.locator('[data-testid="add-to-cart"]:enabled') })
      .first();
    const name = (await card.getByTestId('goods-name').textContent())!;
    await expect(card.getByTestId('price')).toBeVisible();
    await card.getByTestId('add-to-cart').click();
    await expect(page.getByText('已加入购物车').first()).toBeVisible();
    const cart = await api<CartList>(page, 'GET', '/api/cart/list');
    expect(JSON.stringify(cart)).toContain(name);
    await shotWhole(page, 'activity-page-buyer');
    await clearCart(page.request);
  });
});

test('活动中心 opens the tab of its id and switches to the other page', async ({ page }) => {
  await page.goto('/Hdzx/1,2/2');
  const tabs = page.getByTestId('activity-tab');
  await expect(tabs).toHaveCount(2);
  await expect(page.getByTestId('activity-page')).toHaveAttribute('data-id', '2');
  await expect(tabs.nth(1)).toHaveAttribute('aria-current', 'page');
  await expect(page.getByTestId('block-banner').getByRole('img')).toHaveAttribute('alt', '慢病用药关爱季');
  await shotWhole(page, 'activity-centre-second');

  await tabs.nth(0).click();
  await expect(page).toHaveURL((u) => u.pathname === '/Hdzx/1,2/1');
  await expect(page.getByTestId('activity-page')).toHaveAttribute('data-id', '1');
  await expect(page.getByTestId('block-coupons')).toBeVisible();
});

test('活动中心 leaves out a tab whose page is gone', async ({ page }) => {
  await page.goto('/Hdzx/99999,2');
  await expect(page.getByTestId('activity-page')).toHaveAttribute('data-id', '2');
  await expect(page.getByTestId('activity-tab')).toHaveCount(1);
});

test('/zqmb and /hdmb without an id show the newest page of their kind', async ({ page }) => {
  await page.goto('/zqmb');
  await expect(page.getByTestId('activity-page')).toHaveAttribute('data-id', '3');
  await expect(page.getByTestId('block-goods')).toContainText('道地好药');
  await shotWhole(page, 'activity-theme-zone');

  await page.goto('/hdmb');
  await expect(page.getByTestId('activity-page')).toHaveAttribute('data-id', '4');
  await expect(page.getByTestId('block-bundles')).toBeVisible();
  await shotWhole(page, 'activity-template');
});

test('a page that is not there goes to /noActivity', async ({ page }) => {
  await page.goto('/yjh/99999');
  await expect(page).toHaveURL((u) => u.pathname === '/noActivity');
  await page.goto('/Hdzx/99998,99999');
  await expect(page).toHaveURL((u) => u.pathname === '/noActivity');
  await shotWhole(page, 'activity-gone');
});
