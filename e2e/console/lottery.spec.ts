/**
 * 营销活动 › 抽奖活动 in the browser: ops reads the running lottery with its prizes, changes a prize's weight and
 * stock (the form refuses a weight of 0), reads the draws by state, and ships the physical prize a buyer gave
 * an address for.
 */
import { expect, test } from '@playwright/test';
import type { Address } from '../../core/schemas/trade';
import type { DrawRecordPage } from '../../core/schemas/lottery';
import { api, consoleSession, loginByApi, shot } from '../helpers';

test('ops changes a prize’s weight and stock, reads the draws and ships a physical prize', async ({ page, browser }) => {
  test.setTimeout(150_000);
  await consoleSession(page, 'ops', '/admin/lottery');
  const table = page.getByTestId('lotteries-table');
  const row = table.locator('tr.ant-table-row', { hasText: '每日幸运抽奖' });
  await expect(row).toContainText('进行中');
  await expect(row.getByTestId('lottery-prize')).toHaveCount(8);
  await expect(row).toContainText('电子体温计 ×19');
  await shot(page, 'console-lottery');

  await row.getByTestId('lottery-edit').click();
  const form = page.getByTestId('lottery-form');
  await expect(form.getByTestId('prize-row')).toHaveCount(8);
  await form.getByTestId('prize-weight-2').fill('0');
  await page.getByTestId('lottery-save').click();
  await expect(form.getByText('中奖权重至少为1')).toBeVisible();
  await form.getByTestId('prize-weight-2').fill('30');
  await form.getByTestId('prize-stock-2').fill('50');
  // 30 of 1,155: the share follows the weights as they are typed.
  await expect(form.getByTestId('prize-share-2')).toHaveText('2.60%');
  await shot(page, 'console-lottery-form');
  await page.getByTestId('lottery-save').click();
  await expect(page.getByText('已保存抽奖活动：每日幸运抽奖')).toBeVisible();
  await expect(row).toContainText('电子体温计 ×50 · 2.60%');

  // demo gives the address for its thermometer, as the buyer does on 积分管理.
  const buyer = await (await browser.newContext()).newPage();
  await loginByApi(buyer, 'demo');
  const records = await api<DrawRecordPage>(buyer, 'GET', '/api/draw/record');
  const thermometer = records.data.find((r) => r.prize_name === '电子体温计' && r.status === 1)!;
  expect(thermometer, 'the seeded thermometer waits for an address').toBeTruthy();
  const [address] = await api<Address[]>(buyer, 'GET', '/api/address');

  await row.getByTestId('lottery-draws').click();
  const drawer = page.getByTestId('draws-drawer');
  await expect(drawer.getByTestId('draws-table').locator('tr.ant-table-row').first()).toBeVisible();
  await drawer.getByTestId('draws-status').click();
  await page.locator('.ant-select-item-option', { hasText: '待填写地址' }).click();
  await drawer.getByTestId('draws-search').click();
  const waiting = drawer.getByTestId('draws-table').locator('tr.ant-table-row');
  await expect(waiting).toHaveCount(1);
  await expect(waiting).toContainText('杭州仁和大药房有限公司');
  await expect(waiting).toContainText('等待买家填写地址');
  await shot(page, 'console-lottery-draws');

  await api(buyer, 'POST', `/api/draw/record/${thermometer.id}/address`, { address_id: address.id });
  await drawer.getByTestId('draws-status').click();
  await page.locator('.ant-select-item-option', { hasText: '待发货' }).click();
  await drawer.getByTestId('draws-search').click();
  const toShip = drawer.getByTestId('draws-table').locator('tr.ant-table-row', { hasText: '电子体温计' });
  await expect(toShip).toContainText(address.address);
  await toShip.getByTestId('draw-ship').click();
  await page.getByTestId('prize-ship-carrier').locator('input').fill('顺丰速运');
  await page.getByTestId('prize-ship-tracking').fill('SF2026112500018');
  await page.getByTestId('prize-ship-save').click();
  await expect(page.getByText('已发货：电子体温计')).toBeVisible();
  await expect(toShip).toHaveCount(0);
  await drawer.getByTestId('draws-status').click();
  await page.locator('.ant-select-item-option', { hasText: '已发货' }).click();
  await drawer.getByTestId('draws-search').click();
  await expect(drawer.getByTestId('draws-table').locator('tr.ant-table-row', { hasText: 'SF2026112500018' })).toContainText('顺丰速运');
  await shot(page, 'console-lottery-shipped');

  const mine = await api<DrawRecordPage>(buyer, 'GET', '/api/draw/record');
  expect(mine.data.find((r) => r.id === thermometer.id)).toMatchObject({ status_text: '已发货', tracking_no: 'SF2026112500018', carrier: '顺丰速运' });
});
