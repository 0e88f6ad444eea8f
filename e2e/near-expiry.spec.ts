/** The near-expiry zone sells near-expiry batches at their own price: the card, the cart line and the order. */
import { expect, test } from '@playwright/test';
import { api, clearCart, loginByApi, shot, shotWhole, withAccount } from './helpers';

type Card = {
  id: number;
  name: string;
  zbz: number;
  number: number;
  is_buy: number;
  is_ephedrine: number;
  type: number;
  base_price: string;
  xq: string;
  tags: string[];
};

test('demo opens 近效期专场, adds a near-expiry offer at its price and 效期, sees it in the cart as 近效期 and places the order', async ({ page }) => {
  await loginByApi(page, 'demo');
  // The zone's first page as the page asks for it: a card of near-expiry batches (type 4) that can be bought.
  const list = await api<{ data: Card[] }>(page, 'GET', '/api/goods/list?zone=jxq&per_page=20&page=1');
  const card = list.data.find((c) => c.type === 4 && c.is_buy && !c.is_ephedrine && c.number >= c.zbz);
  expect(card, 'a near-expiry offer on the zone’s first page').toBeTruthy();
  const g = card!;

  await withAccount('demo', async () => {
    await clearCart(page.request);
    await page.goto('/jxqzc');
    const tile = page.getByTestId('goods-card').filter({ has: page.locator(`a[href="/list/info/${g.id}"]`) });
    await expect(tile).toHaveCount(1);
    await expect(tile.getByTestId('goods-tag').filter({ hasText: '近效期' })).toBeVisible();
    await expect(tile).toContainText(`效期 ${g.xq}`);
    await expect(tile).toContainText(g.base_price);
    await tile.scrollIntoViewIfNeeded();
    await shot(page, 'near-expiry-zone');
    await tile.getByTestId('add-to-cart').click();
    await expect(page.locator('.ant-message-notice').filter({ hasText: '已加入购物车' }).first()).toBeVisible();

    await page.goto('/cart');
    const row = page.locator(`[data-testid="cart-line"][data-goods-id="${g.id}"]`);
    await expect(row.getByTestId('line-near')).toHaveText('近效期');
    await expect(row.getByTestId('line-price')).toContainText(g.base_price);
    await expect(row.getByTestId('line-expiry')).toContainText(g.xq);
    await shot(page, 'near-expiry-cart');
    await page.getByTestId('checkout').click();
    await expect(page.getByTestId('confirm-page')).toBeVisible();
    const line = page.locator(`[data-testid="confirm-line"][data-goods-id="${g.id}"]`);
    await expect(line.getByTestId('confirm-line-near')).toHaveText('近效期');
    await expect(line.getByTestId('confirm-line-price')).toContainText(g.base_price);
    await expect(line.getByTestId('confirm-line-expiry')).toContainText(g.xq);
    await shotWhole(page, 'near-expiry-confirm');
    await page.getByTestId('submit-order').click();
    await expect(page).toHaveURL(/\/cart\/step3\/\d+$/);
    const orderId = Number(new URL(page.url()).pathname.split('/').pop());
    const order = await api<{ items: { goods_id: number; type: number }[] }>(page, 'GET', `/api/order/${orderId}`);
    expect(order.items.find((i) => i.goods_id === g.id)).toMatchObject({ type: 4 });
    await shot(page, 'near-expiry-placed');
  });
});
