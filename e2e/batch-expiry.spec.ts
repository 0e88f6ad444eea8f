/** A quantity that spans two batches: the buyer sees both expiry dates on the product page, in the cart and on the confirm page. */
import { expect, test } from '@playwright/test';
import { api, clearCart, loginByApi, shot, withAccount } from './helpers';

type Card = { id: number; name: string; zbz: number; number: number; is_buy: number; is_ephedrine: number; tags: string[] };
type Detail = Card & { bzdw: string; expiries: { xq: string; number: number }[] };

test('demo buys more than the first batch holds and is told both expiry dates before ordering', async ({ page }) => {
  await loginByApi(page, 'demo');
  // A goods in stock whose first batch holds fewer units than its stock: a quantity past it spans the next.
  let found: { g: Detail; quantity: number } | null = null;
  for (let p = 1; p <= 5 && !found; p++) {
    const list = await api<{ data: Card[] }>(page, 'GET', `/api/goods/list?in_stock=1&sort=sales&per_page=50&page=${p}`);
    for (const card of list.data) {
      if (!card.is_buy || card.is_ephedrine || card.tags.some((t) => t === '特' || t === '秒')) continue;
      const g = await api<Detail>(page, 'GET', `/api/goods/detail/${card.id}`);
      if (g.expiries.length < 2) continue;
      const quantity = (Math.floor(g.expiries[0].number / g.zbz) + 1) * g.zbz;
      if (quantity <= g.number && quantity <= g.expiries[0].number + g.expiries[1].number && quantity <= 1000) {
        found = { g, quantity };
        break;
      }
    }
  }
  expect(found, 'a goods of two batches or more').not.toBeNull();
  const { g, quantity } = found!;
  const [first, second] = g.expiries;
  const range = `${first.xq} 至 ${second.xq}`;

  await withAccount('demo', async () => {
    await clearCart(page.request);
    await page.goto(`/list/info/${g.id}`);
    // The middle package ships from the first batch alone.
    await expect(page.getByTestId('detail-expiry')).toHaveText(`效期：${first.xq}`);
    const box = page.getByTestId('detail-actions').getByTestId('quantity-input');
    await box.fill(String(quantity));
    await box.press('Enter');
    await expect(box).toHaveValue(String(quantity));
    await expect(page.getByTestId('detail-expiry')).toContainText(range);
    await expect(page.getByTestId('detail-expiry')).toContainText(`采购${quantity}${g.bzdw}将分批号发货`);
    await shot(page, 'detail-two-batches');
    await page.getByTestId('detail-actions').getByTestId('add-to-cart').click();
    await expect(page.locator('.ant-message-notice').filter({ hasText: '已加入购物车' }).first()).toBeVisible();

    await page.goto('/cart');
    const row = page.locator(`[data-testid="cart-line"][data-goods-id="${g.id}"]`);
    await expect(row.getByTestId('line-expiry')).toContainText(range);
    await expect(row.getByTestId('line-expiry')).toContainText('跨批号发货');
    await shot(page, 'cart-two-batches');
    await page.getByTestId('checkout').click();
    await expect(page.getByTestId('confirm-page')).toBeVisible();
    const line = page.locator(`[data-testid="confirm-line"][data-goods-id="${g.id}"]`);
    await expect(line.getByTestId('confirm-line-expiry')).toHaveText(`效期 ${range}`);
    await shot(page, 'confirm-two-batches');
    await clearCart(page.request);
  });
});
