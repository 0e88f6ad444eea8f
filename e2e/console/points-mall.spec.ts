/**
 * 营销活动 › 积分商城 and 积分订单 in the browser: ops creates a points goods that a buyer sees on /jfsc at once,
 * the buyer redeems it, ops finds the order among the redemption records and ships it with a carrier and a
 * tracking number, and the buyer reads it under /jfdd as 已发货 with that tracking number.
 */
import { expect, test } from '@playwright/test';
import type { Address } from '../../core/schemas/trade';
import type { PointsRedeemed } from '../../core/schemas/points';
import { api, consoleSession, loginByApi, shot, shotWhole } from '../helpers';

test('ops creates a points goods a buyer redeems, ships the order, and the buyer reads it as 已发货 with its tracking number', async ({ page, browser }) => {
  test.setTimeout(150_000);
  const name = `门店防护礼包${Date.now() % 100000}`;
  await consoleSession(page, 'ops', '/admin/points-goods');
  await expect(page.getByTestId('points-goods-table').locator('tr.ant-table-row').first()).toBeVisible();
  await shot(page, 'console-points-goods');

  await page.getByTestId('points-goods-new').click();
  await page.getByTestId('points-goods-name').fill(name);
  await page.getByTestId('points-goods-points').fill('80');
  await page.getByTestId('points-goods-stock').fill('30');
  await page.getByTestId('points-goods-per-user').fill('2');
  await page.getByTestId('points-goods-picture-url').fill('javascript:void(0)');
  await page.getByTestId('points-goods-save').click();
  await expect(page.getByTestId('points-goods-form').getByText('图片地址须以 http(s):// 或 / 开头，且不含空格')).toBeVisible();
  await page
    .getByTestId('points-goods-picture-url')
    .fill('/api/img/goods.svg?n=%E9%97%A8%E5%BA%97%E9%98%B2%E6%8A%A4%E7%A4%BC%E5%8C%85&m=%E7%A8%B3%E5%81%A5&f=mask&c=1677ff');
  await shot(page, 'console-points-goods-form');
  await page.getByTestId('points-goods-save').click();
  await expect(page.getByText(`已新增积分商品：${name}`)).toBeVisible();
  const row = page.getByTestId('points-goods-table').locator('tr.ant-table-row', { hasText: name });
  await expect(row).toContainText('80 积分');
  await expect(row).toContainText('上架');

  // A buyer sees it at once and redeems one to the default address.
  const buyer = await browser.newContext();
  const shop = await buyer.newPage();
  await loginByApi(shop, 'chain');
  await shop.goto('/jfsc');
  const goodsCard = shop.locator('[data-testid="points-goods"]', { hasText: name });
  await expect(goodsCard).toHaveAttribute('data-state', '0');
  const goodsId = Number(await goodsCard.getAttribute('data-id'));
  const [address] = await api<Address[]>(shop, 'GET', '/api/address');
  const redeemed = await api<PointsRedeemed>(shop, 'POST', '/api/points/order', { goods_id: goodsId, number: 1, address_id: address.id });
  const orderNo = redeemed.order.order_no;

  // Ops finds it among the records waiting to ship and ships it.
  await page.goto('/admin/points-orders');
  await expect(page.getByTestId('points-orders-table').locator('tr.ant-table-row').first()).toBeVisible();
  await page.getByTestId('points-orders-keyword').fill(orderNo);
  await page.getByTestId('points-orders-status').click();
  await page.locator('.ant-select-dropdown:visible .ant-select-item-option', { hasText: '待发货' }).click();
  await page
    .getByTestId('points-orders-filters')
    .getByRole('button', { name: /查\s*询/ })
    .click();
  const order = page.getByTestId('points-orders-table').locator('tr.ant-table-row', { hasText: orderNo });
  await expect(order).toHaveCount(1);
  await expect(order.getByTestId('points-order-row-status')).toHaveText('待发货');
  await shot(page, 'console-points-orders');
  await order.getByTestId('points-order-ship').click();
  await page.getByTestId('points-ship-carrier').locator('input').fill('顺丰速运');
  await page.getByTestId('points-ship-tracking').fill('SF2026112500001');
  await shot(page, 'console-points-ship');
  await page.getByTestId('points-ship-save').click();
  await expect(page.getByText(`已发货：${orderNo}`)).toBeVisible();
  await page
    .getByTestId('points-orders-filters')
    .getByRole('button', { name: /重\s*置/ })
    .click();
  const shippedRow = page.getByTestId('points-orders-table').locator('tr.ant-table-row', { hasText: orderNo });
  await expect(shippedRow.getByTestId('points-order-row-status')).toHaveText('已发货');
  await expect(shippedRow.getByTestId('points-order-row-tracking')).toHaveText('顺丰速运 SF2026112500001');

  // The buyer reads it as shipped, with the carrier and tracking number.
  await shop.goto(`/jfdd?id=${redeemed.order.id}`);
  const detail = shop.getByTestId('points-order-detail');
  await expect(detail.getByTestId('points-detail-status')).toHaveText('已发货');
  await expect(detail.getByTestId('points-detail-tracking')).toHaveText('SF2026112500001');
  await expect(shop.getByTestId('points-trace-step').first()).toContainText('顺丰速运 运单号 SF2026112500001');
  await expect(shop.getByTestId('points-receive')).toBeVisible();
  await shotWhole(shop, 'points-order-shipped');
  await shop.goto('/jfdd?status=1');
  await expect(shop.getByTestId('points-order-row').filter({ hasText: name })).toContainText('已发货');

  // A second one ops cannot send: cancelled with a reason, its points back to the buyer.
  const pointsBefore = (await api<{ points: number }>(shop, 'GET', '/api/user/base')).points;
  const second = await api<PointsRedeemed>(shop, 'POST', '/api/points/order', { goods_id: goodsId, number: 1, address_id: address.id });
  expect((await api<{ points: number }>(shop, 'GET', '/api/user/base')).points).toBe(pointsBefore - 80);
  await page.getByTestId('points-orders-keyword').fill(second.order.order_no);
  await page
    .getByTestId('points-orders-filters')
    .getByRole('button', { name: /查\s*询/ })
    .click();
  const waiting = page.getByTestId('points-orders-table').locator('tr.ant-table-row', { hasText: second.order.order_no });
  await expect(waiting).toHaveCount(1);
  await waiting.getByTestId('points-order-cancel').click();
  await page.getByTestId('points-cancel-save').click();
  await expect(page.getByTestId('points-cancel-form').getByText('请输入取消原因')).toBeVisible();
  await page.getByRole('button', { name: '商品缺货，无法发货' }).click();
  await shot(page, 'console-points-cancel');
  await page.getByTestId('points-cancel-save').click();
  await expect(page.getByText(`已取消：${second.order.order_no}`)).toBeVisible();
  await expect(waiting.getByTestId('points-order-row-status')).toHaveText('已取消');
  await expect(waiting.getByTestId('points-order-row-cancel')).toHaveText('取消原因：商品缺货，无法发货');
  await expect(waiting.getByTestId('points-order-cancel')).toHaveCount(0);

  expect((await api<{ points: number }>(shop, 'GET', '/api/user/base')).points).toBe(pointsBefore);
  await shop.goto(`/jfdd?id=${second.order.id}`);
  await expect(shop.getByTestId('points-order-detail').getByTestId('points-detail-status')).toHaveText('已取消');
  await expect(shop.getByTestId('points-trace-step').first()).toContainText('商品缺货，无法发货');
  await shotWhole(shop, 'points-order-cancelled');
  await buyer.close();
});
