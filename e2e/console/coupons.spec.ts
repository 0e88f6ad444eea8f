/**
 * 营销活动 › 优惠券 in the browser: ops creates a coupon template in the console, the form refuses a 满减 whose
 * amount is not below its threshold, the new coupon is listed and a buyer finds it in the coupon centre at once,
 * ops issues a copy to a buyer who then holds it, and finds that copy in the coupon's 领取记录, by buyer too.
 */
import { expect, test } from '@playwright/test';
import { api, consoleSession, loginByApi, shot } from '../helpers';

test('ops creates a coupon in the console, a buyer finds it in the coupon centre, and ops issues one to a buyer', async ({ page, browser }) => {
  test.setTimeout(120_000);
  const name = `控制台新券${Date.now() % 100000}`;
  await consoleSession(page, 'ops', '/admin/coupons');
  await expect(page.getByTestId('coupons-table').locator('tr.ant-table-row').first()).toBeVisible();
  await shot(page, 'console-coupons');

  await page.getByTestId('coupon-new').click();
  await page.getByTestId('coupon-name').fill(name);
  await page.getByTestId('coupon-threshold').fill('100');
  await page.getByTestId('coupon-amount').fill('100');
  await page.getByTestId('coupon-save').click();
  await expect(page.getByTestId('coupon-form').getByText('减免金额须小于使用门槛')).toBeVisible();
  await page.getByTestId('coupon-amount').fill('8');
  await page.getByTestId('coupon-total').fill('20');
  await shot(page, 'console-coupon-form');
  await page.getByTestId('coupon-save').click();
  await expect(page.getByText(`已新增优惠券：${name}`)).toBeVisible();
  const row = page.getByTestId('coupons-table').locator('tr.ant-table-row', { hasText: name });
  await expect(row).toContainText('满100.00减8.00');
  await expect(row).toContainText('领取中');

  // A buyer in another browser sees it in the coupon centre at once.
  const buyer = await browser.newContext();
  const shop = await buyer.newPage();
  await shop.goto('/lqzx');
  await expect(shop.locator('[data-testid="centre-coupon"]', { hasText: name })).toHaveAttribute('data-state', '0');
  await buyer.close();

  // Issued to chain-a, who then holds it.
  await row.getByTestId('coupon-issue').click();
  await page.getByTestId('issue-buyers').click();
  await page.keyboard.type('chain-a');
  await page.locator('.ant-select-item-option', { hasText: 'chain-a' }).first().click();
  await page.keyboard.press('Escape');
  await shot(page, 'console-coupon-issue');
  await page.getByTestId('issue-submit').click();
  await expect(page.getByText('已发放给 1 个客户')).toBeVisible();
  await expect(row).toContainText('1 / 20');

  const holder = await browser.newContext();
  const held = await holder.newPage();
  await loginByApi(held, 'chain-a');
  const coupons = await api<{ data: { name: string }[] }>(held, 'GET', '/api/user/coupon?status=0');
  expect(coupons.data.map((c) => c.name)).toContain(name);
  await holder.close();

  // 领取记录: the copy issued to chain-a, found by the buyer's name; another buyer's name finds none.
  await row.getByTestId('coupon-claims').click();
  await expect(page).toHaveURL(/\/admin\/coupons\/\d+\/claims$/);
  await expect(page.getByTestId('claims-page')).toContainText(`领取记录：${name}`);
  await expect(page.getByTestId('claims-summary')).toContainText('1 / 20');
  const claims = page.getByTestId('claims-table').locator('tr.ant-table-row');
  await expect(claims).toHaveCount(1);
  await expect(claims.first().getByTestId('claim-buyer')).toContainText('chain-a');
  await expect(claims.first().getByTestId('claim-status')).toHaveText('未使用');
  await shot(page, 'console-coupon-claims');
  await page.getByTestId('claims-keyword').fill('nobody-has-this-name');
  await page
    .getByTestId('claims-filters')
    .getByRole('button', { name: /查\s*询/ })
    .click();
  await expect(page).toHaveURL(/keyword=nobody-has-this-name/);
  await expect(page.getByTestId('claims-table')).toContainText('还没有客户领取这张优惠券');
});
