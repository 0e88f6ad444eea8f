/**
 * 营销活动 › 促销活动 in the browser: ops reads the running activities, creates a 满减 (the form refuses tiers that
 * do not rise), adds a goods to it from the goods drawer, a buyer's cart takes the reduction at once, and ops
 * switches it off again.
 */
import { expect, test } from '@playwright/test';
import type { CartList } from '../../core/schemas/cart';
import type { Goods } from '../../core/schemas/goods';
import { api, clearCart, consoleSession, loginByApi, shot, withAccount } from '../helpers';

test('ops creates a 满减 with a goods in the console, a buyer’s cart takes it off at once, and ops switches it off', async ({ page, browser }) => {
  test.setTimeout(150_000);
  const name = `控制台满减${Date.now() % 100000}`;
  await consoleSession(page, 'ops', '/admin/activities');
  const table = page.getByTestId('activities-table');
  await expect(table.locator('tr.ant-table-row', { hasText: '满返' }).first()).toBeVisible();
  await shot(page, 'console-activities');

  // A goods no seeded 满减 holds: plain, without tags of other activities.
  const buyerContext = await browser.newContext();
  const shop = await buyerContext.newPage();
  await loginByApi(shop, 'demo');
  const list = await api<{ data: Goods[] }>(shop, 'GET', '/api/goods/list?per_page=100&sort=price&order=desc');
  const goods = list.data.find((g) => g.is_buy && g.pzwh && !g.tags.length && !g.ladder_price.length && !g.is_ephedrine && g.number >= g.zbz * 5)!;
  expect(goods, 'a plain goods').toBeTruthy();

  await page.getByTestId('activity-new').click();
  await page.getByTestId('activity-name').fill(name);
  await page.getByTestId('tier-amount-0').fill('100');
  await page.getByTestId('tier-value-0').fill('10');
  await page.getByTestId('tier-add').click();
  await page.getByTestId('tier-amount-1').fill('50');
  await page.getByTestId('tier-value-1').fill('20');
  await page.getByTestId('activity-save').click();
  await expect(page.getByTestId('activity-form').getByText('满足金额须逐档递增')).toBeVisible();
  await page.getByTestId('tier-amount-1').fill('300');
  await shot(page, 'console-activity-form');
  await page.getByTestId('activity-save').click();
  await expect(page.getByText(`已新增活动：${name}`)).toBeVisible();
  const row = table.locator('tr.ant-table-row', { hasText: name });
  await expect(row).toContainText('满100.00减10.00，满300.00减20.00');
  await expect(row).toContainText('进行中');

  await row.getByTestId('activity-goods').click();
  const drawer = page.getByTestId('activity-goods-drawer');
  await drawer.getByTestId('activity-goods-pick').click();
  await page.keyboard.type(goods.pzwh);
  await page.locator('.ant-select-item-option', { hasText: goods.name }).filter({ hasText: goods.sccj }).first().click();
  await page.keyboard.press('Escape');
  await drawer.getByTestId('activity-goods-submit').click();
  await expect(page.getByText('已添加 1 个商品')).toBeVisible();
  await expect(drawer.getByTestId('activity-goods-table').locator('tr.ant-table-row')).toHaveCount(1);
  await shot(page, 'console-activity-goods');
  await drawer.locator('.ant-drawer-close').click();
  await expect(row).toContainText('1');

  // The buyer's cart takes the tier it reaches off at once.
  await withAccount('demo', async () => {
    await clearCart(shop.request);
    const number = Math.ceil(10_000 / Math.round(Number(goods.base_price) * 100) / goods.zbz) * goods.zbz;
    await api(shop, 'POST', '/api/cart', { params: [{ goods_id: goods.id, number }] });
    const cart = await api<CartList>(shop, 'GET', '/api/cart/list');
    const mine = cart.activity_data.manjians.find((m) => m.name === name)!;
    expect(mine, 'the new 满减 in the cart').toBeTruthy();
    expect(Number(mine.amount)).toBeGreaterThanOrEqual(100);
    expect(mine.reduce).toBe(Number(mine.amount) >= 300 ? '20.00' : '10.00');

    // Switched off, it is gone from the cart.
    await row.getByTestId('activity-toggle').click();
    await page.locator('.ant-popconfirm-buttons .ant-btn-primary').click();
    await expect(row).toContainText('已停用');
    const after = await api<CartList>(shop, 'GET', '/api/cart/list');
    expect(after.activity_data.manjians.find((m) => m.name === name)).toBeUndefined();
    await clearCart(shop.request);
  });
  await buyerContext.close();
});
