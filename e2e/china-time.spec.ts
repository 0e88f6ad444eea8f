/**
 * Every time the storefront shows is China time, on a computer set to New York as on one in Hangzhou: the order
 * list, the member centre's latest orders, the pay-done page, messages and the coupons of the checkout agree.
 */
import { expect, test, type Page } from '@playwright/test';
import { api, loginByApi, shot, shotWhole, withAccount } from './helpers';

test.use({ timezoneId: 'America/New_York' });

/** `YYYY-MM-DD HH:mm:ss` of a Unix time in China, cut to `length` characters. */
const china = (seconds: number, length = 19) => new Date(seconds * 1000 + 8 * 3_600_000).toISOString().slice(0, length).replace('T', ' ');

type Order = { id: number; order_no: string; created_at: number; paid_at: number | null };

async function browserOffsetMinutes(page: Page) {
  return page.evaluate(() => new Date().getTimezoneOffset());
}

test('a buyer whose computer is set to New York sees China time on every page that shows one', async ({ page }) => {
  await loginByApi(page, 'demo');
  await page.goto('/order');
  // The browser is really elsewhere: New York is 4 or 5 hours behind UTC, China 8 ahead.
  expect([240, 300]).toContain(await browserOffsetMinutes(page));

  const orders = await api<{ data: Order[] }>(page, 'GET', '/api/order?status=1');
  const paid = await api<Order>(page, 'GET', `/api/order/${orders.data[0].id}`);
  expect(paid.paid_at, 'an order waiting for shipping was paid').not.toBeNull();

  // 我的订单, which was right before, and the member centre's latest orders, which were not.
  await page.goto('/order?status=1');
  await expect(page.locator(`[data-testid="order-card"][data-id="${paid.id}"]`)).toContainText(china(paid.created_at));
  const centre = await api<{ recent_orders: Order[] }>(page, 'GET', '/api/user/center');
  await page.goto('/user');
  const recent = centre.recent_orders[0];
  await expect(page.getByTestId('centre-recent-order').filter({ hasText: recent.order_no })).toContainText(china(recent.created_at, 16));
  await shot(page, 'china-time-member-centre');

  // 支付完成's 支付时间.
  await page.goto(`/cart/step4?id=${paid.id}`);
  await expect(page.getByTestId('done-paid-at')).toHaveText(china(paid.paid_at!));
  await shot(page, 'china-time-pay-done');

  // 我的消息.
  const messages = await api<{ data: { created_at: number }[] }>(page, 'GET', '/api/message?page=1');
  await page.goto('/zhzx/wdxx');
  await expect(page.getByTestId('message-row').first().locator('time')).toHaveText(china(messages.data[0].created_at, 16));
  await shot(page, 'china-time-messages');
});

test.describe('on a computer a day ahead of China', () => {
  // Kiribati's line islands are six hours ahead of China: a coupon ending late on a China day ends the next day there.
  test.use({ timezoneId: 'Pacific/Kiritimati' });

  test('the checkout dates a coupon by the day it ends in China', async ({ page }) => {
    await loginByApi(page, 'demo');
    await withAccount('demo', async () => {
      const cart = await api<{ list: { id: number }[] }>(page, 'GET', '/api/cart/list');
      if (cart.list.length) await api(page, 'POST', '/api/cart/batch_delete', { ids: cart.list.map((l) => l.id) });
      type Goods = { id: number; zbz: number; number: number; is_buy: number; is_ephedrine: number };
      const list = await api<{ data: Goods[] }>(page, 'GET', '/api/goods/list?per_page=50');
      const goods = list.data.find((g) => g.is_buy === 1 && !g.is_ephedrine && g.number >= g.zbz * 20)!;
      await api(page, 'POST', '/api/cart', { params: [{ goods_id: goods.id, number: goods.zbz * 20 }] });
      const lines = await api<{ list: { id: number }[] }>(page, 'GET', '/api/cart/list');
      await api(page, 'POST', '/api/cart/checkout', { ids: lines.list.map((l) => l.id) });
      const confirm = await api<{ coupons: { id: number; ends_at: number }[] }>(page, 'GET', '/api/cart/confirm');
      const there = (seconds: number) => new Date(seconds * 1000).toLocaleDateString('sv-SE', { timeZone: 'Pacific/Kiritimati' });
      const coupon = confirm.coupons.find((c) => there(c.ends_at) !== china(c.ends_at, 10));
      expect(coupon, 'a coupon whose last China day is another day in Kiribati').toBeTruthy();
      await page.goto('/cart/step2');
      await expect(page.locator(`[data-testid="coupon-option"][data-id="${coupon!.id}"]`)).toContainText(`有效期至 ${china(coupon!.ends_at, 10)}`);
      await shotWhole(page, 'china-time-checkout-coupons');
      await api(page, 'POST', '/api/cart/batch_delete', { ids: lines.list.map((l) => l.id) });
    });
  });
});
