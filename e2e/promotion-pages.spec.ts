/**
 * 全场94折 /welfare and 组合购 /zhzq: a guest sees the goods and bundles without prices; a buyer sorts the 94%
 * off by price and adds its goods, and buys a bundle: it goes into the cart as one line at the bundle price,
 * through the confirm page to an order paid from the balance.
 */
import { expect, test } from '@playwright/test';
import { yuanToFen } from '../core/money';
import type { CartList } from '../core/schemas/cart';
import type { Bundles, Monthly, Welfare } from '../core/schemas/promotions';
import type { OrderDetail } from '../core/schemas/trade';
import { api, clearCart, confirmPayment, loginByApi, shotWhole, withAccount } from './helpers';

test('a guest sees the 94% off goods and the bundles, with 登录可见 for every price', async ({ page }) => {
  await page.goto('/welfare');
  await expect(page.getByTestId('promo-bar')).toHaveAttribute('data-status', '1');
  await expect(page.getByTestId('promo-bar')).toContainText('9.4折');
  await expect(page.getByTestId('promo-card').first()).toBeVisible();
  await expect(page.getByTestId('promo-card').first().getByTestId('price-tip')).toHaveText('登录可见');
  await shotWhole(page, 'welfare-guest');

  await page.goto('/zhzq');
  await expect(page.getByTestId('bundle')).toHaveCount(2);
  await expect(page.getByTestId('bundle').first().getByTestId('price-tip').first()).toHaveText('登录可见');
  await expect(page.getByTestId('bundle-saving')).toHaveCount(0);
});

test('a buyer sorts the 94% off by price and sees each goods at 94% of its price', async ({ page }) => {
  await loginByApi(page, 'chain');
  await page.goto('/welfare');
  const cards = page.getByTestId('promo-card');
  await expect(cards.first().getByTestId('price')).toBeVisible();
  const answer = page.waitForResponse((r) => new URL(r.url()).pathname === '/api/activity/welfare' && r.url().includes('sort=price'));
  await page.getByTestId('sort-price').click();
  await expect(page).toHaveURL(/sort=price&order=asc/);
  const sorted = ((await (await answer).json()).data as Welfare).goods.data;
  await expect(cards.first().getByTestId('goods-name')).toContainText(sorted[0].name);
  for (const [i, g] of sorted.slice(0, 4).entries()) {
    expect(yuanToFen(g.activity_price!)).toBe(Math.floor((yuanToFen(g.base_price!) * 94) / 100));
    await expect(cards.nth(i).getByTestId('price')).toHaveText(`¥${g.activity_price}`);
    await expect(cards.nth(i).getByTestId('original-price')).toHaveText(`¥${g.base_price}`);
  }
  const prices = sorted.map((g) => yuanToFen(g.base_price!));
  expect(prices).toEqual([...prices].sort((a, b) => a - b));
  await shotWhole(page, 'welfare');
});

test('a buyer puts a bundle in the cart with one click and orders it at the bundle price', async ({ page }) => {
  test.setTimeout(180_000);
  await loginByApi(page, 'chain-a');
  await withAccount('chain-a', async () => {
    await clearCart(page.request);
    const { bundles } = await api<Bundles>(page, 'GET', '/api/activity/combination');
    const bundle = bundles.find((b) => b.is_buy === 1 && b.stock >= 2)!;
    expect(bundle, 'a bundle in stock').toBeTruthy();

    await page.goto('/zhzq');
    const card = page.locator(`[data-testid="bundle"][data-id="${bundle.id}"]`);
    await expect(card.getByTestId('bundle-item')).toHaveCount(bundle.items.length);
    await expect(card.getByTestId('bundle-separate')).toHaveText(`¥${bundle.separate_price}`);
    await expect(card.getByTestId('bundle-saving')).toHaveText(`立省 ¥${bundle.saving}`);
    await card.getByTestId('quantity-plus').click();
    await expect(card.getByTestId('quantity-input')).toHaveValue('2');
    const added = page.waitForResponse((r) => r.request().method() === 'POST' && new URL(r.url()).pathname === '/api/cart');
    await card.getByTestId('bundle-add').click();
    expect((await (await added).json()).code).toBe(10000);
    await expect(page.getByText('已加入购物车')).toBeVisible();
    await shotWhole(page, 'bundles');

    // One line of type 3: two bundles at the bundle price.
    const cart = await api<CartList>(page, 'GET', '/api/cart/list');
    expect(cart.list).toHaveLength(1);
    expect(cart.list[0]).toMatchObject({ type: 3, number: 2 });
    expect(yuanToFen(cart.list[0].amount)).toBe(yuanToFen(bundle.price!) * 2);

    await page.goto('/cart');
    await expect(page.getByTestId('cart-line')).toHaveCount(1);
    await expect(page.getByTestId('cart-line').first()).toContainText(bundle.name);
    await shotWhole(page, 'bundles-cart');
    await page.getByTestId('checkout').click();
    await expect(page).toHaveURL(/\/cart\/step2$/);
    await expect(page.getByTestId('confirm-line')).toHaveCount(1);
    const total = await page.getByTestId('amount-total').textContent();
    await page.getByTestId('submit-order').click();
    await expect(page).toHaveURL(/\/cart\/step3\/\d+$/);
    const orderId = Number(new URL(page.url()).pathname.split('/').pop());
    await page.getByTestId('pay-method-balance').click();
    await page.getByTestId('pay-submit').click();
    await confirmPayment(page, { amount: total!, instrument: '余额' });
    await expect(page).toHaveURL(new RegExp(`/cart/step4\\?id=${orderId}$`));

    // The order holds the bundle as one line of two bundles at the bundle price.
    const order = await api<OrderDetail>(page, 'GET', `/api/order/${orderId}`);
    expect(order.items).toHaveLength(1);
    expect(order.items[0]).toMatchObject({ type: 3, number: 2, goods_id: bundle.items[0].goods.id });
    expect(yuanToFen(order.items[0].amount)).toBe(yuanToFen(bundle.price!) * 2);
    expect(yuanToFen(order.amounts.goods_amount)).toBe(yuanToFen(bundle.price!) * 2);
  });
});

test('月月惠 shows this month’s member days, today’s offer or the next day with a countdown, and all its goods', async ({ page }) => {
  await loginByApi(page, 'chain');
  const monthly = await api<Monthly>(page, 'GET', '/api/activity/yyh');
  await page.goto('/yyh');
  await expect(page.getByTestId('monthly-day')).toHaveCount(monthly.days.length);
  await expect(page.getByTestId('monthly-state')).toHaveText(monthly.on ? '今天是会员日，会员价进行中' : `下一个会员日：${monthly.next!.date}`);
  await expect(page.getByTestId('promo-bar').getByTestId('countdown')).toBeVisible();
  const cards = page.getByTestId('monthly-goods').locator(monthly.on ? '[data-testid="promo-card"]' : '[data-testid="goods-card"]');
  await expect(cards).toHaveCount(Math.min(5, monthly.goods.length));
  await shotWhole(page, 'monthly');
  await page.getByTestId('monthly-more').click();
  await expect(page).toHaveURL(/\/yyh\/list$/);
  await expect(page.getByTestId('monthly-list-page').getByTestId('monthly-goods').locator('li')).toHaveCount(monthly.goods.length);
  await shotWhole(page, 'monthly-list');
});
