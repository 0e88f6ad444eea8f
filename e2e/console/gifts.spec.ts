/**
 * 营销活动 › 促销活动: ops composes a 买赠 in the console (the form asks for the gift first), adds a goods from the
 * drawer, and the buyer's cart shows the gift on that goods' line at once; switched off, the gift is gone.
 */
import { expect, test } from '@playwright/test';
import type { CartList } from '../../core/schemas/cart';
import type { Goods } from '../../core/schemas/goods';
import { api, clearCart, consoleSession, loginByApi, shot, withAccount } from '../helpers';

test('ops composes a 买赠 with its gift, and the buyer’s cart shows the gift on the line at once', async ({ page, browser }) => {
  test.setTimeout(150_000);
  const name = `控制台买赠${Date.now() % 100000}`;
  const buyerContext = await browser.newContext();
  const shop = await buyerContext.newPage();
  await loginByApi(shop, 'demo');
  // Two plain goods: one bought, one given.
  const list = await api<{ data: Goods[] }>(shop, 'GET', '/api/goods/list?per_page=100&sort=price&order=asc&page=3');
  const plain = list.data.filter((g) => g.is_buy && g.pzwh && !g.tags.length && !g.ladder_price.length && !g.is_ephedrine && g.number >= g.zbz * 10);
  const [bought, present] = plain;
  expect(present, 'two plain goods').toBeTruthy();

  await consoleSession(page, 'ops', '/admin/activities');
  const table = page.getByTestId('activities-table');
  await expect(table.locator('tr.ant-table-row').first()).toBeVisible();
  await page.getByTestId('activity-new').click();
  const form = page.getByTestId('activity-form');
  await page.getByTestId('activity-type').click();
  await page.locator('.ant-select-dropdown:visible .ant-select-item-option', { hasText: '买赠' }).click();
  await page.getByTestId('activity-name').fill(name);
  await page.getByTestId('gift-threshold').fill(String(bought.zbz));
  await page.getByTestId('activity-save').click();
  await expect(form.getByText('请选择赠品')).toBeVisible();
  // Found by its approval number, picked by its name and maker.
  await page.getByTestId('gift-goods').click();
  await page.keyboard.type(present.pzwh);
  await page.locator('.ant-select-dropdown:visible .ant-select-item-option', { hasText: present.name }).filter({ hasText: present.sccj }).first().click();
  await expect(page.getByTestId('gift-goods')).toContainText(present.name);
  await page.getByTestId('gift-number').fill('1');
  await expect(page.locator('.ant-select-dropdown:visible')).toHaveCount(0);
  await shot(page, 'console-activity-gift-form');
  await page.getByTestId('activity-save').click();
  await expect(page.getByText(`已新增活动：${name}`)).toBeVisible();
  const row = table.locator('tr.ant-table-row', { hasText: name });
  await expect(row).toContainText(`单品每满${bought.zbz}件赠${present.name}×1`);

  await row.getByTestId('activity-goods').click();
  const drawer = page.getByTestId('activity-goods-drawer');
  await drawer.getByTestId('activity-goods-pick').click();
  await page.keyboard.type(bought.pzwh);
  await page.locator('.ant-select-item-option', { hasText: bought.name }).filter({ hasText: bought.sccj }).first().click();
  await page.keyboard.press('Escape');
  await drawer.getByTestId('activity-goods-submit').click();
  await expect(page.getByText('已添加 1 个商品')).toBeVisible();
  await expect(drawer.getByTestId('activity-goods-table').locator('tr.ant-table-row')).toHaveCount(1);
  await drawer.locator('.ant-drawer-close').click();

  await withAccount('demo', async () => {
    await clearCart(shop.request);
    await api(shop, 'POST', '/api/cart', { params: [{ goods_id: bought.id, number: bought.zbz * 2 }] });
    await shop.goto('/cart');
    const line = shop.getByTestId('cart-line').filter({ hasText: bought.name });
    await expect(line.getByTestId('line-gift')).toContainText(present.name);
    await expect(line.getByTestId('line-gift')).toContainText('2');
    await shot(shop, 'cart-console-gift');
    const cart = await api<CartList>(shop, 'GET', '/api/cart/list');
    expect(cart.activity_data.gifts.find((g) => g.name === name)).toMatchObject({ gift_goods_id: present.id, total: 2 });

    await row.getByTestId('activity-toggle').click();
    await page.locator('.ant-popconfirm-buttons .ant-btn-primary').click();
    await expect(row).toContainText('已停用');
    await shop.reload();
    await expect(shop.getByTestId('cart-line').filter({ hasText: bought.name })).toBeVisible();
    await expect(shop.getByTestId('cart-line').filter({ hasText: bought.name }).getByTestId('line-gift')).toHaveCount(0);
    await clearCart(shop.request);
  });
  await buyerContext.close();
});
