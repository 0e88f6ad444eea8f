/**
 * 营销活动 › 组合购 in the browser: ops composes a bundle of two goods found by name, the form adds up their own
 * prices and refuses a bundle price not below them, the saved bundle is listed and a buyer finds it on /zhzq at
 * once; ops takes it off (下架) and it leaves the page.
 */
import { expect, test } from '@playwright/test';
import { consoleSession, shot } from '../helpers';

test('ops composes a bundle in the console, a buyer finds it on /zhzq, and ops takes it off', async ({ page, browser }) => {
  test.setTimeout(150_000);
  const name = `控制台组合${Date.now() % 100000}`;
  await consoleSession(page, 'ops', '/admin/bundles');
  await expect(page.getByTestId('bundles-table').locator('tr.ant-table-row').first()).toBeVisible();
  await shot(page, 'console-bundles');

  await page.getByTestId('bundle-new').click();
  await expect(page.getByTestId('bundle-activity')).toContainText('组合购');
  await page.getByTestId('bundle-name').fill(name);
  const lines = page.getByTestId('bundle-line');
  for (const [i, keyword] of ['维生素C片', '医用外科口罩'].entries()) {
    await lines.nth(i).getByTestId('bundle-goods').click();
    await page.keyboard.type(keyword);
    const option = page.locator('.ant-select-dropdown:visible .ant-select-item-option', { hasText: keyword }).first();
    await option.click();
  }
  await lines.nth(0).getByTestId('bundle-number').fill('2');
  const total = page.getByTestId('bundle-total');
  await expect(total).toContainText(/单买合计 ¥[1-9]/);
  const separate = (await total.textContent())!.match(/¥([\d,]+\.\d{2})/)![1].replace(/,/g, '');

  // A price equal to the goods at their own prices is refused by the server, under the price.
  await page.getByTestId('bundle-price').fill(separate);
  await expect(total).toContainText('组合价须低于单买合计');
  await page.getByTestId('bundle-save').click();
  await expect(page.getByTestId('bundle-form').getByText(`组合价须低于单买合计¥${separate}`)).toBeVisible();

  const price = (Math.floor(Number(separate) * 85) / 100).toFixed(2);
  await page.getByTestId('bundle-price').fill(price);
  await expect(total).toContainText('组合立省');
  await shot(page, 'console-bundle-form');
  await page.getByTestId('bundle-save').click();
  await expect(page.getByText(`已新增组合：${name}`)).toBeVisible();
  const row = page.getByTestId('bundles-table').locator('tr.ant-table-row', { hasText: name });
  await expect(row).toContainText(`¥${price}`);
  await expect(row.getByTestId('bundle-state')).toHaveText('已上架');

  // A buyer in another browser sees it on /zhzq at once.
  const guest = await browser.newContext();
  const shop = await guest.newPage();
  await shop.goto('/zhzq');
  const card = shop.getByTestId('bundle').filter({ hasText: name });
  await expect(card).toBeVisible();
  await expect(card.getByTestId('bundle-item')).toHaveCount(2);

  // 下架: it leaves the page.
  await row.getByTestId('bundle-toggle').click();
  await page
    .locator('.ant-popconfirm')
    .getByRole('button', { name: /下\s*架/ })
    .click();
  await expect(row.getByTestId('bundle-state')).toHaveText('已下架');
  await shop.reload();
  await expect(shop.getByTestId('bundle').first()).toBeVisible();
  await expect(shop.getByTestId('bundle').filter({ hasText: name })).toHaveCount(0);
  await guest.close();
});
