/**
 * The console on a computer set to New York: the times it lists and the dates its pickers start from and send are
 * China's, as the storefront's are.
 */
import { expect, test } from '@playwright/test';
import { consoleLogin, operatorRequest, shot } from '../helpers';

test.use({ timezoneId: 'America/New_York' });

/** `YYYY-MM-DD HH:mm:ss` of a Unix time in China. */
const china = (seconds: number) => new Date(seconds * 1000 + 8 * 3_600_000).toISOString().slice(0, 19).replace('T', ' ');

test('an operator in New York reads order times and starts a coupon’s dates in China time', async ({ page }) => {
  // 08:00 on 30 November in China, when New York is still on the evening of the 29th.
  await page.clock.setFixedTime(new Date('2026-11-30T08:00:00+08:00'));
  await consoleLogin(page, 'ops');
  expect(await page.evaluate(() => new Date().getTimezoneOffset())).toBe(300);

  const ops = await operatorRequest('ops');
  const orders = (await (await ops.get('/api/admin/orders')).json()).data.data as { order_no: string; created_at: number }[];
  await ops.dispose();
  await page.goto('/admin/orders');
  const order = orders[0];
  await expect(page.locator('tr.ant-table-row', { hasText: order.order_no })).toContainText(china(order.created_at));
  await shot(page, 'console-china-time-orders');

  // A new coupon is claimed from today, China's today, which the form sends as it shows it.
  await page.goto('/admin/coupons');
  await page.getByTestId('coupon-new').click();
  const period = page.getByTestId('coupon-form').locator('.ant-picker-input input');
  await expect(period.first()).toHaveValue('2026-11-30');
  await expect(period.last()).toHaveValue('2026-12-30');
  await shot(page, 'console-china-time-coupon-form');
});
