/**
 * 营销活动 › 活动页面 in the browser: ops composes a page of a banner, a goods grid of chosen goods and a text
 * block; the grid left empty is refused under its field; the page saved hidden is previewed in a new tab, then
 * saved 上线, and a buyer finds it at its address.
 */
import { expect, test } from '@playwright/test';
import type { Goods } from '../../core/schemas/goods';
import { api, consoleSession, shot, shotWhole } from '../helpers';

test('ops composes an activity page, previews it hidden, puts it 上线 and a buyer sees it', async ({ page, browser }) => {
  test.setTimeout(150_000);
  const title = `控制台专题${Date.now() % 100000}`;
  await consoleSession(page, 'ops', '/admin/activity-pages');
  const table = page.getByTestId('activity-pages-table');
  await expect(table.locator('tr.ant-table-row', { hasText: '冬季呼吸道用药专区' })).toContainText('/yjh/1');
  await shot(page, 'console-activity-pages');

  const list = await api<{ data: Goods[] }>(page, 'GET', '/api/goods/list?per_page=20&sort=sales');
  const goods = list.data.find((g) => g.is_buy && g.pzwh)!;
  expect(goods, 'a goods on sale').toBeTruthy();

  await page.getByTestId('page-new').click();
  const editor = page.getByTestId('page-editor');
  await editor.getByTestId('page-title').fill(title);
  await editor.getByTestId('block-image-url').fill('/api/img/banner.svg?p=yx&t=%E6%8E%A7%E5%88%B6%E5%8F%B0%E4%B8%93%E9%A2%98&c=722ed1');
  // The countdown the form starts with is not wanted here.
  await editor.locator('[data-testid="block-card"][data-kind="countdown"]').getByTestId('block-remove').click();
  await editor.getByTestId('block-add').click();
  await page.getByRole('menuitem', { name: '商品楼层' }).click();
  const grid = editor.locator('[data-testid="block-card"][data-kind="goods"]');
  await grid.getByTestId('block-title').fill('本期主推');
  await editor.getByTestId('block-add').click();
  await page.getByRole('menuitem', { name: '图文说明' }).click();
  await editor.getByTestId('block-html').fill('<h3>活动说明</h3><p>控制台编排的专题页面</p><script>alert(1)</script>');

  // A grid with neither goods nor a filter is refused, under its goods.
  await editor.getByTestId('page-save').click();
  await expect(grid.getByText('请选择商品，或设置筛选条件（关键词、分类或品牌）')).toBeVisible();
  await shot(page, 'console-activity-page-refused');

  await grid.getByTestId('block-goods-pick').click();
  await page.keyboard.type(goods.pzwh);
  await page.locator('.ant-select-item-option', { hasText: goods.name }).first().click();
  await page.keyboard.press('Escape');
  await editor.getByTestId('page-save').click();
  await expect(page.getByText(`已新建活动页面：${title}（未上线，可先预览）`)).toBeVisible();
  await expect(grid.getByText('请选择商品，或设置筛选条件（关键词、分类或品牌）')).toHaveCount(0);
  const row = table.locator('tr.ant-table-row', { hasText: title });
  await expect(row).toContainText('未上线');
  const url = (await row.getByTestId('page-row-url').textContent())!;
  expect(url).toMatch(/^\/hdmb\?id=\d+$/);
  await shot(page, 'console-activity-page-editor');

  // Hidden, the buyer is sent away; the operator's preview shows it.
  const buyerContext = await browser.newContext();
  const shop = await buyerContext.newPage();
  await shop.goto(url);
  await expect(shop).toHaveURL((u) => u.pathname === '/noActivity');

  const opened = page.context().waitForEvent('page');
  await editor.getByTestId('page-preview').click();
  const preview = await opened;
  await expect(preview).toHaveURL((u) => u.searchParams.get('preview') === '1');
  await expect(preview.getByTestId('block-goods')).toContainText(goods.name);
  await expect(preview.getByTestId('block-text')).toContainText('控制台编排的专题页面');
  expect(await preview.getByTestId('block-text').locator('script').count()).toBe(0);
  await shotWhole(preview, 'console-activity-page-preview');
  await preview.close();

  await editor.getByTestId('page-show').click();
  await editor.getByTestId('page-save').click();
  await expect(page.getByText(`已保存活动页面：${title}`)).toBeVisible();
  await expect(row).toContainText('进行中');

  await shop.goto(url);
  await expect(shop.getByTestId('activity-page')).toBeVisible();
  await expect(shop.getByTestId('block-banner')).toBeVisible();
  await expect(shop.getByTestId('block-goods')).toContainText(goods.name);
  await expect(shop.getByTestId('block-text')).toContainText('活动说明');
  await buyerContext.close();
});
